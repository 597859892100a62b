// HuffmanCodedPos and PackedSfen (kifu/shogi/packed.hpp): two Huffman codes of a position in
// exactly 256 bits, the 16-bit moves of cshogi and YaneuraOu, and the records hcpe and psv.
// The code tables are the formats' (docs/training.md lists them); each code is kept as the bits
// in the order they are written, bit i of `bits` being the i-th written.

#include <kifu/shogi/packed.hpp>

#include <string_view>

#include <fmt/core.h>

#include "shogi/engine.hpp"

namespace kifu::inline v1::shogi {
namespace {

struct code {
    std::uint16_t bits = 0;
    std::uint8_t length = 0;
};

constexpr code c(std::string_view written) {
    code out;
    for (std::size_t i = 0; i < written.size(); ++i) {
        if (written[i] == '1') out.bits = static_cast<std::uint16_t>(out.bits | 1u << i);
    }
    out.length = static_cast<std::uint8_t>(written.size());
    return out;
}

// Kinds in kifu's order: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍 (the king has no code:
// its square is written instead). Hand and box kinds: 歩 香 桂 銀 金 角 飛.
struct code_table {
    std::array<std::array<code, piece_kind_count>, 2> board;
    std::array<std::array<code, hand_kind_count>, 2> hand;
    std::array<code, hand_kind_count> box;
};

constexpr code_table hcp_codes{
    {{{c("1000"), c("110000"), c("111000"), c("110100"), c("111100"), c("11111000"), c("11111100"), code{},
       c("1001"), c("110001"), c("111001"), c("110101"), c("11111001"), c("11111101")},
      {c("1010"), c("110010"), c("111010"), c("110110"), c("111101"), c("11111010"), c("11111110"), code{},
       c("1011"), c("110011"), c("111011"), c("110111"), c("11111011"), c("11111111")}}},
    {{{c("000"), c("10000"), c("11000"), c("10100"), c("11100"), c("1111100"), c("1111110")},
      {c("001"), c("10001"), c("11001"), c("10101"), c("11101"), c("1111101"), c("1111111")}}},
    {c("010"), c("10010"), c("11010"), c("10110"), c("10111"), c("1111000"), c("1111010")},
};

constexpr code_table psfen_codes{
    {{{c("1000"), c("110000"), c("110100"), c("111000"), c("111100"), c("11111000"), c("11111100"), code{},
       c("1010"), c("110010"), c("110110"), c("111010"), c("11111010"), c("11111110")},
      {c("1001"), c("110001"), c("110101"), c("111001"), c("111101"), c("11111001"), c("11111101"), code{},
       c("1011"), c("110011"), c("110111"), c("111011"), c("11111011"), c("11111111")}}},
    {{{c("000"), c("10000"), c("10100"), c("11000"), c("11100"), c("1111000"), c("1111100")},
      {c("001"), c("10001"), c("10101"), c("11001"), c("11101"), c("1111001"), c("1111101")}}},
    {c("010"), c("10010"), c("10110"), c("11010"), c("11011"), c("1111010"), c("1111110")},
};

constexpr std::array<int, hand_kind_count> full_set{18, 4, 4, 4, 4, 2, 2};
constexpr std::string_view kind_names[hand_kind_count] = {"歩", "香", "桂", "銀", "金", "角", "飛"};

constexpr int square_index(square s) noexcept { return 9 * (s.x - 1) + (s.y - 1); }
constexpr square square_at(int index) noexcept {
    return {static_cast<std::int8_t>(index / 9 + 1), static_cast<std::int8_t>(index % 9 + 1)};
}

// Drop numbers of both 16-bit moves: 1 歩 2 香 3 桂 4 銀 5 角 6 飛 7 金.
constexpr std::array<int, hand_kind_count> drop_numbers{1, 2, 3, 4, 7, 5, 6};
constexpr std::array<piece_kind, 8> drop_kinds{piece_kind::fu, piece_kind::fu, piece_kind::ky, piece_kind::ke,
                                               piece_kind::gi, piece_kind::ka, piece_kind::hi, piece_kind::ki};

class bit_writer {
public:
    void put(code k) noexcept { put(k.bits, k.length); }
    void put(std::uint32_t bits, int length) noexcept {
        const int word = at_ / 64;
        const int shift = at_ % 64;
        words_[static_cast<std::size_t>(word)] |= static_cast<std::uint64_t>(bits) << shift;
        if (shift + length > 64 && word + 1 < 4) {
            words_[static_cast<std::size_t>(word) + 1] |= static_cast<std::uint64_t>(bits) >> (64 - shift);
        }
        at_ += length;
    }
    int size() const noexcept { return at_; }
    packed_position bytes() const noexcept {
        packed_position out{};
        for (std::size_t i = 0; i < 32; ++i) out[i] = static_cast<std::uint8_t>(words_[i / 8] >> (8 * (i % 8)));
        return out;
    }

private:
    std::array<std::uint64_t, 4> words_{};
    int at_ = 0;
};

std::optional<packed_position> encode(const position& pos, const code_table& codes, std::string* error) {
    const engine& e = engine_of(pos);
    const auto fail = [&](std::string message) -> std::optional<packed_position> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    std::array<int, 2> kings{-1, -1};
    for (int c = 0; c < 2; ++c) {
        const int count = e.count_on_board(static_cast<color>(c), piece_kind::ou);
        if (count != 1) {
            return fail(fmt::format("{} has {} kings; the 256-bit code needs exactly one a side",
                                    c == 0 ? "Black" : "White", count));
        }
        kings[static_cast<std::size_t>(c)] = square_index(*e.king_square(static_cast<color>(c)));
    }
    std::array<int, hand_kind_count> used{};
    for (int c = 0; c < 2; ++c) {
        for (int k = 0; k < piece_kind_count; ++k) {
            const auto kind = static_cast<piece_kind>(k);
            if (kind == piece_kind::ou) continue;
            used[static_cast<std::size_t>(unpromote(kind))] += e.count_on_board(static_cast<color>(c), kind);
        }
        for (int k = 0; k < hand_kind_count; ++k) {
            used[static_cast<std::size_t>(k)] += e.hand(static_cast<color>(c), static_cast<piece_kind>(k));
        }
    }
    for (int k = 0; k < hand_kind_count; ++k) {
        if (used[static_cast<std::size_t>(k)] > full_set[static_cast<std::size_t>(k)]) {
            return fail(fmt::format("the position holds {} {}; one set has {}", used[static_cast<std::size_t>(k)],
                                    kind_names[k], full_set[static_cast<std::size_t>(k)]));
        }
    }
    bit_writer out;
    out.put(e.side_to_move() == color::white ? 1u : 0u, 1);
    out.put(static_cast<std::uint32_t>(kings[0]), 7);
    out.put(static_cast<std::uint32_t>(kings[1]), 7);
    for (int i = 0; i < 81; ++i) {
        if (i == kings[0] || i == kings[1]) continue;
        const std::optional<piece> p = e.at(square_at(i));
        if (!p) out.put(0, 1);
        else out.put(codes.board[static_cast<std::size_t>(p->color)][static_cast<std::size_t>(p->kind)]);
    }
    for (int c = 0; c < 2; ++c) {
        for (int k = 0; k < hand_kind_count; ++k) {
            const int n = e.hand(static_cast<color>(c), static_cast<piece_kind>(k));
            for (int j = 0; j < n; ++j) out.put(codes.hand[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)]);
        }
    }
    for (int k = 0; k < hand_kind_count; ++k) {
        for (int j = used[static_cast<std::size_t>(k)]; j < full_set[static_cast<std::size_t>(k)]; ++j) {
            out.put(codes.box[static_cast<std::size_t>(k)]);
        }
    }
    // Every piece taken off the board frees a 1-bit square and is coded one bit shorter.
    if (out.size() != 256) return fail(fmt::format("the position codes to {} bits, not 256", out.size()));
    return out.bytes();
}

// What an 8-bit window of the stream starts with: a board code, or a hand or box code.
struct match {
    std::uint8_t length = 0;  // 0: no code
    std::int8_t color = -1;   // -1: the box (hand and box table); empty square (board table)
    std::uint8_t kind = 0;
};

struct decode_table {
    std::array<match, 256> board{};
    std::array<match, 256> spare{};  // hands and the box

