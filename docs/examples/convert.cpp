// Converts a record to another format through kifu's writer registry: `convert FILE kif`
// prints the KIF of the game in FILE; `convert --list` prints every writer.

#include <iostream>
#include <string>

#include <kifu/kifu.hpp>

int main(int argc, char** argv) {
    if (argc == 2 && std::string(argv[1]) == "--list") {
        for (const kifu::writer_info& w : kifu::writers()) {
            std::cout << w.name << " (" << (w.game ? kifu::to_string(*w.game) : "any game") << ", "
                      << (w.many_games ? "many games" : "one game") << ", " << w.extension << "): " << w.description
                      << '\n';
        }
        return 0;
    }
    if (argc != 3) {
        std::cerr << "usage: convert FILE WRITER | convert --list\n";
        return 2;
    }
    const kifu::read_result input = kifu::read_file(argv[1]);
    for (const kifu::diagnostic& d : input.diagnostics) std::cerr << kifu::format_gcc(d) << '\n';
    if (!input.ok()) return 1;

    const kifu::writer_info* writer = kifu::find_writer(argv[2]);
    if (writer == nullptr) {
        std::cerr << "no writer " << argv[2] << "; convert --list lists them\n";
        return 2;
    }
    kifu::write_options options;
    options.source = argv[1];
    const kifu::write_result output = kifu::write(input.records, *writer, options);
    for (const kifu::diagnostic& d : output.diagnostics) std::cerr << kifu::format_gcc(d) << '\n';
    if (!output.ok()) return 1;  // e.g. a go game given to a shogi writer
    std::cout << output.text;
    return 0;
}
