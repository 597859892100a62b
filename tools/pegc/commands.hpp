#pragma once

// The subcommands of kifu-pegc: compiling (compile_command.cpp, also all of
// kifu-pegc-bootstrap), `run` (interpret a grammar on files) and `test` (a grammar's example
// cases), and what the last two share.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast.hpp"
#include "checker.hpp"
#include "interpreter.hpp"

namespace kifu::pegc {

/// Exit codes, as `kifu` uses them: 0 ok, 1 the input has errors (or cannot be read, a case
/// fails), 2 usage problems (a grammar that cannot be read or has errors too).
inline constexpr int exit_ok = 0;
inline constexpr int exit_input = 1;
inline constexpr int exit_usage = 2;

/// A grammar read and checked, ready to interpret.
struct loaded_grammar {
    grammar g;
    analysis a;
    std::unique_ptr<interpreter> run;
    /// What the grammar's `@code` declares (else the file's stem): diagnostics say
    /// "<code>.syntax", as the library's.
    std::string code_prefix;
};

/// Reads and checks a grammar; prints its diagnostics to stderr. Null when it cannot be run.
/// (Held by pointer: the interpreter refers to the grammar and analysis beside it.)
std::unique_ptr<loaded_grammar> load_grammar(const std::string& path);

/// Reads a whole file; false when it cannot be read.
bool read_whole_file(const std::string& path, std::string& out);

/// Renders the events of a run, one a line: `line:col rule "matched text"`.
std::string render_events(const loaded_grammar& grammar, std::string_view text, const run_result& result);

/// Renders the errors of a run, one a line: `<prefix>line:col: error: message [code]`.
std::string render_errors(const loaded_grammar& grammar, std::string_view text, const run_result& result,
                          const std::string& prefix);

int compile_command(const std::vector<std::string>& args);
int run_command(const std::vector<std::string>& args);
int test_command(const std::vector<std::string>& args);

}  // namespace kifu::pegc
