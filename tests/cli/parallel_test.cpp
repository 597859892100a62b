// run_in_order (tools/kifu/parallel.hpp): every input is worked on once, results are consumed
// in input order whatever the threads' timing, at most a bounded number wait, and an exception
// from either side ends the batch and is rethrown.

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

#include "tools/kifu/parallel.hpp"

namespace {

// Work that takes a random few microseconds, so that results finish out of order.
void jitter(std::size_t i) {
    std::mt19937 random(static_cast<unsigned>(i));
    if (random() % 3 == 0) std::this_thread::sleep_for(std::chrono::microseconds(random() % 200));
}

}  // namespace

TEST_CASE("run_in_order consumes every result once and in input order", "[parallel]") {
    for (const unsigned jobs : {1u, 2u, 3u, 8u}) {
        for (const std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{7}, std::size_t{1000}}) {
            INFO("jobs " << jobs << ", count " << count);
            std::vector<int> worked(count, 0);
            std::vector<std::size_t> order;
            std::atomic<std::size_t> in_flight{0};
            std::size_t most_in_flight = 0;
            kifu::cli::run_in_order<std::size_t>(
                count, jobs,
                [&](std::size_t i, unsigned worker) {
                    CHECK(worker < jobs);
                    ++in_flight;
                    jitter(i);
                    ++worked[i];
                    return i * 3;
                },
                [&](std::size_t i, std::size_t& result) {
                    most_in_flight = std::max<std::size_t>(most_in_flight, in_flight.load());
                    --in_flight;
                    CHECK(result == i * 3);
                    order.push_back(i);
                });
            std::vector<std::size_t> expected(count);
            for (std::size_t i = 0; i < count; ++i) expected[i] = i;
            CHECK(order == expected);
            CHECK(std::count(worked.begin(), worked.end(), 1) == static_cast<std::ptrdiff_t>(count));
            // Results made but not yet consumed: at most the window of 4 per thread.
            CHECK(most_in_flight <= std::size_t{jobs} * 4);
        }
    }
}

TEST_CASE("run_in_order rethrows an exception from the work or from consume", "[parallel]") {
    for (const unsigned jobs : {1u, 2u, 4u}) {
        INFO("jobs " << jobs);
        std::size_t consumed = 0;
        CHECK_THROWS_WITH(kifu::cli::run_in_order<int>(
                              500, jobs,
                              [&](std::size_t i, unsigned) {
                                  jitter(i);
                                  if (i == 123) throw std::runtime_error("work 123");
                                  return 0;
                              },
                              [&](std::size_t, int&) { ++consumed; }),
                          "work 123");
        CHECK(consumed <= 123);
        CHECK_THROWS_WITH(kifu::cli::run_in_order<int>(
                              500, jobs, [&](std::size_t i, unsigned) { jitter(i); return static_cast<int>(i); },
                              [&](std::size_t i, int&) {
                                  if (i == 200) throw std::runtime_error("consume 200");
                              }),
                          "consume 200");
    }
}
