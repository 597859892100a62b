// Streaming reads of multi-game files: the file is read in blocks and cut into pieces of
// whole games, each piece is read by the format's own reader (its grammar) as if it were a
// file, and its records and diagnostics are handed over before the next block is read.
//
// The cuts are made only where no game can be open: at the start of a CSA `/` line, and at a
// line start after a closed SGF game tree or GGF game record. Finding those places follows
// the bracket structure only (what opens and closes a game or a value); everything inside a
// piece is read by the grammar. Pieces start at line starts, so columns need no shift and
// lines shift by the lines before the piece.

#include <kifu/read_stream.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <kifu/format.hpp>
#include <kifu/othello/wthor.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/text.hpp>

#include "format_entry.hpp"
#include "game_texts.hpp"
#include "othello/wthor_count.hpp"
#include "read_internal.hpp"
#include "read_stream_internal.hpp"

namespace kifu::inline v1 {
namespace {

// The largest piece: a game that runs on past it without a place to cut (an SGF tree never
// closed, a CSA file without `/`) would be refused by the parser anyway (`<format>.too-large`,
// kifu::detail::parse_limits), so the stream stops there instead of holding the rest of the
// file in memory.
constexpr std::size_t max_piece_bytes = std::size_t{256} << 20;

struct file_closer {
    void operator()(std::FILE* f) const noexcept { std::fclose(f); }
};

// What the stream reads from: a file it opened, or a stream it was given (standard input).
class byte_source {
public:
    explicit byte_source(std::FILE* file) : file_(file) {}
    explicit byte_source(std::istream& in) : in_(&in) {}

    std::size_t read(char* to, std::size_t n) {
        if (file_ != nullptr) return std::fread(to, 1, n, file_);
        in_->read(to, static_cast<std::streamsize>(n));
        return static_cast<std::size_t>(in_->gcount());
    }
    bool failed() const { return file_ != nullptr ? std::ferror(file_) != 0 : in_->bad(); }
    /// The file, when the source is one (nullptr for a stream).
    std::FILE* file() const noexcept { return file_; }

private:
    std::FILE* file_ = nullptr;
    std::istream* in_ = nullptr;
};

// What read_file holds at most; a source read whole (a format that does not stream, a WTHOR
// base of unknown size) is held to it.
constexpr std::size_t max_whole_bytes = std::size_t{1} << 30;

// Line breaks as source_text counts them: LF, CRLF, a lone CR.
std::uint32_t count_lines(std::string_view bytes) noexcept {
    std::uint32_t n = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        n += bytes[i] == '\n' || (bytes[i] == '\r' && (i + 1 == bytes.size() || bytes[i + 1] != '\n'));
    }
    return n;
}

// A lenient shogi cut says its line in a comment ("kifu: the game is cut at line N: …");
// a piece's line N is the file's N + shift.
void shift_cut_lines(std::vector<shogi::move_format>& moves, std::uint32_t shift) {
    static constexpr std::string_view prefix = "kifu: the game is cut at line ";
    for (shogi::move_format& m : moves) {
        if (m.special == "ERROR" && !m.comments.empty() && m.comments[0].starts_with(prefix)) {
            std::string& c = m.comments[0];
            std::size_t end = prefix.size();
            while (end < c.size() && c[end] >= '0' && c[end] <= '9') ++end;
            const unsigned long line = std::stoul(c.substr(prefix.size(), end - prefix.size()));
            c = std::string(prefix) + std::to_string(line + shift) + c.substr(end);
        }
        for (auto& fork : m.forks) shift_cut_lines(fork, shift);
    }
}

// An SGF message that points at a second place ("the game tree opened at 3:1", "the ')' at
// 7:12") says it in the piece's lines: the file's are `shift` more.
void shift_places(diagnostic& d, std::uint32_t shift) {
    if (shift == 0 || (d.code != "sgf.game-in-tree" && d.code != "sgf.node-after-tree")) return;
    std::string& m = d.message;
    for (std::size_t at = m.find(" at "); at != std::string::npos; at = m.find(" at ", at + 1)) {
        const std::size_t from = at + 4;
        std::size_t end = from;
        while (end < m.size() && m[end] >= '0' && m[end] <= '9') ++end;
        if (end == from || end >= m.size() || m[end] != ':') continue;
        const unsigned long line = std::stoul(m.substr(from, end - from));
        m.replace(from, end - from, std::to_string(line + shift));
    }
}

// The GGF games of a piece: each opens with `(;`, as the reader finds them.
std::size_t ggf_games(std::string_view bytes) {
    std::size_t n = 0;
    for (std::size_t at = bytes.find("(;"); at != std::string_view::npos; at = bytes.find("(;", at + 2)) ++n;
    return n;
}

bool has_cut(const std::vector<shogi::move_format>& moves) {
    for (const shogi::move_format& m : moves) {
        if (m.special == "ERROR") return true;
        for (const auto& fork : m.forks) {
            if (has_cut(fork)) return true;
        }
    }
    return false;
}

// A record's model is shared and immutable: a cut game is copied, mended and put back.
void shift_cut_lines(record& r, std::uint32_t shift) {
    const shogi::jkf* game = r.get<shogi::jkf>();
    if (game == nullptr || !has_cut(game->moves)) return;
    shogi::jkf copy = *game;
    shift_cut_lines(copy.moves, shift);
    const std::size_t index = r.index;
    const bool has_error = r.has_error;
    r = record(std::move(copy));
    r.index = index;
    r.has_error = has_error;
}

class streamer {
public:
    streamer(const std::filesystem::path& path, std::string name, const read_options& options, const stream_sink& sink,
             const detail::stream_tuning& tuning)
        : path_(path), name_(std::move(name)), options_(options), sink_(sink), tuning_(tuning) {}

