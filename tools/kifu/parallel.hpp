#pragma once

// Runs a batch's per-input work on N threads and hands the results back in input order, so
// `-j 4` prints exactly what `-j 1` prints.

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace kifu::cli {

/// Returns the `-j` default: the number of cores (1 when unknown).
inline unsigned default_jobs() noexcept {
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : n;
}

/// Calls `work(i, worker)` for every i < count on `jobs` threads (`worker` in [0, jobs) names
/// the thread, for per-thread buffers) and `consume(i, result)` on the calling thread for
/// i = 0, 1, 2, … in order. At most a few results per thread wait to be consumed, so
/// memory stays bounded however long the batch. With one job everything runs on the calling
/// thread. An exception from `work` is rethrown by this call after the threads stop.
template <typename Result, typename Work, typename Consume>
void run_in_order(std::size_t count, unsigned jobs, Work&& work, Consume&& consume) {
    if (jobs <= 1 || count <= 1) {
        for (std::size_t i = 0; i < count; ++i) {
            Result r = work(i, 0u);
            consume(i, r);
        }
        return;
    }
    const std::size_t window = std::size_t{jobs} * 4;
    std::vector<std::optional<Result>> slots(window);
    std::mutex mutex;
    std::condition_variable changed;
    std::size_t next = 0;      // the next input a worker takes
    std::size_t consumed = 0;  // inputs handed to consume so far
    bool stop = false;
    std::exception_ptr failure;

    auto worker = [&](unsigned id) {
        for (;;) {
            std::size_t i;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return stop || next >= count || next < consumed + window; });
                if (stop || next >= count) return;
                i = next++;
            }
            std::optional<Result> r;
            try {
                r.emplace(work(i, id));
            } catch (...) {
                std::lock_guard lock(mutex);
                if (!failure) failure = std::current_exception();
                stop = true;
                changed.notify_all();
                return;
            }
            std::lock_guard lock(mutex);
            slots[i % window] = std::move(r);
            changed.notify_all();
        }
    };
    std::vector<std::thread> threads;
    threads.reserve(jobs);
    for (unsigned id = 0; id < jobs; ++id) {
        threads.emplace_back(worker, id);
    }
    try {
        for (; consumed < count;) {
            std::optional<Result> r;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return stop || slots[consumed % window].has_value(); });
                if (stop) break;
                r = std::move(slots[consumed % window]);
                slots[consumed % window].reset();
            }
            consume(consumed, *r);
            std::lock_guard lock(mutex);
            ++consumed;
            changed.notify_all();
        }
    } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        stop = true;
        changed.notify_all();
    }
    for (std::thread& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace kifu::cli
