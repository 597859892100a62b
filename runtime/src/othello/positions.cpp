// Position rows for training data (kifu/othello/positions.hpp): the game is replayed on two
// bitboards from its start, one row per position.

#include <kifu/othello/positions.hpp>

#include <charconv>
#include <cmath>

#include <fmt/core.h>

#include <kifu/json_writer.hpp>

#include "core/csv_field.hpp"

namespace kifu::othello {
namespace {

struct position_row {
    std::size_t ply = 0;
    std::uint64_t black = 0;
    std::uint64_t white = 0;
    color to_move = color::black;
    const move* next = nullptr;  // the ply played from here; nullptr for the last position
    std::optional<double> value;
    bool from_eval = false;
};

// Calls `emit` for each position of an 8×8 game; false for other boards.
template <typename Emit>
bool for_each_position(const record& r, Emit emit) {
    if (r.initial.size != 8 || r.initial.octagon) {
        return false;
    }
    const board start = r.initial.to_board();
    position_row row;
    for (int i = 0; i < 64; ++i) {
        const cell c = start.cells()[static_cast<std::size_t>(i)];
        row.black |= c == cell::black ? bits::bit(i) : 0;
        row.white |= c == cell::white ? bits::bit(i) : 0;
    }
    row.to_move = r.initial.to_move;
    const std::optional<double> result = black_result(r);
    std::size_t next_note = 0;
    for (std::size_t i = 0; i <= r.moves.size(); ++i) {
        row.ply = i;
        row.next = i < r.moves.size() ? &r.moves[i] : nullptr;
        if (row.next != nullptr) {
            row.to_move = row.next->color;  // a record's colours are the replay's
        }
        while (next_note < r.notes.size() && r.notes[next_note].move_index < i) {
            ++next_note;
        }
        const bool noted = next_note < r.notes.size() && r.notes[next_note].move_index == i &&
                           r.notes[next_note].eval.has_value();
        row.from_eval = noted;
        if (noted) {
            row.value = r.notes[next_note].eval;  // already the mover's view
        } else if (result) {
            row.value = row.to_move == color::black ? *result : -*result;
        } else {
            row.value.reset();
        }
        emit(row);
        if (row.next == nullptr) {
            break;
        }
        if (row.next->is_pass()) {
            row.to_move = opponent(row.to_move);
            continue;
        }
        const int index = bits::index_of(row.next->to);
        std::uint64_t& own = row.next->color == color::black ? row.black : row.white;
        std::uint64_t& opp = row.next->color == color::black ? row.white : row.black;
        const std::uint64_t flipped = bits::flips(own, opp, index);
        own |= flipped | bits::bit(index);
        opp &= ~flipped;
        row.to_move = opponent(row.next->color);
    }
    return true;
}

std::string move_text(const move* m) {
    if (m == nullptr) return {};
    return m->is_pass() ? std::string("--") : to_string(m->to);
}

// Numbers in their shortest exact form; -0 as 0.
std::string number(double v) { return fmt::format("{}", v == 0 ? 0.0 : v); }

}  // namespace

std::optional<double> black_result(const record& r) {
    if (const std::string* re = r.find_header("RE")) {
        std::string_view s = *re;
        while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
        s = s.substr(0, s.find(':'));
        while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
        if (!s.empty() && s.front() == '+') s.remove_prefix(1);
        double v = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (!s.empty() && ec == std::errc{} && end == s.data() + s.size() && std::isfinite(v)) {
            return v;
        }
    }
    if (r.end != game_end::early) {
        const int squares = r.final_counts.black + r.final_counts.white + r.final_counts.empty;
        return 2 * black_score_with_empties(r.final_counts) - squares;
    }
    return std::nullopt;
}

void write_positions_csv_header(std::string& out) { out += "source,game,ply,black,white,to_move,move,value,value_source\r\n"; }

bool write_positions_csv(std::string& out, const record& r, std::string_view source, std::size_t game_number) {
    return for_each_position(r, [&](const position_row& row) {
        kifu::detail::append_csv_field(out, source);
        // fmt::format, not format_to a back_inserter: Debian's libfmt 9 lacks the symbol that
        // clang instantiates for the latter.
        out += fmt::format(",{},{},{},{},{},{},{},{}\r\n", game_number, row.ply, row.black,
                       row.white, static_cast<int>(row.to_move), move_text(row.next),
                       row.value ? number(*row.value) : std::string(),
                       row.value ? (row.from_eval ? "eval" : "result") : "");
    });
}

bool write_positions_jsonl(std::string& out, const record& r, std::string_view source, std::size_t game_number) {
    return for_each_position(r, [&](const position_row& row) {
        out += "{\"source\":";
        append_json_string(out, source);
        out += fmt::format(",\"game\":{},\"ply\":{},\"black\":{},\"white\":{},\"to_move\":{},",
                       game_number, row.ply, row.black, row.white, static_cast<int>(row.to_move));
        if (row.next == nullptr) {
            out += "\"move\":null,";
        } else {
            out += fmt::format("\"move\":\"{}\",", move_text(row.next));
        }
        if (row.value) {
            out += fmt::format("\"value\":{},\"value_source\":\"{}\"}}\n", number(*row.value),
                           row.from_eval ? "eval" : "result");
        } else {
            out += "\"value\":null,\"value_source\":null}\n";
        }
    });
}

}  // namespace kifu::othello
