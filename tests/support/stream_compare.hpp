#pragma once

// A file read whole (read_file) and a game at a time (read_stream), as text to compare: each
// record's number and JKF, then each diagnostic in gcc's form.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <kifu/read.hpp>
#include <kifu/read_stream.hpp>
#include <kifu/record.hpp>

#include "support/diagnostics.hpp"

namespace kifu::test {

/// Writes `content` to a file of that name in a folder of this test process, and returns its path.
inline std::filesystem::path scratch_file(const std::string& name, const std::string& content) {
    const auto dir = std::filesystem::temp_directory_path() / ("kifu-stream-compare-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / name, std::ios::binary | std::ios::trunc) << content;
    return dir / name;
}

struct whole_and_streamed {
    std::vector<std::string> whole;     ///< read_file: "index JKF" per record, then the diagnostics
    std::vector<std::string> streamed;  ///< read_stream: the same
    std::size_t whole_records = 0;
    std::size_t streamed_records = 0;
    bool whole_ok = true;
    bool streamed_ok = true;
};

inline whole_and_streamed read_whole_and_streamed(const std::filesystem::path& path, const read_options& options) {
    whole_and_streamed out;
    const read_result r = read_file(path, options);
    for (const record& rec : r.records) out.whole.push_back(std::to_string(rec.index) + " " + to_jkf(rec));
    for (const std::string& d : gcc_list(r.diagnostics)) out.whole.push_back(d);
    out.whole_records = r.records.size();
    out.whole_ok = r.ok();

    std::vector<diagnostic> diagnostics;
    stream_sink sink;
    sink.on_record = [&](record&& rec) {
        out.streamed.push_back(std::to_string(rec.index) + " " + to_jkf(rec));
        return true;
    };
    sink.on_diagnostic = [&](diagnostic&& d) { diagnostics.push_back(std::move(d)); };
    const stream_summary summary = read_stream(path, options, sink);
    out.streamed_records = out.streamed.size();
    for (const std::string& d : gcc_list(diagnostics)) out.streamed.push_back(d);
    out.streamed_ok = summary.ok;
    return out;
}

/// The index of the first line where two lists differ (the size of the shorter when one is the
/// start of the other), or npos when they are equal.
inline std::size_t first_difference(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (a[i] != b[i]) return i;
    }
    return a.size() == b.size() ? std::string::npos : n;
}

}  // namespace kifu::test
