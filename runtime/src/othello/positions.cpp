// Position rows for training data (kifu/othello/positions.hpp): the game is replayed on two
// bitboards from its start, one row per position.

#include <kifu/othello/positions.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include <fmt/core.h>

#include <kifu/json_writer.hpp>

#include "core/charconv_double.hpp"
#include "core/csv_field.hpp"
#include "core/digits.hpp"
#include "othello/bitboard.hpp"

namespace kifu::inline v1::othello {
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

// A row is built in a small buffer with std::to_chars and appended once: the whole WTHOR base
// is some 8 million rows, so fmt::format and a std::string per field were most of the time.
class row_buffer {
public:
    void text(std::string_view t) noexcept {
        std::memcpy(end_, t.data(), t.size());
        end_ += t.size();
    }
    void put(char c) noexcept { *end_++ = c; }
    template <typename Int>
    void integer(Int v) noexcept {
        if constexpr (std::is_signed_v<Int>) {
            end_ = kifu::detail::write_decimal(end_, static_cast<std::int64_t>(v));
        } else {
            end_ = kifu::detail::write_decimal(end_, static_cast<std::uint64_t>(v));
        }
    }
    // "f5", "--" for a pass; nothing for the last position.
    void move_of(const move* m) noexcept {
        if (m == nullptr) return;
        if (m->is_pass()) {
            text("--");
            return;
        }
        put(static_cast<char>('a' + m->to.x - 1));
        integer(static_cast<int>(m->to.y));
    }
    // Numbers in their shortest exact form (integers, as values nearly always are, without
    // fmt); -0 as 0.
    void number(double v) {
        if (v == 0) v = 0.0;
        if (std::abs(v) < 1e15 && v == std::trunc(v)) {
            integer(static_cast<std::int64_t>(v));
        } else {
            text(fmt::format("{}", v));  // shortest round-trip, as fmt writes doubles
        }
    }
    void append_to(std::string& out) const { out.append(buf_, static_cast<std::size_t>(end_ - buf_)); }

private:
    char buf_[256];  // a row is at most ~120 bytes (four 20-digit integers, a value of ≤ 24)
    char* end_ = buf_;
};

}  // namespace

std::optional<double> black_result(const record& r) {
    if (const std::string* re = r.find_header("RE")) {
        std::string_view s = *re;
        while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
        s = s.substr(0, s.find(':'));
        while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
        if (!s.empty() && s.front() == '+') s.remove_prefix(1);
        double v = 0;
        const auto [end, ec] = kifu::detail::double_from_chars(s.data(), s.data() + s.size(), v);
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
    std::string field;  // the source as its CSV field, the same on every row
    kifu::detail::append_csv_field(field, source);
    return for_each_position(r, [&](const position_row& row) {
        out += field;
        row_buffer b;
        b.put(',');
        b.integer(game_number);
        b.put(',');
        b.integer(row.ply);
        b.put(',');
        b.integer(row.black);
        b.put(',');
        b.integer(row.white);
        b.put(',');
        b.integer(static_cast<int>(row.to_move));
        b.put(',');
        b.move_of(row.next);
        b.put(',');
        if (row.value) {
            b.number(*row.value);
            b.text(row.from_eval ? ",eval\r\n" : ",result\r\n");
        } else {
            b.text(",\r\n");
        }
        b.append_to(out);
    });
}

bool write_positions_jsonl(std::string& out, const record& r, std::string_view source, std::size_t game_number) {
    std::string field = "{\"source\":";  // the same on every row
    append_json_string(field, source);
    return for_each_position(r, [&](const position_row& row) {
        out += field;
        row_buffer b;
        b.text(",\"game\":");
        b.integer(game_number);
        b.text(",\"ply\":");
        b.integer(row.ply);
        b.text(",\"black\":");
        b.integer(row.black);
        b.text(",\"white\":");
        b.integer(row.white);
        b.text(",\"to_move\":");
        b.integer(static_cast<int>(row.to_move));
        if (row.next == nullptr) {
            b.text(",\"move\":null,");
        } else {
            b.text(",\"move\":\"");
            b.move_of(row.next);
            b.text("\",");
        }
        if (row.value) {
            b.text("\"value\":");
            b.number(*row.value);
            b.text(row.from_eval ? ",\"value_source\":\"eval\"}\n" : ",\"value_source\":\"result\"}\n");
        } else {
            b.text("\"value\":null,\"value_source\":null}\n");
        }
        b.append_to(out);
    });
}

}  // namespace kifu::othello
