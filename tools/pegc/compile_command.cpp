// kifu-pegc [--check] [--Werror] [--output FILE] GRAMMAR.peg
//
// Compiles a kifu grammar (.peg) into one PEGTL header. Exit codes: 0 ok (warnings allowed,
// unless --Werror), 1 grammar errors (or warnings under --Werror), 2 usage or I/O problems.

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "checker.hpp"
#include "commands.hpp"
#include "diagnostics.hpp"
#include "emitter.hpp"
#include "lint.hpp"
#include "reader.hpp"

namespace kifu::pegc {
namespace {

constexpr const char* usage =
    "usage: kifu-pegc [--check] [--Werror] [--output FILE] GRAMMAR.peg\n"
    "       kifu-pegc run GRAMMAR.peg FILE... [--events] [--tree] [--trace] [--lenient] [-e ENCODING]\n"
    "       kifu-pegc test GRAMMAR.peg [CASES...] [--update] [--complete]\n";

// Writes only when the content differs, so that an unchanged header keeps its timestamp
// and nothing that includes it is rebuilt.
bool write_if_changed(const std::string& path, const std::string& content) {
    std::string old;
    if (read_whole_file(path, old) && old == content) return true;
    const std::string temp = path + ".tmp";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out || !out.write(content.data(), static_cast<std::streamsize>(content.size()))) return false;
    }
    std::error_code ec;
    std::filesystem::rename(temp, path, ec);
    return !ec;
}

bool is_identifier(const std::string& s) {
    if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
    for (const char c : s) {
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
    }
    return true;
}

}  // namespace

bool read_whole_file(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    out = buffer.str();
    return !in.bad();
}

int compile_command(const std::vector<std::string>& args) {
    bool check_only = false;
    bool warnings_fail = false;
    std::string output;
    std::string input;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--check") {
            check_only = true;
        } else if (args[i] == "--Werror") {
            warnings_fail = true;
        } else if (args[i] == "--output" && i + 1 < args.size()) {
            output = args[++i];
        } else if (args[i] == "--help" || args[i] == "-h") {
            std::cout << usage;
            return 0;
        } else if (args[i] == "--version") {
            std::cout << "kifu-pegc " << version << '\n';
            return 0;
        } else if (!args[i].empty() && args[i][0] != '-' && input.empty()) {
            input = args[i];
        } else {
            std::cerr << "kifu-pegc: unexpected argument '" << args[i] << "'\n" << usage;
            return 2;
        }
    }
    if (input.empty()) {
        std::cerr << usage;
        return 2;
    }
    const std::string stem = std::filesystem::path(input).stem().string();
    if (!is_identifier(stem)) {
        std::cerr << "kifu-pegc: the file name '" << stem
                  << "' must be a C++ identifier: it names the namespace kifu::grammar::" << stem << '\n';
        return 2;
    }
    std::string source;
    if (!read_whole_file(input, source)) {
        std::cerr << "kifu-pegc: cannot read '" << input << "'\n";
        return 2;
    }

    diagnostics diags;
    const std::optional<grammar> g = read_grammar(input, source, diags);
    analysis a;
    if (g) a = check_grammar(*g, diags);
    if (g && !diags.has_error()) lint_grammar(*g, a, diags);
    diags.print(std::cerr, input, source);
    if (!g || diags.has_error()) return 1;
    if (warnings_fail && diags.has_warning()) {
        std::cerr << "kifu-pegc: " << input << ": warnings are errors (--Werror)\n";
        return 1;
    }
    if (check_only) return 0;

    const std::string header = emit_header(*g, a);
    if (output.empty()) {
        std::cout << header;
        std::cout.flush();
        return std::cout ? 0 : 2;
    }
    if (!write_if_changed(output, header)) {
        std::cerr << "kifu-pegc: cannot write '" << output << "'\n";
        return 2;
    }
    return 0;
}

}  // namespace kifu::pegc
