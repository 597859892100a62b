// Every position a record's lines of play reach, as canonical keys; and the keys of positions
// given as text (SFEN, a board string).

#include <cctype>
#include <optional>

#include <fmt/core.h>

#include <kifu/go/record.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/search.hpp>
#include <kifu/shogi/jkf.hpp>

#include "search/position_keys.hpp"
#include "shogi/engine.hpp"

namespace kifu::inline v1::search {
namespace {

using visitor = std::function<void(const position_visit&)>;

// --- shogi ------------------------------------------------------------------------------------

position_key shogi_key_of(const shogi::engine& p) {
    std::array<std::uint8_t, 81> cells{};
    std::size_t i = 0;
    for (std::int8_t y = 1; y <= 9; ++y) {
        for (std::int8_t x = 9; x >= 1; --x) {
            const auto piece = p.at({x, y});
            cells[i++] = piece ? static_cast<std::uint8_t>((piece->color == shogi::color::white ? 17 : 1) +
                                                           static_cast<int>(piece->kind))
                               : 0;
        }
    }
    std::array<std::uint8_t, 14> hands{};
    for (int c = 0; c < 2; ++c) {
        for (int k = 0; k < shogi::hand_kind_count; ++k) {
            hands[static_cast<std::size_t>(c * 7 + k)] =
                static_cast<std::uint8_t>(p.hand(static_cast<shogi::color>(c), static_cast<shogi::piece_kind>(k)));
        }
    }
    position_key key;
    detail::shogi_key(cells, hands, p.side_to_move() == shogi::color::white ? 1 : 0, key);
    return key;
}

std::optional<shogi::board_move> shogi_move_of(const shogi::move_format& m) {
    if (!m.move || !m.move->to || !m.move->piece) return std::nullopt;
    shogi::board_move bm;
    bm.to = *m.move->to;
    bm.from = m.move->from.value_or(shogi::square{});
    bm.piece = *m.move->piece;
    bm.promote = m.move->promote.value_or(false);
    return bm;
}

shogi::engine shogi_start(const shogi::jkf& r) {
    if (r.initial && r.initial->data) return shogi::engine::from_state(*r.initial->data);
    if (r.initial) {
        if (auto p = shogi::engine::from_preset(r.initial->preset)) return *p;
    }
    return *shogi::engine::from_preset("HIRATE");
}

struct shogi_walker {
    const visitor& visit;
    std::uint32_t lines = 0;

    // Visits the positions of `moves` from element `first` on, starting at `pos`.
    void walk(const std::vector<shogi::move_format>& moves, std::size_t first, shogi::engine pos, int ply,
              std::uint32_t line) {
        for (std::size_t k = first; k < moves.size(); ++k) {
            const auto bm = shogi_move_of(moves[k]);
            if (!bm) break;
            const std::string next = shogi::to_usi(*bm);
            const position_key key = shogi_key_of(pos);
            visit(position_visit{key, ply, line, next});
            for (const auto& fork : moves[k].forks) walk(fork, 0, pos, ply, ++lines);
            std::optional<shogi::piece_kind> captured;
            if (pos.check_and_apply(*bm, captured) != shogi::illegal_reason::none) return;
            ++ply;
        }
        const position_key key = shogi_key_of(pos);
        visit(position_visit{key, ply, line, {}});
    }
};

// --- go ---------------------------------------------------------------------------------------

void apply_setup(go::board& b, const go::setup_data& s) {
    for (const go::point& p : s.black) b.set(p, go::stone::black);
    for (const go::point& p : s.white) b.set(p, go::stone::white);
    for (const go::point& p : s.empty) b.set(p, go::stone::empty);
}

detail::grid go_grid(const go::board& b, go::color to_move) {
    detail::grid g;
    g.width = b.width();
    g.height = b.height();
    g.cells.resize(static_cast<std::size_t>(g.width * g.height));
    std::size_t i = 0;
    for (int y = 1; y <= g.height; ++y) {
        for (int x = 1; x <= g.width; ++x) g.cells[i++] = static_cast<std::uint8_t>(b.at({x, y}));
    }
    g.to_move = to_move == go::color::white ? 1 : 0;
    if (auto ko = b.ko_point(); ko && b.ko_color() == to_move) {
        g.ko_x = ko->x;
        g.ko_y = ko->y;
    }
    return g;
}

std::string go_move_text(const go::move_data& m) {
    if (m.pass) return "pass";
    if (m.to) return go::to_sgf(*m.to);
    return {};
}

struct go_walker {
    const go::record& r;
    const visitor& visit;
    std::uint32_t lines = 0;
    go::play_result played{};  // reused by every move

