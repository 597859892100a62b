#pragma once

// What the shogi writer tests share: writing a record in one format and reading it back, and
// the part of a normalized record each format holds (docs/shogi-writers.md lists what each
// cannot hold), so that a round trip is compared on exactly that.

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/position.hpp>
#include <kifu/shogi/write.hpp>

#include "shogi/presets.hpp"

namespace kifu::test {

/// The formats a record is written in and read back from.
enum class shogi_target { kif, ki2, csa, jkf };

inline std::string_view name_of(shogi_target t) {
    switch (t) {
        case shogi_target::kif: return "kif";
        case shogi_target::ki2: return "ki2";
        case shogi_target::csa: return "csa";
        case shogi_target::jkf: break;
    }
    return "jkf";
}

namespace detail_writer {

inline void split_comments(std::vector<std::string>& comments) {
    std::vector<std::string> out;
    for (const std::string& c : comments) {
        std::string_view rest = c;
        for (;;) {
            const std::size_t nl = rest.find('\n');
            std::string_view line = rest.substr(0, nl);
            if (line.ends_with('\r')) line.remove_suffix(1);
            out.emplace_back(line);
            if (nl == std::string_view::npos) break;
            rest.remove_prefix(nl + 1);
        }
    }
    comments = std::move(out);
}

inline void project_line(std::vector<kifu::shogi::move_format>& moves, shogi_target t, bool top) {
    std::vector<kifu::shogi::move_format> kept;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        kifu::shogi::move_format e = std::move(moves[i]);
        const bool text = t != shogi_target::jkf;  // JKF holds all of these
        if (text) split_comments(e.comments);
        if (text && e.time) {
            // Times are written as seconds: minutes past 59 and hours are the same time.
            auto& now = e.time->now;
            const long long seconds = static_cast<long long>(now.h.value_or(0)) * 3600 + now.m * 60LL + now.s;
            now.h.reset();
            now.m = static_cast<int>(seconds / 60);
            now.s = static_cast<int>(seconds % 60);
            if (t == shogi_target::kif) {
                now.ms.reset();
                if (e.time->total) e.time->total->ms.reset();
            }
            if (t == shogi_target::csa) e.time->total.reset();  // the reader sums them again
        }
        if (t == shogi_target::ki2) e.time.reset();
        if (e.move) {
            // 相対 words are notation: the KI2 writer writes the minimal ones, a KI2 reader keeps
            // what the file said (a superfluous 寄 too). The moves' origins say whether they were
            // right. CSA and JKF have no 同 of their own: the normalizer works it out.
            e.move->relative.clear();
            if (t == shogi_target::csa || t == shogi_target::jkf) e.move->same.reset();
        }
        if (t == shogi_target::csa) e.forks.clear();
        for (auto& fork : e.forks) project_line(fork, t, false);
        if (t == shogi_target::ki2 && !e.move && !e.special.empty() && !e.comments.empty()) {
            // The comments on the end are written before the まで line, so they go with the
            // last move (json-kifu-format reads no comment after a まで line).
            auto last = std::find_if(kept.rbegin(), kept.rend(), [](const auto& k) { return k.move.has_value(); });
            auto& to = last != kept.rend() ? last->comments : top && !kept.empty() ? kept.front().comments : e.comments;
            if (&to != &e.comments) {
                to.insert(to.end(), e.comments.begin(), e.comments.end());
                e.comments.clear();
            }
        }
        // An element with neither move nor special (only comments) cannot be written: its
        // comments go with the element before it.
        // KI2 ends a line of play with one まで line: a second special (floodgate repeats
        // %KACHI) is not held either.
        const bool repeated_end = t == shogi_target::ki2 && !e.move && !kept.empty() && !kept.back().move &&
                                  !kept.back().special.empty();
        const bool empty = text && !e.move && (e.special.empty() || repeated_end) && !(top && i == 0);
        if (empty && !kept.empty()) {
            auto& to = kept.back().comments;
            to.insert(to.end(), e.comments.begin(), e.comments.end());
            continue;
        }
        kept.push_back(std::move(e));
    }
    moves = std::move(kept);
}

}  // namespace detail_writer

