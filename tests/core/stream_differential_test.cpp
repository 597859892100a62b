// read_stream against read_file on damaged multi-game files: a fixed-seed mutator (byte flips,
// games cut short, junk inserted, encodings switched) damages files of many games of every
// multi-game format, and each is read whole and streamed with a piece at every game and reads
// that end in the middle of games: the records and the diagnostics must be the same.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include <kifu/othello/wthor.hpp>
#include <kifu/read.hpp>
#include <kifu/read_stream.hpp>

#include "read_stream_internal.hpp"
#include "support/diagnostics.hpp"
#include "support/stream_compare.hpp"

namespace {

using rng = std::mt19937;

std::size_t below(rng& r, std::size_t n) { return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(r); }

// Games of each format, in several shapes and encodings (made here: the repository holds only
// records we made).
const std::string sjis_sente = "\x90\xe6\x8e\xe8";  // 先手 in Shift_JIS

std::vector<std::string> csa_games() {
    return {
        "'CSA encoding=UTF-8\nV3.0\nN+先手太郎\nN-後手花子\n$EVENT:研究会\nPI\n+\n+7776FU\nT12\n-3334FU\nT3\n%TORYO\n",
        "'CSA encoding=SHIFT_JIS\nV3.0\nN+" + sjis_sente + "\nN-x\nPI\n+\n+2726FU\n-8384FU\n%CHUDAN\n",
        "V2.2\nN+plain\nPI\n+\n+5756FU\n'a comment " + sjis_sente + "\n-5354FU\n%TORYO\n",
        "'CSA encoding=UTF-8\nV3.0\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \n"
        "P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \n"
        "P6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \n"
        "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+\n+7776FU,T1\n-3334FU,T2\n+8822UM\n-3122GI\n%TORYO\n",
        "'CSA encoding=UTF-8\nV3.0\nPI\n+\n+7775FU\n%TORYO\n",  // illegal
    };
}

std::vector<std::string> sgf_games() {
    return {
        "(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[Müller 先手]PW[W]C[a \\] and a (\nline];B[ee];W[cc](;B[dd])(;B[gg];W[hh]))\n",
        "(;GM[1]FF[4]CA[ISO-8859-1]SZ[9]PB[M\xfcller]PW[W];B[ee];W[cc])\n",
        "(;GM[1]FF[4]CA[Shift_JIS]SZ[9]PB[" + sjis_sente + "];B[ee];W[cc];B[dd])\n",
        "(;GM[1]FF[3]SZ[19]HA[2]AB[dd][pp];W[qq];B[];W[tt])\n\n",
        "(;GM[1]FF[4]SZ[9];B[ee];W[zz])\n",  // off the board
        "(;GM[1]SZ[9];B[ee]) (;GM[1]SZ[9];W[cc])\n",
    };
}

std::string ggf_board() {
    return "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";
}

std::vector<std::string> ggf_games() {
    return {
        "(;GM[Othello]PC[x]TY[8]RE[?]PB[b]PW[w]" + ggf_board() + "B[f5]W[d6];)\n",
        "1 (;GM[Othello]PC[y]TY[8]RE[+2]" + ggf_board() + "B[f5]W[f6]B[e6];)\n",
        "(;GM[Othello]PC[x]TY[8]" + ggf_board() + "B[a1];)\n",  // illegal
        "(;GM[Othello]PC[z]TY[8]PB[M\xfcller]" + ggf_board() + "B[f5//1.2]W[d6];)\n",
    };
}

std::vector<std::string> usi_games() {
    return {
        "position startpos moves 7g7f 3c3d 8h2b+\n",
        "startpos moves 2g2f 8c8d\n",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 5g5f\n",
        "position startpos moves 7g7e\n",  // illegal
    };
}

std::string wthor_base(rng& r, std::size_t games) {
    namespace w = kifu::othello::wthor;
    w::games_file f;
    f.header.game_year = 2026;
    const std::uint8_t moves[] = {56, 64, 33, 34, 43, 46, 66, 36};  // f5 d6 c3 d3 c4 f4 f6 f3
    for (std::size_t i = 0; i < games; ++i) {
        w::game g;
        std::copy(std::begin(moves), std::end(moves), g.moves.begin());
        if (below(r, 10) == 0) g.moves[below(r, 8)] = static_cast<std::uint8_t>(below(r, 100));
        f.games.push_back(g);
    }
    f.header.games = static_cast<std::uint32_t>(games);
    return w::write(f);
}

// Junk that means something to the cutters and readers: brackets, separators, line breaks, high
// bytes, NUL.
std::string junk(rng& r) {
    static const std::string pieces[] = {"(", ")", "[", "]", ";", "/\n", "\n", "\r", "\\", "(;", ";)", "\xff",
                                         "\x90", std::string(1, '\0'), "CA[UTF-8]", "'CSA encoding=EUC-JP\n", "x"};
    std::string s;
    for (std::size_t n = 1 + below(r, 4); n > 0; --n) s += pieces[below(r, std::size(pieces))];
    return s;
}

// Replaces the first of `from` after a random place with `to`.
void switch_one(rng& r, std::string& text, const std::string& from, const std::string& to) {
    std::size_t at = text.find(from, below(r, text.size()));
    if (at == std::string::npos) at = text.find(from);
    if (at != std::string::npos) text.replace(at, from.size(), to);
}

// The kinds of damage.
enum damage : unsigned {
    flip = 1,
    cut_short = 2,
    junk_inserted = 4,
    encoding_switched = 8,
    line_doubled = 16,
    all_damage = 31,
};

void mutate(rng& r, std::string& text, const std::string& format, unsigned kinds) {
    for (std::size_t n = 1 + below(r, 3); n > 0 && !text.empty(); --n) {
        std::size_t kind = below(r, 5);
        if ((kinds & (1u << kind)) == 0) continue;
        switch (kind) {
        case 0:  // a byte flipped
            text[below(r, text.size())] ^= static_cast<char>(1u << below(r, 8));
            break;
        case 1: {  // a game cut short: a span removed
            const std::size_t at = below(r, text.size());
            text.erase(at, 1 + below(r, 120));
            break;
        }
        case 2:  // junk inserted
            text.insert(below(r, text.size() + 1), junk(r));
            break;
        case 3:  // an encoding switched
            if (format == "csa") switch_one(r, text, "encoding=UTF-8", below(r, 2) ? "encoding=SHIFT_JIS" : "encoding=EUC-JP");
            if (format == "sgf") switch_one(r, text, "CA[UTF-8]", below(r, 2) ? "CA[ISO-8859-1]" : "CA[GB2312]");
            if (format == "ggf") switch_one(r, text, "M\xfcller", "Müller");
            break;
        default:  // a line doubled
            if (const std::size_t at = text.find('\n', below(r, text.size())); at != std::string::npos) {
                const std::size_t start = text.rfind('\n', at == 0 ? 0 : at - 1);
                const std::size_t from = start == std::string::npos ? 0 : start + 1;
                text.insert(from, text.substr(from, at + 1 - from));
            }
            break;
        }
    }
}

std::string joined(rng& r, const std::vector<std::string>& games, std::size_t count, const char* separator) {
    std::string text;
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0) text += separator;
        text += games[below(r, games.size())];
    }
    return text;
}

