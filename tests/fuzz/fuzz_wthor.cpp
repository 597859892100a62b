// Fuzzes the WTHOR codec: any bytes read as a game file and as names files, replayed into
// records and written back. Bad bytes must only ever give diagnostics, and what was read
// must write back to bytes that read the same. Every game is also replayed by the streaming
// wthor::replay (one replayed_game reused, as a reader of a whole base does) and on the
// portable path: both must give what the record holds.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include <kifu/kifu.hpp>
#include <kifu/othello/wthor.hpp>

#include "othello/wthor_replay.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace wthor = kifu::othello::wthor;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    for (const kifu::read_mode mode : {kifu::read_mode::strict, kifu::read_mode::lenient}) {
        kifu::read_options options;
        options.format = "wthor";
        options.mode = mode;
        const kifu::read_result result = kifu::read_buffer(bytes, "<fuzz>.wtb", options);
        for (const kifu::record& r : result.records) {
            static_cast<void>(kifu::to_jkf(r));
        }
    }
    std::vector<kifu::diagnostic> ds;
    const wthor::games_file games = wthor::read_games(bytes, "<fuzz>", ds);
    static kifu::othello::wthor::replayed_game streamed;  // reused across inputs on purpose
    kifu::othello::wthor::replayed_game portable;
    for (std::size_t i = 0; i < games.games.size(); ++i) {
        std::vector<kifu::diagnostic> from_record;
        const kifu::othello::record r = wthor::to_record(games.games[i], games.header, {}, "<fuzz>", i + 1, from_record);
        std::vector<kifu::diagnostic> from_replay;
        wthor::replay(games.games[i], games.header, "<fuzz>", i + 1, from_replay, streamed);
        std::vector<kifu::diagnostic> from_portable;
        kifu::othello::detail::wthor_replay_portable(games.games[i], games.header, "<fuzz>", i + 1, from_portable,
                                                     portable);
        const kifu::othello::wthor::replayed_game expected{r.moves, r.final_counts, r.end, r.passes_inserted, r.stop};
        if (!(streamed == expected) || !(portable == expected) || from_replay.size() != from_record.size() ||
            from_portable.size() != from_record.size()) {
            __builtin_trap();
        }
    }
    std::vector<kifu::diagnostic> again;
    if (wthor::read_games(wthor::write(games), "<fuzz>", again).games != games.games) {
        __builtin_trap();
    }
    for (const auto kind : {wthor::file_kind::players, wthor::file_kind::tournaments}) {
        const wthor::names_file names = wthor::read_names(bytes, kind, "<fuzz>", ds);
        static_cast<void>(wthor::decoded_names(names));
        if (wthor::read_names(wthor::write(names, kind), kind, "<fuzz>", again).names != names.names) {
            __builtin_trap();
        }
    }
    return 0;
}
