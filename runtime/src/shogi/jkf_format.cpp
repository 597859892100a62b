// The JKF format's entry in the format list: sniffer and reader.

#include "shogi/formats.hpp"

#include <string>
#include <string_view>

#include "shogi/jkf_reader.hpp"

namespace kifu::inline v1::shogi {
namespace {

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
    if (bytes.find("\"game\"") != std::string_view::npos) {
        return 20;
    }
    const bool shaped = bytes.find("\"moves\"") != std::string_view::npos || bytes.find("\"header\"") != std::string_view::npos;
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
