// The GGF entry of the format registry: detection, and reading a text of many games into
// one record per game, in file order.

#include "othello/formats.hpp"

#include "othello/ggf.hpp"

namespace kifu::inline v1::othello {
namespace {

// A GGF text holds `(;` followed by upper-case property ids; GGS and NBoard start with GM.
// `(;GM[Othello]` is certain (SGF writes GM as a number): it outscores SGF's 95 for `(;`,
// so GGF without a .ggf name (standard input) is not taken for SGF.
int sniff_ggf(std::string_view bytes, std::string& /*declared_encoding*/) {
    const std::size_t open = bytes.find("(;");
    if (open == std::string_view::npos) {
        return 0;
    }
    const std::string_view after = bytes.substr(open + 2);
    if (after.starts_with("GM[Othello]") || after.starts_with("GM[othello]")) {
        return 100;
    }
    if (after.find("BO[") != std::string_view::npos && after.find(";)") != std::string_view::npos) {
        return 40;
    }
    return 0;
}

// Strict reading stops at a game with an error: the message of its first error says so, where
// lenient reading's says the game alone is skipped (a GGS archive of thousands of games would
// otherwise seem to lose one game where it loses all the rest).
void say_the_read_stops(std::vector<diagnostic>& diagnostics, std::size_t from) {
    constexpr std::string_view stops =
        "; strict reading stops here: this game and every game after it are left out (--lenient skips only this game)";
    for (std::size_t i = from; i < diagnostics.size(); ++i) {
        diagnostic& d = diagnostics[i];
        if (d.severity != severity::error) continue;
        if (d.message.ends_with(ggf::game_skipped)) d.message.resize(d.message.size() - ggf::game_skipped.size());
        d.message += stops;
        return;
    }
}

void read_ggf(const source_text& text, const read_options& options, read_result& out) {
    ggf::parsed_file file = ggf::parse_games(text, options.mode);
    const bool strict = options.mode == read_mode::strict;
    for (std::size_t i = 0; i < file.games.size(); ++i) {
        ggf::game& g = file.games[i];
        const std::size_t game_start = out.diagnostics.size();
        for (diagnostic& d : g.diagnostics) {
            out.diagnostics.push_back(std::move(d));
        }
        if (g.broken) {
            if (strict) {  // strict: the first error ends the read, the games before it are kept
                say_the_read_stops(out.diagnostics, game_start);
                break;
            }
            continue;
        }
        const std::size_t before = out.diagnostics.size();
        std::optional<record> r = ggf::to_record(g, text, out.diagnostics);
        apply_rule_policy(out.diagnostics, before, options);
        const bool failed = has_error_since(out.diagnostics, before);
        if (failed && strict) {
            say_the_read_stops(out.diagnostics, game_start);
            break;
        }
        if (r) {
            kifu::record rec(std::move(*r));
            rec.index = i + 1;
            rec.has_error = has_error_since(out.diagnostics, game_start);
            out.records.push_back(std::move(rec));
        }
    }
    for (diagnostic& d : file.diagnostics) {
        out.diagnostics.push_back(std::move(d));
    }
}

}  // namespace

kifu::format_entry ggf_format() {
    kifu::format_entry f;
    f.name = "ggf";
    f.game = kifu::game::othello;
    f.description = "GGF, the Generic Game Format of GGS (othello games, many per file)";
    f.extensions = {".ggf"};
    f.many_games = true;
    f.fallback_encoding = "CP1252";  // GGS archives are ASCII; names from elsewhere are Latin
    f.sniff = sniff_ggf;
    f.read_text = read_ggf;
    f.trace = ggf::trace_ggf;
    return f;
}

}  // namespace kifu::othello
