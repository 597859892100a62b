#pragma once

// What the shogi corpus tests share: reading a file as one format the way kifu::read_buffer
// would, the diagnostics in gcc's form, and the check of the 2,000 generated games
// (shogi/generated/seed1-2000) against their ground-truth main lines (mainline.usi.tsv), the
// same for every shogi text format: only the folder, the extensions and the reader differ.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <string>

#include <kifu/format.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>
#include <kifu/shogi/jkf.hpp>

#include "format_entry.hpp"

#include "shogi/shogi_test_util.hpp"
#include "support/corpus.hpp"
#include "support/diagnostics.hpp"

namespace kifu::test {

/// Reads bytes as kifu::read_buffer does for `format`: its sniffed encoding declaration, else
/// its fallback encoding (valid UTF-8 stays UTF-8), then the format's reader.
inline kifu::read_result read_bytes(const kifu::format_entry& format, const std::string& bytes, const std::string& name,
                                    const kifu::read_options& options = {}) {
    std::string declared;
    format.sniff(bytes, declared);
    kifu::decode_options decoding;
    decoding.fallback = std::string(format.fallback_encoding);
    decoding.declared = declared;
    kifu::read_result out;
    const kifu::source_text text = kifu::decode(name, bytes, decoding, out.diagnostics);
    format.read_text(text, options, out);
    return out;
}

/// Reads a file as `format` (read_bytes on its contents).
inline kifu::read_result read_with(const kifu::format_entry& format, const std::filesystem::path& path) {
    return read_bytes(format, slurp(path), path.string());
}

/// Every diagnostic of a read, one gcc-style line each.
inline std::string diagnostics_of(const kifu::read_result& r) {
    // json-kifu-format's 9fu fixtures set up nine White pawns on file 2, one of them on the
    // last rank (a test of board and hand parsing, not a game): their two-pawns and
    // dead-piece warnings are right and expected.
    std::vector<kifu::diagnostic> kept;
    for (const kifu::diagnostic& d : r.diagnostics) {
        const bool nine_pawns = d.file.find("9fu") != std::string::npos &&
                                (d.code == "shogi.position.two-pawns" || d.code == "shogi.position.dead-piece");
        if (!nine_pawns) kept.push_back(d);
    }
    return gcc_lines(kept);
}

struct generated_result {
    int games = 0;
    int wrong = 0;   ///< not read, not one record, or another main line
    int warned = 0;  ///< read with at least one diagnostic
};

/// Reads each game `<id><ext>` of `folder` (the first extension that exists) with `read` and
/// compares its main line with mainline.usi.tsv; the first five differences are reported with
/// `describe`'s text (the reader's diagnostics). Call after KIFU_REQUIRE_CORPUS().
inline generated_result check_generated_main_lines(
    const std::string& folder, std::initializer_list<const char*> extensions,
    const std::function<kifu::read_result(const std::filesystem::path&)>& read,
    const std::function<std::string(const kifu::read_result&)>& describe) {
    const std::filesystem::path set = corpus_dir() / "shogi" / "generated" / "seed1-2000";
    std::ifstream tsv(set / "mainline.usi.tsv");
    generated_result out;
    std::string line;
    while (std::getline(tsv, line)) {
        const std::size_t tab = line.find('\t');
        REQUIRE(tab != std::string::npos);
        const std::string id = line.substr(0, tab);
        const std::string expected = line.substr(tab + 1);
        std::filesystem::path file;
        for (const char* extension : extensions) {
            file = set / folder / (id + extension);
            if (std::filesystem::exists(file)) break;
        }
        const kifu::read_result r = read(file);
        ++out.games;
        out.warned += r.diagnostics.empty() ? 0 : 1;
        const auto* game = r.records.size() == 1 ? r.records[0].get<kifu::shogi::jkf>() : nullptr;
        if (!r.ok() || game == nullptr || main_line_usi(*game) != expected) {
            ++out.wrong;
            if (out.wrong <= 5) {
                INFO(id << "\n" << describe(r));
                CHECK(r.records.size() == 1);
                if (game != nullptr) CHECK(main_line_usi(*game) == expected);
            }
        }
    }
    return out;
}

}  // namespace kifu::test