    // Hands over a read's diagnostics (lines shifted) and records (numbered on from the last).
    // Returns false when reading is to stop.
    // `games`: the games the piece holds, when known, records or not (a GGF reader skips a broken
    // game but numbers the games after it by their place).
    bool hand_over(read_result& r, std::uint32_t line_shift, bool numbered = false, std::size_t games = 0) {
        detail::promote_warnings(r.diagnostics, options_);
        const bool failed = has_error(r.diagnostics);
        for (diagnostic& d : r.diagnostics) {
            // The SGF reader says text outside the game trees once per input, not per piece.
            if (d.code == "sgf.trailing-text" && std::exchange(trailing_said_, true)) continue;
            if (d.line != 0) d.line += line_shift;
            shift_places(d, line_shift);
            if (path_.empty() && d.file == "<buffer>") d.file = name_;  // a binary reader of bytes without a path
            said_ = true;
            summary_.ok = summary_.ok && d.severity != severity::error;
            if (sink_.on_diagnostic) sink_.on_diagnostic(std::move(d));
        }
        std::size_t last_index = numbered_;
        for (std::size_t i = 0; i < r.records.size(); ++i) {
            record& rec = r.records[i];
            if (!numbered) rec.index = numbered_ + (rec.index != 0 ? rec.index : i + 1);
            if (line_shift != 0) shift_cut_lines(rec, line_shift);
            last_index = std::max(last_index, rec.index);
            ++summary_.games;
            if (!sink_.on_record(std::move(rec))) return false;
        }
        numbered_ = std::max(last_index, numbered_ + games);
        // Strict reading stops after a piece with an error (its games before the error are
        // handed over); an error said before the pieces (a WTHOR count) stops nothing.
        return options_.mode == read_mode::lenient || !failed;
    }

    void problem(std::string code, std::string message) {
        diagnostic d;
        d.code = std::move(code);
        d.message = std::move(message);
        d.file = name_;
        said_ = true;
        summary_.ok = false;
        if (sink_.on_diagnostic) sink_.on_diagnostic(std::move(d));
    }

    stream_summary run(byte_source* given);

private:
    void read_whole(byte_source* rest, std::string buffer);
    void read_text(byte_source& source, std::string buffer, const format_entry& format);
    void read_wthor(byte_source& source, std::string buffer, const format_entry& format);

