// WTHOR games → replayed games (moves with the passes WTHOR does not store) and othello
// records (the same plus the header mapped onto GGF ids) (../shared/formats/go-othello.md §5.3–5.4, §6).

#include <kifu/othello/wthor.hpp>

#include <array>
#include <charconv>

#include <fmt/core.h>

#include "othello/bitboard.hpp"
#include "othello/bits_inline.hpp"
#include "othello/wthor_replay.hpp"

namespace kifu::inline v1::othello::wthor {
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

void stop_at(replayed_game& r, const replay_context& ctx, std::string code, int ply, std::optional<square> at,
             std::string message) {
    ctx.add(severity::error, code, std::move(message), ply);
    r.stop = replay_stop{ply, std::move(code), at};
}

// 8×8 move codes (10×row + column) decoded by one table look-up: the bit index and the
// square, or index `no_square` for 0 and for the codes of no square.
constexpr std::uint8_t no_square = 0xff;
struct code_entry {
    std::uint8_t index = no_square;
    square to{};
};
struct code_table {
    std::array<code_entry, 256> entries{};
    constexpr code_table() {
        for (int row = 1; row <= 8; ++row) {
            for (int col = 1; col <= 8; ++col) {
                entries[static_cast<std::size_t>(10 * row + col)] = {
                    static_cast<std::uint8_t>((row - 1) * 8 + (col - 1)),
                    square{static_cast<std::int8_t>(col), static_cast<std::int8_t>(row)}};
            }
        }
    }
};
inline constexpr code_table codes_8;

// The standard start (d4 e5 white, e4 d5 black), as constants: every game starts here.
constexpr std::uint64_t start_black = bits::bit(bits::index_of({5, 4})) | bits::bit(bits::index_of({4, 5}));
constexpr std::uint64_t start_white = bits::bit(bits::index_of({4, 4})) | bits::bit(bits::index_of({5, 5}));

// The two sides' discs on plain bitboards, flips by the portable code (any CPU).
struct scalar_sides {
    std::uint64_t own;
    std::uint64_t opp;
    struct flips {
        std::uint64_t mask;
        flip_runs_t runs;
    };
    static scalar_sides standard() noexcept { return {start_black, start_white}; }
    flips mover_flips(int index) const noexcept {
        flips f{};
        f.runs = detail::flip_runs(own, opp, index, f.mask);
        return f;
    }
    flips other_flips(int index) const noexcept {
        flips f{};
        f.runs = detail::flip_runs(opp, own, index, f.mask);
        return f;
    }
    void play(const flips& f, int index) noexcept {
        const std::uint64_t mine = own | f.mask | (std::uint64_t{1} << index);
        own = opp & ~f.mask;
        opp = mine;
    }
    void pass() noexcept { std::swap(own, opp); }
    std::uint64_t own_bits() const noexcept { return own; }
    std::uint64_t opp_bits() const noexcept { return opp; }
};

#if KIFU_OTHELLO_AVX2
// The same kept broadcast in AVX2 registers (detail::flip_avx2): the flips of one move
// feed the next without leaving the vector unit.
struct avx2_sides {
    __m256i own;
    __m256i opp;
    using flips = detail::flips_avx2;
    __attribute__((target("avx2"))) static avx2_sides standard() noexcept {
        return {_mm256_set1_epi64x(static_cast<long long>(start_black)),
                _mm256_set1_epi64x(static_cast<long long>(start_white))};
    }
    __attribute__((target("avx2"))) flips mover_flips(int index) const noexcept { return detail::flip_avx2(own, opp, index); }
    __attribute__((target("avx2"))) flips other_flips(int index) const noexcept { return detail::flip_avx2(opp, own, index); }
    __attribute__((target("avx2"))) void play(const flips& f, int index) noexcept {
        const __m256i mine = _mm256_or_si256(own, _mm256_or_si256(f.mask, detail::broadcast_bit_of(index)));
        own = _mm256_andnot_si256(f.mask, opp);
        opp = mine;
    }
    __attribute__((target("avx2"))) void pass() noexcept { std::swap(own, opp); }
    __attribute__((target("avx2"))) std::uint64_t own_bits() const noexcept {
        return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm256_castsi256_si128(own)));
    }
    __attribute__((target("avx2"))) std::uint64_t opp_bits() const noexcept {
        return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm256_castsi256_si128(opp)));
    }
};
#endif

