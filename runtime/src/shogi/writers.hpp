#pragma once

// The shogi writers, as lines of the writer list (runtime/src/writers.cpp).

#include "writer_registry.hpp"

namespace kifu::inline v1::shogi {

/// Returns kif: KIF in CP932, one game.
kifu::detail::writer kif_writer();
/// Returns kifu: KIF in UTF-8, one game.
kifu::detail::writer kifu_writer();
/// Returns ki2: KI2 in CP932, one game.
kifu::detail::writer ki2_writer();
/// Returns ki2u: KI2 in UTF-8, one game.
kifu::detail::writer ki2u_writer();
/// Returns csa: CSA V3.0, every game, `/` between them.
kifu::detail::writer csa_writer();
/// Returns csa-v2.2: CSA V2.2, every game, `/` between them.
kifu::detail::writer csa_v2_2_writer();
/// Returns usi: a USI position command per game.
kifu::detail::writer usi_writer();
/// Returns sfen: the SFEN of a position of each game.
kifu::detail::writer sfen_writer();
/// Returns hcpe: a HuffmanCodedPosAndEval per position before each move (shogi/packed_writers.cpp).
kifu::detail::writer hcpe_writer();
/// Returns psv: a PackedSfenValue per position before each move (shogi/packed_writers.cpp).
kifu::detail::writer psv_writer();

}  // namespace kifu::shogi
