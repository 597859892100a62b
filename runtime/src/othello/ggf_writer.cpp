// Othello records → GGF text (kifu/othello/ggf_writer.hpp).

#include <kifu/othello/ggf_writer.hpp>

#include <fmt/core.h>

namespace kifu::inline v1::othello {
namespace {

// GGF property ids are upper-case letters (Edax reads at most 3 of them).
bool is_ggf_id(std::string_view key) noexcept {
    if (key.empty()) return false;
    for (const char c : key) {
        if (c < 'A' || c > 'Z') return false;
    }
    return true;
}

void append_value(std::string& out, std::string_view key, std::string_view value,
                  std::vector<diagnostic>& diagnostics) {
    if (value.find_first_of("]\r\n") == std::string_view::npos) {
        out += value;
        return;
    }
    for (const char c : value) {
        out += c == ']' ? ')' : (c == '\r' || c == '\n') ? ' ' : c;
    }
    diagnostic d;
    d.severity = severity::warning;
    d.code = "ggf.write.value-changed";
    d.message = fmt::format("the value of {} holds a ']' or a line break, which GGF cannot write; "
                            "written with ')' and spaces instead",
                            key);
    diagnostics.push_back(std::move(d));
}

char cell_char(cell c) noexcept {
    switch (c) {
        case cell::black: return '*';
        case cell::white: return 'O';
        default: return '-';
    }
}

void append_board(std::string& out, const initial_position& initial) {
    const board b = initial.to_board();
    const int n = b.size();
    out += initial.octagon ? std::string("88") : std::to_string(n);
    for (std::int8_t y = 1; y <= n; ++y) {
        out += ' ';
        for (std::int8_t x = 1; x <= n; ++x) {
            if (b.on_board({x, y})) {
                out += cell_char(b.at({x, y}));
            }
        }
    }
    out += ' ';
    out += initial.to_move == color::black ? '*' : 'O';
}

void append_square(std::string& out, square s) {
    out += static_cast<char>('A' + s.x - 1);
    out += std::to_string(s.y);
}

}  // namespace

void write_ggf(std::string& out, const record& r, std::vector<diagnostic>& diagnostics) {
    out += "(;";
    if (r.find_header("GM") == nullptr) {
        out += "GM[Othello]";
    }
    for (const auto& [key, value] : r.header) {
        if (!is_ggf_id(key) || key == "BO" || key == "B" || key == "W") {
            continue;  // "wthor.*" have no GGF id; the board and the moves are written below
        }
        out += key;
        out += '[';
        append_value(out, key, value, diagnostics);
        out += ']';
    }
    out += "BO[";
    append_board(out, r.initial);
    out += ']';
    std::size_t next_note = 0;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const move& m = r.moves[i];
        out += m.color == color::black ? "B[" : "W[";
        if (m.is_pass()) {
            out += "PA";
        } else {
            append_square(out, m.to);
        }
        while (next_note < r.notes.size() && r.notes[next_note].move_index < i) {
            ++next_note;
        }
        if (next_note < r.notes.size() && r.notes[next_note].move_index == i) {
            const move_note& note = r.notes[next_note];
            out += '/';
            if (note.eval) {
                out += fmt::format("{}", *note.eval);
            }
            if (!note.elapsed.empty()) {
                out += '/';
                append_value(out, m.color == color::black ? "B" : "W", note.elapsed, diagnostics);
            }
        }
        out += ']';
    }
    out += ";)\n";
}

std::string to_ggf(const record& r, std::vector<diagnostic>& diagnostics) {
    std::string out;
    out.reserve(256 + 8 * r.moves.size());
    write_ggf(out, r, diagnostics);
    return out;
}

}  // namespace kifu::othello
