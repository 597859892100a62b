#pragma once

#include <kifu/api.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace kifu::inline v1 {

/// Writes JSON into a string as it goes: no tree is built.
///
/// Strings are escaped correctly for any UTF-8 (control characters as \u00XX; invalid
/// UTF-8 sequences are replaced by U+FFFD so the output is always valid JSON). Commas are
/// placed by the writer. `pretty` indents with two spaces.
class json_writer {
public:
    explicit json_writer(std::string& out, bool pretty = false) : out_(out), pretty_(pretty) {}

    KIFU_API void begin_object();
    KIFU_API void end_object();
    KIFU_API void begin_array();
    KIFU_API void end_array();
    /// Writes an object key; the next call writes its value.
    KIFU_API void key(std::string_view k);

    KIFU_API void value(std::string_view s);
    void value(const char* s) { value(std::string_view(s)); }
    KIFU_API void value(bool b);
    KIFU_API void value(std::int64_t n);
    void value(int n) { value(static_cast<std::int64_t>(n)); }
    void value(unsigned n) { value(static_cast<std::int64_t>(n)); }
    KIFU_API void value(std::uint64_t n);
    KIFU_API void value(double d);
    KIFU_API void null();
    /// Writes text that is already valid JSON (a number or a nested document).
    KIFU_API void raw(std::string_view json);

    /// Starts a value that the caller appends itself, as compact JSON text, to the returned
    /// string (the comma before it is written); end_compact() finishes it and, when the writer
    /// indents, indents it as the calls above would have. For writers of their own that need
    /// speed (the shogi JKF writer).
    KIFU_API std::string& begin_compact();
    /// Finishes the value begun by begin_compact().
    KIFU_API void end_compact();

    /// Key and value in one call.
    template <typename T>
    void member(std::string_view k, const T& v) {
        key(k);
        value(v);
    }

private:
    KIFU_API void before_value();
    KIFU_API void newline_indent();

    std::string& out_;
    bool pretty_;
    int depth_ = 0;
    bool first_ = true;      // nothing written yet at this depth
    bool after_key_ = false;
    std::size_t compact_start_ = 0;  // where the value of begin_compact() starts
};

/// Appends `s` to `out` as a quoted, escaped JSON string.
KIFU_API void append_json_string(std::string& out, std::string_view s);

}  // namespace kifu
