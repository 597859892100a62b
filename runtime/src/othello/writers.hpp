#pragma once

// The othello writers, as lines of the writer list (runtime/src/writers.cpp).

#include "writer_registry.hpp"

namespace kifu::inline v1::othello {

/// Returns csv: the WTHOR CSV, a row per game.
kifu::detail::writer csv_writer();
/// Returns ggf: GGF, a line per game.
kifu::detail::writer ggf_writer();

}  // namespace kifu::othello
