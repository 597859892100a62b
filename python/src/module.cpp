// kifu._kifu: the C++ half of the Python package kifu. It binds the public API of the shared
// library (<kifu/kifu.hpp>) and nothing else; python/kifu/__init__.py gives it its Pythonic
// signatures, argument checks and exceptions. Reading, writing and indexing run with the GIL
// released; Python objects are made only once the work is done.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <kifu/kifu.hpp>

#include "jkf_objects.hpp"
#include "positions_binding.hpp"

namespace py = pybind11;

namespace kifu::python {

// A record and the name of the input it came from.
struct py_record {
    kifu::record record;
    std::string source;
};

py::dict headers_of(const kifu::record& r) {
    py::dict d;
    auto put = [&](const std::vector<std::pair<std::string, std::string>>& header) {
        for (const auto& [k, v] : header) d[str_of(k)] = str_of(v);
    };
    if (const auto* s = r.get<shogi::jkf>()) {
        put(s->header);
    } else if (const auto* g = r.get<go::record>()) {
        put(g->header);
    } else if (const auto* o = r.get<othello::record>()) {
        put(o->header);
    }
    return d;
}

// The options of a read as the Python layer passes them.
read_options make_read_options(const std::string& format, const std::string& encoding, const std::string& mode,
                               bool normalize, const std::string& wthor_names, const std::string& wthor_players,
                               const std::string& wthor_tournaments) {
    read_options o;
    o.format = format;
    o.encoding = encoding;
    if (mode == "lenient") {
        o.mode = read_mode::lenient;
    } else if (mode == "strict") {
        o.mode = read_mode::strict;
        o.warnings_are_errors = true;
    } else if (mode == "default") {
        o.mode = read_mode::strict;
    } else {
        throw py::value_error("mode must be \"default\", \"lenient\" or \"strict\", not \"" + mode + "\"");
    }
    if (!format.empty() && find_format(format) == nullptr) {
        std::string names;
        for (const format_info& f : formats()) {
            if (!names.empty()) names += ", ";
            names += f.name;
        }
        throw py::value_error("unknown format \"" + format + "\" (kifu reads " + names + ")");
    }
    o.normalize = normalize;
    o.wthor_names_dir = wthor_names;
    o.wthor_players = wthor_players;
    o.wthor_tournaments = wthor_tournaments;
    return o;
}

// A read_result whose records are handed to Python one object each.
struct py_read_result {
    std::vector<py_record> records;
    std::vector<diagnostic> diagnostics;
    std::string format;
    std::string encoding;
    std::uint64_t bytes = 0;
    std::string source;
};

py_read_result wrap(read_result&& r, const std::string& source) {
    py_read_result out;
    out.records.reserve(r.records.size());
    for (record& rec : r.records) out.records.push_back({std::move(rec), source});
    out.diagnostics = std::move(r.diagnostics);
    out.format = std::move(r.format);
    out.encoding = std::move(r.encoding);
    out.bytes = r.bytes;
    out.source = source;
    return out;
}

// Reads many files on `jobs` threads and hands the results over in input order, at most
// `window` of them read ahead of the consumer (memory stays flat however many files there are).
class ordered_reader {
public:
    ordered_reader(std::vector<std::string> paths, read_options options, unsigned jobs)
        : paths_(std::move(paths)), options_(std::move(options)) {
        jobs = std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(std::max<std::size_t>(1, paths_.size()))));
        window_ = std::max<std::size_t>(4, 4 * static_cast<std::size_t>(jobs));
        slots_.resize(paths_.size());
        for (unsigned i = 0; i < jobs; ++i) workers_.emplace_back([this] { work(); });
    }
    ordered_reader(const ordered_reader&) = delete;
    ordered_reader& operator=(const ordered_reader&) = delete;
    ~ordered_reader() { stop(); }

    // Returns the next result in input order, or nothing at the end. Called without the GIL.
    std::optional<py_read_result> next() {
        std::unique_lock lock(mutex_);
        if (next_out_ == paths_.size()) return std::nullopt;
        ready_.wait(lock, [&] { return slots_[next_out_].has_value(); });
        py_read_result r = std::move(*slots_[next_out_]);
        slots_[next_out_].reset();
        ++next_out_;
        space_.notify_all();
        return r;
    }

    void stop() {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        space_.notify_all();
        for (std::thread& t : workers_) {
            if (t.joinable()) t.join();
        }
        workers_.clear();
    }

