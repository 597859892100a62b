// The KIF writer (../shared/formats/shogi.md §2): numbered move lines with times, comments,
// the terminal word and まで line, and `変化：N手` blocks in the order Kifu for Windows writes
// them, so that the attachment rule of §2.8 puts each back on its own line of play.

#include <kifu/shogi/write.hpp>

#include <array>
#include <cstdio>

#include "shogi/kakinoki_writer.hpp"
#include "shogi/vocabulary.hpp"

namespace kifu::inline v1::shogi {

namespace {

using namespace detail;

// Where a line of play stands: the side to move and each side's total time so far (a move
// without a total is given the running sum, as KIF always writes one).
struct line_state {
    color to_move = color::black;
    std::array<long long, 2> total_seconds{};
};

long long seconds_of(const time_value& t) noexcept {
    return static_cast<long long>(t.h.value_or(0)) * 3600 + static_cast<long long>(t.m) * 60 + t.s;
}

class kif_writer {
public:
    explicit kif_writer(const jkf& record) : record_(record), handicap_(is_handicap(record)) {}

    std::string write(bool declare, text_encoding encoding) {
        if (declare) out_ += encoding == text_encoding::utf8 ? "#KIF version=2.0 encoding=UTF-8\n" : "#KIF version=2.0 encoding=Shift_JIS\n";
        append_kakinoki_header(out_, record_);
        out_ += "手数----指手---------消費時間--\n";
        if (!record_.moves.empty()) append_comment_lines(out_, record_.moves.front());
        line_state start;
        start.to_move = initial_side(record_);
        write_line(record_.moves, 1, 1, start, true);
        return std::move(out_);
    }

private:
    // Writes elements [first, end) of a line (the first at ply `ply`), then its まで line (main
    // line only) and the 変化 blocks of its forks, last branch point first.
    void write_line(const std::vector<move_format>& moves, std::size_t first, int ply, line_state state, bool main) {
        std::vector<line_state> before;  // the state before each element written
        before.reserve(moves.size() - std::min(first, moves.size()));
        int real_moves = ply - 1;
        const move_format* last = nullptr;
        for (std::size_t i = first; i < moves.size(); ++i) {
            const move_format& e = moves[i];
            const int p = ply + static_cast<int>(i - first);
            before.push_back(state);
            if (e.move) {
                write_move(e, p, state);
                real_moves = p;
            } else if (!e.special.empty()) {
                write_special(e, p, state);
            }
            append_comment_lines(out_, e);
            last = &e;
        }
        if (main && last != nullptr && !last->move && !last->special.empty()) {
            const std::string summary = summary_of(last->special, real_moves, state.to_move, handicap_);
            if (!summary.empty()) out_ += summary + '\n';
        }
        for (std::size_t k = before.size(); k-- > 0;) {
            const move_format& e = moves[first + k];
            const int p = ply + static_cast<int>(k);
            for (const auto& fork : e.forks) {
                out_ += "\n変化：" + std::to_string(p) + "手\n";
                write_line(fork, 0, p, before[k], false);
            }
        }
    }

    void write_number(int ply) {
        char buffer[16];
        std::snprintf(buffer, sizeof buffer, "%4d ", ply);
        out_ += buffer;
    }

    // Pads the text after the ply number to 13 columns, writes the time and the `+` of a branch.
    void finish_line(const std::string& text, const move_format& e, color mover, line_state& state) {
        out_ += text;
        if (e.time) {
            out_.append(static_cast<std::size_t>(std::max(1, 13 - display_width(text))), ' ');
            const time_value& now = e.time->now;
            long long& total = state.total_seconds[static_cast<std::size_t>(mover)];
            total = e.time->total ? seconds_of(*e.time->total) : total + seconds_of(now);
            char buffer[64];
            std::snprintf(buffer, sizeof buffer, "(%2lld:%02d/%02lld:%02lld:%02lld)",
                          static_cast<long long>(now.h.value_or(0)) * 60 + now.m, now.s, total / 3600, total / 60 % 60,
                          total % 60);
            out_ += buffer;
        }
        if (!e.forks.empty()) out_ += '+';
        out_ += '\n';
    }

    void write_move(const move_format& e, int ply, line_state& state) {
        const move_data& m = *e.move;
        const color mover = m.color.value_or(state.to_move);
        write_number(ply);
        std::string text;
        if (m.same.value_or(false)) {
            text += "同　";
        } else if (m.to) {
            append_square(text, *m.to);
        }
        if (m.piece) text += move_piece_names[static_cast<std::size_t>(*m.piece)];
        if (m.promote.value_or(false)) text += "成";
        if (m.from) {
            text += '(';
            text += static_cast<char>('0' + m.from->x);
            text += static_cast<char>('0' + m.from->y);
            text += ')';
        } else {
            text += "打";
        }
        finish_line(text, e, mover, state);
        state.to_move = opponent(mover);
    }

    void write_special(const move_format& e, int ply, line_state& state) {
        write_number(ply);
        finish_line(terminal_word(e.special, state.to_move, handicap_), e, state.to_move, state);
    }

    const jkf& record_;
    bool handicap_;
    std::string out_;
};

}  // namespace

write_result write_kif(const jkf& record, const kakinoki_write_options& options) {
    return finish_kakinoki(kif_writer(record).write(options.declare_encoding, options.encoding), options, "kif");
}

}  // namespace kifu::shogi
