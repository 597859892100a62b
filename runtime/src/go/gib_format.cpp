// The GIB registry entry: sniffing (and the encoding GIBOKIND implies) and reading into a go
// record through the SGF tree the file converts to.

#include "go/readers.hpp"

#include "go/converted_game.hpp"
#include "go/formats.hpp"

namespace kifu::inline v1::go {
namespace {

void read_text(const source_text& text, const read_options& options, read_result& out) {
    const std::size_t before = out.diagnostics.size();
    detail::read_converted(parse_gib(text, options.mode, out.diagnostics), text, options, out, before);
}

}  // namespace

kifu::format_entry gib_format() {
    kifu::format_entry f;
    f.name = "gib";
    f.game = kifu::game::go;
    f.description = "Tygem GIB go record";
    f.extensions = {".gib"};
    f.binary = false;
    f.fallback_encoding = "CP949";  // Tygem is Korean; GIBOKIND=China files are sniffed as GB18030
    f.sniff = &sniff_gib;
    f.read_text = &read_text;
    f.trace = &detail::trace_gib;
    return f;
}

}  // namespace kifu::go
