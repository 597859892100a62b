// The normalizer over the shared corpus: the generated games' JKF (tsshogi's writer) must
// replay without a diagnostic and give exactly the main line they were generated with
// (generated/seed1-2000/mainline.usi.tsv, the ground truth).

#include "shogi/shogi_test_util.hpp"
#include "support/corpus.hpp"

#include <fstream>
#include <map>
#include <sstream>

#include <kifu/read.hpp>
#include <kifu/text.hpp>

#include "shogi/jkf_reader.hpp"

using namespace kifu::test;

TEST_CASE("normalize: generated JKF games replay to their ground-truth main line", "[shogi][normalize][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const auto dir = corpus_dir() / "shogi" / "generated" / "seed1-2000";
    std::ifstream tsv(dir / "mainline.usi.tsv");
    REQUIRE(tsv);
    std::map<std::string, std::string> truth;
    for (std::string line; std::getline(tsv, line);) {
        auto tab = line.find('\t');
        if (tab != std::string::npos) truth[line.substr(0, tab)] = line.substr(tab + 1);
    }

    int games = 0;
    for (int i = 0; i < 300; ++i) {
        char stem[16];
        std::snprintf(stem, sizeof stem, "g%06d", i);
        const auto path = dir / "jkf" / (std::string(stem) + ".jkf");
        // The JKF reader directly: the format registry is not what is tested here.
        kifu::read_result result;
        kifu::shogi::detail::read_jkf(kifu::source_text(path.string(), slurp(path), "UTF-8"), kifu::read_options{}, result);
        INFO(path.string());
        std::string found;
        for (const auto& d : result.diagnostics) found += d.code + " ply " + std::to_string(d.ply) + ": " + d.message + "\n";
        INFO(found);
        REQUIRE(result.diagnostics.empty());
        REQUIRE(result.records.size() == 1);
        const jkf* r = result.records[0].get<jkf>();
        REQUIRE(r);

        // Replay the normalized main line and write it as a USI position command.
        position p;
        if (!r->initial) {
            p = *position::from_preset("HIRATE");
        } else if (r->initial->preset == "OTHER") {
            p = position::from_state(*r->initial->data);
        } else {
            p = *position::from_preset(r->initial->preset);
        }
        std::string usi = "position sfen " + to_sfen(p) + " moves";
        for (std::size_t k = 1; k < r->moves.size(); ++k) {
            const auto& m = r->moves[k].move;
            if (!m) continue;
            board_move bm{m->from.value_or(square{}), *m->to, *m->piece, m->promote.value_or(false)};
            REQUIRE(m->color == p.side_to_move());
            REQUIRE(p.check(bm) == illegal_reason::none);
            engine_of(p).apply(bm);
            usi += " " + to_usi(bm);
        }
        CHECK(usi == truth[stem]);
        ++games;
    }
    CHECK(games == 300);
}
