// No quadratic path: every registered format's reader, and the grammar trace `kifu trace`
// prints, is run on an input of size n and of size 4n, and the time may grow about 4×, not
// 16×. Time is the thread's CPU time (other processes on the machine do not count), best of
// three, with as many reads per measure as make the n input take 20 ms, so that the test stays
// short. A sanitizer build reports it as skipped (see set_up_timing).

#include <catch2/catch.hpp>

#include <time.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <functional>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include <kifu/format.hpp>
#include <kifu/go/board.hpp>
#include <kifu/json_writer.hpp>
#include <kifu/othello/wthor.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

namespace {

double cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The least thread CPU time of three calls of `measure`.
double best_of_three(const std::function<void()>& measure) {
    double best = 1e9;
    for (int run = 0; run < 3; ++run) {
        const double start = cpu_seconds();
        measure();
        best = std::min(best, cpu_seconds() - start);
    }
    return best;
}

// The best of three measures of `reads` lenient reads of the input.
double best_time(const std::string& input, const std::string& name, const std::string& format, int reads) {
    kifu::read_options options;
    options.format = format;
    options.mode = kifu::read_mode::lenient;
    return best_of_three([&] {
        for (int i = 0; i < reads; ++i) {
            const kifu::read_result r = kifu::read_buffer(input, name, options);
            if (r.format != format) FAIL("read as " << r.format);
        }
    });
}

// The best of three measures of `reads` traces of the input (what `kifu trace -f FORMAT` prints).
double best_trace_time(const std::string& input, const std::string& name, const std::string& format, int reads) {
    const kifu::format_info* info = kifu::find_format(format);
    REQUIRE(info != nullptr);
    REQUIRE(info->has_grammar);
    std::vector<kifu::diagnostic> diagnostics;
    const kifu::source_text text = kifu::decode(name, input, kifu::decode_options{}, diagnostics);
    return best_of_three([&] {
        for (int i = 0; i < reads; ++i) {
            std::string out;
            if (!kifu::trace(text, *info, out) || out.empty()) FAIL("the trace failed");
        }
    });
}

// The best of three measures of `reads` writes of every game of the input as JKF into one
// string, as `kifu convert -t jkf` writes a file of many games (JSON Lines).
double best_jkf_write_time(const std::string& input, const std::string& name, const std::string& format, int reads) {
    kifu::read_options options;
    options.format = format;
    const kifu::read_result r = kifu::read_buffer(input, name, options);
    REQUIRE(r.format == format);
    REQUIRE(!r.records.empty());
    std::string out;
    return best_of_three([&] {
        for (int i = 0; i < reads; ++i) {
            out.clear();
            for (const kifu::record& game : r.records) {
                kifu::json_writer writer(out);
                game.write_jkf(writer);
                out += '\n';
            }
        }
    });
}

// A sanitizer's allocator replaces glibc's: it holds freed blocks in a quarantine, maps large
// ones afresh each time and writes shadow memory for every block, none of which mallopt
// governs, so a read's time there depends on the heap's history more than on the reader.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KIFU_GROWTH_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(KIFU_GROWTH_ASAN)
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif

// glibc gives freed memory back to the system (trimming the heap, unmapping large blocks), so
// every read of the 4n input faults its pages in afresh while the n input reuses what an
// earlier read left: the kernel's page clearing, counted in the thread's time, made a linear
// reader of many CSA games measure 7x. Keeping freed memory measures the readers alone.
// Returns false, and the test is reported as skipped, in a sanitizer build: there the Release
// build's run of the same test is the measure.
bool set_up_timing() {
    if (sanitized) {
        std::cout << "KIFU-SKIP: growth is timed in builds without a sanitizer (see set_up_timing)" << std::endl;
        return false;
    }
#if defined(__GLIBC__)
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_MMAP_MAX, 0);
#endif
    return true;
}

