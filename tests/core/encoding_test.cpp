#include <kifu/text.hpp>

#include <catch2/catch.hpp>

namespace {

std::string detect(std::string_view bytes, std::string fallback = "UTF-8", std::string declared = "",
                   std::string forced = "") {
    kifu::decode_options options;
    options.fallback = std::move(fallback);
    options.declared = std::move(declared);
    options.forced = std::move(forced);
    return kifu::detect_encoding(bytes, options);
}

// 先手：羽生善治 and ▲７六歩 in each encoding (bytes as iconv writes them).
const std::string cp932_text = "\x90\xe6\x8e\xe8\x81\x46\x89\x48\x90\xb6\x91\x50\x8e\xa1\r\n"
                               "\x81\xa3\x82\x56\x98\x5a\x95\xe0\r\n";
const std::string euc_jp_text = "\xc0\xe8\xbc\xea\xa1\xa7\xb1\xa9\xc0\xb8\xc1\xb1\xbc\xa3\n"
                                "\xa2\xa5\xa3\xb7\xcf\xbb\xca\xe2\n";

}  // namespace

TEST_CASE("normalize_encoding_name maps aliases case-insensitively", "[encoding]") {
    for (const char* name : {"Shift_JIS", "SHIFT_JIS", "shift-jis", "sjis", "cp932", "CP932", "windows-31j",
                             "Windows-31J", "MS932", "x-sjis", " Shift_JIS "}) {
        INFO(name);
        CHECK(kifu::normalize_encoding_name(name) == "CP932");
    }
    CHECK(kifu::normalize_encoding_name("utf8") == "UTF-8");
    CHECK(kifu::normalize_encoding_name("UTF-8") == "UTF-8");
    CHECK(kifu::normalize_encoding_name("utf_8") == "UTF-8");
    CHECK(kifu::normalize_encoding_name("euc-jp") == "EUC-JP");
    CHECK(kifu::normalize_encoding_name("EUCJP") == "EUC-JP");
    CHECK(kifu::normalize_encoding_name("latin1") == "ISO-8859-1");
    CHECK(kifu::normalize_encoding_name("iso-8859-1") == "ISO-8859-1");
    CHECK(kifu::normalize_encoding_name("ISO_8859-1") == "ISO-8859-1");
    CHECK(kifu::normalize_encoding_name("utf-16le") == "UTF-16LE");
    CHECK(kifu::normalize_encoding_name("utf-16be") == "UTF-16BE");
    // Anything else goes to iconv upper-cased.
    CHECK(kifu::normalize_encoding_name("gb18030") == "GB18030");
    CHECK(kifu::normalize_encoding_name("iso-2022-jp") == "ISO-2022-JP");
    CHECK(kifu::normalize_encoding_name("windows-1251") == "WINDOWS-1251");
}

TEST_CASE("detect_encoding: forced beats a BOM, a BOM beats the declared encoding", "[encoding]") {
    const std::string utf8_bom = "\xEF\xBB\xBF" "abc";
    CHECK(detect(utf8_bom) == "UTF-8");
    CHECK(detect(utf8_bom, "CP932", "EUC-JP") == "UTF-8");
    CHECK(detect(utf8_bom, "UTF-8", "", "sjis") == "CP932");
    CHECK(detect("\xFF\xFE" "a\0", "CP932", "Shift_JIS") == "UTF-16LE");
    CHECK(detect("\xFE\xFF\0a", "CP932", "utf-8") == "UTF-16BE");
    CHECK(detect("\xFE\xFF\0a", "CP932", "utf-8", "latin1") == "ISO-8859-1");
}

TEST_CASE("detect_encoding: declared beats the bytes and the fallback", "[encoding]") {
    CHECK(detect("plain ascii", "CP932", "shift_jis") == "CP932");
    CHECK(detect(cp932_text, "CP932", "utf8") == "UTF-8");  // believed even when wrong
    CHECK(detect(euc_jp_text, "UTF-8", "x-euc-jp") == "EUC-JP");
}

TEST_CASE("detect_encoding: valid UTF-8 is UTF-8 whatever the fallback", "[encoding]") {
    CHECK(detect("", "CP932") == "UTF-8");
    CHECK(detect("+7776FU", "CP932") == "UTF-8");
    CHECK(detect("先手：羽生善治\n▲７六歩\n", "CP932") == "UTF-8");
    CHECK(detect("先手", "ISO-8859-1") == "UTF-8");
}

TEST_CASE("detect_encoding tells EUC-JP from CP932 by their byte pairs", "[encoding]") {
    CHECK(detect(cp932_text, "CP932") == "CP932");
    CHECK(detect(cp932_text, "EUC-JP") == "CP932");
    CHECK(detect(euc_jp_text, "CP932") == "EUC-JP");
    CHECK(detect(euc_jp_text, "euc-jp") == "EUC-JP");
    // 十表 in CP932: the 0x5C trail bytes are not backslashes and do not confuse the count.
    CHECK(detect("\x8f\x5c\x95\x5c", "Shift_JIS") == "CP932");
    // 十表 in EUC-JP reads as four half-width katakana in CP932: EUC-JP is likelier.
    CHECK(detect("\xbd\xbd\xc9\xbd", "CP932") == "EUC-JP");
    // ｱｲｳ in CP932 (odd count, so not EUC-JP pairs).
    CHECK(detect("\xb1\xb2\xb3", "CP932") == "CP932");
    // ｱｲｳ in EUC-JP (0x8E kana) is also three clean CP932 kanji: a tie keeps the fallback.
    CHECK(detect("\x8e\xb1\x8e\xb2\x8e\xb3", "CP932") == "CP932");
    CHECK(detect("\x8e\xb1\x8e\xb2\x8e\xb3", "EUC-JP") == "EUC-JP");
}

TEST_CASE("detect_encoding: other fallbacks are taken as they are", "[encoding]") {
    CHECK(detect("caf\xe9", "latin1") == "ISO-8859-1");
    CHECK(detect("caf\xe9", "UTF-8") == "UTF-8");
    CHECK(detect(euc_jp_text, "windows-1252") == "WINDOWS-1252");
    CHECK(detect("caf\xe9", "") == "UTF-8");
}
