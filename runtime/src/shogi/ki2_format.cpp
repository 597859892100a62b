// The KI2 format's entry in the format list: sniffer, reader (parse + normalize), trace.

#include "shogi/formats.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/normalize.hpp>
#include <kifu/text.hpp>

#include "core/lines.hpp"
#include "shogi/kakinoki.hpp"
#include "shogi/ki2_builder.hpp"

namespace kifu::inline v1::shogi {
namespace {

// The sniffer sees raw bytes: each word is looked for in UTF-8 and in CP932 (☗☖ exist only in
// UTF-8).
constexpr std::array<std::string_view, 10> move_marks{
    "\xE2\x96\xB2", "\xE2\x96\xB3", "\xE2\x96\xBC", "\xE2\x96\xBD", "\xE2\x98\x97", "\xE2\x98\x96",  // ▲△▼▽☗☖
    "\x81\xA3",     "\x81\xA2",     "\x81\xA5",     "\x81\xA4",                                    // ▲△▼▽ in CP932
};
constexpr std::array<std::string_view, 4> kakinoki_words{
    "\xE3\x81\xBE\xE3\x81\xA7", "\x82\xDC\x82\xC5",  // まで
    "\xE5\xA4\x89\xE5\x8C\x96", "\x95\xCF\x89\xBB",  // 変化
};
constexpr std::array<std::string_view, 2> wide_colons{"\xEF\xBC\x9A", "\x81\x46"};  // ：

bool starts_with_any(std::string_view l, std::span<const std::string_view> words) noexcept {
    for (std::string_view w : words) {
        if (l.starts_with(w)) return true;
    }
    return false;
}

// A line KI2 shares with KIF: header, comment, bookmark, `#`, board, まで, 変化.
bool is_kakinoki_line(std::string_view l) noexcept {
    if (l.empty()) return false;
    switch (l[0]) {
        case '*': case '&': case '#': case '|': case '+': return true;
        default: break;
    }
    if (starts_with_any(l, kakinoki_words)) return true;
    if (l.find(':') != std::string_view::npos) return true;
    for (std::string_view colon : wide_colons) {
        if (l.find(colon) != std::string_view::npos) return true;
    }
    return false;
}

// KI2 if some lines start with a move mark and (nearly) every line is a move line or one that
// KIF and KI2 share; KIF's numbered move lines count against it. FitsOnly: the score only
// needs to be above 0 (format_entry::sniff_fits), which a move line and one more of the two
// kinds settle: (moves + shared) * 100 / lines is then at least 200 / 200.
template <bool FitsOnly>
int sniff_ki2(std::string_view bytes, std::string& declared) {
    declared = detail::declared_kakinoki_encoding(bytes);
    if (bytes.starts_with("\xEF\xBB\xBF")) {
        bytes.remove_prefix(3);
    }
    int lines = 0;
    int moves = 0;
    int shared = 0;
    std::size_t pos = 0;
    while (pos < bytes.size() && lines < 200) {
        std::size_t end = kifu::detail::find_line_break(bytes, pos);
        if (end == std::string_view::npos) end = bytes.size();
        std::string_view l = bytes.substr(pos, end - pos);
        pos = end + 1;
        while (!l.empty() && (l.front() == ' ' || l.front() == '\t')) l.remove_prefix(1);
        while (!l.empty() && (l.back() == ' ' || l.back() == '\t')) l.remove_suffix(1);
        if (l.empty()) continue;
        ++lines;
        if (starts_with_any(l, move_marks)) {
            ++moves;
        } else if (is_kakinoki_line(l)) {
            ++shared;
        }
        if constexpr (FitsOnly) {
            if (moves != 0 && moves + shared >= 2) return 1;
        }
    }
    if (moves == 0) return 0;
    return (moves + shared) * 100 / lines;
}

void read_ki2(const source_text& text, const read_options& options, read_result& out) {
    std::vector<jkf> games;
    detail::parse_ki2(text, options.mode, games, out.diagnostics);
    detail::keep_games(games, source_format::ki2, text, options, out);
}

}  // namespace

format_entry ki2_format() {
    format_entry f;
    f.name = "ki2";
    f.game = kifu::game::shogi;
    f.description = "KI2 (Kakinoki notation-only record: ▲７六歩 △３四歩 …)";
    f.extensions = {".ki2", ".ki2u"};
    // `.ki2u` files are UTF-8, which detection recognises before any fallback.
    f.fallback_encoding = "CP932";
    f.sniff = &sniff_ki2<false>;
    f.sniff_fits = &sniff_ki2<true>;
    f.sniff_checks_utf8 = true;  // detail::declared_kakinoki_encoding
    f.read_text = &read_ki2;
    f.trace = &detail::trace_ki2;
    return f;
}

}  // namespace kifu::shogi
