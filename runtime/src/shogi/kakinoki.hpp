#pragma once

// What KIF and KI2 share (both are Kakinoki formats, ../shared/formats/shogi.md §2, §3.1):
// header lines, 手合割 presets, the BOD board, special words, `まで…` summaries and the
// attachment of `変化：N手` blocks as JKF forks, and the vocabulary (pieces, digits, counts). The
// two grammars match these lines, board rows and hands lines part by part; their builders hand
// the parts (events, matched text and byte offsets) to the code here.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

#include "core/utf8.hpp"
#include "shogi/vocabulary.hpp"

namespace kifu::inline v1::shogi::detail {

/// 手合割 value (ASCII and U+3000 whitespace stripped) → JKF preset "HIRATE" … "10", "OTHER";
/// "" when unknown (詰将棋, typos: the caller reports and decides).
std::string_view preset_of_handicap(std::string_view name) noexcept;

/// A terminal word (投了 中断 封じ手 持将棋 千日手 詰み 詰 不詰 切れ負け 時間切れ 反則勝ち
/// 反則負け 入玉勝ち …) → JKF special ("TORYO" …); "" when not a known word. 反則勝ち gives the
/// unsigned "ILLEGAL_ACTION" that the normalizer signs.
std::string_view special_of_word(std::string_view word) noexcept;


/// A kanji count as in hands (一 … 九, 十, 十一 … 十八) → 1..18; 0 when it is not one.
int kanji_count_of(std::string_view text) noexcept;

/// The code point of `c` when it is exactly one ASCII character or one three-byte UTF-8
/// character (every kanji, kana, mark and full-width digit of the formats), else 0. A builder
/// compares what its grammar matched this way instead of comparing strings. (A three-byte
/// sequence with valid continuation bytes has one encoding, so equal code points are equal
/// bytes.)
constexpr char32_t code_point_of(std::string_view c) noexcept {
    using namespace kifu::detail;
    if (c.size() == 1) return static_cast<unsigned char>(c[0]) < 0x80 ? static_cast<char32_t>(c[0]) : 0;
    if (c.size() != 3 || utf8_length(c[0]) != 3 || !is_utf8_continuation(c[1]) || !is_utf8_continuation(c[2])) return 0;
    return decode_code_point(c);
}

namespace kakinoki_vocabulary {

// The UTF-8 bytes of a character of U+0800-U+FFFF as one number, first byte lowest (as word_of
// reads three bytes): Kakinoki text's marks, kanji and full-width digits are three-byte
// characters, told apart by one compare each, not decoded.
constexpr std::uint32_t bytes_of(char32_t c) noexcept {
    return (0xE0 | c >> 12) | (0x80 | (c >> 6 & 0x3F)) << 8 | (0x80 | (c & 0x3F)) << 16;
}

// The three bytes of a string_view of at least three bytes, first byte lowest.
constexpr std::uint32_t word_of(std::string_view c) noexcept {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(c[0])) |
           static_cast<std::uint32_t>(static_cast<unsigned char>(c[1])) << 8 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(c[2])) << 16;
}

// The sixteen one-character pieces (vocabulary.hpp's cell_piece_names and other_piece_names) by
// the sum of their second and third bytes, which differs for the sixteen: one table look-up and
// one compare of the whole bytes per piece name, no decoding.
constexpr std::size_t piece_slot(std::uint32_t w) noexcept { return (((w >> 8) & 0xFF) + ((w >> 16) & 0xFF)) & 0x3F; }
struct piece_entry {
    std::uint32_t bytes = 0;  // 0: no piece has this slot
    piece_kind kind = piece_kind::fu;
};
constexpr std::array<piece_entry, 64> pieces_by_slot = [] {
    std::array<piece_entry, 64> table{};
    for (std::size_t k = 0; k < cell_piece_names.size(); ++k) {
        const std::uint32_t w = word_of(cell_piece_names[k]);
        table[piece_slot(w)] = {w, static_cast<piece_kind>(k)};
    }
    for (const auto& [name, kind] : other_piece_names) table[piece_slot(word_of(name))] = {word_of(name), kind};
    return table;
}();
static_assert([] {
    for (const std::string_view name : cell_piece_names) {
        if (name.size() != 3 || pieces_by_slot[piece_slot(word_of(name))].bytes != word_of(name)) return false;
    }
    for (const auto& [name, kind] : other_piece_names) {
        if (name.size() != 3 || pieces_by_slot[piece_slot(word_of(name))].bytes != word_of(name)) return false;
    }
    return true;
}(), "the slots of the sixteen one-character pieces are distinct");

