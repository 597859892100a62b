// The C functions the JavaScript package calls in the WebAssembly build. They only pass
// bytes and JSON between JavaScript and kifu's public API (<kifu/kifu.hpp>): every answer is
// JSON text (or the bytes a writer wrote) left in an output slot that JavaScript copies out
// with kj_out / kj_out_size before the next call. A read whose records are wanted as objects
// leaves them in the transfer encoding instead (transfer.hpp), which JavaScript turns into
// objects without JSON.parse.

#include <emscripten/emscripten.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <kifu/kifu.hpp>

#include "transfer.hpp"

namespace {

// Slot 0: the JSON answer; slots 1 and 2: texts (a writer's output; WTHOR's CSV and GGF).
std::array<std::string, 3> outputs;

std::string_view view(const char* s) { return s == nullptr ? std::string_view() : std::string_view(s); }

kifu::read_options read_options_of(const char* format, const char* encoding, int mode) {
    kifu::read_options options;
    options.format = view(format);
    options.encoding = view(encoding);
    options.mode = mode == 1 ? kifu::read_mode::lenient : kifu::read_mode::strict;
    return options;
}

void write_diagnostics(kifu::json_writer& w, const std::vector<kifu::diagnostic>& diagnostics) {
    w.key("diagnostics");
    w.begin_array();
    for (const kifu::diagnostic& d : diagnostics) w.raw(kifu::format_json(d));
    w.end_array();
}

void write_format_info(kifu::json_writer& w, const kifu::format_info& f) {
    w.begin_object();
    w.member("name", f.name);
    w.member("game", kifu::to_string(f.game));
    w.member("description", f.description);
    w.key("extensions");
    w.begin_array();
    for (std::string_view e : f.extensions) w.value(e);
    w.end_array();
    w.member("binary", f.binary);
    w.member("manyGames", f.many_games);
    w.member("fallbackEncoding", f.fallback_encoding);
    w.member("hasGrammar", f.has_grammar);
    w.end_object();
}

// What kj_write_* collect for one write (or one position question).
struct selection {
    std::vector<kifu::read_result> sources;
    std::vector<kifu::record> records;
    std::vector<kifu::diagnostic> diagnostics;
};
selection selected;

// A WTHOR base being converted a range of games at a time.
struct wthor_job {
    kifu::othello::wthor::games_file file;
    kifu::othello::wthor::name_tables names;
    std::string file_name;
    kifu::read_options options;
    std::size_t next = 0;
    bool stopped = false;
};
std::optional<wthor_job> wthor;

// ---- the transfer encoding of a read (transfer.hpp)

namespace tr = kifu_js::transfer;

// UTF-16 code units of valid UTF-8: one per lead byte, two for a 4-byte sequence.
std::int32_t utf16_length(std::string_view s) {
    std::int32_t n = 0;
    for (const char c : s) {
        const auto b = static_cast<unsigned char>(c);
        n += static_cast<std::int32_t>((b & 0xC0u) != 0x80u) + static_cast<std::int32_t>(b >= 0xF0u);
    }
    return n;
}

class transfer_encoder {
public:
    std::string text;  // the strings of the table, one after the other

    transfer_encoder() {
        body_.resize(4096);
        text.reserve(4096);
        ends_.reserve(64);
    }

    /// A string of the table; returns its number.
    std::int32_t string(std::string_view s) {
        text += s;
        units_ += utf16_length(s);
        ends_.push_back(units_);
        return static_cast<std::int32_t>(ends_.size() - 1);
    }

    void put(std::int32_t v) { *room(1) = v; }

    void read_result(const kifu::read_result& result) {
        put(string(result.format));
        put(string(result.encoding));
        put(static_cast<std::int32_t>(result.records.size()));
        for (const kifu::record& r : result.records) {
            put(string(kifu::to_string(r.game())));
            put(static_cast<std::int32_t>(std::min<std::size_t>(r.index, std::numeric_limits<std::int32_t>::max())));
            put(r.has_error ? 1 : 0);
            if (const kifu::shogi::jkf* game = r.get<kifu::shogi::jkf>()) {
                put(tr::shogi);
                shogi(*game);
            } else {
                put(tr::jkf_text);
                std::string json;
                kifu::json_writer w(json);
                r.write_jkf(w);
                put(string(json));
            }
        }
        put(static_cast<std::int32_t>(result.diagnostics.size()));
        std::string json;
        kifu::json_writer w(json);
        w.begin_array();
        for (const kifu::diagnostic& d : result.diagnostics) w.raw(kifu::format_json(d));
        w.end_array();
        put(string(json));
    }

