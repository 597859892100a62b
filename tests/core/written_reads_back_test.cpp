// Whatever kifu writes, kifu reads back: every record of every fuzz seed and bundled sample,
// read leniently, goes through every registered writer whose output a reader takes; a write
// that succeeds must read back (as the format of the writer's extension) with no error and
// the same number of games. The seeds hold the damaged and odd inputs fuzzing found, so this
// is where a position a writer accepts but a reader refuses shows up.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <span>
#include <string>
#include <vector>

#include <kifu/kifu.hpp>

namespace {

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The reader of a writer's text: a format whose extensions hold the writer's, or nullptr
// (csv, positions-*, hcpe, psv: outputs no reader takes).
const kifu::format_info* reader_of(const kifu::writer_info& w) {
    if (w.binary) return nullptr;
    for (const kifu::format_info& f : kifu::formats()) {
        for (const std::string_view e : f.extensions) {
            if (e == w.extension) return &f;
        }
    }
    return nullptr;
}

}  // namespace

TEST_CASE("every record of the fuzz seeds and samples written by every writer reads back", "[writers][round-trip]") {
    const std::filesystem::path data = KIFU_TEST_DATA_DIR;
    std::vector<std::filesystem::path> inputs;
    for (const auto* dir : {"fuzz", "samples"}) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(data / dir)) {
            if (entry.is_regular_file()) inputs.push_back(entry.path());
        }
    }
    std::sort(inputs.begin(), inputs.end());
    REQUIRE(inputs.size() > 20);

    std::size_t written = 0;
    for (const auto& path : inputs) {
        const std::string bytes = slurp(path);
        kifu::read_options options;
        options.mode = kifu::read_mode::lenient;
        const kifu::read_result input = kifu::read_buffer(bytes, path.filename().string(), options);
        // A value the input already had wrong (an SGF move 'R16' that names no point) is kept
        // and written back as it was: reading it back may give the same error, no other.
        std::set<std::string> input_errors;
        for (const kifu::diagnostic& d : input.diagnostics) {
            if (d.severity == kifu::severity::error) input_errors.insert(d.code);
        }
        for (std::size_t i = 0; i < input.records.size(); ++i) {
            const kifu::record& r = input.records[i];
            for (const kifu::writer_info& w : kifu::writers()) {
                const kifu::format_info* reader = reader_of(w);
                if (reader == nullptr) continue;
                // The JSON of go and othello records (docs/jkf-go-othello.md) is an export: no
                // reader takes it back yet.
                if (w.name == "jkf" && r.game() != kifu::game::shogi) continue;
                const kifu::write_result out = kifu::write(std::span<const kifu::record>(&r, 1), w);
                if (!out.ok()) continue;  // the writer refused the record: an error, nothing written
                ++written;
                // Read back as a user would (the format found from the extension and the text),
                // leniently, so that a kept input error does not drop the game.
                kifu::read_options back_options;
                back_options.mode = kifu::read_mode::lenient;
                const kifu::read_result back =
                    kifu::read_buffer(out.text, "written" + std::string(w.extension), back_options);
                INFO(path.string() << ", game " << i + 1 << ", written as " << w.name << ":\n" << out.text);
                std::string errors;
                for (const kifu::diagnostic& d : back.diagnostics) {
                    if (d.severity == kifu::severity::error && input_errors.count(d.code) == 0) {
                        errors += kifu::format_gcc(d) + "\n";
                    }
                }
                INFO(errors);
                CHECK(errors.empty());
                CHECK(back.records.size() == 1);
            }
        }
    }
    CHECK(written > 100);
}
