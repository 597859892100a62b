#pragma once

// Records as Python objects: the JKF dict of a record, built from the game's model field by
// field with the keys, the order and the members left out of kifu's JKF writers (shogi:
// json-kifu-format; go and othello: docs/jkf-go-othello.md). The tests compare every dict with
// the library's JSON text. A small JSON reader turns the text of a model of any other kind.

#include <pybind11/pybind11.h>

#include <cstdint>
#include <cmath>
#include <cstdlib>
#include <string>
#include <string_view>

#include <kifu/kifu.hpp>

namespace kifu::python {

namespace py = pybind11;

// A Python str of UTF-8 bytes; ill-formed bytes become U+FFFD (as the JSON writer replaces them).
inline py::str str_of(std::string_view s) {
    PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
    if (o == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::str>(o);
}

namespace detail {

// The dict of a shogi record is built with the C API: keys and piece codes are interned once,
// small integers are Python's cached ones, and every reference is handed over, not copied.
// (About 3x faster than building it through pybind11's item proxies.)

// Returns `o`, or throws the Python error when it is null.
inline PyObject* checked(PyObject* o) {
    if (o == nullptr) throw py::error_already_set();
    return o;
}

inline PyObject* key(const char* k) { return checked(PyUnicode_InternFromString(k)); }

struct keys_t {
    PyObject* x = key("x");
    PyObject* y = key("y");
    PyObject* h = key("h");
    PyObject* m = key("m");
    PyObject* s = key("s");
    PyObject* ms = key("ms");
    PyObject* color = key("color");
    PyObject* from = key("from");
    PyObject* to = key("to");
    PyObject* piece = key("piece");
    PyObject* same = key("same");
    PyObject* promote = key("promote");
    PyObject* capture = key("capture");
    PyObject* relative = key("relative");
    PyObject* comments = key("comments");
    PyObject* move = key("move");
    PyObject* time = key("time");
    PyObject* now = key("now");
    PyObject* total = key("total");
    PyObject* special = key("special");
    PyObject* forks = key("forks");
    PyObject* kind = key("kind");
    PyObject* board = key("board");
    PyObject* hands = key("hands");
    PyObject* header = key("header");
    PyObject* initial = key("initial");
    PyObject* preset = key("preset");
    PyObject* data = key("data");
    PyObject* moves = key("moves");
    PyObject* kinds[shogi::piece_kind_count] = {};
    keys_t() {
        for (int k = 0; k < shogi::piece_kind_count; ++k) {
            kinds[k] = checked(PyUnicode_InternFromString(std::string(shogi::to_csa(static_cast<shogi::piece_kind>(k))).c_str()));
        }
    }
};

// The interned keys, made once (under the GIL) and kept for the life of the process.
inline const keys_t& keys() {
    static const keys_t* k = new keys_t();
    return *k;
}

// Stores a new reference under `k` and drops ours.
inline void put(PyObject* d, PyObject* k, PyObject* v) {
    checked(v);
    const int rc = PyDict_SetItem(d, k, v);
    Py_DECREF(v);
    if (rc != 0) throw py::error_already_set();
}

inline PyObject* text(std::string_view s) {
    return checked(PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace"));
}

inline PyObject* integer(long v) { return checked(PyLong_FromLong(v)); }

inline PyObject* boolean(bool b) {
    PyObject* o = b ? Py_True : Py_False;
    Py_INCREF(o);
    return o;
}

inline PyObject* kind(shogi::piece_kind k) {
    PyObject* o = keys().kinds[static_cast<int>(k)];
    Py_INCREF(o);
    return o;
}

inline PyObject* square_dict(const shogi::square& sq) {
    const keys_t& K = keys();
    PyObject* d = checked(PyDict_New());
    put(d, K.x, integer(sq.x));
    put(d, K.y, integer(sq.y));
    return d;
}

inline PyObject* time_dict(const shogi::time_value& t) {
    const keys_t& K = keys();
    PyObject* d = checked(PyDict_New());
    if (t.h) put(d, K.h, integer(*t.h));
    put(d, K.m, integer(t.m));
    put(d, K.s, integer(t.s));
    if (t.ms) put(d, K.ms, integer(*t.ms));
    return d;
}

inline PyObject* move_data_dict(const shogi::move_data& mv) {
    const keys_t& K = keys();
    PyObject* d = checked(PyDict_New());
    if (mv.color) put(d, K.color, integer(static_cast<int>(*mv.color)));
    if (mv.from) put(d, K.from, square_dict(*mv.from));
    if (mv.to) put(d, K.to, square_dict(*mv.to));
    if (mv.piece) put(d, K.piece, kind(*mv.piece));
    if (mv.same) put(d, K.same, boolean(*mv.same));
    if (mv.promote) put(d, K.promote, boolean(*mv.promote));
    if (mv.capture) put(d, K.capture, kind(*mv.capture));
    if (!mv.relative.empty()) put(d, K.relative, text(mv.relative));
    return d;
}

PyObject* moves_list(const std::vector<shogi::move_format>& moves);

inline PyObject* move_format_dict(const shogi::move_format& f) {
    const keys_t& K = keys();
    PyObject* d = checked(PyDict_New());
    if (!f.comments.empty()) {
        PyObject* c = checked(PyList_New(static_cast<Py_ssize_t>(f.comments.size())));
        put(d, K.comments, c);
        Py_INCREF(c);
        for (std::size_t i = 0; i < f.comments.size(); ++i) PyList_SET_ITEM(c, static_cast<Py_ssize_t>(i), text(f.comments[i]));
        Py_DECREF(c);
    }
    if (f.move) put(d, K.move, move_data_dict(*f.move));
    if (f.time) {
        PyObject* t = checked(PyDict_New());
        put(d, K.time, t);
        put(t, K.now, time_dict(f.time->now));
        if (f.time->total) put(t, K.total, time_dict(*f.time->total));
    }
    if (!f.special.empty()) put(d, K.special, text(f.special));
    if (!f.forks.empty()) {
        PyObject* forks = checked(PyList_New(0));
        put(d, K.forks, forks);
        for (const auto& fork : f.forks) {
            PyObject* l = moves_list(fork);
            const int rc = PyList_Append(forks, l);
            Py_DECREF(l);
            if (rc != 0) throw py::error_already_set();
        }
    }
    return d;
}

inline PyObject* moves_list(const std::vector<shogi::move_format>& moves) {
    py::list l(moves.size());  // owns the list while items are made (an error frees it)
    for (std::size_t i = 0; i < moves.size(); ++i) PyList_SET_ITEM(l.ptr(), static_cast<Py_ssize_t>(i), move_format_dict(moves[i]));
    return l.release().ptr();
}

inline PyObject* state_dict(const shogi::state_format& st) {
    const keys_t& K = keys();
    py::dict d;
    put(d.ptr(), K.color, integer(static_cast<int>(st.color)));
    py::list board;
    for (const auto& column : st.board) {
        py::list col;
        for (const auto& cell : column) {
            PyObject* c = checked(PyDict_New());
            py::object own = py::reinterpret_steal<py::object>(c);
            if (cell) {
                put(c, K.color, integer(static_cast<int>(cell->color)));
                put(c, K.kind, kind(cell->kind));
            }
            col.append(own);
        }
        board.append(col);
    }
    PyDict_SetItem(d.ptr(), K.board, board.ptr());
    py::list hands;
    for (const auto& hand : st.hands) {
        PyObject* h = checked(PyDict_New());
        py::object own = py::reinterpret_steal<py::object>(h);
        for (int k = 0; k < shogi::hand_kind_count; ++k) put(h, K.kinds[k], integer(hand[static_cast<std::size_t>(k)]));
        hands.append(own);
    }
    PyDict_SetItem(d.ptr(), K.hands, hands.ptr());
    return d.release().ptr();
}

inline py::object shogi_dict(const shogi::jkf& r) {
    const keys_t& K = keys();
    py::dict d;
    PyObject* header = checked(PyDict_New());
    put(d.ptr(), K.header, header);
    for (const auto& [k, v] : r.header) {
        PyObject* key = text(k);
        py::object own = py::reinterpret_steal<py::object>(key);
        put(header, key, text(v));
    }
    if (r.initial) {
        PyObject* init = checked(PyDict_New());
        put(d.ptr(), K.initial, init);
        put(init, K.preset, text(r.initial->preset));
        if (r.initial->data) put(init, K.data, state_dict(*r.initial->data));
    }
    put(d.ptr(), K.moves, moves_list(r.moves));
    return d;
}

// The go document (docs/jkf-go-othello.md, "Go"): property values are SGF text, unescaped
// as SGF says (a backslash keeps the character after it; an escaped line break is removed).
inline std::string sgf_unescape(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c != '\\') {
            out += c;
            continue;
        }
        if (i + 1 >= raw.size()) break;  // a lone trailing backslash
        const char e = raw[i + 1];
        if (e == '\n' || e == '\r') {
            // A soft line break: "\r\n" and "\n\r" count as one.
            i += (i + 2 < raw.size() && (raw[i + 2] == '\n' || raw[i + 2] == '\r') && raw[i + 2] != e) ? 2 : 1;
            continue;
        }
        out += e;
        ++i;
    }
    return out;
}

inline py::dict go_point(const go::point& p) {
    py::dict d;
    d["x"] = p.x;
    d["y"] = p.y;
    return d;
}

inline py::list go_points(const std::vector<go::point>& points) {
    py::list l;
    for (const go::point& p : points) l.append(go_point(p));
    return l;
}

inline py::dict go_setup(const go::setup_data& s) {
    py::dict d;
    if (!s.black.empty()) d["black"] = go_points(s.black);
    if (!s.white.empty()) d["white"] = go_points(s.white);
    if (!s.empty.empty()) d["empty"] = go_points(s.empty);
    if (s.to_move) d["color"] = static_cast<int>(*s.to_move);
    return d;
}

inline py::dict go_entry(const go::record& r, const go::move_entry& e, int depth);

// Variations nested deeper than this are refused (the dict is built recursively).
inline constexpr int max_fork_depth = 2000;

inline py::list go_line(const go::record& r, const go::line& line, int depth) {
    if (depth > max_fork_depth) {
        throw py::value_error("to_jkf: the variations nest deeper than " + std::to_string(max_fork_depth) +
                              " levels (to_json() writes any depth)");
    }
    py::list l;
    for (const go::move_entry& e : line) l.append(go_entry(r, e, depth));
    return l;
}

inline py::dict go_entry(const go::record& r, const go::move_entry& e, int depth) {
    py::dict d;
    if (!e.comments.empty()) {
        py::list c;
        for (const std::string& s : e.comments) c.append(str_of(s));
        d["comments"] = std::move(c);
    }
    if (e.setup) d["setup"] = go_setup(*e.setup);
    if (e.move) {
        py::dict m;
        m["color"] = static_cast<int>(e.move->color);
        if (e.move->pass) {
            m["pass"] = true;
        } else if (e.move->to) {
            m["to"] = go_point(*e.move->to);
        } else {
            m["invalid"] = str_of(sgf_unescape(e.move->invalid));
        }
        d["move"] = std::move(m);
    }
    if (!e.captures.empty()) d["captures"] = go_points(e.captures);
    if (!e.suicide.empty()) d["suicide"] = go_points(e.suicide);
    if (!e.illegal.empty()) {
        py::list l;
        for (const std::string& s : e.illegal) l.append(str_of(s));
        d["illegal"] = std::move(l);
    }
    if (e.forced) d["forced"] = true;
    if (!e.properties.empty()) {
        py::dict props;
        for (const go::raw_property& p : e.properties) {
            py::list values;
            for (const std::string& v : p.values) values.append(str_of(sgf_unescape(v)));
            props[str_of(p.id)] = std::move(values);
        }
        d["properties"] = std::move(props);
    }
    if (!e.forks.empty()) {
        // Forks name lines of the flat model; a fork's own forks nest in its entries.
        py::list forks;
        for (const std::uint32_t id : e.forks) {
            if (id < r.lines.size()) forks.append(go_line(r, r.lines[id], depth + 1));
        }
        d["forks"] = std::move(forks);
    }
    return d;
}

inline py::dict go_dict(const go::record& r) {
    py::dict d;
    d["game"] = "go";
    py::dict header;
    for (const auto& [k, v] : r.header) header[str_of(k)] = str_of(v);
    d["header"] = std::move(header);
    py::dict initial;
    py::dict size;
    size["x"] = r.width;
    size["y"] = r.height;
    initial["size"] = std::move(size);
    if (r.handicap > 0) initial["handicap"] = r.handicap;
    if (!r.initial.is_empty()) initial["setup"] = go_setup(r.initial);
    d["initial"] = std::move(initial);
    d["moves"] = go_line(r, r.lines[0], 0);
    py::dict prisoners;
    prisoners["black"] = r.prisoners_black;
    prisoners["white"] = r.prisoners_white;
    d["prisoners"] = std::move(prisoners);
    return d;
}

// The othello document (docs/jkf-go-othello.md, "Othello").
inline py::dict othello_square(const othello::square& s) {
    py::dict d;
    d["x"] = static_cast<int>(s.x);
    d["y"] = static_cast<int>(s.y);
    return d;
}

inline py::dict othello_dict(const othello::record& r) {
    py::dict d;
    d["game"] = "othello";
    d["format"] = str_of(r.format);
    py::dict header;
    for (const auto& [k, v] : r.header) header[str_of(k)] = str_of(v);
    d["header"] = std::move(header);
    py::dict initial;
    initial["preset"] = r.initial.is_standard() ? "standard" : "custom";
    py::dict data;
    data["size"] = r.initial.size;
    data["octagon"] = r.initial.octagon;
    data["color"] = static_cast<int>(r.initial.to_move);
    const othello::board b = r.initial.to_board();
    py::list rows;
    for (int y = 0; y < b.size(); ++y) {
        std::string row;
        for (int x = 0; x < b.size(); ++x) {
            switch (b.cells()[static_cast<std::size_t>(y * b.size() + x)]) {
                case othello::cell::empty: row += '-'; break;
                case othello::cell::black: row += '*'; break;
                case othello::cell::white: row += 'O'; break;
                case othello::cell::none: row += '#'; break;
            }
        }
        rows.append(py::str(row));
    }
    data["board"] = std::move(rows);
    initial["data"] = std::move(data);
    d["initial"] = std::move(initial);
    py::list moves;
    moves.append(py::dict());  // JKF's moves[0]: the start position
    std::size_t next_note = 0;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const othello::move& m = r.moves[i];
        while (next_note < r.notes.size() && r.notes[next_note].move_index < i) ++next_note;
        const othello::move_note* note =
            next_note < r.notes.size() && r.notes[next_note].move_index == i ? &r.notes[next_note] : nullptr;
        py::dict entry;
        py::dict mv;
        mv["color"] = static_cast<int>(m.color);
        if (m.is_pass()) {
            mv["pass"] = true;
            if (m.pass == othello::pass_kind::inserted) mv["inserted"] = true;
        } else {
            mv["to"] = othello_square(m.to);
            py::list flips;
            for (const othello::square& f : othello::record::flips_of(m)) flips.append(othello_square(f));
            mv["flips"] = std::move(flips);
        }
        entry["move"] = std::move(mv);
        if (note != nullptr) {
            if (note->eval) {
                entry["eval"] = std::isfinite(*note->eval) ? py::object(py::float_(*note->eval)) : py::object(py::none());
            }
            if (!note->elapsed.empty()) entry["elapsed"] = str_of(note->elapsed);
        }
        moves.append(std::move(entry));
    }
    d["moves"] = std::move(moves);
    py::dict passes;
    passes["recorded"] = r.passes_recorded;
    passes["inserted"] = r.passes_inserted;
    d["passes"] = std::move(passes);
    py::dict fin;
    fin["black"] = r.final_counts.black;
    fin["white"] = r.final_counts.white;
    fin["empty"] = r.final_counts.empty;
    fin["end"] = std::string(othello::to_string(r.end));
    d["final"] = std::move(fin);
    if (r.end == othello::game_end::early) {
        d["result"] = py::none();
    } else {
        const int black = othello::black_score_with_empties(r.final_counts);
        const int total = r.final_counts.black + r.final_counts.white + r.final_counts.empty;
        py::dict result;
        result["black"] = black;
        result["white"] = total - black;
        result["winner"] = 2 * black > total ? py::object(py::int_(0)) : 2 * black < total ? py::object(py::int_(1)) : py::object(py::none());
        d["result"] = std::move(result);
    }
    if (r.stop) {
        py::dict stop;
        stop["ply"] = r.stop->ply;
        stop["code"] = str_of(r.stop->code);
        if (r.stop->at) stop["at"] = othello_square(*r.stop->at);
        d["stop"] = std::move(stop);
    }
    return d;
}

// A JSON reader for text the library wrote (valid, compact JSON): values straight to Python.
class json_to_python {
public:
    explicit json_to_python(std::string_view text) : s_(text) {}

