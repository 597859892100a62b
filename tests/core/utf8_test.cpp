#include "core/utf8.hpp"

#include <algorithm>
#include <random>
#include <string>

#include <catch2/catch.hpp>

TEST_CASE("count_byte counts as std::count does, at every length and alignment", "[utf8]") {
    std::mt19937 random(20261128);
    const char alphabet[] = {'\xE2', '\xE3', '\x62', 'a', '\0'};  // the byte looked for, one bit off, and others
    std::uniform_int_distribution<std::size_t> pick(0, sizeof alphabet - 1);
    std::string s(300, 'x');
    for (char& c : s) c = alphabet[pick(random)];
    for (std::size_t from = 0; from < 17; ++from) {
        for (std::size_t length = 0; from + length <= s.size(); ++length) {
            const std::string_view part = std::string_view(s).substr(from, length);
            INFO("from " << from << ", length " << length);
            REQUIRE(kifu::detail::count_byte(part, '\xE2') == static_cast<std::size_t>(std::count(part.begin(), part.end(), '\xE2')));
        }
    }
}

TEST_CASE("count_byte sums its byte counters before they overflow", "[utf8]") {
    // 255 blocks of 16 bytes fill a byte counter; every byte matching tests the carry-over.
    for (const std::size_t size : {16u * 255u - 1u, 16u * 255u, 16u * 255u + 1u, 16u * 256u, 16u * 600u + 7u}) {
        const std::string all(size, '\xE2');
        INFO("size " << size);
        REQUIRE(kifu::detail::count_byte(all, '\xE2') == size);
        REQUIRE(kifu::detail::count_byte(all, 'a') == 0);
    }
}
