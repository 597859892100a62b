// The JKF reader's fast path (shogi/jkf_ondemand.cpp) against its checking read: a document the
// fast path takes is one the checking read accepts, read into the same record with the same
// move lines; a document the checking read rejects is never taken.

#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

#include "shogi/jkf_ondemand.hpp"
#include "shogi/jkf_reader.hpp"
#include "support/corpus.hpp"

namespace {

using kifu::shogi::jkf;
using kifu::shogi::move_format;

void collect_lines(const std::vector<move_format>& moves, std::vector<std::uint32_t>& out) {
    for (const move_format& m : moves) {
        out.push_back(m.line);
        for (const auto& fork : m.forks) collect_lines(fork, out);
    }
}

std::vector<std::uint32_t> lines_of(const jkf& r) {
    std::vector<std::uint32_t> out;
    collect_lines(r.moves, out);
    return out;
}

struct both {
    bool fast = false;
    bool checked = false;
};

// Reads `json` both ways and checks that they agree; returns what each said.
both compare(const std::string& json) {
    const kifu::source_text text("t.jkf", json, "UTF-8");
    jkf fast_record;
    jkf checked_record;
    std::vector<kifu::diagnostic> diagnostics;
    both out;
    out.fast = kifu::shogi::detail::read_jkf_ondemand(text, fast_record);
    out.checked = kifu::shogi::detail::read_jkf_checked(text, checked_record, diagnostics);
    INFO(json);
    if (out.fast) {
        CHECK(out.checked);
        CHECK(fast_record == checked_record);
        CHECK(lines_of(fast_record) == lines_of(checked_record));
    }
    CHECK(out.checked == diagnostics.empty());
    return out;
}

const std::string rich = R"({"header":{"先手":"羽生","後手":"谷川","先手":"森内","棋戦":"\u540d\u4eba戦"},
"initial":{"preset":"OTHER","data":{"color":0,
 "board":[[{"color":1,"kind":"KY"},{},{"color":1,"kind":"FU"},{},{},{},{"color":0,"kind":"FU"},{},{"color":0,"kind":"KY"}],
  [{"color":1,"kind":"KE"},{"color":1,"kind":"KA"},{"color":1,"kind":"FU"},{},{},{},{"color":0,"kind":"FU"},{"color":0,"kind":"HI"},{"color":0,"kind":"KE"}],
  [{"color":1,"kind":"GI"},{},{"color":1,"kind":"FU"},{},{},{},{"color":0,"kind":"FU"},{},{"color":0,"kind":"GI"}],
  [{"color":1,"kind":"KI"},{},{"color":1,"kind":"FU"},{},{},{},{"color":0,"kind":"FU"},{},{"color":0,"kind":"KI"}],
  [{"color":1,"kind":"OU"},{},{"color":1,"kind":"FU"},{},{},{},{"color":0,"kind":"FU"},{},{"color":0,"kind":"OU"}],
  [{"color":1,"kind":"KI"},{},{"color":1,"kind":"FU"},{},{},{},{"color":0,"kind":"FU"},{},{"color":0,"kind":"KI"}],
  [{"color":1,"kind":"GI"},{},{"color":1,"kind":"FU"},{},{},{},{"color":0,"kind":"FU"},{},{"color":0,"kind":"GI"}],
  [{"color":1,"kind":"KE"},{"color":1,"kind":"HI"},{"color":1,"kind":"FU"},{},{},{},{"color":0,"kind":"FU"},{"color":0,"kind":"KA"},{"color":0,"kind":"KE"}],
  [{"color":1,"kind":"KY"},{},{"color":1,"kind":"FU"},{},{},{},{"color":0,"kind":"FU"},{},{"color":0,"kind":"KY"}]],
 "hands":[{"FU":0,"TO":0},{}]}},
"moves":[{"comments":["start","a\"b\\c\n"]},
 {"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU","extra":[1,{"a":null}]},
  "time":{"now":{"m":0,"s":1},"total":{"h":0,"m":0,"s":1,"ms":5}},
  "forks":[[{"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}},
            {"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU","same":false,"promote":null}}]]},
 {"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU","relative":"C","capture":null},"time":null,"note":"x"},
 {"special":"TORYO","forks":null}
],
"other":{"deep":[[[true,false,-1.5e-3,"é"]]]}})";

}  // namespace

