// Go rules: chains, liberties, captures, suicide, simple ko. Chains are flood-filled with an
// explicit stack (a 52×52 snake is one chain of 1,352 stones).

#include <kifu/go/board.hpp>

#include <algorithm>

namespace kifu::inline v1::go {
namespace {

// Scratch of the flood fill, shared by all boards of a thread.
struct fill_scratch {
    std::vector<int> chain;           // indices of the last collected chain
    std::vector<std::uint32_t> mark;  // visit stamps
    std::vector<int> stack;
    std::uint32_t stamp = 0;
};

fill_scratch& scratch() {
    thread_local fill_scratch s;
    return s;
}

// The index of a point among a board's cells (row-major).
int index_of(point p, int width) noexcept { return (p.y - 1) * width + (p.x - 1); }

// A board's cells as the chain fills see them: stones row-major, `width` by `height`. Passed by
// value, so a fill keeps the pointer in a register instead of reloading it after each push.
struct cells_view {
    stone* cells;
    int width;
    int height;

    std::size_t size() const noexcept { return static_cast<std::size_t>(width) * static_cast<std::size_t>(height); }
    point point_at(int i) const noexcept { return {i % width + 1, i / width + 1}; }
    stone& operator[](int i) const noexcept { return cells[i]; }
};

// Collects the chain at index `start` into the scratch's chain and returns its liberty count.
int collect_chain(cells_view b, int start) {
    fill_scratch& s = scratch();
    std::vector<int>& chain = s.chain;
    std::vector<std::uint32_t>& mark = s.mark;
    chain.clear();
    if (mark.size() < b.size()) mark.resize(b.size(), 0);
    const stone colour = b[start];
    if (++s.stamp == 0) {  // wrapped: clear the stamps once every 4 billion fills
        std::fill(mark.begin(), mark.end(), 0);
        s.stamp = 1;
    }
    const std::uint32_t stamp = s.stamp;
    // Liberties are stamped with the same value; a point is either a stone or a liberty.
    int liberties = 0;
    std::vector<int>& stack = s.stack;
    stack.assign(1, start);
    mark[static_cast<std::size_t>(start)] = stamp;
    while (!stack.empty()) {
        const int i = stack.back();
        stack.pop_back();
        chain.push_back(i);
        const int x = i % b.width;
        const int y = i / b.width;
        const int neighbours[4] = {x > 0 ? i - 1 : -1, x + 1 < b.width ? i + 1 : -1,
                                   y > 0 ? i - b.width : -1, y + 1 < b.height ? i + b.width : -1};
        for (const int n : neighbours) {
            if (n < 0 || mark[static_cast<std::size_t>(n)] == stamp) continue;
            const stone s = b[n];
            if (s == stone::empty) {
                mark[static_cast<std::size_t>(n)] = stamp;
                ++liberties;
            } else if (s == colour) {
                mark[static_cast<std::size_t>(n)] = stamp;
                stack.push_back(n);
            }
        }
    }
    return liberties;
}

// True when a point next to cell `i` is empty: the chain through `i` has a liberty, no fill
// needed to know it is not captured.
bool touches_empty(cells_view b, int i) noexcept {
    const int x = i % b.width;
    const int y = i / b.width;
    const auto empty = [&](int n) { return b[n] == stone::empty; };
    return (x > 0 && empty(i - 1)) || (x + 1 < b.width && empty(i + 1)) || (y > 0 && empty(i - b.width)) ||
           (y + 1 < b.height && empty(i + b.width));
}

// Empties the points of the last collected chain and appends them to `removed`.
void remove_chain(cells_view b, std::vector<point>& removed) {
    for (const int i : scratch().chain) {
        b[i] = stone::empty;
        removed.push_back(b.point_at(i));
    }
}

}  // namespace

board::board(int width, int height)
    : width_(std::clamp(width, 1, max_board_side)),
      height_(std::clamp(height, 1, max_board_side)),
      cells_(static_cast<std::size_t>(width_ * height_), stone::empty) {}

stone board::at(point p) const noexcept {
    return contains(p) ? cells_[static_cast<std::size_t>(index_of(p, width_))] : stone::empty;
}

bool board::set(point p, stone s) {
    if (!contains(p)) return false;
    cells_[static_cast<std::size_t>(index_of(p, width_))] = s;
    ko_.reset();
    return true;
}

int board::liberties(point p) {
    if (!contains(p) || at(p) == stone::empty) return 0;
    return collect_chain({cells_.data(), width_, height_}, index_of(p, width_));
}

play_result board::play(color c, point p) {
    play_result result;
    if (!contains(p)) {
        result.off_board = true;
        return result;
    }
    const cells_view cells{cells_.data(), width_, height_};
    const int i = index_of(p, width_);
    result.ko = ko_ && *ko_ == p && ko_color_ == c;
    ko_.reset();
    result.overwrite = cells_[static_cast<std::size_t>(i)] != stone::empty;
    cells_[static_cast<std::size_t>(i)] = stone_of(c);

    const stone enemy = stone_of(opponent(c));
    const int x = i % width_;
    const int y = i / width_;
    const int neighbours[4] = {x > 0 ? i - 1 : -1, x + 1 < width_ ? i + 1 : -1,
                               y > 0 ? i - width_ : -1, y + 1 < height_ ? i + width_ : -1};
    // A chain next to an empty point has a liberty: only the others are flood-filled (most
    // moves touch no chain without a liberty of its own next to the stone).
    for (const int n : neighbours) {
        if (n >= 0 && cells_[static_cast<std::size_t>(n)] == enemy && !touches_empty(cells, n) && collect_chain(cells, n) == 0) {
            remove_chain(cells, result.captured);
        }
    }
    // The stone's own chain: filled when it may have no liberty, or when one capture may make
    // a ko (whose test needs the chain's size and liberties).
    if (result.captured.size() == 1 || !touches_empty(cells, i)) {
        const int own_liberties = collect_chain(cells, i);
        if (own_liberties == 0) {
            remove_chain(cells, result.suicide);
        }
        // A lone stone that took exactly one stone and now sits in atari on that point makes a
        // simple ko: the opponent may not retake at once.
        if (result.captured.size() == 1 && result.suicide.empty() && scratch().chain.size() == 1 && own_liberties == 1) {
            ko_ = result.captured.front();
            ko_color_ = opponent(c);
        }
    }
    prisoners_[static_cast<int>(c)] += static_cast<int>(result.captured.size());
    prisoners_[static_cast<int>(opponent(c))] += static_cast<int>(result.suicide.size());
    std::sort(result.captured.begin(), result.captured.end());
    std::sort(result.suicide.begin(), result.suicide.end());
    return result;
}

std::vector<std::string> board::rows() const {
    std::vector<std::string> out;
    for (int y = 1; y <= height_; ++y) {
        std::string row;
        for (int x = 1; x <= width_; ++x) {
            const stone s = at({x, y});
            row += s == stone::empty ? '.' : s == stone::black ? 'X' : 'O';
        }
        out.push_back(std::move(row));
    }
    return out;
}

char sgf_letter(int coordinate) noexcept {
    if (coordinate >= 1 && coordinate <= 26) return static_cast<char>('a' + coordinate - 1);
    if (coordinate >= 27 && coordinate <= 52) return static_cast<char>('A' + coordinate - 27);
    return '?';
}

int sgf_coordinate(char letter) noexcept {
    if (letter >= 'a' && letter <= 'z') return letter - 'a' + 1;
    if (letter >= 'A' && letter <= 'Z') return letter - 'A' + 27;
    return 0;
}

std::string to_sgf(point p) { return {sgf_letter(p.x), sgf_letter(p.y)}; }

}  // namespace kifu::go
