// What KIF and KI2 share (../shared/formats/shogi.md §2.2–§2.9, §3.1): the look-up of words
// (in the tables of vocabulary.hpp and presets.hpp), the header section with its BOD board,
// what summaries say and the attachment of variations.

#include "shogi/kakinoki.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <kifu/text.hpp>

#include "core/utf8.hpp"
#include "shogi/presets.hpp"
#include "shogi/vocabulary.hpp"

namespace kifu::inline v1::shogi::detail {
namespace {

constexpr std::string_view ideographic_space = "\u3000";

// Drops every ASCII blank and U+3000 (json-kifu-format strips all whitespace of a 手合割).
std::string without_blanks(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
            ++i;
        } else if (s.substr(i).starts_with(ideographic_space)) {
            i += ideographic_space.size();
        } else {
            out += s[i++];
        }
    }
    return out;
}

std::optional<color> side_of_word(std::string_view w) noexcept {
    if (w == "先手" || w == "下手") return color::black;
    if (w == "後手" || w == "上手") return color::white;
    return std::nullopt;
}

}  // namespace

std::string_view trim_blanks(std::string_view s) noexcept {
    for (;;) {
        if (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
            s.remove_prefix(1);
        } else if (s.starts_with(ideographic_space)) {
            s.remove_prefix(ideographic_space.size());
        } else {
            break;
        }
    }
    for (;;) {
        if (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
            s.remove_suffix(1);
        } else if (s.size() >= ideographic_space.size() && s.substr(s.size() - ideographic_space.size()) == ideographic_space) {
            s.remove_suffix(ideographic_space.size());
        } else {
            break;
        }
    }
    return s;
}

std::string_view preset_of_handicap(std::string_view name) noexcept {
    // The tables hold short UTF-8 words, so a small buffer is enough; longer names are unknown.
    std::string stripped;
    try {
        stripped = without_blanks(name);
    } catch (...) {
        return {};
    }
    for (const preset_info& p : presets) {
        if (p.handicap_name == stripped) return p.name;
    }
    if (stripped == "その他") return "OTHER";
    return {};
}

std::string_view special_of_word(std::string_view word) noexcept {
    for (const terminal_word_entry& t : terminal_words) {
        if (t.word == word) return t.special;
    }
    return {};
}

int kanji_count_of(std::string_view text) noexcept {
    constexpr std::string_view ten = "十";
    if (text == ten) return 10;
    int base = 0;
    if (text.starts_with(ten)) {
        base = 10;
        text.remove_prefix(ten.size());
    }
    if (text.size() != 3) return 0;
    const int digit = kanji_digit_of(kakinoki_vocabulary::word_of(text));
    return digit != 0 && base + digit <= 18 ? base + digit : 0;
}

std::optional<summary_line> take_summary(summary_parts& parts) {
    const summary_parts p = std::exchange(parts, summary_parts{});
    if (!p.heard) return std::nullopt;
    summary_line out;
    out.moves = p.moves;
    if (!p.word.empty()) {
        out.special = std::string(special_of_word(p.word));
    } else if (!p.outcome.empty()) {
        // `{先手|後手|下手|上手}の{勝ち|反則勝ち|反則負け|入玉勝ち|切れ負け}`
        const color side = p.side == "先手" || p.side == "下手" ? color::black : color::white;
        if (p.outcome == "勝ち") {
            out.special = p.timed_out ? "TIME_UP" : "TORYO";
        } else if (p.outcome == "反則勝ち") {
            // The named side won by the other's foul: the sign names the offender (§5.7.9).
            out.special = side == color::black ? "-ILLEGAL_ACTION" : "+ILLEGAL_ACTION";
        } else if (p.outcome == "反則負け") {
            out.special = "ILLEGAL_MOVE";
        } else if (p.outcome == "入玉勝ち") {
            out.special = "KACHI";
        } else {  // 切れ負け
            out.special = "TIME_UP";
        }
    }
    return out;  // `まで64手`: no result stated
}

