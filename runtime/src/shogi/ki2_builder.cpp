// Turns grammars/ki2.peg's events into the raw record: a partial JKF shaped as json-kifu-format's
// KI2 parser shapes it (../shared/formats/shogi.md §3.2): each move has its piece, `to` or
// `same`, `promote` only when 成/不成 is written, `relative` as written (打 = "H"), and no
// `from` unless an old-style `(77)` gives it; the normalizer solves the origin (§3.4). The mark
// (▲/△) becomes the move's colour, which the normalizer checks against the side to move.
//
// Header lines, the BOD board, summaries and variation attachment are the Kakinoki code that KIF
// shares (shogi/kakinoki.hpp): this builder only hands it the events and the matched text.

#include "shogi/ki2_builder.hpp"

#include <algorithm>
#include <charconv>
#include <climits>
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
#include "core/utf8.hpp"
#include "generated/ki2.hpp"
#include "shogi/kakinoki.hpp"
#include "shogi/move_maker.hpp"

static_assert(kifu::grammar::ki2::abi_version == 2, "generated/ki2.hpp is from another kifu-pegc");

namespace kifu::inline v1::shogi::detail {
namespace {

namespace g = kifu::grammar::ki2;

// At least the number of move tokens in `rest`, and seldom many more: every token starts with
// a mark (▲ △ ▼ ▽ ☗ ☖), whose UTF-8 starts with the byte E2, and few other characters of a
// record do. The moves are reserved from it: the bytes left (a token takes at least 10) would
// reserve about 2.5 times a game's moves, which give_back_reserve would then copy.
std::size_t marks_at_most(std::string_view rest) noexcept {
    return kifu::detail::count_byte(rest, '\xE2');
}

// ▲ ▼ ☗ are Black's marks, △ ▽ ☖ White's (the grammar's side: `mark` starts with one). Their
// UTF-8 is E2 96 B2, E2 96 BC, E2 98 97 and E2 96 B3, E2 96 BD, E2 98 96: the last byte's low bit
// tells the colour, flipped for the pair after 98 (whose bit 1 is clear where 96's is set), so
// two bytes and four operations answer on every move instead of three compares of the word.
constexpr color color_of_mark(std::string_view mark) noexcept {
    const auto second = static_cast<unsigned char>(mark[1]);
    const auto third = static_cast<unsigned char>(mark[2]);
    return static_cast<color>(((third ^ (second >> 1)) & 1u) ^ 1u);
}
static_assert(color_of_mark("▲") == color::black && color_of_mark("▼") == color::black && color_of_mark("☗") == color::black);
static_assert(color_of_mark("△") == color::white && color_of_mark("▽") == color::white && color_of_mark("☖") == color::white);

// The parts of one move token, as its events give them.
struct ki2_token {
    std::string_view word;  // a terminal word written as a move (`△投了`); the rest is unset then
    std::size_t word_offset = 0;
    std::optional<square> to;  // unset for `同`
    bool same = false;         // `同`, alone or after a square (`７六同`)
    std::size_t same_at = 0;   // where a `同` after the square would start
    std::optional<piece_kind> piece;
    std::optional<bool> promote;  // 成 → true; 不成, 生 → false
    bool drop = false;            // 打
    std::optional<square> from;   // an old-style `(77)`
    struct {
        char letters[2] = {};  // L C R then U M D, in the order written (at most one each)
        std::uint8_t count = 0;
        void push_back(char c) noexcept {
            if (count < sizeof letters) letters[count++] = c;
        }
        bool empty() const noexcept { return count == 0; }
        const char* data() const noexcept { return letters; }
        std::size_t size() const noexcept { return count; }
    } relative;
};

class ki2_builder {
public:
    ki2_builder(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics)
        : text_(text), lines_(text), mode_(mode), diagnostics_(diagnostics), header_(text, mode, "ki2") {}

