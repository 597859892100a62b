// Position rows for training data (kifu/go/positions.hpp): the main line is replayed on a
// board from the root's setup, one row per position.

#include <kifu/go/positions.hpp>

#include <fmt/core.h>

#include <kifu/json_writer.hpp>

#include "core/csv_field.hpp"
#include "go/position_rows.hpp"

namespace kifu::inline v1::go {
namespace {

std::string board_text(const board& b) {
    std::string out;
    for (const std::string& row : b.rows()) {
        if (!out.empty()) out += '/';
        out += row;
    }
    return out;
}

char sgf_letter(int n) { return static_cast<char>(n <= 26 ? 'a' + n - 1 : 'A' + n - 27); }

std::string move_text(const move_data& m) {
    if (m.pass) return "pass";
    if (!m.to) return std::string();
    return {sgf_letter(m.to->x), sgf_letter(m.to->y)};
}

}  // namespace

std::optional<int> result_for(const record& r, color c) {
    const std::string* re = r.find_header("RE");
    if (re == nullptr) return std::nullopt;
    const std::string_view v = *re;
    if (v == "0" || v == "Draw" || v == "D" || v == "Jigo") return 0;
    if (v.size() >= 2 && (v[0] == 'B' || v[0] == 'W') && v[1] == '+') {
        const color winner = v[0] == 'B' ? color::black : color::white;
        return c == winner ? 1 : -1;
    }
    return std::nullopt;
}

void write_positions_csv_header(std::string& out) { out += "source,game,ply,board,to_move,move,result\r\n"; }

void write_positions_csv(std::string& out, const record& r, std::string_view source, std::size_t game_number) {
    for_each_position(r, [&](const position_row& row) {
        kifu::detail::append_csv_field(out, source);
        out += fmt::format(",{},{},{},{},{},{}\r\n", game_number, row.ply, board_text(*row.stones),
                           static_cast<int>(row.to_move), row.next ? move_text(*row.next) : std::string(),
                           row.result ? fmt::format("{}", *row.result) : std::string());
    });
}

void write_positions_jsonl(std::string& out, const record& r, std::string_view source, std::size_t game_number) {
    for_each_position(r, [&](const position_row& row) {
        json_writer json(out);
        json.begin_object();
        json.member("source", source);
        json.member("game", static_cast<std::uint64_t>(game_number));
        json.member("ply", static_cast<std::uint64_t>(row.ply));
        json.member("board", board_text(*row.stones));
        json.member("to_move", static_cast<int>(row.to_move));
        json.key("move");
        const std::string move = row.next ? move_text(*row.next) : std::string();
        move.empty() ? json.null() : json.value(move);
        json.key("result");
        row.result ? json.value(*row.result) : json.null();
        json.end_object();
        out += '\n';
    });
}

}  // namespace kifu::go
