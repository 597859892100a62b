// The NGF registry entry: sniffing and reading into a go record through the SGF tree the
// file converts to.

#include "go/readers.hpp"

#include "go/converted_game.hpp"
#include "go/formats.hpp"

namespace kifu::inline v1::go {
namespace {

int sniff(std::string_view bytes, std::string& /*declared*/) { return sniff_ngf(bytes); }

void read_text(const source_text& text, const read_options& options, read_result& out) {
    const std::size_t before = out.diagnostics.size();
    detail::read_converted(parse_ngf(text, options.mode, out.diagnostics), text, options, out, before);
}

}  // namespace

kifu::format_entry ngf_format() {
    kifu::format_entry f;
    f.name = "ngf";
    f.game = kifu::game::go;
    f.description = "WBaduk / Cyberoro NGF go record";
    f.extensions = {".ngf"};
    f.binary = false;
    f.fallback_encoding = "GB18030";  // the non-ASCII files seen are Chinese; NGF names no encoding
    f.sniff = &sniff;
    f.read_text = &read_text;
    f.trace = &detail::trace_ngf;
    return f;
}

}  // namespace kifu::go
