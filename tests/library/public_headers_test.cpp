// The public headers (runtime/include/kifu) hold the API users call and nothing of how it is
// done: no `detail` namespace, no inlining attributes, no friend parsers or builders, no
// bitboard kernels or rules-engine masks, no per-format parse or sniff function (the format
// registry reaches those through read_file and read_buffer).

#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <kifu/format.hpp>

#include "support/corpus.hpp"

namespace {

namespace fs = std::filesystem;

struct header {
    std::string path;  // relative to runtime/include
    std::string text;  // comments removed
};

/// Returns the text without // and /* */ comments (a rule names code, not its description).
std::string without_comments(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        if (text.compare(i, 2, "//") == 0) {
            while (i < text.size() && text[i] != '\n') ++i;
        } else if (text.compare(i, 2, "/*") == 0) {
            const std::size_t end = text.find("*/", i + 2);
            i = end == std::string::npos ? text.size() : end + 2;
        } else if (text[i] == '"') {
            // String literals are kept whole (a "//" inside one is not a comment).
            out += text[i++];
            while (i < text.size() && text[i] != '"') {
                if (text[i] == '\\' && i + 1 < text.size()) out += text[i++];
                out += text[i++];
            }
            if (i < text.size()) out += text[i++];
        } else {
            out += text[i++];
        }
    }
    return out;
}

std::vector<header> public_headers() {
    const fs::path root = kifu::test::source_dir() / "runtime" / "include";
    std::vector<header> headers;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (entry.is_regular_file() && entry.path().extension() == ".hpp") {
            headers.push_back({fs::relative(entry.path(), root).generic_string(),
                               without_comments(kifu::test::slurp(entry.path()))});
        }
    }
    return headers;
}

/// Every match of `pattern` in the public headers, as "path: match".
std::vector<std::string> matches(const std::vector<header>& headers, const std::regex& pattern) {
    std::vector<std::string> found;
    for (const header& h : headers) {
        for (auto it = std::sregex_iterator(h.text.begin(), h.text.end(), pattern); it != std::sregex_iterator(); ++it) {
            found.push_back(h.path + ": " + it->str());
        }
    }
    return found;
}

}  // namespace

TEST_CASE("the public headers are found") {
    const auto headers = public_headers();
    CHECK(headers.size() > 10);
    std::set<std::string> names;
    for (const header& h : headers) names.insert(h.path);
    CHECK(names.count("kifu/kifu.hpp") == 1);
}

TEST_CASE("no public header has a detail namespace or names one") {
    CHECK(matches(public_headers(), std::regex(R"(\bdetail\b)")) == std::vector<std::string>{});
}

TEST_CASE("no public header carries inlining attributes") {
    CHECK(matches(public_headers(), std::regex(R"(\b(always_inline|noinline|__forceinline)\b)")) ==
          std::vector<std::string>{});
}

TEST_CASE("no public header makes a class or struct outside the public API a friend") {
    // Friend functions (operator== and the like) are part of a type's interface, and a public
    // class may reach into another's storage (the index's database into a prepared source); a
    // friend the public headers do not define is a parser, builder or back door of the library.
    const auto headers = public_headers();
    std::string all;
    for (const header& h : headers) all += h.text;
    std::vector<std::string> hidden_friends;
    for (const std::string& found : matches(headers, std::regex(R"(\bfriend\s+(class|struct)\s+[\w:]+\s*;)"))) {
        std::smatch m;
        const std::string declaration = found.substr(found.find(": ") + 2);
        std::regex_search(declaration, m, std::regex(R"((\w+)\s*;$)"));
        const std::regex defined("\\b(class|struct)\\s+(KIFU_API\\s+)?" + m[1].str() + "\\s*(final\\s*)?[:{]");
        if (!std::regex_search(all, defined)) hidden_friends.push_back(found);
    }
    CHECK(hidden_friends == std::vector<std::string>{});
}

TEST_CASE("no public header holds bitboard kernels or rules-engine masks") {
    CHECK(matches(public_headers(), std::regex(R"(\bnamespace\s+bits\b|\bbits::|\w*_masks?\b|\bbitboard\b|\bflips_in\w*|\bshift_\w+)")) ==
          std::vector<std::string>{});
}

TEST_CASE("no public header declares a per-format parse or sniff function") {
    const auto headers = public_headers();
    CHECK(matches(headers, std::regex(R"(\bsniff\w*\b)")) == std::vector<std::string>{});
    // parse_<format> for every registered format. The position and move codecs are public:
    // parse_sfen and parse_shogi64 read a position, parse_usi one USI move in a position.
    for (const kifu::format_info& f : kifu::formats()) {
        std::string name(f.name);
        for (char& c : name) c = c == '-' ? '_' : c;
        std::string pattern = R"(\bparse_)" + name + R"(\w*\s*\()";
        if (f.name == "usi") pattern = R"(\bparse_usi\w*\s*\((?!\s*std::string_view\s+usi\s*,\s*const\s+position&))";
        INFO("format " << f.name);
        CHECK(matches(headers, std::regex(pattern)) == std::vector<std::string>{});
    }
}

TEST_CASE("kifu/kifu.hpp includes every other public header") {
    const auto headers = public_headers();
    std::string umbrella;
    for (const header& h : headers) {
        if (h.path == "kifu/kifu.hpp") umbrella = h.text;
    }
    for (const header& h : headers) {
        if (h.path == "kifu/kifu.hpp") continue;
        INFO(h.path);
        CHECK(umbrella.find("#include <" + h.path + ">") != std::string::npos);
    }
}
