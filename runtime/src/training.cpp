// Training positions in columns (kifu/training.hpp): the rows of each game come from the same
// replay as positions-csv's (runtime/src/<game>/position_rows.hpp), and position_reader reads
// its inputs on a thread of its own that hands over one full batch at a time.

#include <kifu/training.hpp>

#include <array>
#include <atomic>
#include <charconv>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <string_view>
#include <thread>
#include <utility>

#include <fmt/core.h>

#include <kifu/go/record.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/read_stream.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/packed.hpp>

#include "go/position_rows.hpp"
#include "othello/position_rows.hpp"
#include "search/game_summary.hpp"
#include "shogi/position_rows.hpp"

namespace kifu::inline v1 {
namespace {

std::int8_t result_value(const std::optional<int>& r) noexcept {
    return r ? static_cast<std::int8_t>(*r) : no_result;
}

result_kind kind_of_black_result(std::optional<int> black) noexcept {
    if (!black) return result_kind::none;
    return *black > 0 ? result_kind::black_win : *black < 0 ? result_kind::white_win : result_kind::draw;
}

// Moves of the main line, as the rows replay it.
int main_line_moves(const record& r) {
    int n = 0;
    if (const auto* s = r.get<shogi::jkf>()) {
        for (std::size_t i = 1; i < s->moves.size(); ++i) {
            if (s->moves[i].move) ++n;
            else if (!s->moves[i].special.empty()) break;
        }
    } else if (const auto* g = r.get<go::record>()) {
        for (const go::move_entry& e : g->lines.front()) n += e.move ? 1 : 0;
    } else if (const auto* o = r.get<othello::record>()) {
        n = static_cast<int>(o->moves.size());
    }
    return n;
}

std::optional<double> number_of(std::string_view s) noexcept {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.remove_suffix(1);
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
    return v;
}

// Both players' ratings: floodgate's `'black_rate:NAME:RATING` comments (the rating after the
// last colon), GGF's RB and RW.
std::pair<std::optional<double>, std::optional<double>> ratings_of(const record& r) {
    std::optional<double> black;
    std::optional<double> white;
    if (const auto* s = r.get<shogi::jkf>()) {
        for (const shogi::move_format& m : s->moves) {
            for (const std::string& c : m.comments) {
                const std::string_view text = c;
                const bool b = text.starts_with("black_rate:");
                if (!b && !text.starts_with("white_rate:")) continue;
                const std::size_t colon = text.rfind(':');
                if (colon < std::string_view("black_rate:").size()) continue;  // no NAME: part
                if (auto v = number_of(text.substr(colon + 1))) (b ? black : white) = v;
            }
        }
    } else if (const auto* o = r.get<othello::record>()) {
        if (const std::string* rb = o->find_header("RB")) black = number_of(*rb);
        if (const std::string* rw = o->find_header("RW")) white = number_of(*rw);
    }
    return {black, white};
}

// Sizes every column for `rows` more rows than the batch holds.
void grow(position_batch& b, std::size_t rows) {
    const std::size_t n = b.rows + rows;
    const std::size_t cells = static_cast<std::size_t>(b.height) * static_cast<std::size_t>(b.width);
    b.planes.resize(n * cells);
    if (b.game == game::shogi) b.hands.resize(n * 14);
    b.to_move.resize(n);
    b.move.resize(n);
    b.ply.resize(n);
    b.result.resize(n);
    b.score.resize(n);
    b.eval.resize(n);
    b.has_eval.resize(n);
    b.source.resize(n);
    b.game_index.resize(n);
}

// Writes the columns of row `i` but the board and move.
void set_common(position_batch& b, std::size_t i, std::size_t ply, int to_move, std::int8_t result, double score,
                const std::optional<double>& eval, std::int32_t source, std::int32_t game_index) {
    b.to_move[i] = static_cast<std::int8_t>(to_move);
    b.ply[i] = static_cast<std::int32_t>(ply);
    b.result[i] = result;
    b.score[i] = result == no_result ? 0.0 : score;
    b.eval[i] = eval.value_or(0.0);
    b.has_eval[i] = eval ? 1 : 0;
    b.source[i] = source;
    b.game_index[i] = game_index;
}

// The 8 cells of an othello board row, cell k (bit k of the bitboard's row) as byte k in memory of
// a 64-bit word (copied in and out with memcpy, so the OR of two words is a bytewise OR on any
// byte order), for each of the 256 rows of one colour.
struct cell_rows {
    std::array<std::uint64_t, 256> black{};
    std::array<std::uint64_t, 256> white{};
};

const cell_rows& othello_cells() {
    static const cell_rows rows = [] {
        cell_rows t;
        for (unsigned v = 0; v < 256; ++v) {
            std::array<std::uint8_t, 8> b{};
            std::array<std::uint8_t, 8> w{};
            for (int k = 0; k < 8; ++k) {
                b[static_cast<std::size_t>(k)] = (v >> k) & 1 ? 0x01 : 0;
                w[static_cast<std::size_t>(k)] = (v >> k) & 1 ? 0xff : 0;
            }
            std::memcpy(&t.black[v], b.data(), 8);
            std::memcpy(&t.white[v], w.data(), 8);
        }
        return t;
    }();
    return rows;
}

// Appends the rows of a game's replay to a batch. Each game's function takes `full`, called
// when the batch holds `capacity` rows: it hands the batch over (leaving it empty) or returns
// false to stop.
class row_writer {
public:
    row_writer(position_batch& batch, std::size_t capacity) : batch_(batch), capacity_(capacity) {}

