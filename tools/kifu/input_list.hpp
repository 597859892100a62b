#pragma once

// The inputs of a batch command: the command line's files, directories (walked
// recursively), `-` (stdin) and `--files-from` lists, expanded into one ordered list.

#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>

namespace kifu::cli {

/// One input of a batch.
struct input_item {
    std::string arg;       ///< what to open: a path, or "-" for stdin
    std::string relative;  ///< the output's place under `-o DIR`: the path below the directory
                           ///< argument it was found in, else the file name ("stdin" for "-")
};

/// How the command line's inputs expand.
struct input_list_options {
    std::vector<std::string> args;  ///< files, directories, "-"
    std::string files_from;         ///< a file of input names, one per line ("-" = stdin); empty = none
    bool all_files = false;         ///< directories: every file, not only the registered extensions
};

/// Expands the inputs in order: a directory becomes its files (recursively, sorted by path
/// so every run sees the same order; only files with a registered format's extension unless
/// `all_files`), a `--files-from` list its lines (blank lines skipped) after the arguments.
/// Problems (a missing list, an unreadable directory) are added to `problems`; the
/// inputs that could be listed are still returned. `named`, when given, receives every name
/// the inputs gave (arguments and list lines, files and directories alike, as written).
std::vector<input_item> expand_inputs(const input_list_options& options, std::vector<diagnostic>& problems,
                                      std::vector<std::string>* named = nullptr);

/// Returns true when `name`'s extension (any case) is one a registered format claims.
bool has_registered_extension(std::string_view name);

}  // namespace kifu::cli
