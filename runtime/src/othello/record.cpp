// The othello record model and its JKF-shaped JSON (docs/jkf-go-othello.md).

#include <kifu/othello/record.hpp>

namespace kifu::othello {

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

void write_square(json_writer& out, square s) {
    out.begin_object();
    out.member("x", static_cast<int>(s.x));
    out.member("y", static_cast<int>(s.y));
    out.end_object();
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

void write_initial(json_writer& out, const initial_position& initial) {
    out.begin_object();
    out.member("preset", initial.is_standard() ? "standard" : "custom");
    out.key("data");
    out.begin_object();
    out.member("size", initial.size);
    out.member("octagon", initial.octagon);
    out.member("color", static_cast<int>(initial.to_move));
    out.key("board");
    out.begin_array();
    const board b = initial.to_board();
    for (int y = 0; y < b.size(); ++y) {
        std::string row;
        for (int x = 0; x < b.size(); ++x) {
            row += cell_char(b.cells()[static_cast<std::size_t>(y * b.size() + x)]);
        }
        out.value(std::string_view(row));
    }
    out.end_array();
    out.end_object();
    out.end_object();
}

void write_move(json_writer& out, const move& m, const move_note* note) {
    out.begin_object();
    out.key("move");
    out.begin_object();
    out.member("color", static_cast<int>(m.color));
    if (m.is_pass()) {
        out.member("pass", true);
        if (m.pass == pass_kind::inserted) {
            out.member("inserted", true);
        }
    } else {
        out.key("to");
        write_square(out, m.to);
        out.key("flips");
        out.begin_array();
        for (const square s : record::flips_of(m)) {
            write_square(out, s);
        }
        out.end_array();
    }
    out.end_object();
    if (note != nullptr) {
        if (note->eval) {
            out.member("eval", *note->eval);
        }
        if (!note->elapsed.empty()) {
            out.member("elapsed", std::string_view(note->elapsed));
        }
    }
    out.end_object();
}

}  // namespace

void write_jkf_to(json_writer& out, const record& r) {
    out.begin_object();
    out.member("game", "othello");
    out.member("format", std::string_view(r.format));
    out.key("header");
    out.begin_object();
    for (const auto& [k, v] : r.header) {
        out.member(k, std::string_view(v));
    }
    out.end_object();
    out.key("initial");
    write_initial(out, r.initial);
    out.key("moves");
    out.begin_array();
    out.begin_object();  // JKF's moves[0]: the start position, no move
    out.end_object();
    std::size_t next_note = 0;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        while (next_note < r.notes.size() && r.notes[next_note].move_index < i) {
            ++next_note;
        }
        const bool noted = next_note < r.notes.size() && r.notes[next_note].move_index == i;
        write_move(out, r.moves[i], noted ? &r.notes[next_note] : nullptr);
    }
    out.end_array();
    out.key("passes");
    out.begin_object();
    out.member("recorded", r.passes_recorded);
    out.member("inserted", r.passes_inserted);
    out.end_object();
    out.key("final");
    out.begin_object();
    out.member("black", r.final_counts.black);
    out.member("white", r.final_counts.white);
    out.member("empty", r.final_counts.empty);
    out.member("end", to_string(r.end));
    out.end_object();
    out.key("result");
    if (r.end == game_end::early) {
        out.null();  // a game that stops early has no result on the board
    } else {
        const int black = black_score_with_empties(r.final_counts);
        const int total = r.final_counts.black + r.final_counts.white + r.final_counts.empty;
        out.begin_object();
        out.member("black", black);
        out.member("white", total - black);
        out.key("winner");
        if (2 * black > total) {
            out.value(0);
        } else if (2 * black < total) {
            out.value(1);
        } else {
            out.null();
        }
        out.end_object();
    }
    if (r.stop) {
        out.key("stop");
        out.begin_object();
        out.member("ply", r.stop->ply);
        out.member("code", std::string_view(r.stop->code));
        if (r.stop->at) {
            out.key("at");
            write_square(out, *r.stop->at);
        }
        out.end_object();
    }
    out.end_object();
}

}  // namespace kifu::othello