    template <typename Full>
    bool shogi_game(const shogi::jkf& r, std::int32_t source, std::int32_t game_index, Full&& full) {
        bool go_on = true;
        shogi::for_each_position(r, [&](const shogi::position_row& row) {
            if (!go_on) return;
            const std::size_t i = take_row();
            const shogi::engine& e = shogi::engine_of(*row.pos);
            std::int8_t* plane = batch_.planes.data() + i * 81;
            for (int y = 1; y <= 9; ++y) {
                for (int x = 9; x >= 1; --x) {
                    const auto p = e.at({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
                    const int code = p ? static_cast<int>(p->kind) + 1 : 0;
                    *plane++ = static_cast<std::int8_t>(p && p->color == shogi::color::white ? -code : code);
                }
            }
            std::int8_t* hand = batch_.hands.data() + i * 14;
            for (int c = 0; c < 2; ++c) {
                for (int k = 0; k < shogi::hand_kind_count; ++k) {
                    *hand++ = static_cast<std::int8_t>(e.hand(static_cast<shogi::color>(c), static_cast<shogi::piece_kind>(k)));
                }
            }
            batch_.move[i] = row.next ? shogi::to_move16(*row.next) : -1;
            const std::int8_t result = result_value(row.result);
            set_common(batch_, i, row.ply, static_cast<int>(row.to_move), result, result,
                       row.eval ? std::optional<double>(*row.eval) : std::nullopt, source, game_index);
            if (batch_.rows == capacity_) go_on = full();
        });
        return go_on;
    }

    template <typename Full>
    bool go_game(const go::record& r, std::int32_t source, std::int32_t game_index, Full&& full) {
        bool go_on = true;
        const int w = r.width;
        const int h = r.height;
        go::for_each_position(r, [&](const go::position_row& row) {
            if (!go_on) return;
            const std::size_t i = take_row();
            std::int8_t* plane = batch_.planes.data() + i * static_cast<std::size_t>(w * h);
            for (int y = 1; y <= h; ++y) {
                for (int x = 1; x <= w; ++x) {
                    const go::stone s = row.stones->at({x, y});
                    *plane++ = static_cast<std::int8_t>(s == go::stone::black ? 1 : s == go::stone::white ? -1 : 0);
                }
            }
            std::int32_t move = -1;
            if (row.next != nullptr) {
                if (row.next->pass) move = w * h;
                else if (row.next->to) move = (row.next->to->y - 1) * w + (row.next->to->x - 1);
            }
            batch_.move[i] = move;
            const std::int8_t result = result_value(row.result);
            set_common(batch_, i, row.ply, static_cast<int>(row.to_move), result, result, std::nullopt, source,
                       game_index);
            if (batch_.rows == capacity_) go_on = full();
        });
        return go_on;
    }

    template <typename Full>
    bool othello_game(const othello::record& r, std::int32_t source, std::int32_t game_index, Full&& full) {
        bool go_on = true;
        othello::for_each_position(r, [&](const othello::position_row& row) {
            if (!go_on) return;
            const std::size_t i = take_row();
            // A board row (8 bits of each bitboard) is 8 cells: 1 for Black's bits, -1 (0xff) for
            // White's, ORed as 64-bit words (no cell holds both colours).
            std::int8_t* plane = batch_.planes.data() + i * 64;
            const cell_rows& cells = othello_cells();
            for (int r = 0; r < 8; ++r) {
                const std::uint64_t word = cells.black[(row.black >> (8 * r)) & 0xff] | cells.white[(row.white >> (8 * r)) & 0xff];
                std::memcpy(plane + 8 * r, &word, 8);
            }
            std::int32_t move = -1;
            if (row.next != nullptr) move = row.next->is_pass() ? 64 : othello::bits::index_of(row.next->to);
            batch_.move[i] = move;
            std::int8_t result = no_result;
            if (row.result) result = static_cast<std::int8_t>(*row.result > 0 ? 1 : *row.result < 0 ? -1 : 0);
            set_common(batch_, i, row.ply, static_cast<int>(row.to_move), result, row.result.value_or(0.0),
                       row.from_eval ? row.value : std::nullopt, source, game_index);
            if (batch_.rows == capacity_) go_on = full();
        });
        return go_on;
    }

private:
    std::size_t take_row() {
        if (batch_.rows == batch_.to_move.size()) {
            // Grow by whole chunks: resizing every column for each row would be most of the time.
            const std::size_t chunk = std::min<std::size_t>(capacity_ - batch_.rows, 256);
            grow(batch_, chunk);
        }
        return batch_.rows++;
    }

    position_batch& batch_;
    std::size_t capacity_;
};

// Cuts the columns to `rows` (take_row grows them ahead).
void trim(position_batch& b) { grow(b, 0); }

// The board size of a record of the batch's game, or {0, 0} when it has none rows can hold.
std::pair<int, int> board_size_of(const record& r) {
    if (r.get<shogi::jkf>()) return {9, 9};
    if (const auto* g = r.get<go::record>()) return {g->height, g->width};
    if (const auto* o = r.get<othello::record>()) {
        if (o->initial.size == 8 && !o->initial.octagon) return {8, 8};
    }
    return {0, 0};
}

// Appends a game's rows; `full` is called whenever the batch reaches `capacity` rows.
template <typename Full>
bool append_game(position_batch& batch, std::size_t capacity, const record& r, std::int32_t source,
                 std::int32_t game_index, Full&& full) {
    row_writer w(batch, capacity);
    if (const auto* s = r.get<shogi::jkf>()) return w.shogi_game(*s, source, game_index, full);
    if (const auto* g = r.get<go::record>()) return w.go_game(*g, source, game_index, full);
    if (const auto* o = r.get<othello::record>()) return w.othello_game(*o, source, game_index, full);
    return true;
}

}  // namespace

std::string_view to_string(result_kind k) noexcept {
    switch (k) {
        case result_kind::black_win: return "black_win";
        case result_kind::white_win: return "white_win";
        case result_kind::draw: return "draw";
        case result_kind::none: return "none";
    }
    return "none";
}

result_kind result_of(const record& r) {
    if (const auto* s = r.get<shogi::jkf>()) return kind_of_black_result(shogi::result_for(*s, shogi::color::black));
    if (const auto* g = r.get<go::record>()) return kind_of_black_result(go::result_for(*g, go::color::black));
    if (const auto* o = r.get<othello::record>()) {
        const std::optional<double> black = othello::black_result(*o);
        if (!black) return result_kind::none;
        return *black > 0 ? result_kind::black_win : *black < 0 ? result_kind::white_win : result_kind::draw;
    }
    return result_kind::none;
}

bool passes(const position_filter& filter, const record& r) {
    if (filter.min_moves > 0 && main_line_moves(r) < filter.min_moves) return false;
    if (filter.min_rating) {
        const auto [black, white] = ratings_of(r);
        if (!black || !white || *black < *filter.min_rating || *white < *filter.min_rating) return false;
    }
    if (!filter.results.empty()) {
        const result_kind k = result_of(r);
        bool found = false;
        for (const result_kind wanted : filter.results) found = found || wanted == k;
        if (!found) return false;
    }
    if (!filter.date_from.empty() || !filter.date_to.empty() || !filter.players.empty()) {
        search::game_entry entry;
        search::detail::describe(r, 0, entry);
        if (!filter.date_from.empty() &&
            (entry.date.empty() || search::detail::compare_dates(entry.date, filter.date_from) < 0)) {
            return false;
        }
        if (!filter.date_to.empty() &&
            (entry.date.empty() || search::detail::compare_dates(entry.date, filter.date_to) > 0)) {
            return false;
        }
        if (!filter.players.empty()) {
            bool found = false;
            for (const std::string& name : filter.players) {
                found = found || entry.black.find(name) != std::string::npos ||
                        entry.white.find(name) != std::string::npos;
            }
            if (!found) return false;
        }
    }
    return true;
}

void position_batch::clear() noexcept {
    rows = 0;
    planes.clear();
    hands.clear();
    to_move.clear();
    move.clear();
    ply.clear();
    result.clear();
    score.clear();
    eval.clear();
    has_eval.clear();
    source.clear();
    game_index.clear();
}

bool append_positions(position_batch& batch, const record& r, std::int32_t source) {
    if (r.game() != batch.game) return false;
    const auto [height, width] = board_size_of(r);
    if (height == 0) return false;
    if (batch.rows == 0) {
        batch.height = height;
        batch.width = width;
    } else if (batch.height != height || batch.width != width) {
        return false;
    }
    trim(batch);
    append_game(batch, static_cast<std::size_t>(-1), r, source, static_cast<std::int32_t>(r.index), [] { return true; });
    trim(batch);
    return true;
}

// The reader: a thread reads the inputs and fills `filling`; a full batch waits in `ready`
// until next() takes it, so memory holds two batches and the game being read.
struct position_reader::impl {
    std::vector<position_input> inputs;
    std::vector<std::string> names;
    kifu::game game;
    std::size_t batch_size;
    read_options options;
    position_filter filter;

