// The rules of kifu::shogi::position: attacks, pseudo-legal origins, full legality, and
// playing moves (apply, check_and_apply). Attacks are looked up backwards from the target
// square (10 directions), so nothing scans the whole board on the hot path.

#include <bit>
#include <type_traits>
#include <utility>

#include "shogi/engine.hpp"
#include "shogi/rules_tables.hpp"

namespace kifu::inline v1::shogi {

using namespace detail;

namespace {

struct reason_text {
    std::string_view code;
    std::string_view message;
};

// Indexed by illegal_reason.
constexpr std::array<reason_text, 19> reason_texts{{
    {"", ""},
    {"shogi.illegal.off-board", "a square of the move is outside the board"},
    {"shogi.illegal.empty-origin", "there is no piece on the origin square"},
    {"shogi.illegal.opponent-piece", "the origin square holds the opponent's piece"},
    {"shogi.illegal.wrong-piece", "the origin square holds another kind of piece than the move says"},
    {"shogi.illegal.own-piece-at-destination", "the destination holds one of the mover's own pieces"},
    {"shogi.illegal.cannot-move-there", "the piece cannot move that way"},
    {"shogi.illegal.piece-in-the-way", "the piece would jump over another piece"},
    {"shogi.illegal.king-capture", "the move captures a king"},
    {"shogi.illegal.unpromotable-piece", "the piece is promoted already or cannot promote"},
    {"shogi.illegal.promotion-outside-zone", "the piece promotes outside the promotion zone"},
    {"shogi.illegal.dead-piece-move", "the piece would have no legal next move without promoting"},
    {"shogi.illegal.not-in-hand", "the dropped piece is not in the mover's hand"},
    {"shogi.illegal.drop-on-occupied", "the piece is dropped on an occupied square"},
    {"shogi.illegal.promoted-drop", "a dropped piece cannot promote"},
    {"shogi.illegal.dead-piece-drop", "the dropped piece would have no legal next move"},
    {"shogi.illegal.two-pawns", "a pawn is dropped on a file that has an unpromoted pawn of the same side (nifu)"},
    {"shogi.illegal.king-left-in-check", "the move leaves the mover's king in check"},
    {"shogi.illegal.pawn-drop-mate", "a pawn drop gives checkmate (uchifuzume)"},
}};

// The ten neighbours of `attacked`'s target at once, without a branch per direction (which
// neighbour holds what is as good as random), unrolled per colour so that each direction's
// offset and mask are constants in the code: the loop over the tables cost about 25
// instructions a direction, this about 10. `vacated` needs no exception for `near`: it held
// a piece of the other side, which no mask of `By` contains; `filled` reads as empty.
// Offsets are within ±13 cells and the target is a board cell (index ≥ 14), so -1 (none) for
// `vacated` or `filled` never matches one.
template <int By, std::size_t... D>
inline void scan_neighbours(const std::uint8_t* board, int target, int vacated, int filled, std::uint32_t& near,
                            std::uint32_t& open, std::index_sequence<D...>) noexcept {
    const int dv = vacated - target;
    const int df = filled - target;
    const auto one = [&]<std::size_t Dir>(std::integral_constant<std::size_t, Dir>) {
        constexpr int offset = -deltas[By][Dir];
        constexpr std::uint32_t mask = attack_masks_table[By].near[Dir];
        const std::uint8_t raw = board[target + offset];
        const std::uint8_t cell = df == offset ? empty_cell : raw;
        near |= (mask >> (cell & 31)) & 1u;
        const unsigned see_through = static_cast<unsigned>(raw == empty_cell) | static_cast<unsigned>(dv == offset);
        open |= (see_through & static_cast<unsigned>(df != offset)) << Dir;
    };
    (one(std::integral_constant<std::size_t, D>{}), ...);
}

// Per colour and cell value: bit d (0..9) set when that cell, as the neighbour of a square
// along direction d, attacks the square (attack_masks_table's near[d] turned around), and
// bits 16..25 all set for an empty cell (a slider may be behind it along any direction).
constexpr std::array<std::array<std::uint32_t, 256>, 2> make_neighbour_bits() noexcept {
    std::array<std::array<std::uint32_t, 256>, 2> out{};
    for (int c = 0; c < 2; ++c)
        for (int cell = 0; cell < 256; ++cell) {
            for (int d = 0; d < direction_count; ++d)
                if (cell != wall_cell && in_mask(attack_masks_table[c].near[d], static_cast<std::uint8_t>(cell)))
                    out[c][cell] |= 1u << d;
            if (cell == empty_cell) out[c][cell] |= 0x3ffu << 16;
        }
    return out;
}
inline constexpr auto neighbour_bits = make_neighbour_bits();

// scan_neighbours on the board as it is (no vacated or filled cell): per direction one table
// load and a mask of constants, instead of a variable shift and a compare.
template <int By, std::size_t... D>
inline void scan_neighbours_plain(const std::uint8_t* board, int target, std::uint32_t& near, std::uint32_t& open,
                                  std::index_sequence<D...>) noexcept {
    std::uint32_t bits = 0;
    const auto one = [&]<std::size_t Dir>(std::integral_constant<std::size_t, Dir>) {
        constexpr int offset = -deltas[By][Dir];
        bits |= neighbour_bits[By][board[target + offset]] & (1u << Dir | 1u << (16 + Dir));
    };
    (one(std::integral_constant<std::size_t, D>{}), ...);
    near = bits & 0xffffu;
    open = bits >> 16;
}

// The directions along which some slider of a side moves, given how many of each kind it has
// on the board: attacks are walked only along those lines (after a few captures, often none of
// a kind); the knight's two directions have no slides.
unsigned slider_directions(const std::array<std::uint8_t, piece_kind_count>& n) noexcept {
    const auto has = [&n](piece_kind k) { return static_cast<unsigned>(n[static_cast<int>(k)] != 0); };
    return static_cast<unsigned>(slide_masks[static_cast<int>(piece_kind::ky)]) * has(piece_kind::ky) |
           static_cast<unsigned>(diagonals) * (has(piece_kind::ka) | has(piece_kind::um)) |
           static_cast<unsigned>(orthogonals) * (has(piece_kind::hi) | has(piece_kind::ry));
}

}  // namespace

std::string_view code_of(illegal_reason r) noexcept {
    auto i = static_cast<std::size_t>(r);
    return i < reason_texts.size() ? reason_texts[i].code : std::string_view{};
}

std::string_view message_of(illegal_reason r) noexcept {
    auto i = static_cast<std::size_t>(r);
    return i < reason_texts.size() ? reason_texts[i].message : std::string_view{};
}

bool engine::is_attacked(square s, color by) const noexcept { return attacked_plain(index(s), by); }

// `attacked` with neither a vacated nor a filled cell: the board as it is.
bool engine::attacked_plain(int target, color by) const noexcept {
    const attack_masks& masks = attack_masks_table[static_cast<int>(by)];
    const auto& steps = deltas[static_cast<int>(by)];
    std::uint32_t near = 0;
    std::uint32_t open = 0;
    if (by == color::black) {
        scan_neighbours_plain<0>(board_.data(), target, near, open, std::make_index_sequence<direction_count>{});
    } else {
        scan_neighbours_plain<1>(board_.data(), target, near, open, std::make_index_sequence<direction_count>{});
    }
    if (near) return true;
    open &= slider_directions(counts_[static_cast<int>(by)]);
    while (open) {
        const int d = std::countr_zero(open);
        open &= open - 1;
        if (in_mask(masks.far[d], board_[first_occupied(target, -steps[d])])) return true;
    }
    return false;
}

// Whether cell `target` is attacked by colour `by` on the board as it would be with cell
// `vacated` empty (the square a moving piece leaves, so that a slider's line through it
// counts) and cell `filled` holding a piece of the other side (the square a piece of the
// target's side moves to: it blocks lines and, captured or not, attacks nothing). -1 = none.
// Looked up backwards from the target: per direction, the first piece met decides.
bool engine::attacked(int target, color by, int vacated, int filled) const noexcept {
    const attack_masks& masks = attack_masks_table[static_cast<int>(by)];
    const auto& steps = deltas[static_cast<int>(by)];
    std::uint32_t near = 0;
    std::uint32_t open = 0;  // bit d: the neighbour along d is empty, so a slider may be behind it
    if (by == color::black) {
        scan_neighbours<0>(board_.data(), target, vacated, filled, near, open, std::make_index_sequence<direction_count>{});
    } else {
        scan_neighbours<1>(board_.data(), target, vacated, filled, near, open, std::make_index_sequence<direction_count>{});
    }
    if (near) return true;
    open &= slider_directions(counts_[static_cast<int>(by)]);
    while (open) {
        const int d = std::countr_zero(open);
        open &= open - 1;
        const int step = steps[d];
        int i = target - step;
        do i -= step;
        while (i != filled && (board_[i] == empty_cell || i == vacated));
        if (i != filled && in_mask(masks.far[d], board_[i])) return true;
    }
    return false;
}

bool engine::in_check(color c) const noexcept {
    if (c == side_ && checked_ >= 0) return checked_ != 0;
    const int king = kings_[static_cast<int>(c)];
    return king != 0 && is_attacked(square_of(king), flip(c));
}

namespace {

// The walks of origins_to for one colour and kind, unrolled: each step's offset and the cell
// looked for are constants in the code (the loop over kind_directions_table cost about twice
// as much, and the KI2 reader asks for every move's origins). Appends are branch-free (write
// the slot, count it only on a match): which neighbours hold the piece is as good as random.
// `cells` has room for 8 steps + 4 slides.
template <int C, int K>
int walk_origins(const std::uint8_t* board, const std::uint16_t* lines, int target, int* cells) noexcept {
    constexpr const kind_directions& kd = kind_directions_table[C][K];
    constexpr std::uint8_t wanted = make_cell(static_cast<color>(C), static_cast<piece_kind>(K));
    int n = 0;
    const auto step = [&]<std::size_t I>(std::integral_constant<std::size_t, I>) {
        const int j = target - kind_directions_table[C][K].steps[I];
        cells[n] = j;
        n += board[j] == wanted;
    };
    const auto slide = [&]<std::size_t I>(std::integral_constant<std::size_t, I>) {
        constexpr int by = kind_directions_table[C][K].slides[I];
        const int j = first_occupied_on(lines, target, -by);
        cells[n] = j;
        n += board[j] == wanted;
    };
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (step(std::integral_constant<std::size_t, I>{}), ...);
    }(std::make_index_sequence<static_cast<std::size_t>(kd.step_count)>{});
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (slide(std::integral_constant<std::size_t, I>{}), ...);
    }(std::make_index_sequence<static_cast<std::size_t>(kd.slide_count)>{});
    return n;
}

