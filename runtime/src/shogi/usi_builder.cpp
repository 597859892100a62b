// Turns grammars/usi.peg's events into raw records, one per line: the start position
// (startpos, or the SFEN's board, side and hands; a board equal to a preset becomes that
// preset) and the moves as USI states them. Checks what the grammar cannot count: nine squares
// per rank, at most 18 pieces of a kind in a hand.

#include "shogi/usi_builder.hpp"

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include <kifu/shogi/position.hpp>

#include "core/peg_support.hpp"
#include "generated/usi.hpp"
#include "shogi/presets.hpp"

static_assert(kifu::grammar::usi::abi_version == 1, "generated/usi.hpp is from another kifu-pegc");

namespace kifu::shogi::detail {
namespace {

namespace g = kifu::grammar::usi;

// The kind of an SFEN letter (either case).
std::optional<piece_kind> kind_of_letter(char c) noexcept {
    switch (c >= 'a' ? static_cast<char>(c - 'a' + 'A') : c) {
        case 'P': return piece_kind::fu;
        case 'L': return piece_kind::ky;
        case 'N': return piece_kind::ke;
        case 'S': return piece_kind::gi;
        case 'G': return piece_kind::ki;
        case 'B': return piece_kind::ka;
        case 'R': return piece_kind::hi;
        case 'K': return piece_kind::ou;
        default: return std::nullopt;
    }
}

square square_of(std::string_view two) noexcept {
    return square{static_cast<std::int8_t>(two[0] - '0'), static_cast<std::int8_t>(two[1] - 'a' + 1)};
}

class usi_builder {
public:
    usi_builder(const source_text& text, std::vector<jkf>& records) : lines_(text), records_(records) {}

    void on(g::event e, std::string_view matched, std::size_t offset) {
        // A line that an error cut short (lenient mode) leaves its parts behind: a new line
        // starts a new record.
        const std::size_t line = lines_.line_of(offset);
        if (line != line_) {
            line_ = line;
            reset();
        }
        switch (e) {
            case g::event::startpos: state_.reset(); break;
            case g::event::rank: on_rank(matched, offset); break;
            case g::event::side: state().color = matched == "b" ? color::black : color::white; break;
            case g::event::hand_item: on_hand_item(matched, offset); break;
            case g::event::move_number: break;  // JKF has no place for it; the moves are numbered from 1
            case g::event::usi_move: on_move(matched, offset); break;
            case g::event::record: on_record(); break;
        }
    }

private:
    void reset() {
        state_.reset();
        rank_ = 0;
        moves_.clear();
        moves_.emplace_back();
    }

    state_format& state() { return state_ ? *state_ : state_.emplace(); }

    void on_rank(std::string_view matched, std::size_t offset) {
        ++rank_;
        int x = 9;
        const auto y = static_cast<std::int8_t>(rank_);
        bool promoted = false;
        for (std::size_t i = 0; i < matched.size(); ++i) {
            const char c = matched[i];
            if (c == '+') {
                promoted = true;
                continue;
            }
            const int width = c >= '1' && c <= '9' ? c - '0' : 1;
            if (x - width < 0) {
                kifu::detail::peg_raise("an SFEN rank has more than nine squares", offset + i - (promoted ? 1 : 0));
            }
            if (width == 1 && !(c >= '1' && c <= '9')) {
                const piece_kind kind = *kind_of_letter(c);
                if (promoted && !can_promote(kind)) {
                    kifu::detail::peg_raise("this piece cannot be promoted", offset + i - 1);
                }
                state().board[static_cast<std::size_t>(x - 1)][static_cast<std::size_t>(y - 1)] =
                    piece{c >= 'a' ? color::white : color::black, promoted ? promote(kind) : kind};
            }
            promoted = false;
            x -= width;
        }
        if (x != 0) kifu::detail::peg_raise("an SFEN rank has fewer than nine squares", offset + matched.size());
    }

    void on_hand_item(std::string_view matched, std::size_t offset) {
        int count = 1;
        if (matched.size() > 1) std::from_chars(matched.data(), matched.data() + matched.size() - 1, count);
        const char letter = matched.back();
        const auto owner = static_cast<std::size_t>(letter >= 'a' ? color::white : color::black);
        int& held = state().hands[owner][static_cast<std::size_t>(*kind_of_letter(letter))];
        held += count;
        if (held > 18) kifu::detail::peg_raise("a hand holds more than 18 pieces of a kind", offset);
    }

    void on_move(std::string_view matched, std::size_t offset) {
        move_format& element = moves_.emplace_back();
        move_data& m = element.move.emplace();
        if (matched[1] == '*') {
            m.piece = kind_of_letter(matched[0]);
            m.to = square_of(matched.substr(2, 2));
        } else {
            m.from = square_of(matched.substr(0, 2));
            m.to = square_of(matched.substr(2, 2));
            if (matched.size() == 5) m.promote = true;
        }
        const text_position at = lines_.position_of(offset);
        element.line = at.line;
        element.column = at.column;
    }

    void on_record() {
        jkf& r = records_.emplace_back();
        initial_format& initial = r.initial.emplace();
        if (!state_) {
            initial.preset = "HIRATE";
        } else {
            // A board equal to a preset is that preset, as a CSA PI line is.
            const position start = position::from_state(*state_);
            initial.preset = "OTHER";
            for (const preset_info& p : presets) {
                if (start == *position::from_preset(p.name)) {
                    initial.preset = p.name;
                    break;
                }
            }
            if (initial.preset == "OTHER") initial.data = *state_;
        }
        r.moves = std::move(moves_);
        reset();
    }

    line_cursor lines_;
    std::vector<jkf>& records_;
    std::size_t line_ = 0;
    std::optional<state_format> state_;  // empty: startpos
    int rank_ = 0;
    std::vector<move_format> moves_{1};
};

}  // namespace

bool parse_usi_text(const source_text& text, read_mode mode, std::vector<jkf>& records,
                    std::vector<diagnostic>& diagnostics) {
    usi_builder builder(text, records);
    return kifu::detail::parse<g::file, g::traits>(text, mode, "usi", builder, diagnostics);
}

bool trace_usi(const source_text& text, std::string& out) { return kifu::detail::trace<g::file, g::traits>(text, out, "usi"); }

}  // namespace kifu::shogi::detail
