#pragma once

// Writers of the shogi text formats: KIF, KI2 (Kakinoki, ../shared/formats/shogi.md §2–3) and
// CSA (§4), each from a normalized record (kifu::read_* or shogi::normalize). What each format
// cannot hold of a JKF record is listed in docs/shogi-writers.md.

#include <string>
#include <string_view>
#include <vector>

#include <kifu/api.hpp>
#include <kifu/shogi/jkf.hpp>

namespace kifu::inline v1::shogi {

/// The bytes a Kakinoki writer produces: UTF-8 (`.kifu`, `.ki2u`) or CP932 (`.kif`, `.ki2`).
enum class text_encoding : unsigned char { utf8, cp932 };

/// Options of the KIF and KI2 writers.
struct kakinoki_write_options {
    text_encoding encoding = text_encoding::utf8;
    /// Starts with `#KIF version=2.0 encoding=UTF-8` (or `=Shift_JIS`; `#KI2` for KI2), the
    /// declaration Kifu for Windows V7 writes.
    bool declare_encoding = false;
};

/// The CSA version written: V3.0 (`'CSA encoding=UTF-8`, `V3.0`, milliseconds in `T`) or
/// V2.2 (`V2.2`, whole seconds), the version json-kifu-format reads.
enum class csa_version : unsigned char { v2_2, v3_0 };

/// Options of the CSA writer.
struct csa_write_options {
    csa_version version = csa_version::v3_0;
};

/// What a writer gives back: the text, or an error (a diagnostic code and one sentence) and
/// no text.
struct write_result {
    std::string text;
    std::string code;     ///< "" when the write succeeded; else e.g. "kif.write.cp932"
    std::string message;  ///< why the write failed (one sentence, no trailing period)
    /// Returns true when the write succeeded.
    bool ok() const noexcept { return code.empty(); }
};

/// Writes a record as KIF: header lines, 手合割 or a BOD board, numbered move lines with
/// times, `*` comments, `&` bookmarks, the terminal word and a まで line, and a `変化：N手`
/// block for every fork (nested, in the order Kifu for Windows writes them). Fails only when
/// CP932 is asked for and a character has no CP932 form (`kif.write.cp932`).
KIFU_API write_result write_kif(const jkf& record, const kakinoki_write_options& options = {});

/// Writes a record as KI2: as KIF but moves in JSA notation (相対 words where needed, 打 only
/// when a board piece could also reach the square), six to a line, no times; the end of a
/// line of play is its まで line. Fails as write_kif does (`ki2.write.cp932`), and when a
/// line of play ends with a special that has no KI2 word (`ki2.write.special`: a CSA `%REP_SUP`).
KIFU_API write_result write_ki2(const jkf& record, const kakinoki_write_options& options = {});

/// Writes records as one CSA file (`/` between records): `N+`/`N-`, `$` information, `PI` or
/// `P1`..`P9` with `P+`/`P-` hands, the side to move, moves with `T` times, `%` specials and
/// `'` comments. Forks are not written (CSA has no variations). Fails when a record ends with a
/// special that has no CSA word (`csa.write.special`).
KIFU_API write_result write_csa(const std::vector<const jkf*>& records, const csa_write_options& options = {});

/// Writes one record as CSA (write_csa of a list of one).
KIFU_API write_result write_csa(const jkf& record, const csa_write_options& options = {});

}  // namespace kifu::shogi