    /// The body's ints.
    std::span<const std::int32_t> body() const { return {body_.data(), size_}; }
    /// Where each string of the table ends in the decoded text, in UTF-16 units.
    std::span<const std::int32_t> ends() const { return ends_; }

private:
    // The body: its first size_ ints are written; the vector's size is the room (grown by
    // doubling, so that writing an int is a store and a compare).
    std::vector<std::int32_t> body_;
    std::size_t size_ = 0;
    std::vector<std::int32_t> ends_;

    // Room for n more ints at the end of the body; the caller writes them and gives back what
    // it did not use with written().
    std::int32_t* room(std::size_t n) {
        if (size_ + n > body_.size()) body_.resize(std::max(body_.size() * 2, size_ + n));
        std::int32_t* at = body_.data() + size_;
        size_ += n;
        return at;
    }
    void written(std::int32_t* end) { size_ = static_cast<std::size_t>(end - body_.data()); }
    std::int32_t units_ = 0;

    // Room for the ints an entry writes after its flags and comments and before its forks: at
    // most 10 of the move (its relative included), 8 of the times and the special.
    static constexpr std::size_t entry_room = 19;

    static std::int32_t kind(kifu::shogi::piece_kind k) { return static_cast<std::int32_t>(k); }

    void shogi(const kifu::shogi::jkf& game) {
        put(static_cast<std::int32_t>(game.header.size()));
        for (const auto& [k, v] : game.header) {
            put(string(k));
            put(string(v));
        }
        if (!game.initial) {
            put(tr::no_initial);
        } else if (!game.initial->data) {
            put(tr::preset_only);
            put(string(game.initial->preset));
        } else {
            put(tr::preset_and_data);
            put(string(game.initial->preset));
            const kifu::shogi::state_format& state = *game.initial->data;
            put(static_cast<std::int32_t>(state.color));
            for (const auto& column : state.board) {
                for (const std::optional<kifu::shogi::piece>& cell : column) {
                    put(cell ? static_cast<std::int32_t>(cell->color) * 16 + kind(cell->kind) : -1);
                }
            }
            for (const auto& hand : state.hands) {
                for (const int count : hand) put(count);
            }
        }
        moves(game.moves);
    }

    static std::int32_t* time_value(std::int32_t* w, const kifu::shogi::time_value& t) {
        if (t.h) *w++ = *t.h;
        *w++ = t.m;
        *w++ = t.s;
        if (t.ms) *w++ = *t.ms;
        return w;
    }

