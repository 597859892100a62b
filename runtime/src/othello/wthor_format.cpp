// The WTHOR entry of the format registry: detection, and reading a game file with the
// players and tournaments files that sit beside it.

#include "othello/formats.hpp"

#include <kifu/othello/wthor.hpp>

#include <algorithm>
#include <system_error>

namespace kifu::inline v1::othello {
namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](char c) {
        return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    });
    return s;
}

// WTHOR has no magic number; what gives it away is a header whose count matches the file
// size exactly and whose other bytes hold the few values the format allows.
int sniff_wthor(std::string_view bytes, std::string& /*declared_encoding*/) {
    const std::optional<wthor::header> h = wthor::read_header(bytes);
    if (!h || h->solitaire > 1) {
        return 0;
    }
    const std::size_t size = bytes.size();
    if (h->games > 0 && h->names == 0 && (h->board_size == 0 || h->board_size == 8) &&
        size == wthor::header_size + std::size_t{h->games} * wthor::game_size_8) {
        return 60;
    }
    if (h->games > 0 && h->names == 0 && h->board_size == 10 &&
        size == wthor::header_size + std::size_t{h->games} * wthor::game_size_10) {
        return 60;
    }
    if (h->games == 0 && h->names > 0 &&
        (size == wthor::header_size + std::size_t{h->names} * wthor::player_size ||
         size == wthor::header_size + std::size_t{h->names} * wthor::tournament_size)) {
        return 40;
    }
    return 0;
}

// Returns the file in `dir` whose name is `wanted` in any case ("WTHOR.JOU", "wthor.jou").
std::filesystem::path find_beside(const std::filesystem::path& dir, std::string_view wanted) {
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir.empty() ? "." : dir, ec), end; !ec && it != end;
         it.increment(ec)) {
        if (lower(it->path().filename().string()) == wanted) {
            return it->path();
        }
    }
    return {};
}

std::vector<std::string> load_names(const std::filesystem::path& path, wthor::file_kind kind,
                                    std::vector<diagnostic>& diagnostics) {
    std::string bytes;
    if (!load_file(path, bytes, diagnostics)) {
        return {};
    }
    return wthor::decoded_names(wthor::read_names(bytes, kind, path.string(), diagnostics));
}

void read_wthor(std::string_view bytes, const std::filesystem::path& path, const read_options& options,
                read_result& out, std::size_t games_before) {
    const std::string file_name = path.empty() ? std::string("<buffer>") : path.string();
    const wthor::file_kind kind = wthor::kind_of(bytes, path.filename().string());
    if (kind != wthor::file_kind::games) {
        wthor::read_names(bytes, kind, file_name, out.diagnostics);
        diagnostic d;
        d.severity = severity::warning;
        d.code = "wthor.no-games";
        d.message = kind == wthor::file_kind::players
                        ? "a WTHOR players file (.jou) holds names, no games"
                        : "a WTHOR tournaments file (.trn) holds names, no games";
        d.file = file_name;
        out.diagnostics.push_back(std::move(d));
        return;
    }
    const wthor::games_file file = wthor::read_games(bytes, file_name, out.diagnostics);
    if (options.mode == read_mode::strict && has_error(out.diagnostics)) {
        return;
    }

    wthor::name_tables names;
    std::vector<std::string> missing;
    // The names: the files given, else WTHOR.JOU / WTHOR.TRN in the folder given, else beside
    // the base (a buffer has no folder unless one is given).
    const bool has_dir = !options.wthor_names_dir.empty() || !path.empty();
    const std::filesystem::path dir = !options.wthor_names_dir.empty() ? options.wthor_names_dir : path.parent_path();
    std::filesystem::path jou = options.wthor_players;
    std::filesystem::path trn = options.wthor_tournaments;
    if (jou.empty() && has_dir) jou = find_beside(dir, "wthor.jou");
    if (trn.empty() && has_dir) trn = find_beside(dir, "wthor.trn");
    if (!jou.empty()) {
        names.players = load_names(jou, wthor::file_kind::players, out.diagnostics);
        names.players_loaded = true;
    }
    if (!trn.empty()) {
        names.tournaments = load_names(trn, wthor::file_kind::tournaments, out.diagnostics);
        names.tournaments_loaded = true;
    }
    if (!names.players_loaded || !names.tournaments_loaded) {
        diagnostic d;
        d.severity = severity::warning;
        d.code = "wthor.names-missing";
        d.message = std::string("no ") +
                    (!names.players_loaded && !names.tournaments_loaded ? "WTHOR.JOU and WTHOR.TRN"
                     : !names.players_loaded                            ? "WTHOR.JOU"
                                                                        : "WTHOR.TRN") +
                    (options.wthor_names_dir.empty() ? " beside the game file" : " in " + options.wthor_names_dir.string()) +
                    ": games carry numbers instead of names (give them with --names DIR or --jou/--trn)";
        d.file = file_name;
        out.diagnostics.push_back(std::move(d));
    }

    wthor::to_records(file, names, file_name, 0, file.games.size(), games_before, options, out);
}

}  // namespace

bool wthor::to_records(const games_file& file, const name_tables& names, std::string_view file_name,
                       std::size_t first, std::size_t count, std::size_t games_before, const read_options& options,
                       read_result& out) {
    const std::size_t end = first >= file.games.size() ? first : first + std::min(count, file.games.size() - first);
    out.records.reserve(out.records.size() + (end - first));
    for (std::size_t i = first; i < end; ++i) {
        const std::size_t before = out.diagnostics.size();
        record r = wthor::to_record(file.games[i], file.header, names, file_name, games_before + i + 1,
                                    out.diagnostics);
        apply_rule_policy(out.diagnostics, before, options);
        const bool failed = has_error_since(out.diagnostics, before);
        if (failed && options.mode == read_mode::strict) {
            return false;  // strict: the first error ends the read, the games before it are kept
        }
        kifu::record rec(std::move(r));
        rec.index = games_before + i + 1;
        rec.has_error = failed;
        out.records.push_back(std::move(rec));
    }
    return true;
}

kifu::format_entry wthor_format() {
    kifu::format_entry f;
    f.name = "wthor";
    f.game = kifu::game::othello;
    f.description = "WTHOR othello database (FFO): .wtb/.wtd games with WTHOR.JOU and WTHOR.TRN names";
    f.extensions = {".wtb", ".wtd", ".jou", ".trn"};
    f.binary = true;
    f.many_games = true;
    f.sniff = sniff_wthor;
    f.read_binary = read_wthor;
    return f;
}

}  // namespace kifu::othello
