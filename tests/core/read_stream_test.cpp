// read_stream (runtime/src/read_stream.cpp): a multi-game file read a game at a time gives the
// same records, numbers and diagnostics (lines and columns of the whole file) as read_file.

#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <kifu/othello/wthor.hpp>
#include <kifu/read.hpp>
#include <kifu/read_stream.hpp>

#include "support/diagnostics.hpp"

namespace {

std::filesystem::path scratch(const std::string& name, const std::string& content) {
    const auto dir = std::filesystem::temp_directory_path() / ("kifu-stream-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / name, std::ios::binary) << content;
    return dir / name;
}

struct both {
    std::vector<std::string> whole;     // read_file: JKF and index of each record, then diagnostics
    std::vector<std::string> streamed;  // read_stream: the same
    kifu::stream_summary summary;
};

both read_both(const std::filesystem::path& path, kifu::read_mode mode, bool stop_after_first = false) {
    kifu::read_options options;
    options.mode = mode;
    both out;
    const kifu::read_result r = kifu::read_file(path, options);
    for (const kifu::record& rec : r.records) out.whole.push_back(std::to_string(rec.index) + " " + kifu::to_jkf(rec));
    for (const std::string& d : kifu::test::gcc_list(r.diagnostics)) out.whole.push_back(d);

    std::vector<std::string> records;
    std::vector<kifu::diagnostic> diagnostics;
    kifu::stream_sink sink;
    sink.on_record = [&](kifu::record&& rec) {
        records.push_back(std::to_string(rec.index) + " " + kifu::to_jkf(rec));
        return !stop_after_first;
    };
    sink.on_diagnostic = [&](kifu::diagnostic&& d) { diagnostics.push_back(std::move(d)); };
    out.summary = kifu::read_stream(path, options, sink);
    out.streamed = records;
    for (const std::string& d : kifu::test::gcc_list(diagnostics)) out.streamed.push_back(d);
    if (!stop_after_first) CHECK(out.summary.ok == r.ok());
    return out;
}

// Compares two long lists and shows the first difference only (Catch would print them whole).
void check_same(const std::vector<std::string>& streamed, const std::vector<std::string>& whole) {
    CHECK(streamed.size() == whole.size());
    const std::size_t n = std::min(streamed.size(), whole.size());
    std::size_t i = 0;
    while (i < n && streamed[i] == whole[i]) ++i;
    if (i < n) {
        INFO("first difference at " << i);
        CHECK(streamed[i] == whole[i]);
    }
}

}  // namespace

TEST_CASE("read_stream reads CSA, SGF and GGF files of many games as read_file does", "[stream]") {
    struct sample {
        const char* name;
        std::string good;
        std::string broken;
        const char* separator;
    };
    const sample samples[] = {
        {"many.csa", "V2.2\nPI\n+\n+2848HI\n-8262HI\n%TORYO\n", "V2.2\nPI\n+\n+2855HI\n%TORYO\n", "/\n"},
        {"many.sgf", "(;GM[1]FF[4]SZ[9]C[a \\] and a (\nline];B[ee];W[cc])\n", "(;GM[1]FF[4]SZ[9];B[ee];W[zz])\n", ""},
        {"many.ggf",
         "1 (;GM[Othello]PC[x]TY[8]RE[?]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
         "B[f5]W[d6];)\n",
         "(;GM[Othello]PC[x]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
         "B[a1];)\n",
         ""},
    };
    for (const sample& s : samples) {
        INFO(s.name);
        // 3 MB: several pieces; a broken game in the second one.
        std::string text;
        int games = 0;
        bool placed = false;
        while (text.size() < 3 * 1024 * 1024) {
            const bool broken = !placed && text.size() > 1536 * 1024;
            placed = placed || broken;
            text += (games ? s.separator : "") + (broken ? s.broken : s.good);
            ++games;
        }
        const auto path = scratch(s.name, text);
        const both lenient = read_both(path, kifu::read_mode::lenient);
        CHECK(lenient.summary.format == std::filesystem::path(s.name).extension().string().substr(1));
        CHECK(lenient.summary.games == static_cast<std::size_t>(games));
        check_same(lenient.streamed, lenient.whole);
        const both strict = read_both(path, kifu::read_mode::strict);
        check_same(strict.streamed, strict.whole);
        // The callback stops the read.
        CHECK(read_both(path, kifu::read_mode::lenient, true).summary.games == 1);
    }
}

TEST_CASE("read_stream reads a WTHOR base in batches as read_file does", "[stream]") {
    namespace w = kifu::othello::wthor;
    w::games_file f;
    f.header.game_year = 2026;
    w::game g;
    const std::uint8_t moves[] = {56, 64, 33, 34, 43, 46, 66, 36};  // f5 d6 c3 d3 c4 f4 f6 f3
    std::copy(std::begin(moves), std::end(moves), g.moves.begin());
    f.games.assign(40000, g);
    f.games[20000].moves[0] = 11;  // a1: illegal
    f.header.games = 40000;
    const auto path = scratch("base.wtb", w::write(f));
    const both lenient = read_both(path, kifu::read_mode::lenient);
    CHECK(lenient.summary.format == "wthor");
    CHECK(lenient.summary.games == 40000);
    check_same(lenient.streamed, lenient.whole);
}

TEST_CASE("read_stream follows a WTHOR header's count as read_file does, in every mode", "[stream]") {
    namespace w = kifu::othello::wthor;
    w::games_file f;
    f.header.game_year = 2026;
    w::game g;
    const std::uint8_t moves[] = {56, 64, 33, 34, 43, 46, 66, 36};  // f5 d6 c3 d3 c4 f4 f6 f3
    std::copy(std::begin(moves), std::end(moves), g.moves.begin());
    f.games.assign(5000, g);  // 340 kB: streamed in batches
    f.header.games = 5000;
    const std::string whole = w::write(f);
    struct variant {
        std::string name;
        std::string bytes;
        std::size_t games;  // what both reads give, in every mode
    };
    const auto announcing = [&](std::uint32_t n, std::string bytes) {
        for (int i = 0; i < 4; ++i) bytes[static_cast<std::size_t>(4 + i)] = static_cast<char>((n >> (8 * i)) & 0xff);
        return bytes;
    };
    const std::vector<variant> variants{
        {"trailing.wtb", whole + std::string(30, '\0'), 5000},       // wthor.count-mismatch
        {"announces-100.wtb", announcing(100, whole), 100},          // the count rules: 100 games
        {"announces-5001.wtb", announcing(5001, whole), 5000},       // wthor.short-file: the 5,000 whole ones
        {"cut.wtb", announcing(5000, whole.substr(0, whole.size() - 30)), 4999},
    };
    for (const variant& v : variants) {
        const auto path = scratch(v.name, v.bytes);
        for (const kifu::read_mode mode : {kifu::read_mode::strict, kifu::read_mode::lenient}) {
            INFO(v.name << (mode == kifu::read_mode::strict ? " strict" : " lenient"));
            const both b = read_both(path, mode);
            CHECK(b.summary.games == v.games);
            check_same(b.streamed, b.whole);
        }
    }
}

TEST_CASE("read_stream stops at a game that runs on past 256 MiB without an end, as the parser would", "[stream]") {
    // One SGF game tree never closed: no place to cut it into pieces. The stream does not hold
    // the rest of the file: it says so and stops.
    std::string sgf = "(;GM[1]SZ[19]\n";
    const std::string line = std::string(";B[aa];W[bb]") + "\n";
    sgf.reserve((std::size_t{260} << 20) + line.size());
    while (sgf.size() < (std::size_t{260} << 20)) sgf += line;
    const auto path = scratch("never-closed.sgf", sgf);
    sgf = std::string();
    kifu::read_options options;
    std::vector<kifu::diagnostic> diagnostics;
    std::size_t records = 0;
    kifu::stream_sink sink;
    sink.on_record = [&](kifu::record&&) { return ++records != 0; };
    sink.on_diagnostic = [&](kifu::diagnostic&& d) { diagnostics.push_back(std::move(d)); };
    const kifu::stream_summary summary = kifu::read_stream(path, options, sink);
    std::filesystem::remove(path);
    CHECK_FALSE(summary.ok);
    CHECK(records == 0);
    CHECK(kifu::test::gcc_list(diagnostics) ==
          std::vector<std::string>{path.string() +
                                   ":1:1: error: a game runs on for more than 256 MiB without an end (from line 1); it "
                                   "is not parsed, nor is the rest of the input [sgf.too-large]"});
}