    void moves(const std::vector<kifu::shogi::move_format>& list) {
        put(static_cast<std::int32_t>(list.size()));
        for (const kifu::shogi::move_format& f : list) {
            std::int32_t flags = 0;
            if (!f.comments.empty()) flags |= tr::comments;
            if (f.move) {
                const kifu::shogi::move_data& m = *f.move;
                flags |= tr::move;
                if (m.color) flags |= tr::move_color;
                if (m.from) flags |= tr::move_from;
                if (m.to) flags |= tr::move_to;
                if (m.piece) flags |= tr::move_piece;
                if (m.same) flags |= tr::move_same;
                if (m.promote) flags |= tr::move_promote;
                if (m.capture) flags |= tr::move_capture;
                if (!m.relative.empty()) flags |= tr::move_relative;
            }
            if (f.time) {
                flags |= tr::time;
                if (f.time->now.h) flags |= tr::now_h;
                if (f.time->now.ms) flags |= tr::now_ms;
                if (f.time->total) {
                    flags |= tr::total;
                    if (f.time->total->h) flags |= tr::total_h;
                    if (f.time->total->ms) flags |= tr::total_ms;
                }
            }
            if (!f.special.empty()) flags |= tr::special;
            if (!f.forks.empty()) flags |= tr::forks;
            put(flags);
            if (!f.comments.empty()) {
                put(static_cast<std::int32_t>(f.comments.size()));
                for (const std::string& c : f.comments) put(string(c));
            }
            // The fixed-size fields, written through a pointer into room reserved for them.
            std::int32_t* w = room(entry_room);
            if (f.move) {
                const kifu::shogi::move_data& m = *f.move;
                if (m.color) *w++ = static_cast<std::int32_t>(*m.color);
                if (m.from) {
                    *w++ = m.from->x;
                    *w++ = m.from->y;
                }
                if (m.to) {
                    *w++ = m.to->x;
                    *w++ = m.to->y;
                }
                if (m.piece) *w++ = kind(*m.piece);
                if (m.same) *w++ = *m.same ? 1 : 0;
                if (m.promote) *w++ = *m.promote ? 1 : 0;
                if (m.capture) *w++ = kind(*m.capture);
                if (!m.relative.empty()) *w++ = string(m.relative);
            }
            if (f.time) {
                w = time_value(w, f.time->now);
                if (f.time->total) w = time_value(w, *f.time->total);
            }
            if (!f.special.empty()) *w++ = string(f.special);
            written(w);
            if (!f.forks.empty()) {
                put(static_cast<std::int32_t>(f.forks.size()));
                for (const auto& fork : f.forks) moves(fork);
            }
        }
    }
};

// The last read in the transfer encoding, and the input buffer JavaScript writes into.
std::optional<transfer_encoder> transferred;
std::vector<char> input;
std::array<std::int32_t, 7> transfer_view{};

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* kj_out(int slot) { return outputs.at(static_cast<std::size_t>(slot)).data(); }

EMSCRIPTEN_KEEPALIVE std::size_t kj_out_size(int slot) { return outputs.at(static_cast<std::size_t>(slot)).size(); }

/// Frees the memory of the output slots (after a large write or conversion).
EMSCRIPTEN_KEEPALIVE void kj_out_release() {
    for (std::string& s : outputs) std::string().swap(s);
}

/// {"version", "formats": [...], "writers": [...]}
EMSCRIPTEN_KEEPALIVE void kj_info() {
    std::string& out = outputs[0];
    out.clear();
    kifu::json_writer w(out);
    w.begin_object();
    w.member("version", std::string_view(KIFU_JS_VERSION));
    w.key("formats");
    w.begin_array();
    for (const kifu::format_info& f : kifu::formats()) write_format_info(w, f);
    w.end_array();
    w.key("writers");
    w.begin_array();
    for (const kifu::writer_info& info : kifu::writers()) {
        w.begin_object();
        w.member("name", info.name);
        w.key("game");
        if (info.game) {
            w.value(kifu::to_string(*info.game));
        } else {
            w.null();
        }
        w.member("description", info.description);
        w.member("extension", info.extension);
        w.member("linesExtension", info.lines_extension);
        w.member("manyGames", info.many_games);
        w.key("encodings");
        w.begin_array();
        for (std::string_view e : info.encodings) w.value(e);
        w.end_array();
        w.end_object();
    }
    w.end_array();
    w.end_object();
}

/// Reads bytes: {"format", "encoding", "records": [JKF...], "games": [...], "indexes": [...],
/// "errors": [...], "diagnostics": [...]}. `records` 0: no "records" (a lint); 1: in the
/// document; 2: as JSON Lines in slot 1 (one compact JKF a line), not in the document.
EMSCRIPTEN_KEEPALIVE void kj_parse(const char* bytes, std::size_t size, const char* format, const char* encoding,
                                   const char* name, int mode, int records) {
    const kifu::read_result result =
        kifu::read_buffer(std::string_view(bytes, size), view(name), read_options_of(format, encoding, mode));
    std::string& out = outputs[0];
    out.clear();
    kifu::json_writer w(out);
    w.begin_object();
    w.member("format", result.format);
    w.member("encoding", result.encoding);
    if (records == 1) {
        w.key("records");
        w.begin_array();
        for (const kifu::record& r : result.records) r.write_jkf(w);
        w.end_array();
    } else if (records == 2) {
        std::string& lines = outputs[1];
        lines.clear();
        for (const kifu::record& r : result.records) {
            kifu::json_writer line(lines);
            r.write_jkf(line);
            lines += '\n';
        }
    }
    w.key("games");
    w.begin_array();
    for (const kifu::record& r : result.records) w.value(kifu::to_string(r.game()));
    w.end_array();
    w.key("indexes");
    w.begin_array();
    for (const kifu::record& r : result.records) w.value(static_cast<std::uint64_t>(r.index));
    w.end_array();
    w.key("errors");
    w.begin_array();
    for (const kifu::record& r : result.records) w.value(r.has_error);
    w.end_array();
    write_diagnostics(w, result.diagnostics);
    w.end_object();
}

/// The input area: room for `size` bytes that JavaScript fills before kj_parse_transfer
/// (kept between calls, so that a read allocates nothing for its input).
EMSCRIPTEN_KEEPALIVE char* kj_input(std::size_t size) {
    if (input.size() < size) input.resize(std::max(size, input.size() * 2));
    return input.data();
}

/// The transfer layout's names and values and the CSA codes of the pieces (the decoder's
/// table): {"layout": {NAME: value…}, "pieces": ["FU", …]}.
EMSCRIPTEN_KEEPALIVE void kj_transfer_layout() {
    std::string& out = outputs[0];
    out.clear();
    kifu::json_writer w(out);
    w.begin_object();
    w.key("layout");
    w.begin_object();
    for (const tr::named_value& v : tr::names) w.member(v.name, static_cast<std::int64_t>(v.value));
    w.end_object();
    w.key("pieces");
    w.begin_array();
    for (int k = 0; k < kifu::shogi::piece_kind_count; ++k) w.value(kifu::shogi::to_csa(static_cast<kifu::shogi::piece_kind>(k)));
    w.end_array();
    w.end_object();
}

/// Reads `size` bytes of the input area (kj_input) and leaves the result in the transfer
/// encoding (transfer.hpp). Returns the address of seven int32: the layout version, the body's
/// address and count of ints, the text's address and size in bytes, the string ends' address
/// and count; or 0 when a string of a record is not valid UTF-8 (the caller then reads with
/// kj_parse, whose JSON carries the same text).
EMSCRIPTEN_KEEPALIVE const std::int32_t* kj_parse_transfer(std::size_t size, const char* format,
                                                           const char* encoding, const char* name, int mode) {
    const kifu::read_result result = kifu::read_buffer(std::string_view(input.data(), std::min(size, input.size())),
                                                       view(name), read_options_of(format, encoding, mode));
    transferred.emplace();
    transfer_encoder& e = *transferred;
    e.read_result(result);
    if (!kifu::is_valid_utf8(e.text)) {
        transferred.reset();
        return nullptr;
    }
    const auto address = [](const void* p) { return static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(p)); };
    transfer_view = {tr::layout_version,
                     address(e.body().data()),
                     static_cast<std::int32_t>(e.body().size()),
                     address(e.text.data()),
                     static_cast<std::int32_t>(e.text.size()),
                     address(e.ends().data()),
                     static_cast<std::int32_t>(e.ends().size())};
    return transfer_view.data();
}

