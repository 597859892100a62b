// Encoding names and detection. Decoding itself is in decode.cpp.

#include "core/decode.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace kifu::inline v1 {

namespace {

// Lower case without '-', '_', ' ' and '.': "Shift_JIS", "shift-jis" and "SHIFT JIS" meet.
std::string name_key(std::string_view name) {
    std::string key;
    key.reserve(name.size());
    for (const char c : name) {
        if (c == '-' || c == '_' || c == ' ' || c == '.') continue;
        key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return key;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// Shift_JIS as written by Japanese software is in practice Microsoft's CP932 (NEC and IBM
// extensions, 0x5C as backslash), so every Shift_JIS name decodes as CP932.
constexpr std::array<std::pair<std::string_view, std::string_view>, 21> aliases{{
    {"shiftjis", "CP932"},    {"sjis", "CP932"},       {"cp932", "CP932"},
    {"windows31j", "CP932"},  {"ms932", "CP932"},      {"mskanji", "CP932"},
    {"xsjis", "CP932"},       {"csshiftjis", "CP932"}, {"utf8", "UTF-8"},
    {"eucjp", "EUC-JP"},      {"xeucjp", "EUC-JP"},    {"iso88591", "ISO-8859-1"},
    {"latin1", "ISO-8859-1"}, {"l1", "ISO-8859-1"},    {"isolatin1", "ISO-8859-1"},
    {"iso885911987", "ISO-8859-1"}, {"utf16le", "UTF-16LE"}, {"utf16be", "UTF-16BE"},
    {"utf16", "UTF-16"},      {"ascii", "US-ASCII"},   {"usascii", "US-ASCII"},
}};

// How the bytes fare as EUC-JP and as CP932 (leads and trails as each encoding
// allows; only the pair structure is checked, never ASCII meaning: CP932 trail bytes include
// 0x40–0x7E, so "\\" inside 十 or 表 is not a backslash).
struct pair_counts {
    std::size_t pairs = 0;   // multi-byte characters that decode cleanly
    std::size_t kana = 0;    // CP932 single-byte half-width katakana
    std::size_t errors = 0;  // bytes that fit nowhere
};

pair_counts count_euc_jp(const unsigned char* p, const unsigned char* end) {
    pair_counts c;
    auto euc_byte = [](unsigned char b) { return b >= 0xA1 && b <= 0xFE; };
    while (p < end) {
        const unsigned char b = *p;
        const auto left = end - p;
        if (b < 0x80) {
            ++p;
        } else if (b == 0x8E && left >= 2 && p[1] >= 0xA1 && p[1] <= 0xDF) {
            ++c.pairs;  // half-width katakana
            p += 2;
        } else if (b == 0x8F && left >= 3 && euc_byte(p[1]) && euc_byte(p[2])) {
            ++c.pairs;  // JIS X 0212
            p += 3;
        } else if (euc_byte(b) && left >= 2 && euc_byte(p[1])) {
            ++c.pairs;
            p += 2;
        } else {
            ++c.errors;
            ++p;
        }
    }
    return c;
}

pair_counts count_cp932(const unsigned char* p, const unsigned char* end) {
    pair_counts c;
    auto lead = [](unsigned char b) { return (b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC); };
    auto trail = [](unsigned char b) { return (b >= 0x40 && b <= 0x7E) || (b >= 0x80 && b <= 0xFC); };
    while (p < end) {
        const unsigned char b = *p;
        if (b < 0x80) {
            ++p;
        } else if (b >= 0xA1 && b <= 0xDF) {
            ++c.kana;
            ++p;
        } else if (lead(b) && end - p >= 2 && trail(p[1])) {
            ++c.pairs;
            p += 2;
        } else {
            ++c.errors;
            ++p;
        }
    }
    return c;
}

// EUC-JP text often reads cleanly as CP932 too, but then as a stream of half-width katakana
// (EUC-JP lead bytes 0xA1–0xDF are katakana in CP932); real CP932 text has few of those.
// The first 256 KiB decide: more text changes no verdict, and the whole of a 10 MB file
// would double the cost of decoding it.
std::string guess_japanese(std::string_view bytes, std::string fallback) {
    bytes = bytes.substr(0, 256 * 1024);
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    const auto* end = p + bytes.size();
    const pair_counts euc = count_euc_jp(p, end);
    const pair_counts sjis = count_cp932(p, end);
    if (euc.errors < sjis.errors) return "EUC-JP";
    if (sjis.errors < euc.errors) return "CP932";
    if (sjis.kana > sjis.pairs) return "EUC-JP";
    if (euc.pairs == 0 && sjis.pairs > 0) return "CP932";
    return fallback;
}

// Counts the NUL bytes at each place of a 4-byte unit in the first 4 KiB.
struct nul_counts {
    std::size_t at[4] = {0, 0, 0, 0};
    std::size_t units = 0;  // whole 4-byte units looked at
};

nul_counts count_nuls(std::string_view bytes) {
    nul_counts c;
    const std::size_t n = std::min<std::size_t>(bytes.size(), 4096) & ~std::size_t{3};
    for (std::size_t i = 0; i < n; ++i) c.at[i % 4] += bytes[i] == '\0';
    c.units = n / 4;
    return c;
}

// Many valid multi-byte UTF-8 characters and at most one byte in fifty of them that fits no
// sequence (CP932 and EUC-JP text has a lead or trail byte out of place in most characters).
bool mostly_utf8(std::string_view bytes) {
    std::size_t good = 0;
    std::size_t bad = 0;
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    const auto* const end = p + bytes.size();
    while (p < end) {
        const unsigned char b = *p;
        if (b < 0x80) {
            ++p;
            continue;
        }
        const std::ptrdiff_t n = b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
        bool ok = n != 0 && end - p >= n;
        for (std::ptrdiff_t k = 1; ok && k < n; ++k) ok = (p[k] & 0xC0) == 0x80;
        if (ok) {
            ++good;
            p += n;
        } else {
            ++bad;
            ++p;
        }
    }
    return good >= 8 && bad * 50 <= good;
}

}  // namespace

std::string detect_wide_encoding(std::string_view bytes) {
    // Every wide form needs NUL bytes in the window; most inputs have none, which one memchr
    // over the 4 KiB tells.
    const std::string_view window = bytes.substr(0, std::min<std::size_t>(bytes.size(), 4096));
    if (window.find('\0') == std::string_view::npos) return {};
    const nul_counts c = count_nuls(bytes);
    if (c.units < 2) return {};
    const std::size_t units = c.units;
    // UTF-32: the top byte of every unit is 0 and so, below U+10000, is the next one.
    if (c.at[3] == units && c.at[2] * 10 >= units * 9 && c.at[0] * 2 < units) return "UTF-32LE";
    if (c.at[0] == units && c.at[1] * 10 >= units * 9 && c.at[3] * 2 < units) return "UTF-32BE";
    // UTF-16: the high byte of ASCII characters (digits, spaces, line breaks, Latin text) is 0;
    // kana and kanji have none, so a fifth of the units suffices, with few NULs on the other side.
    const std::size_t even = c.at[0] + c.at[2];
    const std::size_t odd = c.at[1] + c.at[3];
    const std::size_t pairs = units * 2;
    if (odd * 5 >= pairs && even * 4 <= odd) return "UTF-16LE";
    if (even * 5 >= pairs && odd * 4 <= even) return "UTF-16BE";
    return {};
}

std::string likely_encoding(std::string_view bytes, std::string_view tried) {
    if (std::string wide = detect_wide_encoding(bytes); !wide.empty()) return wide != tried ? wide : std::string();
    if (tried != "UTF-8" && is_valid_utf8(bytes)) return "UTF-8";
    const std::string_view head = bytes.substr(0, 256 * 1024);
    const auto* p = reinterpret_cast<const unsigned char*>(head.data());
    const auto* end = p + head.size();
    const pair_counts euc = count_euc_jp(p, end);
    const pair_counts sjis = count_cp932(p, end);
    // A candidate must decode nearly everything (at most one bad byte in a hundred pairs).
    const bool euc_fits = euc.pairs > 0 && euc.errors * 100 <= euc.pairs && tried != "EUC-JP";
    const bool sjis_fits = sjis.pairs > 0 && sjis.errors * 100 <= sjis.pairs && tried != "CP932";
    if (sjis_fits && (!euc_fits || sjis.errors < euc.errors || (sjis.errors == euc.errors && sjis.kana <= sjis.pairs))) return "CP932";
    if (euc_fits) return "EUC-JP";
    return {};
}

std::string normalize_encoding_name(std::string_view name) {
    name = trim(name);
    const std::string key = name_key(name);
    for (const auto& [alias, canonical] : aliases) {
        if (key == alias) return std::string(canonical);
    }
    std::string upper(name);
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return upper;
}

std::string detect_encoding(std::string_view bytes, const decode_options& options) {
    bool checked = false;
    return detail::detect_encoding(bytes, options, checked);
}

std::string detail::detect_encoding(std::string_view bytes, const decode_options& options, bool& checked_utf8) {
    checked_utf8 = false;
    if (!trim(options.forced).empty()) return normalize_encoding_name(options.forced);
    if (bytes.starts_with("\xEF\xBB\xBF")) return "UTF-8";
    if (bytes.starts_with(std::string_view("\xFF\xFE\0\0", 4))) return "UTF-32LE";
    if (bytes.starts_with(std::string_view("\0\0\xFE\xFF", 4))) return "UTF-32BE";
    if (bytes.starts_with("\xFF\xFE")) return "UTF-16LE";
    if (bytes.starts_with("\xFE\xFF")) return "UTF-16BE";
    if (std::string wide = detect_wide_encoding(bytes); !wide.empty()) return wide;
    if (!trim(options.declared).empty()) return normalize_encoding_name(options.declared);
    if (is_valid_utf8(bytes)) {
        checked_utf8 = true;
        return "UTF-8";
    }
    return fallback_encoding(bytes, options.fallback);
}

std::string detail::fallback_encoding(std::string_view bytes, std::string_view fallback_name) {
    std::string fallback = normalize_encoding_name(fallback_name);
    if (fallback.empty()) return "UTF-8";
    // UTF-8 text with a damaged sequence or two is UTF-8 (its bad bytes said as such), not a
    // page of mojibake in the fallback with an error on every line.
    if (mostly_utf8(bytes)) return "UTF-8";
    if (fallback == "CP932" || fallback == "EUC-JP") return guess_japanese(bytes, std::move(fallback));
    return fallback;
}

}  // namespace kifu