using origin_walker = int (*)(const std::uint8_t*, const std::uint16_t*, int, int*) noexcept;
template <std::size_t... K>
constexpr std::array<std::array<origin_walker, piece_kind_count>, 2> make_origin_walkers(std::index_sequence<K...>) noexcept {
    return {{{&walk_origins<0, static_cast<int>(K)>...}, {&walk_origins<1, static_cast<int>(K)>...}}};
}
inline constexpr auto origin_walkers = make_origin_walkers(std::make_index_sequence<piece_kind_count>{});

}  // namespace

square_list engine::origins_to(square to, color c, piece_kind kind) const noexcept {
    square_list out;
    if (!on_board(to)) return out;
    const int target = index(to);
    if (is_piece(board_[target]) && cell_color(board_[target]) == c) return out;
    // Cells first, squares only for what was found: most steps find nothing.
    std::array<int, 12> cells;  // only the first n are read
    const int n = origin_walkers[static_cast<int>(c)][static_cast<int>(kind)](board_.data(), lines_.data(), target, cells.data());
    for (int i = 0; i < n; ++i) out.items[i] = square_of(cells[i]);
    out.size = n;
    return out;
}

int engine::origin_count(square to, color c, piece_kind kind) const noexcept {
    // origins_to without the squares: the same walks, only counted.
    if (!on_board(to)) return 0;
    const int target = index(to);
    if (is_piece(board_[target]) && cell_color(board_[target]) == c) return 0;
    std::array<int, 12> cells;
    return origin_walkers[static_cast<int>(c)][static_cast<int>(kind)](board_.data(), lines_.data(), target, cells.data());
}

