#include <catch2/catch.hpp>

#include <kifu/go/record.hpp>

#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "go/normalize.hpp"
#include "go/readers.hpp"
#include "go/sgf_support.hpp"
#include "go/sgf_tree.hpp"

using namespace kifu::go;

TEST_CASE("nodes are appended in a flat vector with parent - child - sibling links", "[go][sgf_tree]") {
    sgf_collection c;
    const node_id root = c.add_node(no_node);
    const node_id a = c.add_node(root);
    const node_id b = c.add_node(root);
    const node_id a1 = c.add_node(a);
    c.add_value(c.add_property(a, "B"), "pd");
    CHECK(c.roots == std::vector<node_id>{root});
    CHECK(c.children(root) == std::vector<node_id>{a, b});
    CHECK(c.child_count(a) == 1);
    CHECK(c[a1].parent == a);
    CHECK(c.values(a, "B").front().raw() == "pd");
    CHECK(c.values(a, "W").empty());
    CHECK(c.has(a, "B"));

    std::vector<std::string> events;
    c.walk(root, [&](node_id n, walk_event e) {
        events.push_back(std::string(e == walk_event::enter ? "+" : "-") + std::to_string(n));
    });
    CHECK(events == std::vector<std::string>{"+0", "+1", "+3", "-3", "-1", "+2", "-2", "-0"});
}

TEST_CASE("flat storage: properties of earlier nodes and merged values keep their runs", "[go][sgf_tree]") {
    // Built out of order: each run that no longer ends its vector moves, the rest stay put.
    sgf_collection c;
    const node_id root = c.add_node(no_node, 1);
    const property_ref ab = c.add_property(root, "AB", 2, "AddBlack");
    c.add_value(ab, "aa", 3);
    const node_id child = c.add_node(root);
    c.add_value(c.add_property(child, "B"), "bb");
    c.add_value(c.add_property(root, "C"), "first");  // the root's run moves
    c.add_value(ab, "cc", 9);                          // AB's values move
    c.add_value(c.add_property(child, "C"), "second");
    for (int i = 0; i < 20; ++i) c.add_value(ab, std::string(1, static_cast<char>('a' + i)) + "a");

    REQUIRE(c.properties(root).size() == 2);
    const sgf_property p = c.properties(root)[0];
    CHECK(p.id() == "AB");
    CHECK(p.spelled() == "AddBlack");
    CHECK(p.offset() == 2);
    REQUIRE(p.values().size() == 22);
    CHECK(p.values()[0].raw() == "aa");
    CHECK(p.values()[0].offset() == 3);
    CHECK(p.values()[1].raw() == "cc");
    CHECK(p.values()[1].offset() == 9);
    CHECK(p.values().back().raw() == "ta");
    CHECK(c.properties(root)[1].spelled() == "C");
    CHECK(c.values(root, "C").front().raw() == "first");
    CHECK_FALSE(c.has(root, "B"));
    CHECK(c.find(child, "B")->values().front().raw() == "bb");
    CHECK(c.values(child, "C").front().raw() == "second");
    std::vector<std::string> ids;
    for (const sgf_property q : c.properties(child)) ids.emplace_back(q.id());
    CHECK(ids == std::vector<std::string>{"B", "C"});

    // Equality ignores layout, spelling and positions, not order, identifiers or values.
    std::string all_ab;
    for (const sgf_value v : p.values()) all_ab += "[" + std::string(v.raw()) + "]";
    const std::string text = "(;AB" + all_ab + "C[first];B[bb]C[second])";
    std::vector<kifu::diagnostic> d;
    const sgf_collection parsed = kifu::test::parse(text, d);
    CHECK(d.empty());
    CHECK(parsed == c);
    CHECK(write_sgf(c, {0}) == text + "\n");
    std::vector<kifu::diagnostic> d2;
    CHECK_FALSE(kifu::test::parse("(;AB" + all_ab + "C[first];B[bb]C[other])", d2) == c);
    CHECK_FALSE(kifu::test::parse("(;C[first]AB" + all_ab + ";B[bb]C[second])", d2) == c);
    CHECK_FALSE(kifu::test::parse("(;AB" + all_ab + "C[first];B[bb]C[second];W[cc])", d2) == c);
}

