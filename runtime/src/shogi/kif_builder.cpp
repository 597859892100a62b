// Turns grammars/kif.peg's events into the raw record json-kifu-format's KIF parser makes
// (../shared/formats/shogi.md §2.10): header, initial (手合割 or BOD), moves[0] with the start
// comments, one entry per move line (piece, to or same, from, promote), specials, times,
// comments, and 変化 blocks as forks. Beyond json-kifu-format: 不成 gives promote:false, a
// `まで…` summary supplies the result when no special line does, unknown terminal words are
// kept (with a warning), a variation that cannot attach is an error instead of a crash, and a
// move number that contradicts the order of the lines is an error.

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

#include "core/line_walker.hpp"
#include "core/peg_support.hpp"
#include "generated/kif.hpp"
#include "shogi/kakinoki.hpp"
#include "shogi/move_maker.hpp"

static_assert(kifu::grammar::kif::abi_version == 2, "generated/kif.hpp is from another kifu-pegc");

namespace kifu::inline v1::shogi::detail {
namespace {

namespace g = kifu::grammar::kif;

// Reads `digits` (at most nine, as the grammar allows) into an int.
int number_of(std::string_view digits) noexcept {
    int n = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), n);
    return n;
}

// What one move line's events said: the move (when is_move), the special's side and word (when
// not), the first time. Reset by the line's ply_number event, filled by the events of its parts.
struct kif_move_line {
    bool is_move = false;
    bool same = false;
    std::int8_t to_file = 0;
    std::int8_t to_rank = 0;
    piece_kind piece = piece_kind::fu;
    std::int8_t promote = -1;  // -1 not written, 0 不成, 1 成
    std::int8_t from_file = 0;
    std::int8_t from_rank = 0;
    int number = 0;  // the ply number
    std::string_view special;  // the special as written (side word, blanks, word)
    std::size_t special_offset = 0;
    std::string_view side;  // 先手 後手 下手 上手, when the special names one
    std::string_view word;  // the special's word
    bool has_time = false;
    move_time time;

    // Starts the line numbered `ply`: every part reads as not written. (Field by field: the
    // time is read only when has_time says so, and assigning a fresh value would clear its
    // bytes too, with a string store that costs more than the rest of the line's events.)
    void start(int ply) noexcept {
        is_move = false;
        same = false;
        to_file = 0;
        to_rank = 0;
        piece = piece_kind::fu;
        promote = -1;
        from_file = 0;
        from_rank = 0;
        number = ply;
        special = {};
        special_offset = 0;
        side = {};
        word = {};
        has_time = false;
    }
};

// The numbers of the clock being read (clock_number, then one or two clock_field) and the two
// clocks of the time being read, as `now_clock` and `total_clock` name them.
struct clock_numbers {
    int n[3] = {};
    int count = 0;
};

// A number of at most nine digits the grammar matched (most are one or two: clock fields), in
// line at each event: seven a move line with its time, where a call cost as much as the digits.
[[gnu::always_inline]] inline int digits_value(std::string_view digits) noexcept {
    const auto d = [&](std::size_t i) { return digits[i] - '0'; };
    if (digits.size() == 1) return d(0);
    if (digits.size() == 2) return d(0) * 10 + d(1);
    int n = 0;
    for (const char c : digits) n = n * 10 + (c - '0');
    return n;
}

// Fills a move line's element (built in place by emplace_move, shogi/move_maker.hpp) from what
// the line said; a special's word is set by the caller.
void fill_move(move_format& element, const kif_move_line& read, text_position at) {
    if (read.is_move) {
        move_data& m = element.move.emplace();
        if (read.same) {
            m.same = true;
        } else {
            m.to = square{read.to_file, read.to_rank};
        }
        m.piece = read.piece;
        if (read.promote >= 0) m.promote = read.promote != 0;
        if (read.from_file != 0) m.from = square{read.from_file, read.from_rank};
    }
    if (read.has_time) element.time = read.time;
    element.line = at.line;
    element.column = at.column;
}

