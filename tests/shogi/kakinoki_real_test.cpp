// KIF and KI2 over the real-world records of ../shared/corpus/shogi/real (SOURCES.md there):
// every record is read in lenient mode; wherever tsshogi read a main line
// (expected/real/<path>.usi) a KIF/KI2 file's main line must be the same; and every
// deliberately broken jkf-ruby fixture gives, in strict mode, a located diagnostic.
// The files that fail are printed as a list so they are seen at once.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/record.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/position.hpp>

#include "support/corpus.hpp"
#include "shogi/shogi_test_util.hpp"

namespace {

using namespace kifu::shogi;

struct indexed_file {
    std::string path;    // relative to real/
    std::string format;  // INDEX.tsv's column: csa, jkf, kif, ki2
};

// The files INDEX.tsv lists (path, bytes, encoding, eol, format, …).
std::vector<indexed_file> index_of(const std::filesystem::path& real) {
    std::vector<indexed_file> out;
    std::ifstream tsv(real / "INDEX.tsv");
    std::string line;
    std::getline(tsv, line);  // header
    while (std::getline(tsv, line)) {
        std::istringstream fields(line);
        std::vector<std::string> f;
        for (std::string field; std::getline(fields, field, '\t');) f.push_back(field);
        if (f.size() >= 5) out.push_back({f[0], f[4]});
    }
    return out;
}

bool is_kakinoki(const indexed_file& f) { return f.format == "kif" || f.format == "ki2"; }

std::string gcc_lines(const kifu::read_result& r) {
    std::string out;
    for (const kifu::diagnostic& d : r.diagnostics) out += "    " + kifu::format_gcc(d) + "\n";
    return out;
}

bool has_illegal_move(const kifu::read_result& r) {
    for (const kifu::diagnostic& d : r.diagnostics) {
        if (d.severity == kifu::severity::error && d.code.rfind("shogi.illegal.", 0) == 0) return true;
    }
    return false;
}

std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
    return s;
}

kifu::read_result read_lenient(const std::filesystem::path& path) {
    kifu::read_options options;
    options.mode = kifu::read_mode::lenient;
    return kifu::read_file(path, options);
}

}  // namespace

TEST_CASE("kakinoki real: every real record is read in lenient mode, KIF/KI2 main lines as tsshogi's",
          "[kif][ki2][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const std::filesystem::path real = kifu::test::corpus_dir() / "shogi" / "real";
    const std::filesystem::path expected = kifu::test::corpus_dir() / "shogi" / "expected" / "real";
    const std::vector<indexed_file> files = index_of(real);

    int read = 0;
    int kakinoki = 0;
    int compared = 0;
    int same = 0;
    std::string unread;     // no record at all
    std::string different;  // a main line other than tsshogi's
    std::string illegal;    // tsshogi's main line goes on through a move kifu rejects as illegal
    for (const indexed_file& file : files) {
        const kifu::read_result r = read_lenient(real / file.path);
        if (!r.records.empty()) {
            ++read;
        } else {
            unread += "  " + file.path + " [" + file.format + "]\n" + gcc_lines(r);
        }
        if (!is_kakinoki(file)) continue;
        ++kakinoki;
        const std::filesystem::path usi = expected / (file.path + ".usi");
        if (!std::filesystem::exists(usi)) continue;
        ++compared;
        const std::string theirs = trimmed(kifu::test::slurp(usi));
        const std::string ours = r.records.empty() ? std::string("(no record)") : kifu::test::main_line_usi(*r.records[0].get<jkf>());
        if (ours == theirs) {
            ++same;
        } else if (has_illegal_move(r) && theirs.rfind(ours, 0) == 0) {
            // tsshogi reads without legality checks (SOURCES.md): kifu stops the line at the
            // illegal move and says so; the moves before it must still be tsshogi's.
            ++same;
            illegal += "  " + file.path + "\n" + gcc_lines(r);
        } else {
            different += "  " + file.path + "\n    tsshogi: " + theirs + "\n    kifu:    " + ours + "\n" + gcc_lines(r);
        }
    }

    std::cout << "kakinoki real: " << read << " of " << files.size() << " real records read (lenient); "
              << same << " of " << compared << " KIF/KI2 main lines as tsshogi's\n";
    if (!unread.empty()) std::cout << "not read:\n" << unread;
    if (!different.empty()) std::cout << "main line differs from tsshogi's:\n" << different;
    if (!illegal.empty()) std::cout << "tsshogi accepts an illegal move that kifu stops at:\n" << illegal;
    std::cout << std::flush;

    INFO("not read:\n" << unread << "main line differs:\n" << different);
    CHECK(files.size() == 136);
    CHECK(kakinoki == 66);
    CHECK(read >= 134);
    CHECK(compared == 64);
    CHECK(different.empty());
    CHECK(same == compared);
}

TEST_CASE("kakinoki real: each jkf-ruby error fixture gives a located diagnostic in strict mode",
          "[kif][ki2][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const std::filesystem::path fixtures =
        kifu::test::corpus_dir() / "shogi" / "real" / "jkf-ruby" / "spec" / "error_fixtures";
    int files = 0;
    std::string silent;
    for (const char* folder : {"kif", "ki2"}) {
        for (const auto& entry : std::filesystem::directory_iterator(fixtures / folder)) {
            ++files;
            INFO(entry.path().string());
            const kifu::read_result r = kifu::read_file(entry.path());  // strict
            CHECK(r.format == folder);
            bool located = false;
            for (const kifu::diagnostic& d : r.diagnostics) located = located || (d.line > 0 && d.column > 0);
            if (!located) silent += "  " + std::string(folder) + "/" + entry.path().filename().string() + "\n" + gcc_lines(r);
            INFO(gcc_lines(r));
            CHECK(located);
        }
    }
    if (!silent.empty()) std::cout << "error fixtures without a located diagnostic:\n" << silent << std::flush;
    CHECK(files == 13);
}
