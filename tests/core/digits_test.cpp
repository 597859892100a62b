#include "core/digits.hpp"

#include <charconv>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include <catch2/catch.hpp>

namespace {

template <typename Int>
std::string ours(Int v) {
    char buffer[24];
    return std::string(buffer, kifu::detail::write_decimal(buffer, v));
}

template <typename Int>
std::string theirs(Int v) {
    char buffer[24];
    return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
}

}  // namespace

TEST_CASE("write_decimal writes what to_chars writes, at every length and both signs", "[digits]") {
    std::uint64_t power = 1;
    for (int digits = 1; digits <= 20; ++digits) {
        for (const std::uint64_t v : {power, power - 1, power + 1, power * 5 - 1}) {
            REQUIRE(ours(v) == theirs(v));
        }
        if (digits < 20) power *= 10;
    }
    constexpr auto max_u = std::numeric_limits<std::uint64_t>::max();
    constexpr auto min_s = std::numeric_limits<std::int64_t>::min();
    constexpr auto max_s = std::numeric_limits<std::int64_t>::max();
    REQUIRE(ours(max_u) == theirs(max_u));
    REQUIRE(ours(min_s) == theirs(min_s));
    REQUIRE(ours(max_s) == theirs(max_s));
    REQUIRE(ours(std::int64_t{0}) == "0");
    REQUIRE(ours(std::int64_t{-7}) == "-7");
    std::mt19937_64 random(20261127);
    for (int i = 0; i < 100000; ++i) {
        const std::uint64_t v = random() >> (random() % 64);
        REQUIRE(ours(v) == theirs(v));
        REQUIRE(ours(static_cast<std::int64_t>(v)) == theirs(static_cast<std::int64_t>(v)));
    }
}