// 一 … 九 by the low six bits of their last byte, which differ for the nine; the whole bytes are
// compared after.
constexpr std::array<std::int8_t, 64> kanji_digits_by_last_byte = [] {
    std::array<std::int8_t, 64> table{};
    for (std::size_t d = 0; d < 9; ++d) table[(word_of(kanji_digits[d]) >> 16) & 0x3F] = static_cast<std::int8_t>(d + 1);
    return table;
}();
static_assert([] {
    for (std::size_t d = 0; d < 9; ++d) {
        if (kanji_digits_by_last_byte[(word_of(kanji_digits[d]) >> 16) & 0x3F] != static_cast<std::int8_t>(d + 1)) return false;
    }
    return true;
}(), "the last bytes of 一 … 九 are distinct");
constexpr std::array<std::uint32_t, 10> kanji_digit_bytes = [] {
    std::array<std::uint32_t, 10> table{};  // [0] stays 0, which no three-byte character gives
    for (std::size_t d = 0; d < 9; ++d) table[d + 1] = word_of(kanji_digits[d]);
    return table;
}();

// １ … ９ are EF BC 91 … EF BC 99: digit_of reads them by their last byte.
static_assert([] {
    for (std::size_t d = 0; d < 9; ++d) {
        if (wide_digits[d].size() != 3 || word_of(wide_digits[d]) != (0xBCEFu | (0x91u + d) << 16)) return false;
    }
    return true;
}(), "the full-width digits are EF BC 91 to EF BC 99");

}  // namespace kakinoki_vocabulary

/// Piece as written (歩 香 桂 銀 金 角 飛 玉 王 と 成香 成桂 成銀 杏 圭 全 馬 龍 竜) → kind.
/// (Inline and by table, as digit_of: builders call these for every move.)
constexpr std::optional<piece_kind> piece_of_kanji(std::string_view text) noexcept {
    using namespace kakinoki_vocabulary;
    if (text.size() == 3) {
        const std::uint32_t w = word_of(text);
        const piece_entry& e = pieces_by_slot[piece_slot(w)];
        if (e.bytes == w) return e.kind;
        return std::nullopt;
    }
    if (text.size() == 6) {
        // 成香 成桂 成銀: the promoted forms written with 成.
        for (const piece_kind k : {piece_kind::ny, piece_kind::nk, piece_kind::ng}) {
            if (text == move_piece_names[static_cast<std::size_t>(k)]) return k;
        }
    }
    return std::nullopt;
}

/// One kanji digit 一-九 (its three bytes as word_of reads them) → 1..9; 0 when it is not one.
constexpr int kanji_digit_of(std::uint32_t w) noexcept {
    using namespace kakinoki_vocabulary;
    const std::int8_t d = kanji_digits_by_last_byte[(w >> 16) & 0x3F];
    return d != 0 && w == kanji_digit_bytes[static_cast<std::size_t>(d)] ? d : 0;
}

/// One digit as written: 1-9, １-９ (EF BC 91-99), 一-九 → 1..9; 0 when it is not one.
constexpr int digit_of(std::string_view one_char) noexcept {
    using namespace kakinoki_vocabulary;
    if (one_char.size() == 1) return one_char[0] >= '1' && one_char[0] <= '9' ? one_char[0] - '0' : 0;
    if (one_char.size() != 3) return 0;
    const std::uint32_t w = word_of(one_char);
    if ((w & 0xFFFF) == 0xBCEF) {
        const std::uint32_t last = w >> 16;
        return last >= 0x91 && last <= 0x99 ? static_cast<int>(last - 0x90) : 0;
    }
    return kanji_digit_of(w);
}

/// digit_of for a character a grammar has already matched as one of those digits: read from
/// its last byte without checking it again (1-9 are ASCII, １-９ EF BC 91-99, 一-九 by
/// kanji_digits_by_last_byte).
constexpr int matched_digit_of(std::string_view one_char) noexcept {
    using namespace kakinoki_vocabulary;
    const auto last = static_cast<unsigned char>(one_char.back());
    if (one_char.size() == 1) return last - '0';
    if (static_cast<unsigned char>(one_char[0]) == 0xEF) return last - 0x90;
    return kanji_digits_by_last_byte[last & 0x3F];
}
static_assert(matched_digit_of("7") == 7 && matched_digit_of("７") == 7 && matched_digit_of("七") == 7 &&
              matched_digit_of("一") == 1 && matched_digit_of("九") == 9);

