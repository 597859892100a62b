// SFEN positions and USI moves (../shared/formats/shogi.md §7).

#include <charconv>

#include <kifu/shogi/sfen.hpp>

#include "shogi/rules_tables.hpp"

namespace kifu::shogi {

using namespace detail;

namespace {

// Indexed by piece_kind (unpromoted letter for promoted kinds; '+' is written separately).
constexpr std::string_view sfen_letters = "PLNSGBRKPLNSBR";
// The hand order writers use: R B G S N L P.
constexpr std::array<piece_kind, hand_kind_count> hand_order{piece_kind::hi, piece_kind::ka, piece_kind::ki, piece_kind::gi,
                                                             piece_kind::ke, piece_kind::ky, piece_kind::fu};
constexpr std::string_view rank_letters = "abcdefghi";

std::optional<piece_kind> kind_of_letter(char c) noexcept {
    switch (c >= 'a' ? static_cast<char>(c - 'a' + 'A') : c) {
        case 'P': return piece_kind::fu;
        case 'L': return piece_kind::ky;
        case 'N': return piece_kind::ke;
        case 'S': return piece_kind::gi;
        case 'G': return piece_kind::ki;
        case 'B': return piece_kind::ka;
        case 'R': return piece_kind::hi;
        case 'K': return piece_kind::ou;
        default: return std::nullopt;
    }
}

std::optional<position> fail(std::string* error, const char* why) {
    if (error) *error = why;
    return std::nullopt;
}

void append_square(std::string& out, square s) {
    out += static_cast<char>('0' + s.x);
    out += rank_letters[static_cast<std::size_t>(s.y - 1)];
}

std::optional<square> read_square(std::string_view text) noexcept {
    if (text.size() != 2 || text[0] < '1' || text[0] > '9' || text[1] < 'a' || text[1] > 'i') return std::nullopt;
    return square{static_cast<std::int8_t>(text[0] - '0'), static_cast<std::int8_t>(text[1] - 'a' + 1)};
}

}  // namespace

std::string to_sfen(const position& p, int move_number) {
    std::string out;
    out.reserve(96);
    for (int y = 1; y <= 9; ++y) {
        if (y > 1) out += '/';
        int run = 0;
        for (int x = 9; x >= 1; --x) {
            auto pc = p.at({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
            if (!pc) {
                ++run;
                continue;
            }
            if (run) out += static_cast<char>('0' + run), run = 0;
            if (kind_is_promoted(pc->kind)) out += '+';
            char letter = sfen_letters[static_cast<std::size_t>(pc->kind)];
            out += pc->color == color::black ? letter : static_cast<char>(letter - 'A' + 'a');
        }
        if (run) out += static_cast<char>('0' + run);
    }
    out += p.side_to_move() == color::black ? " b " : " w ";
    const std::size_t hands_at = out.size();
    for (color c : {color::black, color::white})
        for (piece_kind k : hand_order) {
            int n = p.hand(c, k);
            if (n == 0) continue;
            if (n > 1) out += std::to_string(n);
            char letter = sfen_letters[static_cast<std::size_t>(k)];
            out += c == color::black ? letter : static_cast<char>(letter - 'A' + 'a');
        }
    if (out.size() == hands_at) out += '-';
    out += ' ';
    out += std::to_string(move_number);
    return out;
}

std::optional<position> parse_sfen(std::string_view text, std::string* error, int* move_number) {
    if (text.substr(0, 5) == "sfen ") text.remove_prefix(5);
    if (text == "startpos") {
        // USI's name for the 平手 start (presets.hpp's hirate_state), move 1.
        if (move_number) *move_number = 1;
        return position::from_preset("HIRATE");
    }
    std::array<std::string_view, 4> fields{};
    std::size_t count = 0;
    while (!text.empty()) {
        std::size_t start = text.find_first_not_of(' ');
        if (start == std::string_view::npos) break;
        text.remove_prefix(start);
        std::size_t end = text.find(' ');
        if (count == fields.size()) return fail(error, "an SFEN has at most four fields");
        fields[count++] = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end);
    }
    if (count < 3) return fail(error, "an SFEN needs a board, a side to move and hands");

    position p;
    int x = 9, y = 1;
    bool promoted = false;
    for (char c : fields[0]) {
        if (c == '/') {
            if (x != 0 || promoted) return fail(error, "an SFEN rank does not have nine squares");
            if (++y > 9) return fail(error, "an SFEN board has more than nine ranks");
            x = 9;
        } else if (c >= '1' && c <= '9') {
            if (promoted || x - (c - '0') < 0) return fail(error, "an SFEN rank has more than nine squares");
            x -= c - '0';
        } else if (c == '+') {
            if (promoted) return fail(error, "an SFEN board has a doubled '+'");
            promoted = true;
        } else {
            auto kind = kind_of_letter(c);
            if (!kind) return fail(error, "an SFEN board has an unknown piece letter");
            if (x < 1) return fail(error, "an SFEN rank has more than nine squares");
            if (promoted && !kind_can_promote(*kind)) return fail(error, "an SFEN board promotes a piece that cannot promote");
            piece_kind k = promoted ? kind_promote(*kind) : *kind;
            p.set({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}, piece{c >= 'a' ? color::white : color::black, k});
            --x;
            promoted = false;
        }
    }
    if (y != 9 || x != 0 || promoted) return fail(error, "an SFEN board does not have nine full ranks");

    if (fields[1] == "b") p.set_side_to_move(color::black);
    else if (fields[1] == "w") p.set_side_to_move(color::white);
    else return fail(error, "the SFEN side to move is neither 'b' nor 'w'");

    if (fields[2] != "-") {
        int n = 0;
        for (char c : fields[2]) {
            if (c >= '0' && c <= '9') {
                n = n * 10 + (c - '0');
                if (n > 18) return fail(error, "an SFEN hand count is larger than 18");
                continue;
            }
            auto kind = kind_of_letter(c);
            if (!kind || !is_hand_kind(*kind)) return fail(error, "an SFEN hand has an unknown piece letter");
            color owner = c >= 'a' ? color::white : color::black;
            p.set_hand(owner, *kind, p.hand(owner, *kind) + (n == 0 ? 1 : n));
            n = 0;
        }
        if (n != 0) return fail(error, "an SFEN hand ends with a count");
    }

    int number = 1;
    if (count == 4) {
        auto [end, ec] = std::from_chars(fields[3].data(), fields[3].data() + fields[3].size(), number);
        if (ec != std::errc{} || end != fields[3].data() + fields[3].size() || number < 1)
            return fail(error, "the SFEN move number is not a positive number");
    }
    if (move_number) *move_number = number;
    return p;
}

std::string to_usi(const board_move& m) {
    std::string out;
    if (m.is_drop()) {
        out += sfen_letters[static_cast<std::size_t>(m.piece)];
        out += '*';
    } else {
        append_square(out, m.from);
    }
    append_square(out, m.to);
    if (m.promote && !m.is_drop()) out += '+';
    return out;
}

std::optional<board_move> parse_usi(std::string_view usi, const position& p) noexcept {
    board_move m;
    if (usi.size() == 4 && usi[1] == '*') {
        auto kind = kind_of_letter(usi[0]);
        auto to = read_square(usi.substr(2));
        if (usi[0] >= 'a' || !kind || !is_hand_kind(*kind) || !to) return std::nullopt;
        m.piece = *kind;
        m.to = *to;
        return m;
    }
    if (usi.size() != 4 && !(usi.size() == 5 && usi[4] == '+')) return std::nullopt;
    auto from = read_square(usi.substr(0, 2));
    auto to = read_square(usi.substr(2, 2));
    if (!from || !to) return std::nullopt;
    auto pc = p.at(*from);
    if (!pc) return std::nullopt;
    m.from = *from;
    m.to = *to;
    m.piece = pc->kind;
    m.promote = usi.size() == 5;
    return m;
}

}  // namespace kifu::shogi