    std::mutex mutex;
    std::condition_variable changed;
    std::optional<position_batch> ready;  // a batch handed over, not yet taken
    bool done = false;                    // the thread has handed over its last batch
    bool stop = false;                    // the reader is being destroyed
    std::atomic<bool> stopping{false};    // the same, read by the thread between games
    std::exception_ptr failure;
    std::vector<diagnostic> diagnostics;
    std::atomic<std::size_t> read{0};
    std::atomic<std::size_t> taken{0};
    std::thread worker;
    bool started = false;

    ~impl() {
        {
            std::lock_guard lock(mutex);
            stop = true;
        }
        stopping = true;
        changed.notify_all();
        if (worker.joinable()) worker.join();
    }

    void report(diagnostic&& d) {
        std::lock_guard lock(mutex);
        diagnostics.push_back(std::move(d));
    }

    void warn(std::string_view file, std::string code, std::string message) {
        diagnostic d;
        d.severity = severity::warning;
        d.code = std::move(code);
        d.message = std::move(message);
        d.file = std::string(file);
        report(std::move(d));
    }

    // Hands a batch over; false when the reader is stopping.
    bool hand_over(position_batch& b) {
        trim(b);
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return !ready || stop; });
        if (stop) return false;
        ready = std::move(b);
        changed.notify_all();
        lock.unlock();
        // The next rows may be of the same game: the board size stays.
        const int height = b.height;
        const int width = b.width;
        b = position_batch{};
        b.game = game;
        b.height = height;
        b.width = width;
        return true;
    }

