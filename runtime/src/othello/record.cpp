// The othello record model and its JKF-shaped JSON (docs/jkf-go-othello.md).

#include <kifu/othello/record.hpp>

#include "core/json_out.hpp"

namespace kifu::inline v1::othello {

std::string_view to_string(game_end e) noexcept {
    switch (e) {
        case game_end::full: return "full";
        case game_end::blocked: return "blocked";
        case game_end::early: return "early";
    }
    return "early";
}

bool initial_position::is_standard() const {
    return cells.empty() ? to_move == color::black
                         : to_move == color::black && cells == board::standard(size, octagon).cells();
}

board initial_position::to_board() const {
    if (cells.empty()) {
        board b = board::standard(size, octagon);
        b.set_to_move(to_move);
        return b;
    }
    board b = board::empty(size, octagon);
    for (std::int8_t y = 1; y <= size; ++y) {
        for (std::int8_t x = 1; x <= size; ++x) {
            b.set({x, y}, cells[static_cast<std::size_t>((y - 1) * size + (x - 1))]);
        }
    }
    b.set_to_move(to_move);
    return b;
}

void record::set_header(std::string key, std::string value) {
    for (auto& [k, v] : header) {
        if (k == key) {
            v = std::move(value);
            return;
        }
    }
    header.emplace_back(std::move(key), std::move(value));
}

const std::string* record::find_header(std::string_view key) const noexcept {
    for (const auto& [k, v] : header) {
        if (k == key) {
            return &v;
        }
    }
    return nullptr;
}

std::string record::transcript() const {
    std::string out;
    out.reserve(moves.size() * 2);
    for (const move& m : moves) {
        out += m.is_pass() ? std::string("--") : to_string(m.to);
    }
    return out;
}

std::vector<square> record::flips_of(const move& m) {
    std::vector<square> out;
    if (!m.is_pass()) {
        append_flips(m.to, m.flip_runs, out);
    }
    return out;
}

int black_score_with_empties(const disc_counts& c) noexcept {
    if (c.black > c.white) {
        return c.black + c.empty;
    }
    if (c.black < c.white) {
        return c.black;
    }
    return c.black + c.empty / 2;
}

namespace {

// The writer: compact JSON through detail::json_out (see shogi/jkf.cpp), a few instructions a
// byte; the WTHOR base is 700 MB of it.

using detail::json_out;

// Room for the fixed text between two reserve() calls: a move with its flips (at most 19 discs
// on a 14×14 board) is under 400 bytes; strings reserve their own.
constexpr std::size_t fixed_room = 512;

void write_square(json_out& out, square s) {
    out.lit("{\"x\":");
    out.integer(s.x);
    out.lit(",\"y\":");
    out.integer(s.y);
    out.put('}');
}

char cell_char(cell c) {
    switch (c) {
        case cell::empty: return '-';
        case cell::black: return '*';
        case cell::white: return 'O';
        case cell::none: return '#';
    }
    return '#';
}

void write_initial(json_out& out, const initial_position& initial) {
    out.reserve(fixed_room);
    out.lit("{\"preset\":");
    if (initial.is_standard()) {
        out.lit("\"standard\"");
    } else {
        out.lit("\"custom\"");
    }
    out.lit(",\"data\":{\"size\":");
    out.integer(initial.size);
    out.lit(",\"octagon\":");
    out.boolean(initial.octagon);
    out.lit(",\"color\":");
    out.integer(static_cast<int>(initial.to_move));
    out.lit(",\"board\":[");
    const board b = initial.to_board();
    for (int y = 0; y < b.size(); ++y) {
        out.reserve(fixed_room);  // a row: at most 14 cells and its quotes
        if (y != 0) out.put(',');
        out.put('"');
        for (int x = 0; x < b.size(); ++x) {
            out.put(cell_char(b.cells()[static_cast<std::size_t>(y * b.size() + x)]));
        }
        out.put('"');
    }
    out.reserve(fixed_room);
    out.lit("]}}");
}

// The caller has reserved fixed_room; `flips` is scratch space.
void write_move(json_out& out, const move& m, const move_note* note, std::vector<square>& flips) {
    out.lit("{\"move\":{\"color\":");
    out.integer(static_cast<int>(m.color));
    if (m.is_pass()) {
        out.lit(",\"pass\":true");
        if (m.pass == pass_kind::inserted) {
            out.lit(",\"inserted\":true");
        }
    } else {
        out.lit(",\"to\":");
        write_square(out, m.to);
        out.lit(",\"flips\":[");
        flips.clear();
        append_flips(m.to, m.flip_runs, flips);
        for (std::size_t i = 0; i < flips.size(); ++i) {
            if (i != 0) out.put(',');
            write_square(out, flips[i]);
        }
        out.put(']');
    }
    out.put('}');
    if (note != nullptr) {
        if (note->eval) {
            out.lit(",\"eval\":");
            out.number(*note->eval);
        }
        if (!note->elapsed.empty()) {
            out.lit(",\"elapsed\":");
            out.string(note->elapsed);
            out.reserve(fixed_room);
        }
    }
    out.put('}');
}

void write_compact(std::string& text, const record& r) {
    // A move takes about 50 bytes; the buffer grows when the guess is short.
    json_out out(text, 1024 + 64 * r.moves.size());
    out.reserve(fixed_room);
    out.lit("{\"game\":\"othello\",\"format\":");
    out.string(r.format);
    out.reserve(fixed_room);
    out.lit(",\"header\":{");
    bool first = true;
    for (const auto& [k, v] : r.header) {
        if (!first) out.put(',');
        first = false;
        out.string(k);
        out.reserve(fixed_room);
        out.put(':');
        out.string(v);
        out.reserve(fixed_room);
    }
    out.lit("},\"initial\":");
    write_initial(out, r.initial);
    out.lit(",\"moves\":[{}");  // JKF's moves[0]: the start position, no move
    std::vector<square> flips;
    std::size_t next_note = 0;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        while (next_note < r.notes.size() && r.notes[next_note].move_index < i) {
            ++next_note;
        }
        const bool noted = next_note < r.notes.size() && r.notes[next_note].move_index == i;
        out.reserve(fixed_room);
        out.put(',');
        write_move(out, r.moves[i], noted ? &r.notes[next_note] : nullptr, flips);
    }
    out.reserve(fixed_room);
    out.lit("],\"passes\":{\"recorded\":");
    out.integer(r.passes_recorded);
    out.lit(",\"inserted\":");
    out.integer(r.passes_inserted);
    out.lit("},\"final\":{\"black\":");
    out.integer(r.final_counts.black);
    out.lit(",\"white\":");
    out.integer(r.final_counts.white);
    out.lit(",\"empty\":");
    out.integer(r.final_counts.empty);
    out.lit(",\"end\":\"");
    out.plain(to_string(r.end));
    out.lit("\"},\"result\":");
    if (r.end == game_end::early) {
        out.lit("null");  // a game that stops early has no result on the board
    } else {
        const int black = black_score_with_empties(r.final_counts);
        const int total = r.final_counts.black + r.final_counts.white + r.final_counts.empty;
        out.lit("{\"black\":");
        out.integer(black);
        out.lit(",\"white\":");
        out.integer(total - black);
        out.lit(",\"winner\":");
        if (2 * black > total) {
            out.put('0');
        } else if (2 * black < total) {
            out.put('1');
        } else {
            out.lit("null");
        }
        out.put('}');
    }
    if (r.stop) {
        out.lit(",\"stop\":{\"ply\":");
        out.integer(r.stop->ply);
        out.lit(",\"code\":");
        out.string(r.stop->code);
        out.reserve(fixed_room);
        if (r.stop->at) {
            out.lit(",\"at\":");
            write_square(out, *r.stop->at);
        }
        out.put('}');
    }
    out.put('}');
}

}  // namespace

void write_jkf_to(json_writer& out, const record& r) {
    write_compact(out.begin_compact(), r);
    out.end_compact();
}

}  // namespace kifu::othello
