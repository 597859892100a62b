#include "output.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

#include <fmt/core.h>

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
    if (error_ != 0 && !reported_) {
        reported_ = true;
        fmt::print(stderr, "kifu: error: cannot write the output: {}\n", std::strerror(error_));
    }
    return error_ == 0;
}

std::string write_whole_file(const std::string& path, std::string_view text, bool overwrite) {
    // O_EXCL: the check that no output exists (before anything is written) holds to the end.
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | (overwrite ? O_TRUNC : O_EXCL), 0666);
    int error = fd < 0 ? errno : write_all(fd, text);
    if (fd >= 0 && ::close(fd) != 0 && error == 0) {
        error = errno;
    }
    if (error != 0) {
        return fmt::format("kifu: error: cannot write {}: {}\n", path, std::strerror(error));
    }
    return {};
}

}  // namespace kifu::cli
