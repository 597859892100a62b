// Turns grammars/kif.peg's events into the raw record json-kifu-format's KIF parser makes
// (../shared/formats/shogi.md §2.10): header, initial (手合割 or BOD), moves[0] with the start
// comments, one entry per move line (piece, to or same, from, promote), specials, times,
// comments, and 変化 blocks as forks. Beyond json-kifu-format: 不成 gives promote:false, a
// `まで…` summary supplies the result when no special line does, unknown terminal words are
// kept (with a warning), and a variation that cannot attach is an error instead of a crash.

#include "shogi/kif_builder.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/peg_support.hpp"
#include "generated/kif.hpp"
#include "shogi/kakinoki.hpp"

static_assert(kifu::grammar::kif::abi_version == 1, "generated/kif.hpp is from another kifu-pegc");

namespace kifu::shogi::detail {
namespace {

namespace g = kifu::grammar::kif;

// The cap on the moves reserved up front (see kif_builder's constructor).
constexpr std::size_t max_reserved_moves = 1024;

// Reads `digits` (at most nine, as the grammar allows) into an int.
int number_of(std::string_view digits) noexcept {
    int n = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), n);
    return n;
}

// The readers below get text the grammar has matched, so they read bytes at known places
// instead of checking the shape again: the kanji, kana and full-width digits of a move line
// are three-byte UTF-8 sequences, and a decoded text is valid UTF-8.

// Whether the bytes at `p` (before `end`) are the three of `c`.
bool is3(const char* p, const char* end, const char (&c)[4]) noexcept {
    return end - p >= 3 && p[0] == c[0] && p[1] == c[1] && p[2] == c[2];
}

// Past the blanks (ASCII space and tab, U+3000) at `p`.
const char* skip_blanks(const char* p, const char* end) noexcept {
    for (;;) {
        if (p != end && (*p == ' ' || *p == '\t')) {
            ++p;
        } else if (is3(p, end, "\u3000")) {
            p += 3;
        } else {
            return p;
        }
    }
}

// The time readers below rely on the match ending with `)`, which is neither a digit nor a
// blank: their loops stop there at the latest without checking the end.

// Past the blanks (ASCII space and tab, U+3000) at `p`. (A decoded text is valid UTF-8, so E3
// is followed by two more bytes.)
const unsigned char* skip_time_blanks(const unsigned char* p) noexcept {
    for (;;) {
        if (*p == ' ' || *p == '\t') {
            ++p;
        } else if (p[0] == 0xE3 && p[1] == 0x80 && p[2] == 0x80) {
            p += 3;
        } else {
            return p;
        }
    }
}

// One `clock` of the grammar (`m:ss`, `h:mm:ss`, numbers of at most six digits) at `p`: its
// two or three numbers into `n`; returns their count.
int read_clock(const unsigned char*& p, std::array<int, 3>& n) noexcept {
    int count = 0;
    for (;;) {
        int v = 0;
        for (unsigned d = *p - '0'; d < 10; d = *++p - '0') v = v * 10 + static_cast<int>(d);
        n[static_cast<std::size_t>(count++)] = v;
        if (count == 3 || *p != ':') return count;
        ++p;
    }
}

// The shape nearly every time has, `( 0:16/00:00:16)` or `(10:16/00:00:16)` (16 bytes) or
// `(0:16/00:00:16)` (15), read at fixed places: every byte is checked, so where this says yes the
// text is exactly that shape and the general reading below gives these numbers.
bool read_usual_time(std::string_view matched, move_time& t) noexcept {
    if (matched.size() != 16 && matched.size() != 15) return false;
    const auto* e = reinterpret_cast<const unsigned char*>(matched.data() + matched.size());  // e[-1] is `)`
    const auto d = [e](int i) { return static_cast<unsigned>(e[i] - '0'); };
    if (e[-4] != ':' || e[-7] != ':' || e[-10] != '/' || e[-13] != ':') return false;
    if (d(-2) > 9 || d(-3) > 9 || d(-5) > 9 || d(-6) > 9 || d(-8) > 9 || d(-9) > 9 || d(-11) > 9 || d(-12) > 9 ||
        d(-14) > 9) {
        return false;
    }
    auto minutes = static_cast<int>(d(-14));
    if (matched.size() == 16 && e[-15] != ' ') {  // (in a 15-byte time e[-15] is the `(`)
        if (d(-15) > 9) return false;
        minutes += 10 * static_cast<int>(d(-15));
    }
    const auto two = [&d](int i) { return static_cast<int>(d(i) * 10 + d(i + 1)); };
    t.now.m = minutes;
    t.now.s = two(-12);
    time_value& total = t.total.emplace();
    total.h = two(-9);
    total.m = two(-6);
    total.s = two(-3);
    return true;
}

