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

/// The folder tree under `-o DIR` that convert writes into. Nothing is ever written outside it:
/// the folders under the root are walked one by one without following symbolic links (a link
/// inside DIR, to a file or a folder, is an error, never a way out), and every file is written
/// under a temporary name beside its target and renamed onto it only once complete, so a full
/// disk, a failed write or a killed run never leaves a partial file under an output's name.
class output_tree {
public:
    /// `root` is DIR as the user gave it (a symbolic link there is followed: the user named it).
    explicit output_tree(std::string root);

    /// Creates the root and the folders of `relative` (a folder path under the root, "" for the
    /// root itself), refusing a symbolic link or a file in their place. Returns nothing, or the
    /// message `kifu: error: …` (a line).
    std::string make_folders(std::string_view relative) const;

    /// Writes `text` as the file `relative` (a path under the root: "sub/game.jkf"): a new file,
    /// or over an existing one when `overwrite` (a symbolic link there is replaced, never
    /// followed). Returns nothing, or the message `kifu: error: cannot write PATH: …` (a line)
    /// for the caller to print in input order.
    std::string write_file(std::string_view relative, std::string_view text, bool overwrite) const;

    /// Returns the path of `relative`: DIR/relative.
    std::string path(std::string_view relative) const;

    /// Returns path() as messages show it (through kifu::printable).
    std::string display(std::string_view relative) const;

private:
    /// Opens the folder `relative` under the root (creating what is missing when `create`),
    /// link by link without following symbolic links. Returns the descriptor, or -1 with
    /// `error` set to the message.
    int open_folder(std::string_view relative, bool create, std::string& error) const;

    std::string root_;
};

/// Ends the process as a closed pipe ends a program that writes to it: quietly, killed by
/// SIGPIPE (status 141 in a shell), as `kifu convert … | head -1` expects. kifu ignores SIGPIPE
/// so that every other write error is reported; a closed stdout comes here.
[[noreturn]] void end_as_closed_pipe() noexcept;

/// Writes `text` to stdout at once and checks it: ends as a closed pipe on EPIPE; false after
/// `kifu: error: cannot write the output: …` on any other failure.
bool write_stdout(std::string_view text);

/// Writes all of `text` to the file descriptor; returns 0 or the errno of the failure.
int write_all(int fd, std::string_view text) noexcept;

}  // namespace kifu::cli
