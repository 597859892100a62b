// The KI2 writer (../shared/formats/shogi.md §3): moves in JSA notation, six to a line as Kifu
// for Windows writes them. The 相対 words are worked out again on the replayed position
// (relative_of: minimal, and sufficient for solve_origin to find the same origin); the end of a
// line of play is its まで line.

#include <kifu/shogi/write.hpp>

#include <optional>

#include "shogi/engine.hpp"
#include "shogi/kakinoki_writer.hpp"
#include "shogi/relative.hpp"
#include "shogi/vocabulary.hpp"

namespace kifu::inline v1::shogi {

namespace {

using namespace detail;

constexpr int moves_per_line = 6;
constexpr int token_width = 12;

// Where a line of play stands: the replayed position (nothing once a move could not be
// replayed: the record's own relative words are written from there on) and the side to move.
struct line_state {
    std::optional<engine> board;
    color to_move = color::black;
};

std::string_view relative_words(char r) noexcept {
    switch (r) {
        case 'L': return "左";
        case 'C': return "直";
        case 'R': return "右";
        case 'U': return "上";
        case 'M': return "寄";
        case 'D': return "引";
        default: return {};
    }
}

class ki2_writer {
public:
    explicit ki2_writer(const jkf& record) : record_(record), handicap_(is_handicap(record)) {}

    std::string write(bool declare, text_encoding encoding) {
        if (declare) out_ += encoding == text_encoding::utf8 ? "#KI2 version=2.0 encoding=UTF-8\n" : "#KI2 version=2.0 encoding=Shift_JIS\n";
        append_kakinoki_header(out_, record_);
        if (!record_.moves.empty()) append_comment_lines(out_, record_.moves.front());
        line_state start;
        start.to_move = initial_side(record_);
        if (!record_.initial) {
            start.board = engine::from_preset("HIRATE");
        } else if (record_.initial->data) {
            start.board = engine::from_state(*record_.initial->data);
        } else {
            start.board = engine::from_preset(record_.initial->preset);
        }
        write_line(record_.moves, 1, 1, start);
        return std::move(out_);
    }

private:
    void write_line(const std::vector<move_format>& moves, std::size_t first, int ply, line_state state) {
        std::vector<line_state> before;
        before.reserve(moves.size() - std::min(first, moves.size()));
        int real_moves = ply - 1;
        int on_line = 0;  // tokens on the current output line
        std::string summary;  // the まで line (one per line of play: floodgate may repeat %KACHI)
        auto end_line = [&] {
            if (on_line > 0) {
                while (!out_.empty() && out_.back() == ' ') out_.pop_back();
                out_ += '\n';
            }
            on_line = 0;
        };
        for (std::size_t i = first; i < moves.size(); ++i) {
            const move_format& e = moves[i];
            before.push_back(state);
            if (e.move) {
                const std::string token = move_token(*e.move, state);
                out_ += token;
                out_.append(static_cast<std::size_t>(std::max(1, token_width - display_width(token))), ' ');
                real_moves = ply + static_cast<int>(i - first);
                if (++on_line == moves_per_line) end_line();
            } else if (!e.special.empty() && summary.empty()) {
                summary = summary_of(e.special, real_moves, state.to_move, handicap_);
                if (summary.empty()) {
                    // No まで form (待った, エラー, …): the word as a move, as ShogiDB2 writes 投了.
                    // A special with no Japanese word (a CSA `%REP_SUP` kept as it was) would be
                    // written as itself, which no KI2 reader takes: the write fails.
                    if (word_of_special(e.special).empty() && e.special != "+ILLEGAL_ACTION" &&
                        e.special != "-ILLEGAL_ACTION" && unwritable_.empty()) {
                        unwritable_ = e.special;
                    }
                    summary = (state.to_move == color::black ? "▲" : "△") +
                              terminal_word(e.special, state.to_move, handicap_);
                }
            }
            if (!e.comments.empty()) {
                end_line();
                append_comment_lines(out_, e);
            }
        }
        end_line();
        // The end comes after the comments of the specials too: json-kifu-format reads no comment
        // after a まで line (so those comments go with the last move).
        if (!summary.empty()) out_ += summary + '\n';
        for (std::size_t k = before.size(); k-- > 0;) {
            const move_format& e = moves[first + k];
            for (const auto& fork : e.forks) {
                out_ += "\n変化：" + std::to_string(ply + static_cast<int>(k)) + "手\n";
                write_line(fork, 0, ply + static_cast<int>(k), before[k]);
            }
        }
    }

    std::string move_token(const move_data& m, line_state& state) {
        const color mover = m.color.value_or(state.to_move);
        std::string relative = m.relative;
        if (state.board && m.to && m.piece) {
            const board_move bm{m.from.value_or(square{}), *m.to, *m.piece, m.promote.value_or(false)};
            if (state.board->side_to_move() == mover && state.board->check(bm) == illegal_reason::none) {
                relative = std::string(relative_of(*state.board, bm));
                state.board->apply(bm);
            } else {
                state.board.reset();
            }
        }
        std::string token = mover == color::black ? "▲" : "△";
        if (m.same.value_or(false)) {
            token += "同　";
        } else if (m.to) {
            append_square(token, *m.to);
        }
        if (m.piece) token += move_piece_names[static_cast<std::size_t>(*m.piece)];
        for (char r : relative) token += relative_words(r);
        if (m.promote) token += *m.promote ? "成" : "不成";
        if (relative.find('H') != std::string::npos) token += "打";
        state.to_move = opponent(mover);
        return token;
    }

public:
    /// The first special that has no KI2 word, or "".
    const std::string& unwritable() const noexcept { return unwritable_; }

private:
    const jkf& record_;
    bool handicap_;
    std::string out_;
    std::string unwritable_;
};

}  // namespace

write_result write_ki2(const jkf& record, const kakinoki_write_options& options) {
    ki2_writer writer(record);
    std::string text = writer.write(options.declare_encoding, options.encoding);
    if (!writer.unwritable().empty()) {
        write_result result;
        result.code = "ki2.write.special";
        result.message = "a line of play ends with '" + writer.unwritable() +
                         "', which has no KI2 word (投了, 中断, 千日手, …)";
        return result;
    }
    return finish_kakinoki(std::move(text), options, "ki2");
}

}  // namespace kifu::shogi