TEST_CASE("jkf fast path takes a document with every field and agrees with the checking read", "[jkf][ondemand]") {
    const both b = compare(rich);
    CHECK(b.fast);
    CHECK(b.checked);
}

TEST_CASE("jkf fast path gives the moves the checking read's lines, forks included", "[jkf][ondemand]") {
    const std::string pretty = "{\n \"header\": {},\n \"moves\": [\n  {},\n  {\"move\": {\"to\": {\"x\": 7, \"y\": 6}, \"piece\": \"FU\"},\n"
                               "   \"forks\": [\n    [\n     {\"move\": {\"to\": {\"x\": 2, \"y\": 6}, \"piece\": \"FU\"}}\n    ]\n   ]},\n"
                               "  {\"special\": \"CHUDAN\"}\n ]\n}\n";
    const kifu::source_text text("t.jkf", pretty, "UTF-8");
    jkf record;
    REQUIRE(kifu::shogi::detail::read_jkf_ondemand(text, record));
    REQUIRE(record.moves.size() == 3);
    CHECK(lines_of(record) == std::vector<std::uint32_t>{4, 5, 8, 11});
    CHECK(compare(pretty).fast);
}

TEST_CASE("jkf fast path reads every JKF file of the test data as the checking read does", "[jkf][ondemand]") {
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(kifu::test::data_dir())) {
        if (entry.path().extension() != ".jkf") continue;
        const std::string json = kifu::test::slurp(entry.path());
        const both b = compare(json);
        // The go documents in JKF's shape are not shogi JKF: the fast path may leave them.
        if (json.find("\"game\"") == std::string::npos) {
            CHECK(b.fast);
        }
        ++files;
    }
    CHECK(files > 20);
}

