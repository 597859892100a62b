// SFEN positions and USI moves (../shared/formats/shogi.md §7).

#include <kifu/shogi/sfen.hpp>

#include <fmt/core.h>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

#include "shogi/engine.hpp"
#include "shogi/rules_tables.hpp"
#include "shogi/sfen_letters.hpp"
#include "shogi/usi_builder.hpp"

namespace kifu::inline v1::shogi {

using namespace detail;

namespace {

// The hand order writers use: R B G S N L P.
constexpr std::array<piece_kind, hand_kind_count> hand_order{piece_kind::hi, piece_kind::ka, piece_kind::ki, piece_kind::gi,
                                                             piece_kind::ke, piece_kind::ky, piece_kind::fu};
constexpr std::string_view rank_letters = "abcdefghi";

std::optional<position> fail(std::string* error, std::string why) {
    if (error) *error = std::move(why);
    return std::nullopt;
}

void append_square(std::string& out, square s) {
    out += static_cast<char>('0' + s.x);
    out += rank_letters[static_cast<std::size_t>(s.y - 1)];
}

}  // namespace

std::string to_sfen(const position& pos, int move_number) {
    const engine& p = engine_of(pos);
    std::string out;
    out.reserve(96);
    for (int y = 1; y <= 9; ++y) {
        if (y > 1) out += '/';
        int run = 0;
        for (int x = 9; x >= 1; --x) {
            auto pc = p.at({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
            if (!pc) {
                ++run;
                continue;
            }
            if (run) out += static_cast<char>('0' + run), run = 0;
            if (kind_is_promoted(pc->kind)) out += '+';
            char letter = sfen_letters[static_cast<std::size_t>(pc->kind)];
            out += pc->color == color::black ? letter : static_cast<char>(letter - 'A' + 'a');
        }
        if (run) out += static_cast<char>('0' + run);
    }
    out += p.side_to_move() == color::black ? " b " : " w ";
    const std::size_t hands_at = out.size();
    for (color c : {color::black, color::white})
        for (piece_kind k : hand_order) {
            int n = p.hand(c, k);
            if (n == 0) continue;
            if (n > 1) out += std::to_string(n);
            char letter = sfen_letters[static_cast<std::size_t>(k)];
            out += c == color::black ? letter : static_cast<char>(letter - 'A' + 'a');
        }
    if (out.size() == hands_at) out += '-';
    out += ' ';
    out += std::to_string(move_number);
    return out;
}

std::optional<position> parse_sfen(std::string_view text, std::string* error, int* move_number) {
    // Read as a line of the usi format: one SFEN reader, the usi grammar's.
    const source_text source("sfen", std::string(text), "UTF-8");
    std::vector<jkf> records;
    std::vector<int> numbers;
    std::vector<diagnostic> diagnostics;
    const bool parsed = parse_usi_text(source, read_mode::strict, records, diagnostics, &numbers);
    if (!parsed) {
        const diagnostic& d = diagnostics.front();
        return fail(error, fmt::format("column {}: {}", d.column, d.message));
    }
    if (records.size() != 1) return fail(error, records.empty() ? "expected an SFEN" : "expected one SFEN, not several lines");
    const jkf& record = records.front();
    if (record.moves.size() > 1) {
        const move_format& first = record.moves[1];
        return fail(error, fmt::format("column {}: expected the end of the SFEN, not moves", first.column));
    }
    if (numbers.front() < 1) return fail(error, "the SFEN move number is not a positive number");
    if (move_number) *move_number = numbers.front();
    return start_position(record);
}

std::string to_usi(const board_move& m) {
    std::string out;
    if (m.is_drop()) {
        out += sfen_letters[static_cast<std::size_t>(m.piece)];
        out += '*';
    } else {
        append_square(out, m.from);
    }
    append_square(out, m.to);
    if (m.promote && !m.is_drop()) out += '+';
    return out;
}

std::optional<board_move> parse_usi(std::string_view usi, const position& pos) noexcept {
    const engine& p = engine_of(pos);
    const std::optional<move_data> read = parse_usi_move(usi);
    if (!read) return std::nullopt;
    board_move m;
    m.to = *read->to;
    if (read->piece) {  // a drop
        m.piece = *read->piece;
        return m;
    }
    const auto pc = p.at(*read->from);
    if (!pc) return std::nullopt;
    m.from = *read->from;
    m.piece = pc->kind;
    m.promote = read->promote.value_or(false);
    return m;
}

}  // namespace kifu::shogi