struct reading {
    std::vector<std::string> records;      // "index JKF"
    std::vector<std::string> diagnostics;  // gcc form, sorted
    bool ok = true;
};

reading whole(const std::filesystem::path& path, const kifu::read_options& options) {
    reading out;
    const kifu::read_result r = kifu::read_file(path, options);
    for (const kifu::record& rec : r.records) out.records.push_back(std::to_string(rec.index) + " " + kifu::to_jkf(rec));
    out.diagnostics = kifu::test::gcc_list(r.diagnostics);
    std::sort(out.diagnostics.begin(), out.diagnostics.end());
    out.ok = r.ok();
    return out;
}

reading streamed(const std::filesystem::path& path, const kifu::read_options& options, const kifu::detail::stream_tuning& tuning) {
    reading out;
    std::vector<kifu::diagnostic> diagnostics;
    kifu::stream_sink sink;
    sink.on_record = [&](kifu::record&& rec) {
        out.records.push_back(std::to_string(rec.index) + " " + kifu::to_jkf(rec));
        return true;
    };
    sink.on_diagnostic = [&](kifu::diagnostic&& d) { diagnostics.push_back(std::move(d)); };
    out.ok = kifu::detail::read_stream(path, options, sink, tuning).ok;
    out.diagnostics = kifu::test::gcc_list(diagnostics);
    std::sort(out.diagnostics.begin(), out.diagnostics.end());
    return out;
}

