#pragma once

// The JKF handicap presets (../shared/formats/shogi.md §2.3): which White pieces 平手 loses
// and who moves first. `3` removes 1一香 (json-kifu-format's restorePreset says 9一: a bug).

#include <array>
#include <string_view>

#include <kifu/shogi/jkf.hpp>

namespace kifu::shogi::detail {

struct preset_info {
    std::string_view name;
    std::array<square, 10> removed;  ///< terminated by {0, 0}
    color side;
};

inline constexpr std::array<preset_info, 16> presets{{
    {"HIRATE", {}, color::black},
    {"KY", {{{1, 1}}}, color::white},
    {"KY_R", {{{9, 1}}}, color::white},
    {"KA", {{{2, 2}}}, color::white},
    {"HI", {{{8, 2}}}, color::white},
    {"HIKY", {{{8, 2}, {1, 1}}}, color::white},
    {"2", {{{8, 2}, {2, 2}}}, color::white},
    {"3", {{{8, 2}, {2, 2}, {1, 1}}}, color::white},
    {"4", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}}}, color::white},
    {"5", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {8, 1}}}, color::white},
    {"5_L", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {2, 1}}}, color::white},
    {"6", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {2, 1}, {8, 1}}}, color::white},
    {"7_L", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {2, 1}, {8, 1}, {3, 1}}}, color::white},
    {"7_R", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {2, 1}, {8, 1}, {7, 1}}}, color::white},
    {"8", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {2, 1}, {8, 1}, {3, 1}, {7, 1}}}, color::white},
    {"10", {{{8, 2}, {2, 2}, {1, 1}, {9, 1}, {2, 1}, {8, 1}, {3, 1}, {7, 1}, {4, 1}, {6, 1}}}, color::white},
}};

/// Returns a preset's entry, or nullptr for OTHER and unknown names.
constexpr const preset_info* find_preset(std::string_view name) noexcept {
    for (const preset_info& p : presets)
        if (p.name == name) return &p;
    return nullptr;
}

}  // namespace kifu::shogi::detail
