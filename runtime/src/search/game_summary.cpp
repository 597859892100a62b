// Players, date, event and result of a game in the three games' header conventions.

#include "search/game_summary.hpp"

#include <algorithm>
#include <charconv>
#include <string_view>

#include <kifu/go/record.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/shogi/jkf.hpp>

#include "core/charconv_double.hpp"
#include "shogi/vocabulary.hpp"

namespace kifu::inline v1::search::detail {
namespace {

template <typename Record>
std::string first_header(const Record& r, std::initializer_list<std::string_view> keys) {
    for (std::string_view k : keys) {
        if (const std::string* v = r.find_header(k); v && !v->empty()) return *v;
    }
    return {};
}

std::string side_result(std::uint8_t winner) { return winner == 0 ? "black" : "white"; }

// The special that ends the main line, read with the table every shogi result comes from
// (shogi/vocabulary.hpp): position rows, training writers and the KIF summary line agree.
std::string shogi_result(const shogi::jkf& r, std::uint8_t to_move) {
    if (r.moves.empty()) return {};
    const std::string& special = r.moves.back().special;
    if (shogi::detail::outcome_of_special(special) == shogi::detail::special_outcome::draw) return "draw";
    const auto winner = shogi::detail::winner_of_special(special, to_move == 0 ? shogi::color::black : shogi::color::white);
    if (!winner) return {};
    return side_result(static_cast<std::uint8_t>(*winner));
}

// SGF RE: `B+R`, `W+3.5`, `0`, `Draw`, `Jigo`; anything else (`Void`, `?`) is unknown.
std::string go_result(const go::record& r) {
    const std::string* re = r.find_header("RE");
    if (!re || re->empty()) return {};
    const char c = (*re)[0];
    if (c == 'B' || c == 'b') return re->size() > 1 && (*re)[1] == '+' ? "black" : "";
    if (c == 'W' || c == 'w') return re->size() > 1 && (*re)[1] == '+' ? "white" : "";
    if (*re == "0" || *re == "Draw" || *re == "draw" || *re == "Jigo" || *re == "jigo" || *re == "D") return "draw";
    return {};
}

// GGF/WTHOR RE: Black's disc difference (`+2`, `-40`, `+0`, `+40.000:r`); else the final count
// of a finished game.
std::string othello_result(const othello::record& r) {
    if (const std::string* re = r.find_header("RE"); re && !re->empty()) {
        std::string_view s = *re;
        if (s.front() == '+') s.remove_prefix(1);
        double value = 0;
        const auto [ptr, ec] = kifu::detail::double_from_chars(s.data(), s.data() + s.size(), value);
        if (ec == std::errc{} && ptr != s.data()) return value > 0 ? "black" : value < 0 ? "white" : "draw";
    }
    if (r.end == othello::game_end::early) return {};
    const int diff = r.final_counts.black - r.final_counts.white;
    return diff > 0 ? "black" : diff < 0 ? "white" : "draw";
}

std::uint64_t fnv1a(std::string_view s) noexcept {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (const char c : s) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ull;
    }
    return h;
}

// A second hash over 8-byte words, mixed as SplitMix64 does, independent of FNV's.
std::uint64_t mix64(std::string_view s) noexcept {
    std::uint64_t h = 0x243f6a8885a308d3ull ^ s.size();
    for (std::size_t i = 0; i < s.size(); i += 8) {
        std::uint64_t w = 0;
        for (std::size_t j = 0; j < 8 && i + j < s.size(); ++j) {
            w |= static_cast<std::uint64_t>(static_cast<unsigned char>(s[i + j])) << (8 * j);
        }
        h ^= w;
        h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
        h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
        h ^= h >> 31;
    }
    return h;
}

}  // namespace

void describe(const record& r, std::uint8_t final_to_move, game_entry& entry) {
    entry.game = r.game();
    if (const auto* s = r.get<shogi::jkf>()) {
        entry.black = first_header(*s, {"先手", "下手"});
        entry.white = first_header(*s, {"後手", "上手"});
        entry.date = first_header(*s, {"開始日時", "対局日", "終了日時"});
        entry.event = first_header(*s, {"棋戦"});
        entry.result = shogi_result(*s, final_to_move);
    } else if (const auto* g = r.get<go::record>()) {
        entry.black = first_header(*g, {"PB"});
        entry.white = first_header(*g, {"PW"});
        entry.date = first_header(*g, {"DT"});
        entry.event = first_header(*g, {"EV"});
        entry.result = go_result(*g);
    } else if (const auto* o = r.get<othello::record>()) {
        entry.black = first_header(*o, {"PB"});
        entry.white = first_header(*o, {"PW"});
        entry.date = first_header(*o, {"DT"});
        entry.event = first_header(*o, {"PC"});
        entry.result = othello_result(*o);
    }
}

int compare_dates(std::string_view date, std::string_view bound) noexcept {
    const std::size_t n = std::min(date.size(), bound.size());
    for (std::size_t i = 0; i < n; ++i) {
        const char a = date[i] == '/' || date[i] == '.' ? '-' : date[i];
        const char b = bound[i] == '/' || bound[i] == '.' ? '-' : bound[i];
        if (a != b) return a < b ? -1 : 1;
    }
    return 0;
}

std::array<std::uint64_t, 2> content_hash(const record& r) {
    const std::string jkf = to_jkf(r);
    return {fnv1a(jkf), mix64(jkf)};
}

}  // namespace kifu::search::detail