    // Inlined into each event's call site, where `e` is a constant: a move's three to five
    // events are a few stores each, which a call and a jump through the switch cost more than.
    [[gnu::always_inline]] void on(g::event e, std::string_view matched, std::size_t offset) {
        // A move token's parts come before the token (events are post-order): they fill
        // token_, which the token's own event makes into a move. Also after a stop: the
        // grammar checks the syntax, the builder the rest.
        switch (e) {
            case g::event::square: return on_square(matched, offset);
            case g::event::same: return on_same(offset);
            case g::event::piece: token_.piece = piece_of_kanji(matched); return;
            case g::event::relative: return on_relative(matched);
            case g::event::promotion: token_.promote = matched.size() == 3 && matched != "生"; return;
            case g::event::drop: token_.drop = true; return;
            case g::event::source:
                token_.from = square{static_cast<std::int8_t>(matched[1] - '0'), static_cast<std::int8_t>(matched[2] - '0')};
                return;
            case g::event::terminal_word:
                token_ = ki2_token{};
                token_.word = matched;
                token_.word_offset = offset;
                return;
            case g::event::move_token: return on_move_token(matched, offset);
            default: break;
        }
        if (stopped_) {
            return;
        }
        switch (e) {
            case g::event::comment: on_comment(std::string(matched.substr(1))); break;
            case g::event::bookmark: on_comment(std::string(matched)); break;
            case g::event::variation_number: variation_number_ = matched; break;
            case g::event::variation: on_variation(offset); break;
            case g::event::summary: on_summary(matched, offset); break;
            case g::event::header_key: header_key_ = trim_blanks(matched); break;
            case g::event::header_value: header_value_ = matched; break;
            case g::event::row_open: on_row_open(offset); break;
            case g::event::black_hands: on_hands(color::black, offset); break;
            case g::event::white_hands: on_hands(color::white, offset); break;
            case g::event::black_turn: turn_side_ = color::black; break;
            case g::event::white_turn: turn_side_ = color::white; break;
            case g::event::turn_line: on_turn_line(matched, offset); break;
            case g::event::header_line: on_header_line(offset); break;
            default:
                if (!summary_event(summary_, e, matched)) on_board_part(e, matched, offset);
                break;
        }
    }

    /// Ends the input. `parsed` is the grammar's verdict: in strict mode a record cut short by
    /// an error is no record.
    bool finish(bool parsed, jkf& record) {
        if (!stopped_) {
            ensure_moves(text_.text().size());
            close_variation();
        }
        // Also after a stop: the header's findings are reported here.
        if (!header_.finish(record_, diagnostics_)) {
            failed_ = true;
        }
        if (failed_ && mode_ == read_mode::strict) {
            return false;
        }
        if (!parsed && mode_ == read_mode::strict) {
            return false;
        }
        give_back_reserve(record_.moves);
        record = std::move(record_);
        return true;
    }

    bool failed() const noexcept { return failed_ || header_.failed(); }

private:
    void report(severity level, std::string code, std::string message, std::size_t offset, int ply = -1) {
        diagnostics_.push_back(text_.make_diagnostic(level, std::move(code), std::move(message), offset, ply));
        if (level == severity::error) {
            failed_ = true;
            stopped_ = mode_ == read_mode::strict;
        }
    }

    // The moves section starts at the first move, summary or variation: moves[0] takes the
    // comments written before it, and the variation stack starts with the main line.
    void ensure_moves(std::size_t offset) {
        if (forks_) {
            return;
        }
        std::vector<move_format>& moves = record_.moves;
        reserve_moves(moves, marks_at_most(text_.text().substr(offset)) + 2);
        move_format& start = moves.emplace_back();
        start.comments = std::move(start_comments_);
        start.line = lines_.line_of(offset);
        forks_.emplace(moves);
    }

    // A new element of the current line; comments written between `変化：N手` and the first
    // move of the variation go onto that first element.
    move_format& append(std::size_t offset) {
        // Several moves share a line: the column tells which one a diagnostic is about.
        const text_position p = lines_.at(offset);
        move_format& element = forks_->current().emplace_back();
        element.line = p.line;
        element.column = p.column;
        take_waiting_comments(element);
        return element;
    }

    void take_waiting_comments(move_format& element) {
        if (!waiting_comments_.empty()) {
            element.comments = std::move(waiting_comments_);
            waiting_comments_.clear();
        }
    }

    // `７六`: file and rank, each one character (an ASCII digit, a full-width one or a kanji). A
    // token's first part: the token starts afresh.
    void on_square(std::string_view matched, std::size_t offset) {
        const std::size_t file_size = static_cast<unsigned char>(matched[0]) < 0x80 ? 1 : 3;
        token_ = ki2_token{};
        token_.same_at = offset + matched.size();
        token_.to = square{static_cast<std::int8_t>(matched_digit_of(matched.substr(0, file_size))),
                           static_cast<std::int8_t>(matched_digit_of(matched.substr(file_size)))};
    }

    // `同`: the token's first part unless it follows the square (`７六同`).
    void on_same(std::size_t offset) {
        if (offset != token_.same_at) token_ = ki2_token{};
        token_.same = true;
    }

