// kifu::shogi::position: the public face of the rules engine (engine.hpp), which it holds in
// place. The library's own hot paths use the engine directly.

#include <kifu/shogi/position.hpp>

#include <type_traits>

#include "shogi/engine.hpp"

namespace kifu::inline v1::shogi {

position::position() noexcept {
    static_assert(std::is_standard_layout_v<position>, "engine_of needs the storage at the position's address");
    static_assert(std::is_trivially_copyable_v<engine> && std::is_trivially_destructible_v<engine>,
                  "a position copies its engine as bytes and never destroys it");
    static_assert(sizeof(engine) <= sizeof(storage_) && alignof(engine) <= alignof(position),
                  "the storage of a position is too small for the engine");
    ::new (static_cast<void*>(storage_)) engine();
}

std::optional<position> position::from_preset(std::string_view preset) noexcept {
    const std::optional<engine> e = engine::from_preset(preset);
    if (!e) return std::nullopt;
    return to_position(*e);
}

position position::from_state(const state_format& state) noexcept { return to_position(engine::from_state(state)); }

state_format position::to_state() const { return engine_of(*this).to_state(); }

std::optional<piece> position::at(square s) const noexcept { return engine_of(*this).at(s); }

void position::set(square s, std::optional<piece> p) noexcept { engine_of(*this).set(s, p); }

int position::hand(color c, piece_kind k) const noexcept { return engine_of(*this).hand(c, k); }

void position::set_hand(color c, piece_kind k, int count) noexcept { engine_of(*this).set_hand(c, k, count); }

color position::side_to_move() const noexcept { return engine_of(*this).side_to_move(); }

void position::set_side_to_move(color c) noexcept { engine_of(*this).set_side_to_move(c); }

int position::count_on_board(color c, piece_kind k) const noexcept { return engine_of(*this).count_on_board(c, k); }

std::optional<square> position::king_square(color c) const noexcept { return engine_of(*this).king_square(c); }

bool position::is_attacked(square s, color by) const noexcept { return engine_of(*this).is_attacked(s, by); }

bool position::in_check(color c) const noexcept { return engine_of(*this).in_check(c); }

illegal_reason position::check(const board_move& m) const noexcept { return engine_of(*this).check(m); }

bool position::has_legal_move() const noexcept { return engine_of(*this).has_legal_move(); }

illegal_reason position::play(const board_move& m, std::optional<piece_kind>& captured) noexcept {
    return engine_of(*this).check_and_apply(m, captured);
}

illegal_reason position::play(const board_move& m) noexcept {
    std::optional<piece_kind> captured;
    return engine_of(*this).check_and_apply(m, captured);
}

bool position::operator==(const position& other) const noexcept { return engine_of(*this) == engine_of(other); }

}  // namespace kifu::shogi
