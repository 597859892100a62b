// The CSA format's entry in the format list: sniffer, reader (parse + normalize), trace.

#include "shogi/formats.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/normalize.hpp>

#include "core/lines.hpp"
#include "shogi/csa_builder.hpp"

namespace kifu::inline v1::shogi {
namespace {

// `'CSA encoding=UTF-8` (V3.0) or Kifu for Windows' `'encoding=Shift_JIS` on the first line.
std::string declared_encoding(std::string_view first_line) {
    std::string_view rest;
    if (first_line.starts_with("'CSA encoding=")) {
        rest = first_line.substr(14);
    } else if (first_line.starts_with("'encoding=")) {
        rest = first_line.substr(10);
    } else {
        return {};
    }
    std::size_t n = 0;
    while (n < rest.size() && rest[n] != ' ' && rest[n] != '\t' && rest[n] != '\r') {
        ++n;
    }
    std::string name(rest.substr(0, n));
    for (char& c : name) {
        c = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    }
    // Shift_JIS files are decoded as CP932, its superset that Windows writes.
    if (name == "SHIFT_JIS" || name == "SHIFT-JIS" || name == "SJIS") {
        return "CP932";
    }
    return name;
}

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
bool is_upper(char c) noexcept { return c >= 'A' && c <= 'Z'; }

// A line that only CSA writes: a version, a P line, a move, a side line.
bool is_strong_line(std::string_view l) noexcept {
    if (l.size() >= 2 && l[0] == 'V' && is_digit(l[1])) return true;
    if (l.size() >= 2 && l[0] == 'P' && (is_digit(l[1]) || l[1] == 'I' || l[1] == '+' || l[1] == '-')) return true;
    if (l.size() >= 7 && (l[0] == '+' || l[0] == '-') && is_digit(l[1]) && is_digit(l[2]) && is_digit(l[3]) &&
        is_digit(l[4]) && is_upper(l[5]) && is_upper(l[6]))
        return true;
    return (l == "+" || l == "-");
}

// A line CSA allows at all.
bool is_csa_line(std::string_view l) noexcept {
    if (l.empty()) return false;
    switch (l[0]) {
        case '\'': return true;
        case '$': return l.size() >= 2 && is_upper(l[1]);
        case 'N': return l.size() >= 2 && (l[1] == '+' || l[1] == '-');
        case 'T': return l.size() >= 2 && is_digit(l[1]);
        case '%': return l.size() >= 2 && (is_upper(l[1]) || l[1] == '+' || l[1] == '-');
        case '/': return l.size() == 1;
        default: return is_strong_line(l);
    }
}

// CSA when the lines are CSA's and some only CSA writes. FitsOnly: the score only needs to be
// above 0 (format_entry::sniff_fits), which a CSA-only line and one more CSA line settle:
// csa * 100 / lines is then at least 200 / 200.
template <bool FitsOnly>
int sniff_csa(std::string_view bytes, std::string& declared) {
    if (bytes.starts_with("\xEF\xBB\xBF")) {
        bytes.remove_prefix(3);
    }
    int lines = 0;
    int csa = 0;
    int strong = 0;
    bool first = true;
    std::size_t pos = 0;
    // Looking at the first 200 lines is enough: a CSA record starts with its header and position.
    while (pos < bytes.size() && lines < 200) {
        std::size_t end = kifu::detail::find_line_break(bytes, pos);
        if (end == std::string_view::npos) end = bytes.size();
        std::string_view l = bytes.substr(pos, end - pos);
        pos = end + 1;
        while (!l.empty() && (l.back() == ' ' || l.back() == '\t')) l.remove_suffix(1);
        if (l.empty()) continue;
        if (first) {
            declared = declared_encoding(l);
            first = false;
            if (l.starts_with("'CSA encoding=")) return 100;
        }
        ++lines;
        // Several statements per line: the first one decides.
        const std::string_view head = l.substr(0, l.find(','));
        csa += is_csa_line(head) ? 1 : 0;
        strong += is_strong_line(head) ? 1 : 0;
        if constexpr (FitsOnly) {
            if (strong != 0 && csa >= 2) return 1;
        }
    }
    if (lines == 0 || strong == 0) return 0;
    return csa * 100 / lines;
}

void read_csa(const source_text& text, const read_options& options, read_result& out) {
    std::vector<jkf> games;
    std::vector<bool> game_errors;
    const bool parsed = detail::parse_csa(text, options.mode, games, out.diagnostics, &game_errors);
    (void)parsed;  // the games completed before a strict error are kept, and normalized below
    // One game at a time, so that each record knows whether an error was its own.
    for (std::size_t i = 0; i < games.size(); ++i) {
        const std::size_t since = out.diagnostics.size();
        if (!detail::keep_game(games[i], source_format::csa, text, options, out)) break;  // strict: the read ends
        out.records.back().has_error = game_errors[i] || has_error_since(out.diagnostics, since);
    }
}

}  // namespace

format_entry csa_format() {
    format_entry f;
    f.name = "csa";
    f.game = kifu::game::shogi;
    f.description = "CSA standard record format (V1, V2, V2.1, V2.2, V3.0)";
    f.extensions = {".csa"};
    f.many_games = true;
    f.fallback_encoding = "CP932";
    f.sniff = &sniff_csa<false>;
    f.sniff_fits = &sniff_csa<true>;
    f.read_text = &read_csa;
    f.trace = &detail::trace_csa;
    return f;
}

}  // namespace kifu::shogi