    void emit(const go::board& b, go::color to_move, int ply, std::uint32_t line, const std::string& next) {
        const detail::grid g = go_grid(b, to_move);
        position_key key;
        const std::vector<int> symmetries = detail::canonical_key(kifu::game::go, g, key);
        const std::string canonical = detail::canonical_move(kifu::game::go, next, symmetries, g.width, g.height);
        visit(position_visit{key, ply, line, canonical});
    }

    // The side to move where no move follows: the other side of the last mover, else PL, else
    // White after handicap stones, else Black.
    go::color side_after(std::optional<go::color> last) const {
        if (last) return go::opponent(*last);
        if (r.initial.to_move) return *r.initial.to_move;
        return r.handicap > 0 && !r.initial.black.empty() ? go::color::white : go::color::black;
    }

    // A fork is walked on the same board and the board is then taken back to its branch point.
    void fork(std::uint32_t f, go::board& b, int ply, std::optional<go::color> last) {
        const std::size_t m = b.mark();
        walk(f, 0, b, ply, ++lines, last);
        b.undo_to(m);
    }

    void walk(std::uint32_t line_index, std::size_t first, go::board& b, int ply, std::uint32_t line,
              std::optional<go::color> last) {
        const go::line& entries = r.lines[line_index];
        for (std::size_t k = first; k < entries.size(); ++k) {
            const go::move_entry& e = entries[k];
            if (!e.move) {
                // A node without a move (setup, comments) reaches no new ply; its setup applies.
                for (std::uint32_t f : e.forks) {
                    if (f < r.lines.size()) fork(f, b, ply, last);
                }
                if (e.setup) apply_setup(b, *e.setup);
                continue;
            }
            const std::string next = go_move_text(*e.move);
            emit(b, e.move->color, ply, line, next);
            for (std::uint32_t f : e.forks) {
                if (f < r.lines.size()) fork(f, b, ply, last);
            }
            if (e.setup) apply_setup(b, *e.setup);
            if (e.move->pass) {
                b.pass();
            } else if (e.move->to) {
                if (!b.contains(*e.move->to)) return;
                b.play(e.move->color, *e.move->to, played);
            }
            last = e.move->color;
            ++ply;
        }
        emit(b, side_after(last), ply, line, {});
    }
};

// --- othello ----------------------------------------------------------------------------------

detail::grid othello_grid(const othello::board& b) {
    detail::grid g;
    g.width = g.height = b.size();
    g.cells.reserve(b.cells().size());
    for (othello::cell c : b.cells()) g.cells.push_back(static_cast<std::uint8_t>(c));
    g.to_move = b.to_move() == othello::color::white ? 1 : 0;
    g.kind = b.octagon() ? 1 : 0;
    return g;
}

void othello_walk(const othello::record& r, const visitor& visit, std::optional<int> stop_at = std::nullopt) {
    othello::board b = r.initial.to_board();
    int ply = 0;
    auto emit = [&](const std::string& next) {
        const detail::grid g = othello_grid(b);
        position_key key;
        const std::vector<int> symmetries = detail::canonical_key(kifu::game::othello, g, key);
        const std::string canonical = detail::canonical_move(kifu::game::othello, next, symmetries, g.width, g.height);
        visit(position_visit{key, ply, 0, canonical});
    };
    for (const othello::move& m : r.moves) {
        if (stop_at && ply >= *stop_at) break;
        const std::string next = m.is_pass() ? std::string("pass") : othello::to_string(m.to);
        emit(next);
        if (m.is_pass()) {
            b.pass();
        } else if (b.play_runs(m.to) == 0) {
            return;
        }
        ++ply;
    }
    emit({});
}

}  // namespace

void for_each_position(const record& r, const std::function<void(const position_visit&)>& visit) {
    if (const auto* s = r.get<shogi::jkf>()) {
        if (s->moves.empty()) {
            const position_key key = shogi_key_of(shogi_start(*s));
            visit(position_visit{key, 0, 0, {}});
            return;
        }
        shogi_walker{visit}.walk(s->moves, 1, shogi_start(*s), 0, 0);
    } else if (const auto* g = r.get<go::record>()) {
        go::board b(g->width, g->height);
        apply_setup(b, g->initial);
        go_walker w{*g, visit};
        if (!g->lines.empty()) w.walk(0, 1, b, 0, 0, std::nullopt);
    } else if (const auto* o = r.get<othello::record>()) {
        othello_walk(*o, visit);
    }
}

std::optional<position_key> key_of(const record& r, std::optional<int> ply, std::string& error) {
    std::optional<position_key> found;
    int last_ply = -1;
    for_each_position(r, [&](const position_visit& v) {
        if (v.line != 0) return;
        last_ply = v.ply;
        if (!ply || v.ply == *ply) found = v.key;
    });
    if (!found || (ply && last_ply < *ply)) {
        error = ply ? fmt::format("the main line has {} moves: no position at ply {}", last_ply < 0 ? 0 : last_ply, *ply)
                    : std::string("the record has no position");
        return std::nullopt;
    }
    return found;
}

std::optional<position_key> key_from_sfen(std::string_view sfen, std::string& error) {
    std::string reason;
    const auto p = shogi::parse_sfen(sfen, &reason);
    if (!p) {
        error = reason.empty() ? std::string("not an SFEN position") : reason;
        return std::nullopt;
    }
    return shogi_key_of(shogi::engine_of(*p));
}

std::optional<position_key> key_from_board(std::string_view text, kifu::game game, std::string& error) {
    if (game == kifu::game::shogi) {
        error = "a shogi position is given as an SFEN (--sfen)";
        return std::nullopt;
    }
    std::uint8_t to_move = 0;
    // The side to move: a last word `b` or `w` after white space.
    std::size_t end = text.size();
    while (end > 0 && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
    if (end >= 2 && (text[end - 1] == 'b' || text[end - 1] == 'w') &&
        std::isspace(static_cast<unsigned char>(text[end - 2]))) {
        to_move = text[end - 1] == 'w' ? 1 : 0;
        end -= 2;
    }
    std::vector<std::uint8_t> cells;
    std::vector<std::size_t> row_lengths(1, 0);
    for (std::size_t i = 0; i < end; ++i) {
        const char c = text[i];
        std::uint8_t v = 255;
        switch (c) {
            case 'X': case 'x': case 'B': case '*': v = 1; break;
            case 'O': case 'o': case 'W': v = 2; break;
            case '.': case '-': case '+': v = 0; break;
            case '/': case ' ': case '\n': case '\r': case '\t':
                if (row_lengths.back() != 0) row_lengths.push_back(0);
                continue;
            default: break;
        }
        if (v == 255) {
            const auto byte = static_cast<unsigned char>(c);
            error = fmt::format("column {}: {} is not a board cell (X, O or .), a row separator (/) or the side to move (b, w)",
                                i + 1, std::isprint(byte) ? fmt::format("'{}'", c) : fmt::format("byte 0x{:02x}", byte));
            return std::nullopt;
        }
        cells.push_back(v);
        ++row_lengths.back();
    }
    if (row_lengths.back() == 0) row_lengths.pop_back();
    std::size_t side = 0;
    while (side * side < cells.size()) ++side;
    if (cells.empty() || side * side != cells.size()) {
        error = fmt::format("{} cells do not make a square board", cells.size());
        return std::nullopt;
    }
    // One run of cells is read as a square board only from 4×4 up: a shorter run ('XO..') is a
    // typo far more often than a 2×2 or 3×3 go board, which is written row by row ('XO/..').
    if (row_lengths.size() == 1 && side > 1 && side < 4) {
        error = fmt::format("{} cells without a row separator are not a board: write a board smaller than 4×4 row by row "
                            "(rows separated by /)",
                            cells.size());
        return std::nullopt;
    }
    if (row_lengths.size() > 1) {
        for (std::size_t n : row_lengths) {
            if (n != side) {
                error = fmt::format("rows of {} cells on a {}×{} board", n, side, side);
                return std::nullopt;
            }
        }
    }
    const int n = static_cast<int>(side);
    if (game == kifu::game::go ? (n < 2 || n > go::max_board_side) : !othello::is_valid_size(n)) {
        error = fmt::format("a {}×{} board is not {} board", n, n, game == kifu::game::go ? "a go" : "an othello");
        return std::nullopt;
    }
    detail::grid g;
    g.width = g.height = n;
    g.cells = std::move(cells);
    g.to_move = to_move;
    position_key key;
    detail::canonical_key(game, g, key);
    return key;
}

std::string move_for(const position_key& key, std::string_view canonical_move) {
    if (key.game == kifu::game::shogi || key.bytes.size() < 2) return std::string(canonical_move);
    const int w = static_cast<unsigned char>(key.bytes[0]);
    const int h = static_cast<unsigned char>(key.bytes[1]);
    // The canonical board has sides w×h; the inverse transform maps it back.
    return detail::transform_move(key.game, canonical_move, detail::inverse(key.symmetry), w, h);
}

}  // namespace kifu::search