// The 8×8 replay: the hot path of reading the whole database. The mover's and the other
// side's discs swap after each move instead of branching on colour. A move is legal for
// the side to move iff it is on an empty square and flips a disc, so the usual ply costs one
// flip computation and two well-predicted tests; the full mobility test runs only when the
// stored move flips nothing for the side to move (a pass, or an illegal move).
//
// Moves are written through a pointer into `r.moves` sized for every stored move plus a
// budget of inserted passes (one stored move takes one slot); only the rare pass path checks
// the budget and grows it.
template <typename Sides>
[[gnu::always_inline]] inline void replay_8_with(replayed_game& r, const game& g, const replay_context& ctx) {
    constexpr std::size_t codes = 60;
    // Sized, not cleared: the slots of the last game are overwritten, none initialized twice.
    if (r.moves.size() < codes + 4) {
        r.moves.resize(codes + 4);
    }
    move* base = r.moves.data();
    move* out = base;
    move* end = base + r.moves.size();
    Sides sides = Sides::standard();
    std::uint64_t taken = start_black | start_white;
    color mover = color::black;
    for (std::size_t k = 0; k < codes; ++k) {
        const std::uint8_t code = g.moves[k];
        const code_entry e = codes_8.entries[code];
        if (e.index == no_square) [[unlikely]] {
            if (code == 0) {
                if (codes_after_end(g, k + 1, codes)) {
                    ctx.add(severity::warning, "wthor.moves-after-end",
                            fmt::format("move codes follow the 0 that ends the list after move {}; they are ignored", k));
                }
            } else {
                stop_at(r, ctx, "wthor.bad-move", static_cast<int>(out - base) + 1, std::nullopt,
                        fmt::format("stored move {} has code {}, which is no square of the 8×8 board", k + 1, code));
            }
            break;
        }
        const int index = e.index;
        const std::uint64_t placed = std::uint64_t{1} << index;
        typename Sides::flips f = sides.mover_flips(index);
        if (f.runs == 0 || (taken & placed) != 0) [[unlikely]] {
            // WTHOR stores no passes: the side to move passes when it has no move at all and
            // the stored move is legal for the other side.
            bool legal = false;
            if ((taken & placed) == 0 && bits::legal_moves(sides.own_bits(), sides.opp_bits()) == 0) {
                f = sides.other_flips(index);
                legal = f.runs != 0;
            }
            if (!legal) {
                stop_at(r, ctx, "othello.illegal-move", static_cast<int>(out - base) + 1, e.to,
                        fmt::format("stored move {} ({}) is legal for neither side", k + 1, to_string(e.to)));
                break;
            }
            if (static_cast<std::size_t>(end - out) < codes - k + 1) {
                const std::size_t used = static_cast<std::size_t>(out - base);
                r.moves.resize(r.moves.size() + 16);
                base = r.moves.data();
                out = base + used;
                end = base + r.moves.size();
            }
            *out++ = move{mover, pass_kind::inserted, {}, 0};
            ++r.passes_inserted;
            sides.pass();
            mover = opponent(mover);
        }
        taken |= placed;
        *out++ = move{mover, pass_kind::none, e.to, f.runs};
        sides.play(f, index);
        mover = opponent(mover);
    }
    r.moves.resize(static_cast<std::size_t>(out - base));
    bitboard b;
    b.black = mover == color::black ? sides.own_bits() : sides.opp_bits();
    b.white = mover == color::black ? sides.opp_bits() : sides.own_bits();
    b.to_move = mover;
    r.final_counts = b.counts();
    // A full board needs no mobility test.
    r.end = taken == ~std::uint64_t{0} ? game_end::full : !b.game_over() ? game_end::early : game_end::blocked;
}