TEST_CASE("flat storage: a collection copies its own properties and values", "[go][sgf_tree]") {
    // Views of the collection passed back to its builder stay correct while its buffer moves.
    std::vector<kifu::diagnostic> d;
    sgf_collection c = kifu::test::parse("(;GaMe[1]AddBlack[aa][bb]C[a long comment, longer than any small buffer])", d);
    REQUIRE(d.empty());
    node_id last = 0;
    for (int i = 0; i < 200; ++i) {
        const node_id n = c.add_node(last);
        for (std::size_t k = 0; k < c.properties(last).size(); ++k) {
            const sgf_property p = c.properties(last)[k];
            const property_ref copy = c.add_property(n, p.id(), p.offset(), p.spelled());
            for (std::size_t v = 0; v < c.properties(last)[k].values().size(); ++v) {
                c.add_value(copy, c.properties(last)[k].values()[v].raw());
            }
        }
        last = n;
    }
    REQUIRE(c.node_count() == 201);
    CHECK(c.properties(200) == c.properties(0));
    CHECK(c.properties(200)[1].spelled() == "AddBlack");
    CHECK(c.properties(200)[0].spelled() == "GaMe");
    CHECK(c.values(200, "C").front().raw() == "a long comment, longer than any small buffer");
    CHECK(c.values(200, "AB").back().raw() == "bb");
}

TEST_CASE("SGF values: escapes - soft line breaks - Text and SimpleText - compose", "[go][sgf_tree]") {
    CHECK(unescape(R"(a\]b\\c\:d)") == R"(a]b\c:d)");
    CHECK(unescape("one\\\ntwo") == "onetwo");         // soft line break (LF)
    CHECK(unescape("one\\\r\ntwo") == "onetwo");       // soft line break (CRLF)
    CHECK(text_value("a\r\nb\tc\rd") == "a\nb c\nd");   // hard breaks kept, tab → space
    CHECK(simple_text_value("foo\nbar\r\n\tbaz") == "foo bar  baz");
    CHECK(simple_text_value("foo\\\nbar") == "foobar");
    const composed c = split_compose(R"(aa\:x:bb)");
    CHECK(c.is_composed);
    CHECK(c.first == R"(aa\:x)");
    CHECK(c.second == "bb");
    CHECK_FALSE(split_compose("dd").is_composed);
    CHECK(escape("a]b\\c:d") == "a\\]b\\\\c:d");
    CHECK(escape("a:b", true) == "a\\:b");
}

TEST_CASE("the writer puts sequences inline and variations in parentheses", "[go][sgf_writer]") {
    std::vector<kifu::diagnostic> d;
    const sgf_collection c = kifu::test::parse("(;GM[1]C[a\\]b];B[aa](;W[bb];B[cc])(;W[dd]))(;FF[4])", d);
    CHECK(d.empty());
    CHECK(write_sgf(c) == "(;GM[1]C[a\\]b];B[aa]\n(;W[bb];B[cc])\n(;W[dd]))\n(;FF[4])\n");
    std::vector<kifu::diagnostic> d2;
    CHECK(kifu::test::parse(write_sgf(c), d2) == c);
}

namespace {

// `(;B[](;W[](;B[] … )))`: every move opens a new variation level.
std::string nested(int depth, bool with_sibling) {
    std::string s = "(;GM[1]SZ[19]";
    for (int i = 0; i < depth; ++i) s += i % 2 == 0 ? "(;B[]" : "(;W[]";
    for (int i = 0; i < depth; ++i) s += with_sibling ? ")(;C[x])" : ")";
    return s + ")";
}

}  // namespace

TEST_CASE("100000 nested variation levels parse - normalize - write - die without recursion", "[go][sgf_tree][deep]") {
    // No wall-clock limit here (timings are for tools/bench): the point is that nothing
    // recurses, so neither depth overflows the stack.
    {
        const std::string input = nested(100000, false);
        std::vector<kifu::diagnostic> d;
        const kifu::source_text text("deep.sgf", input, "UTF-8");
        const sgf_collection c = parse_sgf(text, kifu::read_mode::lenient, d);
        CHECK(d.empty());
        REQUIRE(c.node_count() == 100001);
        const record r = normalize(c, c.roots[0], {}, d);
        CHECK(d.empty());
        CHECK(r.lines.size() == 1);
        CHECK(r.lines[0].size() == 100001);  // one child per level: a single line, no forks
        const std::string out = write_sgf(c);
        std::vector<kifu::diagnostic> d2;
        const kifu::source_text again("again.sgf", out, "UTF-8");
        CHECK(parse_sgf(again, kifu::read_mode::lenient, d2) == c);
        std::string json;
        kifu::json_writer w(json);
        write_jkf_to(w, r);
        CHECK(json.size() > 100000);
        sgf_collection from_record;
        to_sgf(r, from_record);
        CHECK(from_record.node_count() == 100001);
    }
    {
        // Each level also has a second child: 20,000 forks nested in each other.
        const std::string input = nested(20000, true);
        std::vector<kifu::diagnostic> d;
        const kifu::source_text text("forks.sgf", input, "UTF-8");
        const sgf_collection c = parse_sgf(text, kifu::read_mode::lenient, d);
        CHECK(d.empty());
        const record r = normalize(c, c.roots[0], {}, d);
        CHECK(r.lines.size() == 20001);
        std::string json;
        kifu::json_writer w(json);
        write_jkf_to(w, r);
        sgf_collection back;
        to_sgf(r, back);
        CHECK(back == c);
    }
}