// The helpers of check() are inline: it calls them on every move.
inline illegal_reason engine::check_board_move(const board_move& m, int from, int to) const noexcept {
    const std::uint8_t origin = board_[from];
    if (origin != make_cell(side_, m.piece)) {  // one compare for the usual case
        if (!is_piece(origin)) return illegal_reason::empty_origin;
        if (cell_color(origin) != side_) return illegal_reason::opponent_piece;
        return illegal_reason::wrong_piece;
    }
    const std::uint8_t target = board_[to];
    if (in_mask(own_cells[static_cast<int>(side_)], target)) return illegal_reason::own_piece_at_destination;

    const int d = cell_displacement(from, to);
    const std::uint32_t reach = reach_kinds[static_cast<int>(side_)][d] >> static_cast<int>(m.piece);
    if (!(reach & (1u | 1u << slide_bit))) return illegal_reason::cannot_move_there;
    if (!(reach & 1u)) {  // a slide: the first piece met along the line must not be short of `to`
        const int step = line_steps[d];
        if ((to - first_occupied(from, step)) * step > 0) return illegal_reason::piece_in_the_way;
    }
    // The target is empty or the opponent's by now: one compare of the kind bits.
    if ((target & 0x0f) == static_cast<int>(piece_kind::ou) + 1) return illegal_reason::king_capture;
    if (m.promote) {
        if (!kind_can_promote(m.piece)) return illegal_reason::unpromotable_piece;
        if (!in_zone(side_, m.from.y) && !in_zone(side_, m.to.y)) return illegal_reason::promotion_outside_zone;
    } else if (is_dead_end(m.piece, side_, m.to.y)) {
        return illegal_reason::dead_piece_move;
    }
    return illegal_reason::none;
}

