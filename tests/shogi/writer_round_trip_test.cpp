// Round trip of every shogi record of ../shared/corpus that kifu reads (jkf-tests, real,
// generated): read → write F → read gives the same normalized JKF, up to what F cannot hold
// (tests/shogi/writer_support.hpp, docs/shogi-writers.md), for F in KIF, KI2, CSA and JKF.

#include <catch2/catch.hpp>

#include <filesystem>
#include <iostream>
#include <set>

#include <kifu/read.hpp>

#include "shogi/writer_support.hpp"
#include "support/corpus.hpp"

namespace {

struct counts {
    int records = 0;
    int same = 0;
    int differ = 0;
    int write_failed = 0;
};

// The index of the first element where two lines of play differ ("" when they do not).
std::string first_difference(const kifu::shogi::jkf& a, const kifu::shogi::jkf& b) {
    if (a.header != b.header) return "header";
    if (a.initial != b.initial) return "initial";
    if (a.moves.size() != b.moves.size())
        return "moves: " + std::to_string(a.moves.size()) + " vs " + std::to_string(b.moves.size());
    for (std::size_t i = 0; i < a.moves.size(); ++i)
        if (!(a.moves[i] == b.moves[i])) return "moves[" + std::to_string(i) + "]";
    return "";
}

}  // namespace

TEST_CASE("Every shogi record of the corpus reads back the same from KIF, KI2, CSA and JKF as written") {
    KIFU_REQUIRE_CORPUS();
    const std::set<std::string> extensions{".kif", ".kifu", ".ki2", ".ki2u", ".csa", ".jkf"};
    std::vector<std::filesystem::path> files;
    for (const char* folder : {"jkf-tests", "real", "generated"}) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(kifu::test::corpus_dir() / "shogi" / folder)) {
            if (entry.is_regular_file() && extensions.count(entry.path().extension().string()) != 0) files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    using kifu::test::shogi_target;
    const shogi_target targets[] = {shogi_target::kif, shogi_target::ki2, shogi_target::csa, shogi_target::jkf};
    counts per[4];
    int read = 0, unread = 0;
    int cp932_same = 0, cp932_differ = 0, cp932_unencodable = 0;
    int reported = 0;
    for (const auto& file : files) {
        const kifu::read_result original = kifu::read_file(file);
        if (!original.ok() || original.records.empty()) {
            ++unread;
            continue;
        }
        ++read;
        for (const kifu::record& r : original.records) {
            const auto* game = r.get<kifu::shogi::jkf>();
            REQUIRE(game != nullptr);
            for (int t = 0; t < 4; ++t) {
                counts& c = per[t];
                ++c.records;
                std::string text;
                const kifu::read_result back = kifu::test::write_and_read(*game, targets[t], text);
                if (back.records.size() != 1 && !back.diagnostics.empty() && back.records.empty() &&
                    back.diagnostics.front().code.find(".write.") != std::string::npos) {
                    ++c.write_failed;
                    continue;
                }
                const auto* again = back.records.size() == 1 ? back.records[0].get<kifu::shogi::jkf>() : nullptr;
                const kifu::shogi::jkf expected = kifu::test::comparable(*game, targets[t]);
                if (back.ok() && again != nullptr && kifu::test::comparable(*again, targets[t]) == expected) {
                    ++c.same;
                    if (targets[t] == shogi_target::kif || targets[t] == shogi_target::ki2) {
                        // The same text in CP932 (.kif, .ki2) reads back the same, or fails to be written.
                        std::string sjis;
                        const kifu::read_result b = kifu::test::write_and_read(*game, targets[t], sjis, {}, kifu::shogi::text_encoding::cp932);
                        if (b.records.empty() && !b.diagnostics.empty() && b.diagnostics.front().code.ends_with(".write.cp932")) {
                            ++cp932_unencodable;
                        } else if (b.ok() && b.records.size() == 1 && *b.records[0].get<kifu::shogi::jkf>() == *again) {
                            ++cp932_same;
                        } else {
                            ++cp932_differ;
                            if (cp932_differ <= 4) std::cout << file.string() << " as CP932 " << kifu::test::name_of(targets[t]) << " differs\n";
                        }
                    }
                    continue;
                }
                ++c.differ;
                if (++reported <= 12 || (targets[t] != shogi_target::jkf && reported <= 60 && per[t].differ <= 4)) {
                    std::string why = again == nullptr ? "not one record" : first_difference(expected, kifu::test::comparable(*again, targets[t]));
                    for (const auto& d : back.diagnostics) why += "\n  " + d.code + " " + std::to_string(d.line) + ": " + d.message;
                    std::cout << file.string() << " game " << r.index << " as " << kifu::test::name_of(targets[t]) << ": "
                              << why << "\n";
                }
            }
        }
    }
    std::cout << "shogi round trip: " << files.size() << " files, " << read << " read, " << unread << " not read\n";
    for (int t = 0; t < 4; ++t) {
        std::cout << "  " << kifu::test::name_of(targets[t]) << ": " << per[t].records << " records, " << per[t].same
                  << " same, " << per[t].differ << " differ, " << per[t].write_failed << " not writable\n";
    }
    std::cout << "  kif and ki2 in CP932: " << cp932_same << " same, " << cp932_differ << " differ, " << cp932_unencodable
              << " with a character CP932 lacks\n";
    for (int t = 0; t < 4; ++t) CHECK(per[t].differ == 0);
    CHECK(cp932_differ == 0);
    CHECK(read > 6000);
}
