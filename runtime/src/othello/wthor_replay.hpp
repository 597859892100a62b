#pragma once

// Internal: the WTHOR replay forced onto its portable path (plain 64-bit bitboards), which
// CPUs without AVX2 take. Tests compare it with the path this CPU takes. Not installed.

#include <kifu/othello/wthor.hpp>

namespace kifu::inline v1::othello::detail {

/// wthor::replay on the portable path whatever the CPU.
void wthor_replay_portable(const wthor::game& g, const wthor::header& h, std::string_view file_name, std::size_t game_number,
                     std::vector<diagnostic>& diagnostics, wthor::replayed_game& out);

}  // namespace kifu::othello::detail
