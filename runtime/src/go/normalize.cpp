// SGF game tree → go record: header, initial position, lines of play with forks, and a
// replay of every line (captures, suicide, simple ko) per go.html "How to execute a move".
// The tree is walked with an explicit work list on one board; a fork line carries a mark of
// the board at its branch point and starts by undoing the board to it.

#include "go/normalize.hpp"

#include <algorithm>
#include <charconv>
#include <string_view>

#include "go/sgf_values.hpp"

namespace kifu::inline v1::go {
namespace {

// Properties of a node that are not game information: they stay on their move entry.
bool is_node_property(std::string_view id) {
    static constexpr std::string_view ids[] = {
        "B",  "W",  "AB", "AW", "AE", "PL", "C",  "KO", "MN", "BM", "DO", "IT", "TE", "DM", "GB",
        "GW", "HO", "UC", "V",  "N",  "AR", "CR", "DD", "LB", "LN", "MA", "SL", "SQ", "TR", "VW",
        "TB", "TW", "BL", "WL", "OB", "OW", "FG", "PM", "L",  "M"};
    return std::find(std::begin(ids), std::end(ids), id) != std::end(ids);
}

// SimpleText unless the spec makes it Text.
std::string header_text(std::string_view id, std::string_view raw) {
    return id == "GC" ? text_value(raw) : simple_text_value(raw);
}

// Appends the lines of a text to `lines`.
void split_lines(std::string_view text, std::vector<std::string>& lines) {
    for (;;) {
        const std::size_t nl = text.find('\n');
        lines.emplace_back(text.substr(0, nl));
        if (nl == std::string_view::npos) break;
        text.remove_prefix(nl + 1);
    }
}

// What a node property means to the normalizer (the identifiers fill_entry tells apart).
enum class property_kind { comment, black, white, ko, setup, other };

property_kind kind_of(std::string_view id) noexcept {
    if (id.size() == 1) {
        if (id[0] == 'C') return property_kind::comment;
        if (id[0] == 'B') return property_kind::black;
        if (id[0] == 'W') return property_kind::white;
    } else if (id.size() == 2) {
        if (id == "KO") return property_kind::ko;
        if (id == "AB" || id == "AW" || id == "AE" || id == "PL") return property_kind::setup;
    }
    return property_kind::other;
}

struct context {
    const sgf_collection& tree;
    const source_text* text;
    std::vector<diagnostic>& diagnostics;
    const normalize_options& options;
    bool suicide_allowed = false;
    mutable bool stopped = false;  // an error with stop_at_first_error: nothing more is read
    mutable play_result played;    // reused by every move: the board fills it without allocating

    // The level of a move the rules forbid but the format records (SGF FF[4] executes it).
    kifu::severity rule_level(bool forced) const noexcept {
        return options.rules_are_errors && !forced ? severity::error : severity::warning;
    }

