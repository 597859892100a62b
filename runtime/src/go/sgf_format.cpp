// SGF's registry entry: sniffing (format and charset) and reading text into go records.

#include "go/formats.hpp"

#include <iconv.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/utf8.hpp"
#include "go/normalize.hpp"
#include "go/readers.hpp"

namespace kifu::inline v1::go {
namespace {

bool is_blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A UTF-16 text of ASCII SGF has a NUL in every other byte.
std::string utf16_without_bom(std::string_view bytes) {
    const std::size_t n = std::min<std::size_t>(bytes.size() & ~std::size_t{1}, 512);
    if (n < 8) return {};
    std::size_t even = 0;
    std::size_t odd = 0;
    for (std::size_t i = 0; i < n; i += 2) {
        even += bytes[i] == '\0';
        odd += bytes[i + 1] == '\0';
    }
    const std::size_t pairs = n / 2;
    // The text must start as UTF-16 too: an ASCII start with a UTF-16 game later is mixed.
    if (bytes[0] != '\0' && bytes[1] != '\0') return {};
    if (odd * 10 >= pairs * 8 && even * 10 <= pairs) return "UTF-16LE";
    if (even * 10 >= pairs * 8 && odd * 10 <= pairs) return "UTF-16BE";
    return {};
}

bool iconv_knows(const std::string& name) {
    iconv_t cd = iconv_open("UTF-8", name.c_str());
    if (cd == reinterpret_cast<iconv_t>(-1)) return false;
    iconv_close(cd);
    return true;
}

// Without CA and without valid UTF-8: CJK text has its high bytes in pairs, Latin text has
// them alone. Shift_JIS kana and kanji lead bytes 0x81–0x84 and 0x88–0x9F; GB18030 leads
// start at 0xA1 for the common characters.
std::string guess_cjk(std::string_view bytes) {
    std::size_t high = 0;
    std::size_t paired = 0;
    std::size_t sjis_leads = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const auto b = static_cast<unsigned char>(bytes[i]);
        if (b < 0x80) continue;
        ++high;
        const bool next_high = i + 1 < bytes.size() && static_cast<unsigned char>(bytes[i + 1]) >= 0x80;
        const bool prev_high = i > 0 && static_cast<unsigned char>(bytes[i - 1]) >= 0x80;
        if (next_high || prev_high || (i + 1 < bytes.size() && b >= 0x81 && b <= 0x9F)) ++paired;
        if (b >= 0x81 && b <= 0x9F) {
            ++sjis_leads;
            ++i;  // skip the trail byte (it may be ASCII: 0x40–0x7E)
            ++high;
            ++paired;
        }
    }
    if (high < 4 || paired * 10 < high * 9) return {};
    return sjis_leads * 5 >= high ? "CP932" : "GB18030";
}

}  // namespace

std::string sniff_sgf_charset(std::string_view bytes) {
    if (bytes.starts_with("\xEF\xBB\xBF") || bytes.starts_with("\xFF\xFE") || bytes.starts_with("\xFE\xFF")) {
        return {};  // a BOM speaks for itself
    }
    if (std::string u16 = utf16_without_bom(bytes); !u16.empty()) return u16;
    const bool utf8 = is_valid_utf8(bytes);
    // The root's CA: the first `CA[` that starts a property (not inside a longer identifier).
    for (std::size_t at = bytes.find("CA["); at != std::string_view::npos; at = bytes.find("CA[", at + 1)) {
        if (at > 0 && bytes[at - 1] >= 'A' && bytes[at - 1] <= 'Z') continue;
        const std::size_t end = bytes.find(']', at + 3);
        if (end == std::string_view::npos || end - at > 64) break;
        std::string name = normalize_encoding_name(bytes.substr(at + 3, end - at - 3));
        if (name == "GB2312" || name == "EUC-CN" || name == "GBK" || name == "CP936") name = "GB18030";
        if (name == "UTF-8") return utf8 ? name : std::string();  // wrong: let detection decide
        // An ASCII-compatible start rules out UTF-16/32 labels (sgfc/mixed-encoding.sgf).
        if (name.starts_with("UTF-16") || name.starts_with("UTF-32") || name.starts_with("UCS")) {
            at = end;
            continue;
        }
        // Valid multi-byte UTF-8 under an 8-bit label is UTF-8 (the label is wrong; real Latin
        // text is never valid UTF-8 by chance).
        if (utf8 && !kifu::detail::is_ascii(bytes)) return "UTF-8";
        return iconv_knows(name) ? name : std::string();
    }
    if (utf8) return {};
    return guess_cjk(bytes);
}

