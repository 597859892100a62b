#pragma once

// The reports of `kifu lint`: gcc lines, JSON Lines, or one SARIF 2.1.0 log (the format
// code-scanning tools read), and the per-code severity overrides of -W.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <kifu/diagnostic.hpp>

namespace kifu::cli {

/// What -W CODE=error|warning|off makes of a code: a severity, or nothing (off).
using severity_overrides = std::map<std::string, std::optional<severity>>;

/// Parses the -W values; returns false and sets `error` for a malformed one.
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
