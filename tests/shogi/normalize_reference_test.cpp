// The normalizer against json-kifu-format's own output: a JKF that json-kifu-format
// normalized must come back unchanged when normalized again under the format it was read
// from (every derived field — color, capture, same, promote, relative, totals, preset — is
// recomputed and must agree). Records json-kifu-format accepts but that are illegal are
// listed with the diagnostic we give instead.

#include "shogi/shogi_test_util.hpp"
#include "support/corpus.hpp"

#include <kifu/read.hpp>
#include <kifu/text.hpp>

#include "shogi/jkf_reader.hpp"

using namespace kifu::test;

namespace {

std::optional<source_format> format_of(const std::filesystem::path& json_path) {
    const std::string name = json_path.stem().string();  // e.g. "fork.kif"
    auto ext = std::filesystem::path(name).extension().string();
    if (ext == ".kif" || ext == ".kifu") return source_format::kif;
    if (ext == ".ki2" || ext == ".ki2u") return source_format::ki2;
    if (ext == ".csa") return source_format::csa;
    if (ext == ".jkf") return source_format::jkf;
    return std::nullopt;
}

void check_folder(const std::filesystem::path& dir, int& files) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
        if (entry.path().extension() != ".json") continue;
        auto format = format_of(entry.path());
        if (!format) continue;
        kifu::read_options raw;
        raw.normalize = false;
        kifu::read_result result;
        kifu::shogi::detail::read_jkf(kifu::source_text(entry.path().string(), slurp(entry.path()), "UTF-8"), raw, result);
        INFO(entry.path().string());
        REQUIRE(result.records.size() == 1);
        const jkf reference = *result.records[0].get<jkf>();
        jkf again = reference;
        auto ds = run(again, *format, kifu::read_mode::lenient);
        // The 9fu fixtures set up nine White pawns on file 2, one on the last rank (a parser
        // test, not a game): those two warnings are right.
        if (entry.path().filename().string().starts_with("9fu")) {
            std::erase_if(ds, [](const kifu::diagnostic& d) {
                return d.code == "shogi.position.two-pawns" || d.code == "shogi.position.dead-piece";
            });
        }
        std::string found;
        for (const auto& d : ds) found += d.code + " ply " + std::to_string(d.ply) + ": " + d.message + "\n";
        INFO(found);
        CHECK(ds.empty());
        if (ds.empty()) {
            INFO("ours:      " << jkf_text(again));
            INFO("reference: " << jkf_text(reference));
            CHECK(again == reference);
        }
        ++files;
    }
}

}  // namespace

TEST_CASE("normalize: json-kifu-format's normalized JKF is a fixed point", "[shogi][normalize][corpus]") {
    KIFU_REQUIRE_CORPUS();
    int files = 0;
    check_folder(corpus_dir() / "shogi" / "expected" / "jkf-tests" / "json-kifu-format", files);
    check_folder(corpus_dir() / "shogi" / "expected" / "real", files);
    CHECK(files > 100);
}
