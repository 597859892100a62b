#include "lint_report.hpp"

#include <algorithm>
#include <set>
#include <string_view>

#include <fmt/core.h>

#include <kifu/format.hpp>

#include <kifu/json_writer.hpp>

namespace kifu::cli {
namespace {

// A file name as a relative URI reference: unreserved bytes and `/` stay, the rest is
// percent-encoded ("<stdin>" becomes "%3Cstdin%3E").
std::string uri_of(const std::string& file) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string uri;
    for (const char ch : file) {
        const auto c = static_cast<unsigned char>(ch);
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
            c == '_' || c == '~' || c == '/') {
            uri += ch;
        } else {
            uri += '%';
            uri += hex[c >> 4];
            uri += hex[c & 15];
        }
    }
    return uri;
}

}  // namespace

const std::vector<std::string>& known_codes() {
    static const std::vector<std::string> codes = [] {
        static constexpr std::string_view listed[] = {
#include "diagnostic_codes.inc"
        };
        std::set<std::string> all;
        for (const std::string_view code : listed) {
            constexpr std::string_view any_format = "<format>.";
            if (!code.starts_with(any_format)) {
                all.emplace(code);
                continue;
            }
            for (const format_info& f : formats()) all.insert(std::string(f.name) + std::string(code.substr(any_format.size() - 1)));
        }
        return std::vector<std::string>(all.begin(), all.end());
    }();
    return codes;
}

