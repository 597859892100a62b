// How KIF and KI2 merge the grammar glue's and the builder's diagnostics
// (detail::append_in_text_order): text order, and in strict mode nothing after the first error.

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>

#include "shogi/kakinoki.hpp"

namespace {

kifu::diagnostic at(kifu::severity severity, std::uint32_t line, std::uint32_t column, std::string code) {
    kifu::diagnostic d;
    d.severity = severity;
    d.code = std::move(code);
    d.message = "m";
    d.file = "t.kif";
    d.line = line;
    d.column = column;
    return d;
}

std::string gcc(const std::vector<kifu::diagnostic>& ds) {
    std::string out;
    for (const auto& d : ds) out += kifu::format_gcc(d) + "\n";
    return out;
}

// The grammar glue reads on after the builder stopped, and header findings are made at the end
// of the header, so each list on its own can hold findings past the first error.
struct merge_case {
    std::vector<kifu::diagnostic> earlier{at(kifu::severity::warning, 1, 1, "x.before")};
    std::vector<kifu::diagnostic> syntax{at(kifu::severity::error, 5, 3, "x.syntax"),
                                         at(kifu::severity::warning, 7, 1, "x.after-syntax")};
    std::vector<kifu::diagnostic> semantic{at(kifu::severity::warning, 3, 1, "x.header"),
                                           at(kifu::severity::warning, 5, 3, "x.same-place"),
                                           at(kifu::severity::error, 6, 1, "x.builder")};
};

}  // namespace

TEST_CASE("kakinoki diagnostics: lenient mode keeps every finding, in text order after those already there") {
    merge_case c;
    kifu::shogi::detail::append_in_text_order(c.earlier, c.syntax, c.semantic, kifu::read_mode::lenient);
    CHECK(gcc(c.earlier) ==
          "t.kif:1:1: warning: m [x.before]\n"
          "t.kif:3:1: warning: m [x.header]\n"
          "t.kif:5:3: error: m [x.syntax]\n"
          "t.kif:5:3: warning: m [x.same-place]\n"
          "t.kif:6:1: error: m [x.builder]\n"
          "t.kif:7:1: warning: m [x.after-syntax]\n");
}

TEST_CASE("kakinoki diagnostics: strict mode ends with the first error in text order") {
    merge_case c;
    kifu::shogi::detail::append_in_text_order(c.earlier, c.syntax, c.semantic, kifu::read_mode::strict);
    CHECK(gcc(c.earlier) ==
          "t.kif:1:1: warning: m [x.before]\n"
          "t.kif:3:1: warning: m [x.header]\n"
          "t.kif:5:3: error: m [x.syntax]\n");
}

TEST_CASE("kakinoki diagnostics: strict mode without an error keeps every warning") {
    merge_case c;
    c.syntax.clear();
    c.semantic.pop_back();
    kifu::shogi::detail::append_in_text_order(c.earlier, c.syntax, c.semantic, kifu::read_mode::strict);
    CHECK(gcc(c.earlier) ==
          "t.kif:1:1: warning: m [x.before]\n"
          "t.kif:3:1: warning: m [x.header]\n"
          "t.kif:5:3: warning: m [x.same-place]\n");
}
