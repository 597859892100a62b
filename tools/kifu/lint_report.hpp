#pragma once

// The reports of `kifu lint`: gcc lines, JSON Lines, or one SARIF 2.1.0 log (the format
// code-scanning tools read), and the per-code severity overrides of -W.

#include <optional>
#include <string>
#include <vector>

#include <kifu/diagnostic.hpp>

namespace kifu::cli {

/// One -W CODE=error|warning|off: a code, or a pattern of codes where `*` stands for any text
/// (`text.*`), and the severity it gets, or nothing (off).
struct severity_override {
    std::string pattern;
    std::optional<severity> level;
};
/// The -W values in command-line order: a later one wins for a code both match.
using severity_overrides = std::vector<severity_override>;

/// Returns every diagnostic code kifu has (docs/diagnostics.md's list, `<format>.…` spelled out
/// for each format), sorted.
const std::vector<std::string>& known_codes();

/// Parses the -W values; returns false and sets `error` for a malformed one, and for a code
/// kifu does not have or a pattern that matches none of its codes (with the codes it may have
/// meant).
bool parse_overrides(const std::vector<std::string>& values, severity_overrides& out, std::string& error);

/// Applies the overrides: changes severities, drops the codes turned off.
void apply_overrides(const severity_overrides& overrides, std::vector<diagnostic>& diagnostics);

/// Collects the results of a SARIF log and writes the whole document at the end.
class sarif_log {
public:
    void add(const diagnostic& d);
    /// The SARIF 2.1.0 document: one run of the tool `kifu` with a rule per code seen.
    std::string document(const std::string& version) const;

private:
    std::vector<diagnostic> results_;
};

}  // namespace kifu::cli
