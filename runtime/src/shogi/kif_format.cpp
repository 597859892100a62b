// The KIF format's entry in the format list: sniffer, reader (parse + normalize), trace.

#include "shogi/formats.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/normalize.hpp>
#include <kifu/text.hpp>

#include "core/lines.hpp"
#include "shogi/kakinoki.hpp"
#include "shogi/kif_builder.hpp"

namespace kifu::inline v1::shogi {
namespace {

// The sniffer sees raw bytes: each word is looked for in UTF-8 and in CP932.
constexpr std::array<std::string_view, 8> header_words{
    "\xE6\x89\x8B\xE5\x90\x88\xE5\x89\xB2", "\x8E\xE8\x8D\x87\x8A\x84",  // 手合割
    "\xE5\x85\x88\xE6\x89\x8B",             "\x90\xE6\x8E\xE8",          // 先手
    "\xE5\xBE\x8C\xE6\x89\x8B",             "\x8C\xE3\x8E\xE8",          // 後手
    "\xE9\x96\x8B\xE5\xA7\x8B",             "\x8A\x4A\x8E\x6E",          // 開始
};
constexpr std::array<std::string_view, 2> title_words{
    "\xE6\x89\x8B\xE6\x95\xB0-", "\x8E\xE8\x90\x94-",  // 手数-
};
constexpr std::array<std::string_view, 10> ki2_marks{
    "\xE2\x96\xB2", "\xE2\x96\xB3", "\xE2\x96\xBC", "\xE2\x96\xBD", "\xE2\x98\x97", "\xE2\x98\x96",  // ▲△▼▽☗☖
    "\x81\xA3",     "\x81\xA2",     "\x81\xA5",     "\x81\xA4",                                    // ▲△▼▽ in CP932
};

template <std::size_t N>
bool starts_with_any(std::string_view l, const std::array<std::string_view, N>& words) noexcept {
    for (std::string_view w : words) {
        if (l.starts_with(w)) return true;
    }
    return false;
}

// `   1 ７六歩(77)`: a ply number, a blank, then a non-ASCII byte (the move or a word), which
// neither CSA (`+7776FU`) nor USI text has.
bool is_move_line(std::string_view l) noexcept {
    std::size_t i = 0;
    while (i < l.size() && l[i] >= '0' && l[i] <= '9') ++i;
    if (i == 0 || i > 9 || i >= l.size() || (l[i] != ' ' && l[i] != '\t')) return false;
    while (i < l.size() && (l[i] == ' ' || l[i] == '\t')) ++i;
    return i < l.size() && static_cast<unsigned char>(l[i]) >= 0x80;
}

// KIF when numbered move lines make up the record (with its headers, comments and board); a
// record with headers and no move at all is KIF rather than KI2, less surely. FitsOnly: the
// score only needs to be above 0 (format_entry::sniff_fits), which the first move line settles.
template <bool FitsOnly>
int sniff_kif(std::string_view bytes, std::string& declared) {
    declared = detail::declared_kakinoki_encoding(bytes);
    if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
    if (bytes.starts_with("#KIF")) return 100;
    int lines = 0;
    int moves = 0;
    int headers = 0;
    int ki2 = 0;
    std::size_t pos = 0;
    while (pos < bytes.size() && lines < 200) {
        std::size_t end = kifu::detail::find_line_break(bytes, pos);
        if (end == std::string_view::npos) end = bytes.size();
        std::string_view l = bytes.substr(pos, end - pos);
        pos = end + 1;
        while (!l.empty() && (l.front() == ' ' || l.front() == '\t')) l.remove_prefix(1);
        if (l.empty()) continue;
        ++lines;
        if (is_move_line(l)) {
            // A move line makes the score 10 or more, whatever follows.
            if constexpr (FitsOnly) return 1;
            ++moves;
        } else if (starts_with_any(l, ki2_marks)) {
            ++ki2;
        } else if (starts_with_any(l, header_words) || starts_with_any(l, title_words)) {
            ++headers;
        }
    }
    if (lines == 0 || moves + headers == 0) return 0;
    if (moves == 0) return ki2 == 0 ? 40 : 0;
    if (ki2 > moves) return 10;
    // Comments and variations are free-form lines, so a KIF record needs only a few move lines.
    return std::min(100, 60 + (moves + headers) * 40 / lines);
}

void read_kif(const source_text& text, const read_options& options, read_result& out) {
    std::vector<jkf> games;
    std::vector<unreadable_line> skipped;
    detail::parse_kif_with_skipped(text, options.mode, games, out.diagnostics, &skipped);
    detail::keep_games(games, source_format::kif, text, options, out, &skipped);
}

}  // namespace

format_entry kif_format() {
    format_entry f;
    f.name = "kif";
    f.game = kifu::game::shogi;
    f.description = "KIF (Kakinoki record: numbered move lines such as '1 ７六歩(77)', variations)";
    f.extensions = {".kif", ".kifu"};
    // `.kifu` files are UTF-8, which detection recognises before any fallback.
    f.fallback_encoding = "CP932";
    f.sniff = &sniff_kif<false>;
    f.sniff_fits = &sniff_kif<true>;
    f.sniff_checks_utf8 = true;  // detail::declared_kakinoki_encoding
    f.read_text = &read_kif;
    f.trace = &detail::trace_kif;
    return f;
}

}  // namespace kifu::shogi
