// The JKF normalizer (../shared/formats/shogi.md §5.7): replays every line of play on a
// position and fills in what the source format left implicit. Unlike json-kifu-format it
// checks full legality and keeps going (lenient) or stops (strict) with a diagnostic instead
// of throwing away the whole record.
//
// A line's own moves are walked first (so the main line's problems come first), then its forks,
// each from the position saved when the walk passed its fork point. Positions are plain
// arrays, so copying one costs no allocation.

#include <kifu/shogi/normalize.hpp>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <utility>

#include "core/json_reader.hpp"
#include "shogi/engine.hpp"
#include "shogi/formats.hpp"
#include "shogi/normalize_source.hpp"
#include "shogi/presets.hpp"
#include "shogi/relative.hpp"
#include "shogi/rules_tables.hpp"

namespace kifu::inline v1::shogi {

namespace {

using detail::on_board;

// Deeper nesting than this is no real record; the bound keeps recursion off the stack's edge.
constexpr int max_fork_depth = 1000;
// Its JKF — document, moves, element, then forks, fork, element per level, and an element's
// move and square — must be readable back.
static_assert(3 * max_fork_depth + 5 <= static_cast<int>(kifu::detail::max_json_depth));

board_move board_move_of(const move_data& m) noexcept {
    return board_move{m.from.value_or(square{}), *m.to, *m.piece, m.promote.value_or(false)};
}

// The move in CSA notation for messages ("+7776FU", "-0055KA"); unknown parts are '?'.
std::string describe(const move_data& m, color mover) {
    std::string out(1, mover == color::black ? '+' : '-');
    auto put = [&out](const std::optional<square>& s, const char* none) {
        if (s && s->x >= 0 && s->x <= 9 && s->y >= 0 && s->y <= 9) {
            out += static_cast<char>('0' + s->x);
            out += static_cast<char>('0' + s->y);
        } else {
            out += none;
        }
    };
    put(m.from, "00");
    put(m.to, "??");
    if (m.piece) {
        out += to_csa(m.promote.value_or(false) ? detail::kind_promote(*m.piece) : *m.piece);
    } else {
        out += "??";
    }
    return out;
}

struct normalizer {
    const normalize_options& options;
    const normalize_source& source;
    std::vector<diagnostic>& diagnostics;
    bool failed = false;
    bool stopped = false;

    bool is(source_format f) const noexcept { return options.format == f; }

    void report(severity level, std::string_view code, std::string message, std::uint32_t line, int ply,
                std::uint32_t column = 0) {
        diagnostic d;
        d.severity = level;
        d.code = code;
        d.message = std::move(message);
        d.file = options.file;
        d.line = line;
        d.column = line != 0 ? column : 0;
        d.ply = ply;
        diagnostics.push_back(std::move(d));
        if (level == severity::error) {
            last_error = diagnostics.back().message;
            failed = true;
            stopped = stopped || options.mode == read_mode::strict;
        }
    }

    bool set_up(jkf& record, engine& start);
    // Reports what makes a set-up start position one no game reaches (check_position).
    void check_start(const engine& start) {
        for (position_problem& p : check_position(to_position(start))) {
            report(p.severity, code_of(p.flaw), std::move(p.message), 0, -1);
        }
    }
    void walk(std::vector<move_format>& moves, std::size_t first, const engine& start,
              std::optional<square> before_first, int base_ply, int depth);
    bool play(move_format& element, engine& pos, const std::optional<square>& previous_to, int ply);
    void truncate(std::vector<move_format>& moves, std::size_t at, int ply);
    std::string last_error;  // the message of the last error: why a lenient cut was made

