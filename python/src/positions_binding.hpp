#pragma once

// kifu.positions: the columns of kifu::position_reader as numpy arrays. Each column's vector
// is moved out of the batch into a capsule that owns it, and the array views it: no copy and
// no loop over rows. The reading runs on the reader's thread; next() waits with the GIL
// released.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <kifu/kifu.hpp>

namespace kifu::python {

namespace py = pybind11;

// Returns an array of `shape` that owns `v` (moved out; `v` is left empty).
template <typename T>
py::array owning_array(std::vector<T>& v, std::vector<py::ssize_t> shape) {
    auto* owned = new std::vector<T>(std::move(v));
    v = std::vector<T>();
    py::capsule base(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
    return py::array_t<T>(std::move(shape), owned->data(), base);
}

inline py::dict batch_dict(position_batch& b) {
    const auto n = static_cast<py::ssize_t>(b.rows);
    py::dict d;
    d["game"] = std::string(to_string(b.game));
    d["height"] = b.height;
    d["width"] = b.width;
    d["planes"] = owning_array(b.planes, {n, b.height, b.width});
    if (b.game == kifu::game::shogi) {
        d["hands"] = owning_array(b.hands, {n, 2, 7});
    } else {
        d["hands"] = py::none();
    }
    d["to_move"] = owning_array(b.to_move, {n});
    d["move"] = owning_array(b.move, {n});
    d["ply"] = owning_array(b.ply, {n});
    d["result"] = owning_array(b.result, {n});
    d["score"] = owning_array(b.score, {n});
    d["eval"] = owning_array(b.eval, {n});
    d["has_eval"] = owning_array(b.has_eval, {n});
    d["source"] = owning_array(b.source, {n});
    d["game_index"] = owning_array(b.game_index, {n});
    b.rows = 0;
    return d;
}

class py_position_reader {
public:
    py_position_reader(std::vector<position_input> inputs, kifu::game game, std::size_t batch_size,
                       read_options options, position_filter filter)
        : reader_(std::move(inputs), game, batch_size, std::move(options), std::move(filter)) {}

    // Python threads sharing a reader take turns; each gets whole batches.
    py::object next() {
        py::gil_scoped_release release;
        const std::lock_guard lock(mutex_);
        const bool more = reader_.next(batch_);
        py::gil_scoped_acquire acquire;
        if (!more) throw py::stop_iteration();
        return batch_dict(batch_);
    }

    position_reader& reader() { return reader_; }

    template <typename F>
    auto locked(F f) {
        const std::lock_guard lock(mutex_);
        return f(reader_);
    }

private:
    position_reader reader_;
    position_batch batch_;
    std::mutex mutex_;
};

inline kifu::game game_from(const std::string& name) {
    if (name == "shogi") return kifu::game::shogi;
    if (name == "go") return kifu::game::go;
    if (name == "othello") return kifu::game::othello;
    throw py::value_error("game must be \"shogi\", \"go\" or \"othello\", not \"" + name + "\"");
}

inline result_kind result_from(const std::string& name) {
    if (name == "black_win") return result_kind::black_win;
    if (name == "white_win") return result_kind::white_win;
    if (name == "draw") return result_kind::draw;
    if (name == "none") return result_kind::none;
    throw py::value_error("results must hold \"black_win\", \"white_win\", \"draw\" or \"none\", not \"" + name + "\"");
}

read_options make_read_options(const std::string& format, const std::string& encoding, const std::string& mode,
                               bool normalize, const std::string& wthor_names, const std::string& wthor_players,
                               const std::string& wthor_tournaments);

inline position_filter make_filter(int min_moves, std::optional<double> min_rating, const std::vector<std::string>& results,
                                   const std::string& date_from, const std::string& date_to,
                                   const std::vector<std::string>& players) {
    position_filter f;
    f.min_moves = min_moves;
    f.min_rating = min_rating;
    for (const std::string& r : results) f.results.push_back(result_from(r));
    f.date_from = date_from;
    f.date_to = date_to;
    f.players = players;
    return f;
}

template <typename Record>
void bind_filters(py::module_& m) {
    m.def("passes",
          [](const Record& r, int min_moves, std::optional<double> min_rating, const std::vector<std::string>& results,
             const std::string& date_from, const std::string& date_to, const std::vector<std::string>& players) {
              return passes(make_filter(min_moves, min_rating, results, date_from, date_to, players), r.record);
          });
    m.def("result_of", [](const Record& r) { return std::string(to_string(result_of(r.record))); });
}

inline void bind_positions(py::module_& m) {
    py::class_<py_position_reader>(m, "PositionReader", "Batches of training positions in columns.")
        .def(py::init([](const py::list& inputs, const std::string& game, std::size_t batch_size,
                         const std::string& format, const std::string& encoding, const std::string& mode, int min_moves,
                         std::optional<double> min_rating, const std::vector<std::string>& results,
                         const std::string& date_from, const std::string& date_to,
                         const std::vector<std::string>& players) {
                 if (batch_size < 1) throw py::value_error("batch_size must be at least 1");
                 std::vector<position_input> in;
                 in.reserve(inputs.size());
                 for (const py::handle item : inputs) {
                     if (py::isinstance<py::tuple>(item)) {
                         const auto t = item.cast<py::tuple>();
                         in.push_back({t[0].cast<std::string>(), std::string(t[1].cast<py::bytes>())});
                     } else {
                         in.push_back({item.cast<std::string>(), std::nullopt});
                     }
                 }
                 position_filter f = make_filter(min_moves, min_rating, results, date_from, date_to, players);
                 const kifu::game g = game_from(game);
                 read_options o = make_read_options(format, encoding, mode, true, "", "", "");
                 return std::make_unique<py_position_reader>(std::move(in), g, batch_size, std::move(o), std::move(f));
             }),
             py::arg("inputs"), py::arg("game"), py::arg("batch_size"), py::arg("format"), py::arg("encoding"),
             py::arg("mode"), py::arg("min_moves"), py::arg("min_rating"), py::arg("results"), py::arg("date_from"),
             py::arg("date_to"), py::arg("players"))
        .def("__iter__", [](py_position_reader& r) -> py_position_reader& { return r; })
        .def("__next__", &py_position_reader::next)
        .def("sources", [](py_position_reader& r) { return r.reader().sources(); })
        .def("take_diagnostics", [](py_position_reader& r) {
            std::vector<diagnostic> d;
            {
                py::gil_scoped_release release;
                d = r.locked([](position_reader& p) { return p.take_diagnostics(); });
            }
            return d;
        })
        .def("games_read", [](py_position_reader& r) { return r.reader().games_read(); })
        .def("games_taken", [](py_position_reader& r) { return r.reader().games_taken(); });
}

}  // namespace kifu::python
