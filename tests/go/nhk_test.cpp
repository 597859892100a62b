#include <catch2/catch.hpp>

#include <kifu/go/record.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "go/formats.hpp"
#include "go/readers.hpp"
#include "go/sgf_support.hpp"
#include "support/corpus.hpp"

using namespace kifu::go;
using kifu::test::codes;
using strings = std::vector<std::string>;
namespace fs = std::filesystem;

namespace {

// A `p=` record: the board after playing `moves` (SGF letters, alternating from Black).
std::string p_record(const std::vector<std::string>& moves) {
    board b(19, 19);
    color c = color::black;
    for (const std::string& m : moves) {
        b.play(c, {m[0] - 'a' + 1, m[1] - 'a' + 1});
        c = opponent(c);
    }
    std::string digits;
    for (const std::string& row : b.rows()) {
        for (const char ch : row) digits += ch == '.' ? '0' : ch == 'X' ? '1' : '2';
    }
    return "p=" + digits + moves.back() + ";\n";
}

const std::string head =
    "NIP100;\nOnAir=2007/10/07;\nTitle=第55回NHK杯;\nStage=決勝;\nStart=2007/09/09;\nEnd=2007/09/10;\n"
    "Player1=山田 規三生 九段;\nPlayer2=山下 敬吾 名人;\nResult=2:3;\n";

std::string two_moves() {
    return head + p_record({"pd"}) + "h1=0;\nh2=0;\n" + p_record({"pd", "dd"}) + "h1=0;\nh2=0;\nEND\n";
}

sgf_collection read(const std::string& text, std::vector<kifu::diagnostic>& d) {
    const kifu::source_text t("t.txt", text, "UTF-8");
    return parse_nhk(t, kifu::read_mode::lenient, d);
}

}  // namespace

TEST_CASE("NHK score: header and moves become the SGF tree of a converter", "[go][nhk]") {
    std::vector<kifu::diagnostic> d;
    const sgf_collection c = read(two_moves(), d);
    CHECK(d.empty());
    CHECK(write_sgf(c, {0}) ==
          "(;FF[4]CA[UTF-8]GM[1]SZ[19]EV[第55回NHK杯]GN[決勝]DT[2007-09-09,2007-09-10]PB[山田 規三生]BR[九段]"
          "PW[山下 敬吾]WR[名人]RE[W+3.5];B[pd];W[dd])\n");
    CHECK(sniff_nhk("NIP100;\r\n") == 95);
    CHECK(sniff_nhk("(;GM[1])") == 0);
}

TEST_CASE("NHK results: resignation - time - points - draw", "[go][nhk]") {
    auto re = [](const std::string& result) {
        std::vector<kifu::diagnostic> d;
        std::string text = two_moves();
        text.replace(text.find("Result=2:3"), 10, "Result=" + result);
        const sgf_collection c = read(text, d);
        return std::pair{c.values(0, "RE").empty() ? std::string("-") : std::string(c.values(0, "RE").front().raw()), codes(d)};
    };
    CHECK(re("1") == std::pair{std::string("B+R"), strings{}});
    CHECK(re("2:t") == std::pair{std::string("W+T"), strings{}});
    CHECK(re("1:0") == std::pair{std::string("B+0.5"), strings{}});
    CHECK(re("3") == std::pair{std::string("0"), strings{}});
    CHECK(re("x:y") == std::pair{std::string("-"), strings{"nhk.bad-result"}});
}

