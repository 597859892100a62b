// Turns grammars/csa.peg's events into raw records: a partial JKF per game, shaped as
// json-kifu-format's CSA parser shapes it (../shared/formats/shogi.md §4.7), plus the move's
// sign as its colour so that the normalizer can check it. The grammar has checked each
// line's shape; the builder checks what a line-by-line grammar cannot: the order of the
// sections, squares, piece codes, PI removals and piece counts.

#include "shogi/csa_builder.hpp"
#include "shogi/move_maker.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <utility>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/line_walker.hpp"
#include "core/peg_support.hpp"
#include "core/source_text_access.hpp"
#include "generated/csa.hpp"
#include "shogi/presets.hpp"

static_assert(kifu::grammar::csa::abi_version == 2, "generated/csa.hpp is from another kifu-pegc");

namespace kifu::inline v1::shogi::detail {
namespace {

namespace g = kifu::grammar::csa;

// How many of each hand kind a set has (FU KY KE GI KI KA HI); kings are two.
constexpr std::array<int, hand_kind_count> piece_totals{18, 4, 4, 4, 4, 2, 2};

std::string header_key_of(std::string_view key) {
    if (key == "EVENT") return "棋戦";
    if (key == "SITE") return "場所";
    if (key == "START_TIME") return "開始日時";
    if (key == "END_TIME") return "終了日時";
    if (key == "TIME_LIMIT") return "持ち時間";
    return std::string(key);
}

color color_of(char sign) noexcept { return sign == '+' ? color::black : color::white; }

int digit(char c) noexcept { return c - '0'; }

class csa_builder {
public:
    csa_builder(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics)
        : text_(text), positions_(text), mode_(mode), diagnostics_(diagnostics) {}

    // Inlined into each event's call site, where `e` is a constant: a call through one shared
    // switch cost a function entry and exit per event.
    [[gnu::always_inline]] void on(g::event e, std::string_view matched, std::size_t offset) {
        if (stopped_) {
            return;
        }
        // The parts of a row and of a time: kept until the whole is heard of (a row or time cut
        // short by an error counts for nothing), and not walked over (the whole is).
        switch (e) {
            case g::event::row_number: on_row_number(matched[0]); return;
            case g::event::empty_cell: on_cell(std::string_view(), offset); return;
            case g::event::cell_piece: on_cell(matched, offset); return;
            case g::event::seconds: on_seconds(matched); return;
            case g::event::decimals: on_decimals(matched); return;
            default: break;
        }
        if (e == g::event::separator) {
            const std::uint32_t line = positions_.at(offset).line;
            end_game(offset, line);
            region_first_line_ = line + 1;
            game_ = game{};
            return;
        }
        game_.started = true;
        switch (e) {
            case g::event::version: on_version(matched, offset); break;
            case g::event::player: on_player(matched); break;
            case g::event::header: on_header(matched); break;
            case g::event::board_row: on_board_row(offset); break;
            case g::event::pi_line: on_pi_line(matched, offset); break;
            case g::event::hand_line: on_hand_line(matched, offset); break;
            case g::event::side: on_side(matched, offset); break;
            case g::event::move: on_move(matched, offset); break;
            case g::event::move_time: on_time(matched, offset); break;
            case g::event::special: on_special(matched, offset); break;
            case g::event::comment: on_comment(matched); break;
            default: break;
        }
    }

    /// Ends the input. `parsed` is the grammar's verdict: in strict mode a game cut short by a
    /// syntax error is not a game.
    std::vector<jkf> finish(bool parsed, std::size_t end_offset) {
        if (!stopped_ && (parsed || mode_ == read_mode::lenient)) {
            end_game(end_offset, UINT32_MAX);
        }
        return std::move(games_);
    }

    bool failed() const noexcept { return failed_; }