    explicit decode_table(const code_table& codes) {
        const auto add = [](std::array<match, 256>& into, code k, match m) {
            for (unsigned v = 0; v < 256; ++v) {
                if ((v & ((1u << k.length) - 1)) == k.bits) into[v] = m;
            }
        };
        add(board, code{0, 1}, match{1, -1, 0});
        for (int c = 0; c < 2; ++c) {
            for (int k = 0; k < piece_kind_count; ++k) {
                if (static_cast<piece_kind>(k) == piece_kind::ou) continue;
                const code kc = codes.board[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)];
                add(board, kc, match{kc.length, static_cast<std::int8_t>(c), static_cast<std::uint8_t>(k)});
            }
            for (int k = 0; k < hand_kind_count; ++k) {
                const code kc = codes.hand[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)];
                add(spare, kc, match{kc.length, static_cast<std::int8_t>(c), static_cast<std::uint8_t>(k)});
            }
        }
        for (int k = 0; k < hand_kind_count; ++k) {
            const code kc = codes.box[static_cast<std::size_t>(k)];
            add(spare, kc, match{kc.length, -1, static_cast<std::uint8_t>(k)});
        }
    }
};

class bit_reader {
public:
    explicit bit_reader(std::string_view bytes) noexcept {
        for (std::size_t i = 0; i < 32; ++i) bytes_[i] = static_cast<std::uint8_t>(bytes[i]);
    }
    // The next 8 bits (zeros past the end), without moving.
    unsigned peek8() const noexcept {
        unsigned v = 0;
        for (int i = 0; i < 8; ++i) v |= bit(at_ + i) << i;
        return v;
    }
    unsigned take(int n) noexcept {
        unsigned v = 0;
        for (int i = 0; i < n; ++i) v |= bit(at_ + i) << i;
        at_ += n;
        return v;
    }
    void skip(int n) noexcept { at_ += n; }
    int at() const noexcept { return at_; }

private:
    unsigned bit(int n) const noexcept {
        return n < 256 ? (bytes_[static_cast<std::size_t>(n / 8)] >> (n % 8)) & 1u : 0u;
    }
    std::array<std::uint8_t, 32> bytes_{};
    int at_ = 0;
};

