// The othello writers of the writer list: the WTHOR CSV and GGF (kifu/othello/csv.hpp,
// kifu/othello/ggf_writer.hpp).

#include "othello/writers.hpp"

#include <fmt/core.h>

#include <kifu/othello/csv.hpp>
#include <kifu/othello/ggf_writer.hpp>
#include <kifu/othello/record.hpp>

namespace kifu::inline v1::othello {
namespace {

using kifu::detail::write_call;

// The BOM and header row when asked, then a row per game.
bool write_csv(write_call& call) {
    if (call.options.header) {
        const std::size_t start = call.out.size();
        write_csv_header(call.out);
        call.header_size = call.out.size() - start;
    }
    for (const kifu::record& r : call.records) write_csv_row(call.out, *r.get<record>());
    return true;
}

// A line per game; a value GGF cannot hold is changed, with a warning that names the game.
bool write_ggf_games(write_call& call) {
    for (std::size_t i = 0; i < call.records.size(); ++i) {
        const std::size_t first_new = call.diagnostics.size();
        write_ggf(call.out, *call.records[i].get<record>(), call.diagnostics);
        for (std::size_t k = first_new; k < call.diagnostics.size(); ++k) {
            diagnostic& d = call.diagnostics[k];
            d.file = std::string(call.options.source);
            d.message = fmt::format("game {}: {}", kifu::detail::game_number(call, i), d.message);
        }
    }
    return true;
}

kifu::detail::writer othello_writer(std::string_view name, std::string_view description, std::string_view extension,
                                    bool (*write)(write_call&)) {
    return {{.name = name,
             .game = kifu::game::othello,
             .description = description,
             .extension = extension,
             .lines_extension = {},
             .many_games = true,
             .encodings = {"UTF-8"}},
            write};
}

}  // namespace

kifu::detail::writer csv_writer() {
    return othello_writer("csv", "the WTHOR CSV, a row per game; a BOM, CRLF line ends", ".csv", &write_csv);
}

kifu::detail::writer ggf_writer() {
    return othello_writer("ggf", "GGF (Generic Game Format), a line per game", ".ggf", &write_ggf_games);
}

}  // namespace kifu::othello
