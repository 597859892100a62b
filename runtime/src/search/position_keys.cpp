// Zobrist keys of the three games' positions, and the board symmetries of go and othello.

#include "search/position_keys.hpp"

#include <algorithm>
#include <cstring>
#include <memory>

namespace kifu::inline v1::search::detail {
namespace {

// SplitMix64: a fixed, well-mixed sequence for the Zobrist tables.
std::uint64_t splitmix(std::uint64_t& state) noexcept {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// Go boards up to 52×52, othello up to 14×14: one table of 52×52 points × 3 contents serves
// both (a point's number is y * 52 + x whatever the board's size; the size is hashed apart).
constexpr int grid_side = 52;
constexpr int grid_points = grid_side * grid_side;

struct zobrist_tables {
    std::array<std::array<std::uint64_t, 4>, grid_points> grid{};
    std::array<std::uint64_t, 64> grid_size{};        // width, then height, then octagon
    std::array<std::uint64_t, grid_points + 1> ko{};  // ko point (0 = none)
    std::array<std::array<std::uint64_t, 32>, 81> shogi{};
    std::array<std::array<std::uint64_t, 19>, 14> hands{};  // hand kind (both colours) × count
    std::array<std::uint64_t, 3> game{};
    std::uint64_t white_to_move = 0;

    zobrist_tables() {
        std::uint64_t state = 0x6b696675'7365a7c8ull;  // "kifu" + a fixed tail
        for (auto& point : grid) {
            for (auto& v : point) v = splitmix(state);
        }
        for (auto& v : grid_size) v = splitmix(state);
        for (auto& v : ko) v = splitmix(state);
        for (auto& cell : shogi) {
            for (auto& v : cell) v = splitmix(state);
        }
        for (auto& kind : hands) {
            for (auto& v : kind) v = splitmix(state);
        }
        for (auto& v : game) v = splitmix(state);
        white_to_move = splitmix(state);
    }
};

const zobrist_tables& tables() {
    static const zobrist_tables t;
    return t;
}

// Where each cell of a w×h board goes under each symmetry: its Zobrist point and its place in
// the turned board's cells. Made once per board size and thread.
struct symmetry_tables {
    int width = 0;
    int height = 0;
    int count = 0;
    std::array<std::vector<std::uint16_t>, 8> point;  // y * grid_side + x of the turned cell (0-based)
    std::array<std::vector<std::uint16_t>, 8> place;  // index of the turned cell in the turned board
};

const symmetry_tables& symmetries_of(int width, int height) {
    thread_local std::vector<std::unique_ptr<symmetry_tables>> cache;
    for (const auto& t : cache) {
        if (t->width == width && t->height == height) return *t;
    }
    auto t = std::make_unique<symmetry_tables>();
    t->width = width;
    t->height = height;
    t->count = symmetry_count(width, height);
    for (int s = 0; s < t->count; ++s) {
        const int turned_width = s >= 4 ? height : width;
        for (int y = 1; y <= height; ++y) {
            for (int x = 1; x <= width; ++x) {
                int tx = x;
                int ty = y;
                transform(s, width, height, tx, ty);
                t->point[static_cast<std::size_t>(s)].push_back(static_cast<std::uint16_t>((ty - 1) * grid_side + (tx - 1)));
                t->place[static_cast<std::size_t>(s)].push_back(static_cast<std::uint16_t>((ty - 1) * turned_width + (tx - 1)));
            }
        }
    }
    cache.push_back(std::move(t));
    return *cache.back();
}

// The key bytes of a grid turned by symmetry s: sides, kind, side to move, ko, then the cells
// two bits each, row by row.
void grid_bytes(const grid& g, const symmetry_tables& t, int s, std::string& bytes) {
    const int w = (s >= 4) ? g.height : g.width;
    const int h = (s >= 4) ? g.width : g.height;
    const std::size_t cells = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
    bytes.assign(6 + (cells + 3) / 4, '\0');
    bytes[0] = static_cast<char>(w);
    bytes[1] = static_cast<char>(h);
    bytes[2] = static_cast<char>(g.kind);
    bytes[3] = static_cast<char>(g.to_move);
    if (g.ko_x != 0) {
        int kx = g.ko_x;
        int ky = g.ko_y;
        transform(s, g.width, g.height, kx, ky);
        bytes[4] = static_cast<char>(kx);
        bytes[5] = static_cast<char>(ky);
    }
    const auto& place = t.place[static_cast<std::size_t>(s)];
    for (std::size_t i = 0; i < g.cells.size(); ++i) {
        const unsigned c = g.cells[i];
        if (c == 0) continue;
        const std::size_t j = place[i];
        bytes[6 + j / 4] = static_cast<char>(static_cast<unsigned char>(bytes[6 + j / 4]) | (c << (2 * (j % 4))));
    }
}

}  // namespace

int symmetry_count(int width, int height) noexcept { return width == height ? 8 : 4; }

void transform(int s, int width, int height, int& x, int& y) noexcept {
    const int ox = x;
    const int oy = y;
    switch (s) {
        case 0: break;
        case 1: x = width + 1 - ox; break;
        case 2: y = height + 1 - oy; break;
        case 3: x = width + 1 - ox; y = height + 1 - oy; break;
        case 4: x = oy; y = ox; break;
        case 5: x = height + 1 - oy; y = ox; break;
        case 6: x = oy; y = width + 1 - ox; break;
        default: x = height + 1 - oy; y = width + 1 - ox; break;
    }
}

int inverse(int s) noexcept { return s == 5 ? 6 : s == 6 ? 5 : s; }

std::vector<int> canonical_key(kifu::game game, const grid& g, position_key& key) {
    const zobrist_tables& z = tables();
    const symmetry_tables& t = symmetries_of(g.width, g.height);
    // Every symmetry's hash in one pass over the cells.
    std::array<std::uint64_t, 8> hash{};
    for (int s = 0; s < t.count; ++s) {
        const int w = (s >= 4) ? g.height : g.width;
        const int h = (s >= 4) ? g.width : g.height;
        std::uint64_t k = z.game[static_cast<std::size_t>(game)] ^ z.grid_size[static_cast<std::size_t>(w)] ^
                          z.grid_size[static_cast<std::size_t>(h) + 1] ^ (g.kind ? z.grid_size[63] : 0) ^
                          (g.to_move ? z.white_to_move : 0);
        if (g.ko_x != 0) {
            int kx = g.ko_x;
            int ky = g.ko_y;
            transform(s, g.width, g.height, kx, ky);
            k ^= z.ko[static_cast<std::size_t>((ky - 1) * grid_side + (kx - 1)) + 1];
        }
        hash[static_cast<std::size_t>(s)] = k;
    }
    for (std::size_t i = 0; i < g.cells.size(); ++i) {
        const unsigned c = g.cells[i];
        if (c == 0) continue;
        for (std::size_t s = 0; s < static_cast<std::size_t>(t.count); ++s) hash[s] ^= z.grid[t.point[s][i]][c];
    }
    std::uint64_t best = hash[0];
    for (std::size_t s = 1; s < static_cast<std::size_t>(t.count); ++s) best = std::min(best, hash[s]);
    // The smallest hash; among symmetries that share it, the smallest bytes (equal bytes: the
    // position is symmetric and every one of them reaches the key).
    std::vector<int> best_symmetries;
    std::string bytes;
    key.hash = best;
    for (int s = 0; s < t.count; ++s) {
        if (hash[static_cast<std::size_t>(s)] != best) continue;
        grid_bytes(g, t, s, bytes);
        if (best_symmetries.empty() || bytes < key.bytes) {
            key.bytes = bytes;
            key.symmetry = static_cast<std::uint8_t>(s);
            best_symmetries.assign(1, s);
        } else if (bytes == key.bytes) {
            best_symmetries.push_back(s);
        }
    }
    key.game = game;
    key.to_move = g.to_move;
    return best_symmetries;
}

std::string transform_move(kifu::game game, std::string_view move, int s, int width, int height) {
    if (move.empty() || move == "pass" || s == 0) return std::string(move);
    int x = 0;
    int y = 0;
    if (game == kifu::game::go) {
        if (move.size() != 2) return std::string(move);
        auto coordinate = [](char c) { return c >= 'a' && c <= 'z' ? c - 'a' + 1 : c >= 'A' && c <= 'Z' ? c - 'A' + 27 : 0; };
        x = coordinate(move[0]);
        y = coordinate(move[1]);
        if (x == 0 || y == 0) return std::string(move);
        transform(s, width, height, x, y);
        auto letter = [](int v) { return static_cast<char>(v <= 26 ? 'a' + v - 1 : 'A' + v - 27); };
        return std::string{letter(x), letter(y)};
    }
    // othello: a column letter and a row number ("f5", "j10")
    if (move.size() < 2 || move[0] < 'a' || move[0] > 'z') return std::string(move);
    x = move[0] - 'a' + 1;
    for (std::size_t i = 1; i < move.size(); ++i) {
        if (move[i] < '0' || move[i] > '9') return std::string(move);
        y = y * 10 + (move[i] - '0');
    }
    transform(s, width, height, x, y);
    return static_cast<char>('a' + x - 1) + std::to_string(y);
}

std::string canonical_move(kifu::game game, std::string_view move, const std::vector<int>& symmetries, int width,
                           int height) {
    std::string best;
    for (std::size_t i = 0; i < symmetries.size(); ++i) {
        std::string m = transform_move(game, move, symmetries[i], width, height);
        if (i == 0 || m < best) best = std::move(m);
    }
    return best;
}

void shogi_key(const std::array<std::uint8_t, 81>& cells, const std::array<std::uint8_t, 14>& hands,
               std::uint8_t to_move, position_key& key) {
    const zobrist_tables& z = tables();
    std::uint64_t hash = z.game[0] ^ (to_move ? z.white_to_move : 0);
    key.bytes.resize(81 + 14 + 1);
    for (std::size_t i = 0; i < 81; ++i) {
        key.bytes[i] = static_cast<char>(cells[i]);
        if (cells[i] != 0) hash ^= z.shogi[i][cells[i] & 31];
    }
    for (std::size_t i = 0; i < 14; ++i) {
        key.bytes[81 + i] = static_cast<char>(hands[i]);
        if (hands[i] != 0) hash ^= z.hands[i][std::min<std::size_t>(hands[i], 18)];
    }
    key.bytes[95] = static_cast<char>(to_move);
    key.game = kifu::game::shogi;
    key.hash = hash;
    key.symmetry = 0;
    key.to_move = to_move;
}

}  // namespace kifu::search::detail
