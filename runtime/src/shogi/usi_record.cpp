// The positions of a normalized record's main line, and the main line as a USI position
// command (kifu/shogi/sfen.hpp).

#include <kifu/shogi/sfen.hpp>

#include "shogi/engine.hpp"

namespace kifu::inline v1::shogi {

position start_position(const jkf& record) {
    if (record.initial) {
        if (record.initial->data) return position::from_state(*record.initial->data);
        if (auto preset = position::from_preset(record.initial->preset)) return *preset;
    }
    return *position::from_preset("HIRATE");
}

board_move to_board_move(const move_data& m) noexcept {
    return board_move{m.from.value_or(square{}), m.to.value_or(square{}), m.piece.value_or(piece_kind::fu),
                      m.promote.value_or(false)};
}

std::vector<board_move> main_line(const jkf& record) {
    std::vector<board_move> out;
    out.reserve(record.moves.size());
    for (std::size_t i = 1; i < record.moves.size(); ++i) {
        const move_format& element = record.moves[i];
        if (!element.move) {
            if (!element.special.empty()) break;
            continue;
        }
        out.push_back(to_board_move(*element.move));
    }
    return out;
}

std::optional<position> position_after(const jkf& record, std::size_t ply) {
    const std::vector<board_move> line = main_line(record);
    if (ply > line.size()) return std::nullopt;
    position p = start_position(record);
    // Checked as the normalizer checks: a record that was not normalized may hold anything.
    engine& e = engine_of(p);
    std::optional<piece_kind> captured;
    for (std::size_t i = 0; i < ply; ++i)
        if (e.check_and_apply(line[i], captured) != illegal_reason::none) return std::nullopt;
    return p;
}

std::string to_usi_position(const jkf& record) {
    std::string out = "position sfen ";
    out += to_sfen(start_position(record));
    const std::vector<board_move> line = main_line(record);
    if (!line.empty()) out += " moves";
    for (const board_move& m : line) {
        out += ' ';
        out += to_usi(m);
    }
    return out;
}

}  // namespace kifu::shogi
