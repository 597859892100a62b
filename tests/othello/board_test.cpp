#include <catch2/catch.hpp>

#include <kifu/othello/board.hpp>

#include "othello/bitboard.hpp"
#include "othello/bits_inline.hpp"

#include <cstdint>
#include <iostream>
#include <random>
#include <string>
#include <vector>

using namespace kifu::othello;

namespace {

std::string names(const std::vector<square>& squares) {
    std::string out;
    for (const square s : squares) {
        out += to_string(s);
        out += ' ';
    }
    return out;
}

std::vector<square> from_mask(std::uint64_t m) {
    std::vector<square> out;
    for (int i = 0; i < 64; ++i) {
        if ((m >> i) & 1) {
            out.push_back(bits::square_of(i));
        }
    }
    return out;
}

// Rows from the top as '-', '*' (black), 'O' (white).
board parse_rows(const std::vector<std::string>& rows, color to_move) {
    board b = board::empty(static_cast<int>(rows.size()));
    for (std::size_t y = 0; y < rows.size(); ++y) {
        for (std::size_t x = 0; x < rows[y].size(); ++x) {
            const square s{static_cast<std::int8_t>(x + 1), static_cast<std::int8_t>(y + 1)};
            if (rows[y][x] == '*') {
                b.set(s, cell::black);
            } else if (rows[y][x] == 'O') {
                b.set(s, cell::white);
            }
        }
    }
    b.set_to_move(to_move);
    return b;
}

bitboard to_bitboard(const board& b) {
    bitboard bb;
    for (int i = 0; i < 64; ++i) {
        const cell c = b.at(bits::square_of(i));
        if (c == cell::black) {
            bb.black |= bits::bit(i);
        } else if (c == cell::white) {
            bb.white |= bits::bit(i);
        }
    }
    bb.to_move = b.to_move();
    return bb;
}

}  // namespace

TEST_CASE("squares are 1-based from the top-left", "[othello][board]") {
    CHECK(to_string(square{6, 5}) == "f5");
    CHECK(to_string(square{1, 1}) == "a1");
    CHECK(to_string(square{10, 10}) == "j10");
    CHECK(bits::index_of({6, 5}) == 37);
    CHECK(bits::square_of(63) == square{8, 8});
}

TEST_CASE("standard start: four moves for black, two discs each", "[othello][board]") {
    const bitboard b = bitboard::standard();
    CHECK(names(from_mask(b.moves())) == "d3 c4 f5 e6 ");
    CHECK(b.counts() == disc_counts{2, 2, 60});
    const board g = board::standard(8);
    CHECK(names(g.legal_moves(color::black)) == "d3 c4 f5 e6 ");
    CHECK(names(g.legal_moves(color::white)) == "e3 f4 c5 d6 ");
    CHECK(to_board(b) == g);
}

TEST_CASE("flips come in direction order, nearest first", "[othello][board]") {
    // Black plays d4 and flips in all eight directions, two discs in some.
    const board g = parse_rows({"*--*--*-",
                                "-O-O-O--",
                                "--OOO---",
                                "*OO-OO*-",
                                "--OOO---",
                                "-O-O-O--",
                                "*--*--*-",
                                "--------"},
                               color::black);
    std::vector<square> out;
    REQUIRE(g.flips({4, 4}, color::black, out) == 16);
    const std::string expected = "c3 b2 d3 d2 e3 f2 c4 b4 e4 f4 c5 b6 d5 d6 e5 f6 ";
    CHECK(names(out) == expected);

    const bitboard bb = to_bitboard(g);
    std::uint8_t idx[32];
    std::uint64_t mask = 0;
    REQUIRE(bits::flips_ordered(bb.black, bb.white, bits::index_of({4, 4}), idx, mask) == 16);
    std::vector<square> ordered;
    for (int i = 0; i < 16; ++i) {
        ordered.push_back(bits::square_of(idx[i]));
    }
    CHECK(names(ordered) == expected);
    CHECK(mask == bits::flips(bb.black, bb.white, bits::index_of({4, 4})));
    std::uint64_t run_mask = 0;
    const flip_runs_t runs = bits::flip_runs(bb.black, bb.white, bits::index_of({4, 4}), run_mask);
    CHECK(runs == 0x22222222u);  // two discs in each of the eight directions
    CHECK(run_mask == mask);
    CHECK(flip_count(runs) == 16);
    CHECK(g.flip_runs({4, 4}, color::black) == runs);
    std::vector<square> expanded;
    append_flips({4, 4}, runs, expanded);
    CHECK(names(expanded) == expected);
    // A taken square and a square without a closed line flip nothing.
    CHECK(bits::flips(bb.black, bb.white, bits::index_of({1, 1})) == 0);
    CHECK(bits::flips(bb.black, bb.white, bits::index_of({8, 8})) == 0);
}

