#pragma once

// Builders of raw (partial) JKF values for the shogi tests, and a whole-JSON comparison.

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include <kifu/json_writer.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/normalize.hpp>
#include <kifu/shogi/position.hpp>
#include <kifu/shogi/sfen.hpp>

#include "shogi/engine.hpp"

namespace kifu::test {

using namespace kifu::shogi;

/// A square from its two-digit CSA form (76 → 7六).
inline square sq(int xy) { return square{static_cast<std::int8_t>(xy / 10), static_cast<std::int8_t>(xy % 10)}; }

/// A raw board move as KIF writes it: from, to, piece as written, promote when written.
inline move_format mv(int from, int to, piece_kind k, std::optional<bool> promote = std::nullopt) {
    move_format f;
    f.move.emplace();
    if (from) f.move->from = sq(from);
    if (to) f.move->to = sq(to);
    f.move->piece = k;
    f.move->promote = promote;
    return f;
}
/// A raw drop.
inline move_format drop(int to, piece_kind k) { return mv(0, to, k); }
/// A raw 同 move (no `to`).
inline move_format same(int from, piece_kind k, std::optional<bool> promote = std::nullopt) {
    move_format f = mv(from, 0, k, promote);
    f.move->same = true;
    return f;
}
/// A special element.
inline move_format special(const char* s) {
    move_format f;
    f.special = s;
    return f;
}
/// Sets the source line of an element.
inline move_format at_line(move_format f, std::uint32_t line) {
    f.line = line;
    return f;
}

/// A record starting from an SFEN (as `initial.preset` OTHER) with the given moves.
inline jkf record_from_sfen(const char* sfen, std::vector<move_format> moves) {
    jkf r;
    auto p = parse_sfen(sfen);
    REQUIRE(p);
    r.initial = initial_format{"OTHER", p->to_state()};
    r.moves.emplace_back();
    for (auto& m : moves) r.moves.push_back(std::move(m));
    return r;
}
/// A record from a preset (absent initial for "").
inline jkf record_from_preset(const char* preset, std::vector<move_format> moves) {
    jkf r;
    if (*preset) r.initial = initial_format{preset, std::nullopt};
    r.moves.emplace_back();
    for (auto& m : moves) r.moves.push_back(std::move(m));
    return r;
}

/// Returns the record's JKF text.
inline std::string jkf_text(const jkf& r) {
    std::string out;
    json_writer w(out);
    write_jkf_to(w, r);
    return out;
}

/// Requires the record's whole JKF to equal `expected` (a JSON literal; key order ignored).
inline void require_jkf(const jkf& r, const std::string& expected) {
    const std::string actual = jkf_text(r);
    INFO("actual:   " << actual);
    INFO("expected: " << nlohmann::json::parse(expected).dump());
    REQUIRE(nlohmann::json::parse(actual) == nlohmann::json::parse(expected));
}

/// Returns the codes of the diagnostics.
inline std::vector<std::string> codes(const std::vector<diagnostic>& ds) {
    std::vector<std::string> out;
    for (const auto& d : ds) out.push_back(d.code);
    return out;
}

/// Normalizes and returns the diagnostics.
inline std::vector<diagnostic> run(jkf& r, source_format f = source_format::kif, read_mode mode = read_mode::strict) {
    std::vector<diagnostic> ds;
    normalize_options o;
    o.format = f;
    o.mode = mode;
    o.file = "test.kif";
    normalize(r, o, ds);
    return ds;
}

/// The main line as one USI line, as the corpus' mainline.usi.tsv (and tsshogi's .usi) write it.
inline std::string main_line_usi(const jkf& record) {
    position start = *position::from_preset("HIRATE");
    if (record.initial) {
        if (record.initial->data) {
            start = position::from_state(*record.initial->data);
        } else if (auto p = position::from_preset(record.initial->preset)) {
            start = *p;
        }
    }
    std::string out = "position sfen " + to_sfen(start, 1);
    bool first = true;
    for (const move_format& f : record.moves) {
        if (!f.move || !f.move->to || !f.move->piece) continue;  // only in a lenient raw record
        const move_data& m = *f.move;
        const board_move bm{m.from.value_or(square{}), *m.to, *m.piece, m.promote.value_or(false)};
        out += first ? " moves " : " ";
        out += to_usi(bm);
        first = false;
    }
    return out;
}

}  // namespace kifu::test
