#include "output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include <fmt/core.h>

#include <kifu/diagnostic.hpp>

namespace kifu::cli {
namespace {

// Large enough that converting a collection makes few system calls, small enough to stay in
// cache-friendly reach.
constexpr std::size_t stdout_buffer_size = std::size_t{1} << 20;

}  // namespace

int write_all(int fd, std::string_view text) noexcept {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return 0;
}

void end_as_closed_pipe() noexcept {
    std::fflush(stderr);
    // A progress bar drawn on a terminal goes with the program (at the start of a line this
    // erases nothing).
    if (::isatty(STDERR_FILENO) != 0) (void)write_all(STDERR_FILENO, "\r\x1b[K");
    std::signal(SIGPIPE, SIG_DFL);
    std::raise(SIGPIPE);
    std::_Exit(128 + SIGPIPE);  // SIGPIPE blocked by the caller's caller: the status it would give
}

bool write_stdout(std::string_view text) {
    stdout_sink out;
    out.write(text);
    return out.finish();
}

stdout_sink::stdout_sink() {
    // A closed pipe (`kifu convert … | head`) is a write error (EPIPE), not a silent death.
    std::signal(SIGPIPE, SIG_IGN);
    buffer_.reserve(stdout_buffer_size);
}

stdout_sink::~stdout_sink() { flush(); }

void stdout_sink::write(std::string_view text) {
    if (error_ != 0) return;
    if (buffer_.size() + text.size() > stdout_buffer_size) {
        flush();
        if (text.size() >= stdout_buffer_size) {
            error_ = write_all(STDOUT_FILENO, text);
            return;
        }
    }
    buffer_.append(text);
}

void stdout_sink::flush() {
    if (error_ == 0 && !buffer_.empty()) {
        error_ = write_all(STDOUT_FILENO, buffer_);
    }
    buffer_.clear();
}

bool stdout_sink::finish() {
    flush();
    // Output already handed to stdio (fmt::print) goes out now too.
    if (std::fflush(stdout) != 0 && error_ == 0) {
        error_ = errno;
    }
    if (error_ == EPIPE) end_as_closed_pipe();  // the reader has gone: nothing to report
    if (error_ != 0 && !reported_) {
        reported_ = true;
        fmt::print(stderr, "kifu: error: cannot write the output: {}\n", std::strerror(error_));
    }
    return error_ == 0;
}

output_tree::output_tree(std::string root) : root_(std::move(root)) {}

std::string output_tree::display(std::string_view relative) const { return printable(path(relative)); }

std::string output_tree::path(std::string_view relative) const {
    if (relative.empty()) return root_;
    std::string path = root_;
    if (!path.empty() && !path.ends_with('/')) path += '/';
    path += relative;
    return path;
}

int output_tree::open_folder(std::string_view relative, bool create, std::string& error) const {
    if (create) {
        std::error_code ec;
        std::filesystem::create_directories(root_, ec);  // the user's own path: links followed
        if (ec) {
            error = fmt::format("kifu: error: cannot create {}: {}\n", display({}), ec.message());
            return -1;
        }
    }
    int fd = ::open(root_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        error = fmt::format("kifu: error: cannot open {}: {}\n", display({}), std::strerror(errno));
        return -1;
    }
    std::size_t done = 0;  // the part of `relative` walked
    while (done < relative.size()) {
        std::size_t slash = relative.find('/', done);
        if (slash == std::string_view::npos) slash = relative.size();
        const std::string part(relative.substr(done, slash - done));
        done = slash + 1;
        if (part.empty() || part == ".") continue;
        int next = -1;
        if (part == "..") {
            errno = EPERM;  // input_item's relative paths never climb; refuse if one does
        } else {
            next = ::openat(fd, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (next < 0 && errno == ENOENT && create) {
                if (::mkdirat(fd, part.c_str(), 0777) == 0 || errno == EEXIST) {
                    next = ::openat(fd, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                }
            }
        }
        const int failure = errno;
        ::close(fd);
        if (next < 0) {
            const std::string where = display(relative.substr(0, std::min(slash, relative.size())));
            // O_NOFOLLOW on a link gives ELOOP; O_DIRECTORY on a file or on a link (Linux) ENOTDIR.
            error = failure == ELOOP || failure == ENOTDIR
                        ? fmt::format("kifu: error: {} is a symbolic link or not a folder: kifu writes only inside {}\n",
                                      where, display({}))
                        : fmt::format("kifu: error: cannot create {}: {}\n", where, std::strerror(failure));
            return -1;
        }
        fd = next;
    }
    return fd;
}

std::string output_tree::make_folders(std::string_view relative) const {
    std::string error;
    const int fd = open_folder(relative, true, error);
    if (fd >= 0) ::close(fd);
    return error;
}

std::string output_tree::write_file(std::string_view relative, std::string_view text, bool overwrite) const {
    const std::size_t slash = relative.rfind('/');
    const std::string_view folder = slash == std::string_view::npos ? std::string_view{} : relative.substr(0, slash);
    const std::string name(slash == std::string_view::npos ? relative : relative.substr(slash + 1));
    std::string error;
    const int dir = open_folder(folder, false, error);
    if (dir < 0) return error;
    const auto fail = [&](int code) {
        return fmt::format("kifu: error: cannot write {}: {}\n", display(relative), std::strerror(code));
    };
    // The temporary file: hidden, beside the target (a rename never crosses file systems),
    // created exclusively (O_EXCL also refuses a link planted under its name).
    static std::atomic<unsigned> serial{0};
    std::string temporary;
    int fd = -1;
    for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
        temporary = fmt::format(".{}.kifu-{}-{}.tmp", name, ::getpid(), serial++);
        fd = ::openat(dir, temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        const std::string message = fail(errno);
        ::close(dir);
        return message;
    }
    int code = write_all(fd, text);
    if (::close(fd) != 0 && code == 0) code = errno;
    if (code == 0) {
        // renameat2(RENAME_NOREPLACE) keeps the no-overwrite promise up to the last moment; a
        // file system without it gets link(2), which fails on an existing name too.
        if (overwrite) {
            if (::renameat(dir, temporary.c_str(), dir, name.c_str()) != 0) code = errno;
        } else if (::renameat2(dir, temporary.c_str(), dir, name.c_str(), RENAME_NOREPLACE) != 0) {
            code = errno;
            if (code == EINVAL || code == ENOSYS) {
                code = ::linkat(dir, temporary.c_str(), dir, name.c_str(), 0) == 0 ? 0 : errno;
                ::unlinkat(dir, temporary.c_str(), 0);
            }
        }
    }
    if (code != 0) {
        ::unlinkat(dir, temporary.c_str(), 0);  // a failed write leaves nothing behind
    }
    ::close(dir);
    return code == 0 ? std::string{} : fail(code);
}

}  // namespace kifu::cli
