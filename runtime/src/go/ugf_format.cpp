// The UGF registry entry: sniffing (and the encoding `Lang=SJIS` names) and reading into a go
// record through the SGF tree the file converts to.

#include "go/readers.hpp"

#include "go/converted_game.hpp"
#include "go/formats.hpp"

namespace kifu::inline v1::go {
namespace {

void read_text(const source_text& text, const read_options& options, read_result& out) {
    const std::size_t before = out.diagnostics.size();
    detail::read_converted(parse_ugf(text, options.mode, out.diagnostics), text, options, out, before);
}

}  // namespace

kifu::format_entry ugf_format() {
    kifu::format_entry f;
    f.name = "ugf";
    f.game = kifu::game::go;
    f.description = "PandaNet UGF / UGI go record";
    f.extensions = {".ugf", ".ugi"};
    f.binary = false;
    f.fallback_encoding = "CP932";  // Japanese software; the files declare Lang=SJIS
    f.sniff = &sniff_ugf;
    f.read_text = &read_text;
    f.trace = &detail::trace_ugf;
    return f;
}

}  // namespace kifu::go
