// The CSA writer (../shared/formats/shogi.md §4): V3.0 by default, V2.2 on request; the main
// line of each record (CSA has no variations), several records separated by `/`.

#include <kifu/shogi/write.hpp>

#include <cstdio>

#include "core/lines.hpp"
#include "shogi/engine.hpp"
#include "shogi/presets.hpp"

namespace kifu::inline v1::shogi {

namespace {

// JKF header keys (json-kifu-format's names for CSA's) → the CSA line that holds them.
std::string_view csa_key_of(std::string_view key) noexcept {
    if (key == "先手" || key == "下手") return "N+";
    if (key == "後手" || key == "上手") return "N-";
    if (key == "棋戦") return "$EVENT:";
    if (key == "場所") return "$SITE:";
    if (key == "開始日時") return "$START_TIME:";
    if (key == "終了日時") return "$END_TIME:";
    if (key == "持ち時間") return "$TIME_LIMIT:";
    return {};
}

void append_one_line(std::string& out, std::string_view text) {
    for (char c : text) out += c == '\n' || c == '\r' ? ' ' : c;
}

void append_header(std::string& out, const jkf& record) {
    // `N+` then `N-` first, the order of V2.2's spec (json-kifu-format reads no other); 先手 and
    // 下手 both given: the second as a `$` line.
    const std::pair<std::string, std::string>* names[2] = {nullptr, nullptr};
    for (const auto& entry : record.header) {
        const std::string_view line = csa_key_of(entry.first);
        const std::size_t side = line == "N+" ? 0 : line == "N-" ? 1 : 2;
        if (side < 2 && names[side] == nullptr) names[side] = &entry;
    }
    for (int side = 0; side < 2; ++side) {
        if (names[side] == nullptr) continue;
        out += side == 0 ? "N+" : "N-";
        append_one_line(out, names[side]->second);
        out += '\n';
    }
    for (const auto& entry : record.header) {
        const auto& [key, value] = entry;
        std::string_view line = csa_key_of(key);
        if (&entry == names[0] || &entry == names[1]) continue;
        if (line == "N+" || line == "N-") line = {};
        if (line.empty()) {
            // Any other key as `$KEY:value`, which the reader keeps under that key; not 手合割,
            // which the position says.
            if (key.empty() || key == "手合割" || key.find_first_of(":\r\n") != std::string::npos) continue;
            out += '$';
            out += key;
            out += ':';
        } else {
            out += line;
        }
        append_one_line(out, value);
        out += '\n';
    }
}

void append_square(std::string& out, square s) {
    out += static_cast<char>('0' + s.x);
    out += static_cast<char>('0' + s.y);
}

void append_position(std::string& out, const jkf& record) {
    const detail::preset_info* preset =
        record.initial && !record.initial->data ? detail::find_preset(record.initial->preset) : nullptr;
    if (!record.initial || (preset != nullptr)) {
        if (preset == nullptr) preset = detail::find_preset("HIRATE");
        out += "PI";
        const engine hirate = *engine::from_preset("HIRATE");
        for (square s : preset->removed) {
            if (s.x == 0) break;
            append_square(out, s);
            out += to_csa(hirate.at(s)->kind);
        }
        out += '\n';
        out += preset->side == color::black ? "+\n" : "-\n";
        return;
    }
    const state_format state = record.initial->data ? *record.initial->data : engine().to_state();
    for (int y = 1; y <= 9; ++y) {
        out += 'P';
        out += static_cast<char>('0' + y);
        for (int x = 9; x >= 1; --x) {
            const auto& cell = state.board[static_cast<std::size_t>(x - 1)][static_cast<std::size_t>(y - 1)];
            if (!cell) {
                out += " * ";
                continue;
            }
            out += cell->color == color::black ? '+' : '-';
            out += to_csa(cell->kind);
        }
        out += '\n';
    }
    for (color c : {color::black, color::white}) {
        std::string groups;
        for (int k = 0; k < hand_kind_count; ++k) {
            for (int n = state.hands[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)]; n > 0; --n) {
                groups += "00";
                groups += to_csa(static_cast<piece_kind>(k));
            }
        }
        if (groups.empty()) continue;
        out += c == color::black ? "P+" : "P-";
        out += groups;
        out += '\n';
    }
    out += state.color == color::black ? "+\n" : "-\n";
}

void append_time(std::string& out, const move_time& time, csa_version version) {
    const time_value& now = time.now;
    const long long seconds = static_cast<long long>(now.h.value_or(0)) * 3600 + static_cast<long long>(now.m) * 60 + now.s;
    char buffer[48];
    if (version == csa_version::v3_0 && now.ms && *now.ms != 0) {
        std::snprintf(buffer, sizeof buffer, "T%lld.%03d\n", seconds, *now.ms);
    } else {
        std::snprintf(buffer, sizeof buffer, "T%lld\n", seconds);
    }
    out += buffer;
}

void append_comments(std::string& out, const move_format& e) {
    for (const std::string& c : e.comments) {
        kifu::detail::for_each_line(c, [&](std::string_view line) {
            out += '\'';
            out += line;
            out += '\n';
        });
    }
}

// A special CSA can write after `%`: capitals, `_`, `+`, `-` (unknown words pass as the reader
// keeps them).
bool is_csa_word(std::string_view s) noexcept {
    if (s.empty()) return false;
    for (char c : s)
        if (!((c >= 'A' && c <= 'Z') || c == '_' || c == '+' || c == '-')) return false;
    return true;
}

bool append_record(std::string& out, const jkf& record, csa_version version, std::size_t number, write_result& result) {
    if (record.initial && record.initial->data) {
        // A CSA reader refuses a position with more pieces than a set holds
        // (csa.too-many-pieces): such a position is not written.
        for (const position_problem& p : check_position(position::from_state(*record.initial->data))) {
            if (p.flaw != position_flaw::too_many_pieces) continue;
            result.code = "csa.write.too-many-pieces";
            result.message = "game " + std::to_string(number) + " starts from a position CSA cannot hold: " + p.message;
            return false;
        }
    }
    append_header(out, record);
    append_position(out, record);
    color to_move = record.initial && record.initial->data ? record.initial->data->color : color::black;
    if (record.initial && !record.initial->data) {
        if (const auto* p = detail::find_preset(record.initial->preset)) to_move = p->side;
    }
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
        const move_format& e = record.moves[i];
        if (e.move && e.move->to && e.move->piece) {
            const move_data& m = *e.move;
            const color mover = m.color.value_or(to_move);
            out += mover == color::black ? '+' : '-';
            if (m.from) {
                append_square(out, *m.from);
            } else {
                out += "00";
            }
            append_square(out, *m.to);
            out += to_csa(m.promote.value_or(false) ? promote(*m.piece) : *m.piece);
            out += '\n';
            if (e.time) append_time(out, *e.time, version);
            to_move = opponent(mover);
        } else if (!e.special.empty()) {
            if (!is_csa_word(e.special)) {
                result.code = "csa.write.special";
                result.message = "game " + std::to_string(number) + " ends with '" + e.special +
                                 "', which has no CSA special (%TORYO, %CHUDAN, …)";
                return false;
            }
            out += '%';
            out += e.special;
            out += '\n';
            if (e.time) append_time(out, *e.time, version);
        }
        append_comments(out, e);
    }
    return true;
}

}  // namespace

write_result write_csa(const std::vector<const jkf*>& records, const csa_write_options& options) {
    write_result result;
    std::string out;
    if (options.version == csa_version::v3_0) {
        out += "'CSA encoding=UTF-8\nV3.0\n";
    } else {
        out += "V2.2\n";
    }
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (i > 0) out += "/\n";
        if (!append_record(out, *records[i], options.version, i + 1, result)) return result;
    }
    result.text = std::move(out);
    return result;
}

write_result write_csa(const jkf& record, const csa_write_options& options) {
    return write_csa(std::vector<const jkf*>{&record}, options);
}

}  // namespace kifu::shogi