/// Strips ASCII spaces/tabs and U+3000 from both ends.
std::string_view trim_blanks(std::string_view text) noexcept;

/// The parts of a summary line (`まで64手で後手の勝ち`, `まで7手詰` …, §2.9) as the grammars'
/// events give them (summary_event), and what they say (take_summary).
struct summary_parts {
    bool heard = false;  // the line has a summary's shape: its parts were heard of
    int moves = 0;
    std::string_view word;  // 詰 中断 …, when the result is one word
    bool timed_out = false;
    std::string_view side;     // 先手 後手 下手 上手
    std::string_view outcome;  // 勝ち 反則勝ち 反則負け 入玉勝ち 切れ負け
};

/// What a summary says: `special` is the JKF special the line implies ("TORYO" for a plain win,
/// "" when it names no result, as `まで64手`), `moves` the number of moves it counts.
struct summary_line {
    std::string special;
    int moves = 0;
};

/// Takes the parts heard since the last summary and empties them: what they say, or nothing
/// when the summary had another shape (the grammar gave no parts).
std::optional<summary_line> take_summary(summary_parts& parts);

/// Passes the parts of a summary to `parts` (the KIF and KI2 grammars name them alike);
/// returns false for any other event.
template <typename Event>
bool summary_event(summary_parts& parts, Event e, std::string_view matched) {
    switch (e) {
        case Event::summary_moves:
            parts = summary_parts{};
            parts.heard = true;
            parts.moves = 0;
            for (const char c : matched) parts.moves = parts.moves * 10 + (c - '0');  // at most nine digits
            return true;
        case Event::summary_word: parts.word = matched; return true;
        case Event::timed_out: parts.timed_out = true; return true;
        case Event::summary_side: parts.side = matched; return true;
        case Event::summary_outcome: parts.outcome = matched; return true;
        default: return false;
    }
}

/// The header section: `key：value` / `key:value` lines, 先手番/後手番 lines, BOD hands and rows.
/// finish() sets record.header and record.initial (BOD wins over 手合割; unknown 手合割 → diag).
/// The grammars read the board rows and hands lines; the builders pass their parts on here in
/// the order of the events (board_event() does it for both), and this class checks what is not
/// syntax: counts of rows, cells and pieces, widths, the pieces a hand may hold.
///
/// Diagnostic codes (with the prefix given): `<p>.unknown-handicap` (warning), `<p>.bad-board`
/// (more than nine rows or cells, a row without cells, rows of different widths, a piece that
/// no hand holds, a count that does not read), `<p>.incomplete-board` (fewer than 9 rows),
/// `<p>.missing-board`.
class kakinoki_header {
public:
    kakinoki_header(const source_text& text, read_mode mode, std::string_view code_prefix /* "kif" / "ki2" */);

    /// One `key：value` line (value may be empty) other than a hands line. 手番 goes to the side
    /// to move; everything else is kept verbatim in the header, in order.
    void header_line(std::string_view key, std::string_view value, std::size_t offset);
    /// `先手番` / `下手番` (black) or `後手番` / `上手番` (white).
    void turn_line(color side, std::size_t offset);

    /// A board row begins at `offset` (its first `|`).
    void row_start(std::size_t offset);
    /// The cell being read has a 後手 mark (`v`).
    void white_cell() noexcept { cell_color_ = color::white; }
    /// The cell being read holds the piece `written` (one of the sixteen one-character names) /
    /// is empty (`・`): the cell is read.
    void cell_piece(std::string_view written) noexcept;
    void empty_cell() noexcept;
    /// More than nine cells: the tenth starts at `offset`.
    void extra_cells(std::size_t offset);
    /// The row is read to its closing `|`.
    void row_end();

    /// A hands line of `side` begins at `offset`: that hand is emptied.
    void hands_start(color side, std::size_t offset);
    /// A piece in hand (`written` as it was, for a message); its count, in kanji; what separates
    /// it from the next; the end of the line. An item is added once what follows it is read.
    void hand_piece(std::string_view written);
    void hand_count(std::string_view count);
    void hand_gap();
    void hands_end();

    /// A board row or hands line that is read but not taken (misplaced): its parts are ignored.
    void ignore_line() noexcept { line_ignored_ = true; }

    /// Sets record.header and record.initial. Returns false when an error was reported.
    bool finish(jkf& record, std::vector<diagnostic>& diagnostics);

    /// Moves the diagnostics found so far into `out` (finish() gives the rest): a strict reader
    /// that stops at a board error reports it at once.
    void take_diagnostics(std::vector<diagnostic>& out);