namespace {

// The encoding the first line names, as written (Shift_JIS spelled "CP932"); "" when none.
std::string written_declaration(std::string_view bytes) {
    if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
    const std::string_view line = bytes.substr(0, bytes.find_first_of("\r\n"));
    if (!line.starts_with("#KIF") && !line.starts_with("#KI2")) return {};
    const std::size_t at = line.find("encoding=");
    if (at == std::string_view::npos) return {};
    std::string_view rest = line.substr(at + 9);
    std::size_t n = 0;
    while (n < rest.size() && rest[n] != ' ' && rest[n] != '\t') ++n;
    std::string name(rest.substr(0, n));
    for (char& c : name) c = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    if (name == "SHIFT_JIS" || name == "SHIFT-JIS" || name == "SJIS" || name == "CP932" || name == "WINDOWS-31J") {
        return "CP932";
    }
    if (name == "UTF8") return "UTF-8";
    return name;
}

}  // namespace

// The declaration unless the bytes contradict it: Kifu for Windows has written
// `encoding=UTF-8` on Shift_JIS files (json-kifu-format's no_henka.kif), and text that is
// valid UTF-8 with non-ASCII bytes is UTF-8 whatever it says.
std::string declared_kakinoki_encoding(std::string_view bytes) {
    std::string declared = written_declaration(bytes);
    if (declared.empty()) return declared;
    // The window may end inside a character: judge up to its last line break.
    const std::size_t last = bytes.find_last_of('\n');
    const std::string_view whole = last == std::string_view::npos ? bytes : bytes.substr(0, last + 1);
    if (kifu::detail::is_ascii(whole)) return declared;
    return kifu::is_valid_utf8(whole) ? "UTF-8" : (declared == "UTF-8" ? std::string() : declared);
}

// --- kakinoki_header -------------------------------------------------------------------------

kakinoki_header::kakinoki_header(const source_text& text, read_mode mode, std::string_view code_prefix)
    : text_(text), mode_(mode), prefix_(code_prefix) {}

void kakinoki_header::report(severity s, std::string code_suffix, std::string message, std::size_t offset) {
    pending_.push_back(text_.make_diagnostic(s, prefix_ + "." + code_suffix, std::move(message), offset));
    if (s == severity::error) failed_ = true;
}

void kakinoki_header::header_line(std::string_view key, std::string_view value, std::size_t offset) {
    if (key == "手番") {
        if (const auto c = side_of_word(trim_blanks(value))) {
            turn_line(*c, offset);
            return;
        }
    }
    if (key == "手合割") handicap_offset_ = offset;
    // Values are kept verbatim (with their U+3000 padding), as json-kifu-format keeps them; a
    // line break's stray `\r` (files with `\r\r\n`) is not part of the value.
    while (!value.empty() && value.back() == '\r') value.remove_suffix(1);
    for (auto& [k, v] : header_) {
        if (k == key) {
            v = std::string(value);
            return;
        }
    }
    header_.emplace_back(std::string(key), std::string(value));
}

void kakinoki_header::turn_line(color side, std::size_t /*offset*/) {
    state_.color = side;
    turn_seen_ = true;
}

// --- hands lines: the grammar's hands_line and its parts ---

void kakinoki_header::hands_start(color side, std::size_t offset) {
    if (!hands_seen_) hands_offset_ = offset;
    hands_seen_ = true;
    line_offset_ = offset;
    line_ignored_ = false;
    hand_side_ = side;
    state_.hands[static_cast<std::size_t>(side)] = {};
    pending_kind_.reset();
    pending_count_ = {};
}

bool kakinoki_header::flush_hand_item() {
    if (!pending_kind_) return true;
    int n = 1;
    if (!pending_count_.empty()) {
        n = kanji_count_of(pending_count_);
        if (n == 0) {
            report(severity::error, "bad-board", "cannot read the count '" + std::string(pending_count_) + "' in a hands line",
                   line_offset_);
            line_ignored_ = true;
            return false;
        }
    }
    state_.hands[static_cast<std::size_t>(hand_side_)][static_cast<std::size_t>(*pending_kind_)] += n;
    pending_kind_.reset();
    pending_count_ = {};
    return true;
}