std::optional<position> decode(std::string_view bytes, const decode_table& table, std::string* error) {
    const auto fail = [&](std::string message) -> std::optional<position> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    if (bytes.size() < 32) return fail(fmt::format("{} bytes; a packed position is 32", bytes.size()));
    bit_reader in(bytes);
    position pos;
    pos.set_side_to_move(in.take(1) != 0 ? color::white : color::black);
    const int black_king = static_cast<int>(in.take(7));
    const int white_king = static_cast<int>(in.take(7));
    if (black_king > 80 || white_king > 80 || black_king == white_king) {
        return fail(fmt::format("king squares {} and {}: each must be 0…80 and they must differ", black_king, white_king));
    }
    pos.set(square_at(black_king), piece{color::black, piece_kind::ou});
    pos.set(square_at(white_king), piece{color::white, piece_kind::ou});
    std::array<int, hand_kind_count> used{};
    const auto count = [&](int kind) { return ++used[static_cast<std::size_t>(kind)] <= full_set[static_cast<std::size_t>(kind)]; };
    for (int i = 0; i < 81; ++i) {
        if (i == black_king || i == white_king) continue;
        const match m = table.board[in.peek8()];
        if (m.length == 0 || in.at() + m.length > 256) return fail(fmt::format("bit {}: no square code", in.at()));
        in.skip(m.length);
        if (m.color < 0) continue;
        const auto kind = static_cast<piece_kind>(m.kind);
        if (!count(static_cast<int>(unpromote(kind)))) return fail(fmt::format("bit {}: more {} than one set has", in.at(), kind_names[static_cast<int>(unpromote(kind))]));
        pos.set(square_at(i), piece{static_cast<color>(m.color), kind});
    }
    std::array<std::array<int, hand_kind_count>, 2> hands{};
    while (in.at() < 256) {
        const match m = table.spare[in.peek8()];
        if (m.length == 0 || in.at() + m.length > 256) return fail(fmt::format("bit {}: no hand or box code", in.at()));
        in.skip(m.length);
        if (!count(m.kind)) return fail(fmt::format("bit {}: more {} than one set has", in.at(), kind_names[m.kind]));
        if (m.color >= 0) ++hands[static_cast<std::size_t>(m.color)][m.kind];
    }
    for (int c = 0; c < 2; ++c) {
        for (int k = 0; k < hand_kind_count; ++k) {
            pos.set_hand(static_cast<color>(c), static_cast<piece_kind>(k), hands[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)]);
        }
    }
    return pos;
}

