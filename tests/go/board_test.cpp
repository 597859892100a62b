#include <catch2/catch.hpp>

#include <kifu/go/board.hpp>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

using kifu::go::board;
using kifu::go::color;
using kifu::go::point;
using kifu::go::stone;

namespace {

// Sets up a board from rows ('X' black, 'O' white, '.' empty).
board from_rows(const std::vector<std::string>& rows) {
    board b(static_cast<int>(rows.front().size()), static_cast<int>(rows.size()));
    for (int y = 0; y < static_cast<int>(rows.size()); ++y) {
        for (int x = 0; x < static_cast<int>(rows[static_cast<std::size_t>(y)].size()); ++x) {
            const char c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
            if (c != '.') b.set({x + 1, y + 1}, c == 'X' ? stone::black : stone::white);
        }
    }
    return b;
}

}  // namespace

TEST_CASE("board sizes are clamped to 1..52 and may be rectangular", "[go][board]") {
    CHECK(board(0, 0).width() == 1);
    CHECK(board(60, 3).width() == 52);
    const board b(7, 3);
    CHECK(b.rows() == std::vector<std::string>{".......", ".......", "......."});
    CHECK(b.contains({7, 3}));
    CHECK_FALSE(b.contains({3, 7}));
}

TEST_CASE("a corner stone is captured and counted", "[go][board]") {
    board b = from_rows({"O X.", "X...", "....", "...."});
    b.set({2, 1}, stone::empty);  // the space above is not a stone
    const auto r = b.play(color::black, {2, 1});
    CHECK(r.captured == std::vector<point>{{1, 1}});
    CHECK(r.suicide.empty());
    CHECK(b.prisoners(color::black) == 1);
    CHECK(b.rows() == std::vector<std::string>{".XX.", "X...", "....", "...."});
}

TEST_CASE("captures of several chains are returned row-major", "[go][board]") {
    board c = from_rows({".XO.OX.", ".X.O.X.", ".XXOXX.", "...X..."});
    CHECK(c.play(color::black, {3, 2}).captured.empty());
    CHECK(c.play(color::black, {5, 2}).captured.empty());
    const auto r = c.play(color::black, {4, 1});
    CHECK(r.captured == std::vector<point>{{3, 1}, {5, 1}, {4, 2}, {4, 3}});
    CHECK(r.suicide.empty());
    CHECK(c.prisoners(color::black) == 4);
    CHECK(c.rows() == std::vector<std::string>{".X.X.X.", ".XX.XX.", ".XX.XX.", "...X..."});
}

TEST_CASE("suicide removes the mover's chain and credits the opponent", "[go][board]") {
    board b = from_rows({".O.", "O..", "..."});
    const auto r = b.play(color::black, {1, 1});
    CHECK(r.captured.empty());
    CHECK(r.suicide == std::vector<point>{{1, 1}});
    CHECK(b.prisoners(color::white) == 1);
    CHECK(b.at({1, 1}) == stone::empty);
}

TEST_CASE("capturing beats suicide", "[go][board]") {
    board b = from_rows({"XO.", "O..", "..."});
    b.set({1, 1}, stone::empty);
    b.set({1, 2}, stone::white);
    b.set({3, 1}, stone::black);
    b.set({2, 2}, stone::black);
    b.set({1, 3}, stone::black);
    // White (2,1) has liberty (1,1) only; white (1,2) too. Black at (1,1) captures both.
    const auto r = b.play(color::black, {1, 1});
    CHECK(r.captured == std::vector<point>{{2, 1}, {1, 2}});
    CHECK(r.suicide.empty());
}

TEST_CASE("simple ko: an immediate retake is flagged and a pass clears it", "[go][board]") {
    //  . X O .
    //  X O . O
    //  . X O .
    board b = from_rows({".XO.", "XO.O", ".XO."});
    auto r = b.play(color::black, {3, 2});  // takes (2,2)
    CHECK(r.captured == std::vector<point>{{2, 2}});
    REQUIRE(b.ko_point());
    CHECK(*b.ko_point() == point{2, 2});
    r = b.play(color::white, {2, 2});  // retakes at once
    CHECK(r.ko);
    CHECK(r.captured == std::vector<point>{{3, 2}});

    board c = from_rows({".XO.", "XO.O", ".XO."});
    c.play(color::black, {3, 2});
    c.pass();
    CHECK_FALSE(c.ko_point());
    CHECK_FALSE(c.play(color::white, {2, 2}).ko);
}

TEST_CASE("a capture that leaves the capturer with liberties is not a ko", "[go][board]") {
    board b = from_rows({".X..", "XO..", ".X.."});
    const auto r = b.play(color::black, {3, 2});
    CHECK(r.captured == std::vector<point>{{2, 2}});
    CHECK_FALSE(b.ko_point());
    const auto back = b.play(color::white, {2, 2});  // now a suicide, not a ko
    CHECK_FALSE(back.ko);
    CHECK(back.suicide == std::vector<point>{{2, 2}});
}

TEST_CASE("overwrite and off-board are reported", "[go][board]") {
    board b(5, 5);
    b.play(color::black, {3, 3});
    const auto r = b.play(color::white, {3, 3});
    CHECK(r.overwrite);
    CHECK(b.at({3, 3}) == stone::white);
    const auto off = b.play(color::black, {6, 1});
    CHECK(off.off_board);
    CHECK(b.rows() == std::vector<std::string>{".....", ".....", "..O..", ".....", "....."});
}

