// Shogi64 encoding and decoding (kifu/shogi/shogi64.hpp; ../shared/formats/shogi.md §6.2–6.5).
// Bits go MSB first into 6-bit groups, each one base64url character.

#include <kifu/shogi/shogi64.hpp>

#include <array>
#include <cstdint>

#include "shogi/engine.hpp"

namespace kifu::inline v1::shogi {
namespace {

struct code {
    std::uint16_t bits = 0;  // the code, right-aligned
    std::uint8_t size = 0;   // its length in bits
};

// Base codes by piece_kind (fu ky ke gi ki ka hi ou to ny nk ng um ry); size 0 = not in the
// table. A board piece's code is followed by its colour bit (1 Black, 0 White).
constexpr std::array<code, piece_kind_count> normal_codes{{
    {0, 0},             // 歩: coded by file
    {0b100, 3},         // 香
    {0b1100, 4},        // 桂
    {0b1101, 4},        // 銀
    {0b101, 3},         // 金
    {0b11110, 5},       // 角
    {0b1110, 4},        // 飛
    {0, 0},             // 玉: coded by square
    {0b1111110, 7},     // と
    {0b111111111, 9},   // 成香
    {0b11111110, 8},    // 成桂
    {0b111111110, 9},   // 成銀
    {0b1111100, 7},     // 馬
    {0b1111101, 7},     // 龍
}};
constexpr std::array<code, piece_kind_count> mixed_codes{{
    {0b10, 2},           // 歩
    {0b1100, 4},         // 香
    {0b11100, 5},        // 桂
    {0b11110, 5},        // 銀
    {0b1101, 4},         // 金
    {0b111110, 6},       // 角
    {0b111011, 6},       // 飛
    {0b111010, 6},       // 玉
    {0b11111110, 8},     // と
    {0b1111111111, 10},  // 成香
    {0b111111110, 9},    // 成桂
    {0b1111111110, 10},  // 成銀
    {0b11111100, 8},     // 馬
    {0b11111101, 8},     // 龍
}};
// Pawn rank codes by rank seen from the pawn's owner (index 1..9; index 0 = no pawn in the file).
constexpr std::array<code, 10> pawn_codes{{
    {0b110, 3},       // none
    {0, 0},           // rank 1: never (Mixed mode)
    {0b11111111, 8},  // 2
    {0b1111110, 7},   // 3
    {0b11110, 5},     // 4
    {0b1110, 4},      // 5
    {0b10, 2},        // 6
    {0b0, 1},         // 7
    {0b111110, 6},    // 8
    {0b11111110, 8},  // 9
}};
// The most of each hand kind a code can say.
constexpr std::array<int, hand_kind_count> hand_limits{18, 4, 4, 4, 4, 2, 2};

constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

constexpr square square_of_index(int index) noexcept {
    return square{static_cast<std::int8_t>(9 - index % 9), static_cast<std::int8_t>(index / 9 + 1)};
}
constexpr int index_of(square s) noexcept { return (s.y - 1) * 9 + (9 - s.x); }

// Bits go into an accumulator; every full 6-bit group becomes a character at once.
class bit_writer {
public:
    bit_writer() { out_.reserve(48); }
    void put(std::uint32_t bits, int size) {
        acc_ = (acc_ << size) | bits;  // size ≤ 17 and fewer than 6 bits wait: no overflow
        filled_ += size;
        while (filled_ >= 6) {
            filled_ -= 6;
            out_ += alphabet[(acc_ >> filled_) & 63U];
        }
    }
    void put(code c) { put(c.bits, c.size); }
    std::string finish() {
        if (filled_ > 0) put(0, 6 - filled_);
        return std::move(out_);
    }

private:
    std::string out_;
    std::uint64_t acc_ = 0;
    int filled_ = 0;
};

void put_hand_count(bit_writer& w, int kind, int n) {
    if (kind == static_cast<int>(piece_kind::fu)) {
        if (n <= 1) return w.put(static_cast<std::uint32_t>(n), 2);  // 00, 01
        w.put((1U << (n - 1)) - 1, n - 1);                            // n − 1 ones …
        if (n < 18) w.put(0, 1);                                       // … then a 0, but for 18
        return;
    }
    const int limit = hand_limits[static_cast<std::size_t>(kind)];
    w.put((1U << n) - 1, n);  // n ones …
    if (n < limit) w.put(0, 1);  // … then a 0, but for the most there can be
}

// The board in Shogi64's index order, read once: 0 empty, else 1 + kind + 16 for White.
using cells = std::array<std::uint8_t, 81>;

cells cells_of(const engine& p) {
    cells out{};
    for (int i = 0; i < 81; ++i) {
        const auto pc = p.at(square_of_index(i));
        if (pc) out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(1 + static_cast<int>(pc->kind) + (pc->color == color::white ? 16 : 0));
    }
    return out;
}

constexpr std::uint8_t cell_of(color c, piece_kind k) noexcept {
    return static_cast<std::uint8_t>(1 + static_cast<int>(k) + (c == color::white ? 16 : 0));
}

bool needs_mixed(const cells& board) noexcept {
    for (color c : {color::black, color::white}) {
        const std::uint8_t pawn = cell_of(c, piece_kind::fu);
        const std::uint8_t king = cell_of(c, piece_kind::ou);
        int kings = 0;
        std::array<int, 9> pawns{};
        for (int i = 0; i < 81; ++i) {
            const std::uint8_t v = board[static_cast<std::size_t>(i)];
            kings += v == king ? 1 : 0;
            if (v != pawn) continue;
            if (++pawns[static_cast<std::size_t>(i % 9)] > 1) return true;  // 二歩
            if (i / 9 == (c == color::black ? 0 : 8)) return true;          // a pawn on its last rank
        }
        if (kings > 1) return true;
    }
    return false;
}

void put_piece(bit_writer& w, const std::array<code, piece_kind_count>& table, std::uint8_t v) {
    if (v == 0) return w.put(0, 1);
    const code c = table[static_cast<std::size_t>((v & 15) - 1)];
    w.put((static_cast<std::uint32_t>(c.bits) << 1) | (v < 16 ? 1U : 0U), c.size + 1);
}

}  // namespace

bool shogi64_needs_mixed(const position& p) noexcept { return needs_mixed(cells_of(engine_of(p))); }

std::optional<std::string> to_shogi64(const position& pos, std::string* error) {
    const engine& p = engine_of(pos);
    for (color c : {color::black, color::white})
        for (int k = 0; k < hand_kind_count; ++k)
            if (p.hand(c, static_cast<piece_kind>(k)) > hand_limits[static_cast<std::size_t>(k)]) {
                if (error) *error = "a hand holds more pieces of a kind than Shogi64 can code (18 歩, 4 香 桂 銀 金, 2 角 飛)";
                return std::nullopt;
            }
    const cells board = cells_of(p);
    bit_writer w;
    const bool mixed = needs_mixed(board);
    w.put(((p.side_to_move() == color::black ? 1U : 0U) << 1) | (mixed ? 1U : 0U), 2);
    if (mixed) {
        for (const std::uint8_t v : board) put_piece(w, mixed_codes, v);
    } else {
        for (color c : {color::black, color::white}) {
            const auto king = p.king_square(c);
            w.put(king ? static_cast<std::uint32_t>(index_of(*king) + 1) : 0U, 7);
        }
        for (color c : {color::black, color::white}) {
            // The rank of each file's pawn seen from c (0 = none), files 9 → 1 = index % 9 0 → 8.
            std::array<std::uint8_t, 9> ranks{};
            const std::uint8_t pawn = cell_of(c, piece_kind::fu);
            for (int i = 0; i < 81; ++i)
                if (board[static_cast<std::size_t>(i)] == pawn)
                    ranks[static_cast<std::size_t>(i % 9)] = static_cast<std::uint8_t>(c == color::black ? i / 9 + 1 : 9 - i / 9);
            for (const std::uint8_t rank : ranks) w.put(pawn_codes[rank]);
        }
        for (const std::uint8_t v : board) {
            const int kind = (v & 15) - 1;
            if (v != 0 && (kind == static_cast<int>(piece_kind::ou) || kind == static_cast<int>(piece_kind::fu))) continue;
            put_piece(w, normal_codes, v);
        }
    }
    for (color c : {color::black, color::white})
        for (int k = 0; k < hand_kind_count; ++k) put_hand_count(w, k, p.hand(c, static_cast<piece_kind>(k)));
    return w.finish();
}

namespace {

// The value of each base64url character (the caller checked that every character is one).
constexpr std::array<std::uint8_t, 256> char_values = [] {
    std::array<std::uint8_t, 256> out{};
    for (std::size_t i = 0; i < alphabet.size(); ++i) out[static_cast<unsigned char>(alphabet[i])] = static_cast<std::uint8_t>(i);
    return out;
}();

struct decode_failure {
    std::size_t column;
    const char* message;
};

constexpr const char* out_of_bits = "the code ends before the position does";

// Reads the code's bits through a 64-bit window: prefix codes are looked up by peeking at
// their longest length.
class bit_reader {
public:
    explicit bit_reader(std::string_view code) : code_(code) {}