// A generator makes an input of `units` repetitions of the format's content.
struct growth_case {
    std::string label;
    std::string format;
    std::string name;
    std::function<std::string(int)> make;
    int units;  // n
};

// Shogi: rooks walk back and forth (legal forever: no repetition rule is checked).
const char* const kif_moves[] = {"４八飛(28)", "６二飛(82)", "２八飛(48)", "８二飛(62)"};
const char* const csa_moves[] = {"+2848HI", "-8262HI", "+4828HI", "-6282HI"};

std::string kif(int units) {
    std::string s = "手合割：平手\n手数----指手---------消費時間--\n";
    for (int i = 0; i < units * 4; ++i) s += std::to_string(i + 1) + " " + kif_moves[i % 4] + "\n";
    return s;
}

std::string ki2(int units) {
    std::string s = "手合割：平手\n\n";
    for (int i = 0; i < units; ++i) s += "▲４八飛 △６二飛 ▲２八飛 △８二飛\n";
    return s;
}

std::string csa_game(int moves) {
    std::string s = "V2.2\nPI\n+\n";
    for (int i = 0; i < moves; ++i) s += std::string(csa_moves[i % 4]) + "\n";
    return s + "%TORYO\n";
}

std::string csa_games(int units) {
    std::string s;
    for (int i = 0; i < units; ++i) s += (i ? "/\n" : "") + csa_game(8);
    return s;
}

// Games whose text outgrows the JKF writer's first guess of its size (by moves): a comment of
// 2,000 characters each.
std::string csa_commented_games(int units) {
    const std::string comment = "'" + std::string(2000, 'c') + "\n";
    std::string s;
    for (int i = 0; i < units; ++i) s += (i ? "/\n" : "") + std::string("V2.2\nPI\n+\n") + comment + "+2848HI\n%TORYO\n";
    return s;
}

// One-line inputs: a whole game on one line, as SGF from many servers is written. A position
// found by counting from the line's start (each move's column, each diagnostic's) makes these
// quadratic while inputs of many short lines stay linear.
std::string csa_one_line(int units) {
    std::string s = "V2.2\nPI\n+\n";
    for (int i = 0; i < units * 4; ++i) s += std::string(i ? "," : "") + csa_moves[i % 4];
    return s + "\n%TORYO\n";
}

std::string ki2_one_line(int units) {
    std::string s = "手合割：平手\n\n";
    for (int i = 0; i < units; ++i) s += "▲４八飛 △６二飛 ▲２八飛 △８二飛 ";
    return s + "\n";
}

// Every move after the first takes an occupied point: a warning (go.illegal.overwrite), with
// its line and column, per move.
std::string sgf_one_line(int units) {
    std::string s = "(;GM[1]FF[4]SZ[19]";
    for (int i = 0; i < units; ++i) s += i % 2 == 0 ? ";B[aa]" : ";W[aa]";
    return s + ")";
}

// Go formats of one game per file: a long game whose moves walk over the board (a point
// already taken is a warning, not an error, so every line is read).
kifu::go::point walk(int i) { return {(i * 2) % 19, (i * 2) / 19 % 19}; }  // 0-based

std::string gib(int units) {
    std::string s = "\\HS\n\\[GAMEWHITENAME=w\\]\n\\[GAMEBLACKNAME=b\\]\n\\HE\n\\GS\n2 1 0\n7 0 &4\nINI 0 1 0 &4 \n";
    for (int i = 0; i < units; ++i) {
        const kifu::go::point p = walk(i);
        s += "STO 0 " + std::to_string(i + 1) + ' ' + std::to_string(1 + i % 2) + ' ' + std::to_string(p.x) + ' ' +
             std::to_string(p.y) + " \n";
    }
    return s + "\\GE\n";
}

std::string ugf(int units) {
    std::string s = "[Header]\nSize=19\nHdcp=0,6.50\nCoordinateType=IGS\n[Data]\n";
    for (int i = 0; i < units; ++i) {
        const kifu::go::point p = walk(i);
        s += std::string{static_cast<char>('A' + p.x), static_cast<char>('A' + p.y), ','} + "BW"[i % 2] + "1," +
             std::to_string(i + 1) + ",0\n";
    }
    return s;
}