TEST_CASE("jkf fast path leaves every bad or doubtful document to the checking read", "[jkf][ondemand]") {
    const std::string head = R"({"header":{},"moves":[{},{"move":{"to":{"x":7,"y":6},"piece":"FU"}}])";
    // Not JSON, or not JKF, anywhere in the document, read fields and skipped ones alike.
    const std::vector<std::string> bad = {
        head + R"(,"x":[1,,2]})",
        head + R"(,"x":tru})",
        head + R"(,"x":nul})",
        head + R"(,"x":nulll})",
        head + R"(,"x":"\q"})",
        head + R"(,"\q":1})",
        head + R"(,"x":"\ud800"})",
        head + R"(,"x":"\udc00"})",
        head + R"(,"x":"\ud800\u0041"})",
        head + "\n,\"x\":\"a\tb\"}",
        head + R"(,"x":01})",
        head + R"(,"x":1.})",
        head + R"(,"x":1e999})",
        head + R"(,"x":[1}})",
        head + R"(} x)",
        head + R"(}})",
        head,
        R"({"header":{},"moves":[{},{"move":{"to":{"x":7.0,"y":6},"piece":"FU"}}]})",
        R"({"header":{},"moves":[{},{"move":{"to":{"x":1e0,"y":6},"piece":"FU"}}]})",
        R"({"header":{},"moves":[{},{"move":{"to":{"x":10,"y":6},"piece":"FU"}}]})",
        R"({"header":{},"moves":[{},{"move":{"to":{"x":18446744073709551617,"y":6},"piece":"FU"}}]})",
        R"({"header":{},"moves":[{},{"move":{"to":{"x":9223372036854775808,"y":6},"piece":"FU"}}]})",
        R"({"header":{},"moves":[{},{"move":{"to":{"x":7},"piece":"FU"}}]})",
        R"({"header":{},"moves":[{},{"move":{"to":{"x":7,"y":6},"piece":"XX"}}]})",
        R"({"header":{},"moves":[{},{"move":{"to":{"x":7,"y":6},"piece":"FU","relative":"Q"}}]})",
        R"({"header":{"a":1},"moves":[]})",
        R"({"header":null,"moves":[]})",
        R"({"header":{}})",
        R"({"moves":[]})",
        R"({"header":{},"moves":{}})",
        R"({"header":{},"moves":[1]})",
        R"({"header":{},"moves":[{"time":{"now":{"m":0}}}]})",
        R"({"header":{},"moves":[{"time":{"total":{"m":0,"s":0}}}]})",
        R"({"header":{},"moves":[{"time":{"now":{"m":0,"s":60}}}]})",
        R"({"header":{},"moves":[{"comments":[1]}]})",
        R"({"header":{},"initial":{"preset":"NONE"},"moves":[]})",
        R"({"header":{},"initial":{"data":null},"moves":[]})",
        R"({"header":{},"initial":{"preset":"OTHER","data":{"board":[],"hands":[{},{}]}},"moves":[]})",
        R"([])",
        R"("x")",
        "",
    };
    for (const std::string& json : bad) {
        const both b = compare(json);
        INFO(json);
        CHECK_FALSE(b.fast);
        CHECK_FALSE(b.checked);
    }
    // Accepted by the checking read, but left to it: a repeated key (the last value counts), a
    // key of the model written with an escape (the checking read gives its moves no line).
    for (const std::string& json : {
             std::string(R"({"header":{},"moves":[{},{"move":{"to":{"x":7,"y":6},"to":{"x":7,"y":6},"piece":"FU"}}]})"),
             std::string(R"({"header":{},"moves":[{},{"move":{"to":{"x":1,"y":6},"to":{"x":7,"y":6},"piece":"FU"}}]})"),
             std::string(R"({"header":{},"\u006doves":[{},{"move":{"to":{"x":7,"y":6},"piece":"FU"}}]})"),
             std::string(R"({"header":{},"moves":[{},{"move":{"\u0074o":{"x":7,"y":6},"piece":"FU"}}]})"),
             std::string(R"({"header":{},"moves":[{},{"move":{"to":{"x":7,"y":6},"piece":"FU"}}],"x":18446744073709551617})"),
         }) {
        const both b = compare(json);
        INFO(json);
        CHECK_FALSE(b.fast);
        CHECK(b.checked);
    }
}

TEST_CASE("jkf fast path bounds nesting as the checking read does", "[jkf][ondemand]") {
    const std::string head = R"({"header":{},"moves":[],"x":)";
    // The document is level 1 and "x" level 2: 3007 brackets reach level 3008, one more 3009.
    const both ok = compare(head + std::string(3007, '[') + std::string(3007, ']') + "}");
    CHECK(ok.fast);
    const both deep = compare(head + std::string(3008, '[') + std::string(3008, ']') + "}");
    CHECK_FALSE(deep.fast);
    CHECK_FALSE(deep.checked);
}

TEST_CASE("jkf fast path agrees with the checking read on mutated documents", "[jkf][ondemand]") {
    std::mt19937 random(11);
    const std::string alphabet = "{}[]\",:\\0123456789.eE-+tfnulxy \n\x80u";
    std::size_t taken = 0;
    std::size_t accepted = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string s = rich;
        const int edits = 1 + static_cast<int>(random() % 3);
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = random() % s.size();
            switch (random() % 3) {
                case 0: s.erase(at, 1 + random() % 3); break;
                case 1: s.insert(at, 1, alphabet[random() % alphabet.size()]); break;
                default: s[at] = alphabet[random() % alphabet.size()]; break;
            }
            if (s.empty()) s = "{";
        }
        if (!kifu::is_valid_utf8(s)) continue;  // the reader takes decoded text
        const both b = compare(s);
        taken += b.fast;
        accepted += b.checked;
    }
    // The fast path is not a path that gives up on everything: it takes most of what the
    // checking read accepts (it leaves it a repeated key, an escaped key of the model).
    CHECK(taken > 100);
    CHECK(taken * 10 >= accepted * 9);
}
