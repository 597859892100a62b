// The usi format's entry in the format list: USI position commands and SFEN lines, one record
// per line (sniffer, reader: parse + normalize, trace).

#include "shogi/formats.hpp"

#include <string>
#include <string_view>
#include <vector>

#include "shogi/usi_builder.hpp"

namespace kifu::inline v1::shogi {
namespace {

bool is_board_char(char c) noexcept {
    return (c >= '1' && c <= '9') || c == '+' || std::string_view("PLNSGBRKplnsgbrk").find(c) != std::string_view::npos;
}

// True for `<rank>/<rank>/…` with nine ranks, then a blank: the first field of an SFEN.
bool starts_with_sfen_board(std::string_view line) noexcept {
    std::size_t i = 0;
    int slashes = 0;
    while (i < line.size() && (is_board_char(line[i]) || line[i] == '/')) {
        slashes += line[i] == '/' ? 1 : 0;
        ++i;
    }
    return slashes == 8 && i < line.size() && (line[i] == ' ' || line[i] == '\t');
}

// The first non-blank line decides: a USI command or a bare SFEN is nothing else.
int sniff_usi(std::string_view bytes, std::string&) {
    if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
    const std::size_t start = bytes.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return 0;
    std::string_view line = bytes.substr(start);
    line = line.substr(0, line.find_first_of("\r\n"));
    if (line.starts_with("position startpos") || line.starts_with("position sfen ")) return 100;
    if (line == "startpos" || line.starts_with("startpos moves") || line.starts_with("sfen ")) return 90;
    if (starts_with_sfen_board(line)) return 90;
    return 0;
}

void read_usi(const source_text& text, const read_options& options, read_result& out) {
    std::vector<jkf> games;
    const bool parsed = detail::parse_usi_text(text, options.mode, games, out.diagnostics);
    (void)parsed;  // the records of the lines before a strict error are kept, and normalized below
    // USI moves leave implicit what a JKF move may leave: the piece (from the origin), the
    // capture, 同 and 相対, which the normalizer fills in as it does for JKF. One game at a
    // time, so that each record knows whether the normalizer's errors were its own (a line
    // the grammar rejects makes no record).
    for (jkf& game : games) {
        const std::size_t since = out.diagnostics.size();
        if (!detail::keep_game(game, source_format::jkf, text, options, out)) break;  // strict: the read ends
        out.records.back().has_error = has_error_since(out.diagnostics, since);
    }
}

}  // namespace

format_entry usi_format() {
    format_entry f;
    f.name = "usi";
    f.game = kifu::game::shogi;
    f.description = "USI position commands and SFEN positions, one record per line (position startpos moves 7g7f …)";
    f.extensions = {".usi", ".sfen"};
    f.many_games = true;
    f.fallback_encoding = "UTF-8";
    f.sniff = &sniff_usi;
    f.read_text = &read_usi;
    f.trace = &detail::trace_usi;
    return f;
}

}  // namespace kifu::shogi