private:
    void work() {
        for (;;) {
            std::size_t i = 0;
            {
                std::unique_lock lock(mutex_);
                space_.wait(lock, [&] { return stopping_ || next_in_ >= paths_.size() || next_in_ < next_out_ + window_; });
                if (stopping_ || next_in_ >= paths_.size()) return;
                i = next_in_++;
            }
            py_read_result r = wrap(read_file(paths_[i], options_), paths_[i]);
            {
                std::lock_guard lock(mutex_);
                slots_[i] = std::move(r);
            }
            ready_.notify_all();
        }
    }

    std::vector<std::string> paths_;
    read_options options_;
    std::size_t window_ = 4;
    std::vector<std::optional<py_read_result>> slots_;
    std::size_t next_in_ = 0;
    std::size_t next_out_ = 0;
    bool stopping_ = false;
    std::mutex mutex_;
    std::condition_variable ready_;
    std::condition_variable space_;
    std::vector<std::thread> workers_;
};

// The records of a Python sequence of Record objects.
std::vector<record> records_of(const std::vector<const py_record*>& items) {
    std::vector<record> out;
    out.reserve(items.size());
    for (const py_record* r : items) out.push_back(r->record);
    return out;
}

py::dict diagnostic_dict(const diagnostic& d) {
    py::dict o;
    o["severity"] = std::string(to_string(d.severity));
    o["code"] = d.code;
    o["message"] = str_of(d.message);
    o["file"] = str_of(d.file);
    o["line"] = d.line;
    o["column"] = d.column;
    o["ply"] = d.ply < 0 ? py::object(py::none()) : py::object(py::int_(d.ply));
    return o;
}

std::int64_t mtime_of(const std::filesystem::path& p) {
    std::error_code ec;
    const auto t = std::filesystem::last_write_time(p, ec);
    return ec ? 0 : static_cast<std::int64_t>(t.time_since_epoch().count());
}

py::dict query_dict(const search::query_result& r) {
    py::list games;
    for (const search::game_hit& h : r.games) {
        const search::game_entry& g = h.game;
        py::dict o;
        o["source"] = str_of(g.source);
        o["index"] = g.index;
        o["ply"] = h.ply;
        o["format"] = g.format;
        o["game"] = std::string(to_string(g.game));
        o["black"] = str_of(g.black);
        o["white"] = str_of(g.white);
        o["date"] = str_of(g.date);
        o["event"] = str_of(g.event);
        o["result"] = g.result.empty() ? py::object(py::none()) : py::object(py::str(g.result));
        o["moves"] = g.moves;
        o["next"] = h.next.empty() ? py::object(py::none()) : py::object(py::str(h.next));
        games.append(std::move(o));
    }
    py::list next;
    for (const search::next_move& m : r.next) {
        py::dict o;
        o["move"] = m.move;
        o["games"] = m.games;
        o["wins"] = m.wins;
        o["draws"] = m.draws;
        o["losses"] = m.losses;
        next.append(std::move(o));
    }
    py::dict out;
    out["games"] = std::move(games);
    out["total"] = r.total_games;
    out["next"] = std::move(next);
    return out;
}

// The position index with the GIL released around its SQLite work. A database is used by one
// thread at a time: Python threads sharing an Index take turns (the lock is taken without
// the GIL, so a thread waiting for it never blocks the others).
class py_index {
public:
    py_index(const std::string& path, const std::string& mode) {
        search::open_mode m = search::open_mode::create;
        if (mode == "r") {
            m = search::open_mode::read_only;
        } else if (mode == "c") {
            m = search::open_mode::create;
        } else if (mode == "n") {
            m = search::open_mode::rebuild;
        } else {
            throw py::value_error("mode must be \"r\" (read only), \"c\" (create or open) or \"n\" (new, empty), not \"" + mode + "\"");
        }
        py::gil_scoped_release release;
        db_.emplace(search::database::open(path, m));
    }

    search::database& db() {
        if (!db_) throw py::value_error("the index is closed");
        return *db_;
    }