    /// True when a diagnostic of severity error was produced so far (strict mode stops).
    bool failed() const noexcept { return failed_; }

private:
    void report(severity s, std::string code_suffix, std::string message, std::size_t offset);
    bool flush_hand_item();
    void add_cell(std::optional<piece> cell) noexcept;

    const source_text& text_;
    read_mode mode_;
    std::string prefix_;
    std::vector<std::pair<std::string, std::string>> header_;
    std::vector<diagnostic> pending_;
    state_format state_;
    int rows_ = 0;
    int width_ = 0;  // cells per row: 9, or fewer in a partial (corner) diagram
    std::size_t first_row_offset_ = 0;
    std::size_t handicap_offset_ = 0;
    std::size_t hands_offset_ = 0;
    // The board row or hands line being read.
    std::size_t line_offset_ = 0;
    bool line_ignored_ = true;  // misplaced, or an error was reported in it
    std::array<std::optional<piece>, 9> row_cells_{};
    int cells_ = 0;
    color cell_color_ = color::black;
    color hand_side_ = color::black;
    std::optional<piece_kind> pending_kind_;  // the hand item read last, not yet added
    std::string_view pending_count_;
    bool hands_seen_ = false;
    bool turn_seen_ = false;
    bool failed_ = false;
};

/// Passes the parts of a board row or hands line on to `header` (the KIF and KI2 grammars name
/// them alike); returns false for any other event. The builder handles row_open, black_hands and
/// white_hands itself (it checks that they come before the moves), then calls header.row_start /
/// hands_start or header.ignore_line.
template <typename Event>
bool board_event(kakinoki_header& header, Event e, std::string_view matched, std::size_t offset) {
    switch (e) {
        case Event::white_mark: header.white_cell(); return true;
        case Event::cell_piece: header.cell_piece(matched); return true;
        case Event::empty_cell: header.empty_cell(); return true;
        case Event::extra_cells: header.extra_cells(offset); return true;
        case Event::board_row: header.row_end(); return true;
        case Event::hand_piece: header.hand_piece(matched); return true;
        case Event::hand_count: header.hand_count(matched); return true;
        case Event::hand_gap: header.hand_gap(); return true;
        case Event::hands_line: header.hands_end(); return true;
        default: return false;
    }
}

/// Attaches `変化：N手` blocks as JKF forks exactly as json-kifu-format does (§2.8): a stack of
/// open lines (start ply, list); a block N closes the lines that start after N, then hangs on
/// element N − start of the line on top.
class fork_builder {
public:
    explicit fork_builder(std::vector<move_format>& main_line);

    /// The list the following moves go into; nullptr and a diagnostic (code
    /// <prefix>.bad-variation) when ply N cannot be attached (the stack is left unchanged).
    /// When N is one past the end of a line without a special, the block continues that line
    /// (激指 writes a continuation so) and the line itself is returned.
    std::vector<move_format>* begin_variation(int ply, std::size_t offset, const source_text& text,
                                              std::string_view code_prefix, read_mode mode,
                                              std::vector<diagnostic>& diagnostics);

    /// Takes back the variation begun last when it is still empty (a block without moves);
    /// returns false when there is none.
    bool drop_empty_variation();

    /// The list moves currently go into (the main line until a variation begins).
    std::vector<move_format>& current() noexcept { return *stack_.back().moves; }
    /// The ply of current().front() (0 for the main line, whose element 0 is the start entry).
    int current_start() const noexcept { return stack_.back().start; }

private:
    struct open_line {
        int start;
        std::vector<move_format>* moves;
        std::vector<std::vector<move_format>>* owner = nullptr;  // the forks array holding it
    };
    std::vector<open_line> stack_;
};

/// KIF/KI2 sniffing support: the encoding a `#KIF version=2.0 encoding=UTF-8` line declares
/// ("" when none), Shift_JIS spelled "CP932" — unless the bytes contradict it: valid UTF-8 with
/// non-ASCII bytes is "UTF-8" whatever the line says, and a UTF-8 claim on other bytes is "".
std::string declared_kakinoki_encoding(std::string_view first_bytes);

/// Appends the grammar glue's and the builder's diagnostics to `diagnostics`, the two put
/// together in text order (line, then column; a stable order for equal positions). In strict
/// mode the first error ends the read, so nothing after it in text order is kept.
void append_in_text_order(std::vector<diagnostic>& diagnostics, std::vector<diagnostic>& syntax,
                          std::vector<diagnostic>& semantic, read_mode mode);

}  // namespace kifu::shogi::detail
