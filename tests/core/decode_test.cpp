#include <kifu/text.hpp>

#include <catch2/catch.hpp>

#include "support/diagnostics.hpp"

namespace {

const std::string fffd = "\xEF\xBF\xBD";

struct decoded {
    kifu::source_text text;
    std::vector<std::string> diagnostics;  // format_gcc of each
};

decoded decode(std::string_view bytes, std::string fallback = "UTF-8", std::string forced = "",
               std::string declared = "") {
    kifu::decode_options options;
    options.fallback = std::move(fallback);
    options.forced = std::move(forced);
    options.declared = std::move(declared);
    std::vector<kifu::diagnostic> list;
    decoded out{kifu::decode("t.kif", bytes, options, list), {}};
    out.diagnostics = kifu::test::gcc_list(list);
    CHECK(kifu::is_valid_utf8(out.text.text()));
    return out;
}

using strings = std::vector<std::string>;

}  // namespace

TEST_CASE("decode copies valid UTF-8 and strips its BOM", "[decode]") {
    const auto plain = decode("先手：羽生善治\r\n▲７六歩\n", "CP932");
    CHECK(plain.text.text() == "先手：羽生善治\r\n▲７六歩\n");
    CHECK(plain.text.encoding() == "UTF-8");
    CHECK(plain.text.file_name() == "t.kif");
    CHECK(plain.diagnostics.empty());

    const auto bom = decode("\xEF\xBB\xBF#KIF\n", "CP932");
    CHECK(bom.text.text() == "#KIF\n");
    CHECK(bom.text.encoding() == "UTF-8");
    CHECK(bom.diagnostics.empty());
    CHECK(decode("\xEF\xBB\xBF").text.text().empty());
}

TEST_CASE("decode replaces invalid UTF-8 and reports each line once", "[decode]") {
    const auto out = decode("ab\x80\x80" "cd\nok\n\xFFx\xC0\n\xE6\x97");
    CHECK(out.text.text() == "ab" + fffd + fffd + "cd\nok\n" + fffd + "x" + fffd + "\n" + fffd);
    CHECK(out.text.encoding() == "UTF-8");
    CHECK(out.diagnostics == strings{
        "t.kif:1:3: error: bytes that are not valid UTF-8 (first 0x80) replaced by U+FFFD [text.bad-bytes]",
        "t.kif:3:1: error: bytes that are not valid UTF-8 (first 0xFF) replaced by U+FFFD [text.bad-bytes]",
        "t.kif:4:1: error: bytes that are not valid UTF-8 (first 0xE6) replaced by U+FFFD [text.bad-bytes]",
    });
    // A BOM before broken bytes: positions are those of the text without the BOM.
    const auto bom = decode("\xEF\xBB\xBF" "a\x80");
    CHECK(bom.text.text() == "a" + fffd);
    CHECK(bom.diagnostics == strings{
        "t.kif:1:2: error: bytes that are not valid UTF-8 (first 0x80) replaced by U+FFFD [text.bad-bytes]"});
}

TEST_CASE("decode reads CP932 whose trail bytes are 0x5C", "[decode]") {
    // 十表\ CRLF ▲７六歩 CRLF: 十 = 8F 5C and 表 = 95 5C; the real backslash follows them.
    const std::string bytes = "\x8f\x5c\x95\x5c\\\r\n\x81\xa3\x82\x56\x98\x5a\x95\xe0\r\n";
    const auto out = decode(bytes, "CP932");
    CHECK(out.text.text() == "十表\\\r\n▲７六歩\r\n");
    CHECK(out.text.encoding() == "CP932");
    CHECK(out.diagnostics.empty());
    REQUIRE(out.text.line_count() == 2);
    CHECK(out.text.line_text(1) == "十表\\");
    CHECK(out.text.line_text(2) == "▲７六歩");
    // The same bytes named by a declaration or forced.
    CHECK(decode(bytes, "UTF-8", "", "Shift_JIS").text.text() == "十表\\\r\n▲７六歩\r\n");
    CHECK(decode(bytes, "UTF-8", "windows-31j").text.text() == "十表\\\r\n▲７六歩\r\n");
}

