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
    // Results wait in a ring of `window` slots; a worker takes input i only while
    // i < consumed + window. The calling thread sleeps until half the window (or the end of the
    // batch, or a full window) is ready in order, then consumes all that is: a wake-up per
    // result cost more than the work of a small file (a context switch on a machine with as
    // many cores as workers). Workers are woken only when one waits for room.
    const std::size_t window = std::size_t{jobs} * 4;
    const std::size_t batch = window / 2;
    std::vector<std::optional<Result>> slots(window);
    std::mutex mutex;
    std::condition_variable ready;  // the calling thread waits here
    std::condition_variable room;   // workers wait here
    std::size_t next = 0;           // the next input a worker takes
    std::size_t consumed = 0;       // inputs handed to consume so far
    bool consumer_waiting = false;
    unsigned workers_waiting = 0;
    bool stop = false;
    std::exception_ptr failure;

    // Called with the mutex held: results ready in order from `consumed`, up to `limit`.
    const auto ready_in_order = [&](std::size_t limit) {
        std::size_t n = 0;
        while (n < limit && consumed + n < count && slots[(consumed + n) % window].has_value()) ++n;
        return n;
    };
    // Called with the mutex held: whether the calling thread should run: the batch stopped, or
    // half the window is ready in order, or any result is when no more will come before it is
    // consumed (every input taken, or the window full).
    const auto consumer_due = [&] {
        const bool all_taken = next >= count;
        const bool full = next >= consumed + window;
        return stop || ready_in_order(batch) >= (all_taken || full ? 1 : batch);
    };

    auto worker = [&](unsigned id) {
        for (;;) {
            std::size_t i;
            {
                std::unique_lock lock(mutex);
                if (!(stop || next >= count || next < consumed + window)) {
                    ++workers_waiting;
                    room.wait(lock, [&] { return stop || next >= count || next < consumed + window; });
                    --workers_waiting;
                }
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
                room.notify_all();
                ready.notify_one();
                return;
            }
            std::lock_guard lock(mutex);
            slots[i % window] = std::move(r);
            if (consumer_waiting && consumer_due()) ready.notify_one();
        }
    };
    std::vector<std::thread> threads;
    threads.reserve(jobs);
    for (unsigned id = 0; id < jobs; ++id) {
        threads.emplace_back(worker, id);
    }
    try {
        std::vector<Result> taken;
        taken.reserve(window);
        while (consumed < count) {
            {
                std::unique_lock lock(mutex);
                if (!stop && ready_in_order(1) == 0) {
                    consumer_waiting = true;
                    ready.wait(lock, consumer_due);
                    consumer_waiting = false;
                }
                if (stop) break;
                // Everything ready in order, out of the ring.
                for (std::size_t n = ready_in_order(window); n > 0; --n) {
                    std::optional<Result>& slot = slots[(consumed + taken.size()) % window];
                    taken.push_back(std::move(*slot));
                    slot.reset();
                }
            }
            for (Result& r : taken) {
                consume(consumed, r);
                std::lock_guard lock(mutex);
                ++consumed;
                if (workers_waiting > 0) room.notify_all();
            }
            taken.clear();
        }
    } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        stop = true;
        room.notify_all();
    }
    for (std::thread& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace kifu::cli