    /// The lines of each game's part of the text (from the line after the `/` before it to
    /// its own `/`), in the order of the games finish() returns.
    const std::vector<std::pair<std::uint32_t, std::uint32_t>>& spans() const noexcept { return spans_; }

private:
    struct game {
        jkf record;
        bool started = false;       // a statement (not a separator) was seen
        bool in_moves = false;      // the side line (or a first move without position) was seen
        bool has_position = false;  // a P line was seen
        bool pi = false;            // a PI line was seen
        bool rows = false;          // a P1..P9 row was seen
        bool all_given = false;     // 00AL was seen: the position is complete
        state_format state;
        std::vector<std::string> pending;  // comments before the side line
    };

    void error(std::string code, std::string message, std::size_t offset, int ply = -1) {
        diagnostics_.push_back(text_.make_diagnostic(severity::error, std::move(code), std::move(message), offset, ply));
        failed_ = true;
        stopped_ = mode_ == read_mode::strict;
    }

    int next_ply() const noexcept { return static_cast<int>(game_.record.moves.size()); }

    // Out of line, as every error path: building messages where events are handled would weigh
    // on every event.
    [[gnu::noinline]] void misplaced(const char* message, std::size_t offset) { error("csa.misplaced", message, offset); }

    // Before the side line, a comment belongs to nothing: json-kifu-format drops it, and so do
    // we, except for the comments right before the first move of a record without a position.
    void forget_comments() {
        if (!game_.in_moves) {
            game_.pending.clear();
        }
    }

    void on_version(std::string_view matched, std::size_t offset) {
        if (game_.in_moves) {
            return misplaced("a version line among the moves (a new game starts after a '/' line)", offset);
        }
        // Versions differ only in what they add, so an unknown one is read as the latest.
        const std::string_view number = matched.substr(1);
        if (number != "2" && number != "2.1" && number != "2.2" && number != "3.0") {
            diagnostics_.push_back(text_.make_diagnostic(
                severity::warning, "csa.unknown-version",
                "unknown CSA version " + std::string(matched) + " (known: V2, V2.1, V2.2, V3.0); read as V3.0", offset));
        }
        forget_comments();
    }

    void on_player(std::string_view matched) {
        forget_comments();
        const std::string_view name = matched.substr(2);
        // json-kifu-format skips empty names.
        if (!name.empty()) {
            game_.record.set_header(matched[1] == '+' ? "先手" : "後手", std::string(name));
        }
    }

    void on_header(std::string_view matched) {
        forget_comments();
        const std::size_t colon = matched.find(':');
        game_.record.set_header(header_key_of(matched.substr(1, colon - 1)), std::string(matched.substr(colon + 1)));
    }

    bool position_allowed(std::size_t offset) {
        if (game_.in_moves) {
            misplaced("a position line after the side to move (+ or -)", offset);
            return false;
        }
        if (game_.all_given) {
            misplaced("a position line after 00AL, which gives all remaining pieces and must come last", offset);
            return false;
        }
        forget_comments();
        game_.has_position = true;
        return true;
    }

    std::optional<piece_kind> kind_at(std::string_view code, std::size_t offset) {
        if (auto kind = csa_piece_kind(code[0], code[1])) {
            return kind;
        }
        error("csa.bad-piece", "unknown piece code '" + std::string(code) + "'", offset);
        return std::nullopt;
    }

    void on_row_number(char number) noexcept {
        row_number_ = digit(number);
        row_cells_ = 0;
    }

    // A cell of the row being read: its piece (a sign and a code) at `offset`, or empty.
    void on_cell(std::string_view piece, std::size_t offset) noexcept {
        if (row_cells_ < row_.size()) row_[row_cells_++] = {piece, offset};
    }

    void on_board_row(std::size_t offset) {
        if (!position_allowed(offset - 1)) {
            return;
        }
        if (game_.pi) {
            return misplaced("P1 to P9 rows cannot be combined with PI", offset - 1);
        }
        game_.rows = true;
        const auto y = static_cast<std::size_t>(row_number_ - 1);
        for (std::size_t column = 0; column < row_cells_; ++column) {
            const row_cell& c = row_[column];
            auto& cell = game_.state.board[8 - column][y];
            if (c.piece.empty()) {
                cell.reset();
                continue;
            }
            const auto kind = kind_at(c.piece.substr(1), c.offset + 1);
            if (stopped_) {
                return;
            }
            if (kind) {
                cell = piece{color_of(c.piece[0]), *kind};
            }
        }
    }

