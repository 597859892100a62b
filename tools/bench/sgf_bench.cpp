// SGF read speed over the go corpus (or given files), against a baseline byte scan of the
// same bytes measured in the same run. Usage:
//   kifu_bench_sgf [--passes N] [--include REGEX] [--exclude REGEX] [--rows PREFIX] [FOLDER|FILE...]
// (default: ../shared/corpus/go/sgf, all 249 files). `--rows parse` times only the rows whose
// name starts with "parse" (for profiling one row). --include/--exclude filter on the path as
// ../shared/peers/go-othello/bench-sgf.mjs does, so both can time the same files. Compare with
// `node bench-sgf.mjs <same folder>` (smartgame, @sabaki/sgf; see docs/performance.md).

#include "bench_support.hpp"

#include <algorithm>
#include <functional>
#include <regex>

#include <fmt/core.h>

#include <kifu/go/record.hpp>
#include <kifu/kifu.hpp>

#include "core/peg_support.hpp"
#include "generated/sgf.hpp"
#include "go/normalize.hpp"
#include "go/readers.hpp"

namespace {

// Counts nodes and does nothing else: the grammar and its control alone.
struct counting_builder {
    std::size_t nodes = 0;
    void on(kifu::grammar::sgf::event e, std::string_view, std::size_t) {
        nodes += e == kifu::grammar::sgf::event::node ? 1 : 0;
    }
};

// Moves of every line of a record (main line and forks).
std::size_t moves_of(const kifu::go::record& r) {
    std::size_t n = 0;
    for (const auto& l : r.lines) {
        n += static_cast<std::size_t>(std::count_if(l.begin(), l.end(), [](const auto& e) { return e.move.has_value(); }));
    }
    return n;
}

// One operation of a replay (the replay row of the bench): a new board, a setup stone, a
// move, a pass, a mark before a fork, or the undo to the last mark when a fork starts.
enum class op_kind : std::uint8_t { board, set, play, pass, mark, undo };
struct op {
    op_kind kind;
    std::uint8_t what;  // set: a stone; play: a colour
    std::uint8_t x;     // board: width
    std::uint8_t y;     // board: height
};

// Plays a list of operations. A board without marks (go::board before it had them) keeps a
// copy per fork instead, so the same row times either.
template <typename Board>
void replay_on(const std::vector<op>& ops) {
    namespace go = kifu::go;
    constexpr bool has_marks = requires(Board& b) { b.undo_to(b.mark()); };
    go::play_result played;
    Board b;
    std::vector<std::size_t> marks;
    std::vector<Board> copies;
    for (const op& o : ops) {
        switch (o.kind) {
        case op_kind::board:
            b = Board(o.x, o.y);
            marks.clear();
            copies.clear();
            break;
        case op_kind::set: b.set({o.x, o.y}, static_cast<go::stone>(o.what)); break;
        case op_kind::play:
            if constexpr (has_marks) {
                b.play(static_cast<go::color>(o.what), {o.x, o.y}, played);
            } else {
                played = b.play(static_cast<go::color>(o.what), {o.x, o.y});
            }
            break;
        case op_kind::pass: b.pass(); break;
        case op_kind::mark:
            if constexpr (has_marks) {
                marks.push_back(b.mark());
            } else {
                copies.push_back(b);
            }
            break;
        case op_kind::undo:
            if constexpr (has_marks) {
                b.undo_to(marks.back());
                marks.pop_back();
            } else {
                b = std::move(copies.back());
                copies.pop_back();
            }
            break;
        }
    }
}

void replay(const std::vector<op>& ops) { replay_on<kifu::go::board>(ops); }

}  // namespace