const decode_table& hcp_table() {
    static const decode_table table(hcp_codes);
    return table;
}

const decode_table& psfen_table() {
    static const decode_table table(psfen_codes);
    return table;
}

std::optional<board_move> parse_move(const position& p, int to, int from, bool drop, int drop_number, bool promote) noexcept {
    if (to > 80) return std::nullopt;
    board_move m;
    m.to = square_at(to);
    if (drop) {
        if (drop_number < 1 || drop_number > 7 || promote) return std::nullopt;
        m.piece = drop_kinds[static_cast<std::size_t>(drop_number)];
        return m;
    }
    if (from > 80) return std::nullopt;
    m.from = square_at(from);
    const std::optional<piece> moved = engine_of(p).at(m.from);
    if (!moved || moved->color != engine_of(p).side_to_move()) return std::nullopt;
    m.piece = moved->kind;
    m.promote = promote;
    return m;
}

std::uint16_t le16(std::string_view b, std::size_t at) noexcept {
    return static_cast<std::uint16_t>(static_cast<unsigned char>(b[at]) | static_cast<unsigned char>(b[at + 1]) << 8);
}

}  // namespace

std::optional<packed_position> to_hcp(const position& p, std::string* error) { return encode(p, hcp_codes, error); }

std::optional<packed_position> to_psfen(const position& p, std::string* error) { return encode(p, psfen_codes, error); }

std::optional<position> parse_hcp(std::string_view bytes, std::string* error) {
    return decode(bytes, hcp_table(), error);
}

std::optional<position> parse_psfen(std::string_view bytes, std::string* error) {
    return decode(bytes, psfen_table(), error);
}

std::uint16_t to_move16(const board_move& m) noexcept {
    const int from = m.is_drop() ? 80 + drop_numbers[static_cast<std::size_t>(m.piece)] : square_index(m.from);
    return static_cast<std::uint16_t>(square_index(m.to) | from << 7 | (m.promote ? 1 << 14 : 0));
}

std::uint16_t to_psv_move(const board_move& m) noexcept {
    const int from = m.is_drop() ? drop_numbers[static_cast<std::size_t>(m.piece)] : square_index(m.from);
    return static_cast<std::uint16_t>(square_index(m.to) | from << 7 | (m.is_drop() ? 1 << 14 : 0) |
                                      (m.promote ? 1 << 15 : 0));
}

std::optional<board_move> parse_move16(const position& p, std::uint16_t move) noexcept {
    if (move & 0x8000) return std::nullopt;
    const int from = (move >> 7) & 127;
    return parse_move(p, move & 127, from, from > 80, from - 80, (move & 0x4000) != 0);
}

std::optional<board_move> parse_psv_move(const position& p, std::uint16_t move) noexcept {
    const int from = (move >> 7) & 127;
    const bool drop = (move & 0x4000) != 0;
    return parse_move(p, move & 127, from, drop, from, (move & 0x8000) != 0);
}

std::optional<hcpe_record> parse_hcpe(std::string_view bytes, std::string* error) {
    if (bytes.size() < 38) {
        if (error) *error = fmt::format("{} bytes; an hcpe record is 38", bytes.size());
        return std::nullopt;
    }
    std::optional<position> p = parse_hcp(bytes, error);
    if (!p) return std::nullopt;
    const int result = static_cast<signed char>(bytes[36]);
    if (result < 0 || result > 2) {
        if (error) *error = fmt::format("gameResult {}; it is 0 (draw), 1 (Black won) or 2 (White won)", result);
        return std::nullopt;
    }
    return hcpe_record{*p, static_cast<std::int16_t>(le16(bytes, 32)), le16(bytes, 34), result};
}

std::optional<psv_record> parse_psv(std::string_view bytes, std::string* error) {
    if (bytes.size() < 40) {
        if (error) *error = fmt::format("{} bytes; a psv record is 40", bytes.size());
        return std::nullopt;
    }
    std::optional<position> p = parse_psfen(bytes, error);
    if (!p) return std::nullopt;
    const int result = static_cast<signed char>(bytes[38]);
    if (result < -1 || result > 1) {
        if (error) *error = fmt::format("game_result {}; it is -1, 0 or 1", result);
        return std::nullopt;
    }
    return psv_record{*p, static_cast<std::int16_t>(le16(bytes, 32)), le16(bytes, 34), le16(bytes, 36), result};
}

}  // namespace kifu::shogi
