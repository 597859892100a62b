// Board set-up and conversions of the rules engine; the rules are in rules.cpp.

#include "shogi/engine.hpp"
#include "shogi/presets.hpp"
#include "shogi/rules_tables.hpp"

namespace kifu::inline v1::shogi {

using namespace detail;

engine::engine() noexcept : board_(empty_board), lines_(empty_board_lines) {}

namespace {

engine build_preset(const preset_info& info) noexcept {
    engine p;
    constexpr state_format hirate = hirate_state();
    for (int x = 1; x <= 9; ++x) {
        for (int y = 1; y <= 9; ++y) {
            const std::optional<piece>& cell = hirate.board[static_cast<std::size_t>(x - 1)][static_cast<std::size_t>(y - 1)];
            if (cell) p.set({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}, *cell);
        }
    }
    for (square s : info.removed) {
        if (s.x == 0) break;
        p.set(s, std::nullopt);
    }
    p.set_side_to_move(info.side);
    return p;
}

}  // namespace

std::optional<engine> engine::from_preset(std::string_view preset) noexcept {
    const preset_info* info = find_preset(preset);
    if (!info) return std::nullopt;
    // Built once: every record without a board diagram starts from one of these, and a CSA
    // board is compared with all of them.
    static const std::array<engine, presets.size()> built = [] {
        std::array<engine, presets.size()> out;
        for (std::size_t i = 0; i < presets.size(); ++i) {
            out[i] = build_preset(presets[i]);
            out[i].checked_ = 0;  // no preset starts in check
        }
        return out;
    }();
    return built[static_cast<std::size_t>(info - presets.data())];
}

engine engine::from_state(const state_format& state) noexcept {
    engine p;
    // Written straight into the empty board (what `set` does, without its bookkeeping for
    // a piece being replaced): a later king of a colour wins, as with `set`.
    for (int x = 1; x <= 9; ++x)
        for (int y = 1; y <= 9; ++y) {
            const std::optional<piece>& cell = state.board[x - 1][y - 1];
            if (!cell) continue;
            const int i = index({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
            p.board_[i] = make_cell(cell->color, cell->kind);
            p.mark_occupied(i);
            ++p.counts_[static_cast<int>(cell->color)][static_cast<int>(cell->kind)];
            if (cell->kind == piece_kind::ou) p.kings_[static_cast<int>(cell->color)] = static_cast<std::uint8_t>(i);
        }
    for (int c = 0; c < 2; ++c)
        for (int k = 0; k < hand_kind_count; ++k)
            p.set_hand(static_cast<color>(c), static_cast<piece_kind>(k), state.hands[c][k]);
    p.side_ = state.color;
    p.checked_ = -1;
    return p;
}

state_format engine::to_state() const {
    state_format s;
    s.color = side_;
    for (int x = 1; x <= 9; ++x)
        for (int y = 1; y <= 9; ++y)
            s.board[x - 1][y - 1] = at({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
    for (int c = 0; c < 2; ++c)
        for (int k = 0; k < hand_kind_count; ++k) s.hands[c][k] = hands_[c][k];
    return s;
}

void engine::set(square s, std::optional<piece> p) noexcept {
    if (!on_board(s)) return;
    const std::uint8_t old = board_[index(s)];
    board_[index(s)] = p ? make_cell(p->color, p->kind) : empty_cell;
    if (p) mark_occupied(index(s));
    else mark_empty(index(s));
    checked_ = -1;
    if (is_piece(old)) --counts_[static_cast<int>(cell_color(old))][static_cast<int>(cell_kind(old))];
    if (p) ++counts_[static_cast<int>(p->color)][static_cast<int>(p->kind)];
    if (p && p->kind == piece_kind::ou) {
        kings_[static_cast<int>(p->color)] = static_cast<std::uint8_t>(index(s));
    } else if (is_piece(old) && cell_kind(old) == piece_kind::ou) {
        find_kings();
    }
}

void engine::find_kings() noexcept {
    kings_ = {};
    for (int i = 0; i < cells; ++i)
        if (is_piece(board_[i]) && cell_kind(board_[i]) == piece_kind::ou)
            kings_[static_cast<int>(cell_color(board_[i]))] = static_cast<std::uint8_t>(i);
}

int engine::hand(color c, piece_kind k) const noexcept {
    return is_hand_kind(k) ? hands_[static_cast<int>(c)][static_cast<int>(k)] : 0;
}

void engine::set_hand(color c, piece_kind k, int count) noexcept {
    if (!is_hand_kind(k)) return;
    // A hand never holds more than 18 of a kind in a real game; the cap keeps the byte sane.
    hands_[static_cast<int>(c)][static_cast<int>(k)] = static_cast<std::uint8_t>(count < 0 ? 0 : count > 255 ? 255 : count);
}

std::optional<square> engine::king_square(color c) const noexcept {
    const int king = kings_[static_cast<int>(c)];
    if (king == 0) return std::nullopt;
    return square_of(king);
}

void engine::undo(const board_move& m, const undo_info& u) noexcept {
    side_ = flip(side_);
    const int mover = static_cast<int>(side_);
    const int to = index(m.to);
    --counts_[mover][static_cast<int>(cell_kind(board_[to]))];
    if (m.is_drop()) {
        if (is_hand_kind(m.piece)) ++hands_[mover][static_cast<int>(m.piece)];
        board_[to] = empty_cell;
        mark_empty(to);
    } else {
        if (is_piece(u.captured)) {
            ++counts_[1 - mover][static_cast<int>(cell_kind(u.captured))];
            if (cell_kind(u.captured) != piece_kind::ou) --hands_[mover][static_cast<int>(kind_unpromote(cell_kind(u.captured)))];
            else kings_[1 - mover] = static_cast<std::uint8_t>(to);
        }
        board_[to] = u.captured;
        if (u.captured == empty_cell) mark_empty(to);
        board_[index(m.from)] = make_cell(side_, m.piece);
        mark_occupied(index(m.from));
        ++counts_[mover][static_cast<int>(m.piece)];
        if (m.piece == piece_kind::ou) kings_[mover] = static_cast<std::uint8_t>(index(m.from));
    }
    checked_ = u.checked;
}

}  // namespace kifu::shogi
