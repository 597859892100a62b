#pragma once

// The go writers, as lines of the writer list (runtime/src/writers.cpp).

#include "writer_registry.hpp"

namespace kifu::inline v1::go {

/// Returns sgf: the go games as one SGF collection.
kifu::detail::writer sgf_writer();

}  // namespace kifu::go