// `( 0:16/00:00:16)` → {now {m, s}, total {h, m, s}} into a default `t`; the grammar has
// checked the shape (`(`, blanks, clock, optionally blanks `/` blanks clock, blanks, `)`), so
// it is read in that order in one pass.
void read_time(std::string_view matched, move_time& t) noexcept {
    if (read_usual_time(matched, t)) return;
    const auto* p = skip_time_blanks(reinterpret_cast<const unsigned char*>(matched.data()) + 1);  // after `(`
    std::array<int, 3> now{};
    // `m:ss` (minutes may exceed 59); an `h:mm:ss` "now" is folded into minutes.
    if (read_clock(p, now) == 3) {
        t.now.m = now[0] * 60 + now[1];
        t.now.s = now[2];
    } else {
        t.now.m = now[0];
        t.now.s = now[1];
    }
    p = skip_time_blanks(p);
    if (*p != '/') return;
    p = skip_time_blanks(p + 1);
    std::array<int, 3> total{};
    time_value& out = t.total.emplace();
    if (read_clock(p, total) == 3) {
        out.h = total[0];
        out.m = total[1];
        out.s = total[2];
    } else {
        out.h = total[0] / 60;
        out.m = total[0] % 60;
        out.s = total[1];
    }
}

// A digit of a destination the grammar matched at `p`: `1`-`9` (one byte), `１`-`９` (EF BC 91
// … EF BC 99) or `一`-`九` (three bytes); `p` moves past it.
int read_digit(const unsigned char*& p) noexcept {
    const unsigned lead = *p;
    if (lead < 0x80) return static_cast<int>(*p++) - '0';
    const unsigned last = p[2];
    p += 3;
    if (lead == 0xEF) return static_cast<int>(last) - 0x90;
    // 一 … 九: the grammar matched one of the nine.
    return digit_of(std::string_view(reinterpret_cast<const char*>(p) - 3, 3));
}

