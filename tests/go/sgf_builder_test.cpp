#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "go/readers.hpp"
#include "go/sgf_support.hpp"

using namespace kifu::go;
using kifu::test::codes;
using kifu::test::parse;
using strings = std::vector<std::string>;

namespace {

// The tree in a compact form: nodes as `;ID[v][v]…`, variations in parentheses.
std::string shape(const sgf_collection& c) { return write_sgf(c, {0}); }

}  // namespace

TEST_CASE("SGF: collection - variations - whitespace", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse(" \n(;FF[4]GM[1]\n ;B[pd] ;W[dd]\n(;B[pp])\n(;B[dp]))\r\n(;GM[1])\n", d);
    CHECK(d.empty());
    CHECK(c.roots.size() == 2);
    CHECK(shape(c) == "(;FF[4]GM[1];B[pd];W[dd]\n(;B[pp])\n(;B[dp]))\n(;GM[1])\n");
    CHECK(c[1].offset == 16);  // the `;` of B[pd]
}

TEST_CASE("SGF: old lower-case identifiers are stripped and the spelling kept", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(;GaMe[1]AddBlack[aa][bb]thisisaWhitemove[kk])", d);
    CHECK(d.empty());
    CHECK(shape(c) == "(;GM[1]AB[aa][bb]W[kk])\n");
    CHECK(c.properties(0)[1].spelled() == "AddBlack");
}

TEST_CASE("SGF: escapes stay raw in the tree", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(;C[a\\]b\\\\]N[x\\\ny])", d);
    CHECK(d.empty());
    CHECK(c.values(0, "C").front().raw() == "a\\]b\\\\");
    CHECK(text_value(c.values(0, "C").front().raw()) == "a]b\\");
    CHECK(simple_text_value(c.values(0, "N").front().raw()) == "xy");
}

TEST_CASE("SGF: compressed point lists stay as written in the tree", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(;AB[aa:cc][dd])", d);
    CHECK(c.values(0, "AB").size() == 2);
    CHECK(c.values(0, "AB").front().raw() == "aa:cc");
}

TEST_CASE("sgf.duplicate-property: values are merged", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(;AP[GNU Go:3.8]SZ[19]AP[foxwq])", d);
    CHECK(codes(d) == strings{"sgf.duplicate-property"});
    CHECK(shape(c) == "(;AP[GNU Go:3.8][foxwq]SZ[19])\n");
    CHECK(d[0].severity == kifu::severity::warning);
    CHECK(d[0].column == 23);  // the second AP
}

TEST_CASE("sgf.leading-text: prose before the first game tree is skipped", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("From: someone (me)\nSubject: a game\n\n(;GM[1];B[aa])", d);
    CHECK(codes(d) == strings{"sgf.leading-text"});
    CHECK(shape(c) == "(;GM[1];B[aa])\n");
}

TEST_CASE("sgf.missing-semicolon: `(` followed by a property implies a node", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(\r\nTE[x]RD[2025]\r\n;B[pd])", d);
    CHECK(codes(d) == strings{"sgf.missing-semicolon"});
    CHECK(shape(c) == "(;TE[x]RD[2025];B[pd])\n");
}

