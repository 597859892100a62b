#pragma once

// Where the commands' outputs go: stdout through one large buffer (few system calls), and
// whole files. Every write is checked: a lost output is an error, never a silent exit 0.

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace kifu::cli {

/// Standard output through a large buffer written with write(2). Remembers the first
/// failure (a full disk, a closed pipe); later writes are dropped.
class stdout_sink {
public:
    stdout_sink();
    stdout_sink(const stdout_sink&) = delete;
    stdout_sink& operator=(const stdout_sink&) = delete;
    ~stdout_sink();

    /// Appends `text`, writing the buffer out when it is full.
    void write(std::string_view text);
    /// Writes out everything buffered. Returns false (and prints `kifu: error: cannot write
    /// the output: …` on stderr, once) when any write failed.
    bool finish();
    /// Returns true once a write failed (the rest of a batch need not be converted).
    bool failed() const noexcept { return error_ != 0; }

private:
    void flush();
    std::string buffer_;
    int error_ = 0;  ///< errno of the first failed write
    bool reported_ = false;
};

/// Writes `text` to a new file `path` (an existing one is an error), or over an existing one
/// when `overwrite`, checking every write and the close. Returns nothing, or the message
/// `kifu: error: cannot write PATH: …` (a line) when it fails, for the caller to print in
/// input order.
std::string write_whole_file(const std::string& path, std::string_view text, bool overwrite);

/// Writes all of `text` to the file descriptor; returns 0 or the errno of the failure.
int write_all(int fd, std::string_view text) noexcept;

}  // namespace kifu::cli