    // One record of input `s`: checked, filtered, its rows appended. False to stop reading.
    bool take(const record& r, std::size_t s, std::size_t ordinal, position_batch& b) {
        if (stopping) return false;
        read.fetch_add(1, std::memory_order_relaxed);
        const std::size_t number = r.index != 0 ? r.index : ordinal;
        if (r.game() != game) {
            warn(names[s], "positions.wrong-game",
                 fmt::format("game {} is a {} game; the rows are of {} games: it is left out", number,
                             to_string(r.game()), to_string(game)));
            return true;
        }
        const auto [height, width] = board_size_of(r);
        if (height == 0) {
            const auto* o = r.get<othello::record>();
            warn(names[s], "positions.board-size",
                 fmt::format("game {} is played on a {}{}×{} board; othello rows need 8×8 boards: it is left out",
                             number, o && o->initial.octagon ? "octagon " : "", o ? o->initial.size : 0,
                             o ? o->initial.size : 0));
            return true;
        }
        if (!passes(filter, r)) return true;
        taken.fetch_add(1, std::memory_order_relaxed);
        if (b.rows > 0 && (b.height != height || b.width != width)) {
            if (!hand_over(b)) return false;
        }
        b.height = height;
        b.width = width;
        return append_game(b, batch_size, r, static_cast<std::int32_t>(s), static_cast<std::int32_t>(number),
                           [&] { return hand_over(b); });
    }