/// Frees the last transfer.
EMSCRIPTEN_KEEPALIVE void kj_transfer_release() { transferred.reset(); }

/// {"format": name or null, "game", "encoding"}
EMSCRIPTEN_KEEPALIVE void kj_detect(const char* bytes, std::size_t size, const char* name) {
    const kifu::detection d = kifu::detect(std::string_view(bytes, size), view(name));
    std::string& out = outputs[0];
    out.clear();
    kifu::json_writer w(out);
    w.begin_object();
    w.key("format");
    if (d.format != nullptr) {
        w.value(d.format->name);
        w.member("game", kifu::to_string(d.format->game));
        w.member("binary", d.format->binary);
    } else {
        w.null();
    }
    w.member("encoding", d.encoding);
    w.end_object();
}

/// Starts choosing the records of a write (or of a position question).
EMSCRIPTEN_KEEPALIVE void kj_select_begin() { selected = selection{}; }

/// Reads a source the records come from again; returns its slot for kj_select_pick.
EMSCRIPTEN_KEEPALIVE int kj_select_source(const char* bytes, std::size_t size, const char* format,
                                          const char* encoding, const char* name, int mode) {
    selected.sources.push_back(
        kifu::read_buffer(std::string_view(bytes, size), view(name), read_options_of(format, encoding, mode)));
    return static_cast<int>(selected.sources.size() - 1);
}

/// Chooses the record with that index (record::index) of a source; returns 0 when it has none.
EMSCRIPTEN_KEEPALIVE int kj_select_pick(int slot, std::size_t index) {
    const kifu::read_result& source = selected.sources.at(static_cast<std::size_t>(slot));
    for (const kifu::record& r : source.records) {
        if (r.index == index) {
            selected.records.push_back(r);
            return 1;
        }
    }
    return 0;
}