    // Returns the next `size` (≤ 17) bits, zeros past the end of the code, without taking them.
    std::uint32_t peek(int size) {
        fill();
        const std::uint64_t mask = (std::uint64_t{1} << size) - 1;
        return static_cast<std::uint32_t>((filled_ >= size ? acc_ >> (filled_ - size) : acc_ << (size - filled_)) & mask);
    }
    // Takes `size` bits; fails when the code holds fewer.
    void take(int size) {
        fill();
        if (filled_ < size) throw decode_failure{code_.empty() ? 1 : code_.size(), out_of_bits};
        filled_ -= size;
    }
    std::uint32_t read(int size) {
        const std::uint32_t bits = peek(size);
        take(size);
        return bits;
    }
    // The 1-based column of the character the last bit taken came from.
    std::size_t column() const noexcept {
        const std::size_t taken = next_ * 6 - static_cast<std::size_t>(filled_);
        return taken == 0 ? 1 : (taken + 5) / 6;
    }
    // Fails unless only zero padding bits (fewer than 6) follow what was taken.
    void expect_end() {
        fill();
        if (filled_ >= 6) throw decode_failure{column() + 1, "the code goes on after the position"};
        if ((acc_ & ((std::uint64_t{1} << filled_) - 1)) != 0)
            throw decode_failure{code_.size(), "the code goes on after the position"};
    }

private:
    void fill() {
        while (filled_ <= 52 && next_ < code_.size()) {
            acc_ = (acc_ << 6) | char_values[static_cast<unsigned char>(code_[next_++])];
            filled_ += 6;
        }
    }