    // One `xyKK` group of a PI or P± line.
    struct group {
        int x = 0;
        int y = 0;
        std::string_view code;
    };

    void on_pi_line(std::string_view matched, std::size_t offset) {
        const bool first = !game_.has_position;
        if (!position_allowed(offset - 1)) {
            return;
        }
        if (!first) {
            return misplaced("PI must be the first position line and cannot be combined with P1 to P9 rows", offset - 1);
        }
        game_.pi = true;
        game_.state = hirate_state();
        for (std::size_t i = 1; i + 4 <= matched.size(); i += 4) {
            const group gr{digit(matched[i]), digit(matched[i + 1]), matched.substr(i + 2, 2)};
            if (gr.x == 0 || gr.y == 0) {
                error("csa.bad-square", "PI removes pieces from squares 11 to 99, not " + std::string(matched.substr(i, 2)),
                      offset + i);
            } else if (const auto kind = kind_at(gr.code, offset + i + 2)) {
                auto& cell = game_.state.board[static_cast<std::size_t>(gr.x - 1)][static_cast<std::size_t>(gr.y - 1)];
                if (!cell || cell->kind != *kind) {
                    error("csa.pi-removal-mismatch",
                          "PI" + std::string(matched.substr(i, 4)) + " removes a piece that is not there in the 平手 position",
                          offset + i);
                } else {
                    cell.reset();
                }
            }
            if (stopped_) {
                return;
            }
        }
    }

    void on_hand_line(std::string_view matched, std::size_t offset) {
        if (!position_allowed(offset - 1)) {
            return;
        }
        const color side = color_of(matched[0]);
        for (std::size_t i = 1; i + 4 <= matched.size(); i += 4) {
            if (game_.all_given) {
                return misplaced("00AL gives all remaining pieces and must come last", offset + i);
            }
            const group gr{digit(matched[i]), digit(matched[i + 1]), matched.substr(i + 2, 2)};
            const bool in_hand = gr.x == 0 && gr.y == 0;
            if (gr.code == "AL") {
                if (!in_hand) {
                    error("csa.bad-square", "AL (all remaining pieces) goes with 00, the hand", offset + i);
                } else {
                    give_all(side, offset + i);
                }
            } else if (!in_hand && (gr.x == 0 || gr.y == 0)) {
                error("csa.bad-square", "expected a square 11 to 99 or 00 (the hand), not " + std::string(matched.substr(i, 2)),
                      offset + i);
            } else if (const auto kind = kind_at(gr.code, offset + i + 2)) {
                if (!in_hand) {
                    game_.state.board[static_cast<std::size_t>(gr.x - 1)][static_cast<std::size_t>(gr.y - 1)] = piece{side, *kind};
                } else if (static_cast<int>(*kind) >= hand_kind_count) {
                    error("csa.bad-piece", "a hand holds only FU KY KE GI KI KA HI, not " + std::string(gr.code), offset + i + 2);
                } else {
                    ++game_.state.hands[static_cast<std::size_t>(side)][static_cast<std::size_t>(*kind)];
                }
            }
            if (stopped_) {
                return;
            }
        }
    }

    // Pieces of each hand kind not on the board and not in `except`'s hand; `kings`, when
    // given, receives the number of kings on the board. The board is counted by kind in one
    // pass, then folded onto the unpromoted kinds.
    std::array<int, hand_kind_count> remaining(std::optional<color> except, int* kings = nullptr) const {
        std::array<int, piece_kind_count> on_board{};
        for (const auto& column : game_.state.board) {
            for (const auto& cell : column) {
                if (cell) {
                    ++on_board[static_cast<std::size_t>(cell->kind)];
                }
            }
        }
        std::array<int, hand_kind_count> left = piece_totals;
        for (int k = 0; k < piece_kind_count; ++k) {
            const auto kind = static_cast<piece_kind>(k);
            if (kind != piece_kind::ou) {
                left[static_cast<std::size_t>(unpromote(kind))] -= on_board[static_cast<std::size_t>(k)];
            }
        }
        if (kings) {
            *kings = on_board[static_cast<std::size_t>(piece_kind::ou)];
        }
        for (int c = 0; c < 2; ++c) {
            if (except && static_cast<int>(*except) == c) {
                continue;
            }
            for (std::size_t k = 0; k < left.size(); ++k) {
                left[k] -= game_.state.hands[static_cast<std::size_t>(c)][k];
            }
        }
        return left;
    }