TEST_CASE("a collection reused by parse_sgf holds exactly what a fresh parse gives", "[go][sgf_tree]") {
    // The first file is larger and spells an FF[3] long name (its reduction is appended to the
    // character buffer), so leftovers of it would show in the second parse.
    const std::string big = "(;FF[3]GM[1]SZ[19]AddBlack[dd][pp];B[qd]C[a comment \\] here](;W[dc])(;W[cd];B[ee]))(;B[aa])";
    const std::string small = "(;FF[4]SZ[9];B[ee]C[x];W[cc]";  // an unclosed tree: a warning too
    const kifu::source_text big_text("big.sgf", big, "UTF-8");
    const kifu::source_text small_text("small.sgf", small, "UTF-8");

    sgf_collection reused;
    std::vector<kifu::diagnostic> d1;
    parse_sgf(big_text, kifu::read_mode::lenient, d1, reused);
    CHECK(d1.empty());
    CHECK(reused.roots.size() == 2);

    std::vector<kifu::diagnostic> d2;
    parse_sgf(small_text, kifu::read_mode::lenient, d2, reused);
    std::vector<kifu::diagnostic> fresh_diagnostics;
    const sgf_collection fresh = parse_sgf(small_text, kifu::read_mode::lenient, fresh_diagnostics);

    CHECK(reused == fresh);
    CHECK(reused.roots == fresh.roots);
    CHECK(reused.node_count() == 3);
    CHECK(write_sgf(reused) == write_sgf(fresh));
    REQUIRE(d2.size() == 1);
    CHECK(d2[0].code == "sgf.unclosed-tree");
    CHECK(d2[0].code == fresh_diagnostics.at(0).code);
    CHECK(d2[0].message == fresh_diagnostics.at(0).message);
    // Offsets (bookkeeping that == ignores) are those of the second file too.
    for (node_id n = 0; n < reused.node_count(); ++n) {
        CHECK(reused[n].offset == fresh[n].offset);
        REQUIRE(reused.properties(n).size() == fresh.properties(n).size());
        for (std::size_t i = 0; i < reused.properties(n).size(); ++i) {
            CHECK(reused.properties(n)[i].offset() == fresh.properties(n)[i].offset());
            CHECK(reused.properties(n)[i].spelled() == fresh.properties(n)[i].spelled());
        }
    }
    CHECK(reused.values(1, "C").front().raw() == "x");
}

TEST_CASE("a reused collection grows for a larger file the way a fresh parse reserves", "[go][sgf_tree]") {
    // The small file first: the large one then finds no room reserved for it (a reused
    // collection skips counting only for files no larger than one it held), and a copy taken
    // after it keeps its own storage.
    std::string big = "(;FF[4]SZ[19]";
    for (int i = 0; i < 3000; ++i) {
        big += ";B[" + std::string(1, static_cast<char>('a' + i % 19)) + "c]C[move " + std::to_string(i) + "]";
        if (i % 100 == 0) big += "(;W[aa]LB[aa:x][bb:y])AB[dd]";  // a property of an earlier node, after a variation
    }
    big += ")";
    const kifu::source_text small_text("small.sgf", "(;FF[4];B[aa])", "UTF-8");
    const kifu::source_text big_text("big.sgf", big, "UTF-8");

    sgf_collection reused;
    std::vector<kifu::diagnostic> d1;
    parse_sgf(small_text, kifu::read_mode::lenient, d1, reused);
    std::vector<kifu::diagnostic> d2;
    parse_sgf(big_text, kifu::read_mode::lenient, d2, reused);
    std::vector<kifu::diagnostic> fresh_diagnostics;
    const sgf_collection fresh = parse_sgf(big_text, kifu::read_mode::lenient, fresh_diagnostics);
    CHECK(d2.empty());
    CHECK(fresh_diagnostics.empty());
    CHECK(reused.node_count() == 3031);
    CHECK(write_sgf(reused) == write_sgf(fresh));

    sgf_collection copy = reused;
    parse_sgf(small_text, kifu::read_mode::lenient, d1, reused);  // the original is reused again
    CHECK(reused.node_count() == 2);
    CHECK(copy == fresh);
    CHECK(copy.values(30, "C").front().raw() == "move 28");  // node 1 and its variation (node 2) come first
    CHECK(copy.values(1, "AB").front().raw() == "dd");
    for (node_id n = 0; n < copy.node_count(); ++n) {
        CHECK(copy[n].offset == fresh[n].offset);
        CHECK(copy[n].parent == fresh[n].parent);
        CHECK(copy[n].next_sibling == fresh[n].next_sibling);
    }
}

