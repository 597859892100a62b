// format_entry::sniff_fits, the sniff detection runs when the extension (or the caller) has named
// the format: it may stop at the first line that settles the answer, but says above 0 exactly
// when the full sniff does, with the same declared encoding. Checked on edge cases built here,
// on every file of tests/data and a few of its first lines, and on the shogi corpus.

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/format.hpp>

#include "format_entry.hpp"

#include "support/corpus.hpp"

namespace {

// The formats that have a sniff_fits.
std::vector<const kifu::format_entry*> formats_with_fits() {
    std::vector<const kifu::format_entry*> out;
    for (const kifu::format_entry& f : kifu::format_entries()) {
        if (f.sniff_fits != nullptr) out.push_back(&f);
    }
    return out;
}

// Checks that both sniffs of `format` agree on `bytes`; returns whether the full sniff said yes.
bool agree(const kifu::format_entry& format, std::string_view bytes) {
    std::string declared_full;
    std::string declared_fits;
    const int full = format.sniff(bytes, declared_full);
    const int fits = format.sniff_fits(bytes, declared_fits);
    INFO(format.name << " full score " << full << ", fits " << fits);
    CHECK((full > 0) == (fits > 0));
    CHECK(declared_full == declared_fits);
    return full > 0;
}

// The bytes up to and with the n-th line break (all of them when there are fewer).
std::string_view first_lines(std::string_view bytes, int n) {
    std::size_t end = 0;
    for (int i = 0; i < n; ++i) {
        end = bytes.find('\n', end);
        if (end == std::string_view::npos) return bytes;
        ++end;
    }
    return bytes.substr(0, end);
}

std::string repeat(std::string_view line, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += line;
    return out;
}

}  // namespace

TEST_CASE("the shogi text formats have a sniff_fits") {
    for (const std::string_view name : {"kif", "ki2", "csa"}) {
        INFO(name);
        const kifu::format_entry* f = kifu::find_format_entry(name);
        REQUIRE(f != nullptr);
        CHECK(f->sniff_fits != nullptr);
    }
}

TEST_CASE("sniff_fits agrees with sniff where one line more or less decides") {
    const kifu::format_entry& kif = *kifu::find_format_entry("kif");
    const kifu::format_entry& ki2 = *kifu::find_format_entry("ki2");
    const kifu::format_entry& csa = *kifu::find_format_entry("csa");

    // KI2: one move line and 150 lines of neither kind score 100 / 151 = 0; one shared line
    // more lifts it to 1 when all 200 lines are read (which sniff_fits, stopping, does not).
    const std::string lone_move = "▲７六歩\n" + repeat("abc\n", 150);
    CHECK_FALSE(agree(ki2, lone_move));
    CHECK(agree(ki2, "▲７六歩\n*comment\n" + repeat("abc\n", 198)));
    CHECK(agree(ki2, "先手：A\n▲７六歩\n"));
    CHECK_FALSE(agree(ki2, "先手：A\n後手：B\n"));

    // CSA: one CSA-only line among 199 others scores 100 / 200 = 0.
    CHECK_FALSE(agree(csa, "V2.2\n" + repeat("abc\n", 199)));
    CHECK(agree(csa, "V2.2\n'comment\n" + repeat("abc\n", 198)));
    CHECK(agree(csa, "'CSA encoding=UTF-8\n"));
    CHECK_FALSE(agree(csa, "'only a comment\n"));
    CHECK(agree(csa, "'a comment\nPI\n+\n+7776FU\n"));

    // KIF: a move line anywhere in the 200 lines, or headers without KI2 moves.
    CHECK(agree(kif, repeat("abc\n", 150) + "   1 ７六歩(77)\n"));
    CHECK_FALSE(agree(kif, repeat("abc\n", 200) + "   1 ７六歩(77)\n"));
    CHECK(agree(kif, "先手：A\n"));
    CHECK_FALSE(agree(kif, "先手：A\n▲７六歩\n"));
    CHECK(agree(kif, "先手：A\n▲７六歩\n   1 ７六歩(77)\n"));
    CHECK(agree(kif, "#KIF version=2.0 encoding=UTF-8\n"));

    // The declared encoding is read before anything else, whatever follows.
    for (const kifu::format_entry* f : {&kif, &ki2}) {
        agree(*f, "#KIF version=2.0 encoding=Shift_JIS\n▲７六歩\n*x\n");
        agree(*f, "\xEF\xBB\xBF▲７六歩\n   1 ７六歩(77)\n");
    }
    agree(csa, "'CSA encoding=SHIFT_JIS\nV2.2\nPI\n");
    agree(csa, "'encoding=EUC-JP\nV2.2\nPI\n");
}

TEST_CASE("sniff_fits agrees with sniff on every test record and on its first lines") {
    const std::vector<const kifu::format_entry*> formats = formats_with_fits();
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(kifu::test::data_dir())) {
        if (!entry.is_regular_file()) continue;
        const std::string bytes = kifu::test::slurp(entry.path());
        INFO(entry.path().string());
        ++files;
        for (const kifu::format_entry* f : formats) {
            agree(*f, bytes);
            for (const int n : {1, 2, 3, 5, 10, 50, 199, 200, 201}) agree(*f, first_lines(bytes, n));
        }
    }
    CHECK(files > 100);
}

TEST_CASE("sniff_fits agrees with sniff on the shogi corpus") {
    KIFU_REQUIRE_CORPUS();
    const std::vector<const kifu::format_entry*> formats = formats_with_fits();
    std::size_t files = 0;
    std::size_t fitting = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(kifu::test::corpus_dir() / "shogi")) {
        if (!entry.is_regular_file()) continue;
        const std::string bytes = kifu::test::slurp(entry.path());
        // Detection sniffs at most the first 64 KiB (formats.cpp's sniff_window).
        const std::string_view window = std::string_view(bytes).substr(0, 64 * 1024);
        INFO(entry.path().string());
        ++files;
        for (const kifu::format_entry* f : formats) fitting += agree(*f, window) ? 1 : 0;
    }
    CHECK(files > 1000);
    CHECK(fitting > files / 2);
}