void kakinoki_header::hand_piece(std::string_view written) {
    if (line_ignored_ || !flush_hand_item()) return;
    const piece_kind kind = *piece_of_kanji(written);  // the grammar's board_piece
    if (static_cast<int>(kind) >= hand_kind_count) {
        report(severity::error, "bad-board", "a hand holds only 歩 香 桂 銀 金 角 飛, not " + std::string(written), line_offset_);
        line_ignored_ = true;
        return;
    }
    pending_kind_ = kind;
}

void kakinoki_header::hand_count(std::string_view count) {
    if (!line_ignored_) pending_count_ = count;
}

void kakinoki_header::hand_gap() {
    if (!line_ignored_) flush_hand_item();
}

void kakinoki_header::hands_end() {
    if (!line_ignored_) flush_hand_item();
    line_ignored_ = true;
}

// --- board rows: the grammar's board_row and its parts ---

void kakinoki_header::row_start(std::size_t offset) {
    line_offset_ = offset;
    line_ignored_ = false;
    cells_ = 0;
    cell_color_ = color::black;
    if (rows_ == 0) first_row_offset_ = offset;
    if (rows_ >= 9) {
        report(severity::error, "bad-board", "a board diagram has at most nine rows", offset);
        line_ignored_ = true;
    }
}

void kakinoki_header::cell_piece(std::string_view written) noexcept {
    add_cell(piece{cell_color_, *piece_of_kanji(written)});  // the grammar's board_piece
}

void kakinoki_header::empty_cell() noexcept { add_cell(std::nullopt); }

void kakinoki_header::add_cell(std::optional<piece> cell) noexcept {
    cell_color_ = color::black;
    // (The grammar reads at most nine cells: the rest of the line is extra_cells.)
    if (line_ignored_ || cells_ == 9) return;
    row_cells_[static_cast<std::size_t>(cells_++)] = cell;
}

void kakinoki_header::extra_cells(std::size_t offset) {
    if (line_ignored_) return;
    report(severity::error, "bad-board", "a board row has more than nine cells", offset);
    line_ignored_ = true;
}

void kakinoki_header::row_end() {
    if (line_ignored_) return;
    line_ignored_ = true;
    if (cells_ == 0) {
        report(severity::error, "bad-board", "a board row has no cells", line_offset_);
        return;
    }
    if (rows_ > 0 && cells_ != width_) {
        report(severity::error, "bad-board", "board rows differ in width", line_offset_);
        return;
    }
    width_ = cells_;
    const auto y = static_cast<std::size_t>(rows_);
    for (int k = 0; k < cells_; ++k) {
        // Cell k of a row of n cells is file n - k: partial diagrams are the right-hand files.
        state_.board[static_cast<std::size_t>(cells_ - k - 1)][y] = row_cells_[static_cast<std::size_t>(k)];
    }
    ++rows_;
}

void kakinoki_header::take_diagnostics(std::vector<diagnostic>& out) {
    for (diagnostic& d : pending_) out.push_back(std::move(d));
    pending_.clear();
}

bool kakinoki_header::finish(jkf& record, std::vector<diagnostic>& diagnostics) {
    for (auto& [k, v] : header_) record.set_header(k, v);
    const std::string* handicap = record.find_header("手合割");
    if (rows_ > 0) {
        if (width_ == 9 && rows_ < 9) {
            report(severity::error, "incomplete-board",
                   "the board diagram has " + std::to_string(rows_) + " rows instead of nine", first_row_offset_);
        }
        record.initial = initial_format{"OTHER", state_};
    } else if (handicap) {
        const std::string_view preset = preset_of_handicap(*handicap);
        if (preset.empty()) {
            report(severity::warning, "unknown-handicap",
                   "unknown 手合割 '" + std::string(trim_blanks(*handicap)) + "' and no board diagram; starting from 平手", handicap_offset_);
        } else if (preset == "OTHER") {
            report(severity::warning, "missing-board", "手合割 その他 needs a board diagram; starting from 平手", handicap_offset_);
        } else {
            record.initial = initial_format{std::string(preset), std::nullopt};
        }
    }
    if (rows_ == 0 && (hands_seen_ || turn_seen_)) {
        bool empty = true;
        for (const auto& h : state_.hands) {
            for (int n : h) empty = empty && n == 0;
        }
        if (!empty) {
            report(severity::error, "missing-board", "pieces in hand are given but no board diagram", hands_offset_);
        }
    }
    take_diagnostics(diagnostics);
    (void)mode_;
    return !failed_;
}

