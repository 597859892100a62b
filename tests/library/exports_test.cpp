// The shared library exports the public API and nothing else: every dynamic symbol is in
// kifu::v1 and named in docs/library.md's reference, and every name the reference gives is
// either exported or declared in a public header (a type, an inline function or a template).

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "support/corpus.hpp"

namespace {

namespace fs = std::filesystem;

/// Returns what a command printed on its standard output.
std::string run(const std::string& command) {
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    std::string out;
    if (!pipe) return out;
    char buffer[4096];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe.get())) > 0) out.append(buffer, n);
    return out;
}

/// The demangled names of the dynamic symbols a shared library defines.
std::vector<std::string> exported_symbols(const fs::path& library) {
    const std::string out = run("nm -D --defined-only -C '" + library.string() + "'");
    std::vector<std::string> symbols;
    std::size_t start = 0;
    while (start < out.size()) {
        std::size_t end = out.find('\n', start);
        if (end == std::string::npos) end = out.size();
        const std::string_view line(out.data() + start, end - start);
        start = end + 1;
        // "0000000000012340 T kifu::v1::read_file(...)"; absolute symbols (the version node) skipped.
        const std::size_t first = line.find(' ');
        if (first == std::string_view::npos || first + 3 > line.size()) continue;
        if (line[first + 1] == 'A') continue;
        symbols.emplace_back(line.substr(first + 3));
    }
    return symbols;
}

/// The entity a demangled symbol belongs to, without kifu::v1's "v1::", its parameters or
/// template arguments: "kifu::v1::shogi::position::play(...)" gives "kifu::shogi::position::play";
/// "typeinfo for kifu::v1::search::error" gives "kifu::search::error". Empty when the symbol is
/// not in kifu::v1.
std::string entity_of(std::string_view symbol) {
    for (std::string_view prefix : {"typeinfo name for ", "typeinfo for ", "vtable for ", "VTT for ",
                                    "construction vtable for ", "non-virtual thunk to ", "virtual thunk to "}) {
        if (symbol.substr(0, prefix.size()) == prefix) {
            symbol.remove_prefix(prefix.size());
            break;
        }
    }
    constexpr std::string_view ns = "kifu::v1::";
    if (symbol.substr(0, ns.size()) != ns) return {};
    std::string name = "kifu::";
    int angle = 0;
    for (std::size_t i = ns.size(); i < symbol.size(); ++i) {
        const char c = symbol[i];
        if (c == '<' && symbol.substr(0, i).ends_with("operator")) {
            name += c;  // operator<, operator<=> and the like
        } else if (c == '<') {
            ++angle;
        } else if (c == '>' && angle > 0) {
            --angle;
        } else if (angle == 0) {
            if (c == '(' && !std::string_view(name).ends_with("operator")) break;
            if (c == ' ' && !std::string_view(name).ends_with("operator")) break;
            name += c;
        }
    }
    return name;
}

/// The last part of a qualified name: "kifu::shogi::position::play" gives "play".
std::string last_part(const std::string& name) {
    const std::size_t colon = name.rfind("::");
    return colon == std::string::npos ? name : name.substr(colon + 2);
}

/// The class a member belongs to: "kifu::search::database::add_source" gives "kifu::search::database".
std::string owner_of(const std::string& name) {
    const std::size_t colon = name.rfind("::");
    return colon == std::string::npos ? std::string{} : name.substr(0, colon);
}

/// Every `kifu::…` name in backticks in docs/library.md's "## Reference" section.
std::set<std::string> documented_names() {
    const std::string page = kifu::test::slurp(kifu::test::source_dir() / "docs" / "library.md");
    const std::size_t begin = page.find("\n## Reference");
    std::set<std::string> names;
    if (begin == std::string::npos) return names;
    std::size_t end = page.find("\n## ", begin + 1);
    if (end == std::string::npos) end = page.size();
    const std::string section = page.substr(begin, end - begin);
    const std::regex name(R"(`(kifu::(?:[\w~]+::)*(?:operator[^`\s(]+|[\w~]+)))");
    for (auto it = std::sregex_iterator(section.begin(), section.end(), name); it != std::sregex_iterator(); ++it) {
        std::string n = (*it)[1].str();
        while (n.ends_with(":")) n.pop_back();
        names.insert(n);
    }
    return names;
}

