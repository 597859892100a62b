// positions-csv and positions-jsonl: a row per position of each game's main line, for the
// three games (kifu/shogi/positions.hpp, kifu/go/positions.hpp, kifu/othello/positions.hpp).
// The first record's game chooses the columns; a record of another game is then an error.

#include <string_view>
#include <type_traits>

#include <fmt/core.h>

#include <kifu/go/positions.hpp>
#include <kifu/go/record.hpp>
#include <kifu/othello/positions.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/positions.hpp>

#include "writer_registry.hpp"

namespace kifu::inline v1::detail {
namespace {

// The header row of the first record's game, when asked.
void write_header(write_call& call) {
    if (!call.options.header || call.records.empty()) return;
    const std::size_t start = call.out.size();
    switch (call.records.front().game()) {
        case game::shogi: shogi::write_positions_csv_header(call.out); break;
        case game::go: go::write_positions_csv_header(call.out); break;
        case game::othello: othello::write_positions_csv_header(call.out); break;
    }
    call.header_size = call.out.size() - start;
}

// The rows of every game of `call.records`, which must all be of game `g` (model `T`).
template <typename T>
bool write_rows(write_call& call, kifu::game g, bool csv) {
    const std::string_view source = call.options.source;
    for (std::size_t i = 0; i < call.records.size(); ++i) {
        const T* model = call.records[i].get<T>();
        if (model == nullptr) return wrong_game(call, i, g);
        if constexpr (std::is_same_v<T, othello::record>) {
            // Bitboards are 64 bits: an othello row needs an 8×8 board.
            if (model->initial.size != 8 || model->initial.octagon) {
                return fail(call, "write.board-size",
                            fmt::format("game {} is played on a {}{}×{} board; -t {} needs 8×8 boards (64-bit bitboards)",
                                        game_number(call, i), model->initial.octagon ? "octagon " : "",
                                        model->initial.size, model->initial.size, call.writer));
            }
        }
        if (csv) write_positions_csv(call.out, *model, source, game_number(call, i));
        else write_positions_jsonl(call.out, *model, source, game_number(call, i));
    }
    return true;
}

bool write_positions(write_call& call, bool csv) {
    if (call.records.empty()) return true;
    if (csv) write_header(call);
    switch (call.records.front().game()) {
        case game::shogi: return write_rows<shogi::jkf>(call, game::shogi, csv);
        case game::go: return write_rows<go::record>(call, game::go, csv);
        case game::othello: return write_rows<othello::record>(call, game::othello, csv);
    }
    return true;
}

writer positions_writer(std::string_view name, std::string_view description, std::string_view extension,
                        bool (*write)(write_call&)) {
    return {{.name = name,
             .game = std::nullopt,  // every game
             .description = description,
             .extension = extension,
             .lines_extension = {},
             .many_games = true,
             .encodings = {"UTF-8"}},
            write};
}

}  // namespace

writer positions_csv_writer() {
    return positions_writer("positions-csv", "a CSV row per position of each main line; othello on 8×8 boards only", ".csv",
                            [](write_call& c) { return write_positions(c, true); });
}

writer positions_jsonl_writer() {
    return positions_writer("positions-jsonl", "a JSON line per position of each main line; othello on 8×8 boards only",
                            ".jsonl", [](write_call& c) { return write_positions(c, false); });
}

}  // namespace kifu::detail
