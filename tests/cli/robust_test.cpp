// kifu convert on inputs that test the reading policy: rule breaches in go load unless
// --strict, empty inputs fail, a KIF move line cut short is an error, a lenient cut (at an
// illegal move or an unreadable line) keeps what it did not play, 400,000 capitals in a .ggf
// file are read in linear time, strict mode on a multi-game file writes the games before the
// broken one, deep variations round-trip, and --jsonl streams.

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "run_kifu.hpp"
#include "support/corpus.hpp"

namespace {

// Writes a scratch file and returns its full path.
std::string make_file(const std::string& folder, const std::string& name, const std::string& content) {
    const auto path = kifu::test::scratch_dir(folder) / name;
    std::ofstream(path, std::ios::binary) << content;
    return path.string();
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// Rooks walking back and forth: legal for as long as needed.
const char* const kif_moves[] = {"４八飛(28)", "６二飛(82)", "２八飛(48)", "８二飛(62)"};

std::string kif_line(int ply) { return std::to_string(ply) + " " + kif_moves[(ply - 1) % 4] + "\n"; }

// A KIF whose variations nest `depth` deep: variation k starts at ply k and holds plies k and
// k + 1, so the next one (at ply k + 1) forks it.
std::string nested_kif(int depth) {
    std::string s = "手合割：平手\n手数----指手---------消費時間--\n";
    for (int ply = 1; ply <= depth + 3; ++ply) s += kif_line(ply);
    for (int k = 2; k < depth + 2; ++k) s += "\n変化：" + std::to_string(k) + "手\n" + kif_line(k) + kif_line(k + 1);
    return s;
}

}  // namespace

TEST_CASE("kifu convert loads a go record that breaks only the rules, and --strict rejects it") {
    // Black's stone at aa has no liberty after W[ab]: a suicide under Japanese rules.
    const std::string file = make_file("policy", "suicide.sgf", "(;GM[1]FF[4]SZ[3]RU[Japanese]AW[ba][ab];B[aa];W[cc])\n");
    const auto loaded = kifu::test::run_kifu("convert " + file);
    CHECK(loaded.status == 0);
    CHECK(loaded.out.find(R"("illegal":["suicide"])") != std::string::npos);
    CHECK(loaded.err.find("warning: 'aa' is a suicide") != std::string::npos);
    const auto strict = kifu::test::run_kifu("convert --strict " + file);
    CHECK(strict.status == 1);
    CHECK(strict.out.empty());
    CHECK(count(strict.err, "\n") == 1);
    CHECK(strict.err.find("error: 'aa' is a suicide") != std::string::npos);
    CHECK(kifu::test::run_kifu("convert --strict --lenient " + file).status != 0);  // exclusive
}

TEST_CASE("kifu convert: an empty input is an error with a message in every format") {
    for (const char* name : {"e.csa", "e.kif", "e.ki2", "e.jkf", "e.sgf", "e.ggf", "e.wtb", "e.txt"}) {
        INFO(name);
        const auto r = kifu::test::run_kifu("convert " + make_file("empty", name, ""));
        CHECK(r.status == 1);
        CHECK(r.out.empty());
        CHECK(r.err.find("error: the input is empty [read.empty]") != std::string::npos);
    }
}

TEST_CASE("kifu convert --lenient: a cut game says where and why and keeps its unplayed lines") {
    const std::string kif = "手合割：平手\n手数----指手---------消費時間--\n" + kif_line(1) + kif_line(2) +
                            "3 ５五角(88)\n" + kif_line(4) + kif_line(5);
    const std::string file = make_file("cut", "cut.kif", kif);
    const auto r = kifu::test::run_kifu("convert --lenient " + file);
    CHECK(r.status == 1);
    CHECK(r.out.find(R"x({"comments":["kifu: the game is cut at line 5: +8855KA: )x") != std::string::npos);
    CHECK(r.out.find(R"x("unplayed: 3 ５五角(88)","unplayed: 4 ８二飛(62)","unplayed: 5 ４八飛(28)"],"special":"ERROR"})x") !=
          std::string::npos);
    CHECK(r.err.find("warning: the game is cut here; 3 source line(s)") != std::string::npos);
    // The JKF written reads back as it is.
    const std::string jkf = make_file("cut-back", "cut.jkf", r.out);
    const auto back = kifu::test::run_kifu("convert " + jkf);
    CHECK(back.status == 0);
    CHECK(back.out == r.out);
}

TEST_CASE("kifu convert: a KIF move line cut inside the move is an error, with or without a line break") {
    for (const char* end : {"", "\n"}) {
        INFO(end);
        const std::string file = make_file("cut-short", "cut-short.kif", "手合割：平手\n" + kif_line(1) + "  38 ９" + end);
        for (const char* flags : {"", "--strict "}) {
            INFO(flags);
            const auto r = kifu::test::run_kifu(std::string("convert ") + flags + file);
            CHECK(r.status == 1);
            CHECK(r.out.empty());
            CHECK(r.err == file + ":3:7: error: expected the rank of the destination, as in ７六 [kif.syntax]\n");
        }
    }
}

TEST_CASE("kifu convert --lenient: an unreadable move line is the cut, and keeps the lines it drops") {
    // Ply 3 has no origin. The variation at ply 2 is before the cut and stays; the one at ply 3
    // is an alternative to the unreadable move and stays, a fork of the cut; the one at ply 4
    // hangs on a dropped move and goes with it into the unplayed lines.
    const std::string kif = "手合割：平手\n手数----指手---------消費時間--\n" + kif_line(1) + kif_line(2) + "3 ２八飛\n" +
                            kif_line(4) + kif_line(5) + "\n変化：4手\n4 ４二飛(62)\n\n変化：3手\n3 ３八飛(48)\n" +
                            kif_line(4) + "\n変化：2手\n2 ４二飛(82)\n";
    const std::string file = make_file("unreadable", "unreadable.kif", kif);
    const auto r = kifu::test::run_kifu("convert --lenient " + file);
    CHECK(r.status == 1);
    CHECK(r.out ==
          R"x({"header":{"手合割":"平手"},"initial":{"preset":"HIRATE"},"moves":[{},)x"
          R"x({"move":{"color":0,"from":{"x":2,"y":8},"to":{"x":4,"y":8},"piece":"HI"}},)x"
          R"x({"move":{"color":1,"from":{"x":8,"y":2},"to":{"x":6,"y":2},"piece":"HI"},)x"
          R"x("forks":[[{"move":{"color":1,"from":{"x":8,"y":2},"to":{"x":4,"y":2},"piece":"HI"}}]]},)x"
          R"x({"comments":["kifu: the game is cut at line 5: expected the origin square, as in (77), or 打 for a drop",)x"
          R"x("unplayed: 3 ２八飛","unplayed: 4 ８二飛(62)","unplayed: 5 ４八飛(28)","unplayed: 4 ４二飛(62)"],)x"
          R"x("special":"ERROR","forks":[[{"move":{"color":0,"from":{"x":4,"y":8},"to":{"x":3,"y":8},"piece":"HI"}},)x"
          R"x({"move":{"color":1,"from":{"x":6,"y":2},"to":{"x":8,"y":2},"piece":"HI"}}]]}]})x"
          "\n");
    CHECK(r.err == file + ":5: warning: 1 variation(s) hanging on the dropped moves are dropped with them (ply 3) [shogi.forks-dropped]\n" +
                       file + ":5:1: warning: the game is cut here; 4 source line(s) after it are kept as 'unplayed:' comments of an ERROR special (ply 3) [shogi.cut]\n" +
                       file + ":5:6: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n");
    // Strict (the default) stops at the line; the lenient JKF reads back as it is.
    const auto strict = kifu::test::run_kifu("convert " + file);
    CHECK(strict.status == 1);
    CHECK(strict.out.empty());
    CHECK(strict.err == file + ":5:6: error: expected the origin square, as in (77), or 打 for a drop [kif.syntax]\n");
    const auto back = kifu::test::run_kifu("convert " + make_file("unreadable-back", "unreadable.jkf", r.out));
    CHECK(back.status == 0);
    CHECK(back.out == r.out);
}

TEST_CASE("kifu convert: 400,000 capitals named .ggf are no game, said once") {
    // `python3 -c "print('A'*400000)" > a.ggf` took 45 s before GGF read capital runs
    // linearly (tests/core/growth_test.cpp times it against a quarter of it).
    const std::string file = make_file("capitals", "a.ggf", std::string(400000, 'A') + "\n");
    for (const char* flags : {"", "--lenient ", "--strict "}) {
        INFO(flags);
        const auto r = kifu::test::run_kifu(std::string("convert ") + flags + file);
        CHECK(r.status == 1);
        CHECK(r.out.empty());
        CHECK(r.err == file + ":1:1: error: no game record '(;' … ';)' found [ggf.no-games]\n");
    }
}

TEST_CASE("kifu convert: strict mode on a multi-game CSA writes the games before the broken one") {
    const std::string good = "V2.2\nPI\n+\n+2848HI\n-8262HI\n%TORYO\n";
    const std::string broken = "V2.2\nPI\n+\n+2855HI\n%TORYO\n";
    const std::string file = make_file("multi", "three.csa", good + "/\n" + good + "/\n" + broken + "/\n" + good);
    const auto strict = kifu::test::run_kifu("convert --jsonl " + file);
    CHECK(strict.status == 1);
    CHECK(count(strict.out, "\n") == 2);
    CHECK(strict.err.find(":18:") != std::string::npos);  // the broken move's line
    const auto lenient = kifu::test::run_kifu("convert --jsonl --lenient " + file);
    CHECK(count(lenient.out, "\n") == 4);
}

TEST_CASE("kifu convert: 170 and 1000 nested variations round-trip KIF -> JKF -> JKF and -> KIF -> JKF, and 1001 are refused") {
    // 1000 is the deepest nesting kifu reads (shogi.fork-too-deep beyond).
    for (const int depth : {170, 1000}) {
        INFO(depth);
        const auto r = kifu::test::run_kifu("convert " + make_file("deep", "deep.kif", nested_kif(depth)));
        CHECK(r.status == 0);
        CHECK(count(r.out, R"("forks":)") == static_cast<std::size_t>(depth));
        const std::string jkf = make_file("deep-back", "deep.jkf", r.out);
        const auto back = kifu::test::run_kifu("convert " + jkf);
        CHECK(back.status == 0);
        CHECK(back.err.empty());
        CHECK(back.out == r.out);
        // Written as KIF (CP932, as Kifu for Windows writes it) and read again: the same JKF.
        const auto kif = kifu::test::run_kifu("convert -t kif " + jkf);
        CHECK(kif.status == 0);
        CHECK(kif.err.empty());
        const auto again = kifu::test::run_kifu("convert " + make_file("deep-again", "deep.kif", kif.out));
        CHECK(again.status == 0);
        CHECK(again.err.empty());
        CHECK(again.out == r.out);
    }
    const auto too_deep = kifu::test::run_kifu("convert " + make_file("deeper", "deep.kif", nested_kif(1001)));
    CHECK(too_deep.status == 1);
    CHECK(too_deep.err.find("[shogi.fork-too-deep]") != std::string::npos);
}

TEST_CASE("kifu convert --jsonl streams a large multi-game file with exact lines") {
    // 3 MB of CSA games, the third from last broken: the streamed read numbers its line as the
    // whole-file read does, and writes the games before it.
    const std::string good = "V2.2\nPI\n+\n+2848HI\n-8262HI\n%TORYO\n";
    std::string text;
    const int games = 60000;
    for (int i = 0; i < games; ++i) text += (i ? "/\n" : "") + (i == games - 3 ? "V2.2\nPI\n+\n+2855HI\n%TORYO\n" : good);
    const std::string file = make_file("stream", "many.csa", text);
    const auto streamed = kifu::test::run_kifu("convert --jsonl " + file);
    const auto whole = kifu::test::run_kifu("convert " + file);  // several games: JSON Lines too
    CHECK(streamed.status == 1);
    CHECK(count(streamed.out, "\n") == static_cast<std::size_t>(games - 3));
    CHECK(streamed.out == whole.out);
    CHECK(streamed.err == whole.err);
    CHECK(streamed.err.find(":" + std::to_string(7 * (games - 3) + 4) + ":") != std::string::npos);
}