void replay_8_scalar(replayed_game& r, const game& g, const replay_context& ctx) {
    replay_8_with<scalar_sides>(r, g, ctx);
}

#if KIFU_OTHELLO_AVX2
__attribute__((target("avx2"))) void replay_8_avx2(replayed_game& r, const game& g, const replay_context& ctx) {
    replay_8_with<avx2_sides>(r, g, ctx);
}
#endif

void replay_8(replayed_game& r, const game& g, const replay_context& ctx, [[maybe_unused]] bool portable) {
#if KIFU_OTHELLO_AVX2
    if (!portable && detail::has_avx2()) {
        replay_8_avx2(r, g, ctx);
        return;
    }
#endif
    replay_8_scalar(r, g, ctx);
}

// The 10×10 replay (.wtd) on the general board.
void replay_10(replayed_game& r, const game& g, const replay_context& ctx) {
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

void replay_game(const game& g, const header& h, std::string_view file_name, std::size_t game_number,
                 std::vector<diagnostic>& diagnostics, replayed_game& out, bool portable) {
    const replay_context ctx{file_name, game_number, diagnostics};
    const int size = h.board_size == 10 ? 10 : 8;
    out.final_counts = {};
    out.end = game_end::early;
    out.passes_inserted = 0;
    out.stop.reset();
    if (g.black_score > size * size) {
        ctx.add(severity::warning, "wthor.bad-score",
                fmt::format("black score {} is more than the {} squares of the board", g.black_score, size * size));
    }
    if (size == 8) {
        replay_8(out, g, ctx, portable);  // sizes out.moves itself, keeping what it can
    } else {
        out.moves.clear();
        replay_10(out, g, ctx);
    }
    if (out.end != game_end::early && !out.stop && g.black_score != black_score_with_empties(out.final_counts)) {
        ctx.add(severity::warning, "wthor.score-mismatch",
                fmt::format("the recorded black score {} is not the final board's {} (empties to the winner)",
                            g.black_score, black_score_with_empties(out.final_counts)));
    }
}

}  // namespace

void replay(const game& g, const header& h, std::string_view file_name, std::size_t game_number,
            std::vector<diagnostic>& diagnostics, replayed_game& out) {
    replay_game(g, h, file_name, game_number, diagnostics, out, false);
}

void to_record(const game& g, const header& h, const name_tables& names, std::string_view file_name,
               std::size_t game_number, std::vector<diagnostic>& diagnostics, record& r) {
    const replay_context ctx{file_name, game_number, diagnostics};
    const int size = h.board_size == 10 ? 10 : 8;
    r.format = "wthor";
    r.initial = initial_position{};
    r.initial.size = size;
    r.notes.clear();
    r.passes_recorded = 0;
    fill_header(r, g, h, names, size, ctx);
    // The record lends its move storage to the replay and takes it back: no copy.
    replayed_game replayed;
    replayed.moves = std::move(r.moves);
    replay(g, h, file_name, game_number, diagnostics, replayed);
    r.moves = std::move(replayed.moves);
    r.final_counts = replayed.final_counts;
    r.end = replayed.end;
    r.passes_inserted = replayed.passes_inserted;
    r.stop = std::move(replayed.stop);
}

record to_record(const game& g, const header& h, const name_tables& names, std::string_view file_name,
                 std::size_t game_number, std::vector<diagnostic>& diagnostics) {
    record r;
    r.header.reserve(14);
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

namespace kifu::inline v1::othello::detail {

void wthor_replay_portable(const wthor::game& g, const wthor::header& h, std::string_view file_name,
                           std::size_t game_number, std::vector<diagnostic>& diagnostics, wthor::replayed_game& out) {
    wthor::replay_game(g, h, file_name, game_number, diagnostics, out, true);
}

}  // namespace kifu::othello::detail