std::string ngf(int units) {
    std::string s = "t\n19\nw\nb\nx\n0\n0\n0\n20240102 [10:20]\n5\nBlack wins\n" + std::to_string(units) + "\n";
    for (int i = 0; i < units; ++i) {
        const kifu::go::point p = walk(i);
        const char x = static_cast<char>('B' + p.x);
        const char y = static_cast<char>('B' + p.y);
        const int n = (i + 1) % (26 * 26);  // the move number's two letters
        s += std::string{'P', 'M', static_cast<char>('A' + n / 26), static_cast<char>('A' + n % 26), "BW"[i % 2], x, y, y, x, '\n'};
    }
    return s;
}

// USI: one long game (rooks shuffling, as in the JKF case) and many one-line games.
std::string usi_game(int units) {
    static const char* const moves[] = {" 2h4h", " 8b6b", " 4h2h", " 6b8b"};
    std::string s = "position startpos moves";
    for (int i = 0; i < units * 4; ++i) s += moves[i % 4];
    return s + "\n";
}

std::string usi_lines(int units) {
    std::string s;
    for (int i = 0; i < units; ++i) s += "position startpos moves 7g7f 3c3d 2g2f\n";
    return s;
}

std::string jkf(int units) {
    static const char* const squares[] = {R"("from":{"x":2,"y":8},"to":{"x":4,"y":8})", R"("from":{"x":8,"y":2},"to":{"x":6,"y":2})",
                                          R"("from":{"x":4,"y":8},"to":{"x":2,"y":8})", R"("from":{"x":6,"y":2},"to":{"x":8,"y":2})"};
    std::string s = R"({"header":{},"moves":[{})";
    for (int i = 0; i < units * 4; ++i) s += std::string(R"(,{"move":{)") + squares[i % 4] + R"(,"piece":"HI"}})";
    return s + "]}";
}

std::string sgf_games(int units) {
    std::string s;
    for (int i = 0; i < units; ++i) s += "(;GM[1]FF[4]SZ[19]PB[b]PW[w];B[pd];W[dd];B[pq];W[dp];B[fc]C[a comment])\n";
    return s;
}

std::string sgf_variations(int units) {
    std::string s = "(;GM[1]FF[4]SZ[19]";
    for (int i = 0; i < units; ++i) s += "(;B[pd];W[dd])";  // siblings: one fork each
    return s + ")";
}

std::string nhk(int units) {
    // One p= record per move: the board after it (a point each, in row order).
    std::string s = "NIP100;\nTitle=t;\nPlayer1=a;\nPlayer2=b;\n";
    kifu::go::board b(19, 19);
    kifu::go::color c = kifu::go::color::black;
    for (int i = 0; i < units; ++i) {
        const kifu::go::point p{1 + (i * 2) % 19, 1 + (i * 2) / 19 % 19};
        b.play(c, p);
        c = kifu::go::opponent(c);
        std::string digits;
        for (const std::string& row : b.rows()) {
            for (const char ch : row) digits += ch == '.' ? '0' : ch == 'X' ? '1' : '2';
        }
        s += "p=" + digits + kifu::go::to_sgf(p) + ";\nh1=0;\nh2=0;\n";
    }
    return s + "END\n";
}

const std::string ggf_game =
    "(;GM[Othello]PC[x]PB[b]PW[w]TY[8]RE[?]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
    "B[f5]W[d6]B[c3]W[d3]B[c4]W[f4]B[f6]W[f3];)\n";

// Games whose text outgrows the JKF writer's first guess of its size: a player name of 2,000
// characters each.
std::string ggf_named_games(int units) {
    const std::string game = "(;GM[Othello]PC[x]PB[" + std::string(2000, 'b') +
                             "]PW[w]TY[8]RE[?]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
                             "B[f5]W[d6];)\n";
    std::string s;
    for (int i = 0; i < units; ++i) s += "1 " + game;
    return s;
}

