// check_position: what makes a set-up position one that no game reaches, from the counts a
// piece set holds and the rules' impossibilities (docs/diagnostics.md, shogi.position.*).

#include <array>
#include <string>

#include <fmt/core.h>

#include <kifu/shogi/position.hpp>

namespace kifu::inline v1::shogi {
namespace {

constexpr std::array<std::string_view, 6> flaw_codes{
    "shogi.position.too-many-pieces", "shogi.position.two-kings",  "shogi.position.no-king",
    "shogi.position.dead-piece",      "shogi.position.two-pawns", "shogi.position.king-capturable",
};

// How many pieces of each unpromoted kind (FU … OU) one set holds.
constexpr std::array<int, 8> set_counts{18, 4, 4, 4, 4, 2, 2, 2};

std::string_view side_name(color c) { return c == color::black ? "Black" : "White"; }

std::string square_name(square s) { return fmt::format("{}{}", s.x, s.y); }

// The ranks, counted from the side's own far edge (1 = the last rank), where an unpromoted
// kind can never move again: 0 for kinds that always can.
int dead_ranks(piece_kind k) {
    switch (k) {
        case piece_kind::fu:
        case piece_kind::ky: return 1;
        case piece_kind::ke: return 2;
        default: return 0;
    }
}

}  // namespace

std::string_view code_of(position_flaw f) noexcept {
    const auto i = static_cast<std::size_t>(f);
    return i < flaw_codes.size() ? flaw_codes[i] : std::string_view{};
}

std::vector<position_problem> check_position(const position& p) {
    std::vector<position_problem> out;
    const auto add = [&](position_flaw f, severity level, color side, std::string message) {
        out.push_back(position_problem{f, level, side, std::move(message)});
    };

    std::array<int, set_counts.size()> totals{};
    std::array<int, 2> kings{};
    std::array<std::array<int, 10>, 2> pawns_on_file{};
    std::vector<position_problem> dead;
    for (std::int8_t y = 1; y <= 9; ++y) {
        for (std::int8_t x = 1; x <= 9; ++x) {
            const square s{x, y};
            const std::optional<piece> q = p.at(s);
            if (!q) continue;
            const auto side = static_cast<std::size_t>(q->color);
            ++totals[static_cast<std::size_t>(unpromote(q->kind))];
            if (q->kind == piece_kind::ou) ++kings[side];
            if (q->kind == piece_kind::fu) ++pawns_on_file[side][static_cast<std::size_t>(x)];
            const int far = q->color == color::black ? y : 10 - y;
            if (far <= dead_ranks(q->kind)) {
                dead.push_back(position_problem{position_flaw::dead_piece, severity::warning, q->color,
                                                fmt::format("{}'s {} on {} can never move", side_name(q->color),
                                                            to_csa(q->kind), square_name(s))});
            }
        }
    }
    for (const color c : {color::black, color::white}) {
        for (int k = 0; k < hand_kind_count; ++k) totals[static_cast<std::size_t>(k)] += p.hand(c, static_cast<piece_kind>(k));
    }

    for (std::size_t k = 0; k < set_counts.size(); ++k) {
        if (totals[k] > set_counts[k]) {
            add(position_flaw::too_many_pieces, severity::warning, color::black,
                fmt::format("the position has {} {} on the board and in the hands; a set holds {}", totals[k],
                            to_csa(static_cast<piece_kind>(k)), set_counts[k]));
        }
    }
    for (const color c : {color::black, color::white}) {
        const auto i = static_cast<std::size_t>(c);
        if (kings[i] > 1) {
            add(position_flaw::two_kings, severity::warning, c, fmt::format("{} has {} kings", side_name(c), kings[i]));
        }
    }
    const color mover = p.side_to_move();
    const color other = mover == color::black ? color::white : color::black;
    const bool tsume = kings[static_cast<std::size_t>(mover)] == 0 && kings[static_cast<std::size_t>(other)] == 1;
    for (const color c : {color::black, color::white}) {
        if (kings[static_cast<std::size_t>(c)] == 0 && !tsume) {
            add(position_flaw::no_king, severity::warning, c,
                fmt::format("{} has no king (only the side to move may lack one, in a tsume position)", side_name(c)));
        }
    }
    for (position_problem& d : dead) out.push_back(std::move(d));
    for (const color c : {color::black, color::white}) {
        for (std::size_t x = 1; x <= 9; ++x) {
            const int n = pawns_on_file[static_cast<std::size_t>(c)][x];
            if (n > 1) {
                add(position_flaw::two_pawns, severity::warning, c,
                    fmt::format("{} has {} unpromoted pawns on file {}", side_name(c), n, x));
            }
        }
    }
    if (kings[static_cast<std::size_t>(other)] == 1 && p.in_check(other)) {
        add(position_flaw::king_capturable, severity::warning, other,
            fmt::format("{} is to move and can take {}'s king", side_name(mover), side_name(other)));
    }
    return out;
}

}  // namespace kifu::shogi
