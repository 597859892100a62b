// kifu-pegc: compiles a kifu grammar (.peg) into one PEGTL header, or tries it.
//
//   kifu-pegc [--check] [--Werror] [--output FILE] GRAMMAR.peg
//   kifu-pegc run GRAMMAR.peg FILE... [--events] [--tree] [--trace] [--lenient] [-e ENCODING]
//   kifu-pegc test GRAMMAR.peg [CASES...] [--update] [--complete]
//
// Exit codes: 0 ok (warnings allowed), 1 errors in the grammar (compiling) or in the inputs
// (run, test), 2 usage problems (compile_command.cpp and commands.hpp say which).

#include <string>
#include <vector>

#include "commands.hpp"

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "run") return kifu::pegc::run_command({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "test") return kifu::pegc::test_command({args.begin() + 1, args.end()});
    return kifu::pegc::compile_command(args);
}
