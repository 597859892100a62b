// The JKF model's small functions and its writer (json-kifu-format's key names).

#include <kifu/shogi/jkf.hpp>

#include <array>
#include <cstddef>

#include "core/json_out.hpp"

namespace kifu::inline v1::shogi {
namespace {

constexpr std::array<std::string_view, piece_kind_count> csa_codes{
    "FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"};

// The writer: compact JKF through detail::json_out. An object whose members are all optional
// is written with a comma before every member; the first comma then becomes the `{`
// (`open_members`/`close_members`), so no member asks whether it is the first.

// Room for the fixed text between two reserve() calls: a move without its strings and its
// times is under 400 bytes. Every string is followed by a reserve() before more fixed text.
constexpr std::size_t fixed_room = 512;

using detail::json_out;

// A CSA piece code: two bytes of the room reserved.
void write_code(json_out& out, piece_kind k) { out.plain(csa_codes[static_cast<std::size_t>(k)]); }

std::size_t open_members(json_out& out) { return out.offset(); }

void close_members(json_out& out, std::size_t start) {
    if (out.offset() == start) {
        out.lit("{}");
    } else {
        out.at(start) = '{';
        out.put('}');
    }
}

void write_square(json_out& out, const square& s) {
    out.lit("{\"x\":");
    out.integer(s.x);
    out.lit(",\"y\":");
    out.integer(s.y);
    out.put('}');
}

void write_time_value(json_out& out, const time_value& t) {
    out.put('{');
    if (t.h) {
        out.lit("\"h\":");
        out.integer(*t.h);
        out.put(',');
    }
    out.lit("\"m\":");
    out.integer(t.m);
    out.lit(",\"s\":");
    out.integer(t.s);
    if (t.ms) {
        out.lit(",\"ms\":");
        out.integer(*t.ms);
    }
    out.put('}');
}

void write_move_data(json_out& out, const move_data& m) {
    const std::size_t start = open_members(out);
    if (m.color) {
        out.lit(",\"color\":");
        out.integer(static_cast<int>(*m.color));
    }
    if (m.from) {
        out.lit(",\"from\":");
        write_square(out, *m.from);
    }
    if (m.to) {
        out.lit(",\"to\":");
        write_square(out, *m.to);
    }
    if (m.piece) {
        out.lit(",\"piece\":\"");
        write_code(out, *m.piece);
        out.put('"');
    }
    if (m.same) {
        out.lit(",\"same\":");
        out.boolean(*m.same);
    }
    if (m.promote) {
        out.lit(",\"promote\":");
        out.boolean(*m.promote);
    }
    if (m.capture) {
        out.lit(",\"capture\":\"");
        write_code(out, *m.capture);
        out.put('"');
    }
    if (!m.relative.empty()) {
        out.lit(",\"relative\":");
        out.string(m.relative);
        out.reserve(fixed_room);
    }
    close_members(out, start);
}

void write_moves(json_out& out, const std::vector<move_format>& moves);

// The caller has reserved fixed_room.
void write_move_format(json_out& out, const move_format& f) {
    const std::size_t start = open_members(out);
    if (!f.comments.empty()) {
        out.lit(",\"comments\":[");
        bool first = true;
        for (const std::string& c : f.comments) {
            if (!first) out.put(',');
            first = false;
            out.string(c);
            out.reserve(fixed_room);
        }
        out.put(']');
    }
    if (f.move) {
        out.lit(",\"move\":");
        write_move_data(out, *f.move);
    }
    if (f.time) {
        out.lit(",\"time\":{\"now\":");
        write_time_value(out, f.time->now);
        if (f.time->total) {
            out.lit(",\"total\":");
            write_time_value(out, *f.time->total);
        }
        out.put('}');
    }
    if (!f.special.empty()) {
        out.lit(",\"special\":");
        out.string(f.special);
        out.reserve(fixed_room);
    }
    if (!f.forks.empty()) {
        out.lit(",\"forks\":[");
        bool first = true;
        for (const std::vector<move_format>& fork : f.forks) {
            out.reserve(fixed_room);
            if (!first) out.put(',');
            first = false;
            write_moves(out, fork);
        }
        out.reserve(fixed_room);
        out.put(']');
    }
    close_members(out, start);
}

void write_moves(json_out& out, const std::vector<move_format>& moves) {
    out.reserve(fixed_room);
    out.put('[');
    bool first = true;
    for (const move_format& f : moves) {
        out.reserve(fixed_room);
        if (!first) out.put(',');
        first = false;
        write_move_format(out, f);
    }
    out.reserve(fixed_room);
    out.put(']');
}

void write_state(json_out& out, const state_format& state) {
    // 81 cells of at most 24 bytes and two hands of at most 7 × 17 bytes.
    out.reserve(4096);
    out.lit("{\"color\":");
    out.integer(static_cast<int>(state.color));
    out.lit(",\"board\":[");
    for (std::size_t x = 0; x < state.board.size(); ++x) {
        if (x != 0) out.put(',');
        out.put('[');
        for (std::size_t y = 0; y < state.board[x].size(); ++y) {
            if (y != 0) out.put(',');
            if (const std::optional<piece>& cell = state.board[x][y]) {
                out.lit("{\"color\":");
                out.integer(static_cast<int>(cell->color));
                out.lit(",\"kind\":\"");
                write_code(out, cell->kind);
                out.lit("\"}");
            } else {
                out.lit("{}");
            }
        }
        out.put(']');
    }
    out.lit("],\"hands\":[");
    for (std::size_t c = 0; c < state.hands.size(); ++c) {
        if (c != 0) out.put(',');
        for (std::size_t k = 0; k < static_cast<std::size_t>(hand_kind_count); ++k) {
            out.put(k == 0 ? '{' : ',');
            out.put('"');
            out.plain(csa_codes[k]);
            out.lit("\":");
            out.integer(state.hands[c][k]);
        }
        out.put('}');
    }
    out.lit("]}");
}

void write_jkf_compact(std::string& text, const jkf& record) {
    // A move takes about 150 bytes; the buffer grows when the guess is short.
    json_out out(text, 1024 + 192 * record.moves.size());
    out.reserve(fixed_room);
    out.lit("{\"header\":{");
    bool first = true;
    for (const auto& [k, v] : record.header) {
        if (!first) out.put(',');
        first = false;
        out.string(k);
        out.reserve(fixed_room);
        out.put(':');
        out.string(v);
        out.reserve(fixed_room);
    }
    out.put('}');
    if (record.initial) {
        out.lit(",\"initial\":{\"preset\":");
        out.string(record.initial->preset);
        out.reserve(fixed_room);
        if (record.initial->data) {
            out.lit(",\"data\":");
            write_state(out, *record.initial->data);
            out.reserve(fixed_room);
        }
        out.put('}');
    }
    out.lit(",\"moves\":");
    write_moves(out, record.moves);
    out.put('}');
}

}  // namespace

std::string_view to_csa(piece_kind k) noexcept { return csa_codes[static_cast<std::size_t>(k)]; }

std::optional<piece_kind> piece_kind_from_csa(std::string_view code) noexcept {
    for (std::size_t i = 0; i < csa_codes.size(); ++i) {
        if (csa_codes[i] == code) {
            return static_cast<piece_kind>(i);
        }
    }
    return std::nullopt;
}

bool can_promote(piece_kind k) noexcept {
    switch (k) {
        case piece_kind::fu:
        case piece_kind::ky:
        case piece_kind::ke:
        case piece_kind::gi:
        case piece_kind::ka:
        case piece_kind::hi:
            return true;
        default:
            return false;
    }
}

bool is_promoted(piece_kind k) noexcept {
    switch (k) {
        case piece_kind::to:
        case piece_kind::ny:
        case piece_kind::nk:
        case piece_kind::ng:
        case piece_kind::um:
        case piece_kind::ry:
            return true;
        default:
            return false;
    }
}

piece_kind promote(piece_kind k) noexcept {
    switch (k) {
        case piece_kind::fu: return piece_kind::to;
        case piece_kind::ky: return piece_kind::ny;
        case piece_kind::ke: return piece_kind::nk;
        case piece_kind::gi: return piece_kind::ng;
        case piece_kind::ka: return piece_kind::um;
        case piece_kind::hi: return piece_kind::ry;
        default: return k;
    }
}

piece_kind unpromote(piece_kind k) noexcept {
    switch (k) {
        case piece_kind::to: return piece_kind::fu;
        case piece_kind::ny: return piece_kind::ky;
        case piece_kind::nk: return piece_kind::ke;
        case piece_kind::ng: return piece_kind::gi;
        case piece_kind::um: return piece_kind::ka;
        case piece_kind::ry: return piece_kind::hi;
        default: return k;
    }
}

void jkf::set_header(std::string key, std::string value) {
    for (auto& [k, v] : header) {
        if (k == key) {
            v = std::move(value);
            return;
        }
    }
    // Room for a record's usual headers at once (players, event, dates, time limit): growing
    // one by one cost an allocation and a move of every entry at each doubling.
    if (header.capacity() == 0) header.reserve(8);
    header.emplace_back(std::move(key), std::move(value));
}

const std::string* jkf::find_header(std::string_view key) const noexcept {
    for (const auto& [k, v] : header) {
        if (k == key) {
            return &v;
        }
    }
    return nullptr;
}

void write_jkf_to(json_writer& out, const jkf& record) {
    write_jkf_compact(out.begin_compact(), record);
    out.end_compact();
}

}  // namespace kifu::shogi