std::string public_header_text() {
    std::string all;
    const fs::path root = kifu::test::source_dir() / "runtime" / "include";
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (entry.is_regular_file() && entry.path().extension() == ".hpp") all += kifu::test::slurp(entry.path());
    }
    return all;
}

}  // namespace

TEST_CASE("entity_of names the entity of a demangled symbol") {
    CHECK(entity_of("kifu::v1::read_file(std::filesystem::__cxx11::path const&, kifu::v1::read_options const&)") ==
          "kifu::read_file");
    CHECK(entity_of("typeinfo for kifu::v1::search::error") == "kifu::search::error");
    CHECK(entity_of("kifu::v1::shogi::position::play(kifu::v1::shogi::board_move const&)") ==
          "kifu::shogi::position::play");
    CHECK(entity_of("kifu::v1::to_string[abi:cxx11](kifu::v1::game)") == "kifu::to_string[abi:cxx11]");
    CHECK(entity_of("kifu::v1::operator<(kifu::v1::a const&, kifu::v1::a const&)") == "kifu::operator<");
    CHECK(entity_of("std::vector<kifu::v1::record>::~vector()").empty());
    CHECK(entity_of("fmt::v9::format_error::~format_error()").empty());
}

TEST_CASE("every exported symbol is in kifu::v1 and named in docs/library.md's reference") {
    const fs::path library = KIFU_SHARED_LIBRARY_PATH;
    REQUIRE(fs::exists(library));
    const std::vector<std::string> symbols = exported_symbols(library);
    REQUIRE(!symbols.empty());
    const std::set<std::string> documented = documented_names();
    REQUIRE(!documented.empty());

    std::vector<std::string> outside, undocumented;
    for (const std::string& symbol : symbols) {
        std::string entity = entity_of(symbol);
        if (entity.empty()) {
            outside.push_back(symbol);
            continue;
        }
        // "[abi:cxx11]" marks a function returning std::string; it is not part of the name.
        if (const std::size_t abi = entity.find("[abi:"); abi != std::string::npos) entity.erase(abi, entity.find(']', abi) - abi + 1);
        const std::string member = last_part(entity);
        const std::string owner = owner_of(entity);
        // A constructor, a destructor, a type's information and virtual table are named by their class.
        const bool named_by_class = member.starts_with("~") || last_part(owner) == member;
        if (documented.count(entity) == 0 && !(named_by_class && documented.count(owner) == 1) &&
            documented.count(entity.substr(0, entity.find("::~"))) == 0) {
            undocumented.push_back(symbol + "  [" + entity + "]");
        }
    }
    CHECK(outside == std::vector<std::string>{});
    CHECK(undocumented == std::vector<std::string>{});
}

TEST_CASE("every name in docs/library.md's reference is exported or declared in a public header") {
    const std::set<std::string> documented = documented_names();
    REQUIRE(!documented.empty());
    std::set<std::string> exported;
    for (const std::string& symbol : exported_symbols(KIFU_SHARED_LIBRARY_PATH)) {
        std::string entity = entity_of(symbol);
        if (const std::size_t abi = entity.find("[abi:"); abi != std::string::npos) entity.erase(abi, entity.find(']', abi) - abi + 1);
        exported.insert(entity);
    }
    const std::string headers = public_header_text();
    std::vector<std::string> missing;
    for (const std::string& name : documented) {
        if (exported.count(name) == 1) continue;
        const std::string last = last_part(name);
        const std::regex declared("\\b" + std::regex_replace(last, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") + "\\b");
        if (!std::regex_search(headers, declared)) missing.push_back(name);
    }
    CHECK(missing == std::vector<std::string>{});
}
