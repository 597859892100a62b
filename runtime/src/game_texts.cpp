// Multi-game texts cut where no game is open, and decoded game by game (game_texts.hpp).
//
// A file of many games is often a merge of files from different sources, each game declaring
// its own encoding (`'CSA encoding=`, SGF `CA[]`). Each part of the text — from one cut to the
// next, a game and the lines around it — is decoded in the encoding its own bytes call for, and
// runs of parts in one encoding are decoded together. The diagnostics that sum up a decoding
// (the cap of bad-bytes lines, `text.wrong-encoding`, `text.nul`) are said per part, so that
// they do not depend on how much text was decoded at once: read_file decodes the whole file,
// read_stream a piece of about 128 KiB at a time, and both must say the same.

#include "game_texts.hpp"

#include <iconv.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>

#include "core/decode.hpp"
#include "core/source_text_access.hpp"
#include "core/utf8.hpp"

namespace kifu::inline v1::detail {

std::optional<game_cut> game_cutter::scan(std::string_view buffer, std::vector<std::size_t>* all) {
    std::optional<game_cut>& last = last_;
    const auto found = [&](game_cut c) {
        last = c;
        if (all != nullptr) all->push_back(c.next);
    };
    for (; scanned_ < buffer.size(); ++scanned_) {
        const char c = buffer[scanned_];
        if (format_ == "csa") {
            if (c == '\n') {
                // The line that ended here is `/` (a CR before the LF allowed).
                std::string_view line = buffer.substr(line_start_, scanned_ - line_start_);
                if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
                if (line == "/") found(game_cut{line_start_, scanned_ + 1});
                line_start_ = scanned_ + 1;
            }
            continue;
        }
        if (format_ == "sgf") {
            const bool blank = c == ' ' || c == '\t' || c == '\r' || c == '\n';
            // A `(` that starts a line opens a game tree only when a node follows it: `()` or
            // `(x` is read with the trees around it (an empty tree, junk), as the whole read
            // reads it.
            if (candidate_ != 0 && !blank) {
                if (c == ';') found(game_cut{candidate_, candidate_});
                candidate_ = 0;
            }
            if (in_value_) {
                if (escaped_) escaped_ = false;
                else if (c == '\\') escaped_ = true;
                else if (c == ']') in_value_ = false;
            } else if (c == '[') {
                in_value_ = true;
                if (depth_ == 0) dirty_ = true;
            } else if (c == '(') {
                ++depth_;
            } else if (c == ')') {
                if (depth_ > 0 && --depth_ == 0) dirty_ = false;
            } else if (c == '\n' && depth_ == 0) {
                pending_ = scanned_ + 1;
            } else if (depth_ == 0 && !blank) {
                dirty_ = true;
            }
            // A cut waits for what follows the line break: only a line that starts a game tree
            // starts a piece, and only when nothing but white space came after the tree before
            // it, so that text after a `)` (a node after its tree, junk) is read with the trees
            // around it, as the whole read reads it.
            if (pending_ != 0 && depth_ <= 1 && !blank) {
                if (c == '(' && depth_ == 1 && !dirty_) candidate_ = pending_;
                pending_ = 0;
            }
            continue;
        }
        // GGF: no escapes; a value ends at `]` (or where a game opens), a game at `;)`.
        const char before = scanned_ > 0 ? buffer[scanned_ - 1] : '\0';
        if (c == ';' && before == '(') {
            open_ = true;
            in_value_ = false;
        } else if (in_value_) {
            if (c == ']') in_value_ = false;
        } else if (c == '[') {
            in_value_ = true;
        } else if (c == ')' && before == ';') {
            open_ = false;
        } else if (c == '\n' && !open_) {
            found(game_cut{scanned_ + 1, scanned_ + 1});
        }
    }
    return last;
}

void game_cutter::shift(std::size_t n) noexcept {
    last_.reset();
    scanned_ -= n;
    pending_ = pending_ >= n ? pending_ - n : 0;
    candidate_ = candidate_ >= n ? candidate_ - n : 0;
    line_start_ = line_start_ >= n ? line_start_ - n : 0;
}

namespace {

constexpr std::size_t sniff_window = 64 * 1024;

bool is_line_break(std::string_view s, std::size_t i) noexcept {
    return s[i] == '\n' || (s[i] == '\r' && (i + 1 == s.size() || s[i + 1] != '\n'));
}

// Plain ASCII reads the same in every encoding a part may have (ESC excepted: ISO-2022-JP).
bool is_plain_ascii(std::string_view bytes) noexcept {
    return is_ascii(bytes) && bytes.find('\x1B') == std::string_view::npos;
}

bool is_wide(std::string_view encoding) noexcept {
    return encoding.starts_with("UTF-16") || encoding.starts_with("UTF-32") || encoding.starts_with("UCS");
}

bool iconv_knows(const std::string& name) {
    if (name == "UTF-8" || name == "CP932") return true;
    const iconv_t cd = iconv_open("UTF-8", name.c_str());
    if (cd == reinterpret_cast<iconv_t>(-1)) return false;
    iconv_close(cd);
    return true;
}

// The encoding of one part (empty: plain ASCII, which goes with its neighbours). An encoding it
// declares that iconv does not know is said here, at the part's first line, and read as UTF-8
// (said once per declaration, however the parts are decoded together).
std::string part_encoding(std::string_view part, const format_entry& format, game_decoding& state, const std::string& name,
                          std::size_t lines_before, std::vector<diagnostic>& diagnostics) {
    if (part.starts_with("\xEF\xBB\xBF")) return "UTF-8";
    std::string declared;
    if (const auto sniffer = format.sniff_fits ? format.sniff_fits : format.sniff) {
        sniffer(part.substr(0, std::min(part.size(), sniff_window)), declared);
    }
    // A wide encoding is never one part of an ASCII-compatible file (such a file is not cut).
    if (!declared.empty() && !is_wide(declared)) {
        state.declared = normalize_encoding_name(declared);
        if (!iconv_knows(state.declared)) {
            diagnostic d;
            d.severity = severity::error;
            d.code = "text.unknown-encoding";
            d.message = "unknown encoding \"" + state.declared + "\"; read as UTF-8";
            d.file = name;
            d.line = static_cast<std::uint32_t>(lines_before + 1);
            d.column = 1;
            diagnostics.push_back(std::move(d));
            state.declared = "UTF-8";
        }
        return state.declared;
    }
    if (is_plain_ascii(part)) return {};
    if (is_valid_utf8(part)) return "UTF-8";
    if (!state.declared.empty()) return state.declared;
    return fallback_encoding(part, format.fallback_encoding);
}

// The text offset of each part's start (`lines`: the line breaks before it).
std::size_t text_offset(std::string_view text, std::size_t lines) {
    std::size_t line = 0;
    std::size_t i = 0;
    for (; line < lines && i < text.size(); ++i) line += is_line_break(text, i);
    return i;
}

// The part that holds 1-based line `line`.
std::size_t part_of(const std::vector<std::size_t>& part_lines, std::size_t line) {
    const auto after = std::lower_bound(part_lines.begin(), part_lines.end(), line);
    return after == part_lines.begin() ? 0 : static_cast<std::size_t>(after - part_lines.begin() - 1);
}

}  // namespace

games_text decode_games(std::string name, std::string_view bytes, std::string* owned, const format_entry& format,
                        const read_options& options, std::string_view input_encoding, bool at_start, game_decoding& state,
                        std::vector<diagnostic>& diagnostics) {
    games_text out;
    // The parts: from each cut to the next.
    std::vector<std::size_t> parts{0};
    game_cutter(format.name).scan(bytes, &parts);
    if (parts.size() > 1 && parts.back() >= bytes.size()) parts.pop_back();
    out.part_lines.reserve(parts.size());
    {
        std::size_t line = 0;
        std::size_t i = 0;
        for (const std::size_t start : parts) {
            for (; i < start; ++i) line += is_line_break(bytes, i);
            out.part_lines.push_back(line);
        }
    }
    const std::size_t since = diagnostics.size();

    // Each part's encoding, and runs of parts in one encoding.
    struct run {
        std::size_t first;  // part
        std::size_t end;    // part after the last
        std::string encoding;
    };
    std::vector<run> runs;
    if (!options.encoding.empty()) {
        runs.push_back({0, parts.size(), options.encoding.empty() ? std::string(input_encoding) : options.encoding});
    } else {
        for (std::size_t k = 0; k < parts.size(); ++k) {
            const std::size_t end = k + 1 < parts.size() ? parts[k + 1] : bytes.size();
            std::string encoding = part_encoding(bytes.substr(parts[k], end - parts[k]), format, state, name,
                                                 out.part_lines[k], diagnostics);
            if (runs.empty()) {
                runs.push_back({k, k + 1, std::move(encoding)});
            } else if (encoding.empty() || encoding == runs.back().encoding) {
                runs.back().end = k + 1;
            } else if (runs.back().encoding.empty()) {
                runs.back().end = k + 1;  // plain ASCII so far: the run takes this part's encoding
                runs.back().encoding = std::move(encoding);
            } else {
                runs.push_back({k, k + 1, std::move(encoding)});
            }
        }
        if (runs.back().encoding.empty()) runs.back().encoding = std::string(input_encoding);
    }

    if (runs.size() == 1) {
        decode_options decoding;
        decoding.forced = runs.front().encoding;
        out.text = decode_parts(std::move(name), bytes, owned, decoding, diagnostics, parts, at_start);
        out.encoding = out.text.encoding();
        // An encoding given for all that iconv does not know is said once, with the first piece.
        if (!at_start && !options.encoding.empty()) {
            diagnostics.erase(std::remove_if(diagnostics.begin() + static_cast<std::ptrdiff_t>(since), diagnostics.end(),
                                             [](const diagnostic& d) { return d.code == "text.unknown-encoding"; }),
                              diagnostics.end());
        }
    } else {
        std::string joined;
        joined.reserve(bytes.size() + bytes.size() / 4);
        for (std::size_t r = 0; r < runs.size(); ++r) {
            const std::size_t from = parts[runs[r].first];
            const std::size_t to = runs[r].end < parts.size() ? parts[runs[r].end] : bytes.size();
            std::vector<std::size_t> starts;
            for (std::size_t k = runs[r].first; k < runs[r].end; ++k) starts.push_back(parts[k] - from);
            decode_options decoding;
            decoding.forced = runs[r].encoding;
            std::vector<diagnostic> said;
            const source_text text =
                decode_parts(name, bytes.substr(from, to - from), nullptr, decoding, said, starts, at_start && r == 0);
            const auto shift = static_cast<std::uint32_t>(out.part_lines[runs[r].first]);
            for (diagnostic& d : said) {
                if (d.line != 0) d.line += shift;
                diagnostics.push_back(std::move(d));
            }
            if (r == 0) out.encoding = text.encoding();
            joined += text.text();
        }
        out.text = source_text_access::checked(std::move(name), std::move(joined), out.encoding);
    }

    // Strict reading ends at the first error: the text ends before the part that holds it.
    if (options.mode == read_mode::strict) {
        // The said errors come per run of one encoding: the first is the one of the lowest line.
        auto first = diagnostics.end();
        for (auto it = diagnostics.begin() + static_cast<std::ptrdiff_t>(since); it != diagnostics.end(); ++it) {
            if (it->severity == severity::error && it->line != 0 && (first == diagnostics.end() || it->line < first->line)) first = it;
        }
        if (first != diagnostics.end()) {
            const std::size_t k = part_of(out.part_lines, first->line);
            const std::size_t end_line = k + 1 < out.part_lines.size() ? out.part_lines[k + 1] : std::numeric_limits<std::size_t>::max();
            diagnostics.erase(std::remove_if(diagnostics.begin() + static_cast<std::ptrdiff_t>(since), diagnostics.end(),
                                             [&](const diagnostic& d) { return d.line != 0 && d.line > end_line; }),
                              diagnostics.end());
            const std::string_view all = out.text.text();
            std::string kept(all.substr(0, text_offset(all, out.part_lines[k])));
            std::string file(out.text.file_name());
            out.text = source_text_access::checked(std::move(file), std::move(kept), out.encoding);
        }
    }
    return out;
}

void drop_after_first_error(std::vector<diagnostic>& diagnostics, const std::vector<std::size_t>& part_lines) {
    const auto first = std::find_if(diagnostics.begin(), diagnostics.end(),
                                    [](const diagnostic& d) { return d.severity == severity::error && d.line != 0; });
    if (first == diagnostics.end()) return;
    const std::size_t k = part_of(part_lines, first->line);
    if (k + 1 >= part_lines.size()) return;
    const std::size_t end_line = part_lines[k + 1];
    // Only what decoding said: a reader's own report after its first error is its own (the SGF
    // parser reports every syntax error of the input before the games are replayed).
    diagnostics.erase(std::remove_if(first, diagnostics.end(),
                                     [&](const diagnostic& d) { return d.line != 0 && d.line > end_line && d.code.starts_with("text."); }),
                      diagnostics.end());
}

}  // namespace kifu::detail
