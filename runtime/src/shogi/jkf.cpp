// The JKF model's small functions and its writer (json-kifu-format's key names).

#include <kifu/shogi/jkf.hpp>

#include <array>
#include <cstddef>

namespace kifu::shogi {
namespace {

constexpr std::array<std::string_view, piece_kind_count> csa_codes{
    "FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"};

void write_square(json_writer& out, const square& s) {
    out.begin_object();
    out.member("x", static_cast<int>(s.x));
    out.member("y", static_cast<int>(s.y));
    out.end_object();
}

void write_time_value(json_writer& out, const time_value& t) {
    out.begin_object();
    if (t.h) {
        out.member("h", *t.h);
    }
    out.member("m", t.m);
    out.member("s", t.s);
    if (t.ms) {
        out.member("ms", *t.ms);
    }
    out.end_object();
}

void write_move_data(json_writer& out, const move_data& m) {
    out.begin_object();
    if (m.color) {
        out.member("color", static_cast<int>(*m.color));
    }
    if (m.from) {
        out.key("from");
        write_square(out, *m.from);
    }
    if (m.to) {
        out.key("to");
        write_square(out, *m.to);
    }
    if (m.piece) {
        out.member("piece", to_csa(*m.piece));
    }
    if (m.same) {
        out.member("same", *m.same);
    }
    if (m.promote) {
        out.member("promote", *m.promote);
    }
    if (m.capture) {
        out.member("capture", to_csa(*m.capture));
    }
    if (!m.relative.empty()) {
        out.member("relative", std::string_view(m.relative));
    }
    out.end_object();
}

void write_moves(json_writer& out, const std::vector<move_format>& moves);

void write_move_format(json_writer& out, const move_format& f) {
    out.begin_object();
    if (!f.comments.empty()) {
        out.key("comments");
        out.begin_array();
        for (const std::string& c : f.comments) {
            out.value(std::string_view(c));
        }
        out.end_array();
    }
    if (f.move) {
        out.key("move");
        write_move_data(out, *f.move);
    }
    if (f.time) {
        out.key("time");
        out.begin_object();
        out.key("now");
        write_time_value(out, f.time->now);
        if (f.time->total) {
            out.key("total");
            write_time_value(out, *f.time->total);
        }
        out.end_object();
    }
    if (!f.special.empty()) {
        out.member("special", std::string_view(f.special));
    }
    if (!f.forks.empty()) {
        out.key("forks");
        out.begin_array();
        for (const std::vector<move_format>& fork : f.forks) {
            write_moves(out, fork);
        }
        out.end_array();
    }
    out.end_object();
}

void write_moves(json_writer& out, const std::vector<move_format>& moves) {
    out.begin_array();
    for (const move_format& f : moves) {
        write_move_format(out, f);
    }
    out.end_array();
}

void write_state(json_writer& out, const state_format& state) {
    out.begin_object();
    out.member("color", static_cast<int>(state.color));
    out.key("board");
    out.begin_array();
    for (const auto& column : state.board) {
        out.begin_array();
        for (const std::optional<piece>& cell : column) {
            out.begin_object();
            if (cell) {
                out.member("color", static_cast<int>(cell->color));
                out.member("kind", to_csa(cell->kind));
            }
            out.end_object();
        }
        out.end_array();
    }
    out.end_array();
    out.key("hands");
    out.begin_array();
    for (const auto& hand : state.hands) {
        out.begin_object();
        for (int k = 0; k < hand_kind_count; ++k) {
            out.member(csa_codes[static_cast<std::size_t>(k)], hand[static_cast<std::size_t>(k)]);
        }
        out.end_object();
    }
    out.end_array();
    out.end_object();
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
    out.begin_object();
    out.key("header");
    out.begin_object();
    for (const auto& [k, v] : record.header) {
        out.member(k, std::string_view(v));
    }
    out.end_object();
    if (record.initial) {
        out.key("initial");
        out.begin_object();
        out.member("preset", std::string_view(record.initial->preset));
        if (record.initial->data) {
            out.key("data");
            write_state(out, *record.initial->data);
        }
        out.end_object();
    }
    out.key("moves");
    write_moves(out, record.moves);
    out.end_object();
}

}  // namespace kifu::shogi
