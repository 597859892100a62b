// go::board against a reference kept here: a plain grid whose chains and liberties are found
// by flood fill on every move, with the rules of go.html "How to execute a move" (place,
// capture opponent chains without liberties, then the mover's own chain: suicide) and the
// simple ko of docs/reading-policy.md. Random games on several board sizes mix moves on empty
// and occupied points, points off the board, passes, setup stones between moves, and marks
// taken back with undo_to; after every step both boards must agree on every point, on what
// the move did, on prisoners, on the ko and on liberties.

#include <catch2/catch.hpp>

#include <kifu/go/board.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

using kifu::go::board;
using kifu::go::color;
using kifu::go::play_result;
using kifu::go::point;
using kifu::go::stone;

namespace {

struct reference_board {
    int width;
    int height;
    std::vector<stone> cells;  // row-major
    int prisoners[2] = {0, 0};
    point ko{0, 0};            // {0, 0}: none
    color ko_color = color::black;

    reference_board(int w, int h) : width(w), height(h), cells(static_cast<std::size_t>(w * h), stone::empty) {}

    bool contains(point p) const { return p.x >= 1 && p.y >= 1 && p.x <= width && p.y <= height; }
    stone& at(point p) { return cells[static_cast<std::size_t>((p.y - 1) * width + (p.x - 1))]; }

    std::vector<point> neighbours(point p) const {
        std::vector<point> out;
        for (const point n : {point{p.x - 1, p.y}, point{p.x + 1, p.y}, point{p.x, p.y - 1}, point{p.x, p.y + 1}}) {
            if (contains(n)) out.push_back(n);
        }
        return out;
    }

    // The chain through p (row-major) and its distinct liberties.
    std::pair<std::vector<point>, int> chain(point p) {
        const stone colour = at(p);
        std::vector<char> seen(cells.size(), 0);
        const auto index = [&](point q) { return static_cast<std::size_t>((q.y - 1) * width + (q.x - 1)); };
        std::vector<point> stones;
        std::vector<point> stack{p};
        seen[index(p)] = 1;
        int liberties = 0;
        while (!stack.empty()) {
            const point q = stack.back();
            stack.pop_back();
            stones.push_back(q);
            for (const point n : neighbours(q)) {
                if (seen[index(n)]) continue;
                if (at(n) == stone::empty) {
                    seen[index(n)] = 1;
                    ++liberties;
                } else if (at(n) == colour) {
                    seen[index(n)] = 1;
                    stack.push_back(n);
                }
            }
        }
        std::sort(stones.begin(), stones.end());
        return {stones, liberties};
    }

    void set(point p, stone s) {
        if (!contains(p)) return;  // off the board: nothing changes, the ko stays
        at(p) = s;
        ko = {0, 0};
    }

    void pass() { ko = {0, 0}; }

