// Othello rules on 8×8 bitboards and on a general n×n board.

#include <kifu/othello/board.hpp>

#include <bit>

#include "othello/bitboard.hpp"
#include "othello/bits_inline.hpp"

namespace kifu::inline v1::othello {

std::string to_string(square s) {
    std::string out;
    out += static_cast<char>('a' + s.x - 1);
    out += std::to_string(static_cast<int>(s.y));
    return out;
}

namespace {

using detail::direction_dx;
using detail::direction_dy;
using detail::direction_step;
using detail::table;

// The flips of direction D: the ray's first square that is not an opponent disc must be
// ours; everything before it flips. Branch-free: which directions flip is unpredictable.
template <int D>
inline std::uint64_t direction_flips(std::uint64_t own, std::uint64_t opp, int index) noexcept {
    const std::uint64_t ray = table.rays[index][D];
    const std::uint64_t stop = ray & ~opp;
    if constexpr (D < 4) {  // towards lower indexes: the nearest square is the highest bit
        // `stop | 1` keeps countl_zero defined; an empty `stop` then fails the test below.
        const std::uint64_t b = std::uint64_t{1} << (63 - std::countl_zero(stop | 1));
        const std::uint64_t closed = std::uint64_t{0} - static_cast<std::uint64_t>((b & own & stop) != 0);
        return ray & ~((b << 1) - 1) & closed;
    } else {
        const std::uint64_t b = stop & (std::uint64_t{0} - stop);
        const std::uint64_t closed = std::uint64_t{0} - static_cast<std::uint64_t>((b & own) != 0);
        return ray & (b - 1) & closed;
    }
}

template <int D>
inline void emit(std::uint64_t f, std::uint8_t* out, int& n) noexcept {
    if constexpr (D < 4) {
        while (f != 0) {  // nearest = highest bit
            const int i = 63 - std::countl_zero(f);
            out[n++] = static_cast<std::uint8_t>(i);
            f &= ~(std::uint64_t{1} << i);
        }
    } else {
        while (f != 0) {  // nearest = lowest bit
            out[n++] = static_cast<std::uint8_t>(std::countr_zero(f));
            f &= f - 1;
        }
    }
}


}  // namespace

namespace bits {

int count(std::uint64_t b) noexcept { return std::popcount(b); }

std::uint64_t legal_moves(std::uint64_t own, std::uint64_t opp) noexcept {
    // Per direction pair: grow runs of opponent discs from our discs (at most 6 long), one
    // step further is a candidate; the wrap masks keep runs from crossing the a/h columns.
    const std::uint64_t inner = opp & 0x7e7e7e7e7e7e7e7eULL;
    const std::uint64_t empty = ~(own | opp);
    std::uint64_t moves = 0;
    auto spread = [&](int shift, std::uint64_t mask) {
        std::uint64_t t = mask & (own << shift);
        t |= mask & (t << shift);
        t |= mask & (t << shift);
        t |= mask & (t << shift);
        t |= mask & (t << shift);
        t |= mask & (t << shift);
        moves |= t << shift;
        t = mask & (own >> shift);
        t |= mask & (t >> shift);
        t |= mask & (t >> shift);
        t |= mask & (t >> shift);
        t |= mask & (t >> shift);
        t |= mask & (t >> shift);
        moves |= t >> shift;
    };
    spread(1, inner);
    spread(8, opp);
    spread(7, inner);
    spread(9, inner);
    return moves & empty;
}

std::uint64_t flips(std::uint64_t own, std::uint64_t opp, int index) noexcept {
    if (((own | opp) >> index) & 1) {
        return 0;
    }
    return direction_flips<0>(own, opp, index) | direction_flips<1>(own, opp, index) |
           direction_flips<2>(own, opp, index) | direction_flips<3>(own, opp, index) |
           direction_flips<4>(own, opp, index) | direction_flips<5>(own, opp, index) |
           direction_flips<6>(own, opp, index) | direction_flips<7>(own, opp, index);
}

std::uint32_t flip_runs(std::uint64_t own, std::uint64_t opp, int index, std::uint64_t& mask) noexcept {
    mask = 0;
    if (((own | opp) >> index) & 1) {
        return 0;
    }
    return detail::flip_runs(own, opp, index, mask);
}

int flips_ordered(std::uint64_t own, std::uint64_t opp, int index, std::uint8_t* out,
                  std::uint64_t& mask) noexcept {
    mask = 0;
    if (((own | opp) >> index) & 1) {
        return 0;
    }
    const std::uint64_t f0 = direction_flips<0>(own, opp, index);
    const std::uint64_t f1 = direction_flips<1>(own, opp, index);
    const std::uint64_t f2 = direction_flips<2>(own, opp, index);
    const std::uint64_t f3 = direction_flips<3>(own, opp, index);
    const std::uint64_t f4 = direction_flips<4>(own, opp, index);
    const std::uint64_t f5 = direction_flips<5>(own, opp, index);
    const std::uint64_t f6 = direction_flips<6>(own, opp, index);
    const std::uint64_t f7 = direction_flips<7>(own, opp, index);
    mask = f0 | f1 | f2 | f3 | f4 | f5 | f6 | f7;
    int n = 0;
    if (mask != 0) {
        emit<0>(f0, out, n);
        emit<1>(f1, out, n);
        emit<2>(f2, out, n);
        emit<3>(f3, out, n);
        emit<4>(f4, out, n);
        emit<5>(f5, out, n);
        emit<6>(f6, out, n);
        emit<7>(f7, out, n);
    }
    return n;
}

}  // namespace bits

int flip_count(flip_runs_t runs) noexcept {
    int n = 0;
    for (int d = 0; d < 8; ++d) {
        n += static_cast<int>((runs >> (4 * d)) & 0xf);
    }
    return n;
}

void append_flips(square s, flip_runs_t runs, std::vector<square>& out) {
    for (int d = 0; d < 8; ++d) {
        const int run = static_cast<int>((runs >> (4 * d)) & 0xf);
        for (int k = 1; k <= run; ++k) {
            out.push_back({static_cast<std::int8_t>(s.x + k * direction_dx[d]),
                           static_cast<std::int8_t>(s.y + k * direction_dy[d])});
        }
    }
}

bitboard bitboard::standard() noexcept {
    bitboard b;
    b.white = bits::bit(bits::index_of({4, 4})) | bits::bit(bits::index_of({5, 5}));
    b.black = bits::bit(bits::index_of({5, 4})) | bits::bit(bits::index_of({4, 5}));
    return b;
}

bool bitboard::game_over() const noexcept {
    return bits::legal_moves(black, white) == 0 && bits::legal_moves(white, black) == 0;
}

void bitboard::apply(int index, std::uint64_t flipped) noexcept {
    const std::uint64_t placed = bits::bit(index) | flipped;
    if (to_move == color::black) {
        black |= placed;
        white &= ~flipped;
    } else {
        white |= placed;
        black &= ~flipped;
    }
    to_move = opponent(to_move);
}

disc_counts bitboard::counts() const noexcept {
    const int b = bits::count(black);
    const int w = bits::count(white);
    return {b, w, 64 - b - w};
}

// ---------------------------------------------------------------------------------------

namespace {
// The octagon board cuts the squares whose distances to the two nearest edges add up to
// less than 2: three per corner, 12 in all, leaving the 88 squares that name it.
bool cut_corner(int size, int x0, int y0) noexcept {
    const int dx = x0 < size - 1 - x0 ? x0 : size - 1 - x0;
    const int dy = y0 < size - 1 - y0 ? y0 : size - 1 - y0;
    return dx + dy < 2;
}
}  // namespace

board board::empty(int size, bool octagon) {
    board b;
    b.size_ = size;
    b.octagon_ = octagon;
    b.cells_.assign(static_cast<std::size_t>(size * size), cell::empty);
    if (octagon) {
        for (int y = 0; y < size; ++y) {
            for (int x = 0; x < size; ++x) {
                if (cut_corner(size, x, y)) {
                    b.cells_[static_cast<std::size_t>(y * size + x)] = cell::none;
                }
            }
        }
    }
    return b;
}

board board::standard(int size, bool octagon) {
    board b = empty(size, octagon);
    const auto h = static_cast<std::int8_t>(size / 2);
    b.set({h, h}, cell::white);
    b.set({static_cast<std::int8_t>(h + 1), static_cast<std::int8_t>(h + 1)}, cell::white);
    b.set({static_cast<std::int8_t>(h + 1), h}, cell::black);
    b.set({h, static_cast<std::int8_t>(h + 1)}, cell::black);
    return b;
}

board to_board(const bitboard& bb) {
    board b = board::empty(8, false);
    for (int i = 0; i < 64; ++i) {
        if ((bb.black >> i) & 1) {
            b.set(bits::square_of(i), cell::black);
        } else if ((bb.white >> i) & 1) {
            b.set(bits::square_of(i), cell::white);
        }
    }
    b.set_to_move(bb.to_move);
    return b;
}

bool board::on_board(square s) const noexcept {
    if (s.x < 1 || s.y < 1 || s.x > size_ || s.y > size_) {
        return false;
    }
    return cells_[static_cast<std::size_t>((s.y - 1) * size_ + (s.x - 1))] != cell::none;
}

cell board::at(square s) const noexcept {
    if (s.x < 1 || s.y < 1 || s.x > size_ || s.y > size_) {
        return cell::none;
    }
    return cells_[static_cast<std::size_t>((s.y - 1) * size_ + (s.x - 1))];
}

void board::set(square s, cell c) noexcept {
    if (on_board(s) && c != cell::none) {
        cells_[static_cast<std::size_t>((s.y - 1) * size_ + (s.x - 1))] = c;
    }
}

int board::flips(square s, color c, std::vector<square>& out) const {
    if (at(s) != cell::empty) {
        return 0;
    }
    const cell mine = disc_of(c);
    const cell theirs = disc_of(opponent(c));
    int n = 0;
    for (int d = 0; d < 8; ++d) {
        int x = s.x + direction_dx[d];
        int y = s.y + direction_dy[d];
        int run = 0;
        while (at({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}) == theirs) {
            ++run;
            x += direction_dx[d];
            y += direction_dy[d];
        }
        if (run == 0 || at({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}) != mine) {
            continue;
        }
        for (int k = 1; k <= run; ++k) {
            out.push_back({static_cast<std::int8_t>(s.x + k * direction_dx[d]),
                           static_cast<std::int8_t>(s.y + k * direction_dy[d])});
        }
        n += run;
    }
    return n;
}

bool board::has_move(color c) const noexcept {
    const cell mine = disc_of(c);
    const cell theirs = disc_of(opponent(c));
    for (std::int8_t y = 1; y <= size_; ++y) {
        for (std::int8_t x = 1; x <= size_; ++x) {
            if (at({x, y}) != cell::empty) {
                continue;
            }
            for (int d = 0; d < 8; ++d) {
                int xx = x + direction_dx[d];
                int yy = y + direction_dy[d];
                int run = 0;
                while (at({static_cast<std::int8_t>(xx), static_cast<std::int8_t>(yy)}) == theirs) {
                    ++run;
                    xx += direction_dx[d];
                    yy += direction_dy[d];
                }
                if (run > 0 && at({static_cast<std::int8_t>(xx), static_cast<std::int8_t>(yy)}) == mine) {
                    return true;
                }
            }
        }
    }
    return false;
}

std::vector<square> board::legal_moves(color c) const {
    std::vector<square> out;
    std::vector<square> scratch;
    for (std::int8_t y = 1; y <= size_; ++y) {
        for (std::int8_t x = 1; x <= size_; ++x) {
            scratch.clear();
            if (flips({x, y}, c, scratch) > 0) {
                out.push_back({x, y});
            }
        }
    }
    return out;
}

int board::play(square s, std::vector<square>& flipped) {
    const std::size_t first = flipped.size();
    const int n = flips(s, to_move_, flipped);
    if (n == 0) {
        return 0;
    }
    const cell mine = disc_of(to_move_);
    set(s, mine);
    for (std::size_t i = first; i < flipped.size(); ++i) {
        set(flipped[i], mine);
    }
    to_move_ = opponent(to_move_);
    return n;
}

flip_runs_t board::flip_runs(square s, color c) const noexcept {
    if (at(s) != cell::empty) {
        return 0;
    }
    const cell mine = disc_of(c);
    const cell theirs = disc_of(opponent(c));
    flip_runs_t runs = 0;
    for (int d = 0; d < 8; ++d) {
        int x = s.x + direction_dx[d];
        int y = s.y + direction_dy[d];
        std::uint32_t run = 0;
        while (at({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}) == theirs) {
            ++run;
            x += direction_dx[d];
            y += direction_dy[d];
        }
        if (run > 0 && at({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}) == mine) {
            runs |= run << (4 * d);
        }
    }
    return runs;
}

flip_runs_t board::play_runs(square s) noexcept {
    const flip_runs_t runs = flip_runs(s, to_move_);
    if (runs == 0) {
        return 0;
    }
    const cell mine = disc_of(to_move_);
    set(s, mine);
    for (int d = 0; d < 8; ++d) {
        const int run = static_cast<int>((runs >> (4 * d)) & 0xf);
        for (int k = 1; k <= run; ++k) {
            set({static_cast<std::int8_t>(s.x + k * direction_dx[d]), static_cast<std::int8_t>(s.y + k * direction_dy[d])},
                mine);
        }
    }
    to_move_ = opponent(to_move_);
    return runs;
}

disc_counts board::counts() const noexcept {
    disc_counts c;
    for (const cell v : cells_) {
        switch (v) {
            case cell::empty: ++c.empty; break;
            case cell::black: ++c.black; break;
            case cell::white: ++c.white; break;
            case cell::none: break;
        }
    }
    return c;
}

}  // namespace kifu::othello
