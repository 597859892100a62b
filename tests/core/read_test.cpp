// The library's entry points (runtime/src/read.cpp): what they say about inputs they
// cannot read. Reading real records is tested with each format.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <fstream>
#include <unistd.h>

#include <kifu/format.hpp>
#include <kifu/read.hpp>

#include "support/diagnostics.hpp"

namespace {

std::filesystem::path scratch(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / ("kifu-read-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return dir / name;
}

kifu::diagnostic error(std::string code, std::string message, std::string file) {
    kifu::diagnostic d;
    d.code = std::move(code);
    d.message = std::move(message);
    d.file = std::move(file);
    return d;
}

bool same(const kifu::diagnostic& a, const kifu::diagnostic& b) {
    return a.severity == b.severity && a.code == b.code && a.message == b.message && a.file == b.file &&
           a.line == b.line && a.column == b.column && a.ply == b.ply;
}

void check_only(const kifu::read_result& r, const kifu::diagnostic& expected) {
    CHECK(r.records.empty());
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(kifu::format_gcc(r.diagnostics[0]) == kifu::format_gcc(expected));
    CHECK(same(r.diagnostics[0], expected));
    CHECK_FALSE(r.ok());
}

}  // namespace

TEST_CASE("read_file reports a missing file as io.open") {
    const auto path = scratch("missing.csa");
    check_only(kifu::read_file(path),
               error("io.open", "cannot open the file: No such file or directory", path.string()));
}

TEST_CASE("read_file reports a directory as io.open") {
    const auto path = scratch("a-directory");
    std::filesystem::create_directories(path);
    check_only(kifu::read_file(path), error("io.open", "cannot read the file: Is a directory", path.string()));
}

TEST_CASE("read_file refuses inputs over 1 GiB as io.too-large") {
    // A sparse file: the size is checked before a byte is read.
    const auto path = scratch("huge.csa");
    { std::ofstream(path, std::ios::binary).put('+'); }
    std::filesystem::resize_file(path, (std::uintmax_t{1} << 30) + 1);
    check_only(kifu::read_file(path), error("io.too-large", "the input is larger than 1 GiB", path.string()));
    std::filesystem::remove(path);
}

TEST_CASE("load_file reads the bytes exactly") {
    const auto path = scratch("bytes.bin");
    const std::string bytes("a\r\nb\0c\xff", 7);
    { std::ofstream(path, std::ios::binary) << bytes; }
    std::string loaded;
    std::vector<kifu::diagnostic> diagnostics;
    CHECK(kifu::load_file(path, loaded, diagnostics));
    CHECK(loaded == bytes);
    CHECK(diagnostics.empty());
}

TEST_CASE("read_buffer reports an unknown format name as read.unknown-format") {
    kifu::read_options options;
    options.format = "docx";
    check_only(kifu::read_buffer("+7776FU\n", "game.csa", options),
               error("read.unknown-format", "unknown format 'docx'", "game.csa"));
}

TEST_CASE("read_buffer reports an input no format recognizes as read.undetected-format") {
    check_only(kifu::read_buffer("hello world\nthis is not a game record\n", "notes.txt"),
               error("read.undetected-format", "cannot tell the format of the input (give it with a format option)",
                     "notes.txt"));
}

TEST_CASE("read.empty: an empty or blank input is an error in every format") {
    check_only(kifu::read_buffer("", "<buffer>"), error("read.empty", "the input is empty", "<buffer>"));
    for (const kifu::format_info& f : kifu::formats()) {
        INFO(f.name);
        kifu::read_options options;
        options.format = std::string(f.name);
        for (const kifu::read_mode mode : {kifu::read_mode::strict, kifu::read_mode::lenient}) {
            options.mode = mode;
            check_only(kifu::read_buffer("", "empty", options), error("read.empty", "the input is empty", "empty"));
            check_only(kifu::read_buffer("\xEF\xBB\xBF \r\n\t\n", "blank", options),
                       error("read.empty", "the input holds only white space", "blank"));
        }
        const std::string name = "empty" + (f.extensions.empty() ? std::string(".txt") : std::string(f.extensions.front()));
        check_only(kifu::read_buffer("\n", name), error("read.empty", "the input holds only white space", name));
    }
}

TEST_CASE("read_buffer fills format and encoding and numbers the records in file order") {
    const std::string two = "(;FF[4]GM[1]SZ[9];B[ee])\n(;FF[4]GM[1]SZ[9];B[cc])\n";
    const kifu::read_result r = kifu::read_buffer(two, "two.sgf");
    CHECK(r.ok());
    CHECK(r.format == "sgf");
    CHECK(r.encoding == "UTF-8");
    REQUIRE(r.records.size() == 2);
    CHECK(r.records[0].index == 1);
    CHECK(r.records[1].index == 2);
    CHECK(kifu::to_jkf(r.records[0]) != kifu::to_jkf(r.records[1]));
}

TEST_CASE("read_buffer uses the format and encoding it is given") {
    kifu::read_options options;
    options.format = "sgf";
    options.encoding = "ISO-8859-1";
    // No extension, and bytes that are valid UTF-8: only the options say SGF and Latin-1.
    const kifu::read_result r = kifu::read_buffer("(;FF[4]GM[1]SZ[9]C[\xc3\xa9];B[ee])\n", "<buffer>", options);
    CHECK(r.ok());
    CHECK(r.format == "sgf");
    CHECK(r.encoding == "ISO-8859-1");
    REQUIRE(r.records.size() == 1);
    CHECK(kifu::to_jkf(r.records[0]).find("\xc3\x83\xc2\xa9") != std::string::npos);  // é read as Latin-1: Ã©
}

namespace {

using kifu::test::gcc_lines;

// The parser warns about move 4's unknown terminal word (line 6) while it reads; the normalizer
// finds move 3 (line 5) illegal afterwards. The reader's list is in the order of the text.
constexpr std::string_view parser_warning_after_illegal_move =
    "手合割：平手\n"
    "手数----指手---------消費時間--\n"
    "   1 ７六歩(77)\n"
    "   2 ３四歩(33)\n"
    "   3 ５五飛(28)\n"
    "   4 不戦敗\n";

}  // namespace

TEST_CASE("read_buffer lists the parser's and the normalizer's diagnostics in text order") {
    kifu::read_options options;
    options.mode = kifu::read_mode::lenient;
    const auto r = kifu::read_buffer(parser_warning_after_illegal_move, "order.kif", options);
    CHECK(gcc_lines(r.diagnostics) ==
          "order.kif:5:4: error: +2855HI: the piece cannot move that way (ply 3) [shogi.illegal.cannot-move-there]\n"
          "order.kif:5:4: warning: the game is cut here; 2 source line(s) after it are kept as 'unplayed:' comments of an "
          "ERROR special (ply 3) [shogi.cut]\n"
          "order.kif:6:6: warning: unknown terminal word '不戦敗'; kept as the special as written (ply 4) "
          "[kif.unknown-special]\n");
}

TEST_CASE("read_buffer in strict mode drops what the readers reported after the first error") {
    const auto r = kifu::read_buffer(parser_warning_after_illegal_move, "order.kif");
    CHECK(gcc_lines(r.diagnostics) ==
          "order.kif:5:4: error: +2855HI: the piece cannot move that way (ply 3) [shogi.illegal.cannot-move-there]\n");
    CHECK(r.records.empty());
}

// A KIF or KI2 sniff checks the UTF-8 its encoding line claims up to the window's last line
// break, and reading trusts that check for the whole input only where the window is all of
// it: a bad byte on an unterminated last line, or past the 64 KiB window, is still found.
TEST_CASE("read_buffer finds bad UTF-8 a KIF sniff did not see") {
    const std::string head = "#KIF version=2.0 encoding=UTF-8\n手合割：平手\n手数----指手---------消費時間--\n";
    const std::string moves = "   1 ７六歩(77)\n   2 ３四歩(33)\n";
    kifu::read_options lenient;
    lenient.mode = kifu::read_mode::lenient;
    const auto bad_bytes_at = [&](const std::string& text) {
        const kifu::read_result r = kifu::read_buffer(text, "t.kif", lenient);
        std::string found;
        for (const kifu::diagnostic& d : r.diagnostics) {
            if (d.code == "text.bad-bytes") found += std::to_string(d.line) + ":" + std::to_string(d.column) + " ";
        }
        CHECK(r.encoding == "UTF-8");
        return found;
    };
    CHECK(bad_bytes_at(head + moves).empty());
    // The last line has no line break: the sniff judged the text before it.
    CHECK(bad_bytes_at(head + moves + "*\xFF") == "6:2 ");
    // Past the window: 70,000 bytes of comment lines come first.
    std::string comments;
    while (comments.size() < 70000) comments += "*コメントの行です。コメントの行です。\n";
    const std::size_t comment_lines = static_cast<std::size_t>(std::count(comments.begin(), comments.end(), '\n'));
    CHECK(bad_bytes_at(head + comments + moves + "*\xFF\n") == std::to_string(4 + comment_lines + 2) + ":2 ");
}
