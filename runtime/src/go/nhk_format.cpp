// The NHK score registry entry: sniffing and reading into a go record (through the SGF tree
// the file converts to).

#include "go/formats.hpp"
#include "go/normalize.hpp"
#include "go/readers.hpp"

namespace kifu::inline v1::go {
namespace {

int sniff(std::string_view bytes, std::string& /*declared*/) { return sniff_nhk(bytes); }

void read_text(const source_text& text, const read_options& options, read_result& out) {
    const std::size_t before = out.diagnostics.size();
    const sgf_collection tree = parse_nhk(text, options.mode, out.diagnostics);
    if (tree.roots.empty()) return;
    normalize_options how;
    how.replay = options.normalize;
    how.rules_are_errors = options.warnings_are_errors;
    how.stop_at_first_error = options.mode == read_mode::strict;
    record r = normalize(tree, tree.roots.front(), how, out.diagnostics);  // positions: the builder's
    const bool failed = has_error_since(out.diagnostics, before);
    if (failed && options.mode == read_mode::strict) return;
    out.records.emplace_back(std::move(r));
}

}  // namespace

kifu::format_entry nhk_format() {
    kifu::format_entry f;
    f.name = "nhk";
    f.game = kifu::game::go;
    f.description = "NHK Cup Go score file (NIP100)";
    f.extensions = {};  // saved as .txt or anything: detected by content (NIP100)
    f.binary = false;
    f.fallback_encoding = "CP932";  // NHK's CGI served Shift_JIS; saved copies are UTF-8
    f.sniff = &sniff;
    f.read_text = &read_text;
    f.trace = &detail::trace_nhk;
    return f;
}

}  // namespace kifu::go