/// Chooses the records of a JKF text (read with kifu's JKF reader); returns how many it gave.
/// Its problems go into the diagnostics of the write.
EMSCRIPTEN_KEEPALIVE int kj_select_jkf(const char* text, std::size_t size, const char* name) {
    kifu::read_options options;
    options.format = "jkf";
    options.encoding = "UTF-8";
    kifu::read_result result = kifu::read_buffer(std::string_view(text, size), view(name), options);
    for (kifu::diagnostic& d : result.diagnostics) selected.diagnostics.push_back(std::move(d));
    if (!result.ok()) return 0;
    for (kifu::record& r : result.records) selected.records.push_back(std::move(r));
    return static_cast<int>(result.records.size());
}

/// Writes the chosen records: slot 0 {"ok", "extension", "headerSize", "diagnostics"}, slot 1 the text.
EMSCRIPTEN_KEEPALIVE void kj_write(const char* target, const char* source, int header, int pretty, int json_lines,
                                   int declare_encoding, int ply) {
    kifu::write_options options;
    options.source = view(source);
    options.header = header != 0;
    options.pretty = pretty != 0;
    options.json_lines = json_lines != 0;
    options.declare_encoding = declare_encoding != 0;
    options.ply = ply;
    std::vector<kifu::diagnostic> diagnostics = std::move(selected.diagnostics);
    kifu::write_result result;
    if (!kifu::has_error(diagnostics)) {
        result = kifu::write(selected.records, view(target), options);
    }
    for (kifu::diagnostic& d : result.diagnostics) diagnostics.push_back(std::move(d));
    outputs[1] = std::move(result.text);
    std::string& out = outputs[0];
    out.clear();
    kifu::json_writer w(out);
    w.begin_object();
    w.member("ok", !kifu::has_error(diagnostics));
    w.member("extension", result.extension);
    w.member("headerSize", static_cast<std::uint64_t>(result.header_size));
    write_diagnostics(w, diagnostics);
    w.end_object();
    selected = selection{};
}

/// The shogi position after `ply` moves of the first chosen record's main line (-1: its end):
/// {"sfen", "shogi64", "bod"} or {"error"}.
EMSCRIPTEN_KEEPALIVE void kj_position_after(int ply) {
    std::string& out = outputs[0];
    out.clear();
    kifu::json_writer w(out);
    w.begin_object();
    const kifu::shogi::jkf* game = selected.records.empty() ? nullptr : selected.records.front().get<kifu::shogi::jkf>();
    std::optional<kifu::shogi::position> position;
    std::size_t moves = 0;
    std::size_t at = 0;
    if (game != nullptr) {
        moves = kifu::shogi::main_line(*game).size();
        at = ply < 0 ? moves : static_cast<std::size_t>(ply);
        position = kifu::shogi::position_after(*game, at);
    }
    if (!position) {
        w.member("error", game == nullptr                  ? "not a shogi record"
                          : kifu::has_error(selected.diagnostics) ? "the record cannot be read"
                                                                  : "the main line is shorter than that");
    } else {
        // The move number of the SFEN is the next move's, as `kifu position --ply` writes it.
        w.member("sfen", kifu::shogi::to_sfen(*position, static_cast<int>(at) + 1));
        std::string error;
        if (const std::optional<std::string> code = kifu::shogi::to_shogi64(*position, &error)) {
            w.member("shogi64", *code);
        } else {
            w.key("shogi64");
            w.null();
            w.member("shogi64Error", error);
        }
        w.member("bod", kifu::shogi::to_bod(*position));
        w.member("moves", static_cast<std::uint64_t>(moves));
    }
    write_diagnostics(w, selected.diagnostics);
    w.end_object();
    selected = selection{};
}

/// A position code read and written again: `kind` "sfen" or "shogi64" says what `code` is.
/// {"sfen", "shogi64", "bod"} or {"error", "column"}.
EMSCRIPTEN_KEEPALIVE void kj_position_code(const char* kind, const char* code) {
    std::string& out = outputs[0];
    out.clear();
    kifu::json_writer w(out);
    w.begin_object();
    std::optional<kifu::shogi::position> position;
    std::string error;
    std::size_t column = 0;
    if (view(kind) == "shogi64") {
        kifu::shogi::shogi64_error e;
        position = kifu::shogi::parse_shogi64(view(code), &e);
        error = e.message;
        column = e.column;
    } else {
        position = kifu::shogi::parse_sfen(view(code), &error);
    }
    if (!position) {
        w.member("error", error.empty() ? std::string("not a position code") : error);
        if (column != 0) w.member("column", static_cast<std::uint64_t>(column));
    } else {
        w.member("sfen", kifu::shogi::to_sfen(*position));
        std::string shogi64_error;
        if (const std::optional<std::string> shogi64 = kifu::shogi::to_shogi64(*position, &shogi64_error)) {
            w.member("shogi64", *shogi64);
        } else {
            w.key("shogi64");
            w.null();
            w.member("shogi64Error", shogi64_error);
        }
        w.member("bod", kifu::shogi::to_bod(*position));
    }
    w.end_object();
}

