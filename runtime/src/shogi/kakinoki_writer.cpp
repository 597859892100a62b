// The parts of the KIF and KI2 writers they share (../shared/formats/shogi.md §2.2–2.9, §3.1).

#include "shogi/kakinoki_writer.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "core/lines.hpp"
#include "core/utf8.hpp"
#include "shogi/engine.hpp"
#include "shogi/kakinoki.hpp"
#include "shogi/presets.hpp"
#include "shogi/vocabulary.hpp"

#include "core/cp932.hpp"  // CP932 bytes of the text: glibc's iconv, or its tables in the WebAssembly build

namespace kifu::inline v1::shogi::detail {

namespace {

std::string_view handicap_name(std::string_view preset) noexcept {
    const preset_info* p = find_preset(preset);
    return p != nullptr ? p->handicap_name : std::string_view();
}

std::string_view side_name(color c, bool handicap) noexcept {
    if (handicap) return c == color::black ? "下手" : "上手";
    return c == color::black ? "先手" : "後手";
}

void append_hand(std::string& out, const state_format& state, color c, bool handicap) {
    out += side_name(c, handicap);
    out += "の持駒：";
    bool any = false;
    for (piece_kind k : hand_order) {
        const int n = state.hands[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)];
        if (n <= 0) continue;
        out += cell_piece_names[static_cast<std::size_t>(k)];
        out += kanji_count_text(n);
        out += "　";
        any = true;
    }
    if (!any) out += "なし";
    out += '\n';
}

void append_board(std::string& out, const state_format& state, bool handicap) {
    append_hand(out, state, color::white, handicap);
    out += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
    for (int y = 1; y <= 9; ++y) {
        out += '|';
        for (int x = 9; x >= 1; --x) {
            const auto& cell = state.board[static_cast<std::size_t>(x - 1)][static_cast<std::size_t>(y - 1)];
            if (!cell) {
                out += " ・";
                continue;
            }
            out += cell->color == color::white ? 'v' : ' ';
            out += cell_piece_names[static_cast<std::size_t>(cell->kind)];
        }
        out += '|';
        out += kanji_digits[static_cast<std::size_t>(y - 1)];
        out += '\n';
    }
    out += "+---------------------------+\n";
    append_hand(out, state, color::black, handicap);
    out += side_name(state.color, handicap);
    out += "番\n";
}

void append_comment(std::string& out, std::string_view comment) {
    const char mark = comment.starts_with('&') ? '&' : '*';
    if (mark == '&') comment.remove_prefix(1);
    // One comment line per line of the comment (a JKF comment may hold line breaks).
    kifu::detail::for_each_line(comment, [&](std::string_view line) {
        out += mark;
        out += line;
        out += '\n';
    });
}

}  // namespace

void append_square(std::string& out, square s) {
    out += wide_digits[static_cast<std::size_t>(s.x - 1)];
    out += kanji_digits[static_cast<std::size_t>(s.y - 1)];
}

color initial_side(const jkf& record) noexcept {
    if (!record.initial) return color::black;
    if (record.initial->data) return record.initial->data->color;
    const preset_info* p = find_preset(record.initial->preset);
    return p != nullptr ? p->side : color::black;
}

bool is_handicap(const jkf& record) noexcept {
    return record.initial && !record.initial->data && !record.initial->preset.empty() &&
           record.initial->preset != "HIRATE" && find_preset(record.initial->preset) != nullptr;
}

void append_kakinoki_header(std::string& out, const jkf& record) {
    const bool board = record.initial && (record.initial->data || find_preset(record.initial->preset) == nullptr);
    const std::string_view preset = record.initial && !board ? std::string_view(record.initial->preset) : "HIRATE";
    bool handicap_written = false;
    for (const auto& [key, value] : record.header) {
        out += key;
        out += "：";
        if (key == "手合割" && !board) {
            // The 手合割 line says the start: a value naming another preset is corrected.
            handicap_written = true;
            out += preset_of_handicap(value) == preset ? std::string_view(value) : handicap_name(preset);
        } else {
            // A header value is one line.
            for (char c : value) out += c == '\n' || c == '\r' ? ' ' : c;
        }
        out += '\n';
    }
    if (board) {
        if (record.initial->data) {
            append_board(out, *record.initial->data, false);
        } else {
            append_board(out, engine().to_state(), false);  // OTHER without data: an empty board
        }
    } else if (!handicap_written && record.initial) {  // no initial: 平手, as no 手合割 line says
        out += "手合割：";
        out += handicap_name(preset);
        out += '\n';
    }
}