TEST_CASE("decode replaces bad CP932 bytes and locates them in the decoded line", "[decode]") {
    // Line 2 is ▲７六<80>歩: the bad byte lands in column 4 of the decoded line.
    const std::string bytes = std::string("\x8f\x5c\r\n") + "\x81\xa3\x82\x56\x98\x5a\x80\x95\xe0\xFD\r" +
                              "\x81\x20ok\n" + "\x82";
    const auto out = decode(bytes, "CP932");
    CHECK(out.text.encoding() == "CP932");
    CHECK(out.text.text() == "十\r\n▲７六" + fffd + "歩" + fffd + "\r" + fffd + " ok\n" + fffd);
    CHECK(out.diagnostics == strings{
        "t.kif:2:4: error: bytes that are not valid CP932 (first 0x80) replaced by U+FFFD [text.bad-bytes]",
        "t.kif:3:1: error: bytes that are not valid CP932 (first 0x81) replaced by U+FFFD [text.bad-bytes]",
        "t.kif:4:1: error: bytes that are not valid CP932 (first 0x82) replaced by U+FFFD [text.bad-bytes]",
    });
    CHECK(out.text.line_text(2) == "▲７六" + fffd + "歩" + fffd);
}

TEST_CASE("decode reads EUC-JP, detected or declared", "[decode]") {
    const std::string bytes = "\xc0\xe8\xbc\xea\xa1\xa7\xb1\xa9\xc0\xb8\xc1\xb1\xbc\xa3\n"
                              "\xa2\xa5\xa3\xb7\xcf\xbb\xca\xe2\n\x8e\xb1";
    const auto detected = decode(bytes, "CP932");
    CHECK(detected.text.encoding() == "EUC-JP");
    CHECK(detected.text.text() == "先手：羽生善治\n▲７六歩\nｱ");
    CHECK(detected.diagnostics.empty());

    const auto broken = decode("\xa2\xa5\xa1\x20\xa3\xb7\n\xff", "UTF-8", "", "EUC-JP");
    CHECK(broken.text.encoding() == "EUC-JP");
    CHECK(broken.text.text() == "▲" + fffd + " ７\n" + fffd);
    CHECK(broken.diagnostics == strings{
        "t.kif:1:2: error: bytes that are not valid EUC-JP (first 0xA1) replaced by U+FFFD [text.bad-bytes]",
        "t.kif:2:1: error: bytes that are not valid EUC-JP (first 0xFF) replaced by U+FFFD [text.bad-bytes]",
    });
}

TEST_CASE("decode reads UTF-16LE and UTF-16BE with a BOM", "[decode]") {
    using namespace std::string_literals;
    // 十表 CRLF a, little-endian, BOM first.
    const auto le = decode("\xFF\xFE\x41\x53\x68\x88\r\0\n\0a\0"s, "CP932");
    CHECK(le.text.encoding() == "UTF-16LE");
    CHECK(le.text.text() == "十表\r\na");
    CHECK(le.diagnostics.empty());
    CHECK(le.text.line_count() == 2);
    // 十😀 (a surrogate pair) LF, big-endian.
    const auto be = decode("\xFE\xFF\x53\x41\xd8\x3d\xde\x00\0\n"s);
    CHECK(be.text.encoding() == "UTF-16BE");
    CHECK(be.text.text() == "十😀\n");
    CHECK(be.diagnostics.empty());
}

