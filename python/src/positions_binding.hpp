#pragma once

// kifu.positions: training positions as numpy batches. Bound once the C++ columnar API exists.

#include <pybind11/pybind11.h>

namespace kifu::python {

inline void bind_positions(pybind11::module_&) {}

}  // namespace kifu::python