    // Reads the files on `jobs` threads and adds them in input order. Returns the totals.
    py::dict add(const std::vector<std::string>& paths, unsigned jobs, const read_options& options, bool force) {
        search::database& d = db();
        std::size_t added = 0, duplicate = 0, positions = 0, left_out = 0, skipped = 0, sources = 0;
        std::vector<diagnostic> diagnostics;
        {
            py::gil_scoped_release release;
            const std::lock_guard lock(mutex_);
            std::vector<std::string> todo;
            std::vector<std::pair<std::uint64_t, std::int64_t>> stamps;
            for (const std::string& p : paths) {
                std::error_code ec;
                const std::uint64_t size = std::filesystem::file_size(p, ec);
                const std::int64_t mtime = mtime_of(p);
                if (!ec && !force && d.is_current(p, size, mtime)) {
                    ++skipped;
                    continue;
                }
                todo.push_back(p);
                stamps.emplace_back(ec ? 0 : size, mtime);
            }
            ordered_reader reader(todo, options, jobs);
            for (std::size_t i = 0; i < todo.size(); ++i) {
                std::optional<py_read_result> r = reader.next();
                read_result rr;
                for (py_record& pr : r->records) rr.records.push_back(std::move(pr.record));
                rr.diagnostics = r->diagnostics;
                rr.format = r->format;
                const bool readable = !rr.records.empty() || rr.ok();
                diagnostics.insert(diagnostics.end(), r->diagnostics.begin(), r->diagnostics.end());
                if (!readable) continue;
                // A source read with errors is stored with a time no file has: never current.
                const std::int64_t mtime = rr.ok() ? stamps[i].second : INT64_MIN;
                const search::add_stats s = d.add_source(todo[i], rr, stamps[i].first, mtime);
                added += s.games_added;
                duplicate += s.games_duplicate;
                positions += s.positions;
                left_out += s.games_left_out;
                ++sources;
            }
            d.finish();
        }
        py::dict out;
        out["sources"] = sources;
        out["skipped"] = skipped;
        out["games_added"] = added;
        out["games_duplicate"] = duplicate;
        out["positions"] = positions;
        out["games_left_out"] = left_out;
        py::list diags;
        for (const diagnostic& dg : diagnostics) diags.append(py::cast(dg));
        out["diagnostics"] = std::move(diags);
        return out;
    }

    py::dict find(const search::position_key& key, std::size_t limit, const std::string& players,
                  const std::string& from, const std::string& to) {
        search::database& d = db();
        search::query_options q;
        q.limit = limit;
        q.players = players;
        q.from = from;
        q.to = to;
        search::query_result r;
        {
            py::gil_scoped_release release;
            const std::lock_guard lock(mutex_);
            r = d.find(key, q);
        }
        return query_dict(r);
    }

    void close() {
        py::gil_scoped_release release;
        const std::lock_guard lock(mutex_);
        db_.reset();
    }

    // Runs `f` on the database with the GIL released and the lock held.
    template <typename F>
    auto locked(F f) {
        search::database& d = db();
        py::gil_scoped_release release;
        const std::lock_guard lock(mutex_);
        return f(d);
    }

private:
    std::optional<search::database> db_;
    std::mutex mutex_;
};

}  // namespace kifu::python

using namespace kifu;
using namespace kifu::python;

