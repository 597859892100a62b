// Position rows for training data (kifu/go/positions.hpp): the main line is replayed on a
// board from the root's setup, one row per position.

#include <kifu/go/positions.hpp>

#include <fmt/core.h>

#include <kifu/json_writer.hpp>

#include "core/csv_field.hpp"

namespace kifu::inline v1::go {
namespace {

struct position_row {
    std::size_t ply = 0;
    std::string board;  // rows top to bottom joined by '/': '.' empty, 'X' black, 'O' white
    color to_move = color::black;
    std::string move;  // SGF point, "pass", or empty in the last position
    std::optional<int> result;
};

void apply_setup(board& b, const setup_data& s) {
    for (const point p : s.empty) b.set(p, stone::empty);
    for (const point p : s.black) b.set(p, stone::black);
    for (const point p : s.white) b.set(p, stone::white);
}

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

// Calls `emit` for each position of the main line. A move whose value names no point (kept
// as `invalid`) is not played: its row has an empty move.
template <typename Emit>
void for_each_position(const record& r, Emit emit) {
    board b(r.width, r.height);
    apply_setup(b, r.initial);
    const std::optional<int> black_result = result_for(r, color::black);
    const std::optional<int> white_result = result_for(r, color::white);
    position_row row;
    row.to_move = r.initial.to_move.value_or(r.handicap >= 2 ? color::white : color::black);
    const line& main = r.lines.front();
    std::size_t ply = 0;
    for (std::size_t i = 1;; ++i) {
        while (i < main.size() && !main[i].move) {
            if (main[i].setup) {
                apply_setup(b, *main[i].setup);
                if (main[i].setup->to_move) row.to_move = *main[i].setup->to_move;
            }
            ++i;
        }
        const move_data* next = i < main.size() ? &*main[i].move : nullptr;
        if (next) row.to_move = next->color;
        row.ply = ply++;
        row.board = board_text(b);
        row.move = next ? move_text(*next) : std::string();
        row.result = row.to_move == color::black ? black_result : white_result;
        emit(row);
        if (!next) break;
        if (main[i].setup) apply_setup(b, *main[i].setup);
        if (next->to) b.play(next->color, *next->to);
        else if (next->pass) b.pass();
        row.to_move = opponent(next->color);
    }
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
        out += fmt::format(",{},{},{},{},{},{}\r\n", game_number, row.ply, row.board, static_cast<int>(row.to_move),
                           row.move, row.result ? fmt::format("{}", *row.result) : std::string());
    });
}

void write_positions_jsonl(std::string& out, const record& r, std::string_view source, std::size_t game_number) {
    for_each_position(r, [&](const position_row& row) {
        json_writer json(out);
        json.begin_object();
        json.member("source", source);
        json.member("game", static_cast<std::uint64_t>(game_number));
        json.member("ply", static_cast<std::uint64_t>(row.ply));
        json.member("board", row.board);
        json.member("to_move", static_cast<int>(row.to_move));
        json.key("move");
        row.move.empty() ? json.null() : json.value(row.move);
        json.key("result");
        row.result ? json.value(*row.result) : json.null();
        json.end_object();
        out += '\n';
    });
}

}  // namespace kifu::go