    void give_all(color side, std::size_t offset) {
        game_.all_given = true;
        const auto left = remaining(side);
        for (std::size_t k = 0; k < left.size(); ++k) {
            if (left[k] < 0) {
                return error("csa.too-many-pieces",
                             "the position has more " + std::string(to_csa(static_cast<piece_kind>(k))) + " than a set holds",
                             offset);
            }
        }
        game_.state.hands[static_cast<std::size_t>(side)] = left;
    }

    bool counts_fit(std::size_t offset) {
        int kings = 0;
        const auto left = remaining(std::nullopt, &kings);
        for (std::size_t k = 0; k < left.size(); ++k) {
            if (left[k] < 0) {
                error("csa.too-many-pieces",
                      "the position has more " + std::string(to_csa(static_cast<piece_kind>(k))) + " than a set holds", offset);
                return false;
            }
        }
        if (kings > 2) {
            error("csa.too-many-pieces", "the position has more than two kings", offset);
            return false;
        }
        return true;
    }

    // Opens the moves section with moves[0]. `side` is given by a side line, which always
    // comes with a position (an empty board when no P line preceded it: every piece starts in
    // the box); without it the record starts from 平手.
    void start_moves(std::optional<color> side, std::size_t offset) {
        if (side) {
            game_.state.color = *side;
            game_.record.initial = initial_format{"OTHER", game_.state};
        }
        // Reserved for the moves the rest of the text holds as most records write them, a move
        // line and its time line (`+7776FU`, `T12`): half the lines left and a few more. (A text
        // of moves without times, or several on a line, grows the vector once or twice.) A
        // larger estimate, such as a move in every 8 bytes, would make end_game give the room
        // back for every game (see give_back_reserve). The lines are counted by the size of the
        // line index, not by line_count(), which reads its last entry: far from where the
        // reading is, that read missed the cache once a game (~1 % of a CSA read).
        std::vector<move_format>& moves = game_.record.moves;
        const text_position at = positions_.at(offset);
        const auto lines = static_cast<std::uint32_t>(kifu::detail::source_text_access::line_starts(text_).size());
        reserve_moves(moves, (lines - std::min(lines, at.line)) / 2 + 16);
        emplace_move(moves, [at](move_format& element) {
            element.line = at.line;
            element.column = at.column;
        });
        game_.in_moves = true;
    }

    void on_side(std::string_view matched, std::size_t offset) {
        if (game_.in_moves) {
            return misplaced("a second side-to-move line (a new game starts after a '/' line)", offset);
        }
        game_.pending.clear();  // between the position and the side line: dropped
        // Lenient: a position with too many pieces is reported and kept; the normalizer's
        // replay will stop where it goes wrong.
        if (!counts_fit(offset) && stopped_) {
            return;
        }
        start_moves(color_of(matched[0]), offset);
    }

    // A move or special before any side line: fine without a position (CSA V1 starts from
    // 平手), an error after one.
    bool ensure_moves(std::size_t offset) {
        if (game_.in_moves) {
            return true;
        }
        if (game_.has_position) {
            error("csa.missing-side", "the position needs a side-to-move line (+ or -) before the first move", offset);
            if (stopped_) {
                return false;
            }
            // Lenient: go on from the position with Black to move.
            start_moves(color::black, offset);
            return true;
        }
        std::vector<std::string> comments = std::move(game_.pending);
        start_moves(std::nullopt, offset);
        game_.record.moves.front().comments = std::move(comments);
        return true;
    }