inline illegal_reason engine::check_drop(const board_move& m) const noexcept {
    if (m.promote) return illegal_reason::promoted_drop;
    if (!is_hand_kind(m.piece) || hands_[static_cast<int>(side_)][static_cast<int>(m.piece)] == 0)
        return illegal_reason::not_in_hand;
    if (board_[index(m.to)] != empty_cell) return illegal_reason::drop_on_occupied;
    if (is_dead_end(m.piece, side_, m.to.y)) return illegal_reason::dead_piece_drop;
    if (m.piece == piece_kind::fu) {
        const std::uint8_t pawn = make_cell(side_, piece_kind::fu);
        for (int y = 1; y <= 9; ++y)
            if (board_[index({m.to.x, static_cast<std::int8_t>(y)})] == pawn) return illegal_reason::two_pawns;
    }
    return illegal_reason::none;
}

inline bool engine::king_safe(const board_move& m) const noexcept {
    const int king = kings_[static_cast<int>(side_)];
    if (king == 0) return true;
    const color them = flip(side_);
    const int to = index(m.to);
    // The king is safe where no enemy piece attacks once it has left its square.
    if (!m.is_drop() && index(m.from) == king) return !attacked(to, them, king, -1);
    if (checked_ == 0) {
        // Out of check, a drop cannot expose the king and any other piece only along the line
        // from the king through its origin.
        if (m.is_drop()) return true;
        const int step = line_steps[displacement_index(square_of(king), m.from)];
        return step == 0 || !line_attacked(king, step, index(m.from), to, them);
    }
    // In check (or not known): the king must not be attacked on the board after the move,
    // with the origin emptied and the destination blocked by the mover. A second king of the
    // mover's (only a set-up position can have one) is judged where it lands, as `apply`
    // then tracks it.
    if (m.is_drop()) return !attacked(king, them, -1, to);
    if (m.piece == piece_kind::ou) return !attacked(to, them, index(m.from), -1);
    return !attacked(king, them, index(m.from), to);
}

bool engine::leaves_king_safe(const board_move& m) const noexcept { return king_safe(m); }

