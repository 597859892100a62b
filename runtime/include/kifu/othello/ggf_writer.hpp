#pragma once

// GGF (Buro's Generic Game Format, ../shared/formats/go-othello.md §4) written from any
// othello record — a GGF game read back, or a WTHOR game. Reading the text with the GGF
// reader gives the same game: header, start position, the same plies (passes included and
// written), evals and times.

#include <string>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/diagnostic.hpp>
#include <kifu/othello/record.hpp>

namespace kifu::inline v1::othello {

/// Appends the record as one GGF game record `(;GM[Othello]…;)` and a line feed (GGS
/// archives hold one game per line):
/// - the header keys that are GGF property ids (upper-case letters: GM PC DT PB PW RE TY,
///   unknown ones too), in the record's order, values as the record holds them; `GM[Othello]`
///   first when the record has no GM; the "wthor.*" keys have no GGF id and are left out;
/// - `BO` in GGS's form: the size (`88` for the octagon, whose cut corners are not written),
///   the rows separated by spaces (`-` empty, `*` black, `O` white), the side to move;
/// - each ply as `B[F5]` / `W[PA]` (squares upper case as GGS writes them; inserted passes
///   become written ones), with `/eval/time` from the move's note (eval in the shortest form
///   that reads back to the same number).
/// A value that GGF cannot hold (a `]`: GGF has no escape; a line break, which would split
/// the game's line) has them replaced by `)` and a space, with a `ggf.write.value-changed`
/// warning (code, message naming the key; file and line left empty).
KIFU_API void write_ggf(std::string& out, const record& r, std::vector<diagnostic>& diagnostics);

/// Returns the record as one GGF line (see write_ggf).
KIFU_API std::string to_ggf(const record& r, std::vector<diagnostic>& diagnostics);

}  // namespace kifu::othello