/// Opens a WTHOR base for kj_wthor_step, with its players (.jou) and tournaments (.trn) files
/// when given (size 0: not given): {"games", "boardSize", "diagnostics"}.
EMSCRIPTEN_KEEPALIVE void kj_wthor_open(const char* games, std::size_t games_size, const char* name,
                                        const char* players, std::size_t players_size, const char* tournaments,
                                        std::size_t tournaments_size, int mode) {
    namespace wthor_api = kifu::othello::wthor;
    wthor.emplace();
    wthor_job& job = *wthor;
    job.file_name = view(name).empty() ? std::string("<buffer>") : std::string(view(name));
    job.options = read_options_of("wthor", "", mode);
    std::vector<kifu::diagnostic> diagnostics;
    job.file = wthor_api::read_games(std::string_view(games, games_size), job.file_name, diagnostics);
    if (players_size != 0) {
        job.names.players = wthor_api::decoded_names(wthor_api::read_names(
            std::string_view(players, players_size), wthor_api::file_kind::players, "WTHOR.JOU", diagnostics));
        job.names.players_loaded = true;
    }
    if (tournaments_size != 0) {
        job.names.tournaments = wthor_api::decoded_names(wthor_api::read_names(
            std::string_view(tournaments, tournaments_size), wthor_api::file_kind::tournaments, "WTHOR.TRN",
            diagnostics));
        job.names.tournaments_loaded = true;
    }
    job.stopped = job.options.mode == kifu::read_mode::strict && kifu::has_error(diagnostics);
    std::string& out = outputs[0];
    out.clear();
    kifu::json_writer w(out);
    w.begin_object();
    w.member("games", static_cast<std::uint64_t>(job.file.games.size()));
    w.member("boardSize", job.file.board_size());
    w.member("ok", !job.stopped);
    write_diagnostics(w, diagnostics);
    w.end_object();
}

/// Converts the next `count` games of the open base: slot 1 their CSV rows (the BOM and header
/// row first when the first game is among them), slot 2 their GGF lines (each only when asked):
/// {"done", "converted", "next", "ok", "diagnostics"}.
EMSCRIPTEN_KEEPALIVE void kj_wthor_step(std::size_t count, int csv, int ggf) {
    std::string& out = outputs[0];
    out.clear();
    outputs[1].clear();
    outputs[2].clear();
    kifu::json_writer w(out);
    w.begin_object();
    if (!wthor) {
        w.member("error", "no WTHOR base is open");
        w.end_object();
        return;
    }
    wthor_job& job = *wthor;
    kifu::read_result result;
    const std::size_t first = job.next;
    if (!job.stopped) {
        job.stopped = !kifu::othello::wthor::to_records(job.file, job.names, job.file_name, first, count, 0,
                                                         job.options, result);
        job.next = job.stopped ? job.file.games.size() : std::min(job.file.games.size(), first + count);
    }
    bool ok = !job.stopped;
    kifu::write_options options;
    options.source = job.file_name;
    if (csv != 0) {
        options.header = first == 0;
        ok = kifu::write_to(outputs[1], result.records, *kifu::find_writer("csv"), result.diagnostics, options) && ok;
    }
    if (ggf != 0) {
        options.header = true;
        ok = kifu::write_to(outputs[2], result.records, *kifu::find_writer("ggf"), result.diagnostics, options) && ok;
    }
    w.member("done", job.next >= job.file.games.size());
    w.member("converted", static_cast<std::uint64_t>(result.records.size()));
    w.member("next", static_cast<std::uint64_t>(job.next));
    w.member("ok", ok);
    write_diagnostics(w, result.diagnostics);
    w.end_object();
}

/// Ends the conversion of a WTHOR base, freeing its games.
EMSCRIPTEN_KEEPALIVE void kj_wthor_close() { wthor.reset(); }

}  // extern "C"