[[gnu::always_inline]] inline illegal_reason engine::check_legal(const board_move& m) const noexcept {
    if (!on_board(m.to) || (!m.is_drop() && !on_board(m.from))) return illegal_reason::off_board;
    illegal_reason r = m.is_drop() ? check_drop(m) : check_board_move(m, index(m.from), index(m.to));
    if (r != illegal_reason::none) return r;
    if (!king_safe(m)) return illegal_reason::king_left_in_check;
    if (m.is_drop() && m.piece == piece_kind::fu && is_mate_after_pawn_drop(m)) return illegal_reason::pawn_drop_mate;
    return illegal_reason::none;
}

illegal_reason engine::check(const board_move& m) const noexcept { return check_legal(m); }

// Inline, so that `apply_unchecked` inlines it.
inline bool engine::gives_check(const board_move& m) const noexcept {
    const int king = kings_[static_cast<int>(side_)];
    if (king == 0) return false;
    const color mover = flip(side_);
    const int to = index(m.to);
    // The moved piece itself.
    const int d = cell_displacement(to, king);
    const std::uint32_t reach = reach_kinds[static_cast<int>(mover)][d] >> static_cast<int>(cell_kind(board_[to]));
    if (reach & 1u) return true;
    if (reach & (1u << slide_bit)) {
        if (first_occupied(to, line_steps[d]) == king) return true;
    }
    // A line it opened.
    if (!m.is_drop()) {
        const int step = line_steps[cell_displacement(king, index(m.from))];
        if (step && in_mask(line_attackers[static_cast<int>(mover)][step + 12], board_[first_occupied(king, step)])) return true;
    }
    return false;
}

// Always inlined: `apply` and `check_and_apply` are the same code, the latter without a call
// between the check and the move and with the squares worked out once.
[[gnu::always_inline]] inline undo_info engine::apply_unchecked(const board_move& m) noexcept {
    const int mover = static_cast<int>(side_);
    undo_info u;
    u.checked = checked_;
    const int to = index(m.to);
    if (m.is_drop()) {
        if (is_hand_kind(m.piece)) --hands_[mover][static_cast<int>(m.piece)];
    } else {
        u.captured = board_[to];
        if (is_piece(u.captured)) {
            --counts_[1 - mover][static_cast<int>(cell_kind(u.captured))];
            if (cell_kind(u.captured) != piece_kind::ou) ++hands_[mover][static_cast<int>(kind_unpromote(cell_kind(u.captured)))];
            else kings_[1 - mover] = 0;
        }
        board_[index(m.from)] = empty_cell;
        mark_empty(index(m.from));
        --counts_[mover][static_cast<int>(m.piece)];
        if (m.piece == piece_kind::ou) kings_[mover] = static_cast<std::uint8_t>(to);
    }
    const piece_kind placed = m.promote && !m.is_drop() ? kind_promote(m.piece) : m.piece;
    ++counts_[mover][static_cast<int>(placed)];
    board_[to] = make_cell(side_, placed);
    mark_occupied(to);
    side_ = flip(side_);
    // After a legal move only the moved piece and the line it opened can give check; when
    // the state before was not known, nothing can be assumed and it is worked out in full.
    checked_ = u.checked < 0 ? static_cast<std::int8_t>(in_check(side_)) : static_cast<std::int8_t>(gives_check(m));
    return u;
}

undo_info engine::apply(const board_move& m) noexcept { return apply_unchecked(m); }

// king_safe for a pseudo-legal board move (from, to: its cells), answered on the board itself:
// the move is made on the two cells, the king looked at with a plain scan (a third of the work
// of `attacked` with a vacated and a filled cell), and the cells put back. The mover's piece
// on `to` is what `filled` stands for (a piece of the king's side: it blocks lines and attacks
// nothing of its own side) and the emptied origin what `vacated` does, so the answers are the
// same; the branches are king_safe's, in its order.
inline bool engine::king_safe_on_board(const board_move& m, int from, int to) noexcept {
    const int king = kings_[static_cast<int>(side_)];
    if (king == 0) return true;
    const color them = flip(side_);
    const std::uint8_t origin = board_[from];
    if (from == king || (checked_ != 0 && m.piece == piece_kind::ou)) {
        // The king (or, in check, a second king) goes to `to`: is `to` attacked once it has
        // left `from`? The piece on `to`, if any, is the one it captures: never looked at.
        board_[from] = empty_cell;
        mark_empty(from);
        const bool attacked_there = attacked_plain(to, them);
        board_[from] = origin;
        mark_occupied(from);
        return !attacked_there;
    }
    if (checked_ == 0) {
        const int step = line_steps[cell_displacement(king, from)];
        return step == 0 || !line_attacked(king, step, from, to, them);
    }
    const std::uint8_t target = board_[to];
    board_[from] = empty_cell;
    board_[to] = origin;
    mark_empty(from);
    mark_occupied(to);
    const bool attacked_king = attacked_plain(king, them);
    board_[to] = target;
    board_[from] = origin;
    mark_occupied(from);
    if (target == empty_cell) mark_empty(to);
    return !attacked_king;
}