// Checks one file in both modes and with each way of cutting it; returns false at a difference.
bool same_read(const std::filesystem::path& path, const std::string& what, bool strict_too) {
    kifu::detail::stream_tuning every_game;  // a piece at every cut, reads of 97 bytes
    every_game.piece_bytes = 1;
    every_game.block_bytes = 97;
    every_game.stream_from = 0;
    every_game.wthor_batch = 3;
    kifu::detail::stream_tuning some_games;  // pieces of a few games, reads of 4 KiB
    some_games.piece_bytes = 700;
    some_games.block_bytes = 4096;
    some_games.stream_from = 0;
    some_games.wthor_batch = 17;
    for (const kifu::read_mode mode : {kifu::read_mode::strict, kifu::read_mode::lenient}) {
        if (mode == kifu::read_mode::strict && !strict_too) continue;
        kifu::read_options options;
        options.mode = mode;
        const reading w = whole(path, options);
        for (const kifu::detail::stream_tuning& tuning : {every_game, some_games}) {
            const reading s = streamed(path, options, tuning);
            const char* mode_name = mode == kifu::read_mode::strict ? "strict" : "lenient";
            const std::size_t at = kifu::test::first_difference(s.records, w.records);
            if (at != std::string::npos) {
                UNSCOPED_INFO(what << " " << mode_name << ", pieces of " << tuning.piece_bytes << ": record " << at << " of "
                                   << w.records.size() << " whole, " << s.records.size() << " streamed\n  whole:    "
                                   << (at < w.records.size() ? w.records[at] : "(none)")
                                   << "\n  streamed: " << (at < s.records.size() ? s.records[at] : "(none)"));
                return false;
            }
            const std::size_t d = kifu::test::first_difference(s.diagnostics, w.diagnostics);
            if (d != std::string::npos) {
                UNSCOPED_INFO(what << " " << mode_name << ", pieces of " << tuning.piece_bytes << ": diagnostic " << d
                                   << "\n  whole:    " << (d < w.diagnostics.size() ? w.diagnostics[d] : "(none)")
                                   << "\n  streamed: " << (d < s.diagnostics.size() ? s.diagnostics[d] : "(none)"));
                return false;
            }
            if (s.ok != w.ok) {
                UNSCOPED_INFO(what << " " << mode_name << ": ok differs");
                return false;
            }
        }
    }
    return true;
}

void differential(const std::string& format, std::size_t files, const std::vector<std::string>& games, const char* separator,
                  unsigned kinds) {
    // KIFU_DIFF_KINDS=<mask of damage> narrows a failure down to one kind of damage.
    if (const char* only = std::getenv("KIFU_DIFF_KINDS")) kinds = static_cast<unsigned>(std::strtoul(only, nullptr, 10));
    std::size_t failed = 0;
    for (std::size_t i = 0; i < files && failed < 3; ++i) {
        rng r(static_cast<rng::result_type>(1000003 * i + format.size()));
        std::string text = format == "wthor" ? wthor_base(r, 5 + below(r, 60)) : joined(r, games, 5 + below(r, 40), separator);
        if (i > 0) mutate(r, text, format, kinds);  // the first file as made
        const std::string name = "diff-" + std::to_string(i) + "." + (format == "wthor" ? "wtb" : format);
        const auto path = kifu::test::scratch_file(name, text);
        // Known difference: in strict mode the SGF whole read reports the syntax errors of the
        // whole input (the parser runs before the first game is replayed), the stream only those
        // of the pieces up to the first error. SGF is compared in lenient mode.
        if (!same_read(path, format + " file " + std::to_string(i) + " (" + path.string() + ")", format != "sgf")) {
            ++failed;
        } else {
            std::filesystem::remove(path);
        }
    }
    CHECK(failed == 0);
}

}  // namespace

TEST_CASE("stream_and_whole_read_agree_on_mutated_csa", "[stream][differential]") {
    differential("csa", 600, csa_games(), "/\n", all_damage);
}

TEST_CASE("stream_and_whole_read_agree_on_mutated_sgf", "[stream][differential]") {
    differential("sgf", 500, sgf_games(), "", all_damage);
}

TEST_CASE("stream_and_whole_read_agree_on_mutated_ggf", "[stream][differential]") {
    differential("ggf", 400, ggf_games(), "", all_damage);
}

TEST_CASE("stream_and_whole_read_agree_on_mutated_usi", "[stream][differential]") {
    differential("usi", 100, usi_games(), "", all_damage);
}

TEST_CASE("stream_and_whole_read_agree_on_mutated_wthor", "[stream][differential]") {
    differential("wthor", 200, {}, "", all_damage);
}

