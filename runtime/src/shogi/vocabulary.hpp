#pragma once

// The words of Kakinoki text (KIF, KI2 and their BOD board, ../shared/formats/shogi.md
// §2.2–§2.6): digits, piece names, counts and terminal words, each listed once here. The
// writers write them from these tables; the readers' look-up tables (kakinoki.hpp) are made from
// them. The 手合割 names are the presets' (presets.hpp).

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <kifu/shogi/jkf.hpp>

namespace kifu::inline v1::shogi::detail {

/// 一 … 九: index 0 is 1. Ranks of squares, counts, board rows.
inline constexpr std::array<std::string_view, 9> kanji_digits{"一", "二", "三", "四", "五", "六", "七", "八", "九"};
/// １ … ９ (U+FF11 … U+FF19): files of squares.
inline constexpr std::array<std::string_view, 9> wide_digits{"１", "２", "３", "４", "５", "６", "７", "８", "９"};
/// 十: counts from 10 on.
inline constexpr std::string_view kanji_ten = "十";

/// The one-character name of each kind, by piece_kind: what a board cell and a hand hold
/// (杏 圭 全 for the promoted 香 桂 銀, 玉 for both kings).
inline constexpr std::array<std::string_view, piece_kind_count> cell_piece_names{
    "歩", "香", "桂", "銀", "金", "角", "飛", "玉", "と", "杏", "圭", "全", "馬", "龍"};
/// One-character names that readers accept besides cell_piece_names: 王 for a king, 竜 for 龍.
inline constexpr std::array<std::pair<std::string_view, piece_kind>, 2> other_piece_names{{
    {"王", piece_kind::ou},
    {"竜", piece_kind::ry},
}};
/// The name of each kind in a move, by piece_kind: as cell_piece_names, but 成香 成桂 成銀.
inline constexpr std::array<std::string_view, piece_kind_count> move_piece_names{
    "歩", "香", "桂", "銀", "金", "角", "飛", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};

/// The order a hand is listed in (飛 角 金 銀 桂 香 歩), as Kifu for Windows writes it.
inline constexpr std::array<piece_kind, hand_kind_count> hand_order{piece_kind::hi, piece_kind::ka, piece_kind::ki,
                                                                    piece_kind::gi, piece_kind::ke, piece_kind::ky,
                                                                    piece_kind::fu};

/// Returns a count of pieces in hand as written after the piece: "" for 1, 二 … 九, 十, 十一 … 十八.
inline std::string kanji_count_text(int n) {
    std::string out;
    if (n >= 10) {
        out = kanji_ten;
        n -= 10;
    }
    if (n >= 2 || (n == 1 && !out.empty())) out += kanji_digits[static_cast<std::size_t>(n - 1)];
    return out;
}

/// A terminal word (§2.6) and the JKF special it means. A special's first word is the one that
/// writers write. 封じ手 ends the record for now, as 中断 does (json-kifu-format's choice);
/// 入玉勝ち and 最大手数 get the CSA words that json-kifu-format lacks; 反則勝ち gives the
/// unsigned ILLEGAL_ACTION that the normalizer signs.
struct terminal_word_entry {
    std::string_view word;
    std::string_view special;
};
inline constexpr std::array<terminal_word_entry, 18> terminal_words{{
    {"投了", "TORYO"},           {"中断", "CHUDAN"},          {"封じ手", "CHUDAN"},
    {"持将棋", "JISHOGI"},       {"千日手", "SENNICHITE"},    {"詰み", "TSUMI"},
    {"詰", "TSUMI"},             {"不詰", "FUZUMI"},          {"切れ負け", "TIME_UP"},
    {"時間切れ", "TIME_UP"},     {"反則勝ち", "ILLEGAL_ACTION"}, {"反則負け", "ILLEGAL_MOVE"},
    {"入玉勝ち", "KACHI"},       {"勝ち宣言", "KACHI"},       {"最大手数", "MAX_MOVES"},
    {"引き分け宣言", "HIKIWAKE"}, {"待った", "MATTA"},         {"エラー", "ERROR"},
}};

/// Returns the word a writer writes for a JKF special (its first in terminal_words), "" when none.
constexpr std::string_view word_of_special(std::string_view special) noexcept {
    for (const terminal_word_entry& t : terminal_words)
        if (t.special == special) return t.word;
    return {};
}

/// What a JKF special that ends a game says of its result. The side to move is the side to
/// move when the special was written (the side that did not play the last move).
enum class special_outcome : std::uint8_t {
    undecided,      ///< no result: 中断, 不詰, 待った, エラー, an unknown word
    to_move_loses,  ///< 投了, 詰み, 切れ負け, 反則負け (ILLEGAL_MOVE: the side to move acted illegally)
    to_move_wins,   ///< 入玉勝ち (KACHI: the side to move declared)
    black_wins,     ///< -ILLEGAL_ACTION: White acted illegally
    white_wins,     ///< +ILLEGAL_ACTION: Black acted illegally
    draw,           ///< 千日手, 持将棋, 引き分け, 最大手数
};

/// Every special that decides a game and its result: the one table behind result_for (position
/// rows, training writers), the KIF and KI2 summary line and the position index's results.
inline constexpr std::array<std::pair<std::string_view, special_outcome>, 11> special_outcomes{{
    {"TORYO", special_outcome::to_move_loses},
    {"TSUMI", special_outcome::to_move_loses},
    {"TIME_UP", special_outcome::to_move_loses},
    {"ILLEGAL_MOVE", special_outcome::to_move_loses},
    {"KACHI", special_outcome::to_move_wins},
    {"+ILLEGAL_ACTION", special_outcome::white_wins},
    {"-ILLEGAL_ACTION", special_outcome::black_wins},
    {"SENNICHITE", special_outcome::draw},
    {"JISHOGI", special_outcome::draw},
    {"HIKIWAKE", special_outcome::draw},
    {"MAX_MOVES", special_outcome::draw},
}};

/// Returns the result a special gives (special_outcomes), `undecided` for any other.
constexpr special_outcome outcome_of_special(std::string_view special) noexcept {
    for (const auto& [s, outcome] : special_outcomes)
        if (s == special) return outcome;
    return special_outcome::undecided;
}

/// Returns the winner a special names given the side to move, nothing for a draw or no result.
constexpr std::optional<color> winner_of_special(std::string_view special, color to_move) noexcept {
    switch (outcome_of_special(special)) {
    case special_outcome::to_move_loses: return opponent(to_move);
    case special_outcome::to_move_wins: return to_move;
    case special_outcome::black_wins: return color::black;
    case special_outcome::white_wins: return color::white;
    case special_outcome::undecided:
    case special_outcome::draw: break;
    }
    return std::nullopt;
}

}  // namespace kifu::shogi::detail