illegal_reason engine::check_and_apply(const board_move& m, std::optional<piece_kind>& captured) noexcept {
    // A copy: the board is bytes, and a store to it could alias `m` for the compiler, which
    // would then reload every field after each store. Field by field: a copy of the whole
    // reads `piece` and `promote` with one two-byte load, which the CPU cannot serve from the
    // caller's two one-byte stores of them (the normalizer's, on every move) and waits for.
    board_move move;
    move.from = m.from;
    move.to = m.to;
    move.piece = m.piece;
    move.promote = m.promote;
    if (!move.is_drop() && on_board(move.from) && on_board(move.to)) {
        // A board move (most moves): its cells worked out once for every step.
        const int from = index(move.from);
        const int to = index(move.to);
        if (illegal_reason r = check_board_move(move, from, to); r != illegal_reason::none) return r;
        if (!king_safe_on_board(move, from, to)) return illegal_reason::king_left_in_check;
        captured = cell_pieces[board_[to]];
        apply_unchecked(move);
        return illegal_reason::none;
    }
    if (illegal_reason r = check_legal(move); r != illegal_reason::none) return r;
    captured = move.is_drop() ? std::nullopt : cell_pieces[board_[index(move.to)]];
    apply_unchecked(move);
    return illegal_reason::none;
}

bool engine::is_mate_after_pawn_drop(const board_move& m) const noexcept {
    // Only a pawn dropped right in front of the enemy king can mate.
    if (kings_[static_cast<int>(flip(side_))] != index(m.to) + delta(0, side_)) return false;
    engine after = *this;
    after.apply(m);
    return after.in_check(after.side_) && !after.has_legal_move();
}

// Used for 打ち歩詰め: a pawn drop is counted as a legal reply without asking whether it mates
// in turn (that would recurse; a position whose only replies are mating pawn drops is absurd).
bool engine::has_legal_move() const noexcept {
    for (int from = 0; from < cells; ++from) {
        const std::uint8_t cell = board_[from];
        if (!is_piece(cell) || cell_color(cell) != side_) continue;
        const piece_kind kind = cell_kind(cell);
        const int steps = step_masks[static_cast<int>(kind)];
        const int slides = slide_masks[static_cast<int>(kind)];
        for (int d = 0; d < direction_count; ++d) {
            const int step = delta(d, side_);
            const bool slides_here = slides & bit(d);
            if (!(steps & bit(d)) && !slides_here) continue;
            for (int to = from + step;; to += step) {
                const std::uint8_t target = board_[to];
                if (target == wall_cell || (is_piece(target) && cell_color(target) == side_)) break;
                board_move m{square_of(from), square_of(to), kind, false};
                // A dead-end square is always reachable by the promoting variant.
                m.promote = is_dead_end(kind, side_, m.to.y);
                if (leaves_king_safe(m)) return true;
                if (target != empty_cell || !slides_here) break;
            }
        }
    }
    for (int k = 0; k < hand_kind_count; ++k) {
        if (hands_[static_cast<int>(side_)][k] == 0) continue;
        for (int x = 1; x <= 9; ++x)
            for (int y = 1; y <= 9; ++y) {
                board_move m{{}, {static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}, static_cast<piece_kind>(k), false};
                if (check_drop(m) == illegal_reason::none && leaves_king_safe(m)) return true;
            }
    }
    return false;
}

}  // namespace kifu::shogi
