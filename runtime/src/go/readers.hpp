#pragma once

// The go readers' own entry points, behind their registry entries (go/formats.hpp): each reads
// decoded text into the SGF tree a converter would write, and sniffs raw bytes. read_buffer
// and read_file reach them through the format registry; tests, fuzz targets and benchmarks
// call them directly.

#include <string>
#include <string_view>
#include <vector>

#include <kifu/diagnostic.hpp>
#include <kifu/read.hpp>
#include <kifu/text.hpp>

#include "go/sgf_tree.hpp"

namespace kifu::inline v1::go {

// ---- SGF (FF[1]–FF[4]) ----

/// Parses decoded SGF text into its tree (lenient: every problem is a diagnostic and the
/// tree holds what could be read; strict: trees cut short by a syntax error are dropped).
sgf_collection parse_sgf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics);

/// The same into an existing collection, replaced entirely but keeping its memory (see
/// sgf_collection::clear): for reading many files one after the other.
void parse_sgf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics, sgf_collection& into);

/// Returns the charset the bytes declare or plainly are: a UTF-16 pattern, the root's `CA[]`
/// when it is usable, UTF-8 when a `CA[]` naming an 8-bit charset sits on valid multi-byte
/// UTF-8; empty when nothing tells (then the caller's detection applies).
std::string sniff_sgf_charset(std::string_view bytes);

/// Returns how sure (0–100) it is that the bytes are SGF.
int sniff_sgf(std::string_view bytes) noexcept;

// ---- Tygem GIB (docs/go-formats.md) ----
// The tree: root FF[4] CA[UTF-8] GM[1] SZ[19] PB BR PW WR KM RE DT HA AB, then one node per move.

/// Parses decoded GIB text into one game tree (`gib.*` diagnostics); empty when the text is
/// not a GIB record.
sgf_collection parse_gib(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics);

/// Returns how sure (0–100) it is that the bytes are a GIB record; names the encoding in
/// `declared_encoding` (CP949 for `GIBOKIND=Korea`, GB18030 for `China`) when the bytes are
/// not UTF-8.
int sniff_gib(std::string_view bytes, std::string& declared_encoding);

// ---- WBaduk / Cyberoro NGF (docs/go-formats.md) ----
// The tree: root FF[4] CA[UTF-8] GM[1] SZ PB BR PW WR KM RE DT HA AB, then one node per move.

/// Parses decoded NGF text into one game tree (`ngf.*` diagnostics); empty when the text is
/// not an NGF record.
sgf_collection parse_ngf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics);

/// Returns how sure (0–100) it is that the bytes are an NGF record (NGF declares no encoding).
int sniff_ngf(std::string_view bytes) noexcept;

// ---- NHK Cup Go score files (`NIP100`, formats/go-othello.md §3) ----
// The tree: root FF[4] GM[1] SZ[19] CA[UTF-8] EV GN DT PB BR PW WR RE, then one node per move.

/// Parses decoded NHK score text into one game tree, checking every board of the file
/// against a replay of its moves (`nhk.*` diagnostics).
sgf_collection parse_nhk(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics);

/// Returns how sure (0–100) it is that the bytes are an NHK score file.
int sniff_nhk(std::string_view bytes) noexcept;

// ---- PandaNet UGF / UGI (docs/go-formats.md) ----
// The tree: root FF[4] CA[UTF-8] GM[1] SZ PB BR PW WR KM RE DT RU PC CP HA AB C, then one node
// per move with the review comments of the main line.

/// Parses decoded UGF/UGI text into one game tree (`ugf.*` diagnostics); empty when the text
/// is not a UGF record.
sgf_collection parse_ugf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics);

/// Returns how sure (0–100) it is that the bytes are a UGF/UGI record; names the encoding in
/// `declared_encoding` (CP932 for `Lang=SJIS`) when the bytes are not UTF-8.
int sniff_ugf(std::string_view bytes, std::string& declared_encoding);

}  // namespace kifu::go
