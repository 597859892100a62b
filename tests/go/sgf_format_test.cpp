#include <catch2/catch.hpp>

#include <kifu/format.hpp>
#include <kifu/go/record.hpp>

#include <string>
#include <vector>

#include "go/formats.hpp"

namespace {

// Reads bytes through SGF's registry entry the way kifu::read_buffer does once it is listed.
kifu::read_result read(std::string_view bytes, kifu::read_mode mode = kifu::read_mode::lenient,
                       bool warnings_are_errors = false) {
    static const kifu::format_entry sgf = kifu::go::sgf_format();
    const kifu::detection found = kifu::detect(bytes, sgf);
    kifu::read_result result;
    kifu::decode_options decoding;
    decoding.forced = found.encoding;
    const kifu::source_text text = kifu::decode("game.sgf", bytes, decoding, result.diagnostics);
    result.encoding = text.encoding();
    kifu::read_options options;
    options.mode = mode;
    options.warnings_are_errors = warnings_are_errors;
    sgf.read_text(text, options, result);
    return result;
}

}  // namespace

TEST_CASE("the SGF registry entry reads every game of a collection into go records", "[go][format]") {
    const kifu::format_entry f = kifu::go::sgf_format();
    CHECK(f.name == "sgf");
    CHECK(f.game == kifu::game::go);
    CHECK(f.trace != nullptr);
    const kifu::read_result r = read("(;GM[1]SZ[9]CA[ISO-8859-1]PB[M\xF6ller];B[ee])(;GM[1];W[aa])");
    CHECK(r.diagnostics.empty());
    CHECK(r.encoding == "ISO-8859-1");
    REQUIRE(r.records.size() == 2);
    CHECK(r.records[0].game() == kifu::game::go);
    CHECK(kifu::to_jkf(r.records[0]) ==
          R"({"game":"go","header":{"GM":"1","SZ":"9","CA":"ISO-8859-1","PB":"Möller"},"initial":{"size":{"x":9,"y":9}},)"
          R"("moves":[{},{"move":{"color":0,"to":{"x":5,"y":5}}}],"prisoners":{"black":0,"white":0}})");
    REQUIRE(r.records[1].get<kifu::go::record>() != nullptr);
    CHECK(r.records[1].get<kifu::go::record>()->lines[0][1].move->color == kifu::go::color::white);
}

TEST_CASE("a move the rules forbid loads by default, and warnings as errors make strict stop at the game", "[go][format]") {
    const std::string input = "(;SZ[9];B[ee])(;SZ[9];B[ee];W[ee])(;SZ[9])";
    const kifu::read_result by_default = read(input, kifu::read_mode::strict);
    CHECK(by_default.records.size() == 3);
    REQUIRE(by_default.diagnostics.size() == 1);
    CHECK(by_default.diagnostics[0].code == "go.illegal.overwrite");
    CHECK(by_default.diagnostics[0].severity == kifu::severity::warning);
    CHECK(by_default.diagnostics[0].line == 1);
    CHECK(by_default.diagnostics[0].column == 29);
    CHECK(by_default.diagnostics[0].ply == 2);
    const auto* second = by_default.records[1].get<kifu::go::record>();
    REQUIRE(second != nullptr);
    CHECK(second->lines[0][2].illegal == std::vector<std::string>{"overwrite"});

    CHECK(read(input, kifu::read_mode::strict, true).records.size() == 1);
    const kifu::read_result lenient = read(input, kifu::read_mode::lenient, true);
    CHECK(lenient.records.size() == 3);
    REQUIRE(lenient.diagnostics.size() == 1);
    CHECK(lenient.diagnostics[0].severity == kifu::severity::error);
}

TEST_CASE("strict go reading stops at the first error: one diagnostic for a game of many", "[go][format]") {
    // Every white move retakes an occupied point: 200 breaches, and W[zz] off the board.
    std::string game = "(;SZ[9]";
    for (int i = 0; i < 200; ++i) game += ";B[ee];W[ee]";
    game += ";B[zz])";
    const kifu::read_result strict = read(game, kifu::read_mode::strict, true);
    CHECK(strict.records.empty());
    REQUIRE(strict.diagnostics.size() == 1);
    CHECK(strict.diagnostics[0].code == "go.illegal.overwrite");
    CHECK(strict.diagnostics[0].ply == 2);
    // Lenient reports each, as warnings by default.
    const kifu::read_result lenient = read(game);
    CHECK(lenient.diagnostics.size() == 400);  // 399 overwrites (the first B[ee] is free) and B[zz]
    CHECK(lenient.ok());
    REQUIRE(lenient.records.size() == 1);
}

TEST_CASE("the SGF trace names the rules of grammars/sgf.peg", "[go][format]") {
    const kifu::source_text text("t.sgf", "(;B[aa])", "UTF-8");
    std::string out;
    CHECK(kifu::go::sgf_format().trace(text, out));
    CHECK(out.find("property 1:3 matched \"B[aa]\"\n") != std::string::npos);  // `B[aa]` is one token
    CHECK(out.find("value_text") != std::string::npos);
}

// Found by fuzz_read: a UTF-16 BOM followed by one byte made the sniffer read past the end.
// Half a code unit is no game tree; a whole `(;` after the BOM is one.
TEST_CASE("sgf_sniff_utf16_bom_and_one_byte", "[go][format]") {
    for (const std::string& bytes : {std::string("\xFE\xFF{", 3), std::string("\xFF\xFE", 2), std::string("\xFE\xFF(", 3)}) {
        const kifu::detection d = kifu::detect(bytes, "<buffer>");
        CHECK((d.format == nullptr || d.format->name != "sgf"));
    }
    const kifu::detection whole = kifu::detect(std::string("\xFE\xFF\0(\0;\0)", 8), "<buffer>");
    REQUIRE(whole.format != nullptr);
    CHECK(whole.format->name == "sgf");
    CHECK(whole.encoding == "UTF-16BE");
}

TEST_CASE("sgf.utf16: a UTF-16 file is read with a warning at its start", "[go][format]") {
    const std::u16string source = u"\uFEFF(;GM[1]C[\u00E9];B[aa])";
    std::string bytes;
    for (const char16_t c : source) {
        bytes += static_cast<char>(c & 0xFF);
        bytes += static_cast<char>(c >> 8);
    }
    const kifu::read_result r = read(bytes, kifu::read_mode::strict);
    CHECK(r.encoding == "UTF-16LE");
    REQUIRE(r.records.size() == 1);
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].code == "sgf.utf16");
    CHECK(r.diagnostics[0].severity == kifu::severity::warning);
    CHECK(r.diagnostics[0].line == 1);
    CHECK(r.diagnostics[0].column == 1);
    CHECK(kifu::to_jkf(r.records[0]) ==
          R"({"game":"go","header":{"GM":"1"},"initial":{"size":{"x":19,"y":19}},)"
          R"("moves":[{"comments":["é"]},{"move":{"color":0,"to":{"x":1,"y":1}}}],"prisoners":{"black":0,"white":0}})");
}
