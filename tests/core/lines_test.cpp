#include "core/lines.hpp"

#include <random>
#include <string>

#include <catch2/catch.hpp>

TEST_CASE("find_line_break finds the first CR or LF as find_first_of does, from every start", "[lines]") {
    std::mt19937 random(20261127);
    const char alphabet[] = {'a', 'b', '\r', '\n', '\x8D', '\x8A'};  // bytes that differ from CR/LF by one bit
    std::uniform_int_distribution<std::size_t> length(0, 40);
    std::uniform_int_distribution<std::size_t> pick(0, sizeof alphabet - 1);
    std::uniform_int_distribution<int> sparse(0, 9);
    for (int round = 0; round < 2000; ++round) {
        std::string s(length(random), 'a');
        for (char& c : s) c = sparse(random) == 0 ? alphabet[pick(random)] : 'x';
        for (std::size_t from = 0; from <= s.size(); ++from) {
            INFO("text \"" << s << "\" from " << from);
            REQUIRE(kifu::detail::find_line_break(s, from) == std::string_view(s).find_first_of("\r\n", from));
        }
    }
}