// `７六歩(77)`, `同　銀(31)`, `２三歩打`, `２四銀不成(25)` into a default `m`; the grammar has
// checked the shape, so the parts are read at their places.
void read_move(std::string_view matched, move_data& m) noexcept {
    const char* const end = matched.data() + matched.size();
    const auto* u = reinterpret_cast<const unsigned char*>(matched.data());
    if (is3(matched.data(), end, "同")) {
        m.same = true;
        u = reinterpret_cast<const unsigned char*>(skip_blanks(matched.data() + 3, end));
    } else {
        const int x = read_digit(u);
        const int y = read_digit(u);
        m.to = square{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
    }
    const char* p = reinterpret_cast<const char*>(u);
    // A piece starting with 成 is 成香, 成桂 or 成銀 (成 alone is not a piece).
    const std::size_t piece_size = is3(p, end, "成") ? 6 : 3;
    m.piece = piece_of_kanji(std::string_view(p, piece_size));
    p += piece_size;
    if (is3(p, end, "不")) {  // 不成
        m.promote = false;
        p += 6;
    } else if (is3(p, end, "成")) {
        m.promote = true;
        p += 3;
    }
    // The origin ends the match: `(xy)` or 打, after blanks.
    if (end - p >= 4 && end[-1] == ')') {
        m.from = square{static_cast<std::int8_t>(end[-3] - '0'), static_cast<std::int8_t>(end[-2] - '0')};
    }
}

// The maker of a move line's element, as `moves.emplace_back(new_move{…})`: emplace_back()
// would value-initialize, zero-filling all ~200 bytes of a move_format before the members'
// constructors run again. The prvalue the conversion returns is constructed in the vector's
// slot (copy elision), and `move_format element;` only runs the members' constructors.
struct new_move {
    std::string_view move;  // empty for a special (the caller sets it)
    std::string_view time;  // empty when the line has none
    text_position at;

    operator move_format() const {  // NOLINT(google-explicit-constructor): for emplace_back
        move_format element;
        if (!move.empty()) read_move(move, element.move.emplace());
        if (!time.empty()) read_time(time, element.time.emplace());
        element.line = at.line;
        element.column = at.column;
        return element;
    }
};

// The parts of one move line: the text its rules matched (views of the text, empty when
// absent), read into the new element when the whole line has matched. A part matched before
// the line's start belongs to an earlier line that did not read (lenient mode went on).
struct line_parts {
    std::string_view move;     // `７六歩(77)`
    std::string_view special;  // the word as written
    std::string_view time;     // `( 0:16/00:00:16)`
    std::size_t move_offset = 0;
    std::size_t special_offset = 0;
    std::size_t time_offset = 0;
};

// Line and column of the elements the builder locates (move lines, summaries), exactly as
// source_text::position_of gives them, mostly without a lookup in the line index. A move line's
// match ends with its line break, so after one the next line's number is known and its column
// is 1; the bytes from there to the next element (its leading blanks, or a few short lines) are
// walked once for line breaks and columns. A long gap (the header, a board, long comments) is
// one lookup instead of a walk.
class line_tracker {
public:
    explicit line_tracker(const source_text& text) noexcept : text_(text), bytes_(text.text()) {}

    // The position of `offset` (at or after the previous one, as elements come in text order).
    text_position at(std::size_t offset) noexcept {
        if (offset < walked_ || offset - walked_ > max_walk) {
            jump(offset);
            return {line_, column_};
        }
        std::uint32_t column = column_;
        for (std::size_t i = walked_; i < offset; ++i) {
            // LF, CRLF (counted at its LF) and a lone CR end a line, as in the text's line index;
            // columns count code points, every byte but UTF-8 continuation bytes.
            const char c = bytes_[i];
            if (c == '\n' || (c == '\r' && (i + 1 == bytes_.size() || bytes_[i + 1] != '\n'))) {
                ++line_;
                column = 1;
            } else {
                column += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
            }
        }
        walked_ = offset;
        column_ = column;
        return {line_, column};
    }

    // A match from the offset last located to `end` ended with a line break (the grammar's eol:
    // `\n`, `\r\n`, or `\r` not followed by `\n`): `end` starts the next line.
    void passed_line_break(std::size_t end) noexcept {
        ++line_;
        column_ = 1;
        walked_ = end;
    }

private:
    static constexpr std::size_t max_walk = 256;

    [[gnu::noinline]] void jump(std::size_t offset) noexcept {
        const text_position p = text_.position_of(offset);
        line_ = p.line;
        column_ = p.column;
        walked_ = offset;
    }

    const source_text& text_;
    std::string_view bytes_;
    std::size_t walked_ = 0;    // the position of this offset is line_, column_
    std::uint32_t line_ = 1;
    std::uint32_t column_ = 1;
};

class kif_builder {
public:
    kif_builder(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics)
        : text_(text), lines_(text), mode_(mode), diagnostics_(diagnostics), header_(text, mode, "kif") {
        // Room for the moves the text can hold (a move line takes some 35 bytes), capped: a
        // file may be huge or mostly comments. finish() gives back what a short record left.
        record_.moves.reserve(std::min<std::size_t>(text.text().size() / 32 + 2, max_reserved_moves));
        record_.moves.emplace_back();
    }

    // Inlined into each event's call site, where `e` is a constant.
    [[gnu::always_inline]] void on(g::event e, std::string_view matched, std::size_t offset) {
        if (stopped_) return;
        switch (e) {
            case g::event::comment:
            case g::event::bookmark: on_comment(matched); break;
            case g::event::board_row: on_board_row(matched, offset); break;
            case g::event::turn: on_turn(matched, offset); break;
            case g::event::header: on_header(matched, offset); break;
            case g::event::move:
                parts_.move = matched;
                parts_.move_offset = offset;
                break;
            case g::event::special:
                parts_.special = matched;
                parts_.special_offset = offset;
                break;
            case g::event::time:
                parts_.time = matched;
                parts_.time_offset = offset;
                break;
            case g::event::move_line: on_move_line(matched, offset); break;
            case g::event::variation_start:
                // Until the line is read whole, the block's moves go nowhere.
                close_variation();
                moves_started_ = true;
                skipping_ = true;
                break;
            case g::event::variation: on_variation(matched, offset); break;
            case g::event::summary: on_summary(matched, offset); break;
        }
    }

    /// Ends the input; false when no record is to be kept (strict mode after an error).
    bool finish(bool parsed, jkf& out) {
        // Strict: the first error ends the read, with nothing more to say.
        if (mode_ == read_mode::strict && (!parsed || failed_)) return false;
        close_variation();
        const bool header_ok = header_.finish(record_, diagnostics_);
        failed_ = failed_ || !header_ok;
        if (mode_ == read_mode::strict && failed_) return false;
        std::vector<move_format>& moves = record_.moves;
        if (moves.capacity() > 2 * moves.size() + 16) moves.shrink_to_fit();
        out = std::move(record_);
        return true;
    }

    bool failed() const noexcept { return failed_; }

private:
    void report(severity s, std::string code, std::string message, std::size_t offset, int ply = -1) {
        diagnostics_.push_back(text_.make_diagnostic(s, std::move(code), std::move(message), offset, ply));
        if (s == severity::error) {
            failed_ = true;
            stopped_ = mode_ == read_mode::strict;
        }
    }

    // The list that move lines currently go into; nullptr inside a variation that could not
    // be attached (lenient mode skips its lines).
    std::vector<move_format>* current() { return skipping_ ? nullptr : &forks_.current(); }

    bool before_moves(std::string_view what, std::size_t offset) {
        if (!moves_started_) return true;
        report(severity::error, "kif.misplaced", std::string(what) + " after the first move", offset);
        return false;
    }

    void on_comment(std::string_view matched) {
        // `*text` loses its `*`; a bookmark keeps its `&`, as json-kifu-format keeps it.
        std::string body(matched.front() == '*' ? matched.substr(1) : matched);
        while (!body.empty() && body.back() == '\r') body.pop_back();
        if (skipping_) return;
        if (awaiting_first_move_) {
            // Between `変化：N手` and the block's first move: kept for that move.
            waiting_comments_.push_back(std::move(body));
            return;
        }
        forks_.current().back().comments.push_back(std::move(body));
    }

    void on_board_row(std::string_view matched, std::size_t offset) {
        if (before_moves("a board diagram row", offset)) header_.board_row(matched, offset);
        stop_if_header_failed();
    }

    void on_turn(std::string_view matched, std::size_t offset) {
        if (before_moves("a side-to-move line", offset)) {
            header_.turn_line(matched.starts_with("先") || matched.starts_with("下") ? color::black : color::white, offset);
        }
    }

    void stop_if_header_failed() {
        header_.take_diagnostics(diagnostics_);
        if (header_.failed()) {
            failed_ = true;
            stopped_ = mode_ == read_mode::strict;
        }
    }

    // `key：value` or `key:value`: split at the first colon of either width.
    void on_header(std::string_view matched, std::size_t offset) {
        const std::size_t wide = matched.find("：");
        const std::size_t narrow = matched.find(':');
        const std::size_t colon = std::min(wide, narrow);
        const std::size_t width = colon == wide ? std::string_view("：").size() : 1;
        const std::string_view key = trim_blanks(matched.substr(0, colon));
        if (key.ends_with("の持駒") && !before_moves("a hands line", offset)) return;
        header_.header_line(key, matched.substr(colon + width), offset);
        stop_if_header_failed();
    }

    std::string special_of(std::string_view written, std::size_t offset, int ply) {
        // `先手 反則負け` (将棋倶楽部24): the named side lost by a foul, whoever is to move.
        for (std::string_view side : {"先手", "下手", "後手", "上手"}) {
            if (written.starts_with(side) && written.size() > side.size()) {
                const std::string_view word = trim_blanks(written.substr(side.size()));
                const bool black = side == "先手" || side == "下手";
                if (word == "反則負け") return black ? "+ILLEGAL_ACTION" : "-ILLEGAL_ACTION";
                if (const std::string_view s = special_of_word(word); !s.empty()) return std::string(s);
            }
        }
        if (const std::string_view s = special_of_word(written); !s.empty()) return std::string(s);
        report(severity::warning, "kif.unknown-special",
               "unknown terminal word '" + std::string(written) + "'; kept as the special as written", offset, ply);
        return std::string(written);
    }

    void on_move_line(std::string_view matched, std::size_t offset) {
        // The ply number leads the line (the grammar's `[0-9]{1,9}`).
        int number = 0;
        for (const char c : matched) {
            if (static_cast<unsigned>(c - '0') >= 10) break;
            number = number * 10 + (c - '0');
        }
        // One of move and special matched in this line; a time only when its offset is here.
        const bool is_move = parts_.move_offset >= offset && !parts_.move.empty();
        const bool has_time = parts_.time_offset >= offset && !parts_.time.empty();
        moves_started_ = true;
        std::vector<move_format>* line = current();
        if (!line) return;
        // The main line starts at 0 with the start entry, a fork at its first ply: either way
        // the next element's ply is start + size.
        const int expected = forks_.current_start() + static_cast<int>(line->size());
        if (number != expected) {
            // json-kifu-format ignores the numbers; they only help a reader find a lost line.
            report(severity::warning, "kif.ply-number",
                   "this line is numbered " + std::to_string(number) + " but is ply " + std::to_string(expected),
                   offset, expected);
        }
        const text_position at = lines_.at(offset);
        // The match ends with its line break (or at the end of the input): the next line starts
        // after it.
        if (matched.back() == '\n' || matched.back() == '\r') lines_.passed_line_break(offset + matched.size());
        const std::string_view time = has_time ? parts_.time : std::string_view();
        move_format* element = nullptr;
        if (is_move) {
            element = &line->emplace_back(new_move{parts_.move, time, at});
        } else {
            std::string special = special_of(parts_.special, parts_.special_offset, expected);
            element = &line->emplace_back(new_move{{}, time, at});
            element->special = std::move(special);
        }
        if (awaiting_first_move_) {
            element->comments = std::move(waiting_comments_);
            waiting_comments_.clear();
            awaiting_first_move_ = false;
        }
    }

    // A block with no move line is dropped from the forks it was added to.
    void close_variation() {
        if (!awaiting_first_move_) return;
        awaiting_first_move_ = false;
        if (skipping_) return;
        report(severity::warning, "kif.empty-variation", "変化：" + std::to_string(variation_ply_) + "手 has no moves",
               variation_offset_);
        forks_.drop_empty_variation();
    }

    void on_variation(std::string_view matched, std::size_t offset) {
        std::size_t d = matched.find_first_of("0123456789");
        std::size_t e = d;
        while (e < matched.size() && matched[e] >= '0' && matched[e] <= '9') ++e;
        const int ply = number_of(matched.substr(d, e - d));
        std::vector<diagnostic> found;
        std::vector<move_format>* line = forks_.begin_variation(ply, offset, text_, "kif", mode_, found);
        for (diagnostic& diag : found) report(diag.severity, diag.code, diag.message, offset);
        skipping_ = line == nullptr;
        awaiting_first_move_ = true;
        variation_ply_ = ply;
        variation_offset_ = offset;
        waiting_comments_.clear();
    }

    void on_summary(std::string_view matched, std::size_t offset) {
        std::string_view text = matched;
        while (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        const auto summary = parse_summary(text);
        std::vector<move_format>* line = current();
        if (!line || line->empty() || awaiting_first_move_) return;
        if (!summary) {
            report(severity::warning, "kif.unknown-summary",
                   "cannot read the summary '" + std::string(trim_blanks(text)) + "'; kept as a comment", offset);
            line->back().comments.emplace_back(trim_blanks(text));
            return;
        }
        // The result is normally a special line already (json-kifu-format then ignores the
        // summary); a record that gives it only here would lose it otherwise.
        const bool has_special = !line->back().special.empty();
        if (!has_special && !summary->special.empty()) {
            move_format& element = line->emplace_back();
            element.special = summary->special;
            locate(element, offset);
        }
    }

    // Where the normalizer's diagnostics about this element will point: its ply number.
    void locate(move_format& element, std::size_t offset) {
        const text_position p = lines_.at(offset);
        element.line = p.line;
        element.column = p.column;
    }

    const source_text& text_;
    line_tracker lines_;  // elements come in text order
    read_mode mode_;
    std::vector<diagnostic>& diagnostics_;
    kakinoki_header header_;
    jkf record_;
    fork_builder forks_{record_.moves};
    line_parts parts_;
    std::vector<std::string> waiting_comments_;
    int variation_ply_ = 0;
    std::size_t variation_offset_ = 0;
    bool moves_started_ = false;
    bool awaiting_first_move_ = false;
    bool skipping_ = false;
    bool failed_ = false;
    bool stopped_ = false;
};

}  // namespace

bool parse_kif(const source_text& text, read_mode mode, std::vector<jkf>& records, std::vector<diagnostic>& diagnostics) {
    // The builder's findings are kept apart from the grammar glue's, then both are put in
    // text order.
    std::vector<diagnostic> syntax;
    std::vector<diagnostic> semantic;
    kif_builder builder(text, mode, semantic);
    const bool parsed = kifu::detail::parse<g::file, g::traits>(text, mode, "kif", builder, syntax);
    jkf record;
    if (builder.finish(parsed, record)) {
        records.push_back(std::move(record));
    }
    append_in_text_order(diagnostics, syntax, semantic, mode);
    return parsed && !builder.failed();
}

bool trace_kif(const source_text& text, std::string& out) { return kifu::detail::trace<g::file>(text, out); }

}  // namespace kifu::shogi::detail
