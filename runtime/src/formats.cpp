// The one list of formats kifu reads, and detection of format and encoding.

#include <kifu/format.hpp>

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "core/decode.hpp"
#include "core/utf8.hpp"
#include "format_entry.hpp"
#include "go/formats.hpp"
#include "othello/formats.hpp"
#include "read_internal.hpp"
#include "shogi/formats.hpp"

namespace kifu::inline v1 {
namespace {

/// Every format's entry, and what users see of each (format_info) in a list of its own so
/// formats() can hand it out as a span; both in the same order.
struct format_lists {
    std::vector<format_entry> entries;
    std::vector<format_info> infos;
};

/// Every format, in the order that breaks ties between equally sure sniffers.
/// Adding a format is adding one line here.
const format_lists& lists() {
    static const format_lists all = [] {
        format_lists l;
        l.entries = {
            shogi::csa_format(),
            shogi::kif_format(),
            shogi::jkf_format(),
            shogi::ki2_format(),
            shogi::usi_format(),
            go::sgf_format(),
            go::nhk_format(),
            go::gib_format(),
            go::ngf_format(),
            go::ugf_format(),
            othello::ggf_format(),
            othello::wthor_format(),
        };
        for (format_entry& e : l.entries) {
            e.has_grammar = e.trace != nullptr;
            l.infos.push_back(e);
        }
        return l;
    }();
    return all;
}

const std::vector<format_info>& registry() { return lists().infos; }

// Sniffers look at the start of an input only: detection must cost the same for a
// 1 KiB record and a 1 GiB archive.
constexpr std::size_t sniff_window = 64 * 1024;

// The sniff window of a UTF-16 or UTF-32 input (`wide` names which) in UTF-8, so that every
// sniffer reads the marks it looks for (`(;GM[Othello]`, `PI`, `手合割`) in any encoding. A
// BOM is left out, a unit cut by the window's end too; a lone surrogate becomes U+FFFD.
std::string narrowed(std::string_view window, std::string_view wide) {
    const bool big = wide.ends_with("BE");
    const std::size_t unit = wide.starts_with("UTF-32") ? 4 : 2;
    const auto* const data = reinterpret_cast<const unsigned char*>(window.data());
    const auto at = [&](std::size_t i) -> char32_t {
        char32_t v = 0;
        for (std::size_t k = 0; k < unit; ++k) {
            const std::size_t byte = big ? i + k : i + unit - 1 - k;
            v = (v << 8) | data[byte];
        }
        return v;
    };
    std::string out;
    out.reserve(window.size() / unit + 16);
    for (std::size_t i = 0; i + unit <= window.size(); i += unit) {
        char32_t c = at(i);
        if (unit == 2 && c >= 0xD800 && c <= 0xDBFF && i + 2 * unit <= window.size()) {
            const char32_t low = at(i + unit);
            if (low >= 0xDC00 && low <= 0xDFFF) {
                c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
                i += unit;
            }
        }
        if ((c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF) c = 0xFFFD;
        if (i == 0 && c == 0xFEFF) continue;
        detail::append_utf8(out, c);
    }
    return out;
}

// A format named only by its extension loses to the content when its own sniffer
// rules it out and another format is at least this sure.
constexpr int content_beats_extension = 50;

std::string lower_extension(std::string_view name) {
    const std::size_t slash = name.find_last_of("/\\");
    const std::string_view base = slash == std::string_view::npos ? name : name.substr(slash + 1);
    const std::size_t dot = base.rfind('.');
    if (dot == std::string_view::npos || dot == 0) {
        return {};
    }
    std::string ext(base.substr(dot));
    std::transform(ext.begin(), ext.end(), ext.begin(), [](char c) {
        return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    });
    return ext;
}

bool has_extension(const format_info& f, std::string_view ext) {
    return !ext.empty() && std::find(f.extensions.begin(), f.extensions.end(), ext) != f.extensions.end();
}

// Whether `bytes` are known to be valid UTF-8 after detection named UTF-8 from what the sniff of
// a sniff_checks_utf8 format declared: the sniff checked its window up to the last line break,
// so when the window is the whole input only the text after that break is left to check.
bool sniff_checked_utf8(std::string_view bytes, std::string_view window, const format_info& format,
                        bool declared_utf8, std::string_view encoding) {
    const format_entry* entry = entry_of(format);
    if (entry == nullptr || !entry->sniff_checks_utf8 || !declared_utf8 || encoding != "UTF-8" || window.size() != bytes.size()) {
        return false;
    }
    const std::size_t last = bytes.find_last_of('\n');
    return is_valid_utf8(last == std::string_view::npos ? bytes : bytes.substr(last + 1));
}

// The encoding of `bytes` in `format`, from what its sniff of `window` declared (empty when
// nothing); checked_utf8: the bytes are known to be valid UTF-8, checked by the detection or
// by the sniff (sniff_checked_utf8).
std::string encoding_of(std::string_view bytes, std::string_view window, const format_info& format, std::string declared,
                        bool& checked_utf8) {
    checked_utf8 = false;
    if (format.binary) {
        return {};
    }
    const bool declared_utf8 = declared == "UTF-8";
    decode_options options;
    if (!format.fallback_encoding.empty()) {
        options.fallback = std::string(format.fallback_encoding);
    }
    options.declared = std::move(declared);
    std::string encoding = detail::detect_encoding(bytes, options, checked_utf8);
    checked_utf8 = checked_utf8 || sniff_checked_utf8(bytes, window, format, declared_utf8, encoding);
    return encoding;
}

// Text has almost no control bytes other than tab, line breaks, form feed, ESC (ISO-2022-JP)
// and ^Z (old DOS ends); random or binary bytes have one in eight. UTF-16/32 text is text.
bool looks_like_text(std::string_view window) {
    if (!detect_wide_encoding(window).empty()) return true;
    std::size_t control = 0;
    for (const char ch : window) {
        const auto c = static_cast<unsigned char>(ch);
        control += c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1B && c != 0x1A;
    }
    return control * 100 <= window.size();
}

}  // namespace

std::span<const format_info> formats() noexcept { return registry(); }

std::span<const format_entry> format_entries() noexcept { return lists().entries; }

const format_entry* find_format_entry(std::string_view name) noexcept {
    for (const format_entry& e : lists().entries) {
        if (e.name == name) {
            return &e;
        }
    }
    return nullptr;
}

const format_entry* entry_of(const format_info& format) noexcept {
    const format_lists& l = lists();
    if (&format >= l.infos.data() && &format < l.infos.data() + l.infos.size()) {
        return &l.entries[static_cast<std::size_t>(&format - l.infos.data())];
    }
    return find_format_entry(format.name);
}

bool trace(const source_text& text, const format_info& format, std::string& out) {
    const format_entry* entry = entry_of(format);
    return entry != nullptr && entry->trace != nullptr && entry->trace(text, out);
}

const format_info* find_format(std::string_view name) noexcept {
    for (const format_info& f : registry()) {
        if (f.name == name) {
            return &f;
        }
    }
    return nullptr;
}

detection detect(std::string_view bytes, std::string_view name) {
    bool checked = false;
    return detail::detect(bytes, name, checked);
}

detection detect(std::string_view bytes, const format_info& format) {
    bool checked = false;
    return detail::detect(bytes, format, checked);
}

detection detail::detect(std::string_view bytes, std::string_view name, bool& checked_utf8) {
    checked_utf8 = false;
    const std::vector<format_info>& list = registry();
    const std::vector<format_entry>& entries = lists().entries;
    const std::string_view raw_window = bytes.substr(0, std::min(bytes.size(), sniff_window));
    // The sniffers read text in UTF-8: a wide input's window is read in its own encoding first.
    const std::string wide = detect_wide_encoding(raw_window);
    const std::string narrow = wide.empty() ? std::string() : narrowed(raw_window, wide);
    const std::string_view window = wide.empty() ? raw_window : std::string_view(narrow);
    const std::string ext = lower_extension(name);

    std::vector<int> scores(list.size(), 0);
    std::vector<std::string> declared(list.size());
    const auto sniff = [&](std::size_t i, bool fits_only) {
        const auto sniffer = fits_only && entries[i].sniff_fits ? entries[i].sniff_fits : entries[i].sniff;
        if (sniffer) {
            scores[i] = std::clamp(sniffer(window, declared[i]), 0, 100);
        }
    };
    // The format the extension names first (an extension names one format at most): when it
    // does not rule the input out, the content cannot overrule it, and the other sniffers (a
    // scan of up to 64 KiB each) need not run. Only whether its score is above 0 matters
    // then, or, at 0, that it is 0: its sniff_fits tells that.
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (has_extension(list[i], ext)) sniff(i, true);
    }