TEST_CASE("a run that reaches the edge without our disc does not flip", "[othello][board]") {
    const board g = parse_rows({"-OO*----",
                                "--------",
                                "--------",
                                "--------",
                                "--------",
                                "--------",
                                "--------",
                                "-OOOOOO-"},
                               color::black);
    std::vector<square> out;
    CHECK(g.flips({1, 1}, color::black, out) == 2);
    CHECK(names(out) == "b1 c1 ");
    out.clear();
    CHECK(g.flips({1, 8}, color::black, out) == 0);
    const bitboard bb = to_bitboard(g);
    CHECK(bits::flips(bb.black, bb.white, bits::index_of({1, 8})) == 0);
    CHECK(bits::flips(bb.black, bb.white, bits::index_of({8, 8})) == 0);
    CHECK(names(from_mask(bb.moves())) == "a1 ");
}

TEST_CASE("passes and the end of the game", "[othello][board]") {
    // White has no move; black has one (h1 after the pass cannot happen: a full row).
    board g = parse_rows({"******O-",
                          "********",
                          "********",
                          "********",
                          "********",
                          "********",
                          "********",
                          "********"},
                         color::white);
    CHECK_FALSE(g.has_move(color::white));
    CHECK(g.has_move(color::black));
    CHECK_FALSE(g.game_over());
    g.pass();
    std::vector<square> flipped;
    CHECK(g.play({8, 1}, flipped) == 1);
    CHECK(g.game_over());
    CHECK(g.counts() == disc_counts{64, 0, 0});
    // An illegal move changes nothing.
    board s = board::standard(8);
    const board before = s;
    CHECK(s.play({1, 1}, flipped) == 0);
    CHECK(s == before);
}

TEST_CASE("other sizes and the octagon", "[othello][board]") {
    const board four = board::standard(4);
    CHECK(names(four.legal_moves(color::black)) == "b1 a2 d3 c4 ");
    CHECK(four.counts() == disc_counts{2, 2, 12});

    const board oct = board::standard(10, true);
    CHECK(oct.counts() == disc_counts{2, 2, 84});
    CHECK_FALSE(oct.on_board({1, 1}));
    CHECK_FALSE(oct.on_board({2, 1}));
    CHECK_FALSE(oct.on_board({1, 2}));
    CHECK(oct.on_board({2, 2}));
    CHECK_FALSE(oct.on_board({10, 9}));
    CHECK(oct.at({1, 1}) == cell::none);
    CHECK(names(oct.legal_moves(color::black)) == "e4 d5 g6 f7 ");

    CHECK(is_valid_size(14));
    CHECK_FALSE(is_valid_size(16));
    CHECK_FALSE(is_valid_size(7));
}

TEST_CASE("a disc on a cut corner of the octagon never closes a line", "[othello][board]") {
    board oct = board::empty(10, true);
    oct.set({1, 1}, cell::black);  // ignored: not on the board
    CHECK(oct.at({1, 1}) == cell::none);
    oct.set({3, 1}, cell::white);
    oct.set({4, 1}, cell::black);
    std::vector<square> out;
    CHECK(oct.flips({2, 1}, color::black, out) == 0);  // b1 is cut
}

