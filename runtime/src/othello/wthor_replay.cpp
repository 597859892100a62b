// WTHOR games → othello records: the header mapped onto GGF ids and the moves replayed
// with the passes WTHOR does not store (../shared/formats/go-othello.md §5.3–5.4, §6).

#include <kifu/othello/wthor.hpp>

#include <array>
#include <charconv>

#include <fmt/core.h>

#include "othello/bits_inline.hpp"

namespace kifu::othello::wthor {
namespace {

struct replay_context {
    std::string_view file_name;
    std::size_t game_number;
    std::vector<diagnostic>& diagnostics;

    void add(severity s, std::string code, std::string message, int ply = -1) const {
        diagnostic d;
        d.severity = s;
        d.code = std::move(code);
        d.message = fmt::format("game {}: {}", game_number, message);
        d.file = file_name.empty() ? std::string("<buffer>") : std::string(file_name);
        d.ply = ply;
        diagnostics.push_back(std::move(d));
    }
};

// Writes header entries in place: an entry that already exists (a record being reused) gets
// its key and value assigned, which keeps the strings' memory.
class header_filler {
public:
    explicit header_filler(record& r) : header_(r.header) {}
    ~header_filler() { header_.resize(used_); }
    header_filler(const header_filler&) = delete;
    header_filler& operator=(const header_filler&) = delete;

