// A program that uses all of kifu's public API through <kifu/kifu.hpp> alone, built against
// the installed package by tests/install: it reads a record of every registered format,
// walks every game model, writes every game through every registered writer and reads back
// what a reader can read, round-trips positions through SFEN and Shogi64, and indexes and
// searches the games. It prints what it found and exits with 1 when anything is missing.
//
// usage: everything INDEX FILE...

#include <cstdint>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <kifu/kifu.hpp>

namespace {

int failures = 0;

void fail(const std::string& what) {
    std::cout << "FAILED: " << what << '\n';
    ++failures;
}

/// FNV-1a of a text: the output lines stay short while a change of any byte shows.
std::uint64_t fnv(std::string_view text) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return h;
}

/// What a walk of a game's main line and variations found.
struct walked {
    std::size_t moves = 0;       // moves of the main line
    std::size_t variations = 0;  // lines besides the main line
    std::size_t comments = 0;    // comment lines anywhere
};

void walk_shogi_line(const std::vector<kifu::shogi::move_format>& line, walked& w, bool main) {
    for (const kifu::shogi::move_format& entry : line) {
        w.comments += entry.comments.size();
        if (main && entry.move) ++w.moves;
        for (const auto& fork : entry.forks) {
            ++w.variations;
            walk_shogi_line(fork, w, false);
        }
    }
}

walked walk(const kifu::shogi::jkf& game) {
    walked w;
    walk_shogi_line(game.moves, w, true);
    // A normalized move is complete: a colour, a destination and a piece.
    for (const kifu::shogi::move_format& entry : game.moves) {
        if (entry.move && (!entry.move->color || !entry.move->to || !entry.move->piece)) fail("an incomplete shogi move");
    }
    return w;
}

walked walk(const kifu::go::record& game) {
    walked w;
    for (std::size_t i = 0; i < game.lines.size(); ++i) {
        for (const kifu::go::move_entry& entry : game.lines[i]) {
            w.comments += entry.comments.size();
            if (i == 0 && entry.move) ++w.moves;
        }
    }
    w.variations = game.lines.size() - 1;
    return w;
}

walked walk(const kifu::othello::record& game) {
    walked w;
    w.moves = game.moves.size();
    w.comments = game.notes.size();
    // Replaying the moves on a board gives the discs the record says the game ended with.
    kifu::othello::board board = game.initial.to_board();
    std::vector<kifu::othello::square> flipped;
    for (const kifu::othello::move& m : game.moves) {
        if (m.is_pass()) {
            board.pass();
        } else if (board.play(m.to, flipped) != kifu::othello::flip_count(m.flip_runs)) {
            fail("an othello move flips other discs on a board");
        }
    }
    if (!game.stop && board.counts() != game.final_counts) fail("othello final counts differ from the replay");
    return w;
}

