// Shogi position codes: the position after N moves of a record (or an SFEN given on the
// command line) as SFEN, as a Shogi64 code, and back; and as a board diagram (BOD).

#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>

#include <kifu/kifu.hpp>

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: position_codes FILE PLY | position_codes --sfen SFEN\n";
        return 2;
    }
    std::optional<kifu::shogi::position> position;
    std::string error;
    if (std::string(argv[1]) == "--sfen") {
        position = kifu::shogi::parse_sfen(argv[2], &error);
    } else {
        const kifu::read_result result = kifu::read_file(argv[1]);
        const kifu::shogi::jkf* game = result.records.empty() ? nullptr : result.records.front().get<kifu::shogi::jkf>();
        if (game == nullptr) {
            std::cerr << argv[1] << ": no shogi game\n";
            return 1;
        }
        position = kifu::shogi::position_after(*game, std::strtoul(argv[2], nullptr, 10));
        if (!position) error = "the main line is shorter than that";
    }
    if (!position) {
        std::cerr << error << '\n';
        return 1;
    }

    const std::string sfen = kifu::shogi::to_sfen(*position);
    const std::optional<std::string> code = kifu::shogi::to_shogi64(*position, &error);
    if (!code) {
        std::cerr << "no Shogi64 code: " << error << '\n';
        return 1;
    }
    // Both codes read back to the same position.
    const std::optional<kifu::shogi::position> from_sfen = kifu::shogi::parse_sfen(sfen);
    const std::optional<kifu::shogi::position> from_code = kifu::shogi::parse_shogi64(*code);
    const bool same = from_sfen && from_code && kifu::shogi::to_sfen(*from_sfen) == sfen &&
                      kifu::shogi::to_sfen(*from_code) == sfen;
    std::cout << "sfen " << sfen << "\nshogi64 " << *code << "\nround trip " << (same ? "ok" : "FAILED") << '\n'
              << kifu::shogi::to_bod(*position);
    return same ? 0 : 1;
}
