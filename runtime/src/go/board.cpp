// Go rules: chains, liberties, captures, suicide, simple ko, tracked incrementally. Every
// stone names its chain's head; a chain's stones form a ring through `next`; a head holds the
// chain's size and pseudo-liberties (each empty point counted once per adjacent stone of the
// chain, so the count is zero exactly when the chain has no liberty). Joining two chains
// relabels the smaller one; a capture walks the captured ring. The board has a border of
// off-board points, so a neighbour is always index ± 1 or ± stride, never a bounds test.

#include <kifu/go/board.hpp>

#include <algorithm>

namespace kifu::inline v1::go {
namespace {

constexpr std::uint8_t empty_value = static_cast<std::uint8_t>(stone::empty);
constexpr std::uint8_t border = 3;

}  // namespace

board::board(int width, int height)
    : width_(std::clamp(width, 1, max_board_side)),
      height_(std::clamp(height, 1, max_board_side)),
      stride_(width_ + 2),
      cells_(static_cast<std::size_t>((height_ + 2) * stride_), cell{0, 0, 0, 0, border}) {
    for (int y = 1; y <= height_; ++y) {
        for (int x = 1; x <= width_; ++x) cells_[static_cast<std::size_t>(y * stride_ + x)].what = empty_value;
    }
}

stone board::at(point p) const noexcept {
    return contains(p) ? static_cast<stone>(cells_[static_cast<std::size_t>(index_of(p))].what) : stone::empty;
}

bool board::set(point p, stone s) {
    if (!contains(p)) return false;
    std::uint8_t& what = cells_[static_cast<std::size_t>(index_of(p))].what;
    if (what != static_cast<std::uint8_t>(s)) {
        save(index_of(p));
        what = static_cast<std::uint8_t>(s);
        stale_ = true;
    }
    ko_ = -1;
    return true;
}

// Makes every chain again from the stones: each stone a chain of its own, then joined with
// its right and lower neighbours of the same colour.
void board::rebuild() noexcept {
    cell* const c = cells_.data();
    const int s = stride_;
    const int end = (height_ + 1) * s;
    for (int i = s + 1; i < end; ++i) {
        if (c[i].what != 1 && c[i].what != 2) continue;
        save(i);  // the first write of each stone's cell in a rebuild
        c[i].head = static_cast<std::uint16_t>(i);
        c[i].next = static_cast<std::uint16_t>(i);
        c[i].size = 1;
        c[i].libs = static_cast<std::uint16_t>((c[i - 1].what == empty_value) + (c[i + 1].what == empty_value) +
                                               (c[i - s].what == empty_value) + (c[i + s].what == empty_value));
    }
    for (int i = s + 1; i < end; ++i) {
        const std::uint8_t w = c[i].what;
        if (w != 1 && w != 2) continue;
        for (const int n : {i + 1, i + s}) {
            if (c[n].what != w) continue;
            int a = c[i].head;
            int b = c[n].head;
            if (a == b) continue;
            if (c[a].size < c[b].size) std::swap(a, b);
            int k = b;
            do {
                c[k].head = static_cast<std::uint16_t>(a);
                k = c[k].next;
            } while (k != b);
            std::swap(c[a].next, c[b].next);
            c[a].size = static_cast<std::uint16_t>(c[a].size + c[b].size);
            c[a].libs = static_cast<std::uint16_t>(c[a].libs + c[b].libs);
        }
    }
    stale_ = false;
}

// Empties the chain of `head`, giving each neighbouring chain back its pseudo-liberties, and
// appends the removed points to `removed`.
void board::remove_chain(int head, std::vector<point>& removed) {
    cell* const c = cells_.data();
    const int s = stride_;
    int k = head;
    do {
        save(k);
        c[k].what = empty_value;
        removed.push_back(point_of(k));
        k = c[k].next;
    } while (k != head);
    // A second walk: the emptied points are liberties of every stone left next to them (the
    // removed chain's own stones are empty now and skipped).
    k = head;
    do {
        for (const int n : {k - 1, k + 1, k - s, k + s}) {
            if (c[n].what == 1 || c[n].what == 2) {
                save(c[n].head);
                ++c[c[n].head].libs;
            }
        }
        k = c[k].next;
    } while (k != head);
}

int board::liberties(point p) {
    if (!contains(p) || at(p) == stone::empty) return 0;
    if (stale_) rebuild();
    const cell* const c = cells_.data();
    const int s = stride_;
    // Distinct liberties: the ring's empty neighbours, each counted once.
    std::vector<bool> seen(cells_.size(), false);
    int liberties = 0;
    const int head = c[index_of(p)].head;
    int k = head;
    do {
        for (const int n : {k - 1, k + 1, k - s, k + s}) {
            if (c[n].what == empty_value && !seen[static_cast<std::size_t>(n)]) {
                seen[static_cast<std::size_t>(n)] = true;
                ++liberties;
            }
        }
        k = c[k].next;
    } while (k != head);
    return liberties;
}

std::size_t board::mark() {
    journaling_ = true;
    marks_.push_back({journal_.size(), prisoners_, ko_, ko_color_, stale_});
    return marks_.size() - 1;
}

void board::undo_to(std::size_t m) {
    if (m >= marks_.size()) return;
    const saved_state& state = marks_[m];
    cell* const c = cells_.data();
    for (std::size_t j = journal_.size(); j > state.journal_size; --j) {
        const saved_cell& saved = journal_[j - 1];
        c[saved.index] = saved.old;
    }
    journal_.resize(state.journal_size);
    prisoners_ = state.prisoners;
    ko_ = state.ko;
    ko_color_ = state.ko_color;
    stale_ = state.stale;
    marks_.resize(m + 1);
}

play_result board::play(color colour, point p) {
    play_result result;
    play(colour, p, result);
    return result;
}

void board::play(color colour, point p, play_result& result) {
    result.captured.clear();
    result.suicide.clear();
    result.overwrite = false;
    result.ko = false;
    result.off_board = false;
    if (!contains(p)) {
        result.off_board = true;
        return;
    }
    const int i = index_of(p);
    result.ko = ko_ == i && ko_color_ == colour;
    ko_ = -1;
    cell* const c = cells_.data();
    if (c[i].what != empty_value) {
        // The stone it replaces may split its chain: empty the point and make the chains
        // again, then play on the empty point.
        result.overwrite = true;
        save(i);
        c[i].what = empty_value;
        stale_ = true;
    }
    if (stale_) rebuild();

    const int s = stride_;
    const std::uint8_t own = static_cast<std::uint8_t>(stone_of(colour));
    const std::uint8_t enemy = static_cast<std::uint8_t>(stone_of(opponent(colour)));
    const int neighbours[4] = {i - 1, i + 1, i - s, i + s};

    // The stone is a chain of one; the point it takes was a liberty of every stone next to it.
    if (journaling_) {
        // The cells the loop below writes: the point and the heads its neighbours name.
        if (journal_.capacity() - journal_.size() < 5) journal_.reserve(2 * journal_.capacity() + 64);
        journal_.push_back({static_cast<std::uint16_t>(i), c[i]});
        for (const int n : neighbours) journal_.push_back({c[n].head, c[c[n].head]});
    }
    c[i].what = own;
    c[i].head = static_cast<std::uint16_t>(i);
    c[i].next = static_cast<std::uint16_t>(i);
    c[i].size = 1;
    int libs = 0;
    bool joins = false;     // a neighbour is the mover's
    bool captures = false;  // an opponent chain next to it lost its last liberty
    // Without branches on what the neighbours hold: every cell names some cell as its head (a
    // stone its chain's, an empty or border point a stale or zero index), and only a stone
    // takes one off that count; the journal keeps the untouched ones too, which undo restores
    // to what they already are.
    for (const int n : neighbours) {
        const std::uint8_t w = c[n].what;
        const int h = c[n].head;
        const int is_stone = static_cast<unsigned>(w - 1) < 2u;
        const int left = c[h].libs - is_stone;
        c[h].libs = static_cast<std::uint16_t>(left);
        libs += w == empty_value;
        joins |= w == own;
        captures |= (w == enemy) & (left == 0);
    }
    c[i].libs = static_cast<std::uint16_t>(libs);
    // Join the mover's chains next to it (the smaller is relabelled).
    int head = i;
    if (joins) {
        for (const int n : neighbours) {
            if (c[n].what != own) continue;
            int other = c[n].head;
            if (other == head) continue;
            int big = head;
            if (c[big].size < c[other].size) std::swap(big, other);
            int k = other;
            do {
                save(k);
                c[k].head = static_cast<std::uint16_t>(big);
                k = c[k].next;
            } while (k != other);
            save(big);
            std::swap(c[big].next, c[other].next);
            c[big].size = static_cast<std::uint16_t>(c[big].size + c[other].size);
            c[big].libs = static_cast<std::uint16_t>(c[big].libs + c[other].libs);
            head = big;
        }
    }
    // Opponent chains next to the stone with no liberty left are captured. (Each had the
    // point as a liberty, so none had a zero count before this move.)
    if (captures) {
        for (const int n : neighbours) {
            if (c[n].what == enemy && c[c[n].head].libs == 0) remove_chain(c[n].head, result.captured);
        }
    }
    // Then the mover's own chain, if it has none (suicide).
    if (c[head].libs == 0) {
        remove_chain(head, result.suicide);
    } else if (result.captured.size() == 1 && c[head].size == 1 && c[head].libs == 1) {
        // A lone stone that took exactly one stone and now sits in atari on that point makes a
        // simple ko: the opponent may not retake at once.
        ko_ = index_of(result.captured.front());
        ko_color_ = opponent(colour);
    }
    prisoners_[static_cast<int>(colour)] += static_cast<int>(result.captured.size());
    prisoners_[static_cast<int>(opponent(colour))] += static_cast<int>(result.suicide.size());
    if (result.captured.size() > 1) std::sort(result.captured.begin(), result.captured.end());
    if (result.suicide.size() > 1) std::sort(result.suicide.begin(), result.suicide.end());
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
