#pragma once

// The JKF handicap presets (../shared/formats/shogi.md §2.3): which White pieces 平手 loses,
// who moves first and the 手合割 name of each. `3` removes 1一香 (json-kifu-format's
// restorePreset says 9一: a bug).

#include <array>
#include <cstddef>
#include <string_view>

#include <kifu/shogi/jkf.hpp>

namespace kifu::inline v1::shogi::detail {

struct preset_info {
    std::string_view name;
    std::array<square, 10> removed;  ///< terminated by {0, 0}
    color side;
    std::string_view handicap_name;  ///< the KIF/KI2 手合割 value (KAKINOKI's list, §2.3)
};

inline constexpr std::array<preset_info, 16> presets{{
    {"HIRATE", {}, color::black, "平手"},
    {"KY", {{{1, 1}}}, color::white, "香落ち"},
    {"KY_R", {{{9, 1}}}, color::white, "右香落ち"},
    {"KA", {{{2, 2}}}, color::white, "角落ち"},
    {"HI", {{{8, 2}}}, color::white, "飛車落ち"},
    {"HIKY", {{{8, 2}, {1, 1}}}, color::white, "飛香落ち"},
    {"2", {{{8, 2}, {2, 2}}}, color::white, "二枚落ち"},
    {"3", {{{8, 2}, {2, 2}, {1, 1}}}, color::white, "三枚落ち"},
    {"4", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}}}, color::white, "四枚落ち"},
    {"5", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {8, 1}}}, color::white, "五枚落ち"},
    {"5_L", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {2, 1}}}, color::white, "左五枚落ち"},
    {"6", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {2, 1}, {8, 1}}}, color::white, "六枚落ち"},
    {"7_L", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {2, 1}, {8, 1}, {3, 1}}}, color::white, "左七枚落ち"},
    {"7_R", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {2, 1}, {8, 1}, {7, 1}}}, color::white, "右七枚落ち"},
    {"8", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {2, 1}, {8, 1}, {3, 1}, {7, 1}}}, color::white, "八枚落ち"},
    {"10", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {2, 1}, {8, 1}, {3, 1}, {7, 1}, {4, 1}, {6, 1}}}, color::white, "十枚落ち"},
}};

/// The 平手 start position, Black to move: ranks 1 and 9 from file 9 to file 1 (the back ranks
/// are symmetric), the pawns on ranks 3 and 7, 飛 and 角 on 8二/2二 (White) and 2八/8八 (Black).
/// The one place the start position is written; the presets remove pieces from it.
constexpr state_format hirate_state() noexcept {
    constexpr std::array<piece_kind, 9> back{piece_kind::ky, piece_kind::ke, piece_kind::gi, piece_kind::ki, piece_kind::ou,
                                             piece_kind::ki, piece_kind::gi, piece_kind::ke, piece_kind::ky};
    state_format s;
    for (std::size_t x = 0; x < 9; ++x) {  // board index x is file x + 1
        s.board[x][0] = piece{color::white, back[x]};
        s.board[x][2] = piece{color::white, piece_kind::fu};
        s.board[x][6] = piece{color::black, piece_kind::fu};
        s.board[x][8] = piece{color::black, back[x]};
    }
    s.board[7][1] = piece{color::white, piece_kind::hi};
    s.board[1][1] = piece{color::white, piece_kind::ka};
    s.board[7][7] = piece{color::black, piece_kind::ka};
    s.board[1][7] = piece{color::black, piece_kind::hi};
    return s;
}

/// Returns a preset's entry, or nullptr for OTHER and unknown names.
constexpr const preset_info* find_preset(std::string_view name) noexcept {
    for (const preset_info& p : presets)
        if (p.name == name) return &p;
    return nullptr;
}

}  // namespace kifu::shogi::detail
