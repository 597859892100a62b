// The JKF format's entry in the format list: sniffer and reader.

#include "shogi/formats.hpp"

#include <cstring>
#include <string>
#include <string_view>

#include "shogi/jkf_reader.hpp"

namespace kifu::inline v1::shogi {
namespace {

// Whether `"word"` (quotes included) is in the bytes. Not string_view::find, which looks for
// the first character with memchr and then compares: JSON has a '"' every few bytes, and the
// search for a word a document lacks took a quarter of the time of the whole JKF read. The
// word's first letter is much rarer (none of JKF's keys has a 'g').
bool has_quoted(std::string_view bytes, std::string_view word) noexcept {
    const char* p = bytes.data();
    const char* const end = p + bytes.size();
    while (static_cast<std::size_t>(end - p) >= word.size() + 2) {
        const void* hit = std::memchr(p + 1, word[0], static_cast<std::size_t>(end - p) - word.size() - 1);
        if (hit == nullptr) return false;
        const char* at = static_cast<const char*>(hit);
        if (at[-1] == '"' && std::memcmp(at, word.data(), word.size()) == 0 && at[word.size()] == '"') return true;
        p = at;
    }
    return false;
}

// JKF is a JSON object; go and othello records use the same shape with a "game" member.
int sniff_jkf(std::string_view bytes, std::string& declared) {
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF") {
        bytes.remove_prefix(3);
    }
    const std::size_t first = bytes.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || bytes[first] != '{') {
        return 0;
    }
    declared = "UTF-8";
    if (has_quoted(bytes, "game")) {
        return 20;
    }
    const bool shaped = has_quoted(bytes, "moves") || has_quoted(bytes, "header");
    return shaped ? 90 : 50;
}

}  // namespace

format_entry jkf_format() {
    format_entry f;
    f.name = "jkf";
    f.game = kifu::game::shogi;
    f.description = "JSON Kifu Format 1.x (json-kifu-format)";
    f.extensions = {".jkf", ".json"};
    f.fallback_encoding = "UTF-8";
    f.sniff = &sniff_jkf;
    f.read_text = &detail::read_jkf;
    return f;
}

}  // namespace kifu::shogi