// --- fork_builder ----------------------------------------------------------------------------

fork_builder::fork_builder(std::vector<move_format>& main_line) { stack_.push_back({0, &main_line}); }

std::vector<move_format>* fork_builder::begin_variation(int ply, std::size_t offset, const source_text& text,
                                                        std::string_view code_prefix, read_mode /*mode*/,
                                                        std::vector<diagnostic>& diagnostics) {
    // Close the lines that start at or after ply N: the block is an alternative in an
    // enclosing line (Kifu for Windows lists branch points depth first, last ply first).
    std::size_t depth = stack_.size();
    while (depth > 1 && stack_[depth - 1].start >= ply) --depth;
    const open_line& parent = stack_[depth - 1];
    const long index = static_cast<long>(ply) - parent.start;
    // One past the end of a line that has no result: the block continues that line (激指 writes
    // its main line's continuation so; tsshogi reads it so, json-kifu-format crashes).
    if (index == static_cast<long>(parent.moves->size()) && index > 0 && parent.moves->back().special.empty() &&
        ply >= 1) {
        stack_.resize(depth);
        return parent.moves;
    }
    if (ply < 1 || index < 0 || index >= static_cast<long>(parent.moves->size()) ||
        (parent.start == 0 && index == 0)) {
        diagnostics.push_back(text.make_diagnostic(
            severity::error, std::string(code_prefix) + ".bad-variation",
            "変化：" + std::to_string(ply) + "手 does not attach: the line it branches from has " +
                std::to_string(parent.start + static_cast<long>(parent.moves->size()) - 1) +
                " plies",
            offset));
        return nullptr;
    }
    stack_.resize(depth);
    auto& forks = (*parent.moves)[static_cast<std::size_t>(index)].forks;
    std::vector<move_format>& line = forks.emplace_back();
    stack_.push_back({ply, &line, &forks});
    return &line;
}

bool fork_builder::drop_empty_variation() {
    const open_line& top = stack_.back();
    if (stack_.size() < 2 || !top.moves->empty() || top.owner->empty() || &top.owner->back() != top.moves) return false;
    top.owner->pop_back();
    stack_.pop_back();
    return true;
}

void append_in_text_order(std::vector<diagnostic>& diagnostics, std::vector<diagnostic>& syntax,
                          std::vector<diagnostic>& semantic, read_mode mode) {
    const std::size_t first = diagnostics.size();
    diagnostics.insert(diagnostics.end(), std::make_move_iterator(syntax.begin()), std::make_move_iterator(syntax.end()));
    diagnostics.insert(diagnostics.end(), std::make_move_iterator(semantic.begin()), std::make_move_iterator(semantic.end()));
    std::stable_sort(diagnostics.begin() + static_cast<std::ptrdiff_t>(first), diagnostics.end(),
                     [](const diagnostic& a, const diagnostic& b) {
                         return a.line != b.line ? a.line < b.line : a.column < b.column;
                     });
    if (mode == read_mode::strict) {
        // The grammar reads on after the builder stopped and the header's findings come at the
        // end of the header, so in text order anything after the first error is an echo of a
        // read that already ended.
        const auto error = std::find_if(diagnostics.begin() + static_cast<std::ptrdiff_t>(first), diagnostics.end(),
                                        [](const diagnostic& d) { return d.severity == severity::error; });
        if (error != diagnostics.end()) diagnostics.erase(error + 1, diagnostics.end());
    }
}

}  // namespace kifu::shogi::detail