    std::string_view code_;
    std::size_t next_ = 0;
    std::uint64_t acc_ = 0;
    int filled_ = 0;  // bits of acc_ not yet taken (its low bits)
};

// For every 11-bit window: the piece whose code (with its colour bit) starts it, as
// kind + 1 (0 = empty square) and the code's length. Nothing fits a window of zero length.
struct piece_entry {
    std::uint8_t kind_plus_one = 0;
    std::uint8_t color_bit = 0;
    std::uint8_t size = 0;
};
constexpr int piece_window = 11;

constexpr std::array<piece_entry, 1 << piece_window> piece_table(const std::array<code, piece_kind_count>& codes) {
    std::array<piece_entry, 1 << piece_window> out{};
    for (std::uint32_t w = 0; w < out.size(); ++w) {
        if ((w >> (piece_window - 1)) == 0) {
            out[w] = {0, 0, 1};  // `0`: an empty square
            continue;
        }
        for (std::size_t k = 0; k < codes.size(); ++k) {
            const code c = codes[k];
            if (c.size == 0 || (w >> (piece_window - c.size)) != c.bits) continue;
            out[w] = {static_cast<std::uint8_t>(k + 1), static_cast<std::uint8_t>((w >> (piece_window - c.size - 1)) & 1U),
                      static_cast<std::uint8_t>(c.size + 1)};
        }
    }
    return out;
}
constexpr auto normal_table = piece_table(normal_codes);
constexpr auto mixed_table = piece_table(mixed_codes);

// Reads a piece code of a table (with its colour bit); nothing for an empty square.
std::optional<piece> read_piece(bit_reader& r, const std::array<piece_entry, 1 << piece_window>& table) {
    const piece_entry e = table[r.peek(piece_window)];
    if (e.size == 0) {
        r.take(piece_window);  // fails first when the code is too short
        throw decode_failure{r.column(), "no piece has this code"};
    }
    r.take(e.size);
    if (e.kind_plus_one == 0) return std::nullopt;
    return piece{e.color_bit == 1 ? color::black : color::white, static_cast<piece_kind>(e.kind_plus_one - 1)};
}

// Reads a run of ones up to `most` (the most there can be ends the code without a 0).
int read_ones(bit_reader& r, int most) {
    int n = 0;
    while (n < most && r.read(1) == 1) ++n;
    return n;
}

int read_hand_count(bit_reader& r, int kind) {
    if (kind == static_cast<int>(piece_kind::fu)) {
        if (r.read(1) == 0) return static_cast<int>(r.read(1));  // 00 = 0, 01 = 1
        return 2 + read_ones(r, 16);  // n − 1 ones then a 0; 17 ones = 18
    }
    return read_ones(r, hand_limits[static_cast<std::size_t>(kind)]);
}

// The pawn rank codes by 8-bit window: rank (0 = none) and length.
constexpr std::array<std::pair<std::uint8_t, std::uint8_t>, 256> pawn_table = [] {
    std::array<std::pair<std::uint8_t, std::uint8_t>, 256> out{};
    for (std::uint32_t w = 0; w < out.size(); ++w)
        for (std::size_t rank = 0; rank < pawn_codes.size(); ++rank) {
            const code c = pawn_codes[rank];
            if (c.size != 0 && (w >> (8 - c.size)) == c.bits) out[w] = {static_cast<std::uint8_t>(rank), c.size};
        }
    return out;
}();

int read_pawn_rank(bit_reader& r) {
    const auto [rank, size] = pawn_table[r.peek(8)];  // the codes are complete: every window fits one
    r.take(size);
    return rank;
}

void place(state_format& state, int index, piece pc, const bit_reader& r) {
    const square s = square_of_index(index);
    std::optional<piece>& cell = state.board[static_cast<std::size_t>(s.x - 1)][static_cast<std::size_t>(s.y - 1)];
    if (cell) throw decode_failure{r.column(), "two pieces are coded on one square"};
    cell = pc;
}

// Read into a JKF state first and made a position once: position::set keeps counts and king
// squares up to date on every call.
position decode(bit_reader& r) {
    state_format state;
    state.color = r.read(1) == 1 ? color::black : color::white;
    const std::uint32_t mode = r.read(1);
    auto cell = [&state](int i) -> std::optional<piece>& {
        const square s = square_of_index(i);
        return state.board[static_cast<std::size_t>(s.x - 1)][static_cast<std::size_t>(s.y - 1)];
    };
    if (mode == 1) {
        for (int i = 0; i < 81; ++i) cell(i) = read_piece(r, mixed_table);
    } else {
        for (color c : {color::black, color::white}) {
            const auto field = static_cast<int>(r.read(7));
            if (field > 81) throw decode_failure{r.column(), "a king square is past 81"};
            if (field > 0) place(state, field - 1, piece{c, piece_kind::ou}, r);
        }
        for (color c : {color::black, color::white})
            for (int x = 9; x >= 1; --x) {
                const int rank = read_pawn_rank(r);
                if (rank == 0) continue;
                const int y = c == color::black ? rank : 10 - rank;
                place(state, index_of({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}), piece{c, piece_kind::fu}, r);
            }
        for (int i = 0; i < 81; ++i) {
            if (!cell(i)) cell(i) = read_piece(r, normal_table);
        }
    }
    for (std::size_t c = 0; c < 2; ++c)
        for (int k = 0; k < hand_kind_count; ++k) state.hands[c][static_cast<std::size_t>(k)] = read_hand_count(r, k);
    r.expect_end();
    return position::from_state(state);
}

}  // namespace

std::optional<position> parse_shogi64(std::string_view code, shogi64_error* error) {
    for (std::size_t i = 0; i < code.size(); ++i) {
        if (alphabet.find(code[i]) == std::string_view::npos) {
            if (error) *error = {i + 1, "not a base64url character (A-Z a-z 0-9 - _)"};
            return std::nullopt;
        }
    }
    bit_reader r(code);
    try {
        return decode(r);
    } catch (const decode_failure& f) {
        if (error) *error = {f.column, f.message};
        return std::nullopt;
    }
}

}  // namespace kifu::shogi