TEST_CASE("sgf.unclosed-tree: open game trees are closed at the end", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(;GM[1];B[aa](;W[bb]", d);
    CHECK(codes(d) == strings{"sgf.unclosed-tree"});
    CHECK(shape(c) == "(;GM[1];B[aa];W[bb])\n");
}

TEST_CASE("sgf.unbalanced-close and sgf.trailing-text", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(;GM[1]))\nThat was the game.\n", d);
    CHECK(codes(d) == strings{"sgf.unbalanced-close", "sgf.trailing-text"});
    CHECK(c.roots.size() == 1);
}

TEST_CASE("sgf.empty-tree: `()` is ignored", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(;GM[1]())", d);
    CHECK(codes(d) == strings{"sgf.empty-tree"});
    CHECK(shape(c) == "(;GM[1])\n");
}

TEST_CASE("sgf.junk: stray text between properties is reported once per run", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(;B[aa] 12 % W[bb];W[cc] ! )", d);
    CHECK(codes(d) == strings{"sgf.junk", "sgf.junk"});
    CHECK(shape(c) == "(;B[aa]W[bb];W[cc])\n");
}

TEST_CASE("sgf.missing-value sgf.empty-identifier sgf.value-without-identifier", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(;GM[1]XX;lower[x];[aa]B[bb])", d);
    CHECK(codes(d) == strings{"sgf.missing-value", "sgf.empty-identifier", "sgf.value-without-identifier"});
    CHECK(shape(c) == "(;GM[1];;B[bb])\n");
}

TEST_CASE("sgf.node-after-variation: nodes after a closed variation become one more", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(;GM[1];B[aa](;W[bb]);W[cc];B[dd])", d);
    CHECK(codes(d) == strings{"sgf.node-after-variation"});
    CHECK(shape(c) == "(;GM[1];B[aa]\n(;W[bb])\n(;W[cc];B[dd]))\n");
}

TEST_CASE("sgf.no-game: no game tree at all", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("just some text (not a game)", d);
    CHECK(codes(d) == strings{"sgf.leading-text", "sgf.no-game"});
    CHECK(d.back().severity == kifu::severity::error);
    CHECK(c.roots.empty());
}

TEST_CASE("sgf.syntax: a value never closed", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(;GM[1])(;GM[1];C[no end", d);
    REQUIRE(codes(d) == strings{"sgf.syntax", "sgf.unclosed-tree"});
    CHECK(d[0].message == "expected ']' to close the value (it runs to the end of the input)");
    CHECK(d[0].line == 1);
    CHECK(d[0].column == 25);  // the end of the input, where `]` was expected
    CHECK(c.roots.size() == 2);  // lenient: what was read stays
    std::vector<kifu::diagnostic> strict;
    CHECK(parse("(;GM[1])(;GM[1];C[no end", strict, kifu::read_mode::strict).roots.size() == 1);
}

TEST_CASE("sgf.node-after-tree: after a ')' too early, lenient reading goes on in the tree and strict reading ends", "[go][sgf]") {
    const std::string input = "(;GM[1]SZ[9];B[cc]);W[dd];B[ee];W[ff])\n(;GM[1];B[aa])";
    std::vector<kifu::diagnostic> d;
    const auto c = parse(input, d);
    REQUIRE(codes(d) == strings{"sgf.node-after-tree"});  // the last ')' closes the tree reopened
    CHECK(d[0].severity == kifu::severity::error);
    CHECK(d[0].column == 20);
    CHECK(d[0].message ==
          "a node after the ')' at 1:19 that closed its game tree: kept in that game, as if that ')' were not there");
    CHECK(shape(c) == "(;GM[1]SZ[9];B[cc];W[dd];B[ee];W[ff])\n(;GM[1];B[aa])\n");
    std::vector<kifu::diagnostic> strict;
    const auto s = parse(input, strict, kifu::read_mode::strict);
    REQUIRE(codes(strict) == strings{"sgf.node-after-tree"});
    CHECK(strict[0].message ==
          "a node after the ')' at 1:19 that closed its game tree: strict reading ends here and drops the nodes from "
          "here on (lenient reading keeps them in that game)");
    CHECK(shape(s) == "(;GM[1]SZ[9];B[cc])\n");
    // Prose after the last game, a ';' in it, is trailing text, not a node.
    std::vector<kifu::diagnostic> prose;
    parse("(;GM[1];B[aa])\nThanks; see you\n", prose);
    CHECK(codes(prose) == strings{"sgf.trailing-text"});
}

TEST_CASE("sgf.game-in-tree: a game starting inside an open tree closes it first", "[go][sgf]") {
    const std::string input = "(;GM[1]SZ[9];B[cc]\n(;GM[1]SZ[9];B[dd])\n(;FF[4];B[ee])";
    std::vector<kifu::diagnostic> d;
    const auto c = parse(input, d);
    REQUIRE(codes(d) == strings{"sgf.game-in-tree"});
    CHECK(d[0].severity == kifu::severity::error);
    CHECK(d[0].line == 2);
    CHECK(d[0].message ==
          "a game (GM or FF in its first node) starts inside the game tree opened at 1:1, which lacks its ')': that "
          "tree is closed before it");
    CHECK(shape(c) == "(;GM[1]SZ[9];B[cc])\n(;GM[1]SZ[9];B[dd])\n(;FF[4];B[ee])\n");
    std::vector<kifu::diagnostic> strict;
    const auto s = parse(input, strict, kifu::read_mode::strict);
    REQUIRE(codes(strict) == strings{"sgf.game-in-tree"});
    CHECK(strict[0].message.ends_with("that tree is closed before it; strict reading ends here"));
    CHECK(shape(s) == "(;GM[1]SZ[9];B[cc])\n");
    // A variation is no game: its first node holds no GM or FF.
    std::vector<kifu::diagnostic> variation;
    CHECK(shape(parse("(;GM[1];B[cc](;W[dd]C[GM])(;W[ee]))", variation)) == "(;GM[1];B[cc]\n(;W[dd]C[GM])\n(;W[ee]))\n");
    CHECK(variation.empty());
    // In a balanced input (every file kifu writes) a variation whose first node holds GM or FF
    // is a variation: only a tree left open at the end means a ')' is missing.
    std::vector<kifu::diagnostic> balanced;
    CHECK(shape(parse("(;GM[1];B[cc](;W[dd])(;FF[4]W[ee]))", balanced)) == "(;GM[1];B[cc]\n(;W[dd])\n(;FF[4]W[ee]))\n");
    CHECK(balanced.empty());
}

TEST_CASE("sgf.not-a-game-tree: text in parentheses between games is no game", "[go][sgf]") {
    const std::string input = "(;GM[1];B[cc])\n(junk text)\n(;GM[1];B[dd])";
    std::vector<kifu::diagnostic> d;
    const auto c = parse(input, d);
    REQUIRE(codes(d) == strings{"sgf.missing-semicolon", "sgf.missing-value", "sgf.missing-value", "sgf.not-a-game-tree"});
    CHECK(d[3].severity == kifu::severity::error);
    CHECK(d[3].line == 2);
    CHECK(d[3].column == 1);
    CHECK(shape(c) == "(;GM[1];B[cc])\n(;GM[1];B[dd])\n");
    std::vector<kifu::diagnostic> strict;
    const auto s = parse(input, strict, kifu::read_mode::strict);
    CHECK(strict.back().message.ends_with("; strict reading ends here"));
    CHECK(shape(s) == "(;GM[1];B[cc])\n");
    // A root whose node `(` implies but that holds properties is a game (Nihon Ki-in's form).
    std::vector<kifu::diagnostic> implied;
    CHECK(parse("(GM[1]B[aa])", implied).roots.size() == 1);
}

TEST_CASE("charset: CA is honoured and a wrong CA or none is detected", "[go][sgf][charset]") {
    // Latin-1 bytes under CA[ISO-8859-1].
    CHECK(sniff_sgf_charset("(;CA[ISO-8859-1]PB[M\xF6ller])") == "ISO-8859-1");
    // GB2312 is read as its superset GB18030.
    CHECK(sniff_sgf_charset("(;CA[gb2312]PB[\xC0\xEE])") == "GB18030");
    // CA[UTF-8] on bytes that are not UTF-8: the label is wrong, detection decides.
    CHECK(sniff_sgf_charset("(;CA[UTF-8]PB[M\xF6ller])").empty());
    // An 8-bit label on valid multi-byte UTF-8: UTF-8.
    CHECK(sniff_sgf_charset("(;CA[ISO-8859-1]PB[M\xC3\xB6ller])") == "UTF-8");
    // An unknown name is ignored.
    CHECK(sniff_sgf_charset("(;CA[no-such-charset]PB[x])").empty());
    // UTF-16 without a BOM.
    const std::string u16("(\0;\0G\0M\0[\0001\0]\0)\0", 16);
    CHECK(sniff_sgf_charset(u16) == "UTF-16LE");
    // No CA, Shift_JIS bytes in pairs (本因坊ソ): CP932. ソ ends in 0x5C, which a byte-level
    // lexer takes for an escape of the `]` after it.
    const std::string sjis = "(;PB[\x96\x7B\x88\xF6\x96\x56\x83\x5C]BR[9d])";
    CHECK(sniff_sgf_charset(sjis) == "CP932");
    // Latin-1 without CA stays undecided (the ISO-8859-1 fallback applies).
    CHECK(sniff_sgf_charset("(;PB[Jos\xE9]PW[M\xF6ller])").empty());

    std::vector<kifu::diagnostic> d;
    const auto c = parse(sjis, d);
    REQUIRE(c.values(0, "BR").size() == 1);
    CHECK(c.values(0, "PB").front().raw() == "本因坊ソ");
    CHECK(c.values(0, "BR").front().raw() == "9d");
}

TEST_CASE("sniffing the format", "[go][sgf]") {
    CHECK(sniff_sgf("(;GM[1])") == 95);
    CHECK(sniff_sgf("\xEF\xBB\xBF  (\n;GM[1])") == 95);
    CHECK(sniff_sgf("(\r\nTE[x])") == 60);
    CHECK(sniff_sgf("Subject: x\n\n(;GM[1])") == 50);
    CHECK(sniff_sgf("# KIF\n") == 0);
}

namespace {

// Everything the builder records, positions included: node offsets, and per property its
// identifier, spelling and offset, then each raw value with its offset; then the diagnostics.
std::string dump(const sgf_collection& c, const std::vector<kifu::diagnostic>& d) {
    std::string out;
    for (node_id n = 0; n < c.node_count(); ++n) {
        out += ";@" + std::to_string(c[n].offset);
        for (const sgf_property p : c.properties(n)) {
            out += " " + std::string(p.id()) + "/" + std::string(p.spelled()) + "@" + std::to_string(p.offset());
            for (const sgf_value v : p.values()) out += "[" + std::string(v.raw()) + "]@" + std::to_string(v.offset());
        }
    }
    for (const auto& x : d) out += " " + x.code + ":" + std::to_string(x.line) + ":" + std::to_string(x.column);
    return out;
}

// The input with a blank between every identifier and its `[`.
std::string with_blanks(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '[' && i > 0 && s[i - 1] >= 'A' && s[i - 1] <= 'Z') out += ' ';
        out += s[i];
    }
    return out;
}

// Inputs that bring the grammar's `property` token (`B[aa]`) in every state of the builder.
const strings property_cases = {
    "(;B[aa]W[bb];AB[cc][dd]C[x\\]y])",
    "(B[aa]C[x])(;W[bb])",                  // implied node
    "(;AP[a]AP[b][c]B[aa]AP[d])",           // duplicates merged
    "(;B[aa];W[bb])B[cc]W[dd]",             // after the last tree
    "(;B[aa](;W[bb])C[after a variation])",  // a property for an earlier node
    "(;B[aa] ;W[]  ;GaMe[1]AB[aa];C[x",     // long name, empty value, unclosed value
    "(;B[aa]\\W[bb]?C[c])",                 // junk between
};

}  // namespace

TEST_CASE("SGF: an identifier straight followed by its value is one token, read as two would be", "[go][sgf]") {
    for (const std::string& input : property_cases) {
        INFO(input);
        std::vector<kifu::diagnostic> fast;
        std::vector<kifu::diagnostic> general;
        const auto a = parse(input, fast);
        const auto b = parse(with_blanks(input), general);  // prop_ident, blanks, prop_value
        CHECK(a == b);
        CHECK(shape(a) == shape(b));
        CHECK(codes(fast) == codes(general));
    }
}

TEST_CASE("SGF: positions and spellings of identifiers read with their value", "[go][sgf]") {
    std::vector<std::string> dumps;
    for (const std::string& input : property_cases) {
        std::vector<kifu::diagnostic> d;
        dumps.push_back(dump(parse(input, d), d));
    }
    // As the reader gave them before it had the `property` token.
    CHECK(dumps == strings{
        ";@1 B/B@2[aa]@3 W/W@7[bb]@8;@12 AB/AB@13[cc]@15[dd]@19 C/C@23[x\\]y]@24",
        ";@1 B/B@1[aa]@2 C/C@6[x]@7;@12 W/W@13[bb]@14 sgf.missing-semicolon:1:2",
        ";@1 AP/AP@2[a]@4[b]@9[c]@12[d]@22 B/B@15[aa]@16 sgf.duplicate-property:1:8 sgf.duplicate-property:1:21",
        ";@1 B/B@2[aa]@3;@7 W/W@8[bb]@9 sgf.trailing-text:1:15",
        ";@1 B/B@2[aa]@3 C/C@15[after a variation]@16;@8 W/W@9[bb]@10",
        ";@1 B/B@2[aa]@3;@8 W/W@9[]@10;@14 GM/GaMe@15[1]@19 AB/AB@22[aa]@24;@28 sgf.syntax:1:33 sgf.unclosed-tree:1:33",
        ";@1 B/B@2[aa]@3 W/W@8[bb]@9 C/C@14[c]@15 sgf.junk:1:8 sgf.junk:1:14",
    });
}

TEST_CASE("sgf.duplicate-property: found again in a node that gets properties after a closed variation", "[go][sgf]") {
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(;B[aa]C[x](;W[bb])B[cc]C[y])", d);
    CHECK(codes(d) == strings{"sgf.duplicate-property", "sgf.duplicate-property"});
    CHECK(shape(c) == "(;B[aa][cc]C[x][y];W[bb])\n");
    CHECK(d[0].column == 20);  // the second B
    CHECK(d[1].column == 25);  // the second C
}

TEST_CASE("SGF: identifiers the duplicate check cannot tell apart at a glance are still told apart", "[go][sgf]") {
    // The builder rules out duplicates by a bit made of an identifier's first two characters:
    // `B` and `DX` share theirs, so only the full comparison can tell them apart.
    std::vector<kifu::diagnostic> d;
    const auto c = parse("(;B[aa]DX[bb]W[cc];DX[a]B[b]B[c])", d);
    CHECK(codes(d) == strings{"sgf.duplicate-property"});
    CHECK(shape(c) == "(;B[aa]DX[bb]W[cc];DX[a]B[b][c])\n");
    CHECK(d[0].column == 29);  // the second B of the second node
}
