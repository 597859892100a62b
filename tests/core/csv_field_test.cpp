// The CSV field writer of every CSV export: RFC 4180 quoting, and texts a spreadsheet would run
// as formulas shown as text.

#include <string>

#include <catch2/catch.hpp>

#include "core/csv_field.hpp"

namespace {

std::string field(std::string_view text) {
    std::string out;
    kifu::detail::append_csv_field(out, text);
    return out;
}

}  // namespace

TEST_CASE("append_csv_field quotes commas, quotes and line breaks", "[csv]") {
    CHECK(field("") == "");
    CHECK(field("Black Sample") == "Black Sample");
    CHECK(field("a,b") == "\"a,b\"");
    CHECK(field("say \"hi\"") == "\"say \"\"hi\"\"\"");
    CHECK(field("two\nlines") == "\"two\nlines\"");
}

TEST_CASE("append_csv_field shows a formula-like text as text and leaves numbers alone", "[csv]") {
    CHECK(field("=cmd|' /C calc'!A0") == "\"'=cmd|' /C calc'!A0\"");
    CHECK(field("+1+1") == "\"'+1+1\"");
    CHECK(field("@SUM(1)") == "\"'@SUM(1)\"");
    CHECK(field("=HYPERLINK(1).ggf") == "\"'=HYPERLINK(1).ggf\"");
    CHECK(field("\tx") == "\"'\tx\"");
    CHECK(field("\rx") == "\"'\rx\"");
    CHECK(field("-") == "\"'-\"");
    CHECK(field("-2+3") == "\"'-2+3\"");
    CHECK(field("=a,\"b\"") == "\"'=a,\"\"b\"\"\"");
    // Numbers read as numbers: a spreadsheet runs nothing.
    CHECK(field("-45") == "-45");
    CHECK(field("+3") == "+3");
    CHECK(field("-0.50") == "-0.50");
    CHECK(field("64") == "64");
    CHECK(field("a=b") == "a=b");
}
