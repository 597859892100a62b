// WTHOR raw files: the 16-byte header and the fixed-size records, read with Spirit X3's
// little-endian binary parsers, and written back byte for byte.

#include <kifu/othello/wthor.hpp>

#include <algorithm>
#include <cstring>

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3.hpp>
#include <boost/spirit/home/x3/binary.hpp>
#include <fmt/core.h>

#include "othello/wthor_count.hpp"

namespace kifu::inline v1::othello::wthor::detail {
// The 8 bytes before a game's move codes.
struct game_prefix {
    std::uint16_t tournament = 0;
    std::uint16_t black = 0;
    std::uint16_t white = 0;
    std::uint8_t black_score = 0;
    std::uint8_t theoretical_score = 0;
};
}  // namespace kifu::othello::wthor::detail

BOOST_FUSION_ADAPT_STRUCT(kifu::othello::wthor::header, century, year, month, day, games, names, game_year,
                          board_size, solitaire, depth, reserved)
BOOST_FUSION_ADAPT_STRUCT(kifu::othello::wthor::detail::game_prefix, tournament, black, white, black_score,
                          theoretical_score)

namespace kifu::inline v1::othello::wthor {
namespace {

namespace x3 = boost::spirit::x3;

// Format_WThor.pdf: "Word and Longint ... Intel format".
const auto header_rule = x3::rule<struct header_tag, header>{"header"} =
    x3::byte_ >> x3::byte_ >> x3::byte_ >> x3::byte_ >> x3::little_dword >> x3::little_word >>
    x3::little_word >> x3::byte_ >> x3::byte_ >> x3::byte_ >> x3::byte_;

const auto game_prefix_rule = x3::rule<struct game_prefix_tag, detail::game_prefix>{"game"} =
    x3::little_word >> x3::little_word >> x3::little_word >> x3::byte_ >> x3::byte_;

using byte_iterator = const unsigned char*;

byte_iterator begin_of(std::string_view bytes) noexcept {
    return reinterpret_cast<byte_iterator>(bytes.data());
}

diagnostic make(severity s, std::string code, std::string message, std::string_view file_name) {
    diagnostic d;
    d.severity = s;
    d.code = std::move(code);
    d.message = std::move(message);
    d.file = file_name.empty() ? std::string("<buffer>") : std::string(file_name);
    return d;
}

std::string lower_extension(std::string_view name) {
    const std::size_t slash = name.find_last_of("/\\");
    const std::string_view base = slash == std::string_view::npos ? name : name.substr(slash + 1);
    const std::size_t dot = base.rfind('.');
    if (dot == std::string_view::npos) {
        return {};
    }
    std::string ext(base.substr(dot));
    std::transform(ext.begin(), ext.end(), ext.begin(), [](char c) {
        return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    });
    return ext;
}

void put16(std::string& out, std::uint16_t v) {
    out += static_cast<char>(v & 0xff);
    out += static_cast<char>(v >> 8);
}

void put_header(std::string& out, const header& h) {
    out += static_cast<char>(h.century);
    out += static_cast<char>(h.year);
    out += static_cast<char>(h.month);
    out += static_cast<char>(h.day);
    for (int i = 0; i < 4; ++i) {
        out += static_cast<char>((h.games >> (8 * i)) & 0xff);
    }
    put16(out, h.names);
    put16(out, h.game_year);
    out += static_cast<char>(h.board_size);
    out += static_cast<char>(h.solitaire);
    out += static_cast<char>(h.depth);
    out += static_cast<char>(h.reserved);
}

}  // namespace

std::size_t detail::checked_count(std::uint64_t size, std::uint64_t declared, std::size_t record_size, std::string_view what,
                          std::string_view file_name, std::vector<diagnostic>& diagnostics) {
    const std::uint64_t body = size - header_size;
    const auto whole = static_cast<std::size_t>(body / record_size);
    const std::uint64_t expected = header_size + declared * record_size;
    if (whole < declared) {
        diagnostics.push_back(make(severity::error, "wthor.short-file",
                                   fmt::format("the header announces {} {} ({} bytes) but the file has {} bytes; "
                                               "the {} whole ones are read",
                                               declared, what, expected, size, whole),
                                   file_name));
        return whole;
    }
    if (body != declared * record_size) {
        diagnostics.push_back(make(severity::warning, "wthor.count-mismatch",
                                   fmt::format("the header announces {} {} ({} bytes) but the file has {} bytes; "
                                               "the bytes after them are ignored",
                                               declared, what, expected, size),
                                   file_name));
    }
    return static_cast<std::size_t>(declared);
}

std::optional<header> read_header(std::string_view bytes) noexcept {
    byte_iterator first = begin_of(bytes);
    const byte_iterator last = first + bytes.size();
    header h;
    if (!x3::parse(first, last, header_rule, h)) {
        return std::nullopt;
    }
    return h;
}

file_kind kind_of(std::string_view bytes, std::string_view file_name) noexcept {
    const std::string ext = lower_extension(file_name);
    if (ext == ".jou") {
        return file_kind::players;
    }
    if (ext == ".trn") {
        return file_kind::tournaments;
    }
    if (ext == ".wtb" || ext == ".wtd") {
        return file_kind::games;
    }
    const std::optional<header> h = read_header(bytes);
    if (!h || h->games > 0 || h->names == 0) {
        return file_kind::games;
    }
    return bytes.size() == header_size + std::size_t{h->names} * tournament_size ? file_kind::tournaments
                                                                                 : file_kind::players;
}

games_file read_games(std::string_view bytes, std::string_view file_name, std::vector<diagnostic>& diagnostics) {
    games_file file;
    const std::optional<header> h = read_header(bytes);
    if (!h) {
        diagnostics.push_back(make(severity::error, "wthor.short-file",
                                   fmt::format("{} bytes: too short for the 16-byte WTHOR header", bytes.size()),
                                   file_name));
        return file;
    }
    file.header = *h;
    if (h->solitaire != 0) {
        diagnostics.push_back(make(severity::error, "wthor.solitaire",
                                   "a solitaire (.pzz) file: its positions are not games and are not read",
                                   file_name));
        return file;
    }
    if (h->board_size != 0 && h->board_size != 8 && h->board_size != 10) {
        diagnostics.push_back(make(severity::error, "wthor.board-size",
                                   fmt::format("board size byte P1 is {}; WTHOR knows 0 or 8 (8×8) and 10 (10×10)",
                                               h->board_size),
                                   file_name));
        return file;
    }
    const bool ten = h->board_size == 10;
    const std::size_t record_size = ten ? game_size_10 : game_size_8;
    const std::size_t move_count = ten ? 96 : 60;
    const std::size_t n = detail::checked_count(bytes.size(), h->games, record_size, "games", file_name, diagnostics);
    file.games.resize(n);
    const byte_iterator base = begin_of(bytes) + header_size;
    for (std::size_t i = 0; i < n; ++i) {
        byte_iterator first = base + i * record_size;
        detail::game_prefix p;
        // Cannot fail: checked_count made sure the whole record is there.
        x3::parse(first, first + 8, game_prefix_rule, p);
        game& g = file.games[i];
        g.tournament = p.tournament;
        g.black = p.black;
        g.white = p.white;
        g.black_score = p.black_score;
        g.theoretical_score = p.theoretical_score;
        std::memcpy(g.moves.data(), first, move_count);
    }
    return file;
}

names_file read_names(std::string_view bytes, file_kind kind, std::string_view file_name,
                      std::vector<diagnostic>& diagnostics) {
    names_file file;
    const std::optional<header> h = read_header(bytes);
    if (!h) {
        diagnostics.push_back(make(severity::error, "wthor.short-file",
                                   fmt::format("{} bytes: too short for the 16-byte WTHOR header", bytes.size()),
                                   file_name));
        return file;
    }
    file.header = *h;
    const std::size_t record_size = kind == file_kind::tournaments ? tournament_size : player_size;
    const std::size_t n = detail::checked_count(bytes.size(), h->names, record_size,
                                        kind == file_kind::tournaments ? "tournaments" : "players", file_name,
                                        diagnostics);
    file.names.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        std::string_view field = bytes.substr(header_size + i * record_size, record_size);
        while (!field.empty() && field.back() == '\0') {
            field.remove_suffix(1);
        }
        file.names.emplace_back(field);
    }
    return file;
}

std::string write(const games_file& file) {
    const bool ten = file.header.board_size == 10;
    const std::size_t record_size = ten ? game_size_10 : game_size_8;
    std::string out;
    out.reserve(header_size + file.games.size() * record_size);
    put_header(out, file.header);
    for (const game& g : file.games) {
        put16(out, g.tournament);
        put16(out, g.black);
        put16(out, g.white);
        out += static_cast<char>(g.black_score);
        out += static_cast<char>(g.theoretical_score);
        out.append(reinterpret_cast<const char*>(g.moves.data()), record_size - 8);
    }
    return out;
}

std::string write(const names_file& file, file_kind kind) {
    const std::size_t record_size = kind == file_kind::tournaments ? tournament_size : player_size;
    std::string out;
    out.reserve(header_size + file.names.size() * record_size);
    put_header(out, file.header);
    for (const std::string& name : file.names) {
        const std::string_view kept = std::string_view(name).substr(0, record_size);
        out += kept;
        out.append(record_size - kept.size(), '\0');
    }
    return out;
}

}  // namespace kifu::othello::wthor