void append_comment_lines(std::string& out, const move_format& element) {
    for (const std::string& c : element.comments) append_comment(out, c);
}

std::string terminal_word(std::string_view special, color to_move, bool handicap) {
    if (const std::string_view word = word_of_special(special); !word.empty()) return std::string(word);
    if (special == "+ILLEGAL_ACTION" || special == "-ILLEGAL_ACTION") {
        const color offender = special[0] == '+' ? color::black : color::white;
        // 反則勝ち: the side to move wins by the last mover's foul; else name the offender.
        if (offender != to_move) return "反則勝ち";
        return std::string(side_name(offender, handicap)) + " 反則負け";
    }
    return std::string(special);
}

std::string summary_of(std::string_view special, int moves, color to_move, bool handicap) {
    std::string out = "まで" + std::to_string(moves) + "手で";
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 6> words{{
        {"CHUDAN", "中断"}, {"JISHOGI", "持将棋"}, {"SENNICHITE", "千日手"}, {"TSUMI", "詰み"},
        {"FUZUMI", "不詰"}, {"MAX_MOVES", "最大手数"},
    }};
    for (const auto& [s, word] : words) {
        if (s == special) return out + std::string(word);
    }
    // Who won comes from the table every shogi result is read from (special_outcomes).
    const std::optional<color> winner = winner_of_special(special, to_move);
    if (!winner) return {};
    auto named = [&](color c, std::string_view how) {
        out += side_name(c, handicap);
        out += how;
        return out;
    };
    if (special == "ILLEGAL_MOVE") return named(opponent(*winner), "の反則負け");
    switch (outcome_of_special(special)) {
    case special_outcome::black_wins:
    case special_outcome::white_wins: return named(*winner, "の反則勝ち");
    case special_outcome::to_move_wins: return named(*winner, "の入玉勝ち");
    default: break;
    }
    if (special == "TIME_UP") out += "時間切れにより";
    return named(*winner, "の勝ち");
}

int display_width(std::string_view text) noexcept {
    int width = 0;
    for (char c : text) {
        // One column for ASCII, two for any other character (counted at its first byte).
        if (!kifu::detail::is_utf8_continuation(c)) width += static_cast<unsigned char>(c) < 0x80 ? 1 : 2;
    }
    return width;
}

write_result finish_kakinoki(std::string text, const kakinoki_write_options& options, std::string_view prefix) {
    write_result result;
    if (options.encoding == text_encoding::utf8) {
        result.text = std::move(text);
        return result;
    }
    std::string out;
    std::size_t at = 0;
    if (!kifu::detail::encode_cp932(text, out, at)) {
        if (at == static_cast<std::size_t>(-1)) {
            result.code = std::string(prefix) + ".write.cp932";
            result.message = "this system's iconv cannot convert to CP932";
            return result;
        }
        const std::size_t length = std::min(kifu::detail::utf8_length(text[at]), text.size() - at);
        const std::string_view character(text.data() + at, length);
        char32_t cp = 0;
        if (length == 1) {
            cp = static_cast<unsigned char>(character[0]);
        } else {
            cp = static_cast<unsigned char>(character[0]) & (0xFF >> (length + 1));
            for (std::size_t i = 1; i < length; ++i) cp = (cp << 6) | (static_cast<unsigned char>(character[i]) & 0x3F);
        }
        const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
        char code[16];
        std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(cp));
        result.code = std::string(prefix) + ".write.cp932";
        result.message = "'" + std::string(character) + "' (" + code + ") on line " + std::to_string(line) +
                         " of the written text has no CP932 form; write UTF-8 instead";
        return result;
    }
    result.text = std::move(out);
    return result;
}

}  // namespace kifu::shogi::detail
