// Training positions in columns (kifu/training.hpp): every batch row, turned back into the
// text of a positions-csv row by this file's own decoding of the columns, equals the row
// `kifu convert -t positions-csv` writes, for the three games; and every filter takes the
// games it should.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <fmt/core.h>

#include <kifu/othello/record.hpp>
#include <kifu/read.hpp>
#include <kifu/shogi/position.hpp>
#include <kifu/shogi/sfen.hpp>
#include <kifu/training.hpp>
#include <kifu/write.hpp>

#include "support/corpus.hpp"

namespace {

namespace fs = std::filesystem;

std::string number_text(double v) {
    if (v == 0) v = 0.0;
    if (v == std::trunc(v) && std::abs(v) < 1e15) return fmt::format("{}", static_cast<long long>(v));
    return fmt::format("{}", v);
}

std::string square_text(int index) {  // 9 × (file − 1) + rank − 1 → "7g"
    return fmt::format("{}{}", index / 9 + 1, static_cast<char>('a' + index % 9));
}

// The USI text of a move16, decoded here from its documented layout.
std::string usi_of_move16(std::int32_t m) {
    const int to = m & 127;
    const int from = (m >> 7) & 127;
    const bool promote = ((m >> 14) & 1) != 0;
    if (from > 80) {
        constexpr char drops[] = "?PLNSBRG";
        return fmt::format("{}*{}", drops[from - 80], square_text(to));
    }
    return square_text(from) + square_text(to) + (promote ? "+" : "");
}

// Row i of a batch as positions-csv writes it.
std::string csv_row(const kifu::position_batch& b, std::size_t i, const std::vector<std::string>& sources) {
    const std::size_t cells = static_cast<std::size_t>(b.height * b.width);
    const std::int8_t* plane = b.planes.data() + i * cells;
    std::string row = fmt::format("{},{},{},", sources.at(static_cast<std::size_t>(b.source[i])), b.game_index[i], b.ply[i]);
    const std::string result = b.result[i] == kifu::no_result ? "" : std::to_string(b.result[i]);
    switch (b.game) {
        case kifu::game::shogi: {
            kifu::shogi::position p;
            for (int r = 0; r < 9; ++r) {
                for (int c = 0; c < 9; ++c) {
                    const int code = plane[r * 9 + c];
                    if (code == 0) continue;
                    const kifu::shogi::piece piece{code > 0 ? kifu::shogi::color::black : kifu::shogi::color::white,
                                                   static_cast<kifu::shogi::piece_kind>(std::abs(code) - 1)};
                    p.set({static_cast<std::int8_t>(9 - c), static_cast<std::int8_t>(r + 1)}, piece);
                }
            }
            for (int side = 0; side < 2; ++side) {
                for (int k = 0; k < 7; ++k) {
                    p.set_hand(static_cast<kifu::shogi::color>(side), static_cast<kifu::shogi::piece_kind>(k),
                               b.hands[i * 14 + static_cast<std::size_t>(side * 7 + k)]);
                }
            }
            p.set_side_to_move(static_cast<kifu::shogi::color>(b.to_move[i]));
            row += kifu::shogi::to_sfen(p, b.ply[i] + 1);
            row += fmt::format(",{},{},{},{}", b.to_move[i], b.move[i] < 0 ? "" : usi_of_move16(b.move[i]), result,
                               b.has_eval[i] ? number_text(b.eval[i]) : "");
            break;
        }
        case kifu::game::go: {
            for (int y = 0; y < b.height; ++y) {
                if (y > 0) row += '/';
                for (int x = 0; x < b.width; ++x) {
                    const int s = plane[y * b.width + x];
                    row += s == 1 ? 'X' : s == -1 ? 'O' : '.';
                }
            }
            std::string move;
            if (b.move[i] == b.width * b.height) {
                move = "pass";
            } else if (b.move[i] >= 0) {
                const auto letter = [](int n) { return static_cast<char>(n < 26 ? 'a' + n : 'A' + n - 26); };
                move = {letter(b.move[i] % b.width), letter(b.move[i] / b.width)};
            }
            row += fmt::format(",{},{},{}", b.to_move[i], move, result);
            break;
        }
        case kifu::game::othello: {
            std::uint64_t black = 0;
            std::uint64_t white = 0;
            for (int k = 0; k < 64; ++k) {
                black |= plane[k] == 1 ? std::uint64_t{1} << k : 0;
                white |= plane[k] == -1 ? std::uint64_t{1} << k : 0;
            }
            std::string move;
            if (b.move[i] == 64) move = "--";
            else if (b.move[i] >= 0) move = fmt::format("{}{}", static_cast<char>('a' + b.move[i] % 8), b.move[i] / 8 + 1);
            std::string value = ",";
            if (b.has_eval[i]) value = number_text(b.eval[i]) + ",eval";
            else if (b.result[i] != kifu::no_result) value = number_text(b.score[i]) + ",result";
            row += fmt::format("{},{},{},{},{}", black, white, b.to_move[i], move, value);
            break;
        }
    }
    return row;
}

struct read_rows {
    std::vector<std::string> rows;
    std::vector<kifu::position_batch> batches;
    std::vector<kifu::diagnostic> diagnostics;
    std::vector<std::string> sources;
};

read_rows reader_rows(std::vector<kifu::position_input> inputs, kifu::game game, std::size_t batch_size,
                      const kifu::position_filter& filter = {}) {
    kifu::position_reader reader(std::move(inputs), game, batch_size, {}, filter);
    read_rows out;
    out.sources = reader.sources();
    kifu::position_batch b;
    while (reader.next(b)) {
        for (std::size_t i = 0; i < b.rows; ++i) out.rows.push_back(csv_row(b, i, reader.sources()));
        out.batches.push_back(b);
    }
    out.diagnostics = reader.take_diagnostics();
    return out;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find("\r\n", start);
        lines.push_back(text.substr(start, end - start));
        start = end + 2;
    }
    return lines;
}

