// Position rows for training data (kifu/shogi/positions.hpp): the main line is replayed from
// its start, one row per position.

#include <kifu/shogi/positions.hpp>

#include <charconv>
#include <vector>

#include <fmt/core.h>

#include <kifu/json_writer.hpp>
#include <kifu/shogi/sfen.hpp>

#include "core/csv_field.hpp"
#include "shogi/engine.hpp"

namespace kifu::inline v1::shogi {
namespace {

struct position_row {
    std::size_t ply = 0;
    std::string sfen;
    color to_move = color::black;
    std::string move;  // empty in the last position
    std::optional<int> result;
    std::optional<int> eval;
};

// Reads a signed integer at the start of `s` (after blanks); nothing when none is there.
std::optional<int> leading_number(std::string_view s) noexcept {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end == s.data()) return std::nullopt;
    return v;
}

// Calls `emit` for each position of the main line; stops early at a move that is not legal
// (a record that was not normalized).
template <typename Emit>
void for_each_position(const jkf& record, Emit emit) {
    position pos = start_position(record);
    position_row row;
    std::optional<piece_kind> captured;
    std::size_t ply = 0;
    std::size_t i = 1;
    const std::optional<int> black_result = result_for(record, color::black);
    const std::optional<int> white_result = result_for(record, color::white);
    for (;; ++ply) {
        // The element of this ply's move (the next one with a move), or the end of the line.
        while (i < record.moves.size() && !record.moves[i].move && record.moves[i].special.empty()) ++i;
        const move_format* next = i < record.moves.size() && record.moves[i].move ? &record.moves[i] : nullptr;
        row.ply = ply;
        row.sfen = to_sfen(pos, static_cast<int>(ply) + 1);
        row.to_move = engine_of(pos).side_to_move();
        row.result = row.to_move == color::black ? black_result : white_result;
        row.eval.reset();
        if (ply > 0) {
            // The comments of the move that led here: its engine's view of this position.
            for (const std::string& comment : record.moves[i - 1].comments) {
                if (auto e = evaluation_of(comment)) row.eval = row.to_move == color::black ? *e : -*e;
            }
        }
        const board_move m = next ? to_board_move(*next->move) : board_move{};
        row.move = next ? to_usi(m) : std::string();
        emit(row);
        if (!next || engine_of(pos).check_and_apply(m, captured) != illegal_reason::none) break;
        ++i;
    }
}

// The special that ends the main line, and the side to move when it was reached.
std::pair<std::string_view, color> ending(const jkf& record) {
    color to_move = start_position(record).side_to_move();
    for (std::size_t i = 1; i < record.moves.size(); ++i) {
        const move_format& element = record.moves[i];
        if (element.move) {
            to_move = opponent(element.move->color.value_or(to_move));
        } else if (!element.special.empty()) {
            return {element.special, to_move};
        }
    }
    return {std::string_view(), to_move};
}

template <typename T>
std::string optional_text(const std::optional<T>& v) {
    return v ? fmt::format("{}", *v) : std::string();
}

}  // namespace

std::optional<int> evaluation_of(std::string_view comment) noexcept {
    if (comment.starts_with("**")) {
        if (auto v = leading_number(comment.substr(2))) return v;
    }
    constexpr std::string_view word = "評価値";
    const std::size_t at = comment.find(word);
    if (at == std::string_view::npos) return std::nullopt;
    std::string_view rest = comment.substr(at + word.size());
    for (std::string_view separator : {"=", ":", "：", " ", "\u3000"}) {
        while (rest.starts_with(separator)) rest.remove_prefix(separator.size());
    }
    return leading_number(rest);
}

std::optional<int> result_for(const jkf& record, color c) {
    const auto [special, to_move] = ending(record);
    // Who won: the side to move (+1 from its view), its opponent (-1), nobody (0).
    std::optional<int> for_to_move;
    if (special == "TORYO" || special == "TSUMI" || special == "TIME_UP" || special == "ILLEGAL_MOVE") {
        for_to_move = -1;
    } else if (special == "KACHI") {
        for_to_move = 1;
    } else if (special == "SENNICHITE" || special == "HIKIWAKE" || special == "JISHOGI" || special == "MAX_MOVES") {
        return 0;
    } else if (special == "+ILLEGAL_ACTION" || special == "-ILLEGAL_ACTION") {
        // The sign names the side that acted illegally, and lost.
        const color loser = special.front() == '+' ? color::black : color::white;
        return c == loser ? -1 : 1;
    }
    if (!for_to_move) return std::nullopt;
    return c == to_move ? *for_to_move : -*for_to_move;
}

void write_positions_csv_header(std::string& out) { out += "source,game,ply,sfen,to_move,move,result,eval\r\n"; }

void write_positions_csv(std::string& out, const jkf& record, std::string_view source, std::size_t game_number) {
    for_each_position(record, [&](const position_row& row) {
        kifu::detail::append_csv_field(out, source);
        out += fmt::format(",{},{},{},{},{},{},{}\r\n", game_number, row.ply, row.sfen, static_cast<int>(row.to_move),
                           row.move, optional_text(row.result), optional_text(row.eval));
    });
}

void write_positions_jsonl(std::string& out, const jkf& record, std::string_view source, std::size_t game_number) {
    for_each_position(record, [&](const position_row& row) {
        json_writer json(out);
        json.begin_object();
        json.member("source", source);
        json.member("game", static_cast<std::uint64_t>(game_number));
        json.member("ply", static_cast<std::uint64_t>(row.ply));
        json.member("sfen", row.sfen);
        json.member("to_move", static_cast<int>(row.to_move));
        json.key("move");
        row.move.empty() ? json.null() : json.value(row.move);
        json.key("result");
        row.result ? json.value(*row.result) : json.null();
        json.key("eval");
        row.eval ? json.value(*row.eval) : json.null();
        json.end_object();
        out += '\n';
    });
}

}  // namespace kifu::shogi