    void on_move(std::string_view matched, std::size_t offset) {
        if (!game_.in_moves && !ensure_moves(offset)) {
            return;
        }
        const auto fx = static_cast<std::int8_t>(digit(matched[1]));
        const auto fy = static_cast<std::int8_t>(digit(matched[2]));
        const auto tx = static_cast<std::int8_t>(digit(matched[3]));
        const auto ty = static_cast<std::int8_t>(digit(matched[4]));
        const auto kind = csa_piece_kind(matched[5], matched[6]);
        if ((fx == 0) != (fy == 0) || tx == 0 || ty == 0 || !kind) {
            return bad_move(matched, offset);
        }
        // The line and column are where the normalizer's diagnostics about the move will point.
        const text_position at = positions_.at(offset);
        emplace_move(game_.record.moves, [&](move_format& element) {
            move_data& m = element.move.emplace();
            m.color = color_of(matched[0]);
            if (fx != 0) {
                m.from = square{fx, fy};
            }
            m.to = square{tx, ty};
            m.piece = *kind;
            element.line = at.line;
            element.column = at.column;
        });
    }

    // Out of line: the message building would weigh on every move.
    [[gnu::noinline]] void bad_move(std::string_view matched, std::size_t offset) {
        const int fx = digit(matched[1]);
        const int fy = digit(matched[2]);
        if ((fx == 0) != (fy == 0)) {
            return error("csa.bad-square", "expected an origin 11 to 99 or 00 (a drop), not " + std::string(matched.substr(1, 2)),
                         offset + 1, next_ply());
        }
        if (matched[3] == '0' || matched[4] == '0') {
            return error("csa.bad-square", "expected a destination 11 to 99, not " + std::string(matched.substr(3, 2)),
                         offset + 3, next_ply());
        }
        error("csa.bad-piece", "unknown piece code '" + std::string(matched.substr(5, 2)) + "'", offset + 5, next_ply());
    }

    // `12` of `T12` or `T12.345`. More than 2^31 s (68 years) is no time a move took, and would
    // overflow the minutes: it is marked -1 for on_time. The digits are read here rather than
    // by from_chars: most are one or two.
    void on_seconds(std::string_view digits) noexcept {
        std::int64_t seconds = 0;
        for (const char c : digits) {
            seconds = seconds * 10 + digit(c);
            if (seconds > INT32_MAX) {
                seconds = -1;
                break;
            }
        }
        seconds_ = seconds;
        milliseconds_ = -1;
    }

    // `345` of `T12.345`. V3.0 allows three decimals; more are truncated, fewer padded
    // (T6.1 = 6 s 100 ms).
    void on_decimals(std::string_view digits) noexcept {
        int ms = 0;
        for (std::size_t i = 0; i < 3; ++i) ms = ms * 10 + (i < digits.size() ? digit(digits[i]) : 0);
        milliseconds_ = ms;
    }

    void on_time(std::string_view matched, std::size_t offset) {
        std::vector<move_format>& moves = game_.record.moves;
        if (!game_.in_moves || moves.size() < 2) {
            return misplaced("a time line with no move before it", offset);
        }
        if (moves.back().time) {
            return misplaced("a second time line for the same move", offset);
        }
        if (seconds_ < 0) {
            return bad_time(matched, offset);
        }
        // Filled field by field in place: a time_value built aside and copied in is written in
        // small pieces and read back whole, which stalls the store forwarding.
        // (0 <= seconds_ <= INT32_MAX here: unsigned 32-bit division, one multiplication.)
        const auto seconds = static_cast<std::uint32_t>(seconds_);
        const std::uint32_t minutes = seconds / 60;
        time_value& now = moves.back().time.emplace().now;
        now.m = static_cast<int>(minutes);
        now.s = static_cast<int>(seconds - minutes * 60);
        if (milliseconds_ >= 0) {
            now.ms = milliseconds_;
        }
    }

