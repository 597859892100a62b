// The format registry (runtime/src/formats.cpp): its entries are complete and consistent,
// and detection follows extension, content and list order.

#include <catch2/catch.hpp>

#include <set>

#include <kifu/format.hpp>

#include "format_entry.hpp"

TEST_CASE("every registered format is complete") {
    std::set<std::string_view> names;
    std::set<std::string_view> extensions;
    for (const kifu::format_entry& f : kifu::format_entries()) {
        INFO(f.name);
        CHECK(names.insert(f.name).second);
        CHECK(f.has_grammar == (f.trace != nullptr));
        CHECK(!f.description.empty());
        if (f.binary) {
            CHECK(f.read_binary != nullptr);
        } else {
            CHECK(f.read_text != nullptr);
            CHECK(!f.fallback_encoding.empty());
        }
        for (std::string_view ext : f.extensions) {
            INFO(ext);
            // Extensions are matched lower-cased, and each names one format only.
            CHECK(ext.size() > 1);
            CHECK(ext.front() == '.');
            CHECK(ext.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string_view::npos);
            CHECK(extensions.insert(ext).second);
        }
        CHECK(kifu::entry_of(*kifu::find_format(f.name)) == &f);
    }
    CHECK(kifu::find_format("no-such-format") == nullptr);
}

TEST_CASE("detect finds nothing in bytes no format claims") {
    const kifu::detection d = kifu::detect("hello world\n", "notes");
    CHECK(d.format == nullptr);
    CHECK(d.encoding.empty());
}

TEST_CASE("detect goes by the extension first, in any case") {
    const std::string sgf = "(;FF[4]GM[1]SZ[9];B[ee];W[cc])\n";
    for (const char* name : {"game.sgf", "GAME.SGF", "dir.x/Game.Sgf"}) {
        INFO(name);
        const kifu::detection d = kifu::detect(sgf, name);
        REQUIRE(d.format != nullptr);
        CHECK(d.format->name == "sgf");
        CHECK(d.encoding == "UTF-8");
    }
}

TEST_CASE("detect goes by the content when the extension names no format") {
    const std::string sgf = "(;FF[4]GM[1]SZ[9];B[ee];W[cc])\n";
    for (const char* name : {"game.txt", "game", "<stdin>", ".sgf"}) {
        INFO(name);
        const kifu::detection d = kifu::detect(sgf, name);
        REQUIRE(d.format != nullptr);
        CHECK(d.format->name == "sgf");
    }
}

TEST_CASE("detect lets a sure sniffer overrule an extension whose own sniffer says no") {
    const kifu::format_info* wthor = kifu::find_format("wthor");
    REQUIRE(wthor != nullptr);
    const std::string sgf = "(;FF[4]GM[1]SZ[9];B[ee];W[cc])\n";
    std::string declared;
    REQUIRE(kifu::entry_of(*wthor)->sniff(sgf, declared) == 0);
    const kifu::detection d = kifu::detect(sgf, "game.wtb");
    REQUIRE(d.format != nullptr);
    CHECK(d.format->name == "sgf");
}

TEST_CASE("detect takes the encoding a format's sniffer finds declared") {
    const kifu::format_info* sgf = kifu::find_format("sgf");
    REQUIRE(sgf != nullptr);
    // 日本 in Shift_JIS: not UTF-8, and not what SGF's fallback (ISO-8859-1) would say.
    const std::string bytes = "(;FF[4]GM[1]CA[Shift_JIS]SZ[9]C[\x93\xfa\x96\x7b];B[ee])\n";
    std::string declared;
    REQUIRE(kifu::entry_of(*sgf)->sniff(bytes, declared) > 0);
    REQUIRE(!declared.empty());
    kifu::decode_options options;
    options.fallback = std::string(sgf->fallback_encoding);
    options.declared = declared;
    const std::string expected = kifu::detect_encoding(bytes, options);
    CHECK(expected != std::string(sgf->fallback_encoding));

    const kifu::detection by_name = kifu::detect(bytes, "game.sgf");
    CHECK(by_name.format == sgf);
    CHECK(by_name.encoding == expected);
    const kifu::detection given = kifu::detect(bytes, *sgf);
    CHECK(given.format == sgf);
    CHECK(given.encoding == expected);
}

TEST_CASE("detect keeps the extension for bytes that are not text, whatever marks they hold") {
    // Random-looking binary bytes with an SGF start `(;` in them.
    std::string bytes;
    unsigned state = 12345;
    for (int i = 0; i < 4096; ++i) {
        state = state * 1103515245u + 12345u;
        bytes += static_cast<char>((state >> 16) & 0xff);
    }
    bytes.replace(0, 6, "(;GM[1");
    CHECK(kifu::detect(bytes, "random.csa").format->name == "csa");
    CHECK(kifu::detect(bytes, "random.wtb").format->name == "wthor");
    // The same start in text still overrules a wrong extension.
    CHECK(kifu::detect("(;GM[1]SZ[9];B[ee])\n", "game.csa").format->name == "sgf");
}

namespace {

// `text` (UTF-8, ASCII and kana here) in UTF-16 or UTF-32 of either order, with a BOM if asked.
std::string widened(std::string_view text, int unit, bool big, bool bom) {
    std::u32string points;
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const int length = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        char32_t v = length == 1 ? c : length == 2 ? c & 0x1F : length == 3 ? c & 0x0F : c & 0x07;
        for (int k = 1; k < length; ++k) v = (v << 6) | (static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]) & 0x3F);
        points += v;
        i += static_cast<std::size_t>(length);
    }
    if (bom) points.insert(points.begin(), U'\uFEFF');
    std::string out;
    for (const char32_t p : points) {
        for (int k = 0; k < unit; ++k) {
            const int shift = 8 * (big ? unit - 1 - k : k);
            out += static_cast<char>((p >> shift) & 0xFF);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("detect reads the marks of a UTF-16 or UTF-32 input in its own encoding") {
    const std::string ggf = "(;GM[Othello]PC[ゲーム]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5];)";
    const std::string sgf = "(;GM[1]FF[4]SZ[9]PB[黒];B[cc])";
    const std::string csa = "V2.2\nN+先手\nPI\n+\n+7776FU\n";
    struct form {
        int unit;
        bool big;
        std::string name;
    };
    for (const form& f : {form{2, false, "UTF-16LE"}, form{2, true, "UTF-16BE"}, form{4, false, "UTF-32LE"},
                          form{4, true, "UTF-32BE"}}) {
        for (const bool bom : {false, true}) {
            INFO(f.name << (bom ? " with a BOM" : ""));
            for (const auto& [text, format] : {std::pair{ggf, "ggf"}, std::pair{sgf, "sgf"}, std::pair{csa, "csa"}}) {
                const std::string bytes = widened(text, f.unit, f.big, bom);
                const kifu::detection unnamed = kifu::detect(bytes, "input.dat");
                REQUIRE(unnamed.format != nullptr);
                CHECK(unnamed.format->name == format);
                CHECK(unnamed.encoding == f.name);
            }
        }
    }
}