TEST_CASE("bitboard and general board agree over random games", "[othello][board]") {
    std::mt19937 rng(20260101);
    for (int game = 0; game < 300; ++game) {
        bitboard bb = bitboard::standard();
        board g = board::standard(8);
        while (true) {
            const std::uint64_t m = bb.moves();
            REQUIRE(from_mask(m) == g.legal_moves(g.to_move()));
            if (m == 0) {
                REQUIRE(g.has_move(g.to_move()) == false);
                if (bb.game_over()) {
                    REQUIRE(g.game_over());
                    break;
                }
                bb.pass();
                g.pass();
                continue;
            }
            std::vector<int> choices;
            for (int i = 0; i < 64; ++i) {
                if ((m >> i) & 1) {
                    choices.push_back(i);
                }
            }
            const int index = choices[rng() % choices.size()];
            std::uint8_t idx[32];
            std::uint64_t mask = 0;
            const int n = bits::flips_ordered(bb.own(), bb.opp(), index, idx, mask);
            std::vector<square> expected;
            board by_runs = g;
            const flip_runs_t general_runs = by_runs.play_runs(bits::square_of(index));
            REQUIRE(g.play(bits::square_of(index), expected) == n);
            REQUIRE(by_runs == g);
            REQUIRE(flip_count(general_runs) == n);
            for (int i = 0; i < n; ++i) {
                REQUIRE(bits::square_of(idx[i]) == expected[static_cast<std::size_t>(i)]);
            }
            REQUIRE(mask == bits::flips(bb.own(), bb.opp(), index));
            std::uint64_t run_mask = 0;
            const flip_runs_t runs = bits::flip_runs(bb.own(), bb.opp(), index, run_mask);
            REQUIRE(run_mask == mask);
            REQUIRE(g.flip_runs(bits::square_of(index), opponent(g.to_move())) == 0);  // taken now
            std::vector<square> expanded;
            append_flips(bits::square_of(index), runs, expanded);
            REQUIRE(expanded == expected);
            bb.apply(index, mask);
            REQUIRE(to_board(bb) == g);
        }
        const disc_counts c = bb.counts();
        CHECK(c == g.counts());
    }
}

#if KIFU_OTHELLO_AVX2
TEST_CASE("the AVX2 flips equal the scalar ones", "[othello][board]") {
    if (!detail::has_avx2()) {
        std::cout << "KIFU-SKIP: this CPU has no AVX2" << std::endl;
        return;
    }
    std::mt19937 rng(77);
    int compared = 0;
    for (int game = 0; game < 300; ++game) {
        bitboard bb = bitboard::standard();
        while (!bb.game_over()) {
            // Every empty square, legal or not, for the side to move.
            for (int i = 0; i < 64; ++i) {
                if (((bb.black | bb.white) >> i) & 1) {
                    continue;
                }
                std::uint64_t scalar_mask = 0;
                std::uint64_t avx2_mask = 0;
                const auto scalar = detail::flip_runs(bb.own(), bb.opp(), i, scalar_mask);
                const auto avx2 = detail::flip_runs_avx2(bb.own(), bb.opp(), i, avx2_mask);
                REQUIRE(avx2 == scalar);
                REQUIRE(avx2_mask == scalar_mask);
                ++compared;
            }
            const std::uint64_t m = bb.moves();
            if (m == 0) {
                bb.pass();
                continue;
            }
            std::vector<int> choices;
            for (int i = 0; i < 64; ++i) {
                if ((m >> i) & 1) {
                    choices.push_back(i);
                }
            }
            const int index = choices[rng() % choices.size()];
            bb.apply(index, bits::flips(bb.own(), bb.opp(), index));
        }
    }
    CHECK(compared > 100000);
}
#endif
