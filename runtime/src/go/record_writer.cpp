// Go record → SGF tree → SGF text. Reading the text again gives an equal record.

#include <kifu/go/sgf.hpp>

#include "go/normalize.hpp"

namespace kifu::inline v1::go {
namespace {

// A node being written: the collection and the node's id.
struct node_ref {
    sgf_collection& c;
    node_id id;
};

void add(node_ref node, std::string_view id, std::string_view raw_value) {
    node.c.add_value(node.c.add_property(node.id, id), raw_value);
}

void add(node_ref node, std::string_view id, const std::vector<std::string>& raw_values) {
    const property_ref p = node.c.add_property(node.id, id);
    for (const std::string& v : raw_values) node.c.add_value(p, v);
}

void add_points(node_ref node, const char* id, const std::vector<point>& points) {
    if (points.empty()) return;
    const property_ref p = node.c.add_property(node.id, id);
    for (const point pt : points) node.c.add_value(p, to_sgf(pt));
}

void add_setup(node_ref node, const setup_data& s) {
    add_points(node, "AB", s.black);
    add_points(node, "AW", s.white);
    add_points(node, "AE", s.empty);
    if (s.to_move) add(node, "PL", *s.to_move == color::black ? "B" : "W");
}

void add_entry(node_ref node, const move_entry& e) {
    if (!e.comments.empty()) {
        std::string text;
        for (std::size_t i = 0; i < e.comments.size(); ++i) {
            if (i > 0) text += '\n';
            text += e.comments[i];
        }
        add(node, "C", escape(text));
    }
    if (e.setup) add_setup(node, *e.setup);
    if (e.move) {
        std::string value = e.move->pass ? std::string() : e.move->to ? to_sgf(*e.move->to) : e.move->invalid;  // raw
        add(node, e.move->color == color::black ? "B" : "W", value);
    }
    if (e.forced) add(node, "KO", std::string_view());
    for (const raw_property& p : e.properties) add(node, p.id, p.values);
}

}  // namespace

void to_sgf(const record& r, sgf_collection& c) {
    const node_id root = c.add_node(no_node);
    {
        const node_ref node{c, root};
        for (const auto& [id, value] : r.header) add(node, id, escape(value));
        add_setup(node, r.initial);
        add_entry(node, r.lines[0][0]);
    }
    // Each job: a line to append below `parent`, from entry `first` on.
    struct job {
        std::uint32_t line;
        std::size_t first;
        node_id parent;
    };
    std::vector<job> work{{0, 1, root}};
    while (!work.empty()) {
        const job j = work.back();
        work.pop_back();
        node_id parent = j.parent;
        const line& entries = r.lines[j.line];
        for (std::size_t i = j.first; i < entries.size(); ++i) {
            const node_id n = c.add_node(parent);
            add_entry({c, n}, entries[i]);
            // Forks replace this entry: they are later children of the same parent.
            for (auto f = entries[i].forks.rbegin(); f != entries[i].forks.rend(); ++f) {
                work.push_back({*f, 0, parent});
            }
            parent = n;
        }
    }
}

std::string write_sgf(const std::vector<const record*>& records, const sgf_write_options& options) {
    sgf_collection c;
    for (const record* r : records) to_sgf(*r, c);
    return write_sgf(c, options);
}

std::string write_sgf(const std::vector<record>& records, const sgf_write_options& options) {
    sgf_collection c;
    for (const record& r : records) to_sgf(r, c);
    return write_sgf(c, options);
}

}  // namespace kifu::go