    // 左 直 右 then 上 寄 引 行 (行 = 上), each one character: JKF's letters in the order written.
    void on_relative(std::string_view matched) {
        for (std::size_t i = 0; i < matched.size(); i += 3) {
            switch (code_point_of(matched.substr(i, 3))) {
                case U'左': token_.relative.push_back('L'); break;
                case U'直': token_.relative.push_back('C'); break;
                case U'右': token_.relative.push_back('R'); break;
                case U'寄': token_.relative.push_back('M'); break;
                case U'引': token_.relative.push_back('D'); break;
                default: token_.relative.push_back('U'); break;  // 上 行
            }
        }
    }

    // The token's own event, after its parts; its match starts with the mark.
    void on_move_token(std::string_view matched, std::size_t offset) {
        const ki2_token& t = token_;
        if (stopped_) {
            return;
        }
        if (!t.word.empty()) {
            return on_terminal_word(t.word, t.word_offset);
        }
        if (t.drop && (!t.relative.empty() || t.from)) {
            kifu::detail::peg_raise("a drop (打) has no origin: it takes neither 左/直/右/上/寄/引 nor (xy)", offset);
        }
        ensure_moves(offset);
        if (skipping_) {
            return;
        }
        const text_position at = lines_.at(offset);
        move_format& element = emplace_move(forks_->current(), [&](move_format& e) {
            move_data& m = e.move.emplace();
            m.color = color_of_mark(matched);
            m.to = t.to;
            if (t.same) {
                m.same = true;
            }
            m.piece = t.piece;
            m.promote = t.promote;
            if (t.drop) {
                m.relative = "H";
            } else if (!t.relative.empty()) {
                m.relative.assign(t.relative.data(), t.relative.size());
            }
            m.from = t.from;
            e.line = at.line;
            e.column = at.column;
        });
        take_waiting_comments(element);
    }

    // ShogiDB2 writes the end of the game as a move: `△投了`.
    void on_terminal_word(std::string_view word, std::size_t offset) {
        const std::string_view special = special_of_word(word);
        if (special.empty()) {
            kifu::detail::peg_raise(
                "expected a move such as ７六歩 or a terminal word such as 投了, not '" + std::string(word) + "'", offset);
        }
        ensure_moves(offset);
        if (skipping_) {
            return;
        }
        append(offset).special.assign(special);
    }

    void on_comment(std::string body) {
        if (!forks_) {
            start_comments_.push_back(std::move(body));
        } else if (skipping_) {
            return;
        } else if (forks_->current().empty()) {
            // Between `変化：N手` and the block's first move: kept for that move, as KIF does.
            waiting_comments_.push_back(std::move(body));
        } else {
            forks_->current().back().comments.push_back(std::move(body));
        }
    }

    // A block with no move (nor summary) is taken back from the forks it was added to, with
    // the comments written after its 変化 line.
    void close_variation() {
        if (skipping_ || forks_->current_start() == 0 || !forks_->current().empty()) {
            return;
        }
        report(severity::warning, "ki2.empty-variation",
               "変化：" + std::to_string(forks_->current_start()) + "手 has no moves" +
                   (waiting_comments_.empty() ? "" : "; its comments are dropped"),
               variation_offset_);
        forks_->drop_empty_variation();
        waiting_comments_.clear();
    }

    [[gnu::noinline]] void on_variation(std::size_t offset) {
        ensure_moves(offset);
        close_variation();
        variation_offset_ = offset;
        int ply = INT_MAX;
        const std::string_view digits = variation_number_;
        const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), ply);
        if (ec != std::errc{} || ptr != digits.data() + digits.size()) {
            ply = INT_MAX;  // too large: the stack has no such ply and says so
        }
        std::vector<diagnostic> found;
        // Lenient: the moves of a block that does not attach are skipped up to the next one.
        skipping_ = forks_->begin_variation(ply, offset, text_, "ki2", mode_, found) == nullptr;
        for (diagnostic& d : found) {
            report(d.severity, d.code, d.message, offset);
        }
    }

