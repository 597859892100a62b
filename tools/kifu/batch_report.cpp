#include "batch_report.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include <fmt/core.h>

#include <kifu/go/record.hpp>
#include <kifu/json_writer.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/shogi/jkf.hpp>

namespace kifu::cli {
namespace {

constexpr std::size_t index_of(severity s) noexcept { return static_cast<std::size_t>(s); }

std::size_t total(const std::map<std::string, std::size_t>& counts) {
    std::size_t n = 0;
    for (const auto& [code, count] : counts) n += count;
    return n;
}

// The columns of the terminal stderr shows: the terminal's own width (TIOCGWINSZ), else
// $COLUMNS, else 80.
std::size_t terminal_columns() noexcept {
    winsize size{};
    if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
    if (const char* columns = std::getenv("COLUMNS")) {
        std::size_t n = 0;
        const std::string_view text(columns);
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (ec == std::errc{} && end == text.data() + text.size() && n > 0) return n;
    }
    return 80;
}

// The columns a text takes: one per ASCII character, two per other character (the CJK of
// Japanese and Chinese file names is wide; counting two never makes a line too long).
std::size_t columns_of(std::string_view text) noexcept {
    std::size_t n = 0;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte & 0xc0) != 0x80) n += byte < 0x80 ? 1 : 2;
    }
    return n;
}

// `text` cut to at most `columns`, whole characters: from the left (keeping the end, the file
// name) after "...", or from the right.
std::string fitted(std::string_view text, std::size_t columns, bool keep_end) {
    if (columns_of(text) <= columns) return std::string(text);
    if (keep_end) {
        if (columns < 4) return std::string();
        std::size_t from = 0;
        while (from < text.size() && columns_of(text.substr(from)) > columns - 3) {
            ++from;
            while (from < text.size() && (static_cast<unsigned char>(text[from]) & 0xc0) == 0x80) ++from;
        }
        return "..." + std::string(text.substr(from));
    }
    std::size_t to = text.size();
    while (to > 0 && columns_of(text.substr(0, to)) > columns) {
        --to;
        while (to > 0 && (static_cast<unsigned char>(text[to]) & 0xc0) == 0x80) --to;
    }
    return std::string(text.substr(0, to));
}

std::string plural(std::size_t n, const char* word) {
    return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

// "2 warnings (a.b 1, c.d 1)"
std::string counted(const std::map<std::string, std::size_t>& counts, const char* word) {
    std::string s = plural(total(counts), word);
    std::string list;
    for (const auto& [code, count] : counts) {
        list += fmt::format("{}{} {}", list.empty() ? "" : ", ", code, count);
    }
    return list.empty() ? s : s + " (" + list + ")";
}

}  // namespace

std::size_t main_line_moves(const record& r) {
    if (const auto* s = r.get<shogi::jkf>()) {
        // Entries without a move are the start and specials (投了, 千日手, …).
        return static_cast<std::size_t>(
            std::count_if(s->moves.begin(), s->moves.end(), [](const shogi::move_format& m) { return m.move.has_value(); }));
    }
    if (const auto* g = r.get<go::record>()) return g->lines.empty() || g->lines[0].empty() ? 0 : g->lines[0].size() - 1;
    if (const auto* o = r.get<othello::record>()) return o->moves.size();
    return 0;
}

void batch_summary::add(std::uint64_t bytes, std::size_t games, std::size_t moves,
                        const std::vector<diagnostic>& diagnostics) {
    ++files_;
    bytes_ += bytes;
    games_ += games;
    moves_ += moves;
    for (const diagnostic& d : diagnostics) count(d.severity, d.code);
}

void batch_summary::count(severity s, const std::string& code) { ++by_code_[index_of(s)][code]; }

std::size_t batch_summary::errors() const noexcept { return total(by_code_[index_of(severity::error)]); }

std::string batch_summary::line() const {
    std::string s = fmt::format("kifu: {}, {}, {}; {}; {}", plural(files_, "file"), plural(games_, "game"),
                                plural(moves_, "move"), counted(by_code_[index_of(severity::error)], "error"),
                                counted(by_code_[index_of(severity::warning)], "warning"));
    if (!by_code_[index_of(severity::note)].empty()) {
        s += "; " + counted(by_code_[index_of(severity::note)], "note");
    }
    return s + "\n";
}

std::string batch_summary::table() const {
    std::size_t width = 4;
    for (const auto& counts : by_code_) {
        for (const auto& [code, count] : counts) width = std::max(width, code.size());
    }
    std::string s;
    for (severity sev : {severity::error, severity::warning, severity::note}) {
        for (const auto& [code, count] : by_code_[index_of(sev)]) {
            s += fmt::format("  {:<8} {:<{}} {:>7}\n", to_string(sev), code, width, count);
        }
    }
    return s;
}

std::string batch_summary::json() const {
    std::string out;
    json_writer w(out);
    w.begin_object();
    w.member("files", static_cast<std::uint64_t>(files_));
    w.member("games", static_cast<std::uint64_t>(games_));
    w.member("moves", static_cast<std::uint64_t>(moves_));
    w.member("bytes", bytes_);
    for (severity sev : {severity::error, severity::warning, severity::note}) {
        w.key(sev == severity::error ? "errors" : sev == severity::warning ? "warnings" : "notes");
        w.begin_object();
        for (const auto& [code, count] : by_code_[index_of(sev)]) w.member(code, static_cast<std::uint64_t>(count));
        w.end_object();
    }
    w.end_object();
    return out + "\n";
}

bool stderr_is_terminal() noexcept { return isatty(STDERR_FILENO) != 0; }

progress_bar::progress_bar(bool on, std::size_t total_files, std::uint64_t total_bytes)
    : on_(on), total_files_(total_files), total_bytes_(total_bytes), start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void progress_bar::update(const batch_summary& done, const std::string& name) {
    if (!on_) return;
    const auto now = std::chrono::steady_clock::now();
    const bool last = done.files() >= total_files_;
    if (drawn_ && !last && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    drawn_ = true;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double rate = seconds > 0 ? static_cast<double>(done.bytes()) / seconds : 0.0;
    std::string eta = "ETA -";
    if (rate > 0 && total_bytes_ >= done.bytes()) {
        eta = fmt::format("ETA {:.0f}s", static_cast<double>(total_bytes_ - done.bytes()) / rate);
    }
    // One line narrower than the terminal: a line that wraps is not erased by the next \r and
    // leaves a trail. The file name gives way first (its end is kept), then the counts.
    const std::size_t width = terminal_columns() - 1;
    const std::string counts =
        fmt::format("[{}/{}] {}  {:.1f} MB/s  {}", done.files(), total_files_, plural(done.games(), "game"), rate / 1e6, eta);
    std::string line = counts;
    if (columns_of(counts) + 2 < width) line += "  " + fitted(name, width - columns_of(counts) - 2, true);
    fmt::print(stderr, "\r\x1b[K{}", fitted(line, width, false));
    std::fflush(stderr);
}

void progress_bar::clear() {
    if (on_ && drawn_) {
        fmt::print(stderr, "\r\x1b[K");
        std::fflush(stderr);
        drawn_ = false;
    }
}

}  // namespace kifu::cli
