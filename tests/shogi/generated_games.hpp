#pragma once

// The corpus' 2,000 generated games (shogi/generated/seed1-2000) against their ground-truth
// main lines (mainline.usi.tsv), the same check for every shogi text format: only the folder,
// the extensions and the reader differ.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <string>

#include <kifu/read.hpp>
#include <kifu/shogi/jkf.hpp>

#include "shogi/shogi_test_util.hpp"
#include "support/corpus.hpp"

namespace kifu::test {

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
