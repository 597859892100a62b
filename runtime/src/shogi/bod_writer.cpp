// BOD board diagrams (kifu/shogi/bod.hpp).

#include <kifu/shogi/bod.hpp>

#include <array>
#include <string_view>

namespace kifu::shogi {
namespace {

// One kanji per kind, in piece_kind order (board cells use the one-character promoted names).
constexpr std::array<std::string_view, piece_kind_count> cell_names{"歩", "香", "桂", "銀", "金", "角", "飛",
                                                                    "玉", "と", "杏", "圭", "全", "馬", "龍"};
constexpr std::array<std::string_view, 10> digits{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
// The order hands are written in: 飛 角 金 銀 桂 香 歩.
constexpr std::array<piece_kind, hand_kind_count> hand_order{piece_kind::hi, piece_kind::ka, piece_kind::ki, piece_kind::gi,
                                                             piece_kind::ke, piece_kind::ky, piece_kind::fu};

// 1 → "" (no count), 2..9 → 二..九, 10 → 十, 11..18 → 十一..十八.
std::string count_kanji(int n) {
    if (n <= 1) return {};
    if (n < 10) return std::string(digits[static_cast<std::size_t>(n)]);
    return "十" + std::string(n > 10 ? digits[static_cast<std::size_t>(n - 10)] : "");
}

std::string hand_line(const position& p, color c) {
    std::string out = c == color::black ? "先手の持駒：" : "後手の持駒：";
    bool any = false;
    for (piece_kind k : hand_order) {
        const int n = p.hand(c, k);
        if (n == 0) continue;
        if (any) out += "\u3000";
        out += cell_names[static_cast<std::size_t>(k)];
        out += count_kanji(n);
        any = true;
    }
    if (!any) out += "なし";
    out += '\n';
    return out;
}

}  // namespace

std::string to_bod(const position& p) {
    std::string out = hand_line(p, color::white);
    out += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
    for (int y = 1; y <= 9; ++y) {
        out += '|';
        for (int x = 9; x >= 1; --x) {
            const auto pc = p.at({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
            if (!pc) {
                out += " ・";
                continue;
            }
            out += pc->color == color::white ? 'v' : ' ';
            out += cell_names[static_cast<std::size_t>(pc->kind)];
        }
        out += '|';
        out += digits[static_cast<std::size_t>(y)];
        out += '\n';
    }
    out += "+---------------------------+\n";
    out += hand_line(p, color::black);
    out += p.side_to_move() == color::black ? "先手番\n" : "後手番\n";
    return out;
}

}  // namespace kifu::shogi
