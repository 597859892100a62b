#include "lint_report.hpp"

#include <set>

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

bool parse_overrides(const std::vector<std::string>& values, severity_overrides& out, std::string& error) {
    for (const std::string& v : values) {
        const std::size_t eq = v.find('=');
        const std::string code = eq == std::string::npos ? std::string() : v.substr(0, eq);
        const std::string level = eq == std::string::npos ? std::string() : v.substr(eq + 1);
        if (code.empty()) {
            error = "-W " + v + ": expected CODE=error|warning|off";
            return false;
        }
        if (level == "error") {
            out[code] = severity::error;
        } else if (level == "warning") {
            out[code] = severity::warning;
        } else if (level == "off") {
            out[code] = std::nullopt;
        } else {
            error = "-W " + v + ": the level must be error, warning or off";
            return false;
        }
    }
    return true;
}

void apply_overrides(const severity_overrides& overrides, std::vector<diagnostic>& diagnostics) {
    if (overrides.empty()) return;
    std::vector<diagnostic> kept;
    kept.reserve(diagnostics.size());
    for (diagnostic& d : diagnostics) {
        const auto it = overrides.find(d.code);
        if (it == overrides.end()) {
            kept.push_back(std::move(d));
        } else if (it->second) {
            d.severity = *it->second;
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
