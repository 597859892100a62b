// runtime/src/core/peg_leaves.hpp as C++ of its own: the parts the leaves are made of (class
// membership from UTF-8 bytes, the byte scan, the table of ASCII members) and each leaf parsed
// with PEGTL's plain control on chosen valid UTF-8. leaf_forms_test.cpp and emitted_test.cpp
// check the leaves against the PEGTL forms they stand for on random texts.

#include <string>
#include <string_view>

#include <catch2/catch.hpp>
#include <tao/pegtl.hpp>

#include "core/peg_leaves.hpp"

namespace {

namespace peg = kifu::peg;
namespace pegtl = tao::pegtl;

const unsigned char* bytes(std::string_view text) { return reinterpret_cast<const unsigned char*>(text.data()); }

template <typename Class>
std::size_t length_of(std::string_view text) {
    return Class::length_at(bytes(text), bytes(text) + text.size());
}

// How many bytes `Rule` takes from the start of `text` (-1: it fails).
template <typename Rule>
int taken(std::string_view text) {
    pegtl::memory_input<pegtl::tracking_mode::lazy> in(text.data(), text.size(), "test");
    if (!pegtl::parse<Rule>(in)) return -1;
    return static_cast<int>(in.current() - text.data());
}

}  // namespace

TEST_CASE("class_bytes: a character's length when it is a member, from its UTF-8 bytes", "[pegc][leaves]") {
    using digits = peg::class_bytes<false, U'1', U'9', 0xFF11, 0xFF19>;  // [1-9１-９]
    CHECK(length_of<digits>("7") == 1);
    CHECK(length_of<digits>("0") == 0);
    CHECK(length_of<digits>("７") == 3);
    CHECK(length_of<digits>("０") == 0);
    CHECK(length_of<digits>("é") == 0);  // two bytes, no member of that length
    CHECK(length_of<digits>("😀") == 0);
    using not_line = peg::class_bytes<true, U'\n', U'\n', U'\r', U'\r'>;  // [^\r\n]
    CHECK(length_of<not_line>("\n") == 0);
    CHECK(length_of<not_line>("a") == 1);
    CHECK(length_of<not_line>("é") == 2);
    CHECK(length_of<not_line>("同") == 3);
    CHECK(length_of<not_line>("😀") == 4);
    using astral = peg::class_bytes<false, 0x1F600, 0x1F64F>;
    CHECK(length_of<astral>("😀") == 4);
    CHECK(length_of<astral>("同") == 0);
    CHECK(peg::ascii_members<false, U'0', U'9'>['5']);
    CHECK_FALSE(peg::ascii_members<false, U'0', U'9'>['a']);
    CHECK_FALSE(peg::ascii_members<true, U'0', U'9'>[0xE5]);  // bytes past ASCII: in no table
    CHECK(peg::ascii_only<false, U'0', U'9'>);
    CHECK_FALSE(peg::ascii_only<false, U'0', U'9', 0x3000, 0x3000>);
}

TEST_CASE("byte_run::scan stops at the first stop byte, in any byte of a word or after it", "[pegc][leaves]") {
    using line = peg::byte_run<false, '\n', '\n', '\r', '\r'>;
    using brackets = peg::byte_run<true, '\\', '\\', ']', ']'>;
    for (std::size_t at = 0; at < 24; ++at) {
        const std::string text = std::string(at, 'x') + "\t\r\n" + std::string(9, 'y');
        CHECK(line::scan(bytes(text), bytes(text) + text.size()) == bytes(text) + at + 1);
        const std::string value = std::string(at, 'v') + "]" + std::string(9, 'w');
        CHECK(brackets::scan(bytes(value), bytes(value) + value.size()) == bytes(value) + at);
    }
    const std::string none = "no stop here, 同 and all";
    CHECK(line::scan(bytes(none), bytes(none) + none.size()) == bytes(none) + none.size());
}

TEST_CASE("each leaf parsed with PEGTL's own control", "[pegc][leaves]") {
    using file_digit = peg::class_char<false, U'1', U'9', 0xFF11, 0xFF19>;
    CHECK(taken<file_digit>("７六") == 3);
    CHECK(taken<file_digit>("同") == -1);
    CHECK(taken<file_digit>("") == -1);
    using blanks = peg::class_run<false, false, U'\t', U'\t', U' ', U' ', 0x3000, 0x3000>;
    CHECK(taken<blanks>(" \t　x") == 5);
    CHECK(taken<blanks>("x") == 0);
    CHECK(taken<peg::class_run<true, false, U' ', U' '>>("x") == -1);
    using clock_field = peg::class_rep<1, 2, false, U'0', U'9'>;
    CHECK(taken<clock_field>("16)") == 2);
    CHECK(taken<clock_field>("7:") == 1);
    CHECK(taken<clock_field>("123") == -1);  // a third digit follows
    CHECK(taken<clock_field>(":") == -1);
    using origin = peg::byte_seq<peg::byte_step<0, '(', '('>, peg::byte_step<0, '1', '9'>, peg::byte_step<0, '1', '9'>,
                                 peg::byte_step<0, ')', ')'>>;
    CHECK(taken<origin>("(77)") == 4);
    CHECK(taken<origin>("(70)") == -1);
    CHECK(taken<origin>("(77") == -1);
    using signed_step = peg::byte_seq<peg::byte_step<1, '+', '+', '-', '-'>, peg::byte_step<0, '0', '9'>>;
    CHECK(taken<signed_step>("-5") == 2);
    CHECK(taken<signed_step>("5") == 1);
    using same = peg::literal<'\xE5', '\x90', '\x8C'>;  // 同
    CHECK(taken<same>("同　") == 3);
    CHECK(taken<same>("\xE5\x90") == -1);
    using promotion = peg::first_byte_choice<peg::first_byte_alt<peg::literal<'\xE4', '\xB8', '\x8D', '\xE6', '\x88', '\x90'>, 0xE4, 0xE4>,
                                             peg::first_byte_alt<peg::literal<'\xE6', '\x88', '\x90'>, 0xE6, 0xE6>>;
    CHECK(taken<promotion>("不成(") == 6);
    CHECK(taken<promotion>("成(") == 3);
    CHECK(taken<promotion>("(") == -1);
    CHECK(taken<promotion>("") == -1);
}
