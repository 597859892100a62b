#pragma once

// Registry entries of the go formats (listed in runtime/src/formats.cpp).

#include <string>

#include <kifu/format.hpp>
#include <kifu/text.hpp>

#include "format_entry.hpp"

namespace kifu::inline v1::go {

/// Returns the registry entry of SGF (FF[1]–FF[4]).
kifu::format_entry sgf_format();

/// Returns the registry entry of NHK Cup Go score files (NIP100).
kifu::format_entry nhk_format();

/// Returns the registry entry of Tygem GIB records.
kifu::format_entry gib_format();

/// Returns the registry entry of WBaduk / Cyberoro NGF records.
kifu::format_entry ngf_format();

/// Returns the registry entry of PandaNet UGF / UGI records.
kifu::format_entry ugf_format();

namespace detail {
/// Writes the PEGTL trace of grammars/sgf.peg on the text (the format's `trace`).
bool trace_sgf(const source_text& text, std::string& out);
/// Writes the PEGTL trace of grammars/nhk.peg on the text (the format's `trace`).
bool trace_nhk(const source_text& text, std::string& out);
/// Writes the PEGTL trace of grammars/gib.peg on the text (the format's `trace`).
bool trace_gib(const source_text& text, std::string& out);
/// Writes the PEGTL trace of grammars/ngf.peg on the text (the format's `trace`).
bool trace_ngf(const source_text& text, std::string& out);
/// Writes the PEGTL trace of grammars/ugf.peg on the text (the format's `trace`).
bool trace_ugf(const source_text& text, std::string& out);
}  // namespace detail

}  // namespace kifu::go
