#pragma once

// CP932 to UTF-8 by table, for the Shift_JIS records most KIF and KI2 files are.

#include <cstddef>
#include <string>
#include <string_view>

namespace kifu::inline v1::detail {

/// Decodes CP932 bytes to UTF-8 into `out` exactly as glibc's iconv does (the table is built
/// from iconv's own conversion, once a process) and returns true; returns false, with `out`
/// unspecified, when the bytes hold a sequence iconv would reject (the caller then runs iconv,
/// which reports it) or when iconv has no CP932. The text written is valid UTF-8.
bool decode_cp932(std::string_view bytes, std::string& out);

/// Encodes UTF-8 text to CP932 into `out` exactly as glibc's iconv does and returns true;
/// returns false with `failed_at` the byte offset of the first character CP932 lacks, or -1
/// when the system has no CP932 converter.
bool encode_cp932(std::string_view utf8, std::string& out, std::size_t& failed_at);

}  // namespace kifu::detail