    void set(std::string_view key, std::string_view value) {
        if (used_ < header_.size()) {
            header_[used_].first.assign(key);
            header_[used_].second.assign(value);
        } else {
            header_.emplace_back(key, value);
        }
        ++used_;
    }
    void set_number(std::string_view key, int v, bool with_sign = false) {
        // to_chars into a buffer: every game takes this path (std::to_string or fmt would
        // make a string of their own; `"+" + std::to_string(v)` also trips g++ 12's
        // -Wrestrict false positive, GCC bug 105329).
        std::array<char, 12> buf{};
        char* begin = buf.data() + 1;
        if (with_sign) {
            buf[0] = v < 0 ? '-' : '+';
            begin = buf.data();
        }
        const auto [end, ec] = std::to_chars(buf.data() + 1, buf.data() + buf.size(), with_sign && v < 0 ? -v : v);
        set(key, std::string_view(begin, static_cast<std::size_t>(end - begin)));
    }

private:
    std::vector<std::pair<std::string, std::string>>& header_;
    std::size_t used_ = 0;
};

void fill_header(record& r, const game& g, const header& h, const name_tables& names, int size,
                 const replay_context& ctx) {
    header_filler out(r);
    out.set("GM", "Othello");
    if (g.tournament < names.tournaments.size()) {
        out.set("PC", names.tournaments[g.tournament]);
    } else if (names.tournaments_loaded) {
        ctx.add(severity::warning, "wthor.unknown-tournament",
                fmt::format("tournament number {} is not in the tournaments file ({} names)", g.tournament,
                            names.tournaments.size()));
    }
    out.set_number("DT", h.game_year);
    for (const auto& [key, id] : {std::pair{"PB", g.black}, std::pair{"PW", g.white}}) {
        if (id < names.players.size()) {
            out.set(key, names.players[id]);
        } else if (names.players_loaded) {
            ctx.add(severity::warning, "wthor.unknown-player",
                    fmt::format("player number {} is not in the players file ({} names)", id, names.players.size()));
        }
    }
    // RE is the disc difference in black's view (GGF); WTHOR's byte counts empties for the winner.
    out.set_number("RE", 2 * g.black_score - size * size, true);
    out.set_number("TY", size);
    out.set_number("wthor.trn", g.tournament);
    out.set_number("wthor.black", g.black);
    out.set_number("wthor.white", g.white);
    out.set_number("wthor.score", g.black_score);
    out.set_number("wthor.theory", g.theoretical_score);
    // Format_WThor.pdf: "0 is equivalent to 22".
    out.set_number("wthor.depth", h.depth == 0 ? 22 : h.depth);
    if (g.black_score > size * size) {
        ctx.add(severity::warning, "wthor.bad-score",
                fmt::format("black score {} is more than the {} squares of the board", g.black_score, size * size));
    }
}

// Returns true when a move code was followed by more codes after a 0 (they are ignored).
bool codes_after_end(const game& g, std::size_t from, std::size_t count) {
    for (std::size_t k = from; k < count; ++k) {
        if (g.moves[k] != 0) {
            return true;
        }
    }
    return false;
}

void stop_at(record& r, const replay_context& ctx, std::string code, int ply, std::optional<square> at,
             std::string message) {
    ctx.add(severity::error, code, std::move(message), ply);
    r.stop = replay_stop{ply, std::move(code), at};
}

// The 8×8 replay on bitboards: the hot path of reading the whole database. The mover's
// and the other side's discs are swapped after each move instead of branching on colour.
template <typename Flip>
[[gnu::always_inline]] inline void replay_8_with(record& r, const game& g, const replay_context& ctx, Flip flip) {
    const bitboard start = bitboard::standard();
    std::uint64_t own = start.black;
    std::uint64_t opp = start.white;
    color mover = color::black;
    for (std::size_t k = 0; k < 60; ++k) {
        const std::uint8_t code = g.moves[k];
        if (code == 0) {
            if (codes_after_end(g, k + 1, 60)) {
                ctx.add(severity::warning, "wthor.moves-after-end",
                        fmt::format("move codes follow the 0 that ends the list after move {}; they are ignored", k));
            }
            break;
        }
        const int row = code / 10;
        const int col = code % 10;
        if (row < 1 || row > 8 || col < 1 || col > 8) {
            stop_at(r, ctx, "wthor.bad-move", static_cast<int>(r.moves.size()) + 1, std::nullopt,
                    fmt::format("stored move {} has code {}, which is no square of the 8×8 board", k + 1, code));
            break;
        }
        const int index = (row - 1) * 8 + (col - 1);
        const std::uint64_t placed = std::uint64_t{1} << index;
        std::uint64_t mask = 0;
        flip_runs_t runs = (own | opp) & placed ? 0 : flip(own, opp, index, mask);
        if (runs == 0) {
            // WTHOR stores no passes: the side to move passes when it has no move at all and
            // the stored move is legal for the other side.
            if (((own | opp) & placed) == 0 && bits::legal_moves(own, opp) == 0) {
                runs = flip(opp, own, index, mask);
            }
            if (runs == 0) {
                const square to = bits::square_of(index);
                stop_at(r, ctx, "othello.illegal-move", static_cast<int>(r.moves.size()) + 1, to,
                        fmt::format("stored move {} ({}) is legal for neither side", k + 1, to_string(to)));
                break;
            }
            r.moves.push_back(move{mover, pass_kind::inserted, {}, 0});
            ++r.passes_inserted;
            std::swap(own, opp);
            mover = opponent(mover);
        }
        r.moves.push_back(move{mover, pass_kind::none, bits::square_of(index), runs});
        own |= mask | placed;
        opp &= ~mask;
        std::swap(own, opp);
        mover = opponent(mover);
    }
    bitboard b;
    b.black = mover == color::black ? own : opp;
    b.white = mover == color::black ? opp : own;
    b.to_move = mover;
    r.final_counts = b.counts();
    r.end = !b.game_over() ? game_end::early : r.final_counts.empty == 0 ? game_end::full : game_end::blocked;
}

void replay_8_scalar(record& r, const game& g, const replay_context& ctx) {
    replay_8_with(r, g, ctx, [](std::uint64_t own, std::uint64_t opp, int index, std::uint64_t& mask) {
        return detail::flip_runs(own, opp, index, mask);
    });
}

#if KIFU_OTHELLO_AVX2
__attribute__((target("avx2"))) void replay_8_avx2(record& r, const game& g, const replay_context& ctx) {
    replay_8_with(r, g, ctx, [](std::uint64_t own, std::uint64_t opp, int index, std::uint64_t& mask)
                                 __attribute__((target("avx2"))) { return detail::flip_runs_avx2(own, opp, index, mask); });
}
#endif

void replay_8(record& r, const game& g, const replay_context& ctx) {
#if KIFU_OTHELLO_AVX2
    if (detail::has_avx2()) {
        replay_8_avx2(r, g, ctx);
        return;
    }
#endif
    replay_8_scalar(r, g, ctx);
}

// The 10×10 replay (.wtd) on the general board.
void replay_10(record& r, const game& g, const replay_context& ctx) {
    board b = board::standard(10);
    for (std::size_t k = 0; k < 96; ++k) {
        const std::uint8_t code = g.moves[k];
        if (code == 0) {
            if (codes_after_end(g, k + 1, 96)) {
                ctx.add(severity::warning, "wthor.moves-after-end",
                        fmt::format("move codes follow the 0 that ends the list after move {}; they are ignored", k));
            }
            break;
        }
        const int ply = static_cast<int>(r.moves.size()) + 1;
        const int row = code / 12;
        const int col = code % 12;
        if (row < 1 || row > 10 || col < 1 || col > 10) {
            stop_at(r, ctx, "wthor.bad-move", ply, std::nullopt,
                    fmt::format("stored move {} has code {}, which is no square of the 10×10 board", k + 1, code));
            break;
        }
        const square to{static_cast<std::int8_t>(col), static_cast<std::int8_t>(row)};
        if (b.flip_runs(to, b.to_move()) == 0) {
            if (b.has_move(b.to_move()) || b.flip_runs(to, opponent(b.to_move())) == 0) {
                stop_at(r, ctx, "othello.illegal-move", ply, to,
                        fmt::format("stored move {} ({}) is legal for neither side", k + 1, to_string(to)));
                break;
            }
            r.moves.push_back(move{b.to_move(), pass_kind::inserted, {}, 0});
            ++r.passes_inserted;
            b.pass();
        }
        const color mover = b.to_move();
        const flip_runs_t runs = b.play_runs(to);
        r.moves.push_back(move{mover, pass_kind::none, to, runs});
    }
    r.final_counts = b.counts();
    r.end = !b.game_over() ? game_end::early : r.final_counts.empty == 0 ? game_end::full : game_end::blocked;
}

bool header_number(const record& r, std::string_view key, unsigned max, unsigned& out) {
    const std::string* v = r.find_header(key);
    if (v == nullptr) {
        out = 0;
        return true;
    }
    unsigned n = 0;
    const auto [p, ec] = std::from_chars(v->data(), v->data() + v->size(), n);
    if (ec != std::errc{} || p != v->data() + v->size() || n > max) {
        return false;
    }
    out = n;
    return true;
}

}  // namespace

void to_record(const game& g, const header& h, const name_tables& names, std::string_view file_name,
               std::size_t game_number, std::vector<diagnostic>& diagnostics, record& r) {
    const replay_context ctx{file_name, game_number, diagnostics};
    const int size = h.board_size == 10 ? 10 : 8;
    r.format = "wthor";
    r.initial = initial_position{};
    r.initial.size = size;
    r.moves.clear();
    r.notes.clear();
    r.final_counts = {};
    r.end = game_end::early;
    r.passes_recorded = 0;
    r.passes_inserted = 0;
    r.stop.reset();
    fill_header(r, g, h, names, size, ctx);
    if (size == 8) {
        replay_8(r, g, ctx);
    } else {
        replay_10(r, g, ctx);
    }
    if (r.end != game_end::early && !r.stop && g.black_score != black_score_with_empties(r.final_counts)) {
        ctx.add(severity::warning, "wthor.score-mismatch",
                fmt::format("the recorded black score {} is not the final board's {} (empties to the winner)",
                            g.black_score, black_score_with_empties(r.final_counts)));
    }
}

record to_record(const game& g, const header& h, const name_tables& names, std::string_view file_name,
                 std::size_t game_number, std::vector<diagnostic>& diagnostics) {
    record r;
    r.header.reserve(14);
    r.moves.reserve(64);
    to_record(g, h, names, file_name, game_number, diagnostics, r);
    return r;
}

std::optional<game> from_record(const record& r) {
    const int size = r.initial.size;
    if ((size != 8 && size != 10) || r.initial.octagon || !r.initial.is_standard()) {
        return std::nullopt;
    }
    game g;
    unsigned tournament = 0, black = 0, white = 0, score = 0, theoretical = 0;
    if (!header_number(r, "wthor.trn", 0xffff, tournament) || !header_number(r, "wthor.black", 0xffff, black) ||
        !header_number(r, "wthor.white", 0xffff, white) || !header_number(r, "wthor.score", 0xff, score) ||
        !header_number(r, "wthor.theory", 0xff, theoretical)) {
        return std::nullopt;
    }
    g.tournament = static_cast<std::uint16_t>(tournament);
    g.black = static_cast<std::uint16_t>(black);
    g.white = static_cast<std::uint16_t>(white);
    g.black_score = static_cast<std::uint8_t>(score);
    g.theoretical_score = static_cast<std::uint8_t>(theoretical);
    const int base = size == 8 ? 10 : 12;
    const std::size_t capacity = size == 8 ? 60 : 96;
    std::size_t k = 0;
    for (const move& m : r.moves) {
        if (m.is_pass()) {
            continue;
        }
        if (k == capacity) {
            return std::nullopt;
        }
        g.moves[k++] = static_cast<std::uint8_t>(base * m.to.y + m.to.x);
    }
    return g;
}

}  // namespace kifu::othello::wthor