std::string ggf_games(int units) {
    std::string s;
    for (int i = 0; i < units; ++i) s += "1 " + ggf_game;
    return s;
}

std::string ggf_junk(int units) { return ggf_game + std::string(static_cast<std::size_t>(units) * 64, 'A'); }

// A line of capitals and no game: at 1,000 units the 4n input is `print('A' * 400000)`.
std::string ggf_capitals(int units) { return std::string(static_cast<std::size_t>(units) * 100, 'A') + "\n"; }

std::string wthor(int units) {
    namespace w = kifu::othello::wthor;
    w::games_file f;
    f.header.game_year = 2026;
    f.header.board_size = 8;
    w::game g;
    const std::uint8_t moves[] = {56, 64, 33, 34, 43, 46, 66, 36};  // f5 d6 c3 d3 c4 f4 f6 f3
    std::copy(std::begin(moves), std::end(moves), g.moves.begin());
    f.games.assign(static_cast<std::size_t>(units), g);
    f.header.games = static_cast<std::uint32_t>(units);
    return w::write(f);
}

// Runs `measure` (reads or traces) on the case's input of n and of 4n units: the time may grow
// about 4x (at most `bound` times), not 16x. A linear reader measures 3–6.5x (the 4n input and
// its record leave caches the n input stays in, and a test on the other core shares the last
// level); a quadratic path measures 16x, so 8 tells them apart with room for that noise.
void check_growth(const growth_case& c, double (*measure)(const std::string&, const std::string&, const std::string&, int),
                  double bound = 8) {
    INFO(c.label);
    const std::string small = c.make(c.units);
    const std::string large = c.make(c.units * 4);
    // Calibrate: as many reads as make the small input take 20 ms.
    int reads = 1;
    while (measure(small, c.name, c.format, reads) < 0.02 && reads < (1 << 20)) reads *= 2;
    // Up to ten tries. On a shared machine a neighbour's burst can slow any measure, for a few
    // seconds and several measures in a row, so two figures are kept: each size's fastest (the
    // nearest to the reader's own cost) and the lowest ratio of a pair measured one right after
    // the other (a spell that slows both cancels out). The growth is the lower of the two; a
    // quadratic path is slow in every measure and every pair.
    double t_small = std::numeric_limits<double>::infinity();
    double t_large = std::numeric_limits<double>::infinity();
    double pair_ratio = std::numeric_limits<double>::infinity();
    double growth = std::numeric_limits<double>::infinity();
    for (int attempt = 0; attempt < 10 && growth > bound; ++attempt) {
        const double small_time = measure(small, c.name, c.format, reads);
        const double large_time = measure(large, c.name, c.format, reads);
        t_small = std::min(t_small, small_time);
        t_large = std::min(t_large, large_time);
        pair_ratio = std::min(pair_ratio, large_time / small_time);
        growth = std::min(t_large / t_small, pair_ratio);
    }
    INFO("n: " << t_small * 1e3 << " ms, 4n: " << t_large * 1e3 << " ms, " << reads << " reads, closest pair "
               << pair_ratio << "x");
    CHECK(growth <= bound);
    std::cout << "growth: " << c.label << ": " << small.size() << " bytes " << t_small * 1e3 << " ms, 4x: "
              << growth << "x the time\n";
}

}  // namespace