    py::object value() {
        skip();
        if (i_ >= s_.size()) throw std::runtime_error("JSON ends early");
        const char c = s_[i_];
        if (c == '{') {
            ++i_;
            py::dict d;
            skip();
            if (peek() == '}') {
                ++i_;
                return d;
            }
            for (;;) {
                skip();
                py::str k = string();
                skip();
                expect(':');
                d[std::move(k)] = value();
                skip();
                if (peek() == ',') {
                    ++i_;
                    continue;
                }
                expect('}');
                return d;
            }
        }
        if (c == '[') {
            ++i_;
            py::list l;
            skip();
            if (peek() == ']') {
                ++i_;
                return l;
            }
            for (;;) {
                l.append(value());
                skip();
                if (peek() == ',') {
                    ++i_;
                    continue;
                }
                expect(']');
                return l;
            }
        }
        if (c == '"') return string();
        if (s_.compare(i_, 4, "true") == 0) {
            i_ += 4;
            return py::bool_(true);
        }
        if (s_.compare(i_, 5, "false") == 0) {
            i_ += 5;
            return py::bool_(false);
        }
        if (s_.compare(i_, 4, "null") == 0) {
            i_ += 4;
            return py::none();
        }
        return number();
    }

private:
    char peek() const { return i_ < s_.size() ? s_[i_] : '\0'; }
    void skip() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) ++i_;
    }
    void expect(char c) {
        if (peek() != c) throw std::runtime_error(std::string("JSON: expected ") + c);
        ++i_;
    }
    static void put_utf8(std::string& out, std::uint32_t cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }
    std::uint32_t hex4() {
        if (i_ + 4 > s_.size()) throw std::runtime_error("JSON: short \\u escape");
        const std::string h(s_.substr(i_, 4));
        i_ += 4;
        return static_cast<std::uint32_t>(std::strtoul(h.c_str(), nullptr, 16));
    }
    py::str string() {
        expect('"');
        const std::size_t start = i_;
        while (i_ < s_.size() && s_[i_] != '"' && s_[i_] != '\\') ++i_;
        if (peek() == '"') {
            ++i_;
            return str_of(s_.substr(start, i_ - 1 - start));
        }
        std::string out(s_.substr(start, i_ - start));
        while (i_ < s_.size() && s_[i_] != '"') {
            const char c = s_[i_++];
            if (c != '\\') {
                out += c;
                continue;
            }
            const char e = s_[i_++];
            switch (e) {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'u': {
                    std::uint32_t cp = hex4();
                    if (cp >= 0xD800 && cp < 0xDC00 && s_.compare(i_, 2, "\\u") == 0) {
                        i_ += 2;
                        const std::uint32_t lo = hex4();
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    }
                    put_utf8(out, cp);
                    break;
                }
                default: out += e; break;
            }
        }
        expect('"');
        return str_of(out);
    }
    py::object number() {
        const std::size_t start = i_;
        bool real = false;
        while (i_ < s_.size()) {
            const char c = s_[i_];
            if (c == '.' || c == 'e' || c == 'E') {
                real = true;
            } else if (!(c == '-' || c == '+' || (c >= '0' && c <= '9'))) {
                break;
            }
            ++i_;
        }
        const std::string t(s_.substr(start, i_ - start));
        if (t.empty()) throw std::runtime_error("JSON: unexpected character");
        if (real) return py::float_(std::strtod(t.c_str(), nullptr));
        return py::int_(static_cast<long long>(std::strtoll(t.c_str(), nullptr, 10)));
    }

    std::string_view s_;
    std::size_t i_ = 0;
};

}  // namespace detail

// Returns the record's JKF document as Python objects.
inline py::object jkf_object(const record& r) {
    if (const auto* s = r.get<shogi::jkf>()) return detail::shogi_dict(*s);
    if (const auto* g = r.get<go::record>()) return detail::go_dict(*g);
    if (const auto* o = r.get<othello::record>()) return detail::othello_dict(*o);
    // A model of another kind: its JKF text, read here.
    std::string text;
    {
        py::gil_scoped_release release;
        text = to_jkf(r);
    }
    return detail::json_to_python(text).value();
}

}  // namespace kifu::python
