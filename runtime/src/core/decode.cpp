// Bytes to UTF-8: the bytes themselves for valid UTF-8, our own replacement loop for broken
// UTF-8, a table for CP932, and glibc's iconv for everything else.

#include "core/decode.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cstdio>
#include <span>

#include <iconv.h>

#include "core/cp932.hpp"
#include "core/source_text_access.hpp"
#include "core/utf8.hpp"

namespace kifu::inline v1 {

namespace {

// A place in the decoded text where U+FFFD replaced bytes that could not be decoded.
struct bad_spot {
    std::size_t offset;   // of the U+FFFD in the decoded text
    unsigned char byte;   // the first byte replaced
    bool truncated_unit;  // a UTF-16 input whose length is odd
};

struct decoded {
    std::string text;
    std::vector<bad_spot> bad;
};

// `owned`, when given, holds the bytes and gives them up when they are valid (no copy);
// `checked`: they are known to be.
decoded decode_utf8(std::string_view bytes, std::string* owned, bool checked) {
    decoded out;
    if (checked || is_valid_utf8(bytes)) {
        if (owned != nullptr) {
            out.text = std::move(*owned);
        } else {
            out.text.assign(bytes);
        }
        return out;
    }
    out.text.reserve(bytes.size() + bytes.size() / 8 + 16);
    detail::append_repaired_utf8(out.text, bytes,
                                 [&out](std::size_t offset, unsigned char byte) { out.bad.push_back({offset, byte, false}); });
    return out;
}

// Bytes per code unit, which is what a bad sequence skips.
std::size_t unit_size(std::string_view encoding) {
    if (encoding.starts_with("UTF-16") || encoding.starts_with("UCS-2")) return 2;
    if (encoding.starts_with("UTF-32") || encoding.starts_with("UCS-4")) return 4;
    return 1;
}

class iconv_handle {
public:
    explicit iconv_handle(const std::string& from) : cd_(iconv_open("UTF-8", from.c_str())) {
#if defined(KIFU_CP932_TABLES)
        // musl's iconv (the WebAssembly build) has no CP932: its SHIFT_JIS decodes a CP932 text
        // that the table could not (one with bad bytes), to find and replace them.
        if (!ok() && from == "CP932") cd_ = iconv_open("UTF-8", "SHIFT_JIS");
#endif
    }
    ~iconv_handle() {
        if (ok()) iconv_close(cd_);
    }
    iconv_handle(const iconv_handle&) = delete;
    iconv_handle& operator=(const iconv_handle&) = delete;
    bool ok() const noexcept { return cd_ != reinterpret_cast<iconv_t>(-1); }
    iconv_t get() const noexcept { return cd_; }

private:
    iconv_t cd_;
};

decoded decode_iconv(iconv_t cd, std::string_view bytes, std::size_t unit) {
    decoded out;
    // Every encoding we meet takes at most 3 bytes of UTF-8 per input byte (CP932 and
    // EUC-JP half-width kana: 1 or 2 bytes → 3); others grow the buffer on E2BIG.
    out.text.resize(bytes.size() * 3 + 16);
    char* in = const_cast<char*>(bytes.data());  // iconv's signature; it does not write
    std::size_t in_left = bytes.size();
    char* o = out.text.data();
    std::size_t o_left = out.text.size();
    auto grow = [&](std::size_t at_least) {
        const auto used = static_cast<std::size_t>(o - out.text.data());
        out.text.resize(std::max(out.text.size() * 2, used + at_least));
        o = out.text.data() + used;
        o_left = out.text.size() - used;
    };
    while (in_left > 0) {
        if (iconv(cd, &in, &in_left, &o, &o_left) != static_cast<std::size_t>(-1)) break;
        if (errno == E2BIG) {
            grow(64);
            continue;
        }
        // EILSEQ (invalid) or EINVAL (incomplete at the end): replace and step over a unit.
        if (o_left < 3) grow(64);
        const auto offset = static_cast<std::size_t>(o - out.text.data());
        const std::size_t skip = std::min(unit, in_left);
        out.bad.push_back({offset, static_cast<unsigned char>(*in), skip < unit});
        std::memcpy(o, detail::replacement_character, 3);
        o += 3;
        o_left -= 3;
        in += skip;
        in_left -= skip;
    }
    // Return a stateful encoding (ISO-2022-JP) to its initial state.
    while (iconv(cd, nullptr, nullptr, &o, &o_left) == static_cast<std::size_t>(-1) && errno == E2BIG) grow(64);
    out.text.resize(static_cast<std::size_t>(o - out.text.data()));
    // The text lives as long as the records read from it: give back the unused worst case.
    if (out.text.capacity() > out.text.size() + out.text.size() / 2 + 4096) out.text.shrink_to_fit();
    return out;
}

// At most this many `text.bad-bytes` (one per line); from `pile_up_lines` lines on, one
// `text.wrong-encoding` names the encoding that fits.
constexpr std::size_t max_bad_lines = 100;
constexpr std::size_t pile_up_lines = 8;

std::string bad_bytes_message(const bad_spot& spot, const std::string& encoding) {
    if (spot.truncated_unit) {
        return unit_size(encoding) == 4
                   ? "the input ends in part of a UTF-32 code unit (its length is not a multiple of 4); replaced by U+FFFD"
                   : "the input ends in half a UTF-16 code unit (odd length); replaced by U+FFFD";
    }
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", spot.byte);
    return "bytes that are not valid " + encoding + " (first " + hex + ") replaced by U+FFFD";
}

// Line breaks before each of `offsets` (ascending) in `bytes`, counted as source_text counts
// them: LF, CRLF, a lone CR.
std::vector<std::size_t> lines_before(std::string_view bytes, std::span<const std::size_t> offsets) {
    std::vector<std::size_t> lines;
    lines.reserve(offsets.size());
    std::size_t line = 0;
    std::size_t i = 0;
    for (const std::size_t offset : offsets) {
        for (; i < offset && i < bytes.size(); ++i) {
            const char c = bytes[i];
            line += c == '\n' || (c == '\r' && (i + 1 == bytes.size() || bytes[i + 1] != '\n'));
        }
        lines.push_back(line);
    }
    return lines;
}

// The text offset of each part's start, the parts starting at line starts (`part_lines`:
// line breaks before each).
std::vector<std::size_t> text_offsets(std::string_view text, const std::vector<std::size_t>& part_lines) {
    std::vector<std::size_t> offsets;
    offsets.reserve(part_lines.size());
    std::size_t line = 0;
    std::size_t i = 0;
    for (const std::size_t wanted : part_lines) {
        for (; line < wanted && i < text.size(); ++i) {
            const char c = text[i];
            line += c == '\n' || (c == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'));
        }
        offsets.push_back(i);
    }
    return offsets;
}

// decode() and decode_owned(): `owned`, when given, holds `bytes` and may give them up.
// `parts`: byte offsets where the parts of the input start (each at a line start, the first at
// 0); the diagnostics that sum up bad bytes and NULs are said per part. Empty: one part.
source_text decode_text(std::string file_name, std::string_view bytes, std::string* owned, const decode_options& options,
                        std::vector<diagnostic>& diagnostics, bool checked_utf8, std::span<const std::size_t> parts = {},
                        bool at_start = true) {
    const std::size_t whole[] = {0};
    if (parts.empty()) parts = whole;
    // Counted before the bytes may move into the text.
    const std::vector<std::size_t> part_lines = parts.size() > 1 ? lines_before(bytes, parts) : std::vector<std::size_t>{0};
    const auto part_bytes = [&](std::size_t k) {
        const std::size_t end = k + 1 < parts.size() ? parts[k + 1] : bytes.size();
        return bytes.substr(parts[k], end - parts[k]);
    };
    std::string encoding = detect_encoding(bytes, options);
    decoded result;
    bool valid = false;  // the text is valid UTF-8 without a check
    if (encoding == "UTF-8") {
        result = decode_utf8(bytes, owned, checked_utf8);
        valid = true;
    } else if (encoding == "CP932" && detail::decode_cp932(bytes, result.text)) {
        valid = true;
    } else {
        iconv_handle cd(encoding);
        if (cd.ok()) {
            result = decode_iconv(cd.get(), bytes, unit_size(encoding));
        } else {
            diagnostic d;
            d.severity = severity::error;
            d.code = "text.unknown-encoding";
            d.message = "unknown encoding \"" + encoding + "\"; read as UTF-8";
            d.file = file_name;
            diagnostics.push_back(std::move(d));
            encoding = "UTF-8";
            result = decode_utf8(bytes, owned, false);
            valid = true;
        }
    }
    // The bytes may have moved into the text: from here on only the text is read (the bytes only
    // when some could not be decoded, and then they were not moved).
    if (at_start && std::string_view(result.text).starts_with("\xEF\xBB\xBF")) {
        result.text.erase(0, 3);
        for (bad_spot& spot : result.bad) spot.offset -= 3;  // none sits on the BOM itself
    }
    if (valid && encoding == "CP932" && result.text.capacity() > result.text.size() + result.text.size() / 2 + 4096) {
        result.text.shrink_to_fit();  // as decode_iconv gives back its worst case
    }
    // decode_utf8's text is valid UTF-8 (checked, or its ill-formed parts replaced), and so is the
    // CP932 table's: not checked again. iconv's is checked by the constructor, which costs little
    // beside iconv itself.
    source_text text = valid ? detail::source_text_access::checked(std::move(file_name), std::move(result.text), encoding)
                             : source_text(std::move(file_name), std::move(result.text), encoding);
    // One diagnostic per line, at most max_bad_lines per part. Lines are counted in one pass over
    // the text (the spots come in order), so that a long line full of bad bytes costs no more
    // than a short one.
    const std::string_view view = text.text();
    std::vector<std::size_t> starts;  // text offsets of the parts, when needed
    const auto start_of = [&](std::size_t k) {
        if (k == 0) return std::size_t{0};
        if (starts.empty()) starts = text_offsets(view, part_lines);
        return starts[k];
    };
    std::size_t scanned = 0;
    std::size_t line = 1;
    std::size_t reported_line = 0;
    std::size_t bad_lines = 0;
    std::size_t part = 0;
    // Many bad lines mean a wrong encoding rather than a damaged file: say which one fits.
    const auto sum_up = [&](std::size_t k) {
        if (bad_lines < pile_up_lines) return;
        const std::string likely = likely_encoding(part_bytes(k), encoding);
        std::string message = std::to_string(bad_lines) + " lines have bytes that are not valid " + encoding;
        message += likely.empty() ? "; the input may not be text, or give its encoding with -e ENCODING"
                                  : "; the text looks like " + likely + ": try -e " + likely;
        diagnostics.push_back(text.make_diagnostic(severity::error, "text.wrong-encoding", std::move(message), start_of(k)));
    };
    for (const bad_spot& spot : result.bad) {
        for (; scanned < spot.offset; ++scanned) {
            const char c = view[scanned];
            if (c == '\n' || (c == '\r' && (scanned + 1 >= view.size() || view[scanned + 1] != '\n'))) ++line;
        }
        if (line == reported_line) continue;
        reported_line = line;
        if (part + 1 < parts.size() && line > part_lines[part + 1]) {
            sum_up(part);
            while (part + 1 < parts.size() && line > part_lines[part + 1]) ++part;
            bad_lines = 0;
        }
        if (++bad_lines <= max_bad_lines) {
            diagnostics.push_back(text.make_diagnostic(severity::error, "text.bad-bytes",
                                                       bad_bytes_message(spot, encoding), spot.offset));
        }
    }
    sum_up(part);
    // A NUL is valid UTF-8 (and UTF-16) but never part of a game record: a damaged or padded file.
    for (std::size_t nul = view.find('\0'); nul != std::string_view::npos;) {
        std::size_t k = 0;
        while (k + 1 < parts.size() && start_of(k + 1) <= nul) ++k;
        const std::size_t end = k + 1 < parts.size() ? start_of(k + 1) : view.size();
        const auto count = static_cast<std::size_t>(std::count(view.begin() + static_cast<std::ptrdiff_t>(nul),
                                                               view.begin() + static_cast<std::ptrdiff_t>(end), '\0'));
        diagnostics.push_back(text.make_diagnostic(
            severity::warning, "text.nul",
            std::to_string(count) + (count == 1 ? " NUL character" : " NUL characters") +
                " in the text (the first here); a game record has none: the file may be damaged",
            nul));
        nul = end < view.size() ? view.find('\0', end) : std::string_view::npos;
    }
    return text;
}

}  // namespace

source_text decode(std::string file_name, std::string_view bytes, const decode_options& options,
                   std::vector<diagnostic>& diagnostics) {
    return decode_text(std::move(file_name), bytes, nullptr, options, diagnostics, false);
}

namespace detail {

source_text decode_owned(std::string file_name, std::string bytes, const decode_options& options,
                         std::vector<diagnostic>& diagnostics, bool checked_utf8) {
    const std::string_view view = bytes;
    return decode_text(std::move(file_name), view, &bytes, options, diagnostics, checked_utf8);
}

source_text decode_parts(std::string file_name, std::string_view bytes, std::string* owned, const decode_options& options,
                         std::vector<diagnostic>& diagnostics, std::span<const std::size_t> parts, bool at_start) {
    return decode_text(std::move(file_name), bytes, owned, options, diagnostics, false, parts, at_start);
}

}  // namespace detail

}  // namespace kifu