    void report(kifu::severity s, std::string code, std::string message, std::uint32_t offset, int ply) const {
        if (stopped) return;
        if (s == severity::error && options.stop_at_first_error) stopped = true;
        if (text) {
            diagnostics.push_back(text->make_diagnostic(s, std::move(code), std::move(message), offset, ply));
        } else {
            diagnostic d;
            d.severity = s;
            d.code = std::move(code);
            d.message = std::move(message);
            d.ply = ply;
            diagnostics.push_back(std::move(d));
        }
    }
};

// Expands a list of point values (compressed `aa:cc` rectangles included) into points.
std::vector<point> point_list(const context& cx, sgf_values values, int width, int height) {
    std::vector<point> out;
    for (const sgf_value v : values) {
        const composed parts = split_compose(v.raw());
        const auto a = parse_point(parts.first);
        const auto b = parts.is_composed ? parse_point(parts.second) : a;
        if (!a || !b) {
            if (!v.raw().empty()) {
                cx.report(severity::warning, "go.bad-point", "'" + std::string(v.raw()) + "' is not a point; ignored", v.offset(), -1);
            }
            continue;
        }
        for (int y = std::min(a->y, b->y); y <= std::max(a->y, b->y); ++y) {
            for (int x = std::min(a->x, b->x); x <= std::max(a->x, b->x); ++x) {
                if (x > width || y > height) {
                    // Like a move off the board: a breach of the board the format records.
                    cx.report(cx.rule_level(false), "go.off-board", "setup point '" + to_sgf({x, y}) + "' is off the board; ignored",
                              v.offset(), -1);
                    continue;
                }
                out.push_back({x, y});
            }
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::optional<color> color_value(std::string_view raw) {
    const std::string v = simple_text_value(raw);
    if (v.empty()) return std::nullopt;
    if (v[0] == 'B' || v[0] == 'b' || v[0] == '1') return color::black;
    if (v[0] == 'W' || v[0] == 'w' || v[0] == '2') return color::white;
    return std::nullopt;
}

setup_data read_setup(const context& cx, node_id node, int width, int height) {
    setup_data s;
    s.black = point_list(cx, cx.tree.values(node, "AB"), width, height);
    s.white = point_list(cx, cx.tree.values(node, "AW"), width, height);
    s.empty = point_list(cx, cx.tree.values(node, "AE"), width, height);
    if (const auto pl = cx.tree.find(node, "PL"); pl && !pl->values().empty()) {
        const std::string_view raw = pl->values().front().raw();
        s.to_move = color_value(raw);
        if (!s.to_move) cx.report(severity::warning, "go.bad-color", "PL[" + std::string(raw) + "] names no colour", pl->offset(), -1);
    }
    return s;
}

move_data read_move(const context& cx, color c, sgf_value v, int width, int height) {
    move_data m;
    m.color = c;
    const std::string_view raw = v.raw();
    if (raw.empty()) {
        m.pass = true;
    } else if (raw.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        m.pass = true;
        cx.report(severity::warning, "go.blank-pass", "a move of white space only is read as a pass", v.offset(), -1);
    } else if (raw == "tt" && width <= 19 && height <= 19) {
        m.pass = true;  // FF[3] pass, kept for compatibility on boards up to 19×19
    } else if (const auto p = parse_point(raw)) {
        m.to = *p;
    } else {
        m.invalid = std::string(raw);
    }
    return m;
}

// One line of the work list: the node that starts it, where it goes, and the board's mark
// before it. Lines are taken last in, first out, so every mark still queued is a position on
// the way to the board's current one, and undoing to it costs the moves made since.
struct pending_line {
    node_id start;
    std::uint32_t line;
    int ply;  // ply of the first move of the line
    std::size_t mark;  // board::mark() at its branch point, or `no_mark`: the board as it is
    bool siblings_are_forks;  // true on the main line from the root: its siblings fork it
};

constexpr std::size_t no_mark = static_cast<std::size_t>(-1);

void apply_setup(board& b, const setup_data& s) {
    for (const point p : s.black) b.set(p, stone::black);
    for (const point p : s.white) b.set(p, stone::white);
    for (const point p : s.empty) b.set(p, stone::empty);
}

void play(const context& cx, board& b, move_entry& e, int ply, std::uint32_t offset) {
    const move_data& m = *e.move;
    if (m.pass) {
        b.pass();
        return;
    }
    if (!m.to) {
        e.illegal.push_back("unparseable");
        cx.report(severity::error, "go.bad-point", "'" + m.invalid + "' is not a point; the move is skipped", offset, ply);
        return;
    }
    play_result& r = cx.played;
    b.play(m.color, *m.to, r);
    const severity level = cx.rule_level(e.forced);
    if (r.off_board) {
        e.illegal.push_back("off-board");
        cx.report(level, "go.off-board", "'" + to_sgf(*m.to) + "' is off the board; the move is skipped", offset, ply);
        return;
    }
    e.captures = r.captured;
    e.suicide = r.suicide;
    if (r.overwrite) {
        e.illegal.push_back("overwrite");
        cx.report(level, "go.illegal.overwrite", "'" + to_sgf(*m.to) + "' is occupied; the stone is replaced", offset, ply);
    }
    if (r.ko) {
        e.illegal.push_back("ko");
        cx.report(level, "go.illegal.ko", "'" + to_sgf(*m.to) + "' retakes a ko at once", offset, ply);
    }
    if (!r.suicide.empty() && !cx.suicide_allowed) {
        e.illegal.push_back("suicide");
        cx.report(level, "go.illegal.suicide", "'" + to_sgf(*m.to) + "' is a suicide, which the rules (RU) forbid", offset, ply);
    }
}

// Fills an entry from a node. A node with both B and W (old files) gives its second move
// back: it becomes an entry of its own right after this one (B is played first, as
// @sabaki/go-board does).
std::optional<move_data> fill_entry(const context& cx, node_id node, move_entry& e, int width, int height, bool root,
                                    std::uint32_t& second_offset) {
    std::optional<move_data> second;
    e.offset = cx.tree[node].offset;
    bool has_setup = false;
    for (const sgf_property p : cx.tree.properties(node)) {
        const std::string_view id = p.id();
        const sgf_values values = p.values();
        const property_kind kind = kind_of(id);
        const bool is_move = kind == property_kind::black || kind == property_kind::white;
        if (kind == property_kind::comment) {
            for (const sgf_value v : values) split_lines(text_value(v.raw()), e.comments);
        } else if (is_move && !e.move && !values.empty()) {
            e.move = read_move(cx, kind == property_kind::black ? color::black : color::white, values.front(), width, height);
            e.offset = p.offset();  // diagnostics of the move point at its property
            if (values.size() > 1) {
                cx.report(severity::warning, "go.extra-value", std::string(id) + " has more than one value; the first is played",
                          p.offset(), -1);
            }
        } else if (is_move && !second && !values.empty()) {
            cx.report(severity::warning, "go.two-moves", "a node with both B and W; they become two moves", p.offset(), -1);
            second = read_move(cx, kind == property_kind::black ? color::black : color::white, values.front(), width, height);
            second_offset = p.offset();
            if (second->color == color::black) {  // B first
                std::swap(*second, *e.move);
                std::swap(second_offset, e.offset);
            }
        } else if (kind == property_kind::ko) {
            e.forced = true;
        } else if (!root && kind == property_kind::setup) {
            has_setup = true;  // read once below
        } else {
            raw_property& copy = e.properties.emplace_back();
            copy.id = id;
            copy.values.reserve(values.size());
            for (const sgf_value v : values) copy.values.emplace_back(v.raw());
        }
    }
    if (has_setup) {
        setup_data setup = read_setup(cx, node, width, height);
        if (!setup.is_empty()) e.setup = std::move(setup);  // `AE[]` or only bad points: nothing to do
    }
    return second;
}

}  // namespace

const std::string* record::find_header(std::string_view id) const noexcept {
    for (const auto& [k, v] : header) {
        if (k == id) return &v;
    }
    return nullptr;
}

record normalize(const sgf_collection& tree, node_id root, const normalize_options& options,
                 std::vector<diagnostic>& diagnostics, const source_text* text) {
    context cx{tree, text, diagnostics, options, false, false, {}};
    record r;
    const sgf_node& top = tree[root];
    // The first value of a root property, if it has one.
    auto first_value = [&](std::string_view id) -> std::optional<std::pair<std::string_view, std::uint32_t>> {
        const auto p = tree.find(root, id);
        if (!p || p->values().empty()) return std::nullopt;
        return std::pair{p->values().front().raw(), p->offset()};
    };

    // The board size first: points anywhere in the root may precede SZ.
    bool replay = options.replay;
    if (const auto sz = first_value("SZ")) {
        const auto size = parse_size(sz->first);
        if (size) {
            r.width = size->first;
            r.height = size->second;
        } else {
            cx.report(severity::error, "go.bad-size", "SZ[" + std::string(sz->first) + "] is not a board size (1-52, or columns:rows)",
                      sz->second, -1);
        }
    }
    if (const auto gm = first_value("GM"); gm && simple_text_value(gm->first) != "1") {
        cx.report(severity::warning, "go.not-go", "GM[" + std::string(gm->first) + "] is not go; moves are not replayed", gm->second, -1);
        replay = false;
    }
    {
        std::string rules;
        if (const auto ru = first_value("RU")) rules = simple_text_value(ru->first);
        std::transform(rules.begin(), rules.end(), rules.begin(), [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c); });
        cx.suicide_allowed = rules == "nz" || rules.starts_with("new zealand") || rules == "tt" || rules.starts_with("tromp");
    }

    // Header: root properties that describe the game, one value each.
    move_entry& start = r.lines[0][0];
    for (const sgf_property p : tree.properties(root)) {
        if (p.values().size() == 1 && !is_node_property(p.id())) {
            r.header.emplace_back(p.id(), header_text(p.id(), p.values().front().raw()));
        }
    }
    if (const auto ha = first_value("HA")) {
        const std::string v = simple_text_value(ha->first);
        int n = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (ec == std::errc{} && end == v.data() + v.size() && n >= 0 && n <= r.width * r.height) {
            r.handicap = n;
        } else {
            cx.report(severity::warning, "go.bad-handicap", "HA[" + std::string(ha->first) + "] is not a number of stones", ha->second, -1);
        }
    }
    r.initial = read_setup(cx, root, r.width, r.height);
    if (r.handicap >= 2 && r.initial.black.empty()) {
        cx.report(severity::warning, "go.handicap-without-stones", "HA[" + std::to_string(r.handicap) + "] but no AB stones in the root; none are placed", top.offset, -1);
    }

    // The root: game-info goes to the header, the rest to moves[0]; a move in the root
    // becomes moves[1].
    move_entry root_entry;
    std::uint32_t root_second_offset = 0;
    const std::optional<move_data> root_second = fill_entry(cx, root, root_entry, r.width, r.height, true, root_second_offset);
    std::erase_if(root_entry.properties, [](const raw_property& p) {
        return !is_node_property(p.id) && p.values.size() == 1;
    });
    std::erase_if(root_entry.properties, [](const raw_property& p) {
        return p.id == "AB" || p.id == "AW" || p.id == "AE" || p.id == "PL";
    });
    start.comments = std::move(root_entry.comments);
    start.properties = std::move(root_entry.properties);
    start.forced = root_entry.forced && !root_entry.move;
    start.offset = top.offset;  // (root_entry.offset may be its move's)

    // One board for the whole tree: a fork line starts by undoing it to its branch point.
    board b(r.width, r.height);
    apply_setup(b, r.initial);
    if (root_entry.move) {
        move_entry m;
        m.move = root_entry.move;
        m.forced = root_entry.forced;
        m.offset = root_entry.offset;
        if (replay) play(cx, b, m, 1, m.offset);
        r.lines[0].push_back(std::move(m));
    }
    if (root_second) {
        move_entry m;
        m.move = root_second;
        m.offset = root_second_offset;
        if (replay) play(cx, b, m, static_cast<int>(r.lines[0].size()), m.offset);
        r.lines[0].push_back(std::move(m));
    }

    // Lines are made one at a time from a work list; a branch point queues each further child
    // as a new line (a fork of the entry its first child makes) with a mark of the board before it.
    std::vector<pending_line> work;
    if (top.first_child != no_node) {
        work.push_back({top.first_child, 0, static_cast<int>(r.lines[0].size()), no_mark, true});
    }
    while (!work.empty() && !cx.stopped) {
        pending_line job = std::move(work.back());
        work.pop_back();
        if (job.mark != no_mark) b.undo_to(job.mark);
        int ply = job.ply;
        bool siblings_are_forks = job.siblings_are_forks;
        {
            // The line's length is known from the tree: its entries are placed once.
            std::size_t length = 0;
            for (node_id n = job.start; n != no_node; n = tree[n].first_child) ++length;
            r.lines[job.line].reserve(r.lines[job.line].size() + length);
        }
        for (node_id n = job.start; n != no_node && !cx.stopped; n = tree[n].first_child, ++ply) {
            std::vector<std::uint32_t> forks;
            if (siblings_are_forks) {
                for (node_id c = tree[n].next_sibling; c != no_node; c = tree[c].next_sibling) {
                    forks.push_back(static_cast<std::uint32_t>(r.lines.size()));
                    r.lines.emplace_back();
                    work.push_back({c, forks.back(), ply, replay ? b.mark() : no_mark, false});
                }
            }
            siblings_are_forks = true;
            line& current = r.lines[job.line];
            current.emplace_back();
            move_entry& e = current.back();
            std::uint32_t second_offset = 0;
            const std::optional<move_data> second = fill_entry(cx, n, e, r.width, r.height, false, second_offset);
            e.forks = std::move(forks);
            if (replay) {
                if (e.setup) apply_setup(b, *e.setup);
                if (e.move) play(cx, b, e, ply, e.offset);
            }
            if (second) {
                ++ply;
                current.emplace_back();
                move_entry& m = current.back();
                m.move = second;
                m.offset = second_offset;
                if (replay) play(cx, b, m, ply, m.offset);
            }
        }
    }
    if (replay) {
        // Main-line totals: replay the main line alone once more would cost time; instead sum.
        for (const move_entry& e : r.lines[0]) {
            if (!e.move) continue;
            if (e.move->color == color::black) {
                r.prisoners_black += static_cast<int>(e.captures.size());
                r.prisoners_white += static_cast<int>(e.suicide.size());
            } else {
                r.prisoners_white += static_cast<int>(e.captures.size());
                r.prisoners_black += static_cast<int>(e.suicide.size());
            }
        }
    }
    return r;
}

}  // namespace kifu::go
