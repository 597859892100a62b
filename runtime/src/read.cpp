// The library's entry points: a file or a buffer in, records and diagnostics out.

#include <kifu/read.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>
#include <system_error>
#include <utility>

#include <kifu/format.hpp>
#include <kifu/text.hpp>

#include "core/decode.hpp"
#include "core/json_reader.hpp"
#include "format_entry.hpp"
#include "game_texts.hpp"
#include "read_internal.hpp"

namespace kifu::inline v1 {
namespace {

// Nothing kifu reads comes near this; a larger input is a mistake (or an attack).
constexpr std::uintmax_t max_input_bytes = std::uintmax_t{1} << 30;

diagnostic file_problem(std::string code, std::string message, std::string file) {
    diagnostic d;
    d.severity = severity::error;
    d.code = std::move(code);
    d.message = std::move(message);
    d.file = std::move(file);
    return d;
}

diagnostic too_large(const std::string& file) {
    return file_problem("io.too-large", "the input is larger than 1 GiB", file);
}

// Closes a file descriptor on every way out.
struct fd_closer {
    int fd;
    ~fd_closer() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

bool load_file(const std::filesystem::path& path, std::string& bytes, std::vector<diagnostic>& diagnostics) {
    const std::string name = path.string();
    // open, fstat, read into the string: no stat by name, no stdio buffer to copy out of.
    const fd_closer file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
    if (file.fd < 0) {
        diagnostics.push_back(
            file_problem("io.open", std::string("cannot open the file: ") + std::strerror(errno), name));
        return false;
    }
    struct stat status {};
    const bool regular = ::fstat(file.fd, &status) == 0 && S_ISREG(status.st_mode);
    if (regular && static_cast<std::uintmax_t>(status.st_size) > max_input_bytes) {
        diagnostics.push_back(too_large(name));
        return false;
    }
    // The size may be unknown (a pipe) or change while reading: the bound is kept by the loop.
    // A regular file is asked for one byte more than its size, so that a read that returns
    // less is its end (no second read for the 0 of the end).
    bytes.clear();
    std::size_t chunk = regular ? static_cast<std::size_t>(status.st_size) + 1 : std::size_t{64} * 1024;
    // Room after the text for the JSON reader, which then reads the bytes in place.
    if (regular) bytes.reserve(chunk + detail::input_padding);
    for (;;) {
        const std::size_t old = bytes.size();
        bytes.resize(old + chunk);
        const ssize_t n = ::read(file.fd, bytes.data() + old, chunk);
        if (n < 0) {
            bytes.resize(old);
            if (errno == EINTR) continue;
            diagnostics.push_back(
                file_problem("io.open", std::string("cannot read the file: ") + std::strerror(errno), name));
            return false;
        }
        bytes.resize(old + static_cast<std::size_t>(n));
        if (bytes.size() > max_input_bytes) {
            diagnostics.push_back(too_large(name));
            return false;
        }
        if (n == 0 || (regular && static_cast<std::size_t>(n) < chunk)) {
            break;
        }
        chunk = std::size_t{64} * 1024;
    }
    return true;
}

namespace detail {

// A text reader reports in two passes — the parser while it reads, then the normalizer game by
// game — so its diagnostics come out of order: a warning on line 9 before an illegal move on
// line 4. Put them in the order of the text. A diagnostic without a line (about a whole game
// or the whole input) keeps its place after the one reported before it.
void put_in_text_order(std::vector<diagnostic>& diagnostics) {
    using place = std::pair<std::uint32_t, std::uint32_t>;
    const auto place_of = [](const diagnostic& d, place before) {
        return d.line == 0 ? before : place{d.line, d.column};
    };
    place last{0, 0};
    bool in_order = true;
    for (const diagnostic& d : diagnostics) {
        const place here = place_of(d, last);
        in_order = in_order && !(here < last);
        last = here;
    }
    if (in_order) {
        return;
    }
    std::vector<std::pair<place, diagnostic>> keyed;
    keyed.reserve(diagnostics.size());
    last = {0, 0};
    for (diagnostic& d : diagnostics) {
        last = place_of(d, last);
        keyed.emplace_back(last, std::move(d));
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    diagnostics.clear();
    for (auto& entry : keyed) {
        diagnostics.push_back(std::move(entry.second));
    }
}

void promote_warnings(std::vector<diagnostic>& diagnostics, const read_options& options) {
    if (!options.warnings_are_errors) return;
    for (diagnostic& d : diagnostics) {
        if (d.severity == severity::warning) d.severity = severity::error;
    }
}

bool is_blank_input(std::string_view bytes) noexcept {
    if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
    return bytes.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

diagnostic empty_input(std::string_view bytes, std::string file) {
    return file_problem("read.empty", bytes.empty() ? "the input is empty" : "the input holds only white space",
                        std::move(file));
}

}  // namespace detail

namespace {

// A copy of a caller's buffer with room after it for the JSON reader (detail::input_padding).
std::string padded_copy(std::string_view bytes) {
    std::string copy;
    copy.reserve(bytes.size() + detail::input_padding);
    copy.assign(bytes);
    return copy;
}

// `owned`, when given, holds `bytes` and may give them up to the decoded text.
read_result read_bytes(std::string_view bytes, std::string* owned, std::string_view name,
                       const std::filesystem::path& path, const read_options& options) {
    read_result result;
    result.bytes = bytes.size();
    // Nothing to read is never a game: every format says so the same way.
    if (detail::is_blank_input(bytes)) {
        result.diagnostics.push_back(detail::empty_input(bytes, std::string(name)));
        if (!options.format.empty()) result.format = options.format;
        return result;
    }
    detection found;
    bool checked_utf8 = false;  // detection found the whole input valid UTF-8
    if (options.format.empty()) {
        found = detail::detect(bytes, name, checked_utf8);
        if (found.format == nullptr) {
            result.diagnostics.push_back(file_problem(
                "read.undetected-format", "cannot tell the format of the input (give it with a format option)",
                std::string(name)));
            return result;
        }
    } else if (const format_info* format = find_format(options.format)) {
        found = detail::detect(bytes, *format, checked_utf8);
    } else {
        result.diagnostics.push_back(file_problem(
            "read.unknown-format", "unknown format '" + options.format + "'", std::string(name)));
        return result;
    }

    const format_info& format = *found.format;
    const format_entry& entry = *entry_of(format);
    result.format = std::string(format.name);
    if (format.binary) {
        entry.read_binary(bytes, path, options, result, 0);
        if (path.empty()) {
            // A binary reader knows only the path; a buffer goes by the caller's name ("<stdin>").
            for (diagnostic& d : result.diagnostics) {
                if (d.file == "<buffer>") d.file = std::string(name);
            }
        }
    } else {
        const bool wide = found.encoding.starts_with("UTF-16") || found.encoding.starts_with("UTF-32");
        if (detail::game_cutter::cuts(format.name) && !wide) {
            // Each game in its own encoding, as read_stream reads it (game_texts.hpp).
            detail::game_decoding state;
            const detail::games_text games = detail::decode_games(std::string(name), bytes, owned, entry, options,
                                                                  found.encoding, true, state, result.diagnostics);
            result.encoding = games.encoding;
            if (!detail::is_blank_input(games.text.text())) entry.read_text(games.text, options, result);
            detail::put_in_text_order(result.diagnostics);
            if (options.mode == read_mode::strict) detail::drop_after_first_error(result.diagnostics, games.part_lines);
        } else {
            decode_options decoding;
            // Decode from exactly the encoding detection named, so the reported encoding is the one used.
            decoding.forced = options.encoding.empty() ? found.encoding : options.encoding;
            const bool checked = options.encoding.empty() && checked_utf8;
            const source_text text = detail::decode_owned(std::string(name), owned ? std::move(*owned) : padded_copy(bytes),
                                                          decoding, result.diagnostics, checked);
            result.encoding = text.encoding();
            entry.read_text(text, options, result);
            detail::put_in_text_order(result.diagnostics);
        }
    }
    detail::promote_warnings(result.diagnostics, options);
    // A reader that skips a broken game numbers the others by their place in the file;
    // records it left unnumbered are numbered in order.
    for (std::size_t i = 0; i < result.records.size(); ++i) {
        if (result.records[i].index == 0) {
            result.records[i].index = i + 1;
        }
    }
    // A reader of files of many games marks the games its errors are in; the error of a format
    // of one game is that game's.
    if (!format.many_games && result.records.size() == 1 && !result.ok()) {
        result.records.front().has_error = true;
    }
    return result;
}

}  // namespace

read_result read_file(const std::filesystem::path& path, const read_options& options) {
    std::string bytes;
    std::vector<diagnostic> problems;
    if (!load_file(path, bytes, problems)) {
        read_result result;
        result.diagnostics = std::move(problems);
        return result;
    }
    return read_bytes(bytes, &bytes, path.string(), path, options);
}

read_result read_buffer(std::string_view bytes, std::string_view name, const read_options& options) {
    return read_bytes(bytes, nullptr, name, {}, options);
}

}  // namespace kifu
