// The go record as JKF-shaped JSON (docs/jkf-go-othello.md, "Go"). Forks nest in the JSON
// but not in the model: the writer keeps its own stack of open lines.

#include <kifu/go/record.hpp>

#include "core/json_out.hpp"

namespace kifu::go {
namespace {

// The writer: compact JSON through detail::json_out (see shogi/jkf.cpp), a few instructions a
// byte; a pretty json_writer indents it afterwards (json_writer::end_compact).
using kifu::detail::json_out;

// Room for the fixed text written between two reserve() calls (the longest: a point with the
// key before it, two numbers of up to 20 digits and the punctuation).
constexpr std::size_t fixed_room = 96;

// `"key":` of a member, after a comma unless it is the object's first; `key` needs no escaping.
void member_key(json_out& out, bool& first, std::string_view key) {
    out.reserve(key.size() + 4);
    if (!first) out.put(',');
    first = false;
    out.put('"');
    out.plain(key);
    out.lit("\":");
}

// Room reserved by the caller.
void write_point(json_out& out, point p) {
    out.lit("{\"x\":");
    out.integer(p.x);
    out.lit(",\"y\":");
    out.integer(p.y);
    out.put('}');
}

// `"key":[…]`, each item written by `write` after room for `room` bytes and the comma.
template <typename Item, typename Write>
void write_array(json_out& out, bool& first, std::string_view key, const std::vector<Item>& items, std::size_t room,
                 Write write) {
    member_key(out, first, key);
    out.reserve(1);
    out.put('[');
    for (std::size_t i = 0; i < items.size(); ++i) {
        out.reserve(room + 1);
        if (i != 0) out.put(',');
        write(items[i]);
    }
    out.reserve(1);
    out.put(']');
}

void write_points(json_out& out, bool& first, std::string_view key, const std::vector<point>& points) {
    write_array(out, first, key, points, fixed_room, [&](point p) { write_point(out, p); });
}

void write_strings(json_out& out, bool& first, std::string_view key, const std::vector<std::string>& values) {
    // (string() makes its own room.)
    write_array(out, first, key, values, 0, [&](const std::string& v) { out.string(v); });
}

void write_setup(json_out& out, const setup_data& s) {
    out.reserve(1);
    out.put('{');
    bool first = true;
    if (!s.black.empty()) write_points(out, first, "black", s.black);
    if (!s.white.empty()) write_points(out, first, "white", s.white);
    if (!s.empty.empty()) write_points(out, first, "empty", s.empty);
    if (s.to_move) {
        member_key(out, first, "color");
        out.reserve(fixed_room);
        out.integer(static_cast<int>(*s.to_move));
    }
    out.reserve(1);
    out.put('}');
}

// Writes an entry up to (not including) its forks and its closing brace; returns whether no
// member was written (so that "forks" comes without a comma).
bool write_entry_body(json_out& out, const move_entry& e) {
    out.reserve(1);
    out.put('{');
    bool first = true;
    if (!e.comments.empty()) write_strings(out, first, "comments", e.comments);
    if (e.setup) {
        member_key(out, first, "setup");
        write_setup(out, *e.setup);
    }
    if (e.move) {
        member_key(out, first, "move");
        out.reserve(fixed_room);
        out.lit("{\"color\":");
        out.integer(static_cast<int>(e.move->color));
        if (e.move->pass) {
            out.lit(",\"pass\":true");
        } else if (e.move->to) {
            out.lit(",\"to\":");
            write_point(out, *e.move->to);
        } else {
            out.lit(",\"invalid\":");
            out.string(unescape(e.move->invalid));
        }
        out.reserve(1);
        out.put('}');
    }
    if (!e.captures.empty()) write_points(out, first, "captures", e.captures);
    if (!e.suicide.empty()) write_points(out, first, "suicide", e.suicide);
    if (!e.illegal.empty()) write_strings(out, first, "illegal", e.illegal);
    if (e.forced) {
        member_key(out, first, "forced");
        out.reserve(4);
        out.lit("true");
    }
    if (!e.properties.empty()) {
        member_key(out, first, "properties");
        out.reserve(1);
        out.put('{');
        for (std::size_t i = 0; i < e.properties.size(); ++i) {
            const raw_property& p = e.properties[i];
            if (i != 0) {
                out.reserve(1);
                out.put(',');
            }
            out.string(p.id);
            out.reserve(2);
            out.lit(":[");
            for (std::size_t k = 0; k < p.values.size(); ++k) {
                if (k != 0) {
                    out.reserve(1);
                    out.put(',');
                }
                out.string(unescape(p.values[k]));
            }
            out.reserve(1);
            out.put(']');
        }
        out.reserve(1);
        out.put('}');
    }
    return first;
}

void write_compact(std::string& text, const record& r) {
    std::size_t entries = 0;
    for (const line& l : r.lines) entries += l.size();
    // An entry takes some 60 bytes; the buffer grows when the guess is short.
    json_out out(text, 1024 + 64 * entries);
    out.reserve(fixed_room);
    out.lit("{\"game\":\"go\",\"header\":{");
    bool first = true;
    for (const auto& [k, v] : r.header) {
        if (!first) {
            out.reserve(1);
            out.put(',');
        }
        first = false;
        out.string(k);
        out.reserve(1);
        out.put(':');
        out.string(v);
    }
    out.reserve(fixed_room);
    out.lit("},\"initial\":{\"size\":{\"x\":");
    out.integer(r.width);
    out.lit(",\"y\":");
    out.integer(r.height);
    out.put('}');
    if (r.handicap > 0) {
        out.lit(",\"handicap\":");
        out.integer(r.handicap);
    }
    if (!r.initial.is_empty()) {
        out.lit(",\"setup\":");
        write_setup(out, r.initial);
    }
    out.reserve(fixed_room);
    out.lit("},\"moves\":[");

    // Frames: a line being written (entries from `next` on), or the fork list of an entry.
    struct frame {
        const line* entries;
        std::size_t next;
        const std::vector<std::uint32_t>* forks;  // non-null: a fork list, `next` indexes it
    };
    std::vector<frame> stack{{&r.lines[0], 0, nullptr}};
    while (!stack.empty()) {
        const std::size_t top = stack.size() - 1;
        out.reserve(4);
        if (stack[top].forks) {
            const frame f = stack[top];
            if (f.next < f.forks->size()) {
                const std::uint32_t id = (*f.forks)[f.next];
                ++stack[top].next;
                if (f.next != 0) out.put(',');
                out.put('[');
                stack.push_back({&r.lines[id], 0, nullptr});
            } else {
                out.lit("]}");  // the forks, then the entry that owns them
                stack.pop_back();
            }
            continue;
        }
        const frame f = stack[top];
        if (f.next == f.entries->size()) {
            out.put(']');
            stack.pop_back();
            continue;
        }
        ++stack[top].next;
        if (f.next != 0) out.put(',');
        const move_entry& e = (*f.entries)[f.next];
        const bool empty = write_entry_body(out, e);
        out.reserve(16);
        if (e.forks.empty()) {
            out.put('}');
        } else {
            if (!empty) out.put(',');
            out.lit("\"forks\":[");
            stack.push_back({nullptr, 0, &e.forks});
        }
    }

    out.reserve(fixed_room);
    out.lit(",\"prisoners\":{\"black\":");
    out.integer(r.prisoners_black);
    out.lit(",\"white\":");
    out.integer(r.prisoners_white);
    out.lit("}}");
}

}  // namespace

void write_jkf_to(json_writer& out, const record& r) {
    write_compact(out.begin_compact(), r);
    out.end_compact();
}

}  // namespace kifu::go