    [[gnu::noinline]] void bad_time(std::string_view matched, std::size_t offset) {
        error("csa.bad-time", "the time " + std::string(matched) + " is too large", offset, next_ply() - 1);
    }

    void on_special(std::string_view matched, std::size_t offset) {
        if (!ensure_moves(offset)) {
            return;
        }
        const text_position at = positions_.at(offset);
        emplace_move(game_.record.moves, [&](move_format& element) {
            element.special.assign(matched.substr(1));
            element.line = at.line;
            element.column = at.column;
        });
    }

    void on_comment(std::string_view matched) {
        std::vector<std::string>& comments = game_.in_moves ? game_.record.moves.back().comments : game_.pending;
        comments.emplace_back(matched.substr(1));
    }

    void end_game(std::size_t offset, std::uint32_t last_line) {
        if (!game_.started) {
            return;
        }
        if (!game_.in_moves) {
            if (game_.has_position) {
                error("csa.missing-side", "the position needs a side-to-move line (+ or -)", offset);
                if (stopped_) {
                    return;
                }
                game_.record.initial = initial_format{"OTHER", game_.state};
            }
            move_format start;
            start.comments = std::move(game_.pending);
            game_.record.moves.push_back(std::move(start));
        }
        give_back_reserve(game_.record.moves);
        games_.push_back(std::move(game_.record));
        spans_.emplace_back(region_first_line_, last_line);
    }

    // A board cell as its events give it: the sign and code of its piece (empty: no piece).
    struct row_cell {
        std::string_view piece;
        std::size_t offset = 0;
    };

    const source_text& text_;
    kifu::detail::line_walker positions_;  // statements come in text order
    read_mode mode_;
    std::vector<diagnostic>& diagnostics_;
    game game_;
    std::vector<jkf> games_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> spans_;  // one per game
    std::uint32_t region_first_line_ = 1;                          // where the game being read started
    bool failed_ = false;
    bool stopped_ = false;
    int row_number_ = 1;             // the row being read: its number and cells
    std::array<row_cell, 9> row_{};
    std::size_t row_cells_ = 0;
    std::int64_t seconds_ = 0;  // the time being read; -1: too large
    int milliseconds_ = -1;     // -1: no decimals
};

}  // namespace

bool parse_csa(const source_text& text, read_mode mode, std::vector<jkf>& records, std::vector<diagnostic>& diagnostics,
               std::vector<bool>* game_errors) {
    // The builder keeps its findings apart so that the grammar glue's verdict is about syntax
    // only; both lists are in text order and are merged by position.
    std::vector<diagnostic> syntax;
    std::vector<diagnostic> semantic;
    csa_builder builder(text, mode, semantic);
    const bool parsed = kifu::detail::parse<g::file, g::traits>(text, mode, "csa", builder, syntax);
    std::vector<jkf> games = builder.finish(parsed, text.text().size());
    if (records.empty()) {
        records = std::move(games);
    } else {
        for (jkf& game : games) records.push_back(std::move(game));
    }
    const auto before = [](const diagnostic& a, const diagnostic& b) {
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    };
    const std::size_t since = diagnostics.size();
    std::merge(syntax.begin(), syntax.end(), semantic.begin(), semantic.end(), std::back_inserter(diagnostics), before);
    if (game_errors) {
        // An error belongs to the game whose part of the text holds its line.
        const auto& spans = builder.spans();
        game_errors->assign(spans.size(), false);
        for (std::size_t i = since; i < diagnostics.size(); ++i) {
            const diagnostic& d = diagnostics[i];
            if (d.severity != severity::error || d.line == 0) continue;
            const auto span = std::lower_bound(spans.begin(), spans.end(), d.line,
                                               [](const auto& s, std::uint32_t line) { return s.second < line; });
            if (span != spans.end() && span->first <= d.line) (*game_errors)[static_cast<std::size_t>(span - spans.begin())] = true;
        }
    }
    return parsed && !builder.failed();
}

bool trace_csa(const source_text& text, std::string& out) { return kifu::detail::trace<g::file, g::traits>(text, out, "csa"); }

}  // namespace kifu::shogi::detail