TEST_CASE("write_sgf with declare_utf8 labels each game tree's text as UTF-8", "[go][sgf_tree]") {
    // Text as decoded from GB2312, a tree without CA holding non-ASCII text, an ASCII one.
    std::vector<kifu::diagnostic> d;
    const sgf_collection c = kifu::test::parse(
        "(;GM[1]CA[GB2312]PB[\xE6\x9F\xAF\xE6\xB4\x81];B[aa](;W[bb])(;W[cc]CA[x]))"
        "(;GM[1];B[aa]C[\xC3\xA9t\xC3\xA9])(;GM[1];B[aa])",
        d);
    REQUIRE(d.empty());
    sgf_write_options options;
    options.nodes_per_line = 0;
    CHECK(write_sgf(c, options) ==
          "(;GM[1]CA[GB2312]PB[\xE6\x9F\xAF\xE6\xB4\x81];B[aa]\n(;W[bb])\n(;W[cc]CA[x]))\n"
          "(;GM[1];B[aa]C[\xC3\xA9t\xC3\xA9])\n(;GM[1];B[aa])\n");
    options.declare_utf8 = true;
    // Only roots are relabelled (a CA further down is not the charset's place).
    CHECK(write_sgf(c, options) ==
          "(;GM[1]CA[UTF-8]PB[\xE6\x9F\xAF\xE6\xB4\x81];B[aa]\n(;W[bb])\n(;W[cc]CA[x]))\n"
          "(;CA[UTF-8]GM[1];B[aa]C[\xC3\xA9t\xC3\xA9])\n(;GM[1];B[aa])\n");
}

namespace {

// FF[4]'s value rules byte by byte, the slow way: `\` + line break is removed (a soft break),
// `\` + any other byte is that byte (escaped tab, VT and FF still count as white space for
// Text and SimpleText); Text turns each line break into `\n`, SimpleText into a space; both
// turn tab, VT and FF into a space. "\r\n" and "\n\r" are one break.
std::string reference_convert(std::string_view raw, int rule /* 0 keep, 1 text, 2 simple */) {
    std::string out;
    const auto is_break = [](char c) { return c == '\n' || c == '\r'; };
    const auto other_space = [](char c) { return c == '\t' || c == '\v' || c == '\f'; };
    const auto break_length = [&](std::size_t i) {
        return i + 1 < raw.size() && is_break(raw[i + 1]) && raw[i + 1] != raw[i] ? std::size_t{2} : std::size_t{1};
    };
    std::size_t i = 0;
    while (i < raw.size()) {
        char c = raw[i];
        bool escaped = false;
        if (c == '\\') {
            if (i + 1 == raw.size()) break;
            if (is_break(raw[i + 1])) {
                i += 1 + break_length(i + 1);
                continue;
            }
            c = raw[++i];
            escaped = true;
        }
        if (rule != 0 && !escaped && is_break(c)) {
            out += rule == 1 ? '\n' : ' ';
            i += break_length(i);
            continue;
        }
        out += rule != 0 && other_space(c) ? ' ' : c;
        ++i;
    }
    return out;
}

}  // namespace

TEST_CASE("unescape, text_value and simple_text_value agree with the rules on random values", "[go][sgf_tree]") {
    std::mt19937 rng(7);
    const std::string_view pieces[] = {"a", "bc", " ", "\\", "\n", "\r", "\t", "\v", "\f", "]", ":", "\xE6\x9F\xAF",
                                       "\x01", "\x7F", "xyz tuv", "\\\\", "\r\n", "\n\r"};
    for (int n = 0; n < 20000; ++n) {
        std::string raw;
        const int count = static_cast<int>(rng() % 12);
        for (int k = 0; k < count; ++k) raw += pieces[rng() % std::size(pieces)];
        INFO("raw: " << raw);
        REQUIRE(unescape(raw) == reference_convert(raw, 0));
        REQUIRE(text_value(raw) == reference_convert(raw, 1));
        REQUIRE(simple_text_value(raw) == reference_convert(raw, 2));
    }
}
