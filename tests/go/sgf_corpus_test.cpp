// Every SGF file of the shared corpus, compared with @sabaki/sgf's trees and
// @sabaki/go-board's main-line replays (corpus/go/expected/README.md). Deviations are listed
// with reasons in docs/deviations.md ("Go").

#include <catch2/catch.hpp>

#include <kifu/go/record.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <nlohmann/json.hpp>

#include "go/normalize.hpp"
#include "go/readers.hpp"
#include "go/sgf_support.hpp"
#include "support/corpus.hpp"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace kifu::go;

namespace {

std::vector<fs::path> corpus_files() {
    std::vector<fs::path> files;
    const fs::path root = kifu::test::corpus_dir() / "go" / "sgf";
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (e.is_regular_file() && e.path().extension() == ".sgf") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::string corpus_name(const fs::path& p) {
    return fs::relative(p, kifu::test::corpus_dir() / "go" / "sgf").generic_string();
}

// sabaki 3.4.7's value rules: every CR removed, `\` + LF removed, `\` + x → x.
std::string sabaki_value(std::string_view raw) {
    std::string no_cr;
    for (const char c : raw) if (c != '\r') no_cr += c;
    std::string out;
    for (std::size_t i = 0; i < no_cr.size(); ++i) {
        if (no_cr[i] == '\\' && i + 1 < no_cr.size()) {
            ++i;
            if (no_cr[i] != '\n') out += no_cr[i];
        } else if (no_cr[i] != '\\') {
            out += no_cr[i];
        }
    }
    return out;
}

bool ascii(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// Our tree in sabaki's neutral form (sequences while a node has one child), built without
// recursion: each game tree object is filled through a work list of (node, json pointer).
json neutral(const sgf_collection& c, bool ascii_only) {
    json trees = json::array();
    for (const node_id root : c.roots) {
        trees.push_back(json::object());
        std::vector<std::pair<node_id, json*>> work{{root, &trees.back()}};
        while (!work.empty()) {
            auto [n, out] = work.back();
            work.pop_back();
            (*out)["nodes"] = json::array();
            (*out)["variations"] = json::array();
            for (;;) {
                json props = json::object();
                for (const sgf_property p : c.properties(n)) {
                    json values = json::array();
                    for (const sgf_value v : p.values()) {
                        std::string s = sabaki_value(v.raw());
                        values.push_back(ascii_only && !ascii(s) ? std::string("<non-ascii>") : s);
                    }
                    props[std::string(p.id())] = values;
                }
                (*out)["nodes"].push_back(props);
                if (c.child_count(n) == 1) {
                    n = c[n].first_child;
                    continue;
                }
                json& vars = (*out)["variations"];
                for (node_id ch = c[n].first_child; ch != no_node; ch = c[ch].next_sibling) vars.push_back(json::object());
                std::size_t k = 0;
                for (node_id ch = c[n].first_child; ch != no_node; ch = c[ch].next_sibling) work.emplace_back(ch, &vars[k++]);
                break;
            }
        }
    }
    return trees;
}

// The same masking applied to sabaki's tree (its property maps are ordered objects, and
// nlohmann sorts keys, so order is not compared: sabaki's order is first occurrence, as ours).
void mask_non_ascii(json& trees) {
    std::vector<json*> work;
    for (json& t : trees) work.push_back(&t);
    while (!work.empty()) {
        json* t = work.back();
        work.pop_back();
        for (json& node : (*t)["nodes"]) {
            for (auto& [id, values] : node.items()) {
                for (json& v : values) {
                    if (!ascii(v.get<std::string>())) v = "<non-ascii>";
                }
            }
        }
        for (json& v : (*t)["variations"]) work.push_back(&v);
    }
}

std::set<std::string> listed_deviations() {
    // Files whose tree differs from sabaki's on purpose: docs/deviations.md, "Go" section,
    // lines of the form "- `go/sgf/<path>`: reason".
    std::set<std::string> out;
    std::ifstream in(kifu::test::source_dir() / "docs" / "deviations.md");
    std::string line;
    bool in_go = false;
    while (std::getline(in, line)) {
        if (line.starts_with("## ")) in_go = line.starts_with("## Go");
        if (!in_go) continue;
        const auto a = line.find("`go/sgf/");
        if (line.starts_with("- ") && a != std::string::npos) {
            const auto b = line.find('`', a + 1);
            out.insert(line.substr(a + 8, b - a - 8));
        }
    }
    return out;
}

}  // namespace

TEST_CASE("every corpus SGF file reads leniently and matches sabaki's tree", "[go][sgf][corpus]") {
    KIFU_REQUIRE_CORPUS();
    const std::set<std::string> deviations = listed_deviations();
    std::size_t files = 0, compared = 0, equal = 0;
    std::vector<std::string> unexpected;
    for (const fs::path& path : corpus_files()) {
        ++files;
        const std::string rel = corpus_name(path);
        const std::string bytes = kifu::test::slurp(path);
        std::vector<kifu::diagnostic> diagnostics;
        const kifu::source_text text = kifu::test::decode_sgf(bytes, diagnostics, rel);
        const sgf_collection tree = parse_sgf(text, kifu::read_mode::lenient, diagnostics);
        INFO(rel);
        CHECK_FALSE(tree.roots.empty());

        const json expected = json::parse(kifu::test::slurp(kifu::test::corpus_dir() / "go" / "expected" / (rel + ".sabaki.json")));
        const json* trees = nullptr;
        std::string used;
        if (expected["parseBuffer"]["ok"].get<bool>()) {
            trees = &expected["parseBuffer"]["gameTrees"];
            used = expected["encoding"]["used"].is_string() ? expected["encoding"]["used"].get<std::string>() : "";
        } else if (expected["parse"]["ok"].get<bool>()) {
            trees = &expected["parse"]["gameTrees"];
            used = "UTF-8";
        }
        if (!trees) continue;  // sabaki rejects the file; reading it at all is the test
        ++compared;
        std::string ours_encoding = text.encoding();
        const bool same_charset = kifu::normalize_encoding_name(used) == ours_encoding ||
                                  (ours_encoding == "GB18030" && (used == "GB2312" || used == "GBK" || used == "EUC-CN"));
        json theirs = *trees;
        if (!same_charset) mask_non_ascii(theirs);
        const json ours = neutral(tree, !same_charset);
        if (ours == theirs) {
            ++equal;
        } else if (!deviations.contains(rel)) {
            unexpected.push_back(rel + " (ours " + ours_encoding + ", sabaki " + used + ")");
            if (const char* dump = std::getenv("KIFU_GO_DUMP")) {  // debugging aid: both trees as JSON
                std::ofstream(fs::path(dump) / (fs::path(rel).filename().string() + ".ours.json")) << ours.dump(1);
                std::ofstream(fs::path(dump) / (fs::path(rel).filename().string() + ".theirs.json")) << theirs.dump(1);
            }
        }
    }
    std::cout << "go corpus: " << files << " files, " << compared << " compared with sabaki, " << equal << " equal\n";
    for (const std::string& u : unexpected) std::cout << "  differs: " << u << "\n";
    CHECK(files == 249);
    CHECK(unexpected.empty());
}

namespace {

std::string letters(const std::vector<point>& points) {
    std::string out;
    for (const point p : points) out += (out.empty() ? "" : ",") + to_sgf(p);
    return out;
}

std::string letters(const json& list) {
    std::string out;
    for (const json& p : list) out += (out.empty() ? "" : ",") + p.get<std::string>();
    return out;
}

// One line per move and one for the end, in a form both sides can produce.
std::vector<std::string> our_replay(const record& r) {
    std::vector<std::string> out;
    board b(r.width, r.height);
    for (const point p : r.initial.black) b.set(p, stone::black);
    for (const point p : r.initial.white) b.set(p, stone::white);
    for (const point p : r.initial.empty) b.set(p, stone::empty);
    int prisoners[2] = {0, 0};
    for (const move_entry& e : r.lines[0]) {
        if (e.setup) {
            for (const point p : e.setup->black) b.set(p, stone::black);
            for (const point p : e.setup->white) b.set(p, stone::white);
            for (const point p : e.setup->empty) b.set(p, stone::empty);
        }
        if (!e.move) continue;
        const move_data& m = *e.move;
        if (!m.pass && m.to && e.illegal.empty()) {
            b.play(m.color, *m.to);  // replays our captures onto the board for the final check
        } else if (m.to && std::find(e.illegal.begin(), e.illegal.end(), "off-board") == e.illegal.end() &&
                   std::find(e.illegal.begin(), e.illegal.end(), "unparseable") == e.illegal.end()) {
            b.play(m.color, *m.to);
        }
        const int mover = static_cast<int>(m.color);
        prisoners[mover] += static_cast<int>(e.captures.size());
        prisoners[1 - mover] += static_cast<int>(e.suicide.size());
        const bool placed = m.to && std::find(e.illegal.begin(), e.illegal.end(), "off-board") == e.illegal.end();
        std::string line = std::string(m.color == color::black ? "B" : "W") + " pass=" + (m.pass ? "1" : "0") +
                           " at=" + (placed ? std::to_string(m.to->x - 1) + "," + std::to_string(m.to->y - 1) : "-") +
                           " captured=" + letters(e.captures) + " prisoners=" + std::to_string(prisoners[0]) + "/" +
                           std::to_string(prisoners[1]);
        std::vector<std::string> illegal = e.illegal;
        if (!e.suicide.empty() && std::find(illegal.begin(), illegal.end(), "suicide") == illegal.end()) {
            illegal.push_back("suicide");  // sabaki flags suicide whatever RU says
        }
        for (const std::string& i : illegal) line += " " + i;
        if (e.forced) line += " forced";
        out.push_back(line);
    }
    std::string board_rows;
    for (const std::string& row : b.rows()) board_rows += row + "/";
    out.push_back("final prisoners=" + std::to_string(prisoners[0]) + "/" + std::to_string(prisoners[1]) + " board=" + board_rows);
    return out;
}

std::vector<std::string> their_replay(const std::vector<json>& lines) {
    std::vector<std::string> out;
    for (const json& l : lines) {
        const std::string type = l["type"];
        if (type == "move") {
            std::string line = l["color"].get<std::string>() + " pass=" + (l["pass"].get<bool>() ? "1" : "0") + " at=" +
                               (l["x"].is_null() ? "-" : std::to_string(l["x"].get<int>()) + "," + std::to_string(l["y"].get<int>())) +
                               " captured=" + letters(l["captured"]) + " prisoners=" +
                               std::to_string(l["prisoners"]["B"].get<int>()) + "/" + std::to_string(l["prisoners"]["W"].get<int>());
            if (l.contains("illegal")) {
                for (const json& i : l["illegal"]) line += " " + i.get<std::string>();
            }
            if (l.contains("forced")) line += " forced";
            out.push_back(line);
        } else if (type == "final") {
            std::string board_rows;
            for (const json& row : l["board"]) board_rows += row.get<std::string>() + "/";
            out.push_back("final prisoners=" + std::to_string(l["prisoners"]["B"].get<int>()) + "/" +
                          std::to_string(l["prisoners"]["W"].get<int>()) + " board=" + board_rows);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("main-line replays equal @sabaki/go-board's", "[go][sgf][corpus][replay]") {
    KIFU_REQUIRE_CORPUS();
    std::size_t replayed = 0, moves = 0;
    std::vector<std::string> unexpected;
    const std::set<std::string> deviations = listed_deviations();
    for (const fs::path& path : corpus_files()) {
        const std::string rel = corpus_name(path);
        std::ifstream in(kifu::test::corpus_dir() / "go" / "expected" / (rel + ".replay.jsonl"));
        std::vector<json> lines;
        for (std::string l; std::getline(in, l);) lines.push_back(json::parse(l));
        if (lines.empty() || lines[0]["type"] != "header" || lines[0].contains("error")) continue;
        std::vector<kifu::diagnostic> diagnostics;
        const std::string bytes = kifu::test::slurp(path);
        const kifu::source_text text = kifu::test::decode_sgf(bytes, diagnostics, rel);
        const sgf_collection tree = parse_sgf(text, kifu::read_mode::lenient, diagnostics);
        INFO(rel);
        REQUIRE_FALSE(tree.roots.empty());
        const record r = normalize(tree, tree.roots[0], {}, diagnostics, &text);
        const auto ours = our_replay(r);
        const auto theirs = their_replay(lines);
        ++replayed;
        moves += theirs.size() - 1;
        if (ours != theirs && !deviations.contains(rel)) {
            std::string first;
            for (std::size_t i = 0; i < std::max(ours.size(), theirs.size()); ++i) {
                const std::string a = i < ours.size() ? ours[i] : "<none>";
                const std::string b = i < theirs.size() ? theirs[i] : "<none>";
                if (a != b) {
                    first = "line " + std::to_string(i) + ": ours '" + a.substr(0, 160) + "' theirs '" + b.substr(0, 160) + "'";
                    break;
                }
            }
            unexpected.push_back(rel + ": " + first);
        }
        CHECK(r.prisoners_black == std::stoi(ours.back().substr(ours.back().find('=') + 1)));
    }
    std::cout << "go replays: " << replayed << " files, " << moves << " main-line moves\n";
    for (const std::string& u : unexpected) std::cout << "  differs: " << u << "\n";
    CHECK(replayed == 241);
    CHECK(unexpected.empty());
}

TEST_CASE("every corpus file round-trips: tree to SGF to tree and record to SGF to record", "[go][sgf][corpus][roundtrip]") {
    KIFU_REQUIRE_CORPUS();
    std::size_t trees = 0, records = 0;
    for (const fs::path& path : corpus_files()) {
        const std::string rel = corpus_name(path);
        INFO(rel);
        std::vector<kifu::diagnostic> diagnostics;
        const std::string bytes = kifu::test::slurp(path);
        const kifu::source_text text = kifu::test::decode_sgf(bytes, diagnostics, rel);
        const sgf_collection tree = parse_sgf(text, kifu::read_mode::lenient, diagnostics);

        const std::string written = write_sgf(tree);
        std::vector<kifu::diagnostic> again;
        const kifu::source_text written_text("written.sgf", written, "UTF-8");
        const sgf_collection reread = parse_sgf(written_text, kifu::read_mode::lenient, again);
        CHECK(again.empty());
        CHECK(reread == tree);
        ++trees;

        std::vector<record> first;
        for (const node_id root : tree.roots) first.push_back(normalize(tree, root, {}, diagnostics, &text));
        const std::string sgf = write_sgf(first);
        std::vector<kifu::diagnostic> ignored;
        const kifu::source_text sgf_text("records.sgf", sgf, "UTF-8");
        const sgf_collection second_tree = parse_sgf(sgf_text, kifu::read_mode::lenient, ignored);
        REQUIRE(second_tree.roots.size() == first.size());
        for (std::size_t i = 0; i < first.size(); ++i) {
            const record second = normalize(second_tree, second_tree.roots[i], {}, ignored, &sgf_text);
            CHECK(second == first[i]);
            ++records;
        }
    }
    std::cout << "go round trips: " << trees << " files, " << records << " records\n";
}
