// Text diagrams and SVG pictures of positions (kifu/diagram.hpp), and draw_position, which
// replays a record's main line to the asked ply and draws it.

#include <kifu/diagram.hpp>

#include <array>
#include <string>
#include <string_view>

#include <fmt/core.h>

#include <kifu/go/record.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/shogi/bod.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/sfen.hpp>

#include "go/position_rows.hpp"
#include "shogi/vocabulary.hpp"

namespace kifu::inline v1 {
namespace {

// Column letters as go diagrams write them: A–Z without I, then a–z without i (a board has at
// most 52 columns; the last two are I and i).
char column_letter(int index) {
    static constexpr std::string_view upper = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    static constexpr std::string_view lower = "abcdefghjklmnopqrstuvwxyz";
    const auto i = static_cast<std::size_t>(index);
    if (i < upper.size()) return upper[i];
    if (i < upper.size() + lower.size()) return lower[i - upper.size()];
    return i == upper.size() + lower.size() ? 'I' : 'i';
}

// The decimal digits of a positive number (a board side: 1 to 52).
std::size_t digits(int n) {
    std::size_t count = 1;
    for (; n >= 10; n /= 10) ++count;
    return count;
}

constexpr std::string_view svg_head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

std::string svg_open(int width, int height, std::string_view title) {
    return fmt::format("{}<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">\n"
                       "<title>{}</title>\n",
                       svg_head, width, height, width, height, title);
}

std::string_view go_color_name(go::color c) { return c == go::color::black ? "Black" : "White"; }

// The go star points of the usual sizes (1-based, the same on both axes).
std::vector<int> star_lines(int side) {
    switch (side) {
        case 9: return {3, 5, 7};
        case 13: return {4, 7, 10};
        case 19: return {4, 10, 16};
        default: return {};
    }
}

}  // namespace

namespace go {

std::string to_diagram(const board& b, color to_move) {
    const std::size_t label = digits(b.height());
    std::string out;
    for (int y = 1; y <= b.height(); ++y) {
        out += fmt::format("{:>{}} ", b.height() - y + 1, label);
        for (int x = 1; x <= b.width(); ++x) {
            if (x > 1) out += ' ';
            const stone s = b.at({x, y});
            out += ' ';
            out += s == stone::black ? '#' : s == stone::white ? 'o' : '.';
        }
        out += '\n';
    }
    out.append(label + 2, ' ');
    for (int x = 0; x < b.width(); ++x) {
        if (x > 0) out += "  ";
        out += column_letter(x);
    }
    out += fmt::format("\n{} to move\n", go_color_name(to_move));
    return out;
}

std::string to_svg(const board& b, color to_move) {
    constexpr int cell = 24;
    constexpr int margin = 30;
    const int width = 2 * margin + (b.width() - 1) * cell;
    const int height = 2 * margin + (b.height() - 1) * cell + 20;
    const auto px = [&](int x) { return margin + (x - 1) * cell; };
    std::string out = svg_open(width, height, fmt::format("Go, {}×{}, {} to move", b.width(), b.height(),
                                                          go_color_name(to_move)));
    out += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"#dcb35c\"/>\n", width, height);
    out += "<g stroke=\"#000\" stroke-width=\"1\">\n";
    for (int x = 1; x <= b.width(); ++x) {
        out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n", px(x), px(1), px(x), px(b.height()));
    }
    for (int y = 1; y <= b.height(); ++y) {
        out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n", px(1), px(y), px(b.width()), px(y));
    }
    out += "</g>\n";
    if (b.width() == b.height()) {
        for (const int y : star_lines(b.height())) {
            for (const int x : star_lines(b.width())) {
                out += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"#000\"/>\n", px(x), px(y));
            }
        }
    }
    out += "<g font-family=\"sans-serif\" font-size=\"11\" fill=\"#000\" text-anchor=\"middle\" "
           "dominant-baseline=\"central\">\n";
    for (int x = 1; x <= b.width(); ++x) {
        const char letter = column_letter(x - 1);
        out += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", px(x), margin / 2 - 2, letter);
        out += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", px(x), px(b.height()) + margin / 2 + 2, letter);
    }
    for (int y = 1; y <= b.height(); ++y) {
        const int number = b.height() - y + 1;
        out += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", margin / 2 - 2, px(y), number);
        out += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", px(b.width()) + margin / 2 + 2, px(y), number);
    }
    out += "</g>\n";
    for (int y = 1; y <= b.height(); ++y) {
        for (int x = 1; x <= b.width(); ++x) {
            const stone s = b.at({x, y});
            if (s == stone::empty) continue;
            out += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#000\" stroke-width=\"1\"/>\n",
                               px(x), px(y), cell / 2 - 1, s == stone::black ? "#000" : "#fff");
        }
    }
    out += fmt::format("<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\">"
                       "{} to move</text>\n</svg>\n",
                       width / 2, height - 8, go_color_name(to_move));
    return out;
}

}  // namespace go

