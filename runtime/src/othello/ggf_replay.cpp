// One GGF game's properties → a replayed othello record: the BO board, the moves with their
// evals and times, passes recorded or inserted, the end of the game.

#include "core/charconv_double.hpp"
#include "othello/ggf.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <string>

#include <fmt/core.h>

#include "othello/bitboard.hpp"
#include "othello/bits_inline.hpp"

namespace kifu::inline v1::othello::ggf {
namespace {

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

char upper(char c) noexcept { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

// Properties of Buro's spec (and NBoard's); others are kept with a warning.
constexpr std::array<std::string_view, 19> known_ids{"GM", "PC", "DT", "PB", "PW", "RB", "RW", "TI", "TB", "TW",
                                                     "TY", "RE", "BO", "B",  "W",  "KB", "KW", "KM", "CO"};

bool is_known(std::string_view id) noexcept {
    for (std::string_view k : known_ids) {
        if (k == id) return true;
    }
    return false;
}

// A BO cell or side-to-move character (NBoard's spellings too); `none` = not one.
cell cell_of(char c) noexcept {
    switch (c) {
    case '-': case '.': case '_': return cell::empty;
    case '*': case 'x': case 'X': return cell::black;
    case 'O': case 'o': case '0': return cell::white;
    default: return cell::none;
    }
}

// Parses `BO[n cells side]`; returns an error message, or "" and fills `out`.
std::string parse_board(std::string_view value, initial_position& out) {
    std::string body;
    body.reserve(value.size());
    for (char c : value) {
        if (!is_space(c)) body.push_back(c);
    }
    std::size_t digits = 0;
    while (digits < body.size() && digits < 3 && body[digits] >= '0' && body[digits] <= '9') ++digits;
    int n = 0;
    if (digits == 0 || std::from_chars(body.data(), body.data() + digits, n).ec != std::errc{}) {
        return "the board text does not start with its size";
    }
    const bool octagon = n == 88;
    if (octagon) n = 10;
    if (!is_valid_size(n)) {
        return fmt::format("board size {} is none of 4, 6, 8, 10, 12, 14 and 88", body.substr(0, digits));
    }
    out.size = n;
    out.octagon = octagon;
    board b = board::empty(n, octagon);
    std::size_t k = digits;
    for (std::int8_t y = 1; y <= n; ++y) {
        for (std::int8_t x = 1; x <= n; ++x) {
            if (!b.on_board({x, y})) continue;  // the octagon's cut corners are not written
            if (k >= body.size()) return "the board text has too few squares";
            const cell c = cell_of(body[k]);
            if (c == cell::none) return fmt::format("'{}' is no square of a board text", body[k]);
            b.set({x, y}, c);
            ++k;
        }
    }
    if (k >= body.size()) return "the board text has no side to move";
    const cell side = cell_of(body[k]);
    if (side != cell::black && side != cell::white) {
        return fmt::format("'{}' is no side to move ('*' or 'O')", body[k]);
    }
    if (k + 1 != body.size()) return "the board text has too many characters";
    out.to_move = side == cell::black ? color::black : color::white;
    b.set_to_move(color::black);
    if (b == board::standard(n, octagon)) {
        out.cells.clear();
    } else {
        out.cells = b.cells();
    }
    return {};
}

// A move value `SQ[/EVAL[/TIME]]`.
struct parsed_move {
    bool pass = false;
    square to{};
    bool square_ok = false;
    std::string_view eval;
    std::string_view time;
};

parsed_move parse_move(std::string_view value, int size) {
    parsed_move m;
    const std::size_t slash = value.find('/');
    const std::string_view sq = trim(value.substr(0, slash));
    if (slash != std::string_view::npos) {
        const std::string_view rest = value.substr(slash + 1);
        const std::size_t slash2 = rest.find('/');
        m.eval = trim(rest.substr(0, slash2));
        if (slash2 != std::string_view::npos) {
            const std::string_view t = rest.substr(slash2 + 1);
            m.time = trim(t.substr(0, t.find('/')));
        }
    }
    // Passes: `--` or any prefix of PASS of length 2 or more, in any case (OsMove).
    if (sq == "--" || (sq.size() >= 2 && sq.size() <= 4 && [&] {
            for (std::size_t i = 0; i < sq.size(); ++i) {
                if (upper(sq[i]) != "PASS"[i]) return false;
            }
            return true;
        }())) {
        m.pass = true;
        m.square_ok = true;
        return m;
    }
    if (sq.size() < 2 || sq.size() > 3) return m;
    const char letter = upper(sq[0]);
    int row = 0;
    const auto [end, ec] = std::from_chars(sq.data() + 1, sq.data() + sq.size(), row);
    if (letter < 'A' || letter > 'Z' || ec != std::errc{} || end != sq.data() + sq.size() || sq[1] == '0') return m;
    const int col = letter - 'A' + 1;
    if (col > size || row < 1 || row > size) return m;
    m.to = square{static_cast<std::int8_t>(col), static_cast<std::int8_t>(row)};
    m.square_ok = true;
    return m;
}

// The 8×8 games on bitboards, the other sizes on the general board; the same replay for both.
struct bit_position {
    std::uint64_t black = 0;
    std::uint64_t white = 0;

    bool on_board(square s) const noexcept { return s.x >= 1 && s.x <= 8 && s.y >= 1 && s.y <= 8; }
    bool has_move(color c) const noexcept {
        return c == color::black ? bits::legal_moves(black, white) != 0 : bits::legal_moves(white, black) != 0;
    }
    flip_runs_t play(square s, color c) noexcept {
        const int index = bits::index_of(s);
        std::uint64_t& own = c == color::black ? black : white;
        std::uint64_t& opp = c == color::black ? white : black;
        if (((own | opp) >> index) & 1U) return 0;
        std::uint64_t mask = 0;
        const flip_runs_t runs = kifu::othello::detail::flip_runs(own, opp, index, mask);
        if (runs != 0) {
            own |= mask | bits::bit(index);
            opp &= ~mask;
        }
        return runs;
    }
    disc_counts counts() const noexcept {
        const int b = bits::count(black);
        const int w = bits::count(white);
        return {b, w, 64 - b - w};
    }
};

struct general_position {
    board b;

    bool on_board(square s) const noexcept { return b.on_board(s); }
    bool has_move(color c) const noexcept { return b.has_move(c); }
    flip_runs_t play(square s, color c) noexcept {
        b.set_to_move(c);
        return b.play_runs(s);
    }
    disc_counts counts() const noexcept { return b.counts(); }
};

class replayer {
public:
    replayer(const source_text& text, std::vector<diagnostic>& diagnostics) : text_(text), diagnostics_(diagnostics) {}

    template <typename Position>
    void run(Position pos, record& r, const std::vector<property>& moves) {
        color p = r.initial.to_move;
        for (const property& prop : moves) {
            const color written = prop.id == "B" ? color::black : color::white;
            const parsed_move m = parse_move(prop.value, r.initial.size);
            const int ply = static_cast<int>(r.moves.size()) + 1;
            if (!m.square_ok) {
                const std::string_view written_square = trim(prop.value.substr(0, prop.value.find('/')));
                stop(r, "ggf.bad-square", ply, std::nullopt, prop.offset,
                     fmt::format("'{}' is neither a square of the {}×{} board nor a pass", written_square,
                                 r.initial.size, r.initial.size));
                break;
            }
            if (m.pass) {
                if (pos.has_move(p)) {
                    stop(r, "othello.illegal-move", ply, std::nullopt, prop.offset,
                         fmt::format("{} passes but has a legal move", name(p)));
                    break;
                }
                r.moves.push_back(move{p, pass_kind::recorded, {}, 0});
                ++r.passes_recorded;
                note(r, m, prop.offset);
                p = opponent(p);
                continue;
            }
            if (!pos.on_board(m.to)) {
                stop(r, "ggf.bad-square", ply, std::nullopt, prop.offset,
                     fmt::format("{} is a cut corner of the octagon board", to_string(m.to)));
                break;
            }
            if (written != p) {
                if (pos.has_move(p)) {
                    stop(r, "othello.illegal-move", ply, m.to, prop.offset,
                         fmt::format("{} plays {} but it is {}'s turn and {} can move", name(written), to_string(m.to),
                                     name(p), name(p)));
                    break;
                }
                warn("ggf.missing-pass", ply, prop.offset,
                     fmt::format("{} cannot move and the record writes no pass; one is inserted", name(p)));
                r.moves.push_back(move{p, pass_kind::inserted, {}, 0});
                ++r.passes_inserted;
                p = opponent(p);
            }
            const flip_runs_t runs = pos.play(m.to, p);
            if (runs == 0) {
                stop(r, "othello.illegal-move", static_cast<int>(r.moves.size()) + 1, m.to, prop.offset,
                     fmt::format("{} cannot play {}", name(p), to_string(m.to)));
                break;
            }
            r.moves.push_back(move{p, pass_kind::none, m.to, runs});
            note(r, m, prop.offset);
            p = opponent(p);
        }
        r.final_counts = pos.counts();
        const bool over = !pos.has_move(color::black) && !pos.has_move(color::white);
        r.end = !over ? game_end::early : r.final_counts.empty == 0 ? game_end::full : game_end::blocked;
    }

private:
    static std::string_view name(color c) noexcept { return c == color::black ? "black" : "white"; }

    void note(record& r, const parsed_move& m, std::size_t offset) {
        if (m.eval.empty() && m.time.empty()) return;
        move_note n;
        n.move_index = static_cast<std::uint32_t>(r.moves.size() - 1);
        if (!m.eval.empty()) {
            std::string_view e = m.eval;
            if (e.front() == '+') e.remove_prefix(1);
            double v = 0;
            const auto [end, ec] = kifu::detail::double_from_chars(e.data(), e.data() + e.size(), v);
            if (ec == std::errc{} && end == e.data() + e.size() && !e.empty() && std::isfinite(v)) {
                n.eval = v;
            } else {
                warn("ggf.bad-eval", static_cast<int>(r.moves.size()), offset,
                     fmt::format("evaluation '{}' is no number; it is dropped", m.eval));
            }
        }
        n.elapsed = std::string(m.time);
        if (n.eval || !n.elapsed.empty()) r.notes.push_back(std::move(n));
    }

    void warn(std::string code, int ply, std::size_t offset, std::string message) {
        diagnostics_.push_back(text_.make_diagnostic(severity::warning, std::move(code), std::move(message), offset, ply));
    }

    void stop(record& r, std::string code, int ply, std::optional<square> at, std::size_t offset, std::string message) {
        diagnostics_.push_back(text_.make_diagnostic(severity::error, code, std::move(message), offset, ply));
        r.stop = replay_stop{ply, std::move(code), at};
    }

    const source_text& text_;
    std::vector<diagnostic>& diagnostics_;
};

// RE: Black's disc difference, `?` when unknown, an optional `:r` / `:t` / `:s` (NBoard `:l`).
bool valid_result(std::string_view re) {
    re = trim(re);
    if (re == "?") return true;
    const std::size_t colon = re.find(':');
    std::string_view number = re.substr(0, colon);
    if (colon != std::string_view::npos) {
        const std::string_view flag = re.substr(colon + 1);
        if (flag != "r" && flag != "t" && flag != "s" && flag != "l") return false;
    }
    if (!number.empty() && (number.front() == '+' || number.front() == '-')) number.remove_prefix(1);
    double v = 0;
    const auto [end, ec] = kifu::detail::double_from_chars(number.data(), number.data() + number.size(), v);
    return !number.empty() && ec == std::errc{} && end == number.data() + number.size();
}

}  // namespace

std::optional<record> to_record(const game& g, const source_text& text, std::vector<diagnostic>& diagnostics) {
    record r;
    r.format = "ggf";
    std::vector<property> moves;
    const property* bo = nullptr;
    std::vector<std::string_view> warned;
    for (const property& p : g.properties) {
        if (p.id == "B" || p.id == "W") {
            moves.push_back(p);
            continue;
        }
        if (p.id == "BO") {
            if (bo == nullptr) bo = &p;
            continue;
        }
        if (!is_known(p.id) && std::find(warned.begin(), warned.end(), p.id) == warned.end()) {
            warned.push_back(p.id);
            diagnostics.push_back(text.make_diagnostic(severity::warning, "ggf.unknown-property",
                                                       fmt::format("unknown property '{}' is kept as it is", p.id),
                                                       p.offset));
        }
        if (p.id == "RE" && !valid_result(p.value)) {
            diagnostics.push_back(text.make_diagnostic(
                severity::warning, "ggf.bad-result",
                fmt::format("result '{}' is not Black's disc difference (+40.00, -3, +64:r) or '?'", p.value), p.offset));
        }
        r.set_header(std::string(p.id), std::string(p.value));
    }
    if (bo == nullptr) {
        diagnostics.push_back(text.make_diagnostic(severity::error, "ggf.missing-board",
                                                   "the game has no BO (start position)" + std::string(game_skipped), g.offset));
        return std::nullopt;
    }
    if (std::string problem = parse_board(bo->value, r.initial); !problem.empty()) {
        diagnostics.push_back(text.make_diagnostic(severity::error, "ggf.bad-board",
                                                   "BO: " + problem + std::string(game_skipped), bo->offset));
        return std::nullopt;
    }
    replayer play(text, diagnostics);
    if (r.initial.size == 8 && !r.initial.octagon) {
        const board start = r.initial.to_board();
        bit_position pos;
        for (int i = 0; i < 64; ++i) {
            const cell c = start.cells()[static_cast<std::size_t>(i)];
            if (c == cell::black) pos.black |= bits::bit(i);
            if (c == cell::white) pos.white |= bits::bit(i);
        }
        play.run(pos, r, moves);
    } else {
        play.run(general_position{r.initial.to_board()}, r, moves);
    }
    return r;
}

}  // namespace kifu::othello::ggf