    const std::filesystem::path& path_;
    std::string name_;
    const read_options& options_;
    const stream_sink& sink_;
    const detail::stream_tuning& tuning_;
    stream_summary summary_;
    std::size_t numbered_ = 0;  // the number of the last game handed over
    bool said_ = false;         // a diagnostic was handed over
    bool trailing_said_ = false;  // sgf.trailing-text was handed over
    std::size_t ggf_games_ = 0;     // GGF games (`(;`) in the pieces so far
    std::optional<diagnostic> no_games_;  // the first piece's ggf.no-games, said at the end if no piece had a game
};

// Fills `buffer` with up to `n` more bytes; returns false at the end of the input.
bool read_more(byte_source& source, std::string& buffer, std::size_t n) {
    const std::size_t old = buffer.size();
    buffer.resize(old + n);
    const std::size_t got = source.read(buffer.data() + old, n);
    buffer.resize(old + got);
    return got == n;
}

// Reads the rest of `source` into `buffer`, at most max_whole_bytes in all; false when larger.
bool read_rest(byte_source& source, std::string& buffer) {
    while (read_more(source, buffer, std::size_t{1} << 20)) {
        if (buffer.size() > max_whole_bytes) return false;
    }
    return buffer.size() <= max_whole_bytes;
}

// A format that is not streamed: read whole, handed over game by game. A file is read again by
// read_file; a stream (`rest`, after the bytes of `buffer`) is read to its end, at most 1 GiB,
// as read_file would hold it.
void streamer::read_whole(byte_source* rest, std::string buffer) {
    read_result r;
    if (rest == nullptr) {
        r = read_file(path_, options_);
    } else if (!read_rest(*rest, buffer)) {
        problem("io.too-large", "the input is larger than 1 GiB");
        return;
    } else {
        r = read_buffer(buffer, name_, options_);
    }
    summary_.format = r.format;
    summary_.encoding = r.encoding;
    for (diagnostic& d : r.diagnostics) {
        summary_.ok = summary_.ok && d.severity != severity::error;
        if (sink_.on_diagnostic) sink_.on_diagnostic(std::move(d));
    }
    for (record& rec : r.records) {
        ++summary_.games;
        if (!sink_.on_record(std::move(rec))) return;
    }
}

void streamer::read_text(byte_source& source, std::string buffer, const format_entry& format) {
    detail::game_cutter cuts(format.name);
    detail::game_decoding decoding;  // carried from piece to piece
    std::uint32_t line = 0;           // lines before buffer[0]
    bool more = true;
    bool at_start = true;
    // The cutter sees the buffer a block at a time (the first block was read for detection),
    // so that where a read ends — in the middle of a game — is the same for every block.
    std::size_t visible = std::min(buffer.size(), tuning_.block_bytes);
    for (;;) {
        const std::optional<detail::game_cut> c = cuts.scan(std::string_view(buffer).substr(0, visible));
        const bool all_seen = !more && visible == buffer.size();
        const bool ready = c && (c->end >= tuning_.piece_bytes || all_seen);
        if (!ready && !all_seen) {
            if (visible < buffer.size()) {
                visible = std::min(buffer.size(), visible + tuning_.block_bytes);
                continue;
            }
            if (buffer.size() > max_piece_bytes) {
                diagnostic d;
                d.code = std::string(format.name) + ".too-large";
                d.message = "a game runs on for more than " + std::to_string(max_piece_bytes >> 20) +
                            " MiB without an end (from line " + std::to_string(line + 1) +
                            "); it is not parsed, nor is the rest of the input";
                d.file = name_;
                d.line = line + 1;
                d.column = 1;
                said_ = true;
                summary_.ok = false;
                if (sink_.on_diagnostic) sink_.on_diagnostic(std::move(d));
                return;
            }
            more = read_more(source, buffer, tuning_.block_bytes);
            visible = buffer.size();
            continue;
        }
        const detail::game_cut piece = ready ? *c : detail::game_cut{buffer.size(), buffer.size()};
        const std::string_view bytes = std::string_view(buffer).substr(0, piece.end);
        if (!detail::is_blank_input(bytes)) {
            read_result r;
            // Each game is decoded in its own encoding, as read_file decodes it (game_texts.hpp).
            const detail::games_text games =
                detail::decode_games(name_, bytes, nullptr, format, options_, summary_.encoding, at_start, decoding, r.diagnostics);
            if (!detail::is_blank_input(games.text.text())) format.read_text(games.text, options_, r);
            detail::put_in_text_order(r.diagnostics);
            if (options_.mode == read_mode::strict) detail::drop_after_first_error(r.diagnostics, games.part_lines);
            const std::size_t games_here = format.name == "ggf" ? ggf_games(bytes) : 0;
            ggf_games_ += games_here;
            // A piece of GGF without a game (junk between games) is no error of the file: the
            // whole read says `ggf.no-games` only of a file without games, and so does the stream
            // at its end.
            if (format.name == "ggf" && games_here == 0) {
                const auto none = std::find_if(r.diagnostics.begin(), r.diagnostics.end(),
                                               [](const diagnostic& d) { return d.code == "ggf.no-games"; });
                if (none != r.diagnostics.end()) {
                    if (!no_games_) {
                        no_games_ = std::move(*none);
                        if (no_games_->line != 0) no_games_->line += line;
                    }
                    r.diagnostics.erase(none);
                }
            }
            if (!hand_over(r, line, false, games_here)) return;
        }
        at_start = false;
        line += count_lines(std::string_view(buffer).substr(0, piece.next));
        buffer.erase(0, piece.next);
        cuts.shift(piece.next);
        visible -= piece.next;
        if (buffer.empty() && !more) break;
    }
    if (no_games_ && ggf_games_ == 0) {
        said_ = true;
        summary_.ok = summary_.ok && no_games_->severity != severity::error;
        if (sink_.on_diagnostic) sink_.on_diagnostic(std::move(*no_games_));
    }
    if (summary_.games == 0 && !said_) problem("read.empty", "the input holds only white space");
}

void streamer::read_wthor(byte_source& source, std::string buffer, const format_entry& format) {
    // A game file is a 16-byte header and games of a fixed size: read in batches, each given
    // to the reader with the header and the batch's count. Names are found for the first batch
    // and given by path to the others. The header's count rules as in the whole read
    // (othello/wthor_count.hpp): no game past it is read, and the file's size against it is
    // said once, before the games, as the whole read says it.
    const std::size_t batch = std::max<std::size_t>(1, tuning_.wthor_batch);
    while (buffer.size() < 16 && read_more(source, buffer, 16 - buffer.size())) {
    }
    const std::optional<othello::wthor::header> header = othello::wthor::read_header(buffer);
    const bool readable = header && header->solitaire == 0 &&
                          (header->board_size == 0 || header->board_size == 8 || header->board_size == 10);
    struct stat status {};
    if (!readable || source.file() == nullptr || ::fstat(::fileno(source.file()), &status) != 0 || !S_ISREG(status.st_mode)) {
        // Nothing to stream (the reader says why), or no size to check the count against.
        if (!read_rest(source, buffer)) {
            problem("io.too-large", "the input is larger than 1 GiB");
            return;
        }
        read_result r;
        format.read_binary(buffer, path_, options_, r, 0);
        hand_over(r, 0, true);
        return;
    }
    const std::size_t game_size = header->board_size == 10 ? othello::wthor::game_size_10 : othello::wthor::game_size_8;
    read_result counted;
    const std::size_t total = othello::wthor::detail::checked_count(static_cast<std::uint64_t>(status.st_size),
                                                                   header->games, game_size, "games", name_,
                                                                   counted.diagnostics);
    // A short file's error (strict reading stops at an error) comes after its whole games,
    // which the whole read keeps: they are read all the same.
    hand_over(counted, 0, true);
    const std::string head = buffer.substr(0, 16);
    buffer.erase(0, 16);
    std::size_t games_before = 0;
    while (games_before < total) {
        const std::size_t wanted = std::min(batch, total - games_before) * game_size;
        if (buffer.size() < wanted) read_more(source, buffer, wanted - buffer.size());
        const std::size_t games = std::min(buffer.size() / game_size, total - games_before);
        if (games == 0) break;  // the file shrank while read
        std::string bytes = head;
        const auto count = static_cast<std::uint32_t>(games);
        for (int i = 0; i < 4; ++i) bytes[static_cast<std::size_t>(4 + i)] = static_cast<char>((count >> (8 * i)) & 0xff);
        bytes.append(buffer, 0, games * game_size);
        read_result r;
        format.read_binary(bytes, path_, options_, r, games_before);
        if (games_before != 0) std::erase_if(r.diagnostics, [](const diagnostic& d) { return d.code == "wthor.names-missing"; });
        games_before += games;
        if (!hand_over(r, 0, true)) return;
        buffer.erase(0, games * game_size);
    }
}

stream_summary streamer::run(byte_source* given) {
    std::unique_ptr<std::FILE, file_closer> file;
    std::optional<byte_source> opened;
    if (given == nullptr) {
        errno = 0;
        file.reset(std::fopen(path_.c_str(), "rb"));
        if (!file) {
            problem("io.open", std::string("cannot open the file: ") + std::strerror(errno));
            return summary_;
        }
        opened.emplace(file.get());
    }
    byte_source& source = given != nullptr ? *given : *opened;
    std::string buffer;
    read_more(source, buffer, 64 * 1024);
    detection found;
    if (!options_.format.empty()) {
        if (const format_info* f = find_format(options_.format)) found = detect(buffer, *f);
    } else {
        found = detect(buffer, name_);
    }
    const bool wide = found.encoding.starts_with("UTF-16") || found.encoding.starts_with("UTF-32");
    // WTHOR names (.jou, .trn), no games: by the name, as the WTHOR codec tells them.
    const bool names_file = othello::wthor::kind_of({}, std::filesystem::path(name_).filename().string()) !=
                            othello::wthor::file_kind::games;
    if (found.format == nullptr || !streams(found.format->name) || wide || names_file || buffer.size() < tuning_.stream_from) {
        // Not streamed (or small): read whole, which says what is wrong, if anything.
        if (given == nullptr) {
            file.reset();
            read_whole(nullptr, {});
        } else {
            read_whole(given, std::move(buffer));
        }
        return summary_;
    }
    const format_entry& format = *entry_of(*found.format);
    summary_.format = std::string(format.name);
    summary_.encoding = options_.encoding.empty() ? found.encoding : normalize_encoding_name(options_.encoding);
    if (format.binary) {
        read_wthor(source, std::move(buffer), format);
    } else {
        read_text(source, std::move(buffer), format);
    }
    if (source.failed()) {
        problem("io.open", std::string(given == nullptr ? "cannot read the file: " : "cannot read the input: ") + std::strerror(errno));
    }
    return summary_;
}

}  // namespace

bool streams(std::string_view format) noexcept {
    return format == "csa" || format == "sgf" || format == "ggf" || format == "wthor";
}

stream_summary read_stream(const std::filesystem::path& path, const read_options& options, const stream_sink& sink) {
    return detail::read_stream(path, options, sink, detail::stream_tuning{});
}

stream_summary detail::read_stream(const std::filesystem::path& path, const read_options& options, const stream_sink& sink,
                                   const stream_tuning& tuning) {
    streamer s(path, path.string(), options, sink, tuning);
    return s.run(nullptr);
}

stream_summary read_stream(std::istream& in, std::string_view name, const read_options& options, const stream_sink& sink) {
    const std::filesystem::path no_path;
    byte_source source(in);
    const detail::stream_tuning tuning;
    streamer s(no_path, std::string(name), options, sink, tuning);
    return s.run(&source);
}

}  // namespace kifu