TEST_CASE("decode replaces broken UTF-16 and reports an odd length", "[decode]") {
    using namespace std::string_literals;
    // A lone low surrogate on line 1, a high surrogate without its pair on line 2.
    const auto le = decode("\xFF\xFE" "a\0\x00\xDC" "b\0\n\0\x3d\xd8" "c\0"s);
    CHECK(le.text.text() == "a" + fffd + "b\n" + fffd + "c");
    CHECK(le.diagnostics == strings{
        "t.kif:1:2: error: bytes that are not valid UTF-16LE (first 0x00) replaced by U+FFFD [text.bad-bytes]",
        "t.kif:2:1: error: bytes that are not valid UTF-16LE (first 0x3D) replaced by U+FFFD [text.bad-bytes]",
    });
    const auto odd = decode("\xFE\xFF\0a\0"s);
    CHECK(odd.text.text() == "a" + fffd);
    CHECK(odd.diagnostics == strings{
        "t.kif:1:2: error: the input ends in half a UTF-16 code unit (odd length); replaced by U+FFFD "
        "[text.bad-bytes]"});
}

TEST_CASE("decode_utf32_of_a_length_not_a_multiple_of_4_says_utf32", "[decode]") {
    using namespace std::string_literals;
    // UTF-32LE with a BOM, "a", and two bytes of a unit: not "half a UTF-16 code unit".
    const auto cut = decode("\xFF\xFE\0\0a\0\0\0b\0"s);
    CHECK(cut.text.encoding() == "UTF-32LE");
    CHECK(cut.text.text() == "a" + fffd);
    CHECK(cut.diagnostics == strings{
        "t.kif:1:2: error: the input ends in part of a UTF-32 code unit (its length is not a multiple of 4); "
        "replaced by U+FFFD [text.bad-bytes]"});
}

TEST_CASE("decode_utf8_with_one_bad_sequence_says_that_sequence_not_a_wrong_encoding", "[decode]") {
    // A UTF-8 KIF (CP932 by default) with one broken sequence among many good lines: read as
    // UTF-8, one error at the broken byte, not twenty lines "not valid CP932".
    std::string kif = "手合割：平手\n";
    for (int i = 1; i <= 21; ++i) kif += std::to_string(i) + " ７六歩(77)　＊コメント\n";
    kif += "22 \xe6\x97 ８四歩(83)\n";
    const auto out = decode(kif, "CP932");
    CHECK(out.text.encoding() == "UTF-8");
    CHECK(out.diagnostics == strings{
        "t.kif:23:4: error: bytes that are not valid UTF-8 (first 0xE6) replaced by U+FFFD [text.bad-bytes]"});
}

TEST_CASE("decode reads ISO-8859-1 and stateful ISO-2022-JP", "[decode]") {
    const auto latin = decode("caf\xe9\n", "UTF-8", "", "latin1");
    CHECK(latin.text.encoding() == "ISO-8859-1");
    CHECK(latin.text.text() == "café\n");
    const auto jis = decode("\x1b$B4}Ih\x1b(B!", "UTF-8", "iso-2022-jp");
    CHECK(jis.text.encoding() == "ISO-2022-JP");
    CHECK(jis.text.text() == "棋譜!");
    CHECK(jis.diagnostics.empty());
}

TEST_CASE("decode treats an unknown encoding as UTF-8", "[decode]") {
    const auto out = decode("ok\n\x80", "UTF-8", "klingon-8");
    CHECK(out.text.encoding() == "UTF-8");
    CHECK(out.text.text() == "ok\n" + fffd);
    CHECK(out.diagnostics == strings{
        "t.kif: error: unknown encoding \"KLINGON-8\"; read as UTF-8 [text.unknown-encoding]",
        "t.kif:2:1: error: bytes that are not valid UTF-8 (first 0x80) replaced by U+FFFD [text.bad-bytes]",
    });
}

TEST_CASE("decode survives every single byte and random garbage in every encoding", "[decode]") {
    for (const char* encoding : {"UTF-8", "CP932", "EUC-JP", "UTF-16LE", "UTF-16BE", "ISO-8859-1", "ISO-2022-JP"}) {
        std::string all;
        for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
        std::vector<kifu::diagnostic> list;
        kifu::decode_options options;
        options.forced = encoding;
        const auto text = kifu::decode("x", all + all, options, list);
        INFO(encoding);
        CHECK(kifu::is_valid_utf8(text.text()));
        CHECK(text.encoding() == encoding);
    }
}