    // `まで64手で後手の勝ち`: the result, kept as the line's terminal special unless the line
    // already ends with one (ShogiDB2's `△投了` before it).
    [[gnu::noinline]] void on_summary(std::string_view matched, std::size_t offset) {
        const std::optional<summary_line> summary = take_summary(summary_);
        ensure_moves(offset);
        if (skipping_) {
            return;
        }
        if (!summary) {
            const std::string_view text = trim_blanks(matched);
            report(severity::warning, "ki2.unknown-summary",
                   "cannot read the summary '" + std::string(text) + "'; kept as a comment", offset);
            return on_comment(std::string(text));
        }
        std::vector<move_format>& line = forks_->current();
        const int start = forks_->current_start();
        int plies = start == 0 ? 0 : start - 1;
        for (const move_format& element : line) {
            plies += element.move ? 1 : 0;
        }
        if (summary->moves != plies) {
            report(severity::warning, "ki2.summary-mismatch",
                   "the summary counts " + std::to_string(summary->moves) + " moves but the line has " +
                       std::to_string(plies),
                   offset);
        }
        if (!summary->special.empty() && (line.empty() || line.back().special.empty())) {
            append(offset).special = summary->special;
        }
    }

    bool before_moves(std::string_view what, std::size_t offset) {
        if (!forks_) {
            return true;
        }
        report(severity::error, "ki2.misplaced", std::string(what) + " after the first move", offset);
        return false;
    }

    // The parts of a board row or hands line. (This and the other handlers of lines that are not
    // moves are out of line, so that on() stays small enough to be inlined where the move
    // tokens' events are sent.)
    [[gnu::noinline]] void on_board_part(g::event e, std::string_view matched, std::size_t offset) {
        if (board_event(header_, e, matched, offset)) stop_if_header_failed();
    }

    [[gnu::noinline]] void on_row_open(std::size_t offset) {
        if (before_moves("a board diagram row", offset)) {
            header_.row_start(offset);
            stop_if_header_failed();
        } else {
            header_.ignore_line();
        }
    }

    [[gnu::noinline]] void on_hands(color side, std::size_t offset) {
        if (before_moves("a hands line", offset)) {
            header_.hands_start(side, offset);
        } else {
            header_.ignore_line();
        }
    }

    void stop_if_header_failed() {
        if (header_.failed()) {
            failed_ = true;
            stopped_ = mode_ == read_mode::strict;
        }
    }

    [[gnu::noinline]] void on_turn_line(std::string_view matched, std::size_t offset) {
        if (before_moves("a side-to-move line (" + std::string(matched) + ")", offset)) {
            header_.turn_line(turn_side_, offset);
        }
    }

    // `key：value` or `key:value` (the key and the value were heard of just before). Header lines
    // after the moves (some writers append 消費時間 or 終了日時) are kept like any other.
    [[gnu::noinline]] void on_header_line(std::size_t offset) {
        if (header_key_.ends_with("の持駒") && !before_moves("a hands line", offset)) {
            return;
        }
        header_.header_line(header_key_, header_value_, offset);
        stop_if_header_failed();
    }

    const source_text& text_;
    kifu::detail::line_walker lines_;  // elements come in text order, several on a line
    read_mode mode_;
    std::vector<diagnostic>& diagnostics_;
    kakinoki_header header_;
    jkf record_;
    std::optional<fork_builder> forks_;  // set when the moves section starts
    std::vector<std::string> start_comments_;
    std::vector<std::string> waiting_comments_;
    std::size_t variation_offset_ = 0;
    std::string_view variation_number_;  // the parts of the line being read, heard before it
    std::string_view header_key_;
    std::string_view header_value_;
    summary_parts summary_;
    ki2_token token_;        // the parts of the move token being read
    color turn_side_ = color::black;  // the side of the side-to-move line being read
    bool skipping_ = false;  // lenient: inside a variation that could not be attached
    bool failed_ = false;
    bool stopped_ = false;
};

}  // namespace

bool parse_ki2(const source_text& text, read_mode mode, std::vector<jkf>& records, std::vector<diagnostic>& diagnostics) {
    // The builder's findings are kept apart from the grammar glue's, then both are put in text
    // order (the header's come at its end).
    std::vector<diagnostic> syntax;
    std::vector<diagnostic> semantic;
    ki2_builder builder(text, mode, semantic);
    const bool parsed = kifu::detail::parse<g::file, g::traits>(text, mode, "ki2", builder, syntax);
    jkf record;
    if (builder.finish(parsed, record)) {
        records.push_back(std::move(record));
    }
    append_in_text_order(diagnostics, syntax, semantic, mode);
    return parsed && !builder.failed();
}

bool trace_ki2(const source_text& text, std::string& out) { return kifu::detail::trace<g::file, g::traits>(text, out, "ki2"); }

}  // namespace kifu::shogi::detail
