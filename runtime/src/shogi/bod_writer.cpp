// BOD board diagrams (kifu/shogi/bod.hpp).

#include <kifu/shogi/bod.hpp>

#include <string_view>

#include "shogi/engine.hpp"
#include "shogi/vocabulary.hpp"

namespace kifu::inline v1::shogi {
namespace {

std::string hand_line(const engine& p, color c) {
    std::string out = c == color::black ? "先手の持駒：" : "後手の持駒：";
    bool any = false;
    for (piece_kind k : detail::hand_order) {
        const int n = p.hand(c, k);
        if (n == 0) continue;
        if (any) out += "\u3000";
        out += detail::cell_piece_names[static_cast<std::size_t>(k)];
        out += detail::kanji_count_text(n);
        any = true;
    }
    if (!any) out += "なし";
    out += '\n';
    return out;
}

}  // namespace

std::string to_bod(const position& pos) {
    const engine& p = engine_of(pos);
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
            out += detail::cell_piece_names[static_cast<std::size_t>(pc->kind)];
        }
        out += '|';
        out += detail::kanji_digits[static_cast<std::size_t>(y - 1)];
        out += '\n';
    }
    out += "+---------------------------+\n";
    out += hand_line(p, color::black);
    out += p.side_to_move() == color::black ? "先手番\n" : "後手番\n";
    return out;
}

}  // namespace kifu::shogi
