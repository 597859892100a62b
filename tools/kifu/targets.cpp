// The exports of `kifu convert -t sgf` (go), `-t usi|sfen` (shogi), `-t csv|ggf` (othello) and
// `-t positions-csv|positions-jsonl` (all three games).

#include "targets.hpp"

#include <fmt/core.h>

#include <kifu/go/positions.hpp>
#include <kifu/go/record.hpp>
#include <kifu/go/sgf.hpp>
#include <kifu/othello/csv.hpp>
#include <kifu/othello/ggf_writer.hpp>
#include <kifu/othello/positions.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/shogi/positions.hpp>
#include <kifu/shogi/sfen.hpp>
#include <kifu/shogi/write.hpp>

namespace kifu::cli {

std::optional<output_target> target_of(std::string_view name) noexcept {
    static constexpr std::pair<std::string_view, output_target> table[] = {
        {"jkf", output_target::jkf},
        {"sgf", output_target::sgf},
        {"csv", output_target::csv},
        {"ggf", output_target::ggf},
        {"positions-csv", output_target::positions_csv},
        {"positions-jsonl", output_target::positions_jsonl},
        {"kif", output_target::kif},
        {"kifu", output_target::kifu},
        {"ki2", output_target::ki2},
        {"ki2u", output_target::ki2u},
        {"csa", output_target::csa},
        {"csa-v2.2", output_target::csa_v2_2},
        {"usi", output_target::usi},
        {"sfen", output_target::sfen},
    };
    for (const auto& [n, t] : table) {
        if (n == name) return t;
    }
    return std::nullopt;
}

std::string_view extension_of(output_target t) noexcept {
    switch (t) {
        case output_target::sgf: return ".sgf";
        case output_target::csv:
        case output_target::positions_csv: return ".csv";
        case output_target::ggf: return ".ggf";
        case output_target::positions_jsonl: return ".jsonl";
        case output_target::kif: return ".kif";
        case output_target::kifu: return ".kifu";
        case output_target::ki2: return ".ki2";
        case output_target::ki2u: return ".ki2u";
        case output_target::csa:
        case output_target::csa_v2_2: return ".csa";
        case output_target::usi: return ".usi";
        case output_target::sfen: return ".sfen";
        case output_target::jkf: break;
    }
    return ".jkf";
}

namespace {

// The error for a record a target cannot write: "FILE: game 2 is a go game; -t csv writes
// othello games only".
std::string wrong_game(const std::string& input, const record& r, std::string_view target_name, std::string_view wanted) {
    const std::string_view game = to_string(r.game());
    return fmt::format("{}: game {} is {} {} game; -t {} writes {} games only", input, r.index,
                       game.starts_with('o') ? "an" : "a", game, target_name, wanted);
}

bool render_othello(const read_result& result, output_target t, const std::string& input,
                    std::string& out, std::string& error, std::vector<diagnostic>& diagnostics) {
    const std::string_view target_name = target_names[static_cast<std::size_t>(t)];
    std::vector<const othello::record*> games;
    games.reserve(result.records.size());
    for (const record& r : result.records) {
        const auto* game = r.get<othello::record>();
        if (game == nullptr) {
            error = wrong_game(input, r, target_name, "othello");
            return false;
        }
        if ((t == output_target::positions_csv || t == output_target::positions_jsonl) &&
            (game->initial.size != 8 || game->initial.octagon)) {
            error = fmt::format("{}: game {} is played on a {}{}×{} board; -t {} needs 8×8 boards (64-bit bitboards)",
                                input, r.index, game->initial.octagon ? "octagon " : "", game->initial.size,
                                game->initial.size, target_name);
            return false;
        }
        games.push_back(game);
    }
    std::string text;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const std::size_t number = result.records[i].index != 0 ? result.records[i].index : i + 1;
        switch (t) {
            case output_target::csv: othello::write_csv_row(text, *games[i]); break;
            case output_target::ggf: {
                const std::size_t first_new = diagnostics.size();
                othello::write_ggf(text, *games[i], diagnostics);
                for (std::size_t k = first_new; k < diagnostics.size(); ++k) {
                    diagnostics[k].file = input;
                    diagnostics[k].message = fmt::format("game {}: {}", number, diagnostics[k].message);
                }
                break;
            }
            case output_target::positions_csv: othello::write_positions_csv(text, *games[i], input, number); break;
            case output_target::positions_jsonl: othello::write_positions_jsonl(text, *games[i], input, number); break;
            default: break;  // the other targets are not othello exports
        }
    }
    out += text;
    return true;
}

bool render_sgf(const read_result& result, const std::string& input, std::string& out, std::string& error) {
    std::vector<const go::record*> games;
    for (const record& r : result.records) {
        const auto* game = r.get<go::record>();
        if (game == nullptr) {
            error = wrong_game(input, r, "sgf", "go");
            return false;
        }
        games.push_back(game);
    }
    go::sgf_write_options options;
    options.declare_utf8 = true;  // the text is written as UTF-8 whatever charset the input had
    out += go::write_sgf(games, options);
    return true;
}

// -t kif, kifu, ki2, ki2u, csa, csa-v2.2: the shogi writers.
bool render_shogi_record(const read_result& result, output_target t, const std::string& input, bool declare_encoding,
                         std::string& out, std::string& error) {
    const std::string_view target_name = target_names[static_cast<std::size_t>(t)];
    std::vector<const shogi::jkf*> games;
    for (const record& r : result.records) {
        const auto* game = r.get<shogi::jkf>();
        if (game == nullptr) {
            error = wrong_game(input, r, target_name, "shogi");
            return false;
        }
        games.push_back(game);
    }
    shogi::write_result written;
    if (t == output_target::csa || t == output_target::csa_v2_2) {
        shogi::csa_write_options options;
        options.version = t == output_target::csa ? shogi::csa_version::v3_0 : shogi::csa_version::v2_2;
        written = shogi::write_csa(games, options);
    } else {
        if (games.size() != 1) {
            error = fmt::format("{}: holds {} games; -t {} writes one game per file (-t csa or -t jkf write several)",
                                input, games.size(), target_name);
            return false;
        }
        shogi::kakinoki_write_options options;
        options.encoding = t == output_target::kif || t == output_target::ki2 ? shogi::text_encoding::cp932
                                                                                : shogi::text_encoding::utf8;
        options.declare_encoding = declare_encoding;
        written = t == output_target::kif || t == output_target::kifu ? shogi::write_kif(*games[0], options)
                                                                      : shogi::write_ki2(*games[0], options);
    }
    if (!written.ok()) {
        error = fmt::format("{}: {} [{}]", input, written.message, written.code);
        return false;
    }
    out += written.text;
    return true;
}

// -t usi, sfen and the shogi position rows.
bool render_shogi(const read_result& result, output_target t, const std::string& input, int ply, std::string& out,
                  std::string& error) {
    const std::string_view target_name = target_names[static_cast<std::size_t>(t)];
    std::string text;
    for (std::size_t i = 0; i < result.records.size(); ++i) {
        const record& r = result.records[i];
        const auto* game = r.get<shogi::jkf>();
        if (game == nullptr) {
            error = wrong_game(input, r, target_name, "shogi");
            return false;
        }
        const std::size_t number = r.index != 0 ? r.index : i + 1;
        switch (t) {
            case output_target::usi: text += shogi::to_usi_position(*game) + '\n'; break;
            case output_target::sfen: {
                const std::size_t moves = shogi::main_line(*game).size();
                const std::size_t at = ply >= 0 ? static_cast<std::size_t>(ply) : moves;
                const std::optional<shogi::position> p = shogi::position_after(*game, at);
                if (!p) {
                    error = fmt::format("{}: game {} has {} move{} in its main line; --ply {} is past its end", input,
                                        number, moves, moves == 1 ? "" : "s", ply);
                    return false;
                }
                text += shogi::to_sfen(*p, static_cast<int>(at) + 1) + '\n';
                break;
            }
            case output_target::positions_csv: shogi::write_positions_csv(text, *game, input, number); break;
            case output_target::positions_jsonl: shogi::write_positions_jsonl(text, *game, input, number); break;
            default: break;
        }
    }
    out += text;
    return true;
}

// The go position rows.
bool render_go_positions(const read_result& result, output_target t, const std::string& input, std::string& out,
                         std::string& error) {
    std::string text;
    for (std::size_t i = 0; i < result.records.size(); ++i) {
        const record& r = result.records[i];
        const auto* game = r.get<go::record>();
        if (game == nullptr) {
            error = wrong_game(input, r, target_names[static_cast<std::size_t>(t)], "go");
            return false;
        }
        const std::size_t number = r.index != 0 ? r.index : i + 1;
        if (t == output_target::positions_csv) go::write_positions_csv(text, *game, input, number);
        else go::write_positions_jsonl(text, *game, input, number);
    }
    out += text;
    return true;
}

}  // namespace