// The rows positions-csv writes for the games of a file (othello games of other sizes left
// out, as the reader leaves them out).
std::vector<std::string> csv_rows(const fs::path& path, kifu::game& game) {
    const kifu::read_result r = kifu::read_file(path);
    REQUIRE(r.ok());
    REQUIRE_FALSE(r.records.empty());
    game = r.records.front().game();
    std::vector<kifu::record> records;
    for (const kifu::record& rec : r.records) {
        if (rec.game() != game) continue;
        if (const auto* o = rec.get<kifu::othello::record>(); o && (o->initial.size != 8 || o->initial.octagon)) continue;
        records.push_back(rec);
    }
    const std::string source = path.string();
    kifu::write_options options;
    options.source = source;
    options.header = false;
    const kifu::write_result w = kifu::write(records, "positions-csv", options);
    REQUIRE(w.ok());
    return lines_of(w.text);
}

std::vector<fs::path> sample_files() {
    const fs::path data = kifu::test::data_dir();
    std::vector<fs::path> files;
    for (const char* dir : {"samples", "training", "search", "shogi/csa", "shogi/kakinoki", "shogi/ki2", "shogi/kif",
                            "go/gib", "go/ngf", "go/ugf", "othello/ggf", "fuzz/wthor"}) {
        for (const auto& e : fs::directory_iterator(data / dir)) {
            const std::string ext = e.path().extension().string();
            if (ext == ".json" || ext == ".jkf" || ext == ".md" || ext == ".tsv") continue;
            const kifu::read_result r = kifu::read_file(e.path());
            if (!r.ok() || r.records.empty()) continue;  // broken on purpose, or no game: not a rows case
            files.push_back(e.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::set<std::int32_t> games_of(const read_rows& r) {
    std::set<std::int32_t> games;
    for (const kifu::position_batch& b : r.batches) games.insert(b.game_index.begin(), b.game_index.end());
    return games;
}

fs::path training_file(const char* name) { return kifu::test::data_dir() / "training" / name; }

}  // namespace

TEST_CASE("batch rows equal positions-csv rows for every sample of the three games") {
    const std::vector<fs::path> files = sample_files();
    std::set<kifu::game> games_seen;
    std::size_t rows_seen = 0;
    for (const fs::path& file : files) {
        INFO(file.string());
        kifu::game game{};
        const std::vector<std::string> expected = csv_rows(file, game);
        games_seen.insert(game);
        for (const std::size_t batch_size : {std::size_t{3}, std::size_t{65536}}) {
            const read_rows got = reader_rows({{file.string(), std::nullopt}}, game, batch_size);
            CHECK(got.rows == expected);
            for (std::size_t i = 0; i + 1 < got.batches.size(); ++i) {
                // Only the last batch of a board size may be short.
                if (got.batches[i].height == got.batches[i + 1].height) CHECK(got.batches[i].rows == batch_size);
            }
        }
        rows_seen += expected.size();
    }
    CHECK(games_seen.size() == 3);
    CHECK(files.size() >= 40);
    CHECK(rows_seen > 500);
}

TEST_CASE("batch rows equal positions-csv rows over corpus files of the three games") {
    KIFU_REQUIRE_CORPUS();
    const fs::path corpus = kifu::test::corpus_dir();
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(corpus / "othello" / "wthor" / "ffo-1977-2021")) {
        const std::string name = e.path().filename().string();
        if (name == "WTH_1981.wtb" || name == "WTH_2001.wtb" || name == "WTH_2021.wtb") files.push_back(e.path());
    }
    for (int i = 0; i < 60; ++i) {
        const fs::path kif = corpus / "shogi" / "generated" / "seed1-2000" / "kif" / fmt::format("g{:06}.kif", i);
        if (fs::exists(kif)) files.push_back(kif);
    }
    std::size_t go_files = 0;
    for (const auto& e : fs::recursive_directory_iterator(corpus / "go" / "sgf")) {
        if (go_files < 40 && e.path().extension() == ".sgf" && kifu::read_file(e.path()).ok()) {
            files.push_back(e.path());
            ++go_files;
        }
    }
    REQUIRE(files.size() > 50);
    for (const fs::path& file : files) {
        INFO(file.string());
        kifu::game game{};
        const std::vector<std::string> expected = csv_rows(file, game);
        CHECK(reader_rows({{file.string(), std::nullopt}}, game, 1000).rows == expected);
    }
}

TEST_CASE("the rows of several inputs follow the inputs' order and index the sources") {
    const fs::path shogi_a = kifu::test::data_dir() / "samples" / "yagura-opening.csa";
    const fs::path shogi_b = training_file("floodgate-style.csa");
    kifu::game game{};
    std::vector<std::string> expected = csv_rows(shogi_b, game);
    const std::vector<std::string> first = csv_rows(shogi_a, game);
    expected.insert(expected.begin(), first.begin(), first.end());
    const read_rows got = reader_rows({{shogi_a.string(), std::nullopt}, {shogi_b.string(), std::nullopt}}, game, 7);
    CHECK(got.rows == expected);
    CHECK(got.sources == std::vector<std::string>{shogi_a.string(), shogi_b.string()});
}

TEST_CASE("bytes in memory give the rows of the file they came from") {
    const fs::path file = training_file("mixed-sizes.sgf");
    const read_rows from_file = reader_rows({{file.string(), std::nullopt}}, kifu::game::go, 4);
    const read_rows from_bytes = reader_rows({{file.string(), kifu::test::slurp(file)}}, kifu::game::go, 4);
    CHECK(from_bytes.rows == from_file.rows);
    CHECK_FALSE(from_file.rows.empty());
}

TEST_CASE("a go board of another size starts a new batch") {
    const read_rows got = reader_rows({{training_file("mixed-sizes.sgf").string(), std::nullopt}}, kifu::game::go, 100);
    REQUIRE(got.batches.size() == 3);
    CHECK(got.batches[0].height == 9);
    CHECK(got.batches[0].rows == 8);
    CHECK(got.batches[1].height == 13);
    CHECK(got.batches[1].width == 13);
    CHECK(got.batches[1].planes.size() == 6 * 169);
    CHECK(got.batches[2].height == 9);
    CHECK(got.batches[2].move.back() == -1);
    CHECK(got.batches[0].move[3] == 81);  // W[] is a pass
}

TEST_CASE("the columns hold the documented codes") {
    const read_rows got = reader_rows({{training_file("floodgate-style.csa").string(), std::nullopt}}, kifu::game::shogi, 1000);
    REQUIRE(got.batches.size() == 1);
    const kifu::position_batch& b = got.batches[0];
    CHECK(b.height == 9);
    CHECK(b.width == 9);
    CHECK(b.hands.size() == b.rows * 14);
    // The start: White's lance on 9a (top-left) is -2, Black's king on 5i is +8.
    CHECK(b.planes[0] == -2);
    CHECK(b.planes[8 * 9 + 4] == 8);
    CHECK(b.move[0] == 0x1e3b);  // 7g7f, as cshogi's move16
    CHECK(b.move[2] == 0x630a);  // 8h2b+
    CHECK(b.move[4] == (85 << 7 | 3 * 9 + 4));  // B*4e
    CHECK(b.hands[4 * 14 + 5] == 1);            // ply 4: Black holds a bishop
    CHECK(b.hands[4 * 14 + 7 + 5] == 1);        // and White one
    CHECK(b.result[0] == -1);                   // Black resigned
    CHECK(b.eval[1] == -30);
    CHECK(b.has_eval[1] == 1);
    CHECK(b.has_eval[0] == 0);
    CHECK(b.move[6] == -1);                     // the last position of the first game
    CHECK(b.result[b.rows - 1] == 1);           // the last game: Black, to move, declared a win (KACHI)
    CHECK(b.score[b.rows - 1] == 1);
}

TEST_CASE("a filter on moves, rating, result, date and players takes the games it names") {
    const std::vector<kifu::position_input> csa{{training_file("floodgate-style.csa").string(), std::nullopt}};
    const auto games = [&](const kifu::position_filter& f) { return games_of(reader_rows(csa, kifu::game::shogi, 5, f)); };
    using set = std::set<std::int32_t>;
    CHECK(games({}) == set{1, 2, 3, 4});

    kifu::position_filter f;
    f.min_moves = 5;
    CHECK(games(f) == set{1, 3});
    f.min_moves = 7;
    CHECK(games(f) == set{3});

    f = {};
    f.min_rating = 3400;
    CHECK(games(f) == set{1});  // 2: White 3800 but Black 3100; 3: no ratings; 4: Black's only
    f.min_rating = 3000;
    CHECK(games(f) == set{1, 2});

    f = {};
    f.results = {kifu::result_kind::white_win};
    CHECK(games(f) == set{1});
    f.results = {kifu::result_kind::draw, kifu::result_kind::black_win};
    CHECK(games(f) == set{2, 4});
    f.results = {kifu::result_kind::none};
    CHECK(games(f) == set{3});

    f = {};
    f.date_from = "2024";
    CHECK(games(f) == set{1, 2});  // 4 has no date
    f.date_to = "2024-01";
    CHECK(games(f) == set{1});
    f.date_from = "";
    CHECK(games(f) == set{1, 3});
    f.date_from = "2024-01-15";
    f.date_to = "2024/12/31";
    CHECK(games(f) == set{2});

    f = {};
    f.players = {"ali"};
    CHECK(games(f) == set{1, 3, 4});  // alice as Black (1, 3) and as White (4)
    f.players = {"dave", "erin"};
    CHECK(games(f) == set{2, 3});
    f.players = {"nobody"};
    CHECK(games(f).empty());

    f.players = {"alice"};
    f.min_moves = 5;
    f.results = {kifu::result_kind::none, kifu::result_kind::white_win};
    f.date_from = "2024";
    CHECK(games(f) == set{1});
}

TEST_CASE("othello ratings come from GGF RB and RW and go games have none") {
    const std::vector<kifu::position_input> ggf{{training_file("evals.ggf").string(), std::nullopt}};
    kifu::position_filter f;
    f.min_rating = 1900;
    CHECK(games_of(reader_rows(ggf, kifu::game::othello, 50, f)) == std::set<std::int32_t>{1});
    f.min_rating = 2000;  // White's 1990 is below
    CHECK(games_of(reader_rows(ggf, kifu::game::othello, 50, f)).empty());
    f.min_rating = 0;
    CHECK(games_of(reader_rows({{training_file("mixed-sizes.sgf").string(), std::nullopt}}, kifu::game::go, 50, f)).empty());
}

TEST_CASE("passes and result_of read the record alone") {
    const kifu::read_result r = kifu::read_file(training_file("floodgate-style.csa"));
    REQUIRE(r.records.size() == 4);
    CHECK(kifu::result_of(r.records[0]) == kifu::result_kind::white_win);
    CHECK(kifu::result_of(r.records[1]) == kifu::result_kind::draw);
    CHECK(kifu::result_of(r.records[2]) == kifu::result_kind::none);
    CHECK(kifu::result_of(r.records[3]) == kifu::result_kind::black_win);
    CHECK(kifu::to_string(kifu::result_kind::black_win) == "black_win");
    kifu::position_filter f;
    f.min_moves = 6;
    CHECK(kifu::passes(f, r.records[0]));
    CHECK_FALSE(kifu::passes(f, r.records[1]));
}

TEST_CASE("games of another kind are left out with positions.wrong-game") {
    const read_rows got = reader_rows({{training_file("floodgate-style.csa").string(), std::nullopt}}, kifu::game::go, 10);
    CHECK(got.rows.empty());
    REQUIRE(got.diagnostics.size() == 4);
    CHECK(got.diagnostics[0].code == "positions.wrong-game");
    CHECK(got.diagnostics[0].severity == kifu::severity::warning);
    CHECK(got.diagnostics[0].message == "game 1 is a shogi game; the rows are of go games: it is left out");
    CHECK(got.diagnostics[0].file == training_file("floodgate-style.csa").string());
}

TEST_CASE("othello games not on 8x8 boards are left out with positions.board-size") {
    const read_rows got = reader_rows({{training_file("evals.ggf").string(), std::nullopt}}, kifu::game::othello, 10);
    CHECK(games_of(got) == std::set<std::int32_t>{1, 2});
    REQUIRE(got.diagnostics.size() == 2);
    CHECK(got.diagnostics[0].code == "positions.board-size");
    CHECK(got.diagnostics[0].message == "game 3 is played on a 10×10 board; othello rows need 8×8 boards: it is left out");
    CHECK(got.diagnostics[1].message == "game 4 is played on a 4×4 board; othello rows need 8×8 boards: it is left out");
}

TEST_CASE("read problems are diagnostics of the reader") {
    const read_rows got = reader_rows({{"no-such-file.csa", std::nullopt}, {training_file("evals.ggf").string(), std::nullopt}},
                                      kifu::game::othello, 10);
    REQUIRE_FALSE(got.diagnostics.empty());
    CHECK(got.diagnostics[0].code == "io.open");
    CHECK_FALSE(got.rows.empty());  // the next input is read
}

TEST_CASE("append_positions takes a record of the batch's game and board size") {
    const kifu::read_result go = kifu::read_file(training_file("mixed-sizes.sgf"));
    REQUIRE(go.records.size() == 3);
    kifu::position_batch b;
    b.game = kifu::game::go;
    CHECK(kifu::append_positions(b, go.records[0], 5));
    CHECK(b.rows == 8);
    CHECK(b.source.front() == 5);
    CHECK_FALSE(kifu::append_positions(b, go.records[1], 5));  // 13×13
    CHECK(kifu::append_positions(b, go.records[2], 5));
    CHECK(b.rows == 14);
    CHECK(b.planes.size() == 14 * 81);
    CHECK(b.game_index.back() == 3);
    kifu::position_batch shogi;
    CHECK_FALSE(kifu::append_positions(shogi, go.records[0], 0));
    CHECK(shogi.rows == 0);
    b.clear();
    CHECK(b.rows == 0);
    CHECK(b.planes.empty());
}

TEST_CASE("a reader destroyed before the end stops reading") {
    kifu::position_reader reader({{training_file("floodgate-style.csa").string(), std::nullopt}}, kifu::game::shogi, 1);
    kifu::position_batch b;
    REQUIRE(reader.next(b));
    CHECK(b.rows == 1);
    CHECK(reader.games_read() >= 1);
}

TEST_CASE("a reader moved from reads on where the other stopped, and the old one gives nothing") {
    kifu::position_reader first({{training_file("floodgate-style.csa").string(), std::nullopt}}, kifu::game::shogi, 10);
    kifu::position_batch b;
    REQUIRE(first.next(b));
    CHECK(b.ply.front() == 0);
    kifu::position_reader second = std::move(first);
    REQUIRE(second.next(b));
    CHECK(b.rows == 10);
    CHECK(b.game_index.front() == 2);  // game 1 has 7 rows, game 2 5: row 10 is game 2's ply 3
    CHECK(b.ply.front() == 3);
    CHECK_FALSE(first.next(b));  // NOLINT(bugprone-use-after-move): a moved-from reader is empty
    CHECK(first.sources().empty());
    CHECK(first.games_read() == 0);
}