namespace {

// `*` in a pattern stands for any text, even none.
bool matches(std::string_view pattern, std::string_view code) noexcept {
    std::size_t p = 0;
    std::size_t c = 0;
    std::size_t star = std::string_view::npos;
    std::size_t resume = 0;
    while (c < code.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = c;
        } else if (p < pattern.size() && pattern[p] == code[c]) {
            ++p;
            ++c;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            c = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*') ++p;
    return p == pattern.size();
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

// The codes a mistyped one may have meant: the nearest by edit distance (at most a third of its
// length away); else, for a family (the part before the first dot) spelled nearly as one of
// kifu's, the same pattern on that family (`txt.*` → `text.*`) or that family's codes; at most
// five.
std::vector<std::string> close_codes(std::string_view wanted) {
    const std::vector<std::string>& codes = known_codes();
    const bool pattern = wanted.find('*') != std::string_view::npos;
    std::vector<std::pair<std::size_t, std::string>> scored;
    if (!pattern) {
        const std::size_t limit = std::max<std::size_t>(2, wanted.size() / 3);
        for (const std::string& code : codes) {
            const std::size_t d = edit_distance(wanted, code);
            if (d <= limit) scored.emplace_back(d, code);
        }
    }
    if (scored.empty()) {
        const std::string_view family = wanted.substr(0, wanted.find('.'));
        const std::string_view rest = wanted.substr(family.size());
        std::set<std::string> seen;
        for (const std::string& code : codes) {
            const std::string_view other = std::string_view(code).substr(0, code.find('.'));
            const std::size_t d = edit_distance(family, other);
            if (family.find('*') != std::string_view::npos || d > family.size() / 3) continue;
            std::string suggestion = pattern ? std::string(other) + std::string(rest) : code;
            if (pattern && std::none_of(codes.begin(), codes.end(), [&](const std::string& c) { return matches(suggestion, c); })) {
                continue;
            }
            if (seen.insert(suggestion).second) scored.emplace_back(d, std::move(suggestion));
        }
        std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    } else {
        std::sort(scored.begin(), scored.end());
    }
    std::vector<std::string> out;
    for (auto& [d, code] : scored) {
        if (out.size() == 5) break;
        out.push_back(std::move(code));
    }
    return out;
}

std::string unknown_code_message(const std::string& value, const std::string& code) {
    const bool pattern = code.find('*') != std::string::npos;
    std::string message = pattern ? fmt::format("-W {}: the pattern '{}' matches no diagnostic code", value, code)
                                  : fmt::format("-W {}: no diagnostic has the code '{}'", value, code);
    const std::vector<std::string> close = close_codes(code);
    if (close.empty()) return message + " (docs/diagnostics.md lists every code)";
    message += close.size() == 1 ? "; did you mean " : "; did you mean one of ";
    for (std::size_t i = 0; i < close.size(); ++i) message += (i == 0 ? "" : ", ") + close[i];
    return message + "?";
}

}  // namespace

bool parse_overrides(const std::vector<std::string>& values, severity_overrides& out, std::string& error) {
    for (const std::string& v : values) {
        const std::size_t eq = v.find('=');
        const std::string code = eq == std::string::npos ? std::string() : v.substr(0, eq);
        const std::string level = eq == std::string::npos ? std::string() : v.substr(eq + 1);
        if (code.empty()) {
            error = "-W " + v + ": expected CODE=error|warning|off";
            return false;
        }
        severity_override o{code, std::nullopt};
        if (level == "error") {
            o.level = severity::error;
        } else if (level == "warning") {
            o.level = severity::warning;
        } else if (level != "off") {
            error = "-W " + v + ": the level must be error, warning or off";
            return false;
        }
        // A typo in a CI configuration would otherwise change nothing, silently.
        const std::vector<std::string>& codes = known_codes();
        if (std::none_of(codes.begin(), codes.end(), [&](const std::string& c) { return matches(code, c); })) {
            error = unknown_code_message(v, code);
            return false;
        }
        out.push_back(std::move(o));
    }
    return true;
}

void apply_overrides(const severity_overrides& overrides, std::vector<diagnostic>& diagnostics) {
    if (overrides.empty()) return;
    std::vector<diagnostic> kept;
    kept.reserve(diagnostics.size());
    for (diagnostic& d : diagnostics) {
        const auto last = std::find_if(overrides.rbegin(), overrides.rend(),
                                       [&](const severity_override& o) { return matches(o.pattern, d.code); });
        if (last == overrides.rend()) {
            kept.push_back(std::move(d));
        } else if (last->level) {
            d.severity = *last->level;
            kept.push_back(std::move(d));
        }
    }
    diagnostics = std::move(kept);
}

void sarif_log::add(const diagnostic& d) { results_.push_back(d); }

std::string sarif_log::document(const std::string& version) const {
    std::set<std::string> codes;
    for (const diagnostic& d : results_) codes.insert(d.code);
    std::string out;
    json_writer w(out, true);
    w.begin_object();
    w.member("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    w.member("version", "2.1.0");
    w.key("runs");
    w.begin_array();
    w.begin_object();
    w.key("tool");
    w.begin_object();
    w.key("driver");
    w.begin_object();
    w.member("name", "kifu");
    w.member("version", version);
    w.key("rules");
    w.begin_array();
    for (const std::string& code : codes) {
        w.begin_object();
        w.member("id", code);
        w.end_object();
    }
    w.end_array();
    w.end_object();
    w.end_object();
    w.key("results");
    w.begin_array();
    for (const diagnostic& d : results_) {
        w.begin_object();
        w.member("ruleId", d.code);
        w.member("level", to_string(d.severity));
        w.key("message");
        w.begin_object();
        w.member("text", d.ply >= 0 ? d.message + " (ply " + std::to_string(d.ply) + ")" : d.message);
        w.end_object();
        w.key("locations");
        w.begin_array();
        w.begin_object();
        w.key("physicalLocation");
        w.begin_object();
        w.key("artifactLocation");
        w.begin_object();
        w.member("uri", uri_of(d.file));
        w.end_object();
        if (d.line > 0) {
            w.key("region");
            w.begin_object();
            w.member("startLine", static_cast<std::uint64_t>(d.line));
            if (d.column > 0) w.member("startColumn", static_cast<std::uint64_t>(d.column));
            w.end_object();
        }
        w.end_object();
        w.end_object();
        w.end_array();
        w.end_object();
    }
    w.end_array();
    w.end_object();
    w.end_array();
    w.end_object();
    out += '\n';
    return out;
}

}  // namespace kifu::cli
