// Turns grammars/usi.peg's events into raw records, one per line: the start position
// (startpos, or the SFEN's board, side and hands; a board equal to a preset becomes that
// preset) and the moves as USI states them. The grammar hands over every piece letter, empty
// run, promotion mark, hand count and square; the builder checks what the grammar cannot count:
// nine squares per rank, at most 18 pieces of a kind in a hand.

#include "shogi/usi_builder.hpp"

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include "core/line_walker.hpp"
#include "core/peg_support.hpp"
#include "generated/usi.hpp"
#include "shogi/engine.hpp"
#include "shogi/presets.hpp"
#include "shogi/sfen_letters.hpp"

static_assert(kifu::grammar::usi::abi_version == 2, "generated/usi.hpp is from another kifu-pegc");

namespace kifu::inline v1::shogi::detail {
namespace {

namespace g = kifu::grammar::usi;

square square_of(std::string_view two) noexcept {
    return square{static_cast<std::int8_t>(two[0] - '0'), static_cast<std::int8_t>(two[1] - 'a' + 1)};
}

color color_of_letter(char letter) noexcept { return letter >= 'a' ? color::white : color::black; }

class usi_builder {
public:
    usi_builder(const source_text& text, std::vector<jkf>& records, std::vector<int>* move_numbers)
        : lines_(text), records_(records), move_numbers_(move_numbers) {}

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
            case g::event::promotion: promotion_at_ = offset; break;
            case g::event::empty_run: on_squares(matched[0] - '0', offset); break;
            case g::event::piece_letter: on_piece_letter(matched[0], offset); break;
            case g::event::rank: on_rank_end(offset + matched.size()); break;
            case g::event::side: state().color = matched == "b" ? color::black : color::white; break;
            case g::event::hand_count: on_hand_count(matched, offset); break;
            case g::event::hand_letter: on_hand_letter(matched[0], offset); break;
            case g::event::move_number: on_move_number(matched); break;
            case g::event::from_square: move_.from = square_of(matched); break;
            case g::event::to_square: move_.to = square_of(matched); break;
            case g::event::drop_piece: move_.piece = kind_of_letter(matched[0]); break;
            case g::event::usi_move: on_move(offset); break;
            case g::event::record: on_record(); break;
        }
    }

private:
    static constexpr std::size_t none = static_cast<std::size_t>(-1);

    void reset() {
        state_.reset();
        rank_ = 0;
        file_ = 9;
        promotion_at_ = none;
        count_ = 0;
        move_ = move_data{};
        move_number_ = 1;
        moves_.clear();
        moves_.emplace_back();
    }

    state_format& state() { return state_ ? *state_ : state_.emplace(); }

    // `width` squares of the current rank, from file_ on; the first starts at `offset` (its `+`
    // when promoted).
    void on_squares(int width, std::size_t offset) {
        if (file_ - width < 0) kifu::detail::peg_raise("an SFEN rank has more than nine squares", offset);
        file_ -= width;
    }

    void on_piece_letter(char letter, std::size_t offset) {
        const bool promoted = promotion_at_ != none;
        const int x = file_;
        on_squares(1, promoted ? promotion_at_ : offset);
        const piece_kind kind = *kind_of_letter(letter);
        if (promoted && !can_promote(kind)) kifu::detail::peg_raise("this piece cannot be promoted", promotion_at_);
        promotion_at_ = none;
        state().board[static_cast<std::size_t>(x - 1)][static_cast<std::size_t>(rank_)] =
            piece{color_of_letter(letter), promoted ? promote(kind) : kind};
    }

    void on_rank_end(std::size_t end) {
        if (file_ != 0) kifu::detail::peg_raise("an SFEN rank has fewer than nine squares", end);
        ++rank_;
        file_ = 9;
    }

    void on_hand_count(std::string_view digits, std::size_t offset) {
        std::from_chars(digits.data(), digits.data() + digits.size(), count_);
        count_at_ = offset;
    }

    void on_hand_letter(char letter, std::size_t offset) {
        const std::size_t item_at = count_ != 0 ? count_at_ : offset;
        int& held = state().hands[static_cast<std::size_t>(color_of_letter(letter))]
                                 [static_cast<std::size_t>(*kind_of_letter(letter))];
        held += count_ != 0 ? count_ : 1;
        count_ = 0;
        if (held > 18) kifu::detail::peg_raise("a hand holds more than 18 pieces of a kind", item_at);
    }

    // A number too large for an int is kept as 0, which no SFEN has.
    void on_move_number(std::string_view digits) {
        if (std::from_chars(digits.data(), digits.data() + digits.size(), move_number_).ec != std::errc{}) move_number_ = 0;
    }

    void on_move(std::size_t offset) {
        move_format& element = moves_.emplace_back();
        move_data& m = element.move.emplace(move_);
        if (promotion_at_ != none) m.promote = true;
        promotion_at_ = none;
        move_ = move_data{};
        const text_position at = lines_.at(offset);
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
            const engine start = engine::from_state(*state_);
            initial.preset = "OTHER";
            for (const preset_info& p : presets) {
                if (start == *engine::from_preset(p.name)) {
                    initial.preset = p.name;
                    break;
                }
            }
            if (initial.preset == "OTHER") initial.data = *state_;
        }
        r.moves = std::move(moves_);
        if (move_numbers_ != nullptr) move_numbers_->push_back(move_number_);
        reset();
    }

    kifu::detail::line_walker lines_;  // events come in text order, many on a long line
    std::vector<jkf>& records_;
    std::vector<int>* move_numbers_;
    std::size_t line_ = 0;
    std::optional<state_format> state_;  // empty: startpos
    int rank_ = 0;                       // the rank being read, from 0 (rank a)
    int file_ = 9;                       // the file its next square is on
    std::size_t promotion_at_ = none;    // the `+` before the next piece letter or after a move
    int count_ = 0;                      // the count before the next hand letter (0: none)
    std::size_t count_at_ = 0;
    move_data move_;                     // the parts of the move being read
    int move_number_ = 1;
    std::vector<move_format> moves_{1};
};

}  // namespace

bool parse_usi_text(const source_text& text, read_mode mode, std::vector<jkf>& records,
                    std::vector<diagnostic>& diagnostics, std::vector<int>* move_numbers) {
    usi_builder builder(text, records, move_numbers);
    return kifu::detail::parse<g::file, g::traits>(text, mode, "usi", builder, diagnostics);
}

namespace {

// Hears the parts of one usi_move.
class move_builder {
public:
    void on(g::event e, std::string_view matched, std::size_t) {
        switch (e) {
            case g::event::from_square: move.from = square_of(matched); break;
            case g::event::to_square: move.to = square_of(matched); break;
            case g::event::drop_piece: move.piece = kind_of_letter(matched[0]); break;
            case g::event::promotion: move.promote = true; break;
            case g::event::usi_move: length = matched.size(); break;
            default: break;
        }
    }

    move_data move;
    std::size_t length = 0;
};

}  // namespace

std::optional<move_data> parse_usi_move(std::string_view usi) {
    const source_text text("usi", std::string(usi), "UTF-8");
    move_builder builder;
    std::vector<diagnostic> diagnostics;
    if (!kifu::detail::parse<g::usi_move, g::traits>(text, read_mode::strict, "usi", builder, diagnostics) ||
        builder.length != text.text().size()) {
        return std::nullopt;
    }
    return builder.move;
}

bool trace_usi(const source_text& text, std::string& out) { return kifu::detail::trace<g::file, g::traits>(text, out, "usi"); }

}  // namespace kifu::shogi::detail
