// Shogi64 encoding and decoding (kifu/shogi/shogi64.hpp; ../shared/formats/shogi.md §6.2–6.5).
// Bits go MSB first into 6-bit groups, each one base64url character.

#include <kifu/shogi/shogi64.hpp>

#include <array>
#include <cstdint>

namespace kifu::shogi {
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

class bit_writer {
public:
    void put(std::uint32_t bits, int size) {
        for (int i = size - 1; i >= 0; --i) {
            group_ = static_cast<std::uint8_t>((group_ << 1) | ((bits >> i) & 1U));
            if (++filled_ == 6) flush();
        }
    }
    void put(code c) { put(c.bits, c.size); }
    std::string finish() {
        if (filled_ > 0) {
            group_ = static_cast<std::uint8_t>(group_ << (6 - filled_));
            flush();
        }
        return std::move(out_);
    }

private:
    void flush() {
        out_ += alphabet[group_];
        group_ = 0;
        filled_ = 0;
    }
    std::string out_;
    std::uint8_t group_ = 0;
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

std::optional<piece> at_index(const position& p, int index) { return p.at(square_of_index(index)); }

}  // namespace

bool shogi64_needs_mixed(const position& p) noexcept {
    for (color c : {color::black, color::white}) {
        if (p.count_on_board(c, piece_kind::ou) > 1) return true;
        for (int x = 1; x <= 9; ++x) {
            int pawns = 0;
            for (int y = 1; y <= 9; ++y) {
                const auto pc = p.at({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
                if (!pc || pc->color != c || pc->kind != piece_kind::fu) continue;
                ++pawns;
                if (y == (c == color::black ? 1 : 9)) return true;
            }
            if (pawns > 1) return true;
        }
    }
    return false;
}

std::optional<std::string> to_shogi64(const position& p, std::string* error) {
    for (color c : {color::black, color::white})
        for (int k = 0; k < hand_kind_count; ++k)
            if (p.hand(c, static_cast<piece_kind>(k)) > hand_limits[static_cast<std::size_t>(k)]) {
                if (error) *error = "a hand holds more pieces of a kind than Shogi64 can code (18 歩, 4 香 桂 銀 金, 2 角 飛)";
                return std::nullopt;
            }
    bit_writer w;
    w.put(p.side_to_move() == color::black ? 1 : 0, 1);
    const bool mixed = shogi64_needs_mixed(p);
    w.put(mixed ? 1 : 0, 1);
    auto put_piece = [&](const std::array<code, piece_kind_count>& table, std::optional<piece> pc) {
        if (!pc) return w.put(0, 1);
        w.put(table[static_cast<std::size_t>(pc->kind)]);
        w.put(pc->color == color::black ? 1 : 0, 1);
    };
    if (mixed) {
        for (int i = 0; i < 81; ++i) put_piece(mixed_codes, at_index(p, i));
    } else {
        for (color c : {color::black, color::white}) {
            const auto king = p.king_square(c);
            w.put(king ? static_cast<std::uint32_t>(index_of(*king) + 1) : 0U, 7);
        }
        for (color c : {color::black, color::white})
            for (int x = 9; x >= 1; --x) {
                int rank = 0;  // seen from c
                for (int y = 1; y <= 9; ++y) {
                    const auto pc = p.at({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
                    if (pc && pc->color == c && pc->kind == piece_kind::fu) rank = c == color::black ? y : 10 - y;
                }
                w.put(pawn_codes[static_cast<std::size_t>(rank)]);
            }
        for (int i = 0; i < 81; ++i) {
            const auto pc = at_index(p, i);
            if (pc && (pc->kind == piece_kind::ou || pc->kind == piece_kind::fu)) continue;
            put_piece(normal_codes, pc);
        }
    }
    for (color c : {color::black, color::white})
        for (int k = 0; k < hand_kind_count; ++k) put_hand_count(w, k, p.hand(c, static_cast<piece_kind>(k)));
    return w.finish();
}

namespace {

class bit_reader {
public:
    explicit bit_reader(std::string_view code) : code_(code) {}

    // Returns the next bit, or -1 when the code has no more.
    int bit() {
        if (used_ == 0) {
            if (next_ >= code_.size()) return -1;
            group_ = static_cast<int>(alphabet.find(code_[next_++]));
            used_ = 6;
        }
        --used_;
        return (group_ >> used_) & 1;
    }
    // The 1-based column of the character the last bit came from.
    std::size_t column() const noexcept { return next_ == 0 ? 1 : next_; }
    bool rest_is_padding() const noexcept { return next_ == code_.size() && (group_ & ((1 << used_) - 1)) == 0; }
    // The column where what follows the code starts: the next character, or the last one
    // when its padding bits are not zero.
    std::size_t rest_column() const noexcept { return next_ < code_.size() ? next_ + 1 : next_; }

private:
    std::string_view code_;
    std::size_t next_ = 0;
    int group_ = 0;
    int used_ = 0;
};

struct decode_failure {
    std::size_t column;
    const char* message;
};

constexpr const char* out_of_bits = "the code ends before the position does";

// Reads a piece code of `table` (with its colour bit); nothing for an empty square.
std::optional<piece> read_piece(bit_reader& r, const std::array<code, piece_kind_count>& table) {
    std::uint32_t bits = 0;
    for (int size = 1; size <= 10; ++size) {
        const int b = r.bit();
        if (b < 0) throw decode_failure{r.column(), out_of_bits};
        bits = (bits << 1) | static_cast<std::uint32_t>(b);
        if (size == 1 && bits == 0) return std::nullopt;
        for (std::size_t k = 0; k < table.size(); ++k) {
            if (table[k].size == size && table[k].bits == bits) {
                const int colour = r.bit();
                if (colour < 0) throw decode_failure{r.column(), out_of_bits};
                return piece{colour == 1 ? color::black : color::white, static_cast<piece_kind>(k)};
            }
        }
    }
    throw decode_failure{r.column(), "no piece has this code"};
}

// Reads a unary-style count: ones up to `most` (the limit ends the code without a 0).
int read_ones(bit_reader& r, int most) {
    int n = 0;
    while (n < most) {
        const int b = r.bit();
        if (b < 0) throw decode_failure{r.column(), out_of_bits};
        if (b == 0) break;
        ++n;
    }
    return n;
}

int read_hand_count(bit_reader& r, int kind) {
    if (kind == static_cast<int>(piece_kind::fu)) {
        const int first = r.bit();
        if (first < 0) throw decode_failure{r.column(), out_of_bits};
        if (first == 0) {
            const int second = r.bit();
            if (second < 0) throw decode_failure{r.column(), out_of_bits};
            return second;  // 00 = 0, 01 = 1
        }
        return 2 + read_ones(r, 16);  // n − 1 ones then a 0; 17 ones = 18
    }
    return read_ones(r, hand_limits[static_cast<std::size_t>(kind)]);
}

int read_pawn_rank(bit_reader& r) {
    std::uint32_t bits = 0;
    for (int size = 1; size <= 8; ++size) {
        const int b = r.bit();
        if (b < 0) throw decode_failure{r.column(), out_of_bits};
        bits = (bits << 1) | static_cast<std::uint32_t>(b);
        for (std::size_t rank = 0; rank < pawn_codes.size(); ++rank)
            if (pawn_codes[rank].size == size && pawn_codes[rank].bits == bits) return static_cast<int>(rank);
    }
    throw decode_failure{r.column(), "no pawn rank has this code"};  // not reached: the codes are complete
}

void place(position& p, int index, piece pc, const bit_reader& r) {
    const square s = square_of_index(index);
    if (p.at(s)) throw decode_failure{r.column(), "two pieces are coded on one square"};
    p.set(s, pc);
}

position decode(bit_reader& r) {
    position p;
    const int turn = r.bit();
    const int mode = r.bit();
    if (turn < 0 || mode < 0) throw decode_failure{r.column(), out_of_bits};
    p.set_side_to_move(turn == 1 ? color::black : color::white);
    if (mode == 1) {
        for (int i = 0; i < 81; ++i)
            if (auto pc = read_piece(r, mixed_codes)) p.set(square_of_index(i), pc);
    } else {
        for (color c : {color::black, color::white}) {
            int field = 0;
            for (int i = 0; i < 7; ++i) {
                const int b = r.bit();
                if (b < 0) throw decode_failure{r.column(), out_of_bits};
                field = (field << 1) | b;
            }
            if (field > 81) throw decode_failure{r.column(), "a king square is past 81"};
            if (field > 0) place(p, field - 1, piece{c, piece_kind::ou}, r);
        }
        for (color c : {color::black, color::white})
            for (int x = 9; x >= 1; --x) {
                const int rank = read_pawn_rank(r);
                if (rank == 0) continue;
                const int y = c == color::black ? rank : 10 - rank;
                place(p, index_of({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}), piece{c, piece_kind::fu}, r);
            }
        for (int i = 0; i < 81; ++i) {
            if (p.at(square_of_index(i))) continue;
            if (auto pc = read_piece(r, normal_codes)) p.set(square_of_index(i), pc);
        }
    }
    for (color c : {color::black, color::white})
        for (int k = 0; k < hand_kind_count; ++k) p.set_hand(c, static_cast<piece_kind>(k), read_hand_count(r, k));
    if (!r.rest_is_padding()) throw decode_failure{r.rest_column(), "the code goes on after the position"};
    return p;
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
