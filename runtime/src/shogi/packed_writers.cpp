// hcpe and psv: the shogi machine-learning records (kifu/shogi/packed.hpp) as writers, one record
// per position before each move of each game's main line (the positions of positions-csv but
// the last), 38 or 40 bytes each, little-endian.

#include <algorithm>
#include <optional>
#include <string>

#include <fmt/core.h>

#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/packed.hpp>
#include <kifu/shogi/positions.hpp>

#include "shogi/position_rows.hpp"
#include "shogi/writers.hpp"

namespace kifu::inline v1::shogi {
namespace {

using kifu::detail::write_call;

constexpr std::size_t hcpe_size = 38;
constexpr std::size_t psv_size = 40;

void put16(std::string& out, int v) {
    out += static_cast<char>(v & 0xff);
    out += static_cast<char>((v >> 8) & 0xff);
}

// Black's result of a game (1, 0, −1), as the training records have it: the special that ends
// the main line (result_for); without one that decides (CHUDAN, none), the side to move at the
// end loses when it has no legal move, and the game is otherwise a draw.
int black_result(const jkf& game, const position& final_position) {
    if (const std::optional<int> r = result_for(game, color::black)) return *r;
    const engine& e = engine_of(final_position);
    if (e.has_legal_move()) return 0;
    return e.side_to_move() == color::black ? -1 : 1;
}

bool write_packed(write_call& call, bool psv) {
    const std::size_t size = psv ? psv_size : hcpe_size;
    for (std::size_t i = 0; i < call.records.size(); ++i) {
        const jkf& game = *call.records[i].get<jkf>();
        const std::size_t start = call.out.size();
        std::string error;
        std::optional<std::size_t> failed_ply;
        int result = 0;
        for_each_position(game, [&](const position_row& row) {
            if (failed_ply) return;
            if (!row.next) {
                result = black_result(game, *row.pos);
                return;
            }
            const std::optional<packed_position> code = psv ? to_psfen(*row.pos, &error) : to_hcp(*row.pos, &error);
            if (!code) {
                failed_ply = row.ply;
                return;
            }
            call.out.append(reinterpret_cast<const char*>(code->data()), code->size());
            put16(call.out, std::clamp(row.next_eval.value_or(0), -32767, 32767));
            if (psv) {
                put16(call.out, to_psv_move(*row.next));
                put16(call.out, static_cast<int>(std::min<std::size_t>(row.ply + 1, 0xffff)));
            } else {
                put16(call.out, to_move16(*row.next));
            }
            call.out.append(2, '\0');  // the result (filled below) and the padding
        });
        if (failed_ply) {
            return kifu::detail::fail(call, psv ? "psv.write.position" : "hcpe.write.position",
                                      fmt::format("game {}, ply {}: {}; -t {} cannot write the position",
                                                  kifu::detail::game_number(call, i), *failed_ply, error, call.writer));
        }
        // Each record's result: hcpe Black's view (0 draw, 1 Black won, 2 White won), psv the side
        // to move's (bit 0 of the packed position).
        for (std::size_t at = start; at < call.out.size(); at += size) {
            if (psv) {
                const bool white = (static_cast<unsigned char>(call.out[at]) & 1) != 0;
                call.out[at + 38] = static_cast<char>(white ? -result : result);
            } else {
                call.out[at + 36] = static_cast<char>(result == 0 ? 0 : result > 0 ? 1 : 2);
            }
        }
    }
    return true;
}

kifu::detail::writer packed_writer(std::string_view name, std::string_view description, std::string_view extension,
                                   bool (*write)(write_call&)) {
    return {{.name = name,
             .game = kifu::game::shogi,
             .description = description,
             .extension = extension,
             .lines_extension = {},
             .many_games = true,
             .encodings = {},
             .binary = true},
            write};
}

}  // namespace

kifu::detail::writer hcpe_writer() {
    return packed_writer("hcpe", "HuffmanCodedPosAndEval (cshogi, dlshogi): 38 bytes per position before each move",
                         ".hcpe", [](write_call& c) { return write_packed(c, false); });
}

kifu::detail::writer psv_writer() {
    return packed_writer("psv", "PackedSfenValue (YaneuraOu): 40 bytes per position before each move", ".psv",
                         [](write_call& c) { return write_packed(c, true); });
}

}  // namespace kifu::shogi