namespace othello {
namespace {

std::string_view color_name(color c) { return c == color::black ? "Black" : "White"; }

}  // namespace

std::string to_diagram(const board& b) {
    const std::size_t label = digits(b.size());
    std::string letters(label + 1, ' ');
    for (int x = 0; x < b.size(); ++x) {
        if (x > 0) letters += ' ';
        letters += static_cast<char>('A' + x);
    }
    letters += '\n';
    std::string out = letters;
    for (int y = 1; y <= b.size(); ++y) {
        out += fmt::format("{:>{}}", y, label);
        for (int x = 1; x <= b.size(); ++x) {
            const cell c = b.at({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
            out += ' ';
            out += c == cell::black ? '*' : c == cell::white ? 'O' : c == cell::empty ? '-' : ' ';
        }
        out += fmt::format(" {}\n", y);
    }
    out += letters;
    const disc_counts n = b.counts();
    out += fmt::format("{} to move ({}), * {}, O {}\n", b.to_move() == color::black ? '*' : 'O', color_name(b.to_move()),
                       n.black, n.white);
    return out;
}

std::string to_svg(const board& b) {
    constexpr int square_px = 40;
    constexpr int margin = 24;
    const int side = b.size() * square_px;
    const int width = 2 * margin + side;
    const int height = 2 * margin + side + 16;
    const disc_counts n = b.counts();
    std::string out = svg_open(width, height,
                               fmt::format("Othello, {}×{}, {} to move, black {}, white {}", b.size(), b.size(),
                                           color_name(b.to_move()), n.black, n.white));
    out += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"#fff\"/>\n", width, height);
    for (int y = 1; y <= b.size(); ++y) {
        for (int x = 1; x <= b.size(); ++x) {
            const cell c = b.at({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
            const int left = margin + (x - 1) * square_px;
            const int top = margin + (y - 1) * square_px;
            out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#000\"/>\n", left,
                               top, square_px, square_px, c == cell::none ? "#999" : "#2e8b57");
            if (c == cell::black || c == cell::white) {
                out += fmt::format(
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#000\"/>\n", left + square_px / 2, top + square_px / 2,
                    square_px / 2 - 4, c == cell::black ? "#000" : "#fff");
            }
        }
    }
    out += "<g font-family=\"sans-serif\" font-size=\"13\" fill=\"#000\" text-anchor=\"middle\" "
           "dominant-baseline=\"central\">\n";
    for (int i = 1; i <= b.size(); ++i) {
        out += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", margin + (i - 1) * square_px + square_px / 2, margin / 2,
                           static_cast<char>('a' + i - 1));
        out += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", margin / 2, margin + (i - 1) * square_px + square_px / 2, i);
    }
    out += "</g>\n";
    out += fmt::format("<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\" text-anchor=\"middle\">"
                       "{} to move — black {}, white {}</text>\n</svg>\n",
                       width / 2, height - 8, color_name(b.to_move()), n.black, n.white);
    return out;
}

}  // namespace othello

namespace shogi {
namespace {

std::string hand_text(const position& p, color c) {
    std::string out = c == color::black ? "☗先手 持駒：" : "☖後手 持駒：";
    bool any = false;
    for (const piece_kind k : detail::hand_order) {
        const int n = p.hand(c, k);
        if (n == 0) continue;
        if (any) out += ' ';
        out += detail::cell_piece_names[static_cast<std::size_t>(k)];
        out += detail::kanji_count_text(n);
        any = true;
    }
    if (!any) out += "なし";
    if (p.side_to_move() == c) out += "（手番）";
    return out;
}

}  // namespace

std::string to_svg(const position& p) {
    constexpr int cell = 40;
    constexpr int left = 24;
    constexpr int top = 64;
    constexpr int side = 9 * cell;
    constexpr int width = left + side + 36;
    constexpr int height = top + side + 52;
    std::string out = svg_open(width, height, fmt::format("Shogi, {} to move: {}", p.side_to_move() == color::black ? "Black" : "White",
                                                          to_sfen(p)));
    out += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"#fff\"/>\n", width, height);
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#f3d28c\" stroke=\"#000\" stroke-width=\"2\"/>\n",
                       left, top, side, side);
    out += "<g stroke=\"#000\" stroke-width=\"1\">\n";
    for (int i = 1; i < 9; ++i) {
        out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n", left + i * cell, top, left + i * cell, top + side);
        out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n", left, top + i * cell, left + side, top + i * cell);
    }
    out += "</g>\n";
    out += "<g font-family=\"serif\" font-size=\"14\" fill=\"#000\" text-anchor=\"middle\" dominant-baseline=\"central\">\n";
    for (int i = 0; i < 9; ++i) {
        out += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", left + i * cell + cell / 2, top - 10, 9 - i);
        out += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", left + side + 14, top + i * cell + cell / 2,
                           detail::kanji_digits[static_cast<std::size_t>(i)]);
    }
    out += "</g>\n";
    out += "<g font-family=\"serif\" font-size=\"28\" text-anchor=\"middle\" dominant-baseline=\"central\">\n";
    for (std::int8_t y = 1; y <= 9; ++y) {
        for (std::int8_t x = 1; x <= 9; ++x) {
            const std::optional<piece> q = p.at({x, y});
            if (!q) continue;
            const int cx = left + (9 - x) * cell + cell / 2;
            const int cy = top + (y - 1) * cell + cell / 2;
            const std::string_view name = detail::cell_piece_names[static_cast<std::size_t>(q->kind)];
            const std::string_view fill = is_promoted(q->kind) ? "#c00000" : "#000";
            if (q->color == color::white) {
                out += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"{}\" transform=\"rotate(180 {} {})\">{}</text>\n", cx, cy,
                                   fill, cx, cy, name);
            } else {
                out += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"{}\">{}</text>\n", cx, cy, fill, name);
            }
        }
    }
    out += "</g>\n";
    out += fmt::format("<g font-family=\"serif\" font-size=\"18\" fill=\"#000\">\n<text x=\"{}\" y=\"{}\">{}</text>\n"
                       "<text x=\"{}\" y=\"{}\">{}</text>\n</g>\n</svg>\n",
                       left, 24, hand_text(p, color::white), left, top + side + 34, hand_text(p, color::black));
    return out;
}

}  // namespace shogi

