#include "input_list.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>

#include <kifu/format.hpp>

namespace kifu::cli {
namespace {

namespace fs = std::filesystem;

diagnostic listing_problem(const std::string& file, const std::string& message, severity level = severity::error,
                           const char* code = "io.open") {
    diagnostic d;
    d.severity = level;
    d.code = code;
    d.message = message;
    d.file = file;
    return d;
}

// The files below `dir`, sorted by their path relative to it (byte order, so the order does
// not depend on the file system or the locale).
void walk(const std::string& dir, bool all_files, std::vector<input_item>& out, std::vector<diagnostic>& problems) {
    std::vector<input_item> found;
    std::error_code ec;
    fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
    if (ec) {
        problems.push_back(listing_problem(dir, "cannot list the directory: " + ec.message()));
        return;
    }
    // Every path the walk gives is `dir`, a '/' unless `dir` ends with one, and the path
    // below it: the relative path is that tail (std::filesystem's decomposition of each path
    // cost more than reading a small record).
    const std::size_t below = dir.size() + (dir.ends_with('/') ? 0 : 1);
    for (const fs::recursive_directory_iterator end; it != end; it.increment(ec)) {
        if (ec) {
            problems.push_back(listing_problem(dir, "cannot list the directory: " + ec.message()));
            break;
        }
        std::error_code type_error;
        if (!it->is_regular_file(type_error)) {
            continue;
        }
        const std::string& path = it->path().native();
        const std::string_view name = std::string_view(path).substr(path.rfind('/') + 1);
        if (!all_files && !has_registered_extension(name)) {
            continue;
        }
        input_item item;
        item.arg = path;
        item.relative = path.starts_with(dir) && path.size() > below ? path.substr(below)
                                                                       : it->path().lexically_relative(dir).generic_string();
        found.push_back(std::move(item));
    }
    if (found.empty() && problems.empty()) {
        // A folder that gives nothing is worth a word: the command would otherwise succeed
        // having read nothing (records without a known extension are read only with --all).
        problems.push_back(listing_problem(dir,
                                           all_files ? "the directory holds no file; nothing is read from it"
                                                     : "the directory holds no file with an extension kifu reads (.kif, "
                                                       ".csa, .sgf, .ggf, ...); nothing is read from it (--all reads "
                                                       "every file, detected by content)",
                                           severity::warning, "io.empty-selection"));
    }
    std::sort(found.begin(), found.end(),
              [](const input_item& a, const input_item& b) { return a.relative < b.relative; });
    out.insert(out.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
}

void add_argument(const std::string& arg, bool all_files, std::vector<input_item>& out,
                  std::vector<diagnostic>& problems) {
    std::error_code ec;
    if (arg != "-" && fs::is_directory(arg, ec)) {
        walk(arg, all_files, out, problems);
        return;
    }
    input_item item;
    item.arg = arg;
    item.relative = arg == "-" ? std::string("stdin") : fs::path(arg).filename().string();
    out.push_back(std::move(item));
}

}  // namespace

bool has_registered_extension(std::string_view name) {
    const std::size_t dot = name.rfind('.');
    if (dot == std::string_view::npos || dot == 0) {
        return false;
    }
    std::string ext(name.substr(dot));
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    for (const format_info& f : formats()) {
        if (std::find(f.extensions.begin(), f.extensions.end(), ext) != f.extensions.end()) {
            return true;
        }
    }
    return false;
}

std::vector<input_item> expand_inputs(const input_list_options& options, std::vector<diagnostic>& problems,
                                      std::vector<std::string>* named) {
    std::vector<input_item> out;
    for (const std::string& arg : options.args) {
        add_argument(arg, options.all_files, out, problems);
        if (named) named->push_back(arg);
    }
    if (options.files_from.empty()) {
        return out;
    }
    std::ifstream file;
    std::istream* in = &std::cin;
    if (options.files_from != "-") {
        file.open(options.files_from);
        if (!file) {
            problems.push_back(listing_problem(options.files_from, "cannot open the list of inputs"));
            return out;
        }
        in = &file;
    }
    bool listed = false;
    for (std::string line; std::getline(*in, line);) {
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        if (!line.empty()) {
            add_argument(line, options.all_files, out, problems);
            if (named) named->push_back(line);
            listed = true;
        }
    }
    if (!listed) {
        problems.push_back(listing_problem(options.files_from == "-" ? std::string("<stdin>") : options.files_from,
                                           "the list names no input", severity::warning, "io.empty-selection"));
    }
    return out;
}

}  // namespace kifu::cli