TEST_CASE("decode of a long line full of bad bytes stays linear", "[decode]") {
    // 4 MB of 0xFF without a line break: one diagnostic, and no quadratic column counting.
    std::vector<kifu::diagnostic> list;
    const auto text = kifu::decode("big", std::string(4 << 20, '\xFF'), {}, list);
    CHECK(text.text().size() == 3u * (4 << 20));
    REQUIRE(list.size() == 1);
    CHECK(kifu::format_gcc(list[0]) ==
          "big:1:1: error: bytes that are not valid UTF-8 (first 0xFF) replaced by U+FFFD [text.bad-bytes]");
}

namespace {

// The text in UTF-16 or UTF-32 without a BOM (ASCII and kana only, for the test).
std::string widen(std::u32string_view text, int unit, bool little) {
    std::string out;
    for (const char32_t c : text) {
        for (int i = 0; i < unit; ++i) {
            const int shift = 8 * (little ? i : unit - 1 - i);
            out += static_cast<char>((c >> shift) & 0xff);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("UTF-16 and UTF-32 without a BOM are told by their NUL bytes", "[decode]") {
    const std::u32string text = U"手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n";
    const std::string utf8 = "手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n";
    const std::pair<int, bool> forms[] = {{2, true}, {2, false}, {4, true}, {4, false}};
    const char* const names[] = {"UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"};
    for (std::size_t i = 0; i < 4; ++i) {
        INFO(names[i]);
        const std::string bytes = widen(text, forms[i].first, forms[i].second);
        CHECK(kifu::detect_wide_encoding(bytes) == names[i]);
        const decoded d = decode(bytes, "CP932");
        CHECK(d.text.encoding() == names[i]);
        CHECK(d.text.text() == utf8);
        CHECK(d.diagnostics.empty());
    }
    // Plain text, with one NUL or none, is not wide.
    CHECK(kifu::detect_wide_encoding(utf8).empty());
    CHECK(kifu::detect_wide_encoding(utf8 + std::string(1, '\0') + utf8).empty());
}

TEST_CASE("text.nul: a NUL in valid UTF-8 is a warning, not a switch to another encoding", "[decode]") {
    const std::string bytes = "▲７六歩 △３四歩\n" + std::string(1, '\0') + "▲２六歩\n";
    const decoded d = decode(bytes, "CP932");
    CHECK(d.text.encoding() == "UTF-8");
    CHECK(d.diagnostics == strings{"t.kif:2:1: warning: 1 NUL character in the text (the first here); a game record has "
                                   "none: the file may be damaged [text.nul]"});
}

TEST_CASE("text.wrong-encoding: many bad lines name the encoding that fits and the -e to try", "[decode]") {
    std::string sjis;  // "▲７六歩" in CP932, on 20 lines
    for (int i = 0; i < 20; ++i) sjis += "\x81\xA3\x82\x56\x98\x5A\x95\xE0\n";
    const decoded d = decode(sjis, "UTF-8", "UTF-8");
    REQUIRE(d.diagnostics.size() == 21);
    CHECK(d.diagnostics.back() ==
          "t.kif:1:1: error: 20 lines have bytes that are not valid UTF-8; the text looks like CP932: try -e CP932 "
          "[text.wrong-encoding]");
    // A few bad lines are a damaged file, not a wrong encoding.
    const decoded few = decode(sjis.substr(0, 9 * 3), "UTF-8", "UTF-8");
    CHECK(few.diagnostics.size() == 3);
    // Bad lines beyond 100 are counted, not listed.
    std::string many;
    for (int i = 0; i < 150; ++i) many += sjis.substr(0, 9);
    CHECK(decode(many, "UTF-8", "UTF-8").diagnostics.size() == 101);
}