    // Highest score wins; the first in list order wins a tie.
    auto best_of = [&](auto&& eligible) {
        std::size_t best = list.size();
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (eligible(i) && (best == list.size() || scores[i] > scores[best])) {
                best = i;
            }
        }
        return best;
    };
    std::size_t chosen = best_of([&](std::size_t i) { return has_extension(list[i], ext); });
    const bool settled = chosen != list.size() && (!entries[chosen].sniff || scores[chosen] > 0);
    if (!settled) {
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (!has_extension(list[i], ext)) sniff(i, false);
        }
    }
    const std::size_t by_content = best_of([&](std::size_t i) { return scores[i] > 0; });
    // Content overrides an extension only for text: in random bytes a text format's marks
    // (`(;`, `PI`) turn up by chance.
    if (chosen == list.size() ||
        (entries[chosen].sniff && scores[chosen] == 0 && by_content != list.size() &&
         scores[by_content] >= content_beats_extension && (list[by_content].binary || looks_like_text(window)))) {
        chosen = by_content;
    }

    detection result;
    if (chosen != list.size()) {
        result.format = &list[chosen];
        result.encoding = encoding_of(bytes, raw_window, list[chosen], std::move(declared[chosen]), checked_utf8);
    }
    return result;
}

detection detail::detect(std::string_view bytes, const format_info& format, bool& checked_utf8) {
    std::string declared;
    const std::string_view window = bytes.substr(0, std::min(bytes.size(), sniff_window));
    // Only the declared encoding is wanted: the sniff that may stop early gives the same.
    if (const format_entry* entry = entry_of(format)) {
        if (const auto sniffer = entry->sniff_fits ? entry->sniff_fits : entry->sniff) {
            sniffer(window, declared);
        }
    }
    detection result;
    result.format = &format;
    result.encoding = encoding_of(bytes, window, format, std::move(declared), checked_utf8);
    return result;
}

}  // namespace kifu