int sniff_sgf(std::string_view bytes) noexcept {
    std::size_t i = 0;
    if (bytes.starts_with("\xEF\xBB\xBF")) i = 3;
    while (i < bytes.size() && is_blank(bytes[i])) ++i;
    if (i < bytes.size() && bytes[i] == '(') {
        std::size_t j = i + 1;
        while (j < bytes.size() && is_blank(bytes[j])) ++j;
        if (j < bytes.size() && bytes[j] == ';') return 95;
        if (j + 2 < bytes.size() && bytes[j] >= 'A' && bytes[j] <= 'Z') return 60;
    }
    // Leading junk (mail headers, prose) before the first `(;`.
    for (std::size_t at = bytes.find('('); at != std::string_view::npos; at = bytes.find('(', at + 1)) {
        std::size_t j = at + 1;
        while (j < bytes.size() && is_blank(bytes[j])) ++j;
        if (j < bytes.size() && bytes[j] == ';' && j + 1 < bytes.size() && bytes[j + 1] >= 'A' && bytes[j + 1] <= 'Z') {
            return 50;
        }
    }
    return 0;
}

namespace {

int sniff(std::string_view bytes, std::string& declared) {
    const int score = sniff_sgf(bytes);
    if (score > 0) declared = sniff_sgf_charset(bytes);
    return score;
}

// For each game tree: true when an error the parser reported (from `since` on) lies in it,
// between the start of its root node and the start of the next tree's.
std::vector<bool> errors_by_tree(const source_text& text, const sgf_collection& tree,
                                 const std::vector<diagnostic>& diagnostics, std::size_t since) {
    std::vector<bool> errors(tree.roots.size(), false);
    if (tree.roots.empty() || !has_error_since(diagnostics, since)) return errors;
    using place = std::pair<std::uint32_t, std::uint32_t>;
    std::vector<place> starts;
    starts.reserve(tree.roots.size());
    for (const node_id root : tree.roots) {
        const text_position at = text.position_of(tree[root].offset);
        starts.emplace_back(at.line, at.column);
    }
    for (std::size_t i = since; i < diagnostics.size(); ++i) {
        const diagnostic& d = diagnostics[i];
        if (d.severity != severity::error || d.line == 0) continue;
        const auto after = std::upper_bound(starts.begin(), starts.end(), place{d.line, d.column});
        if (after != starts.begin()) errors[static_cast<std::size_t>(after - starts.begin() - 1)] = true;
    }
    return errors;
}

void read_text(const source_text& text, const read_options& options, read_result& out) {
    if (text.encoding().starts_with("UTF-16") || text.encoding().starts_with("UTF-32")) {
        // FF[4] wants identifiers and non-text values in US-ASCII: a UTF-16 file is not SGF.
        // It is read all the same (transcoded before lexing), with a word about it.
        out.diagnostics.push_back(text.make_diagnostic(
            severity::warning, "sgf.utf16",
            "the file is " + std::string(text.encoding()) + ", which SGF does not allow (not ASCII-compatible); read anyway", 0));
    }
    const std::size_t parse_since = out.diagnostics.size();
    const sgf_collection tree = parse_sgf(text, options.mode, out.diagnostics);
    const std::vector<bool> syntax_errors = errors_by_tree(text, tree, out.diagnostics, parse_since);
    normalize_options how;
    how.replay = options.normalize;
    how.rules_are_errors = options.warnings_are_errors;
    how.stop_at_first_error = options.mode == read_mode::strict;
    for (std::size_t k = 0; k < tree.roots.size(); ++k) {
        const std::size_t before = out.diagnostics.size();
        record r = normalize(tree, tree.roots[k], how, out.diagnostics, &text);
        const bool failed = has_error_since(out.diagnostics, before);
        if (failed && options.mode == read_mode::strict) break;
        kifu::record& kept = out.records.emplace_back(std::move(r));
        kept.has_error = failed || syntax_errors[k];
    }
}

}  // namespace

kifu::format_entry sgf_format() {
    kifu::format_entry f;
    f.name = "sgf";
    f.game = kifu::game::go;
    f.description = "Smart Game Format, go (FF[1]-FF[4])";
    f.extensions = {".sgf"};
    f.binary = false;
    f.many_games = true;
    f.fallback_encoding = "ISO-8859-1";  // FF[4]'s default when CA is absent
    f.sniff = &sniff;
    f.read_text = &read_text;
    f.trace = &detail::trace_sgf;
    return f;
}

}  // namespace kifu::go