std::string export_header(const read_result& result, output_target t) {
    std::string header;
    if (t == output_target::csv) {
        othello::write_csv_header(header);
    } else if (t == output_target::positions_csv) {
        const kifu::game game = result.records.empty() ? kifu::game::othello : result.records.front().game();
        if (game == kifu::game::shogi) shogi::write_positions_csv_header(header);
        else if (game == kifu::game::go) go::write_positions_csv_header(header);
        else othello::write_positions_csv_header(header);
    }
    return header;
}

bool render_export(const read_result& result, output_target t, bool with_header, const std::string& input,
                   std::string& out, std::string& error, std::vector<diagnostic>& diagnostics,
                   const export_options& options) {
    if (t == output_target::sgf) return render_sgf(result, input, out, error);
    switch (t) {
        case output_target::kif:
        case output_target::kifu:
        case output_target::ki2:
        case output_target::ki2u:
        case output_target::csa:
        case output_target::csa_v2_2: return render_shogi_record(result, t, input, options.declare_encoding, out, error);
        default: break;
    }
    const std::size_t size_before = out.size();
    if (with_header) out += export_header(result, t);
    bool ok = true;
    if (t == output_target::usi || t == output_target::sfen) {
        ok = render_shogi(result, t, input, options.ply, out, error);
    } else if (t == output_target::positions_csv || t == output_target::positions_jsonl) {
        // The first record's game decides; a record of another game is then an error.
        const kifu::game game = result.records.empty() ? kifu::game::othello : result.records.front().game();
        if (game == kifu::game::shogi) ok = render_shogi(result, t, input, options.ply, out, error);
        else if (game == kifu::game::go) ok = render_go_positions(result, t, input, out, error);
        else ok = render_othello(result, t, input, out, error, diagnostics);
    } else {
        ok = render_othello(result, t, input, out, error, diagnostics);
    }
    if (!ok) out.resize(size_before);
    return ok;
}

}  // namespace kifu::cli