/// Returns the part of a normalized record that format `t` holds, in the form reading it back
/// gives (docs/shogi-writers.md): comments one line each, times in seconds; KIF: no
/// milliseconds; KI2: no times; CSA: no forks, no totals (the reader sums them), 下手/上手 named
/// 先手/後手, the start as its preset when it is one; the 手合割 header left out (the KIF and
/// KI2 writers add it for a preset start, the CSA writer leaves it to the position).
inline kifu::shogi::jkf comparable(kifu::shogi::jkf r, shogi_target t) {
    detail_writer::project_line(r.moves, t, true);
    if (t == shogi_target::jkf) {
        // A JKF header is a JSON object: the reader does not keep the order of its keys.
        std::sort(r.header.begin(), r.header.end());
        return r;
    }
    std::vector<std::pair<std::string, std::string>> header;
    for (auto& [key, value] : r.header) {
        std::string k = key;
        std::string v = value;
        std::replace(v.begin(), v.end(), '\n', ' ');
        std::replace(v.begin(), v.end(), '\r', ' ');
        if (k == "手合割") continue;
        if (t == shogi_target::csa) {
            if (k.find(':') != std::string::npos) continue;
            if (k == "下手" && !r.find_header("先手")) k = "先手";
            if (k == "上手" && !r.find_header("後手")) k = "後手";
            if ((k == "先手" || k == "後手") && v.empty()) continue;  // `N+` with no name names nobody
        }
        header.emplace_back(std::move(k), std::move(v));
    }
    if (t == shogi_target::csa) {
        // `N+` and `N-` come first.
        auto rank = [&header](const std::pair<std::string, std::string>& h) {
            for (int side = 0; side < 2; ++side) {
                const char* key = side == 0 ? "先手" : "後手";
                auto first = std::find_if(header.begin(), header.end(), [key](const auto& e) { return e.first == key; });
                if (first != header.end() && &*first == &h) return side;
            }
            return 2;
        };
        std::vector<std::pair<int, std::pair<std::string, std::string>>> ranked;
        for (const auto& h : header) ranked.emplace_back(rank(h), h);
        std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        header.clear();
        for (auto& [n, h] : ranked) header.push_back(std::move(h));
    }
    r.header = std::move(header);
    if (t == shogi_target::csa && !r.initial) r.initial = kifu::shogi::initial_format{"HIRATE", std::nullopt};
    if (t == shogi_target::csa) {
        // The reader names a start that is a preset by the preset (json-kifu-format's restorePreset).
        std::optional<kifu::shogi::position> start;
        if (r.initial->data) {
            start = kifu::shogi::position::from_state(*r.initial->data);
        } else {
            start = kifu::shogi::position::from_preset(r.initial->preset);
        }
        r.initial->data.reset();
        r.initial->preset = "OTHER";
        if (start) {
            for (const auto& p : kifu::shogi::detail::presets) {
                if (kifu::shogi::position::from_preset(p.name) == start) {
                    r.initial->preset = std::string(p.name);
                    break;
                }
            }
            if (r.initial->preset == "OTHER") r.initial->data = start->to_state();
        }
    }
    return r;
}

/// Writes a record in format `t` (KIF and KI2 in `encoding`) and reads the text back; `text`
/// gets what was written. A failed write gives a result with no record and the writer's code.
inline kifu::read_result write_and_read(const kifu::shogi::jkf& record, shogi_target t, std::string& text,
                                        kifu::shogi::csa_version csa = kifu::shogi::csa_version::v3_0,
                                        kifu::shogi::text_encoding encoding = kifu::shogi::text_encoding::utf8) {
    kifu::shogi::write_result w;
    kifu::shogi::kakinoki_write_options kakinoki;
    kakinoki.encoding = encoding;
    switch (t) {
        case shogi_target::kif: w = kifu::shogi::write_kif(record, kakinoki); break;
        case shogi_target::ki2: w = kifu::shogi::write_ki2(record, kakinoki); break;
        case shogi_target::csa: {
            kifu::shogi::csa_write_options options;
            options.version = csa;
            w = kifu::shogi::write_csa(record, options);
            break;
        }
        case shogi_target::jkf: {
            kifu::json_writer json(w.text);
            kifu::shogi::write_jkf_to(json, record);
            break;
        }
    }
    text = w.text;
    kifu::read_result back;
    if (!w.ok()) {
        back.diagnostics.push_back(kifu::diagnostic{kifu::severity::error, w.code, w.message, "", 0, 0, -1});
        return back;
    }
    kifu::read_options options;
    options.format = std::string(name_of(t));
    options.encoding = encoding == kifu::shogi::text_encoding::utf8 ? "UTF-8" : "CP932";
    return kifu::read_buffer(text, std::string("written.") + std::string(name_of(t)), options);
}

}  // namespace kifu::test
