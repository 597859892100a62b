// The shogi writers of the writer list: KIF and KI2 (CP932, UTF-8), CSA (V3.0, V2.2), USI and
// SFEN, each calling the format's own writer (kifu/shogi/write.hpp, kifu/shogi/sfen.hpp).

#include "shogi/writers.hpp"

#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>

#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/sfen.hpp>
#include <kifu/shogi/write.hpp>

namespace kifu::inline v1::shogi {
namespace {

using kifu::detail::write_call;

// The registry checked the game of every record.
const jkf& game_of(const write_call& call, std::size_t i) { return *call.records[i].get<jkf>(); }

// Appends what a format's writer wrote, or fails with its code and message.
bool take(write_call& call, write_result& written) {
    if (!written.ok()) return kifu::detail::fail(call, written.code, std::move(written.message));
    if (call.out.empty()) call.out = std::move(written.text);
    else call.out += written.text;
    return true;
}

bool write_kakinoki(write_call& call, bool ki2, text_encoding encoding) {
    if (call.records.size() != 1) {
        return kifu::detail::fail(call, "write.one-game",
                                  fmt::format("holds {} games; -t {} writes one game per file (-t csa or -t jkf write several)",
                                              call.records.size(), call.writer));
    }
    kakinoki_write_options options;
    options.encoding = encoding;
    options.declare_encoding = call.options.declare_encoding;
    write_result written = ki2 ? write_ki2(game_of(call, 0), options) : write_kif(game_of(call, 0), options);
    return take(call, written);
}

bool write_csa_games(write_call& call, csa_version version) {
    std::vector<const jkf*> games;
    games.reserve(call.records.size());
    for (std::size_t i = 0; i < call.records.size(); ++i) games.push_back(&game_of(call, i));
    csa_write_options options;
    options.version = version;
    write_result written = write_csa(games, options);
    return take(call, written);
}

// Each game's main line as a `position sfen … moves …` line.
bool write_usi(write_call& call) {
    for (std::size_t i = 0; i < call.records.size(); ++i) {
        call.out += to_usi_position(game_of(call, i));
        call.out += '\n';
    }
    return true;
}

// The SFEN of each game's position after its main line, or after write_options::ply moves.
bool write_sfen(write_call& call) {
    const int ply = call.options.ply;
    for (std::size_t i = 0; i < call.records.size(); ++i) {
        const jkf& game = game_of(call, i);
        const std::size_t moves = main_line(game).size();
        const std::size_t at = ply >= 0 ? static_cast<std::size_t>(ply) : moves;
        const std::optional<position> p = position_after(game, at);
        if (!p) {
            return kifu::detail::fail(call, "write.ply",
                                      fmt::format("game {} has {} move{} in its main line; --ply {} is past its end",
                                                  kifu::detail::game_number(call, i), moves, moves == 1 ? "" : "s", ply));
        }
        call.out += to_sfen(*p, static_cast<int>(at) + 1);
        call.out += '\n';
    }
    return true;
}

kifu::detail::writer shogi_writer(std::string_view name, std::string_view description, std::string_view extension,
                                  bool many_games, std::string_view encoding, bool (*write)(write_call&)) {
    return {{.name = name,
             .game = kifu::game::shogi,
             .description = description,
             .extension = extension,
             .lines_extension = {},
             .many_games = many_games,
             .encodings = {encoding}},
            write};
}

constexpr std::string_view kif_description = "KIF (Kakinoki): numbered moves, times, comments, variations";
constexpr std::string_view ki2_description = "KI2 (Kakinoki): moves in JSA notation, comments, variations";

}  // namespace

kifu::detail::writer kif_writer() {
    return shogi_writer("kif", kif_description, ".kif", false, "CP932",
                        [](write_call& c) { return write_kakinoki(c, false, text_encoding::cp932); });
}

kifu::detail::writer kifu_writer() {
    return shogi_writer("kifu", kif_description, ".kifu", false, "UTF-8",
                        [](write_call& c) { return write_kakinoki(c, false, text_encoding::utf8); });
}

kifu::detail::writer ki2_writer() {
    return shogi_writer("ki2", ki2_description, ".ki2", false, "CP932",
                        [](write_call& c) { return write_kakinoki(c, true, text_encoding::cp932); });
}

kifu::detail::writer ki2u_writer() {
    return shogi_writer("ki2u", ki2_description, ".ki2u", false, "UTF-8",
                        [](write_call& c) { return write_kakinoki(c, true, text_encoding::utf8); });
}

kifu::detail::writer csa_writer() {
    return shogi_writer("csa", "CSA V3.0, games separated by /; main lines only", ".csa", true, "UTF-8",
                        [](write_call& c) { return write_csa_games(c, csa_version::v3_0); });
}

kifu::detail::writer csa_v2_2_writer() {
    return shogi_writer("csa-v2.2", "CSA V2.2 (whole seconds), games separated by /; main lines only", ".csa", true,
                        "UTF-8", [](write_call& c) { return write_csa_games(c, csa_version::v2_2); });
}

kifu::detail::writer usi_writer() {
    return shogi_writer("usi", "a USI position command per game: its main line", ".usi", true, "ASCII", &write_usi);
}

kifu::detail::writer sfen_writer() {
    return shogi_writer("sfen", "an SFEN per game: the position after its main line (or after ply moves)", ".sfen", true,
                        "ASCII", &write_sfen);
}

}  // namespace kifu::shogi