PYBIND11_MODULE(_kifu, m) {
    m.doc() = "The C++ half of kifu: bindings of the public API of libkifu (use the package kifu).";
    m.attr("__version__") = std::to_string(KIFU_VERSION_MAJOR) + "." + std::to_string(KIFU_VERSION_MINOR) + "." +
                            std::to_string(KIFU_VERSION_PATCH);

    static py::exception<search::error> index_error(m, "IndexError_", PyExc_RuntimeError);

    py::class_<diagnostic>(m, "Diagnostic", "One problem found in an input: where it is, how bad, and a stable code.")
        .def(py::init([](const std::string& severity, std::string code, std::string message, std::string file,
                         std::uint32_t line, std::uint32_t column, std::int32_t ply) {
                 diagnostic d;
                 if (severity == "error") {
                     d.severity = kifu::severity::error;
                 } else if (severity == "warning") {
                     d.severity = kifu::severity::warning;
                 } else if (severity == "note") {
                     d.severity = kifu::severity::note;
                 } else {
                     throw py::value_error("severity must be \"error\", \"warning\" or \"note\"");
                 }
                 d.code = std::move(code);
                 d.message = std::move(message);
                 d.file = std::move(file);
                 d.line = line;
                 d.column = column;
                 d.ply = ply;
                 return d;
             }),
             py::arg("severity"), py::arg("code"), py::arg("message"), py::arg("file") = "", py::arg("line") = 0,
             py::arg("column") = 0, py::arg("ply") = -1)
        .def_property_readonly("severity", [](const diagnostic& d) { return std::string(to_string(d.severity)); },
                               "\"error\", \"warning\" or \"note\"")
        .def_property_readonly("code", [](const diagnostic& d) { return d.code; }, "stable dotted code, e.g. \"csa.syntax\"")
        .def_property_readonly("message", [](const diagnostic& d) { return str_of(d.message); }, "one sentence")
        .def_property_readonly("file", [](const diagnostic& d) { return str_of(d.file); }, "the input's name")
        .def_property_readonly("line", [](const diagnostic& d) { return d.line; }, "1-based line, 0 when unknown")
        .def_property_readonly("column", [](const diagnostic& d) { return d.column; },
                               "1-based column in code points, 0 when unknown")
        .def_property_readonly(
            "ply", [](const diagnostic& d) { return d.ply < 0 ? py::object(py::none()) : py::object(py::int_(d.ply)); },
            "the move number the problem belongs to, or None")
        .def("to_dict", &diagnostic_dict, "Returns the diagnostic as the dict `kifu lint --json` prints.")
        .def("__str__", [](const diagnostic& d) { return str_of(format_gcc(d)); })
        .def("__repr__", [](const diagnostic& d) { return "<kifu.Diagnostic " + format_gcc(d) + ">"; })
        .def("__eq__", [](const diagnostic& a, const diagnostic& b) { return format_json(a) == format_json(b); })
        .def(py::pickle(
            [](const diagnostic& d) {
                return py::make_tuple(std::string(to_string(d.severity)), d.code, d.message, d.file, d.line, d.column, d.ply);
            },
            [](const py::tuple& t) {
                diagnostic d;
                const std::string s = t[0].cast<std::string>();
                d.severity = s == "error" ? kifu::severity::error : s == "warning" ? kifu::severity::warning : kifu::severity::note;
                d.code = t[1].cast<std::string>();
                d.message = t[2].cast<std::string>();
                d.file = t[3].cast<std::string>();
                d.line = t[4].cast<std::uint32_t>();
                d.column = t[5].cast<std::uint32_t>();
                d.ply = t[6].cast<std::int32_t>();
                return d;
            }));

    py::class_<py_record>(m, "Record", "One game read from an input (shogi, go or othello).")
        .def_property_readonly("game", [](const py_record& r) { return std::string(to_string(r.record.game())); },
                               "\"shogi\", \"go\" or \"othello\"")
        .def_property_readonly("index", [](const py_record& r) { return r.record.index; },
                               "1-based number of the game in its input")
        .def_property_readonly("has_error", [](const py_record& r) { return r.record.has_error; },
                               "True when the reader reported an error in this game (a lenient read keeps it)")
        .def_property_readonly("source", [](const py_record& r) { return str_of(r.source); }, "the input's name")
        .def_property_readonly("headers", [](const py_record& r) { return headers_of(r.record); },
                               "the header in file order (JKF header, SGF root properties, GGF tags)")
        .def("to_jkf", [](const py_record& r) { return jkf_object(r.record); },
             "Returns the normalized JKF (go and othello in its shape) as a dict.")
        .def(
            "to_json",
            [](const py_record& r, bool pretty) {
                std::string s;
                {
                    py::gil_scoped_release release;
                    s = to_jkf(r.record, jkf_options{pretty});
                }
                return str_of(s);
            },
            py::arg("pretty") = false, "Returns the normalized JKF as JSON text (one line unless pretty).")
        .def(py::pickle(
            // A record travels to another process as a text of its game's lossless writer
            // (JKF for shogi, SGF for go, GGF for othello), read back there.
            [](const py_record& r) {
                const char* writer = r.record.game() == kifu::game::shogi ? "jkf"
                                     : r.record.game() == kifu::game::go  ? "sgf"
                                                                          : "ggf";
                write_result w;
                {
                    py::gil_scoped_release release;
                    w = kifu::write(std::span<const record>(&r.record, 1), writer, {});
                }
                if (!w.ok()) throw py::value_error("this record cannot be pickled: " + format_gcc(w.diagnostics.back()));
                // JKF's header is a JSON object, which the JKF reader does not keep in order:
                // the order travels beside it.
                py::list header_order;
                if (const auto* j = r.record.get<shogi::jkf>()) {
                    for (const auto& kv : j->header) header_order.append(py::bytes(kv.first));
                }
                return py::make_tuple(std::string(writer), py::bytes(w.text), r.source, r.record.index, r.record.has_error,
                                      header_order);
            },
            [](const py::tuple& t) {
                const std::string format = t[0].cast<std::string>();
                const std::string text = t[1].cast<std::string>();
                read_options o;
                o.format = format;
                o.mode = read_mode::lenient;
                read_result rr;
                {
                    py::gil_scoped_release release;
                    rr = read_buffer(text, "<pickle>", o);
                }
                if (rr.records.empty()) throw py::value_error("bad pickled record");
                py_record r{std::move(rr.records.front()), t[2].cast<std::string>()};
                if (const auto* j = r.record.get<shogi::jkf>(); j != nullptr && t.size() > 5) {
                    shogi::jkf ordered = *j;
                    ordered.header.clear();
                    for (const py::handle k : t[5].cast<py::list>()) {
                        const std::string key = k.cast<std::string>();
                        if (const std::string* v = j->find_header(key)) ordered.header.emplace_back(key, *v);
                    }
                    r.record = record(std::move(ordered));
                }
                r.record.index = t[3].cast<std::size_t>();
                r.record.has_error = t[4].cast<bool>();
                return r;
            }))
        .def("_set_source", [](py_record& r, std::string s) { r.source = std::move(s); })
        .def("_set_index", [](py_record& r, std::size_t i, bool has_error) {
            r.record.index = i;
            r.record.has_error = has_error;
        });

    py::class_<py_read_result>(m, "ReadResult", "What a read gives back: the records and the diagnostics.")
        .def_readonly("records", &py_read_result::records, "the games read, in input order")
        .def_readonly("diagnostics", &py_read_result::diagnostics, "every problem found")
        .def_readonly("format", &py_read_result::format, "the format used")
        .def_readonly("encoding", &py_read_result::encoding, "the encoding decoded from (\"\" for binary inputs)")
        .def_readonly("bytes", &py_read_result::bytes, "the input's size")
        .def_readonly("source", &py_read_result::source, "the input's name")
        .def_property_readonly("ok", [](const py_read_result& r) { return !has_error(r.diagnostics); },
                               "True when no diagnostic is an error")
        .def("__repr__", [](const py_read_result& r) {
            return "<kifu.ReadResult " + r.source + ": " + std::to_string(r.records.size()) + " records, " +
                   std::to_string(r.diagnostics.size()) + " diagnostics, format " + r.format + ">";
        });

    m.def(
        "read_file",
        [](const std::string& path, const std::string& format, const std::string& encoding, const std::string& mode,
           bool normalize, const std::string& names, const std::string& jou, const std::string& trn) {
            const read_options o = make_read_options(format, encoding, mode, normalize, names, jou, trn);
            py::gil_scoped_release release;
            return wrap(read_file(path, o), path);
        },
        py::arg("path"), py::arg("format") = "", py::arg("encoding") = "", py::arg("mode") = "default",
        py::arg("normalize") = true, py::arg("wthor_names") = "", py::arg("wthor_players") = "",
        py::arg("wthor_tournaments") = "");

    m.def(
        "read_buffer",
        [](const py::bytes& data, const std::string& name, const std::string& format, const std::string& encoding,
           const std::string& mode, bool normalize) {
            const read_options o = make_read_options(format, encoding, mode, normalize, "", "", "");
            std::string_view bytes = data;
            py::gil_scoped_release release;
            return wrap(read_buffer(bytes, name, o), name);
        },
        py::arg("data"), py::arg("name") = "<buffer>", py::arg("format") = "", py::arg("encoding") = "",
        py::arg("mode") = "default", py::arg("normalize") = true);

    py::class_<ordered_reader>(m, "OrderedReader", "Reads files on threads and hands the results over in input order.")
        .def(py::init([](std::vector<std::string> paths, unsigned jobs, const std::string& format,
                         const std::string& encoding, const std::string& mode, const std::string& names,
                         const std::string& jou, const std::string& trn) {
                 const read_options o = make_read_options(format, encoding, mode, true, names, jou, trn);
                 return std::make_unique<ordered_reader>(std::move(paths), o, jobs);
             }),
             py::arg("paths"), py::arg("jobs"), py::arg("format") = "", py::arg("encoding") = "",
             py::arg("mode") = "default", py::arg("wthor_names") = "", py::arg("wthor_players") = "",
             py::arg("wthor_tournaments") = "")
        .def("__iter__", [](ordered_reader& r) -> ordered_reader& { return r; })
        .def("__next__",
             [](ordered_reader& r) {
                 std::optional<py_read_result> next;
                 {
                     py::gil_scoped_release release;
                     next = r.next();
                 }
                 if (!next) throw py::stop_iteration();
                 return std::move(*next);
             })
        .def("close", [](ordered_reader& r) {
            py::gil_scoped_release release;
            r.stop();
        });

    m.def(
        "write",
        [](const std::vector<const py_record*>& items, const std::string& writer, const std::string& source, bool header,
           bool pretty, bool json_lines, bool declare_encoding, int ply) {
            const writer_info* w = find_writer(writer);
            if (w == nullptr) {
                std::string names;
                for (const writer_info& i : writers()) {
                    if (!names.empty()) names += ", ";
                    names += i.name;
                }
                throw py::value_error("unknown writer \"" + writer + "\" (kifu writes " + names + ")");
            }
            const std::vector<record> records = records_of(items);
            write_options o;
            o.source = source;
            o.header = header;
            o.pretty = pretty;
            o.json_lines = json_lines;
            o.declare_encoding = declare_encoding;
            o.ply = ply;
            write_result r;
            {
                py::gil_scoped_release release;
                r = kifu::write(records, *w, o);
            }
            return py::make_tuple(py::bytes(r.text), r.diagnostics, std::string(r.extension), r.header_size);
        },
        py::arg("records"), py::arg("writer"), py::arg("source") = "", py::arg("header") = true,
        py::arg("pretty") = false, py::arg("json_lines") = false, py::arg("declare_encoding") = false,
        py::arg("ply") = -1);

    m.def("writers", [] {
        py::list out;
        for (const writer_info& w : writers()) {
            py::dict d;
            d["name"] = std::string(w.name);
            d["game"] = w.game ? py::object(py::str(std::string(to_string(*w.game)))) : py::object(py::none());
            d["description"] = str_of(w.description);
            d["extension"] = std::string(w.extension);
            d["lines_extension"] = std::string(w.lines_extension);
            d["many_games"] = w.many_games;
            d["binary"] = w.binary;
            py::list enc;
            for (std::string_view e : w.encodings) enc.append(std::string(e));
            d["encodings"] = std::move(enc);
            out.append(std::move(d));
        }
        return out;
    });

    m.def("formats", [] {
        py::list out;
        for (const format_info& f : formats()) {
            py::dict d;
            d["name"] = std::string(f.name);
            d["game"] = std::string(to_string(f.game));
            d["description"] = str_of(f.description);
            py::list ext;
            for (std::string_view e : f.extensions) ext.append(std::string(e));
            d["extensions"] = std::move(ext);
            d["binary"] = f.binary;
            d["many_games"] = f.many_games;
            out.append(std::move(d));
        }
        return out;
    });

    m.def(
        "detect",
        [](const py::bytes& data, const std::string& name) -> py::object {
            std::string_view bytes = data;
            detection d;
            {
                py::gil_scoped_release release;
                d = kifu::detect(bytes, name);
            }
            if (d.format == nullptr) return py::none();
            return py::make_tuple(std::string(d.format->name), std::string(to_string(d.format->game)), d.encoding);
        },
        py::arg("data"), py::arg("name"));

    // Shogi positions.
    py::class_<shogi::position>(m, "Position", "A shogi position: board, hands and side to move.")
        .def(py::init<>())
        .def_static(
            "from_sfen",
            [](const std::string& sfen) {
                std::string error;
                std::optional<shogi::position> p = shogi::parse_sfen(sfen, &error);
                if (!p) throw py::value_error("not an SFEN: " + error);
                return *p;
            },
            py::arg("sfen"))
        .def_static(
            "from_shogi64",
            [](const std::string& code) {
                shogi::shogi64_error error;
                std::optional<shogi::position> p = shogi::parse_shogi64(code, &error);
                if (!p) {
                    throw py::value_error("not a Shogi64 code (column " + std::to_string(error.column) + "): " + error.message);
                }
                return *p;
            },
            py::arg("code"))
        .def_static(
            "from_record",
            [](const py_record& r, std::optional<std::size_t> ply) {
                const auto* j = r.record.get<shogi::jkf>();
                if (j == nullptr) {
                    throw py::value_error("Position.from_record takes a shogi record, not a " +
                                          std::string(to_string(r.record.game())) + " record");
                }
                const std::size_t moves = shogi::main_line(*j).size();
                const std::size_t n = ply.value_or(moves);
                std::optional<shogi::position> p = shogi::position_after(*j, n);
                if (!p) {
                    throw py::value_error("ply " + std::to_string(n) + " is past the end of the main line (" +
                                          std::to_string(moves) + " moves)");
                }
                return *p;
            },
            py::arg("record"), py::arg("ply") = py::none())
        .def_static(
            "from_hcp",
            [](const py::bytes& data) {
                std::string error;
                std::optional<shogi::position> p = shogi::parse_hcp(std::string_view(data), &error);
                if (!p) throw py::value_error("not a HuffmanCodedPos: " + error);
                return *p;
            },
            py::arg("data"))
        .def_static(
            "from_psfen",
            [](const py::bytes& data) {
                std::string error;
                std::optional<shogi::position> p = shogi::parse_psfen(std::string_view(data), &error);
                if (!p) throw py::value_error("not a PackedSfen: " + error);
                return *p;
            },
            py::arg("data"))
        .def(
            "hcp",
            [](const shogi::position& p) {
                std::string error;
                const std::optional<shogi::packed_position> c = shogi::to_hcp(p, &error);
                if (!c) throw py::value_error("no HuffmanCodedPos for this position: " + error);
                return py::bytes(reinterpret_cast<const char*>(c->data()), c->size());
            },
            "Returns the HuffmanCodedPos (cshogi's hcp, 32 bytes).")
        .def(
            "psfen",
            [](const shogi::position& p) {
                std::string error;
                const std::optional<shogi::packed_position> c = shogi::to_psfen(p, &error);
                if (!c) throw py::value_error("no PackedSfen for this position: " + error);
                return py::bytes(reinterpret_cast<const char*>(c->data()), c->size());
            },
            "Returns the PackedSfen (YaneuraOu's, 32 bytes).")
        .def("sfen", [](const shogi::position& p, int move_number) { return shogi::to_sfen(p, move_number); },
             py::arg("move_number") = 1, "Returns the SFEN (move_number in its fourth field).")
        .def(
            "shogi64",
            [](const shogi::position& p) {
                std::string error;
                std::optional<std::string> s = shogi::to_shogi64(p, &error);
                if (!s) throw py::value_error("no Shogi64 code for this position: " + error);
                return *s;
            },
            "Returns the Shogi64 code.")
        .def("bod", [](const shogi::position& p) { return str_of(shogi::to_bod(p)); }, "Returns the BOD diagram (KIF's board).")
        .def_property_readonly("side_to_move",
                               [](const shogi::position& p) { return p.side_to_move() == shogi::color::black ? "black" : "white"; })
        .def("in_check", [](const shogi::position& p) { return p.in_check(p.side_to_move()); },
             "Returns True when the side to move is in check.")
        .def("__eq__", [](const shogi::position& a, const shogi::position& b) { return a == b; })
        .def("__hash__", [](const shogi::position& p) { return py::hash(py::str(shogi::to_sfen(p))); })
        .def("__str__", [](const shogi::position& p) { return shogi::to_sfen(p); })
        .def("__repr__", [](const shogi::position& p) { return "kifu.Position.from_sfen('" + shogi::to_sfen(p) + "')"; })
        .def(py::pickle([](const shogi::position& p) { return shogi::to_sfen(p); },
                        [](const std::string& s) {
                            std::optional<shogi::position> p = shogi::parse_sfen(s);
                            if (!p) throw py::value_error("bad pickled position");
                            return *p;
                        }));

    py::class_<search::position_key>(m, "PositionKey")
        .def_property_readonly("game", [](const search::position_key& k) { return std::string(to_string(k.game)); });

    m.def("key_from_sfen", [](const std::string& sfen) {
        std::string error;
        std::optional<search::position_key> k = search::key_from_sfen(sfen, error);
        if (!k) throw py::value_error("sfen: " + error);
        return *k;
    });
    m.def("key_from_board", [](const std::string& board, const std::string& game) {
        std::string error;
        kifu::game g = game == "othello" ? kifu::game::othello : game == "go" ? kifu::game::go : kifu::game::shogi;
        if (g == kifu::game::shogi) throw py::value_error("board: a board is a go or othello position (use sfen for shogi)");
        std::optional<search::position_key> k = search::key_from_board(board, g, error);
        if (!k) throw py::value_error("board: " + error);
        return *k;
    });
    m.def("key_of", [](const py_record& r, std::optional<int> ply) {
        std::string error;
        std::optional<search::position_key> k = search::key_of(r.record, ply, error);
        if (!k) throw py::value_error(error);
        return *k;
    });

    py::class_<py_index>(m, "Index")
        .def(py::init([](const std::string& path, const std::string& mode) {
                 try {
                     return std::make_unique<py_index>(path, mode);
                 } catch (const search::error& e) {
                     throw py::value_error(e.what());
                 }
             }),
             py::arg("path"), py::arg("mode") = "c")
        .def("add",
             [](py_index& ix, const std::vector<std::string>& paths, unsigned jobs, const std::string& format,
                const std::string& encoding, bool force) {
                 read_options o = make_read_options(format, encoding, "lenient", true, "", "", "");
                 try {
                     return ix.add(paths, jobs, o, force);
                 } catch (const search::error& e) {
                     throw py::value_error(e.what());
                 }
             })
        .def("find",
             [](py_index& ix, const search::position_key& key, std::size_t limit, const std::string& players,
                const std::string& from, const std::string& to) {
                 try {
                     return ix.find(key, limit, players, from, to);
                 } catch (const search::error& e) {
                     throw py::value_error(e.what());
                 }
             })
        .def("sources", [](py_index& ix) { return ix.locked([](search::database& d) { return d.sources(); }); })
        .def("stats",
             [](py_index& ix) {
                 const search::index_stats s = ix.locked([](search::database& d) { return d.stats(); });
                 py::dict d;
                 d["sources"] = s.sources;
                 d["games"] = s.games;
                 d["positions"] = s.positions;
                 d["file_bytes"] = s.file_bytes;
                 return d;
             })
        .def("remove", [](py_index& ix, const std::string& source) {
            ix.locked([&](search::database& d) {
                d.remove_source(source);
                return 0;
            });
        })
        .def("close", &py_index::close);

    // hcpe and psv read back, a record at a time.
    m.def("decode_hcpe", [](const py::bytes& data) {
        const std::string_view bytes = data;
        if (bytes.size() % 38 != 0) {
            throw py::value_error("hcpe data is a whole number of 38-byte records, not " + std::to_string(bytes.size()) + " bytes");
        }
        py::list out;
        for (std::size_t i = 0; i < bytes.size(); i += 38) {
            std::string error;
            const std::optional<shogi::hcpe_record> r = shogi::parse_hcpe(bytes.substr(i, 38), &error);
            if (!r) throw py::value_error("hcpe record " + std::to_string(i / 38) + ": " + error);
            out.append(py::make_tuple(r->position, r->eval, r->best_move16, r->game_result));
        }
        return out;
    });
    m.def("decode_psv", [](const py::bytes& data) {
        const std::string_view bytes = data;
        if (bytes.size() % 40 != 0) {
            throw py::value_error("psv data is a whole number of 40-byte records, not " + std::to_string(bytes.size()) + " bytes");
        }
        py::list out;
        for (std::size_t i = 0; i < bytes.size(); i += 40) {
            std::string error;
            const std::optional<shogi::psv_record> r = shogi::parse_psv(bytes.substr(i, 40), &error);
            if (!r) throw py::value_error("psv record " + std::to_string(i / 40) + ": " + error);
            out.append(py::make_tuple(r->position, r->score, r->move, r->game_ply, r->game_result));
        }
        return out;
    });

    // The baseline of tools/bench/python_bench.py: kifu::read_file over the files in a C++
    // loop, no Python object made. Returns the seconds taken and the games read.
    m.def("_bench_read_files", [](const std::vector<std::string>& paths) {
        std::size_t games = 0;
        std::uint64_t bytes = 0;
        double seconds = 0;
        {
            py::gil_scoped_release release;
            const auto start = std::chrono::steady_clock::now();
            for (const std::string& p : paths) {
                const read_result r = read_file(p);
                games += r.records.size();
                bytes += r.bytes;
            }
            seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        }
        return py::make_tuple(seconds, games, bytes);
    });

    bind_positions(m);
    bind_filters<py_record>(m);
}