/// Reads back a writer's text when a reader reads its format for the game written; returns the
/// games read, or nothing when no reader reads it (CSV and position rows; JKF-shaped go and
/// othello documents, which only shogi's JKF reader would be named by).
std::optional<std::size_t> read_back(const kifu::writer_info& writer, kifu::game game, const kifu::write_result& written) {
    const kifu::format_info* format = nullptr;
    for (const kifu::format_info& f : kifu::formats()) {
        for (std::string_view e : f.extensions) {
            if (e == written.extension) format = &f;
        }
    }
    if (format == nullptr || format->game != game || writer.name.starts_with("positions")) return std::nullopt;
    kifu::read_options options;
    options.format = std::string(format->name);
    const kifu::read_result again = kifu::read_buffer(written.text, std::string("written") + std::string(written.extension), options);
    if (!again.ok()) {
        for (const kifu::diagnostic& d : again.diagnostics) std::cout << "  " << kifu::format_gcc(d) << '\n';
        fail(std::string(writer.name) + ": its text does not read back");
    }
    return again.records.size();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: everything INDEX FILE...\n";
        return 2;
    }
    std::cout << "kifu " << KIFU_VERSION_MAJOR << '.' << KIFU_VERSION_MINOR << '.' << KIFU_VERSION_PATCH << '\n';

    // Read: one file of every registered format.
    std::set<std::string> formats_read;
    std::vector<std::pair<std::string, kifu::read_result>> inputs;
    for (int i = 2; i < argc; ++i) {
        kifu::read_options options;
        options.mode = kifu::read_mode::lenient;
        kifu::read_result result = kifu::read_file(argv[i], options);
        std::cout << argv[i] << ": " << result.format << ", " << (result.encoding.empty() ? "binary" : result.encoding)
                  << ", " << result.records.size() << " games, " << result.diagnostics.size() << " diagnostics\n";
        for (const kifu::diagnostic& d : result.diagnostics) std::cout << "  " << kifu::format_gcc(d) << '\n';
        if (result.records.empty()) fail(std::string(argv[i]) + ": no game");
        formats_read.insert(result.format);
        inputs.emplace_back(argv[i], std::move(result));
    }
    for (const kifu::format_info& f : kifu::formats()) {
        if (formats_read.count(std::string(f.name)) == 0) fail("no input of format " + std::string(f.name));
    }

    // Walk every game through its model.
    std::set<kifu::game> games_walked;
    for (const auto& [name, result] : inputs) {
        for (const kifu::record& game : result.records) {
            walked w;
            if (const auto* shogi = game.get<kifu::shogi::jkf>()) w = walk(*shogi);
            else if (const auto* go = game.get<kifu::go::record>()) w = walk(*go);
            else if (const auto* othello = game.get<kifu::othello::record>()) w = walk(*othello);
            else fail(name + ": a record of no known model");
            games_walked.insert(game.game());
            std::cout << name << " game " << game.index << ": " << kifu::to_string(game.game()) << ", " << w.moves
                      << " moves, " << w.variations << " variations, " << w.comments << " comment lines, JKF "
                      << fnv(kifu::to_jkf(game)) << '\n';
        }
    }
    if (games_walked.size() != 3) fail("not every game's model was walked");

    // Write every input through every writer of its game; read back what a reader reads.
    for (const kifu::writer_info& writer : kifu::writers()) {
        int written_inputs = 0;
        for (const auto& [name, result] : inputs) {
            std::vector<kifu::record> games;
            for (const kifu::record& r : result.records) {
                if (!writer.game || *writer.game == r.game()) games.push_back(r);
            }
            if (games.empty()) continue;
            if (!writer.many_games) games.erase(games.begin() + 1, games.end());
            kifu::write_options options;
            options.source = name;
            const kifu::write_result written = kifu::write(games, writer, options);
            std::cout << writer.name << " " << name << ": ";
            if (!written.ok()) {
                // A game a writer cannot hold (a character CP932 lacks, an othello board of another size):
                // the error says which; the write is not counted.
                for (const kifu::diagnostic& d : written.diagnostics) std::cout << kifu::format_gcc(d) << ' ';
                std::cout << '\n';
                continue;
            }
            ++written_inputs;
            std::cout << written.text.size() << " bytes, " << fnv(written.text);
            if (const auto back = read_back(writer, games.front().game(), written)) std::cout << ", reads back as " << *back << " games";
            std::cout << '\n';
        }
        if (written_inputs == 0) fail("writer " + std::string(writer.name) + " wrote nothing");
    }

    // Position codes: every shogi game's last position through SFEN and Shogi64 and back.
    for (const auto& [name, result] : inputs) {
        for (const kifu::record& game : result.records) {
            const auto* jkf = game.get<kifu::shogi::jkf>();
            if (jkf == nullptr) continue;
            const std::vector<kifu::shogi::board_move> line = kifu::shogi::main_line(*jkf);
            const std::optional<kifu::shogi::position> end = kifu::shogi::position_after(*jkf, line.size());
            if (!end) {
                fail(name + ": no position after the main line");
                continue;
            }
            const std::string sfen = kifu::shogi::to_sfen(*end);
            const std::optional<kifu::shogi::position> from_sfen = kifu::shogi::parse_sfen(sfen);
            std::string error;
            const std::optional<std::string> code = kifu::shogi::to_shogi64(*end, &error);
            const std::optional<kifu::shogi::position> from_code = code ? kifu::shogi::parse_shogi64(*code) : std::nullopt;
            const bool same = from_sfen && kifu::shogi::to_sfen(*from_sfen) == sfen && from_code &&
                              kifu::shogi::to_sfen(*from_code) == sfen;
            std::cout << name << " game " << game.index << ": " << sfen << " | " << code.value_or(error) << '\n';
            if (!same) fail(name + ": the position does not round-trip");
            if (kifu::shogi::to_bod(*end).empty()) fail(name + ": no board diagram");
            // The 256-bit codes of hcpe and psv, and the 16-bit moves of the last move.
            const auto hcp = kifu::shogi::to_hcp(*end, &error);
            const auto psfen = kifu::shogi::to_psfen(*end, &error);
            const auto hcp_back = hcp ? kifu::shogi::parse_hcp(std::string(hcp->begin(), hcp->end())) : std::nullopt;
            const auto psfen_back = psfen ? kifu::shogi::parse_psfen(std::string(psfen->begin(), psfen->end())) : std::nullopt;
            if (!hcp_back || !psfen_back || !(*hcp_back == *end) || !(*psfen_back == *end)) {
                fail(name + ": the position does not round-trip through hcp and psfen: " + error);
            }
            if (!line.empty()) {
                const std::optional<kifu::shogi::position> before = kifu::shogi::position_after(*jkf, line.size() - 1);
                if (!before || kifu::shogi::parse_move16(*before, kifu::shogi::to_move16(line.back())) != line.back() ||
                    kifu::shogi::parse_psv_move(*before, kifu::shogi::to_psv_move(line.back())) != line.back()) {
                    fail(name + ": the last move does not round-trip through move16 and the psv move");
                }
            }
        }
    }

    // Training data: the positions of every input in columns, per game; hcpe and psv read back.
    for (const kifu::game g : {kifu::game::shogi, kifu::game::go, kifu::game::othello}) {
        std::vector<kifu::position_input> files;
        for (const auto& [name, result] : inputs) {
            if (!result.records.empty() && result.records.front().game() == g) files.push_back({name, std::nullopt});
        }
        kifu::position_filter filter;
        filter.min_moves = 1;
        kifu::position_reader reader(std::move(files), g, 100, {}, filter);
        kifu::position_batch batch;
        std::size_t rows = 0;
        std::size_t batches = 0;
        std::uint64_t planes = 0;
        while (reader.next(batch)) {
            rows += batch.rows;
            ++batches;
            planes ^= fnv(std::string_view(reinterpret_cast<const char*>(batch.planes.data()), batch.planes.size()));
        }
        std::cout << "positions of " << kifu::to_string(g) << ": " << reader.sources().size() << " inputs, "
                  << reader.games_taken() << " of " << reader.games_read() << " games, " << rows << " rows in " << batches
                  << " batches, planes " << planes << ", " << reader.take_diagnostics().size() << " diagnostics\n";
        if (rows == 0) fail(std::string("no training positions of ") + std::string(kifu::to_string(g)));
    }
    for (const auto& [name, result] : inputs) {
        for (const kifu::record& game : result.records) {
            kifu::position_batch one;
            one.game = game.game();
            const bool appended = kifu::append_positions(one, game, 0);
            if (appended && (!kifu::passes({}, game) || one.rows == 0)) fail(name + ": append_positions gave no rows");
            std::cout << name << " game " << game.index << ": " << kifu::to_string(kifu::result_of(game)) << ", "
                      << one.rows << " rows\n";
            one.clear();
        }
    }
    for (const auto& [name, result] : inputs) {
        if (result.records.empty() || result.records.front().game() != kifu::game::shogi) continue;
        const kifu::write_result hcpe = kifu::write(result.records, "hcpe");
        const kifu::write_result psv = kifu::write(result.records, "psv");
        if (!hcpe.ok() || !psv.ok() || hcpe.text.size() < 38 || psv.text.size() < 40) continue;
        const auto h = kifu::shogi::parse_hcpe(hcpe.text);
        const auto v = kifu::shogi::parse_psv(psv.text);
        if (!h || !v || !(h->position == v->position) || v->game_ply != 1) fail(name + ": hcpe and psv do not read back");
        else std::cout << name << ": hcpe and psv read back, first move " << h->best_move16 << " / " << v->move << '\n';
    }

    // Index every game, then search the position after two moves of every game.
    try {
        auto index = kifu::search::database::open(argv[1], kifu::search::open_mode::rebuild);
        for (const auto& [name, result] : inputs) {
            const kifu::search::add_stats added = index.add_source(name, result);
            std::cout << "indexed " << name << ": " << added.games_added << " games, " << added.positions << " positions\n";
        }
        index.finish();
        for (const auto& [name, result] : inputs) {
            std::string error;
            const auto key = kifu::search::key_of(result.records.front(), 2, error);
            if (!key) {
                std::cout << "no key for " << name << ": " << error << '\n';
                continue;
            }
            const kifu::search::query_result found = index.find(*key);
            std::cout << "search " << name << " ply 2: " << found.total_games << " games";
            for (const kifu::search::next_move& m : found.next) std::cout << ", next " << m.move << " x" << m.games;
            std::cout << '\n';
            if (found.total_games == 0) fail(name + ": its own position was not found");
        }
    } catch (const kifu::search::error& e) {
        fail(std::string("search: ") + e.what());
    }

    std::cout << (failures == 0 ? "all good" : std::to_string(failures) + " failures") << '\n';
    return failures == 0 ? 0 : 1;
}