class kif_builder {
public:
    kif_builder(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics)
        : text_(text), lines_(text), mode_(mode), diagnostics_(diagnostics), header_(text, mode, "kif") {
        // Room for the moves the text can hold: a move line takes some 35 bytes.
        reserve_moves(record_.moves, text.text().size() / 32 + 2);
        record_.moves.emplace_back();
    }

    // Inlined into each event's call site, where `e` is a constant.
    [[gnu::always_inline]] void on(g::event e, std::string_view matched, std::size_t offset) {
        // The parts of a move line only fill read_ and clock_, which only the line's own event
        // reads: they are taken even after a strict read stopped, without a test each.
        switch (e) {
            case g::event::ply_number:
                // Ten digits or more are no ply (-1 never is one); the message quotes them.
                read_.start(matched.size() <= 9 ? digits_value(matched) : -1);
                number_digits_ = matched;
                number_offset_ = offset;
                return;
            case g::event::to_file: read_.to_file = static_cast<std::int8_t>(matched_digit_of(matched)); return;
            case g::event::to_rank: read_.to_rank = static_cast<std::int8_t>(matched_digit_of(matched)); return;
            case g::event::same: read_.same = true; return;
            case g::event::piece:
                read_.is_move = true;
                read_.piece = *piece_of_kanji(matched);
                return;
            case g::event::no_promote: read_.promote = 0; return;
            case g::event::promote: read_.promote = 1; return;
            case g::event::from_square:
                // `(77)`: the two digits at their places.
                read_.from_file = static_cast<std::int8_t>(matched[1] - '0');
                read_.from_rank = static_cast<std::int8_t>(matched[2] - '0');
                return;
            case g::event::special:
                read_.special = matched;
                read_.special_offset = offset;
                return;
            case g::event::side_word: read_.side = matched; return;
            case g::event::word: read_.word = matched; return;
            case g::event::clock_number:
                clock_.n[0] = digits_value(matched);
                clock_.count = 1;
                return;
            case g::event::clock_field: clock_.n[clock_.count++] = digits_value(matched); return;
            case g::event::now_clock: on_now_clock(); return;
            case g::event::total_clock: on_total_clock(); return;
            case g::event::time:
                // Only a line's first time is kept: its clocks were written into read_.time.
                read_.has_time = true;
                return;
            default: break;
        }
        if (stopped_) return;
        switch (e) {
            case g::event::comment:
            case g::event::bookmark: on_comment(matched); break;
            case g::event::row_open: on_row_open(offset); break;
            case g::event::black_hands: on_hands(color::black, offset); break;
            case g::event::white_hands: on_hands(color::white, offset); break;
            case g::event::black_turn: turn_side_ = color::black; break;
            case g::event::white_turn: turn_side_ = color::white; break;
            case g::event::turn: on_turn(offset); break;
            case g::event::header_key: header_key_ = trim_blanks(matched); break;
            case g::event::header_value: header_value_ = matched; break;
            case g::event::header: on_header(offset); break;
            case g::event::move_line: on_move_line(offset); break;
            case g::event::variation_start:
                // Until the line is read whole, the block's moves go nowhere.
                close_variation();
                moves_started_ = true;
                skipping_ = true;
                cut_in_block_ = false;
                break;
            case g::event::variation_ply: read_variation_ply_ = number_of(matched); break;
            case g::event::variation: on_variation(offset); break;
            case g::event::summary: on_summary(matched, offset); break;
            default:
                if (!summary_event(summary_, e, matched)) on_board_part(e, matched, offset);
                break;
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
        give_back_reserve(record_.moves);
        out = std::move(record_);
        return true;
    }

    bool failed() const noexcept { return failed_; }

    /// The lines a lenient read skipped where the record holds an element for each, in text
    /// order (normalize_options::unreadable).
    std::vector<unreadable_line>& skipped() noexcept { return skipped_; }

    // Lenient mode skipped a line it could not read (the grammar glue reported why). A move line,
    // or any line once the current line of play has a move, is a move that cannot be played:
    // an element with neither move nor special stands for it, where the normalizer cuts the
    // line of play and keeps it and what follows as unplayed lines, as at an illegal move.
    // (Lines before the moves, and those of a block that could not attach, are just skipped.)
    void on_skipped(std::size_t start, std::size_t /*at*/, std::string_view why) {
        if (skipping_) return;
        const bool move_line = number_offset_ != no_offset && number_offset_ >= start;
        std::vector<move_format>& line = forks_.current();
        const std::size_t first_move = forks_.current_start() == 0 ? 1 : 0;  // after the start entry
        if (!move_line && line.size() <= first_move) return;
        const text_position at = lines_.at(move_line ? number_offset_ : start);
        skipped_.push_back({at.line, std::string(why)});
        move_format& element = line.emplace_back();
        element.line = at.line;
        element.column = at.column;
        if (awaiting_first_move_) {
            element.comments = std::move(waiting_comments_);
            waiting_comments_.clear();
            awaiting_first_move_ = false;
        }
        moves_started_ = true;
        // What follows in this block is not played: its numbers no longer matter.
        cut_in_block_ = true;
    }

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

    // The parts of a board row or hands line (out of line: rare, and on() is inlined everywhere).
    [[gnu::noinline]] void on_board_part(g::event e, std::string_view matched, std::size_t offset) {
        board_event(header_, e, matched, offset);
        stop_if_header_failed();
    }

    void on_row_open(std::size_t offset) {
        if (before_moves("a board diagram row", offset)) {
            header_.row_start(offset);
            stop_if_header_failed();
        } else {
            header_.ignore_line();
        }
    }

    void on_hands(color side, std::size_t offset) {
        if (before_moves("a hands line", offset)) {
            header_.hands_start(side, offset);
        } else {
            header_.ignore_line();
        }
    }

    // `先手番` … (black_turn or white_turn said which side) read to the end of its line.
    void on_turn(std::size_t offset) {
        if (before_moves("a side-to-move line", offset)) {
            header_.turn_line(turn_side_, offset);
        }
    }

    void stop_if_header_failed() {
        header_.take_diagnostics(diagnostics_);
        if (header_.failed()) {
            failed_ = true;
            stopped_ = mode_ == read_mode::strict;
        }
    }

    // `key：value` or `key:value` (the key and the value were heard of just before).
    void on_header(std::size_t offset) {
        if (header_key_.ends_with("の持駒") && !before_moves("a hands line", offset)) return;
        header_.header_line(header_key_, header_value_, offset);
        stop_if_header_failed();
    }

    std::string special_of(const kif_move_line& read, int ply) {
        // `先手 反則負け` (将棋倶楽部24): the named side lost by a foul, whoever is to move.
        if (!read.side.empty()) {
            const bool black = read.side == "先手" || read.side == "下手";
            if (read.word == "反則負け") return black ? "+ILLEGAL_ACTION" : "-ILLEGAL_ACTION";
            if (const std::string_view s = special_of_word(read.word); !s.empty()) return std::string(s);
        }
        if (const std::string_view s = special_of_word(read.special); !s.empty()) return std::string(s);
        report(severity::warning, "kif.unknown-special",
               "unknown terminal word '" + std::string(read.special) + "'; kept as the special as written",
               read.special_offset, ply);
        return std::string(read.special);
    }

    // `m:ss` (minutes may exceed 59); an `h:mm:ss` "now" is folded into minutes. The clocks of
    // a line's first time go into read_.time; those of a second (IS-SHOGI's doubled column)
    // are not kept.
    void on_now_clock() noexcept {
        if (read_.has_time) return;
        move_time& time = read_.time;
        time.now = time_value{};
        time.total.reset();
        if (clock_.count == 3) {
            time.now.m = clock_.n[0] * 60 + clock_.n[1];
            time.now.s = clock_.n[2];
        } else {
            time.now.m = clock_.n[0];
            time.now.s = clock_.n[1];
        }
    }

    // `h:mm:ss`, or `m:ss` with the minutes split into hours.
    void on_total_clock() noexcept {
        if (read_.has_time) return;
        time_value& total = read_.time.total.emplace();
        if (clock_.count == 3) {
            total.h = clock_.n[0];
            total.m = clock_.n[1];
            total.s = clock_.n[2];
        } else {
            total.h = clock_.n[0] / 60;
            total.m = clock_.n[0] % 60;
            total.s = clock_.n[1];
        }
    }

    void on_move_line(std::size_t offset) {
        const int number = read_.number;
        moves_started_ = true;
        std::vector<move_format>* line = current();
        if (!line) return;
        // The main line starts at 0 with the start entry, a fork at its first ply: either way
        // the next element's ply is start + size.
        const int expected = forks_.current_start() + static_cast<int>(line->size());
        if (number != expected && !cut_in_block_) {
            // A number that repeats or skips one contradicts the order of the lines, and the
            // readers disagree on what it means: json-kifu-format ignores the numbers, tsshogi
            // places the move by its number (a variation). Strict reading ends here; lenient
            // reading goes on in the order of the lines, as json-kifu-format does.
            report(severity::error, "kif.ply-number",
                   "this line is numbered " + std::string(number_digits_) + " but is ply " + std::to_string(expected) +
                       " of its line of play",
                   offset, expected);
            if (stopped_) return;
        }
        const text_position at = lines_.at(offset);
        move_format* element = nullptr;
        if (read_.is_move) {
            element = &emplace_move(*line, [&](move_format& e) { fill_move(e, read_, at); });
        } else {
            std::string special = special_of(read_, expected);
            element = &emplace_move(*line, [&](move_format& e) { fill_move(e, read_, at); });
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

    // The line `変化：N手` has been read whole; N was heard of just before.
    void on_variation(std::size_t offset) {
        const int ply = read_variation_ply_;
        std::vector<diagnostic> found;
        std::vector<move_format>* line = forks_.begin_variation(ply, offset, text_, "kif", mode_, found);
        for (diagnostic& diag : found) report(diag.severity, diag.code, diag.message, offset);
        skipping_ = line == nullptr;
        awaiting_first_move_ = true;
        variation_ply_ = ply;
        variation_offset_ = offset;
        waiting_comments_.clear();
    }

    void on_summary(std::string_view text, std::size_t offset) {
        const auto summary = take_summary(summary_);
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
    kifu::detail::line_walker lines_;  // elements come in text order
    read_mode mode_;
    std::vector<diagnostic>& diagnostics_;
    kakinoki_header header_;
    jkf record_;
    kif_move_line read_;  // the move line being read
    clock_numbers clock_;  // the clock being read
    color turn_side_ = color::black;  // the side of the side-to-move line being read
    fork_builder forks_{record_.moves};
    std::vector<std::string> waiting_comments_;
    int variation_ply_ = 0;
    std::size_t variation_offset_ = 0;
    int read_variation_ply_ = 0;   // the parts of the variation or header line being read, heard
    std::string_view header_key_;  // of before the line
    std::string_view header_value_;
    summary_parts summary_;  // the parts of the summary line being read
    static constexpr std::size_t no_offset = static_cast<std::size_t>(-1);
    std::size_t number_offset_ = no_offset;  // where the last ply number was read
    std::string_view number_digits_;          // its digits, in the text being read
    std::vector<unreadable_line> skipped_;
    bool cut_in_block_ = false;  // a skipped line cut the current block
    bool moves_started_ = false;
    bool awaiting_first_move_ = false;
    bool skipping_ = false;
    bool failed_ = false;
    bool stopped_ = false;
};

}  // namespace

bool parse_kif_with_skipped(const source_text& text, read_mode mode, std::vector<jkf>& records,
                            std::vector<diagnostic>& diagnostics, std::vector<unreadable_line>* skipped) {
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
    if (skipped) *skipped = std::move(builder.skipped());
    append_in_text_order(diagnostics, syntax, semantic, mode);
    return parsed && !builder.failed();
}

bool parse_kif(const source_text& text, read_mode mode, std::vector<jkf>& records, std::vector<diagnostic>& diagnostics) {
    return parse_kif_with_skipped(text, mode, records, diagnostics, nullptr);
}

bool trace_kif(const source_text& text, std::string& out) { return kifu::detail::trace<g::file, g::traits>(text, out, "kif"); }

}  // namespace kifu::shogi::detail