    play_result play(color c, point p) {
        play_result r;
        if (!contains(p)) {
            r.off_board = true;
            return r;
        }
        r.ko = ko == p && ko_color == c;
        ko = {0, 0};
        r.overwrite = at(p) != stone::empty;
        at(p) = kifu::go::stone_of(c);
        const stone enemy = kifu::go::stone_of(kifu::go::opponent(c));
        for (const point n : neighbours(p)) {
            if (at(n) != enemy) continue;
            auto [stones, liberties] = chain(n);
            if (liberties > 0) continue;
            for (const point q : stones) {
                at(q) = stone::empty;
                r.captured.push_back(q);
            }
        }
        auto [own, liberties] = chain(p);
        if (liberties == 0) {
            for (const point q : own) at(q) = stone::empty;
            r.suicide = own;
        } else if (r.captured.size() == 1 && own.size() == 1 && liberties == 1) {
            ko = r.captured.front();
            ko_color = kifu::go::opponent(c);
        }
        std::sort(r.captured.begin(), r.captured.end());
        prisoners[static_cast<int>(c)] += static_cast<int>(r.captured.size());
        prisoners[static_cast<int>(kifu::go::opponent(c))] += static_cast<int>(r.suicide.size());
        return r;
    }
};

// Both boards hold the same stones, prisoners and ko, and agree on liberties of a few points.
void check_same(board& b, reference_board& ref, std::mt19937& rng) {
    for (int y = 1; y <= ref.height; ++y) {
        for (int x = 1; x <= ref.width; ++x) REQUIRE(b.at({x, y}) == ref.at({x, y}));
    }
    REQUIRE(b.prisoners(color::black) == ref.prisoners[0]);
    REQUIRE(b.prisoners(color::white) == ref.prisoners[1]);
    if (ref.ko.x == 0) {
        REQUIRE_FALSE(b.ko_point().has_value());
    } else {
        REQUIRE(b.ko_point() == std::optional<point>(ref.ko));
        REQUIRE(b.ko_color() == ref.ko_color);
    }
    std::uniform_int_distribution<int> x(1, ref.width);
    std::uniform_int_distribution<int> y(1, ref.height);
    for (int i = 0; i < 2; ++i) {
        const point p{x(rng), y(rng)};
        REQUIRE(b.liberties(p) == (ref.at(p) == stone::empty ? 0 : ref.chain(p).second));
    }
}

struct tally {
    long moves = 0;
    long captures = 0;
    long suicides = 0;
    long kos = 0;
    long ko_retakes = 0;
    long overwrites = 0;
    long undos = 0;
    long setups = 0;
};

// One random game of `steps` steps on a width×height board.
void random_game(int width, int height, int steps, std::uint32_t seed, tally& t) {
    std::mt19937 rng(seed);
    board b(width, height);
    reference_board ref(width, height);
    std::vector<std::pair<std::size_t, reference_board>> marks;  // board mark, reference copy
    std::uniform_int_distribution<int> percent(0, 99);
    std::uniform_int_distribution<int> any_x(0, width + 1);  // 0 and width + 1: off the board
    std::uniform_int_distribution<int> any_y(0, height + 1);
    color to_move = color::black;
    play_result result;
    for (int step = 0; step < steps; ++step) {
        const int roll = percent(rng);
        if (roll < 2) {
            b.pass();
            ref.pass();
            to_move = kifu::go::opponent(to_move);
        } else if (roll < 5) {
            // Setup between moves: a few stones set or removed (a chain may be left without
            // liberties; it stays until a move next to it).
            const int count = 1 + percent(rng) % 4;
            for (int i = 0; i < count; ++i) {
                const point p{any_x(rng), any_y(rng)};
                const stone s = static_cast<stone>(percent(rng) % 3);
                REQUIRE(b.set(p, s) == ref.contains(p));
                ref.set(p, s);
            }
            ++t.setups;
        } else if (roll < 8) {
            marks.emplace_back(b.mark(), ref);
        } else if (roll < 10 && !marks.empty()) {
            // Back to a random earlier mark; the marks after it are dropped.
            const std::size_t k = static_cast<std::size_t>(percent(rng)) % marks.size();
            b.undo_to(marks[k].first);
            ref = marks[k].second;
            marks.erase(marks.begin() + static_cast<std::ptrdiff_t>(k) + 1, marks.end());
            ++t.undos;
        } else {
            point p{any_x(rng), any_y(rng)};
            if (roll < 90 && ref.contains(p) && ref.at(p) != stone::empty) {
                // Mostly empty points: look for one near the drawn point.
                for (int tries = 0; tries < 8 && ref.at(p) != stone::empty; ++tries) p = {1 + any_x(rng) % width, 1 + any_y(rng) % height};
            }
            if (roll < 94 && ref.ko.x != 0) p = ref.ko;  // try the forbidden retake now and then
            const color c = roll % 7 == 0 ? kifu::go::opponent(to_move) : to_move;
            const play_result expected = ref.play(c, p);
            b.play(c, p, result);
            REQUIRE(result.off_board == expected.off_board);
            REQUIRE(result.overwrite == expected.overwrite);
            REQUIRE(result.ko == expected.ko);
            REQUIRE(result.captured == expected.captured);
            REQUIRE(result.suicide == expected.suicide);
            ++t.moves;
            t.captures += !expected.captured.empty();
            t.suicides += !expected.suicide.empty();
            t.kos += ref.ko.x != 0;
            t.ko_retakes += expected.ko;
            t.overwrites += expected.overwrite;
            to_move = kifu::go::opponent(c);
        }
        check_same(b, ref, rng);
        if (step % 97 == 96 && percent(rng) < 30) {
            // Clear the board now and then so that a long game sees openings again.
            for (int y = 1; y <= height; ++y) {
                for (int x = 1; x <= width; ++x) {
                    b.set({x, y}, stone::empty);
                    ref.set({x, y}, stone::empty);
                }
            }
        }
    }
    // The value-returning play gives the same as the filling one.
    const point centre{(width + 1) / 2, (height + 1) / 2};
    board copy = b;
    copy.play(to_move, centre, result);
    const play_result returned = b.play(to_move, centre);
    CHECK(returned.captured == result.captured);
    CHECK(returned.suicide == result.suicide);
    CHECK(b.rows() == copy.rows());
}

}  // namespace

TEST_CASE("go::board agrees with a flood-fill reference over random games", "[go][board]") {
    tally t;
    const std::pair<int, int> sizes[] = {{9, 9}, {13, 13}, {19, 19}, {1, 1}, {2, 2}, {3, 5}, {7, 7},
                                         {11, 4}, {25, 25}, {1, 9}, {52, 52}, {52, 3}};
    std::uint32_t seed = 1;
    for (const auto& [w, h] : sizes) {
        const int games = w * h > 1000 ? 3 : 30;
        const int steps = std::clamp(w * h * 3, 40, 1500);
        for (int g = 0; g < games; ++g) random_game(w, h, steps, seed++, t);
    }
    INFO("moves " << t.moves << ", captures " << t.captures << ", suicides " << t.suicides << ", kos "
                  << t.kos << ", ko retakes " << t.ko_retakes << ", overwrites " << t.overwrites << ", undos "
                  << t.undos << ", setups " << t.setups);
    // The games reach every rule the board applies.
    CHECK(t.captures > 1000);
    CHECK(t.suicides > 100);
    CHECK(t.kos > 100);
    CHECK(t.ko_retakes > 10);
    CHECK(t.overwrites > 100);
    CHECK(t.undos > 100);
    CHECK(t.setups > 100);
}

TEST_CASE("undo_to takes a board back through captures, joins and setup", "[go][board]") {
    board b(5, 5);
    b.play(color::black, {2, 1});
    b.play(color::white, {1, 1});
    const std::size_t before = b.mark();
    const std::vector<std::string> rows = b.rows();
    b.play(color::black, {1, 2});  // captures the white corner stone
    CHECK(b.prisoners(color::black) == 1);
    b.set({3, 3}, stone::white);
    b.play(color::black, {1, 1});  // joins two black chains
    CHECK(b.liberties({1, 1}) == 3);
    b.undo_to(before);
    CHECK(b.rows() == rows);
    CHECK(b.prisoners(color::black) == 0);
    CHECK(b.liberties({1, 1}) == 1);
    // The board plays on correctly after the undo.
    CHECK(b.play(color::black, {1, 2}).captured == std::vector<point>{{1, 1}});
}
