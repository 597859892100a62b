// Reads a game record in any format kifu knows, prints its diagnostics on stderr and
// the normalized JKF of every game in it on stdout.

#include <iostream>

#include <kifu/kifu.hpp>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: read_jkf FILE\n";
        return 2;
    }
    kifu::read_options options;  // format and encoding detected; strict reading
    const kifu::read_result result = kifu::read_file(argv[1], options);
    for (const kifu::diagnostic& d : result.diagnostics) {
        std::cerr << kifu::format_gcc(d) << '\n';
    }
    std::cout << "format " << result.format << ", encoding " << result.encoding << '\n';
    for (const kifu::record& game : result.records) {
        std::cout << "game " << game.index << ": " << kifu::to_jkf(game) << '\n';
    }
    return result.ok() ? 0 : 1;
}