    void run() {
        try {
            position_batch b;
            b.game = game;
            for (std::size_t s = 0; s < inputs.size(); ++s) {
                bool go_on = true;
                std::size_t ordinal = 0;
                if (inputs[s].bytes) {
                    read_result rr = read_buffer(*inputs[s].bytes, inputs[s].name, options);
                    inputs[s].bytes.reset();  // read: the bytes are no longer needed
                    for (diagnostic& d : rr.diagnostics) report(std::move(d));
                    for (const record& r : rr.records) {
                        if (!(go_on = take(r, s, ++ordinal, b))) break;
                    }
                } else {
                    stream_sink sink;
                    sink.on_record = [&](record&& r) { return go_on = take(r, s, ++ordinal, b); };
                    sink.on_diagnostic = [&](diagnostic&& d) { report(std::move(d)); };
                    read_stream(inputs[s].name, options, sink);
                }
                if (!go_on) return;
            }
            if (b.rows > 0 && !hand_over(b)) return;
        } catch (...) {
            std::lock_guard lock(mutex);
            failure = std::current_exception();
        }
        std::lock_guard lock(mutex);
        done = true;
        changed.notify_all();
    }
};

position_reader::position_reader(std::vector<position_input> inputs, kifu::game game, std::size_t batch_size,
                                 read_options options, position_filter filter)
    : impl_(std::make_unique<impl>()) {
    impl_->inputs = std::move(inputs);
    for (const position_input& in : impl_->inputs) impl_->names.push_back(in.name);
    impl_->game = game;
    impl_->batch_size = batch_size == 0 ? 1 : batch_size;
    impl_->options = std::move(options);
    impl_->filter = std::move(filter);
}

position_reader::position_reader(position_reader&&) noexcept = default;
position_reader& position_reader::operator=(position_reader&&) noexcept = default;
position_reader::~position_reader() = default;

bool position_reader::next(position_batch& batch) {
    if (!impl_) return false;  // moved from
    impl& m = *impl_;
    if (!m.started) {
        m.started = true;
        m.worker = std::thread([&m] { m.run(); });
    }
    std::unique_lock lock(m.mutex);
    m.changed.wait(lock, [&] { return m.ready || m.done; });
    if (m.ready) {
        batch = std::move(*m.ready);
        m.ready.reset();
        m.changed.notify_all();
        return true;
    }
    if (m.failure) {
        std::exception_ptr e = std::exchange(m.failure, nullptr);
        std::rethrow_exception(e);
    }
    batch = position_batch{};
    batch.game = m.game;
    return false;
}

const std::vector<std::string>& position_reader::sources() const noexcept {
    static const std::vector<std::string> none;
    return impl_ ? impl_->names : none;
}

std::vector<diagnostic> position_reader::take_diagnostics() {
    if (!impl_) return {};
    std::lock_guard lock(impl_->mutex);
    return std::exchange(impl_->diagnostics, {});
}

std::size_t position_reader::games_read() const noexcept { return impl_ ? impl_->read.load() : 0; }

std::size_t position_reader::games_taken() const noexcept { return impl_ ? impl_->taken.load() : 0; }

}  // namespace kifu