TEST_CASE("NHK diagnostics: each broken record gives its code", "[go][nhk]") {
    auto problems = [](const std::string& text) {
        std::vector<kifu::diagnostic> d;
        read(text, d);
        return codes(d);
    };
    CHECK(problems("NIP200;\nEND\n") == strings{"nhk.syntax"});
    CHECK(problems(head + "this is not a record\nEND\n") == strings{"nhk.syntax"});
    CHECK(problems(head + "p=0000") == strings{"nhk.truncated"});
    CHECK(problems(head + p_record({"pd"})) == strings{"nhk.truncated"});  // no END
    CHECK(problems(head + "Komi=6.5;\nEND\n") == strings{"nhk.unknown-key"});
    CHECK(problems(head + "Round=1\nEND\n") == strings{"nhk.missing-semicolon", "nhk.unknown-key"});
    CHECK(problems(two_moves() + "more\n") == strings{"nhk.after-end"});

    std::string p = p_record({"pd"});
    std::string short_board = p;
    short_board.erase(2, 1);
    CHECK(problems(head + short_board + "END\n") == strings{"nhk.board-size"});
    std::string bad_digit = p;
    bad_digit[2] = '3';
    CHECK(problems(head + bad_digit + "END\n") == strings{"nhk.bad-digit"});
    std::string bad_move = p;
    bad_move.replace(bad_move.size() - 4, 2, "zz");
    CHECK(problems(head + bad_move + "END\n") == strings{"nhk.bad-move"});
    std::string other_move = p;
    other_move.replace(other_move.size() - 4, 2, "aa");
    CHECK(problems(head + other_move + "END\n") == strings{"nhk.move-mismatch"});
    std::string extra_stone = p;
    extra_stone[2] = '2';
    CHECK(problems(head + extra_stone + "END\n") == strings{"nhk.board-mismatch"});
    CHECK(problems(head + p + "h1=1;\nh2=x;\nEND\n") == strings{"nhk.prisoners-mismatch", "nhk.bad-prisoners"});
}

TEST_CASE("NHK corpus: 50 files give the expected SGF and 6 malformed ones their errors", "[go][nhk][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const fs::path dir = kifu::test::corpus_dir() / "go" / "nhk";
    const kifu::format_entry nhk = nhk_format();
    std::size_t files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".txt") continue;
        ++files;
        const std::string name = entry.path().filename().string();
        INFO(name);
        const std::string bytes = kifu::test::slurp(entry.path());
        const kifu::detection found = kifu::detect(bytes, nhk);
        std::vector<kifu::diagnostic> d;
        kifu::decode_options how;
        how.forced = found.encoding;
        const kifu::source_text text = kifu::decode(name, bytes, how, d);
        const sgf_collection ours = parse_nhk(text, kifu::read_mode::lenient, d);
        CHECK(d.empty());
        std::vector<kifu::diagnostic> e;
        const sgf_collection expected =
            kifu::test::parse(kifu::test::slurp(dir / "expected" / (entry.path().stem().string() + ".sgf")), e);
        REQUIRE(ours.roots.size() == 1);
        REQUIRE(expected.roots.size() == 1);
        // Root properties as a set, then the moves.
        auto root_set = [](const sgf_collection& c) {
            std::set<std::string> s;
            for (const sgf_property p : c.properties(c.roots[0])) s.insert(std::string(p.id()) + "=" + simple_text_value(p.values().front().raw()));
            return s;
        };
        CHECK(root_set(ours) == root_set(expected));
        auto moves = [](const sgf_collection& c) {
            std::vector<std::string> m;
            for (node_id n = c[c.roots[0]].first_child; n != no_node; n = c[n].first_child) {
                for (const sgf_property p : c.properties(n)) m.push_back(std::string(p.id()).append(p.values().front().raw()));
            }
            return m;
        };
        CHECK(moves(ours) == moves(expected));
        // And the record the reader makes is replayed without a problem.
        kifu::read_result result;
        nhk.read_text(text, kifu::read_options{}, result);
        CHECK(result.diagnostics.empty());
        CHECK(result.records.size() == 1);
    }
    CHECK(files == 50);

    struct broken {
        const char* file;
        const char* code;
        std::uint32_t line;
    };
    const broken cases[] = {{"truncated.txt", "nhk.truncated", 217},      {"bad-digit.txt", "nhk.bad-digit", 70},
                            {"short-board.txt", "nhk.board-size", 100},   {"wrong-board.txt", "nhk.board-mismatch", 223},
                            {"move-mismatch.txt", "nhk.move-mismatch", 130}, {"bad-magic.txt", "nhk.syntax", 1}};
    for (const broken& b : cases) {
        INFO(b.file);
        const std::string bytes = kifu::test::slurp(dir / "malformed" / b.file);
        std::vector<kifu::diagnostic> d;
        kifu::decode_options how;
        how.forced = kifu::detect(bytes, nhk).encoding;
        const kifu::source_text text = kifu::decode(b.file, bytes, how, d);
        parse_nhk(text, kifu::read_mode::lenient, d);
        REQUIRE_FALSE(d.empty());
        CHECK(d.front().code == b.code);
        CHECK(d.front().line == b.line);
        CHECK(d.front().severity == kifu::severity::error);
        std::cout << b.file << ": " << kifu::format_gcc(d.front()) << "\n";
    }
}