TEST_CASE("a 52x52 board fills with one long chain without recursion", "[go][board]") {
    board b(52, 52);
    // A snake over every other row: one chain of many stones.
    for (int y = 1; y <= 52; y += 2) {
        for (int x = 1; x <= 52; ++x) b.set({x, y}, stone::black);
        if (y + 1 <= 52) b.set({(y / 2) % 2 == 0 ? 52 : 1, y + 1}, stone::black);
    }
    CHECK(b.liberties({1, 1}) > 0);
    CHECK(kifu::go::to_sgf({52, 1}) == "Za");
    CHECK(kifu::go::sgf_coordinate('Z') == 52);
    CHECK(kifu::go::sgf_coordinate('1') == 0);
}

TEST_CASE("1x1 board: a stone there is suicide", "[go][board]") {
    board b(1, 1);
    const auto r = b.play(color::black, {1, 1});
    CHECK(r.suicide == std::vector<point>{{1, 1}});
}

namespace {

// The rules written the slow, obvious way, to check board::play against: place, remove every
// opponent chain without liberties, then the mover's own chain if it has none; a ko is a lone
// stone that took one stone and is left with one liberty.
struct reference_board {
    int w;
    int h;
    std::vector<char> cells;  // '.', 'X', 'O'
    std::optional<point> ko;
    char ko_stone = '.';

    std::vector<int> chain_of(int start, int& liberties) const {
        std::vector<int> chain{start};
        std::vector<bool> seen(cells.size(), false);
        seen[static_cast<std::size_t>(start)] = true;
        liberties = 0;
        for (std::size_t k = 0; k < chain.size(); ++k) {
            const int i = chain[k];
            const int x = i % w;
            const int y = i / w;
            for (const auto& [dx, dy] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
                if (x + dx < 0 || x + dx >= w || y + dy < 0 || y + dy >= h) continue;
                const int n = (y + dy) * w + x + dx;
                if (seen[static_cast<std::size_t>(n)]) continue;
                seen[static_cast<std::size_t>(n)] = true;
                if (cells[static_cast<std::size_t>(n)] == '.') {
                    ++liberties;
                } else if (cells[static_cast<std::size_t>(n)] == cells[static_cast<std::size_t>(start)]) {
                    chain.push_back(n);
                }
            }
        }
        return chain;
    }

    kifu::go::play_result play(char mine, point p) {
        kifu::go::play_result r;
        const char theirs = mine == 'X' ? 'O' : 'X';
        const int i = (p.y - 1) * w + (p.x - 1);
        r.ko = ko && *ko == p && ko_stone == mine;
        ko.reset();
        r.overwrite = cells[static_cast<std::size_t>(i)] != '.';
        cells[static_cast<std::size_t>(i)] = mine;
        for (int n = 0; n < w * h; ++n) {
            if (cells[static_cast<std::size_t>(n)] != theirs) continue;
            int liberties = 0;
            const std::vector<int> chain = chain_of(n, liberties);
            if (liberties != 0) continue;
            for (const int s : chain) {
                cells[static_cast<std::size_t>(s)] = '.';
                r.captured.push_back({s % w + 1, s / w + 1});
            }
        }
        int own = 0;
        const std::vector<int> mine_chain = chain_of(i, own);
        if (own == 0) {
            for (const int s : mine_chain) {
                cells[static_cast<std::size_t>(s)] = '.';
                r.suicide.push_back({s % w + 1, s / w + 1});
            }
        }
        if (r.captured.size() == 1 && r.suicide.empty() && mine_chain.size() == 1 && own == 1) {
            ko = r.captured.front();
            ko_stone = theirs;
        }
        std::sort(r.captured.begin(), r.captured.end());
        std::sort(r.suicide.begin(), r.suicide.end());
        return r;
    }

    std::vector<std::string> rows() const {
        std::vector<std::string> out;
        for (int y = 0; y < h; ++y) out.emplace_back(cells.begin() + y * w, cells.begin() + (y + 1) * w);
        return out;
    }
};

}  // namespace

TEST_CASE("board::play matches the obvious rules on random games", "[go][board]") {
    std::mt19937 rng(20261124);
    int captures = 0;
    int suicides = 0;
    int kos = 0;
    for (int game = 0; game < 400; ++game) {
        const int w = 1 + static_cast<int>(rng() % 7);
        const int h = 1 + static_cast<int>(rng() % 6);
        board b(w, h);
        reference_board ref{w, h, std::vector<char>(static_cast<std::size_t>(w * h), '.'), std::nullopt, '.'};
        for (int move = 0; move < 3 * w * h; ++move) {
            const color c = move % 2 == 0 ? color::black : color::white;
            const point p{1 + static_cast<int>(rng() % static_cast<unsigned>(w)),
                          1 + static_cast<int>(rng() % static_cast<unsigned>(h))};
            if (rng() % 16 == 0) {  // a pass now and then clears the ko on both boards
                b.pass();
                ref.ko.reset();
                continue;
            }
            const auto got = b.play(c, p);
            const auto want = ref.play(c == color::black ? 'X' : 'O', p);
            REQUIRE(got.captured == want.captured);
            REQUIRE(got.suicide == want.suicide);
            REQUIRE(got.ko == want.ko);
            REQUIRE(got.overwrite == want.overwrite);
            REQUIRE(b.rows() == ref.rows());
            REQUIRE(b.ko_point() == ref.ko);
            captures += got.captured.empty() ? 0 : 1;
            suicides += got.suicide.empty() ? 0 : 1;
            kos += got.ko ? 1 : 0;
        }
    }
    // The games reach every case the shortcuts must not skip.
    CHECK(captures > 100);
    CHECK(suicides > 100);
    CHECK(kos > 0);
}