TEST_CASE("every reader takes time linear in its input: 4x the input, at most 8x the time", "[growth]") {
    const std::vector<growth_case> cases = {
        {"CSA, one long game", "csa", "g.csa", csa_game, 8000},
        {"CSA, many games", "csa", "g.csa", csa_games, 64000},  // n past the caches: 5 MB of games
        {"KIF, one long game", "kif", "g.kif", kif, 2000},
        {"KI2, one long game", "ki2", "g.ki2", ki2, 2000},
        {"JKF, one long game", "jkf", "g.jkf", jkf, 2000},
        {"USI, one long game", "usi", "g.usi", usi_game, 2000},
        {"USI, many games", "usi", "g.usi", usi_lines, 8000},
        {"SGF, many games", "sgf", "g.sgf", sgf_games, 4000},
        {"SGF, many variations", "sgf", "g.sgf", sgf_variations, 16000},  // n past the caches too
        {"NHK, one game", "nhk", "g.txt", nhk, 60},
        {"GIB, one long game", "gib", "g.gib", gib, 2000},
        {"NGF, one long game", "ngf", "g.ngf", ngf, 2000},
        {"UGF, one long game", "ugf", "g.ugf", ugf, 2000},
        {"GGF, many games", "ggf", "g.ggf", ggf_games, 2000},
        {"GGF, a run of capitals after a game", "ggf", "g.ggf", ggf_junk, 4000},
        {"GGF, a line of capitals and no game", "ggf", "a.ggf", ggf_capitals, 1000},
        {"WTHOR, many games", "wthor", "g.wtb", wthor, 64000},  // n past the caches: 4 MB of games
        {"CSA, one game on one line", "csa", "g.csa", csa_one_line, 2000},
        {"KI2, one game on one line", "ki2", "g.ki2", ki2_one_line, 2000},
        {"SGF, one game on one line, a warning per move", "sgf", "g.sgf", sgf_one_line, 8000},
    };
    if (!set_up_timing()) return;
    std::vector<std::string> covered;
    for (const growth_case& c : cases) {
        check_growth(c, best_time);
        covered.push_back(c.format);
    }
    for (const kifu::format_info& f : kifu::formats()) {
        INFO(f.name);
        CHECK(std::find(covered.begin(), covered.end(), std::string(f.name)) != covered.end());
    }
}

TEST_CASE("the JKF writers append many games to one string in time linear in its size", "[growth]") {
    // A writer that grew its room in proportion to the whole string, not to its own game, made
    // `-t jkf` of a WTHOR file of 6,000 games spend 95 % of its time filling memory.
    const std::vector<growth_case> cases = {
        {"JKF of many WTHOR games", "wthor", "g.wtb", wthor, 4000},
        {"JKF of many CSA games", "csa", "g.csa", csa_games, 4000},
        {"JKF of many CSA games with long comments", "csa", "g.csa", csa_commented_games, 1000},
        {"JKF of many SGF games", "sgf", "g.sgf", sgf_games, 1000},
        {"JKF of many GGF games with long names", "ggf", "g.ggf", ggf_named_games, 1000},
    };
    if (!set_up_timing()) return;
    // Up to 8x: the 4n output (8.5 MB of JKF for the long names, beside their records) leaves the
    // caches that the n output stays in, and a test running on the other core shares the last
    // level, so a linear writer measured up to 6.4x under ctest -j2; a writer whose room grows
    // with the whole string measures 16x and more.
    for (const growth_case& c : cases) check_growth(c, best_jkf_write_time, 8);
}

TEST_CASE("kifu trace takes time linear in its input: 4x the input, at most 8x the time", "[growth]") {
    // The trace writes a line per rule tried, some 600 bytes per CSA move: CSA with 10,000 and
    // 40,000 moves took 46 s when each line's position was found from the start of the text.
    const std::vector<growth_case> cases = {
        {"trace: CSA, one long game", "csa", "g.csa", csa_game, 10000},
        {"trace: KIF, one long game", "kif", "g.kif", kif, 500},
        {"trace: SGF, many games", "sgf", "g.sgf", sgf_games, 500},
        {"trace: GGF, a run of capitals after a game", "ggf", "g.ggf", ggf_junk, 500},
    };
    if (!set_up_timing()) return;
    for (const growth_case& c : cases) check_growth(c, best_trace_time);
}
