// The go record as JKF-shaped JSON (docs/jkf-go-othello.md, "Go"). Forks nest in the JSON
// but not in the model: the writer keeps its own stack of open lines.

#include <kifu/go/record.hpp>

#include "go/sgf_tree.hpp"  // unescape

namespace kifu::inline v1::go {
namespace {

void write_point(json_writer& out, point p) {
    out.begin_object();
    out.member("x", p.x);
    out.member("y", p.y);
    out.end_object();
}

void write_points(json_writer& out, std::string_view key, const std::vector<point>& points) {
    out.key(key);
    out.begin_array();
    for (const point p : points) write_point(out, p);
    out.end_array();
}

void write_setup(json_writer& out, const setup_data& s) {
    out.begin_object();
    if (!s.black.empty()) write_points(out, "black", s.black);
    if (!s.white.empty()) write_points(out, "white", s.white);
    if (!s.empty.empty()) write_points(out, "empty", s.empty);
    if (s.to_move) out.member("color", static_cast<int>(*s.to_move));
    out.end_object();
}

// Writes an entry up to (not including) its forks and its closing brace.
void write_entry_body(json_writer& out, const move_entry& e) {
    out.begin_object();
    if (!e.comments.empty()) {
        out.key("comments");
        out.begin_array();
        for (const std::string& c : e.comments) out.value(c);
        out.end_array();
    }
    if (e.setup) {
        out.key("setup");
        write_setup(out, *e.setup);
    }
    if (e.move) {
        out.key("move");
        out.begin_object();
        out.member("color", static_cast<int>(e.move->color));
        if (e.move->pass) {
            out.member("pass", true);
        } else if (e.move->to) {
            out.key("to");
            write_point(out, *e.move->to);
        } else {
            out.member("invalid", unescape(e.move->invalid));
        }
        out.end_object();
    }
    if (!e.captures.empty()) write_points(out, "captures", e.captures);
    if (!e.suicide.empty()) write_points(out, "suicide", e.suicide);
    if (!e.illegal.empty()) {
        out.key("illegal");
        out.begin_array();
        for (const std::string& i : e.illegal) out.value(i);
        out.end_array();
    }
    if (e.forced) out.member("forced", true);
    if (!e.properties.empty()) {
        out.key("properties");
        out.begin_object();
        for (const raw_property& p : e.properties) {
            out.key(p.id);
            out.begin_array();
            for (const std::string& v : p.values) out.value(unescape(v));
            out.end_array();
        }
        out.end_object();
    }
}

}  // namespace

void write_jkf_to(json_writer& out, const record& r) {
    out.begin_object();
    out.member("game", "go");
    out.key("header");
    out.begin_object();
    for (const auto& [k, v] : r.header) out.member(k, v);
    out.end_object();

    out.key("initial");
    out.begin_object();
    out.key("size");
    out.begin_object();
    out.member("x", r.width);
    out.member("y", r.height);
    out.end_object();
    if (r.handicap > 0) out.member("handicap", r.handicap);
    if (!r.initial.is_empty()) {
        out.key("setup");
        write_setup(out, r.initial);
    }
    out.end_object();

    // Frames: a line being written (entries from `next` on), or the fork list of an entry.
    struct frame {
        const line* entries;
        std::size_t next;
        const std::vector<std::uint32_t>* forks;  // non-null: a fork list, `next` indexes it
    };
    out.key("moves");
    out.begin_array();
    std::vector<frame> stack{{&r.lines[0], 0, nullptr}};
    while (!stack.empty()) {
        frame& f = stack.back();
        if (f.forks) {
            if (f.next < f.forks->size()) {
                const std::uint32_t id = (*f.forks)[f.next++];
                out.begin_array();
                stack.push_back({&r.lines[id], 0, nullptr});
            } else {
                out.end_array();   // forks
                out.end_object();  // the entry that owns them
                stack.pop_back();
            }
            continue;
        }
        if (f.next == f.entries->size()) {
            out.end_array();
            stack.pop_back();
            continue;
        }
        const move_entry& e = (*f.entries)[f.next++];
        write_entry_body(out, e);
        if (e.forks.empty()) {
            out.end_object();
        } else {
            out.key("forks");
            out.begin_array();
            stack.push_back({nullptr, 0, &e.forks});
        }
    }

    out.key("prisoners");
    out.begin_object();
    out.member("black", r.prisoners_black);
    out.member("white", r.prisoners_white);
    out.end_object();
    out.end_object();
}

}  // namespace kifu::go