std::optional<std::string> draw_position(const record& r, std::optional<std::size_t> ply, diagram_kind kind,
                                         std::string* error) {
    const auto too_short = [&](std::size_t moves) -> std::optional<std::string> {
        if (error) {
            *error = fmt::format("the main line has {} move{}; ply {} is past its end", moves, moves == 1 ? "" : "s", *ply);
        }
        return std::nullopt;
    };
    if (const auto* game = r.get<shogi::jkf>()) {
        const std::size_t moves = shogi::main_line(*game).size();
        const std::size_t at = ply.value_or(moves);
        if (at > moves) return too_short(moves);
        const std::optional<shogi::position> p = shogi::position_after(*game, at);
        if (!p) return too_short(moves);
        return kind == diagram_kind::svg ? shogi::to_svg(*p) : shogi::to_bod(*p);
    }
    if (const auto* game = r.get<go::record>()) {
        std::optional<go::board> found;
        go::color to_move = go::color::black;
        std::size_t moves = 0;
        go::for_each_position(*game, [&](const go::position_row& row) {
            moves = row.ply;
            if (!found && (!ply || row.ply == *ply) && (ply || row.next == nullptr)) {
                found = *row.stones;
                to_move = row.to_move;
            }
        });
        if (!found) return too_short(moves);
        return kind == diagram_kind::svg ? go::to_svg(*found, to_move) : go::to_diagram(*found, to_move);
    }
    if (const auto* game = r.get<othello::record>()) {
        const std::size_t at = ply.value_or(game->moves.size());
        if (at > game->moves.size()) return too_short(game->moves.size());
        othello::board b = game->initial.to_board();
        for (std::size_t i = 0; i < at; ++i) {
            const othello::move& m = game->moves[i];
            if (!m.is_pass()) {
                b.set(m.to, othello::disc_of(m.color));
                for (const othello::square s : othello::record::flips_of(m)) b.set(s, othello::disc_of(m.color));
            }
            b.set_to_move(othello::opponent(m.color));
        }
        return kind == diagram_kind::svg ? othello::to_svg(b) : othello::to_diagram(b);
    }
    if (error) *error = "the record holds no game kifu can draw";
    return std::nullopt;
}

}  // namespace kifu