int main(int argc, char** argv) {
    std::string include;
    std::string exclude;
    std::string rows;
    std::vector<char*> rest;
    for (int i = 0; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--include" && i + 1 < argc) {
            include = argv[++i];
        } else if (arg == "--exclude" && i + 1 < argc) {
            exclude = argv[++i];
        } else if (arg == "--rows" && i + 1 < argc) {
            rows = argv[++i];
        } else {
            rest.push_back(argv[i]);
        }
    }
    const auto args = kifu::bench::parse_arguments(static_cast<int>(rest.size()), rest.data(),
                                                   {kifu::bench::corpus_or("go/sgf", "sgf")});
    std::vector<kifu::bench::input> inputs = kifu::bench::load_inputs(args.paths, {".sgf"});
    const std::regex include_re(include.empty() ? "" : include);
    const std::regex exclude_re(exclude.empty() ? "$^" : exclude);
    std::erase_if(inputs, [&](const kifu::bench::input& in) {
        return (!include.empty() && !std::regex_search(in.name, include_re)) ||
               (!exclude.empty() && std::regex_search(in.name, exclude_re));
    });
    if (inputs.empty()) {
        fmt::print(stderr, "no .sgf file found\n");
        return 1;
    }
    const std::size_t bytes = kifu::bench::total_bytes(inputs);

    // Decoded once, not timed (the peers time from a string in memory): the SGF charset rules
    // (BOM, UTF-16, CA, detection) as the registry applies them.
    std::vector<kifu::source_text> texts;
    for (const auto& in : inputs) {
        std::vector<kifu::diagnostic> ds;
        kifu::decode_options d;
        d.fallback = "ISO-8859-1";
        d.declared = kifu::go::sniff_sgf_charset(in.bytes);
        d.forced = kifu::detect_encoding(in.bytes, d);
        texts.push_back(kifu::decode(in.name, in.bytes, d, ds));
    }

    struct rate {
        std::string name;
        std::size_t nodes;
        std::size_t moves;
        double seconds;
    };
    std::vector<rate> rates;
    std::size_t lines = 0;
    const double baseline = kifu::bench::best_cpu_seconds(args.passes, [&] {
        lines = 0;
        for (const auto& in : inputs) {
            lines += static_cast<std::size_t>(std::count(in.bytes.begin(), in.bytes.end(), '\n'));
        }
    });
    rates.push_back({"baseline: byte scan", 0, 0, baseline});
    kifu::bench::table table("SGF (go)", inputs, args.passes);
    // A pass returns {nodes, moves}; the table shows nodes.
    auto measure = [&](std::string name, const std::function<std::pair<std::size_t, std::size_t>()>& pass) {
        if (!name.starts_with(rows)) return;
        std::pair<std::size_t, std::size_t> counts;
        const double seconds = kifu::bench::best_cpu_seconds(args.passes, [&] { counts = pass(); });
        rates.push_back({name, counts.first, counts.second, seconds});
        table.measure(std::move(name), inputs.size(), bytes, [&] { return pass().first; });
    };

    namespace go = kifu::go;
    measure("grammar only: no builder", [&] {
        std::size_t nodes = 0;
        for (const auto& text : texts) {
            counting_builder b;
            std::vector<kifu::diagnostic> ds;
            kifu::detail::parse<kifu::grammar::sgf::file, kifu::grammar::sgf::traits>(text, kifu::read_mode::lenient,
                                                                                    "sgf", b, ds);
            nodes += b.nodes;
        }
        return std::pair{nodes, std::size_t{0}};
    });
    measure("parse: text -> SGF tree", [&] {
        std::size_t nodes = 0;
        for (const auto& text : texts) {
            std::vector<kifu::diagnostic> ds;
            nodes += go::parse_sgf(text, kifu::read_mode::lenient, ds).node_count();
        }
        return std::pair{nodes, std::size_t{0}};
    });
    // What a program reading many files does: one collection reused, so its memory is not
    // handed back to the system and faulted in again for every file.
    go::sgf_collection reused;
    measure("parse: into a reused collection", [&] {
        std::size_t nodes = 0;
        for (const auto& text : texts) {
            std::vector<kifu::diagnostic> ds;
            go::parse_sgf(text, kifu::read_mode::lenient, ds, reused);
            nodes += reused.node_count();
        }
        return std::pair{nodes, std::size_t{0}};
    });
    measure("parse+normalize: records", [&] {
        std::size_t nodes = 0;
        std::size_t moves = 0;
        for (const auto& text : texts) {
            std::vector<kifu::diagnostic> ds;
            const go::sgf_collection tree = go::parse_sgf(text, kifu::read_mode::lenient, ds);
            nodes += tree.node_count();
            for (const go::node_id root : tree.roots) moves += moves_of(go::normalize(tree, root, {}, ds, &text));
        }
        return std::pair{nodes, moves};
    });
    // The replay alone: every line of every record (main line and forks) played again as the
    // normalizer plays it, one go::board per record, lines last in, first out, a fork starting
    // by undoing the board to a mark made at its branch point. The records are made and turned
    // into a flat list of board operations before timing, so the row times the board, not a
    // walk over the records. Moves count points and passes.
    std::vector<op> ops;
    std::size_t replayed_moves = 0;
    {
        std::vector<kifu::diagnostic> ds;
        const auto setup = [&](const go::setup_data& s) {
            const auto add = [&](const std::vector<go::point>& points, go::stone what) {
                for (const go::point p : points) {
                    ops.push_back({op_kind::set, static_cast<std::uint8_t>(what), static_cast<std::uint8_t>(p.x),
                                   static_cast<std::uint8_t>(p.y)});
                }
            };
            add(s.black, go::stone::black);
            add(s.white, go::stone::white);
            add(s.empty, go::stone::empty);
        };
        for (const auto& text : texts) {
            const go::sgf_collection tree = go::parse_sgf(text, kifu::read_mode::lenient, ds);
            for (const go::node_id root : tree.roots) {
                const go::record r = go::normalize(tree, root, {}, ds, &text);
                if (const auto* gm = r.find_header("GM"); gm && *gm != "1") continue;
                ops.push_back({op_kind::board, 0, static_cast<std::uint8_t>(r.width), static_cast<std::uint8_t>(r.height)});
                setup(r.initial);
                std::vector<std::uint32_t> work{0};
                bool first = true;
                while (!work.empty()) {
                    const std::uint32_t l = work.back();
                    work.pop_back();
                    if (!first) ops.push_back({op_kind::undo, 0, 0, 0});
                    first = false;
                    for (const go::move_entry& e : r.lines[l]) {
                        for (const std::uint32_t f : e.forks) {
                            ops.push_back({op_kind::mark, 0, 0, 0});
                            work.push_back(f);
                        }
                        if (e.setup) setup(*e.setup);
                        if (!e.move) continue;
                        ++replayed_moves;
                        if (e.move->pass) {
                            ops.push_back({op_kind::pass, 0, 0, 0});
                        } else if (e.move->to) {
                            ops.push_back({op_kind::play, static_cast<std::uint8_t>(e.move->color),
                                           static_cast<std::uint8_t>(e.move->to->x), static_cast<std::uint8_t>(e.move->to->y)});
                        }  // an unparseable point is not played
                    }
                }
            }
        }
    }
    measure("replay: per move, all lines", [&] {
        replay(ops);
        return std::pair{replayed_moves, replayed_moves};  // the nodes column counts moves on this row
    });
    measure("read_buffer: bytes -> records", [&] {
        std::size_t records = 0;
        kifu::read_options options;
        options.format = "sgf";
        options.mode = kifu::read_mode::lenient;
        for (const auto& in : inputs) records += kifu::read_buffer(in.bytes, in.name, options).records.size();
        return std::pair{records, std::size_t{0}};
    });

    table.print();
    fmt::print("\nper core, from thread CPU time (best of {} passes); {} files, {:.3f} MB, {} lines\n", args.passes,
               inputs.size(), static_cast<double>(bytes) / 1e6, lines);
    fmt::print("{:<30} {:>9} {:>12} {:>9} {:>9} {:>10} {:>10}\n", "what", "nodes", "nodes/s", "ns/node", "moves",
               "MB/s", "x baseline");
    for (const auto& r : rates) {
        const bool counted = r.nodes > 0 && r.name.rfind("read_buffer", 0) != 0;  // read_buffer counts records
        fmt::print("{:<30} {:>9} {:>12.0f} {:>9.1f} {:>9} {:>10.1f} {:>10.1f}\n", r.name, r.nodes,
                   counted ? static_cast<double>(r.nodes) / r.seconds : 0.0,
                   counted ? r.seconds * 1e9 / static_cast<double>(r.nodes) : 0.0, r.moves,
                   static_cast<double>(bytes) / 1e6 / r.seconds, r.seconds / rates.front().seconds);
    }
    return 0;
}
