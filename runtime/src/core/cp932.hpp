#pragma once

// CP932 to UTF-8 by table, for the Shift_JIS records most KIF and KI2 files are.

#include <string>
#include <string_view>

namespace kifu::inline v1::detail {

/// Decodes CP932 bytes to UTF-8 into `out` exactly as glibc's iconv does (the table is built
/// from iconv's own conversion, once a process) and returns true; returns false, with `out`
/// unspecified, when the bytes hold a sequence iconv would reject (the caller then runs iconv,
/// which reports it) or when iconv has no CP932. The text written is valid UTF-8.
bool decode_cp932(std::string_view bytes, std::string& out);

}  // namespace kifu::detail