    // The unreadable line `line` is, or nullptr (source.unreadable is in text order).
    const unreadable_line* unreadable_at(std::uint32_t line) const noexcept {
        if (line == 0) return nullptr;
        const std::vector<unreadable_line>& lines = *source.unreadable;
        const auto found = std::lower_bound(lines.begin(), lines.end(), line,
                                            [](const unreadable_line& u, std::uint32_t l) { return u.line < l; });
        return found != lines.end() && found->line == line ? &*found : nullptr;
    }
};

// The source lines of the elements from `at` on, forks included (sorted, once each).
void collect_lines(const std::vector<move_format>& moves, std::size_t at, std::vector<std::uint32_t>& lines) {
    for (std::size_t i = at; i < moves.size(); ++i) {
        if (moves[i].line != 0) lines.push_back(moves[i].line);
        for (const auto& fork : moves[i].forks) collect_lines(fork, 0, lines);
    }
}

bool normalizer::set_up(jkf& record, engine& start) {
    if (!record.initial) {
        start = *engine::from_preset("HIRATE");
        return true;
    }
    initial_format& initial = *record.initial;
    // Kifu for iPhone writes 手合割：平手 together with a board diagram: the diagram wins.
    if ((is(source_format::kif) || is(source_format::ki2)) && initial.data && initial.preset != "OTHER")
        initial.preset = "OTHER";
    if (initial.preset == "OTHER") {
        if (!initial.data) {
            report(severity::warning, "shogi.initial.no-board",
                   "the start position is OTHER but no board is given; starting from HIRATE", 0, -1);
            start = *engine::from_preset("HIRATE");
            return true;
        }
        if (is(source_format::csa)) {
            // CSA has no preset names: a PI line or a full board equal to a preset becomes it.
            // The state is compared first: most CSA records start from 平手, whose board is then
            // copied, not built (building it cost more than the rest of a short game's set-up).
            // A state that differs from every preset's can still give a preset's position
            // (from_state keeps a hand's count within 0..255): the positions are compared too.
            static const std::array<engine, detail::presets.size()> preset_positions = [] {
                std::array<engine, detail::presets.size()> out;
                for (std::size_t i = 0; i < out.size(); ++i) out[i] = *engine::from_preset(detail::presets[i].name);
                return out;
            }();
            static const std::array<state_format, detail::presets.size()> preset_states = [] {
                std::array<state_format, detail::presets.size()> out;
                for (std::size_t i = 0; i < out.size(); ++i) out[i] = preset_positions[i].to_state();
                return out;
            }();
            const auto take_preset = [&](std::size_t i) {
                start = preset_positions[i];
                initial.preset = detail::presets[i].name;
                initial.data.reset();
            };
            for (std::size_t i = 0; i < preset_states.size(); ++i) {
                if (*initial.data == preset_states[i]) {
                    take_preset(i);
                    return true;
                }
            }
            start = engine::from_state(*initial.data);
            for (std::size_t i = 0; i < preset_positions.size(); ++i) {
                if (start == preset_positions[i]) {
                    take_preset(i);
                    return true;
                }
            }
            check_start(start);
            return true;
        }
        start = engine::from_state(*initial.data);
        check_start(start);
        return true;
    }
    auto preset = engine::from_preset(initial.preset);
    if (!preset) {
        report(severity::error, "shogi.initial.unknown-preset", "unknown start position preset '" + initial.preset + "'", 0, -1);
        return false;
    }
    start = *preset;
    return true;
}

// The general sum of a move's time and the previous total, for any fields: 64-bit so that a
// hostile file's huge times cannot overflow, each field clamped to int. Out of line: the usual
// case is handled by add_csa_total.
[[gnu::noinline]] void sum_times(const time_value& now, const time_value* previous, time_value& out) {
    long long ms = now.ms.value_or(0);
    long long s = now.s;
    long long m = now.m;
    long long h = now.h.value_or(0);
    const bool has_ms = now.ms || (previous && previous->ms);
    if (previous) {
        ms += previous->ms.value_or(0);
        s += previous->s;
        m += previous->m;
        h += previous->h.value_or(0);
    }
    auto narrow = [](long long v) { return static_cast<int>(std::clamp<long long>(v, INT_MIN, INT_MAX)); };
    if (ms >= 0 && ms < 2000 && s >= 0 && s < 119 && m >= 0 && m < 119) {
        // A total built by this function plus one move's time: one carry per field at most, so
        // compare and subtract instead of a chain of divisions. Carries as arithmetic, not
        // branches: whether a minute rolls over is a coin toss.
        if (has_ms) {
            const long long carry = ms >= 1000;
            ms -= 1000 * carry;
            s += carry;
            out.ms = static_cast<int>(ms);
        }
        const long long carry_s = s >= 60;
        s -= 60 * carry_s;
        m += carry_s;
        const long long carry_m = m >= 60;
        m -= 60 * carry_m;
        h += carry_m;
        out.s = static_cast<int>(s);
        out.m = static_cast<int>(m);
        out.h = narrow(h);
        return;
    }
    if (has_ms) {
        s += ms / 1000;
        out.ms = narrow(ms % 1000);
    }
    m += s / 60;
    out.s = narrow(s % 60);
    out.h = narrow(h + m / 60);
    out.m = narrow(m % 60);
}

// CSA gives only each move's time: total = the same player's previous total (that of the
// element two before, when it has one) + now. This runs on every CSA move and is most of what
// CSA's normalize costs more than KIF's (whose totals are in the file), so the walk keeps each
// side's last total in seconds, and the usual case (whole seconds added to a total it wrote)
// is a sum and two divisions by a constant, without reading the last total back.
struct csa_total {
    // `seconds` is the total of the element two before this one's turn, or 0 when that
    // element has no total (or there is none); false when that total is not `seconds` in
    // whole seconds (it has milliseconds, or was clamped).
    bool exact = true;
    std::uint64_t seconds = 0;
};

// The totals of a line's first two elements' turns: what the elements before `first` give.
inline std::array<csa_total, 2> csa_totals_before(const std::vector<move_format>& moves, std::size_t first) {
    std::array<csa_total, 2> totals{};
    for (std::size_t i = first >= 2 ? first - 2 : 0; i < first; ++i) {
        if (moves[i].time && moves[i].time->total) totals[i & 1].exact = false;
    }
    return totals;
}

inline void add_csa_total(std::vector<move_format>& moves, std::size_t i, csa_total& last) {
    move_time& time = *moves[i].time;
    const time_value& now = time.now;
    // h below INT_MAX: sum_times clamps nothing, and the fields are those it gives (every
    // field of a total it wrote is normalized, so its sum is the seconds' sum normalized).
    static constexpr std::uint64_t unclamped = std::uint64_t{INT_MAX} * 3600;
    if (last.exact && !now.ms && !now.h && (now.m | now.s) >= 0) {
        const std::uint64_t t = last.seconds + std::uint64_t(now.m) * 60 + static_cast<unsigned>(now.s);
        if (t < unclamped) {
            last.seconds = t;
            // Unsigned, and the hours from the minutes: two multiplications by a constant
            // where signed divisions and remainders of t took six and their sign fixes.
            const std::uint64_t minutes = t / 60;
            const std::uint64_t hours = minutes / 60;
            // Written in place, field by field: building a time_value aside and copying it in
            // made the CPU wait on its own stores (store-to-load forwarding of partial writes).
            time_value& out = time.total.emplace();
            out.h = static_cast<int>(hours);
            out.m = static_cast<int>(minutes - hours * 60);
            out.s = static_cast<int>(t - minutes * 60);
            return;
        }
    }
    last.exact = false;
    const time_value* previous = i >= 2 && moves[i - 2].time && moves[i - 2].time->total ? &*moves[i - 2].time->total : nullptr;
    sum_times(now, previous, time.total.emplace());
}

void normalizer::truncate(std::vector<move_format>& moves, std::size_t at, int ply) {
    // The alternatives to the element cut start from the position before it, as the cut does:
    // a lenient cut keeps them as its own forks (walk() replays them from there).
    std::size_t forks = options.mode == read_mode::strict ? moves[at].forks.size() : 0;
    for (std::size_t i = at + 1; i < moves.size(); ++i) forks += moves[i].forks.size();
    if (forks > 0)
        report(severity::warning, "shogi.forks-dropped",
               std::to_string(forks) + " variation(s) hanging on the dropped moves are dropped with them",
               moves[at].line, ply);
    if (options.mode == read_mode::strict) {
        moves.erase(moves.begin() + static_cast<std::ptrdiff_t>(at), moves.end());
        return;
    }
    // Lenient: nothing is lost. The cut is an ERROR special that says where and why, and keeps
    // the source lines of what was not played, so that a repair can put them back.
    const std::uint32_t cut_line = moves[at].line;
    const std::uint32_t cut_column = moves[at].column;
    std::vector<std::uint32_t> lines;
    if (moves[at].line != 0) lines.push_back(moves[at].line);
    collect_lines(moves, at + 1, lines);
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    move_format cut;
    cut.forks = std::move(moves[at].forks);
    cut.column = cut_column;
    cut.special = "ERROR";
    cut.line = cut_line;
    cut.comments.push_back("kifu: the game is cut at " + (cut_line != 0 ? "line " + std::to_string(cut_line) : "ply " + std::to_string(ply)) +
                           ": " + last_error);
    if (source.text) {
        for (const std::uint32_t l : lines) cut.comments.push_back("unplayed: " + std::string(source.text->line_text(l)));
    } else {
        // No source lines (JKF, whose record may be one line): the moves in CSA notation.
        color mover = ply % 2 == 1 ? color::black : color::white;
        for (std::size_t i = at; i < moves.size(); ++i) {
            if (moves[i].move) cut.comments.push_back("unplayed: " + describe(*moves[i].move, moves[i].move->color.value_or(mover)));
            if (!moves[i].special.empty()) cut.comments.push_back("unplayed: " + moves[i].special);
            mover = mover == color::black ? color::white : color::black;
        }
    }
    moves.erase(moves.begin() + static_cast<std::ptrdiff_t>(at), moves.end());
    moves.push_back(std::move(cut));
    report(severity::warning, "shogi.cut",
           "the game is cut here; " + std::to_string(lines.size()) + " source line(s) after it are kept as 'unplayed:' comments of an ERROR special",
           cut_line, ply, cut_column);
}

bool normalizer::play(move_format& element, engine& pos, const std::optional<square>& previous_to, int ply) {
    move_data& m = *element.move;
    const color mover = pos.side_to_move();
    // In locals: the move's fields are bytes, and the compiler must assume a store to one of
    // them could change `options`, reloading it at every test.
    const bool ki2 = is(source_format::ki2);
    const bool csa = is(source_format::csa);
    const bool marks_same = csa || is(source_format::jkf);
    auto fail = [&](std::string_view code, std::string_view why) {
        report(severity::error, code, describe(m, mover) + ": " + std::string(why), element.line, ply, element.column);
        return false;
    };
    auto illegal = [&](illegal_reason r) { return fail(code_of(r), message_of(r)); };

    if (m.color && *m.color != mover)
        return fail("shogi.wrong-turn", mover == color::black ? "the move is marked as White's but Black is to move"
                                                              : "the move is marked as Black's but White is to move");
    m.color = mover;

    if (m.same.value_or(false)) {
        if (!previous_to) return fail("shogi.same-without-previous", "the move says 同 (same square) but no move precedes it");
        if (m.to && *m.to != *previous_to) return fail("shogi.same-mismatch", "the move says 同 but names another square than the previous move's");
        m.to = previous_to;
    }
    if (!m.to) return fail("shogi.incomplete-move", "the move has no destination");
    if (!on_board(*m.to) || (m.from && !on_board(*m.from))) return illegal(illegal_reason::off_board);

    if (!m.from && ki2) {
        if (!m.piece) return fail("shogi.incomplete-move", "the move names no piece");
        origin_result origin = solve_origin(pos, *m.piece, *m.to, m.relative);
        if (origin.status == origin_status::ambiguous)
            return fail("shogi.relative.ambiguous", "more than one piece fits the move's relative notation");
        if (origin.status == origin_status::no_match)
            return fail("shogi.relative.no-match", "no piece fits the move's relative notation");
        if (origin.status == origin_status::board) m.from = origin.from;
    }

    if (m.from) {
        // The origin's piece is looked at only when the move needs it (KIF and KI2 moves name
        // their piece as it stands on the origin).
        if (!m.piece || csa) {
            auto origin = pos.at(*m.from);
            if (!m.piece) {
                if (!origin) return illegal(illegal_reason::empty_origin);
                m.piece = origin->kind;
            } else if (origin && origin->color == mover && origin->kind != *m.piece &&
                       detail::kind_is_promoted(*m.piece) && detail::kind_promote(origin->kind) == *m.piece) {
                // CSA writes the kind after the move: +8822UM is a bishop promoting.
                m.piece = origin->kind;
                m.promote = true;
            }
        }
    } else if (!m.piece) {
        return fail("shogi.incomplete-move", "the drop names no piece");
    }

    const board_move bm = board_move_of(m);
    // 相対 is worked out on the board before the move, and kept only if the move is legal.
    const std::string_view relative = ki2 ? std::string_view{} : relative_of(pos, bm);
    if (illegal_reason r = pos.check_and_apply(bm, m.capture); r != illegal_reason::none) return illegal(r);

    if (marks_same && previous_to && *previous_to == bm.to) m.same = true;
    if (!ki2) {
        if (!bm.is_drop() && !bm.promote && detail::kind_can_promote(bm.piece) &&
            (detail::in_zone(mover, bm.from.y) || detail::in_zone(mover, bm.to.y)))
            m.promote = false;
        if (relative != m.relative) m.relative = relative;
    }
    return true;
}

void normalizer::walk(std::vector<move_format>& moves, std::size_t first, const engine& start,
                      std::optional<square> before_first, int base_ply, int depth) {
    // By reference: an optional<square> returned by value went through memory in pieces and
    // stalled the load that read it back whole.
    static const std::optional<square> none;
    auto previous_to = [&](std::size_t i) -> const std::optional<square>& {
        if (i == 0) return before_first;
        const move_format& p = moves[i - 1];
        return p.move ? p.move->to : none;
    };

    const bool csa = is(source_format::csa);  // a local: stores to the moves would reload options
    engine pos = start;
    // The position before each element that has forks, taken on the way: the forks are
    // walked after the whole line (its problems come first), and replaying the line from its
    // start to reach them cost a third as much again as walking it (KIF, KI2 with variations).
    std::vector<std::pair<std::size_t, engine>> fork_points;
    bool ended = false;  // a terminal special was seen
    std::array<csa_total, 2> totals = csa ? csa_totals_before(moves, first) : std::array<csa_total, 2>{};
    for (std::size_t i = first; i < moves.size(); ++i) {
        move_format& element = moves[i];
        const int ply = base_ply + static_cast<int>(i);
        if (!element.forks.empty()) fork_points.emplace_back(i, pos);
        if (!element.move && element.special.empty() && source.unreadable) {
            // A line lenient reading skipped (its syntax error is reported): the cut is here.
            if (const unreadable_line* skipped = unreadable_at(element.line)) {
                last_error = skipped->why;
                truncate(moves, i, ply);
                break;
            }
        }
        if (element.move) {
            if (ended) {
                report(severity::error, "shogi.move-after-special",
                       describe(*element.move, pos.side_to_move()) + ": a move follows the end of the game", element.line, ply,
                       element.column);
                truncate(moves, i, ply);
                break;
            }
            if (!play(element, pos, previous_to(i), ply)) {
                truncate(moves, i, ply);
                break;
            }
        } else if (!element.special.empty()) {
            // 反則勝ち: the side to move wins, so the last mover made the illegal move.
            if (element.special == "ILLEGAL_ACTION")
                element.special = pos.side_to_move() == color::white ? "+ILLEGAL_ACTION" : "-ILLEGAL_ACTION";
            ended = true;
        }
        if (csa) {
            if (element.time) {
                add_csa_total(moves, i, totals[i & 1]);
            } else {
                totals[i & 1] = csa_total{};
            }
        }
        if (stopped) return;
    }
    if (stopped) return;

    for (auto& [i, fork_pos] : fork_points) {
        // An element dropped with an illegal move took its forks with it.
        if (i >= moves.size()) break;
        move_format& element = moves[i];
        const int ply = base_ply + static_cast<int>(i);
        if (depth >= max_fork_depth) {
            report(severity::error, "shogi.fork-too-deep",
                   "variations are nested more than " + std::to_string(max_fork_depth) + " deep", element.line, ply,
                   element.column);
            if (stopped) return;
            element.forks.clear();
        }
        for (std::size_t f = 0; f < element.forks.size();) {
            const bool had_moves = !element.forks[f].empty();
            walk(element.forks[f], 0, fork_pos, previous_to(i), ply, depth + 1);
            if (stopped) return;
            // A variation whose first move was illegal is gone; an empty array would be noise.
            if (had_moves && element.forks[f].empty()) {
                element.forks.erase(element.forks.begin() + static_cast<std::ptrdiff_t>(f));
            } else {
                ++f;
            }
        }
    }
}

}  // namespace

bool normalize(jkf& record, const normalize_options& options, std::vector<diagnostic>& diagnostics) {
    return normalize(record, options, normalize_source{}, diagnostics);
}

bool normalize(jkf& record, const normalize_options& options, const normalize_source& source,
               std::vector<diagnostic>& diagnostics) {
    normalizer n{options, source, diagnostics, false, false, {}};
    engine start;
    if (!n.set_up(record, start)) return false;
    if (record.moves.empty()) record.moves.emplace_back();
    move_format& opening = record.moves.front();
    if (opening.move) {
        n.report(severity::error, "shogi.move-at-start", "the first element of moves is the start position, not a move",
                 opening.line, 0);
        if (n.stopped) return false;
    }
    if (!opening.forks.empty()) {
        n.report(severity::error, "shogi.fork-at-start", "the start position entry cannot have variations", opening.line, 0);
        if (n.stopped) return false;
        opening.forks.clear();
    }
    n.walk(record.moves, 1, start, std::nullopt, 0, 0);
    return !n.failed;
}

namespace detail {

namespace {

// Strict: the normalizer's first error (added from `since` on) ends the read, so the parser's
// reports of what comes after it in the text (it read the whole game first) are dropped.
void drop_reports_after_first_error(std::vector<diagnostic>& diagnostics, std::size_t since) {
    const auto error = std::find_if(diagnostics.begin() + static_cast<std::ptrdiff_t>(since), diagnostics.end(),
                                    [](const diagnostic& d) { return d.severity == severity::error; });
    if (error == diagnostics.end() || error->line == 0) {
        return;
    }
    const std::pair end_of_read{error->line, error->column};
    const auto after = [&](const diagnostic& d) {
        return d.line != 0 && std::pair{d.line, d.column} > end_of_read;
    };
    const auto parser_end = diagnostics.begin() + static_cast<std::ptrdiff_t>(since);
    diagnostics.erase(std::remove_if(diagnostics.begin(), parser_end, after), parser_end);
}

}  // namespace

bool keep_game(jkf& game, source_format format, const source_text& text, const read_options& options, read_result& out,
               const std::vector<unreadable_line>* unreadable) {
    if (options.normalize) {
        normalize_options n;
        n.format = format;
        n.mode = options.mode;
        n.file = text.file_name();
        normalize_source source;
        if (format != source_format::jkf) source.text = &text;  // a JKF record may be one long line
        source.unreadable = unreadable;
        const std::size_t since = out.diagnostics.size();
        if (!normalize(game, n, source, out.diagnostics) && options.mode == read_mode::strict) {
            drop_reports_after_first_error(out.diagnostics, since);
            return false;
        }
    }
    out.records.emplace_back(std::move(game));
    return true;
}

void keep_games(std::vector<jkf>& games, source_format format, const source_text& text, const read_options& options,
                read_result& out, const std::vector<unreadable_line>* unreadable) {
    for (jkf& game : games) {
        if (!keep_game(game, format, text, options, out, unreadable)) return;
    }
}

}  // namespace detail

}  // namespace kifu::shogi
