// The go writer of the writer list: SGF, from the normalized records (go::to_sgf, go::write_sgf).

#include "go/writers.hpp"

#include <kifu/go/record.hpp>
#include <kifu/go/sgf.hpp>

namespace kifu::inline v1::go {
namespace {

// The games as one SGF collection, a game tree per record (header, setup, moves, comments,
// variations), each root labelled CA[UTF-8].
bool write(kifu::detail::write_call& call) {
    std::vector<const record*> games;
    games.reserve(call.records.size());
    for (const kifu::record& r : call.records) games.push_back(r.get<record>());
    sgf_write_options options;
    options.declare_utf8 = true;  // the text is UTF-8 whatever charset the input had
    std::string text = write_sgf(games, options);
    if (call.out.empty()) call.out = std::move(text);
    else call.out += text;
    return true;
}

}  // namespace

kifu::detail::writer sgf_writer() {
    return {{.name = "sgf",
             .game = kifu::game::go,
             .description = "an SGF collection, a game tree per game, variations included",
             .extension = ".sgf",
             .lines_extension = {},
             .many_games = true,
             .encodings = {"UTF-8"}},
            &write};
}

}  // namespace kifu::go
