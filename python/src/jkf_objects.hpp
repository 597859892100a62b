#pragma once

// Records as Python objects: the JKF dict of a record. A shogi record's dict is built from the
// JKF model field by field (the keys and the members left out are those of json-kifu-format, as
// kifu's JKF writer writes them). A go or othello record's document is the library's own
// JKF-shaped text (docs/jkf-go-othello.md), turned into Python objects here by a small JSON
// reader, so the shape can never drift from `kifu convert`.

#include <pybind11/pybind11.h>

#include <cstdint>
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

inline py::dict square_dict(const shogi::square& s) {
    py::dict d;
    d["x"] = static_cast<int>(s.x);
    d["y"] = static_cast<int>(s.y);
    return d;
}

inline py::str kind_str(shogi::piece_kind k) {
    const std::string_view c = shogi::to_csa(k);
    return py::str(c.data(), c.size());
}

inline py::dict time_dict(const shogi::time_value& t) {
    py::dict d;
    if (t.h) d["h"] = *t.h;
    d["m"] = t.m;
    d["s"] = t.s;
    if (t.ms) d["ms"] = *t.ms;
    return d;
}

inline py::dict move_data_dict(const shogi::move_data& m) {
    py::dict d;
    if (m.color) d["color"] = static_cast<int>(*m.color);
    if (m.from) d["from"] = square_dict(*m.from);
    if (m.to) d["to"] = square_dict(*m.to);
    if (m.piece) d["piece"] = kind_str(*m.piece);
    if (m.same) d["same"] = *m.same;
    if (m.promote) d["promote"] = *m.promote;
    if (m.capture) d["capture"] = kind_str(*m.capture);
    if (!m.relative.empty()) d["relative"] = str_of(m.relative);
    return d;
}

py::list moves_list(const std::vector<shogi::move_format>& moves);

inline py::dict move_format_dict(const shogi::move_format& f) {
    py::dict d;
    if (!f.comments.empty()) {
        py::list c;
        for (const std::string& s : f.comments) c.append(str_of(s));
        d["comments"] = std::move(c);
    }
    if (f.move) d["move"] = move_data_dict(*f.move);
    if (f.time) {
        py::dict t;
        t["now"] = time_dict(f.time->now);
        if (f.time->total) t["total"] = time_dict(*f.time->total);
        d["time"] = std::move(t);
    }
    if (!f.special.empty()) d["special"] = str_of(f.special);
    if (!f.forks.empty()) {
        py::list forks;
        for (const auto& fork : f.forks) forks.append(moves_list(fork));
        d["forks"] = std::move(forks);
    }
    return d;
}

inline py::list moves_list(const std::vector<shogi::move_format>& moves) {
    py::list l(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) l[i] = move_format_dict(moves[i]);
    return l;
}

inline py::dict state_dict(const shogi::state_format& s) {
    py::dict d;
    d["color"] = static_cast<int>(s.color);
    py::list board;
    for (const auto& column : s.board) {
        py::list col;
        for (const auto& cell : column) {
            py::dict c;
            if (cell) {
                c["color"] = static_cast<int>(cell->color);
                c["kind"] = kind_str(cell->kind);
            }
            col.append(std::move(c));
        }
        board.append(std::move(col));
    }
    d["board"] = std::move(board);
    py::list hands;
    for (const auto& hand : s.hands) {
        py::dict h;
        for (int k = 0; k < shogi::hand_kind_count; ++k) h[kind_str(static_cast<shogi::piece_kind>(k))] = hand[static_cast<std::size_t>(k)];
        hands.append(std::move(h));
    }
    d["hands"] = std::move(hands);
    return d;
}

inline py::dict shogi_dict(const shogi::jkf& r) {
    py::dict d;
    py::dict header;
    for (const auto& [k, v] : r.header) header[str_of(k)] = str_of(v);
    d["header"] = std::move(header);
    if (r.initial) {
        py::dict init;
        init["preset"] = str_of(r.initial->preset);
        if (r.initial->data) init["data"] = state_dict(*r.initial->data);
        d["initial"] = std::move(init);
    }
    d["moves"] = moves_list(r.moves);
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
    std::string text;
    {
        py::gil_scoped_release release;
        text = to_jkf(r);
    }
    return detail::json_to_python(text).value();
}

}  // namespace kifu::python
