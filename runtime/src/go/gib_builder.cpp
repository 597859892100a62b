// GIB → SGF tree. grammars/gib.peg declares the lines (header `\[KEY=VALUE\]`, the comma lists
// of GAMEINFOMAIN and GAMETAG, INI and STO); this builder gives them meaning: players and
// ranks, komi (GONGJE, else the tag's G, in tenths), result (GRLT with ZIPSU, else the tag's
// W and Z), date (the tag's C), the handicap of the INI line placed as Tygem places it, and
// one move per STO line (x and y 0-based from the top-left).

#include "go/readers.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <string>

#include "core/peg_support.hpp"
#include "generated/gib.hpp"
#include "go/converted_game.hpp"
#include "go/formats.hpp"

namespace kifu::inline v1::go {
namespace {

namespace grammar = kifu::grammar::gib;
using grammar::event;
using detail::converted_game;

constexpr int side = 19;

// Every key seen in Tygem files (GAMEWIMAG: a misspelling one real file has).
constexpr std::array<std::string_view, 33> known_keys{
    "GIBOKIND",       "TYPE",          "SZAUDIO",         "GAMECONDITION",    "GAMETIME",      "GAMERESULT",
    "GAMEZIPSU",      "GAMEDUM",       "GAMEGONGJE",      "GAMETOTALNUM",     "GAMENAME",      "GAMEDATE",
    "GAMEPLACE",      "GAMELECNAME",   "GAMEWHITENAME",   "GAMEWHITELEVEL",   "GAMEWHITENICK", "GAMEWHITECOUNTRY",
    "GAMEWAVATA",     "GAMEWIMAGE",    "GAMEWIMAG",       "GAMEBLACKNAME",    "GAMEBLACKLEVEL", "GAMEBLACKNICK",
    "GAMEBLACKCOUNTRY", "GAMEBAVATA",  "GAMEBIMAGE",      "GAMECOMMENT",      "GAMEINFOMAIN",  "GAMEINFOSUB",
    "WUSERINFO",      "BUSERINFO",     "GAMETAG"};

std::optional<long long> number(std::string_view s) {
    long long n = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
    return n;
}

class gib_builder {
public:
    gib_builder(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics)
        : text_(text), diagnostics_(diagnostics), lenient_(mode == read_mode::lenient) {}

    void on(event e, std::string_view matched, std::size_t offset) {
        const auto at = static_cast<std::uint32_t>(offset);
        switch (e) {
            case event::item_key:
            case event::tag_key: item_key_ = matched; break;
            case event::item_value: item_value_ = matched; break;
            case event::info_item:
            case event::tag_item: items_.emplace_back(item_key_, item_value_); break;
            case event::info_main: commit_items(info_); break;
            case event::game_tag: commit_items(tag_); break;
            case event::key: key_ = matched; key_offset_ = at; break;
            case event::value: value_ = matched; break;
            case event::key_value: key_value(); break;
            case event::section:
                if (matched.starts_with("\\GE")) ended_ = true;
                break;
            case event::handicap: handicap_ = number(matched).value_or(-1); handicap_text_ = matched; handicap_offset_ = at; break;
            case event::ini_line: ini(); break;
            case event::colour: colour_ = matched == "1" ? color::black : color::white; coordinates_ = 0; break;
            case event::coordinate: xy_[coordinates_++ % 2] = {number(matched).value_or(-1), at}; break;
            case event::sto_line: sto(at); break;
        }
    }

    sgf_collection finish(bool parsed) {
        if (!parsed && game_.moves.empty() && header_.empty()) return {};
        // A strict parse stops at its first error: the missing \GE would be a consequence.
        if (!ended_ && (parsed || lenient_)) report(severity::error, "gib.truncated", "unexpected end of file (no \\GE)", static_cast<std::uint32_t>(text_.text().size()));
        game_.size = side;
        player("GAMEBLACKNAME", "PB", "BR");
        player("GAMEWHITENAME", "PW", "WR");
        if (auto komi = from("GONGJE", "G")) game_.add_info("KM", detail::tenths(*komi));
        game_.add_info("RE", result());
        if (const auto c = tag_.find("C"); c != tag_.end()) game_.add_info("DT", detail::iso_date(c->second, ':'));
        if (handicap_ >= 2) {
            game_.handicap = static_cast<int>(handicap_);
            game_.handicap_stones = detail::tygem_handicap(game_.handicap, side);
        }
        return game_.to_tree();
    }

private:
    void report(kifu::severity s, const char* code, std::string message, std::uint32_t offset, int ply = -1) {
        diagnostics_.push_back(text_.make_diagnostic(s, code, std::move(message), offset, ply));
    }

    void commit_items(std::map<std::string, std::string>& into) {
        for (auto& [k, v] : items_) into[k] = v;
        items_.clear();
    }

    void key_value() {
        items_.clear();  // a GAMEINFOMAIN or GAMETAG value that was not a list
        if (std::find(known_keys.begin(), known_keys.end(), key_) == known_keys.end()) {
            report(severity::warning, "gib.unknown-key", "unknown key '" + std::string(key_) + "'; ignored", key_offset_);
            return;
        }
        header_[std::string(key_)] = std::string(value_);
    }

    void ini() {
        if (handicap_ == 1 || handicap_ > 9 || handicap_ < 0) {
            report(severity::error, "gib.bad-handicap", "handicap " + (handicap_text_.empty() ? std::to_string(handicap_) : handicap_text_) + " is not 0 or 2-9", handicap_offset_);
            handicap_ = 0;
        }
    }

    void sto(std::uint32_t line) {
        const int ply = static_cast<int>(game_.moves.size()) + 1;
        for (const auto& [v, at] : xy_) {
            if (v < 0 || v >= side) {
                report(severity::error, "gib.bad-point", "coordinate " + std::to_string(v) + " is off the 19×19 board (0-18)", at, ply);
                return;
            }
        }
        game_.moves.push_back({colour_, point{static_cast<int>(xy_[0].first) + 1, static_cast<int>(xy_[1].first) + 1}, line, {}});
    }

    // A number of tenths from GAMEINFOMAIN's `main` item, else from GAMETAG's `tag` item.
    std::optional<long long> from(const char* main, const char* tag) const {
        if (const auto i = info_.find(main); i != info_.end()) return number(i->second);
        if (const auto t = tag_.find(tag); t != tag_.end()) return number(t->second);
        return std::nullopt;
    }

    // GRLT (else the tag's W): 0/1 Black/White by ZIPSU tenths, 3/4 by resignation, 7/8 on
    // time; other codes (255: unfinished) leave no result.
    std::string result() const {
        const auto kind = from("GRLT", "W");
        if (!kind) return {};
        switch (*kind) {
            case 0:
            case 1: {
                const auto margin = from("ZIPSU", "Z");
                return std::string(*kind == 0 ? "B+" : "W+") + (margin ? detail::tenths(*margin) : "");
            }
            case 3: return "B+R";
            case 4: return "W+R";
            case 7: return "B+T";
            case 8: return "W+T";
            default: return {};
        }
    }

    void player(const char* key, const char* name_id, const char* rank_id) {
        const auto v = header_.find(key);
        if (v == header_.end()) return;
        auto [name, rank] = detail::split_name_rank(v->second);
        game_.add_info(name_id, std::move(name));
        game_.add_info(rank_id, std::move(rank));
    }

    const source_text& text_;
    std::vector<diagnostic>& diagnostics_;
    converted_game game_;
    std::map<std::string, std::string> header_;
    std::map<std::string, std::string> info_;
    std::map<std::string, std::string> tag_;
    std::vector<std::pair<std::string, std::string>> items_;
    std::string_view item_key_;
    std::string_view item_value_;
    std::string_view key_;
    std::string_view value_;
    std::uint32_t key_offset_ = 0;
    long long handicap_ = 0;
    std::string handicap_text_;  // as written: a number too large for handicap_ is said as it is
    std::uint32_t handicap_offset_ = 0;
    color colour_ = color::black;
    std::array<std::pair<long long, std::uint32_t>, 2> xy_{};
    unsigned coordinates_ = 0;
    bool lenient_;
    bool ended_ = false;
};

}  // namespace

sgf_collection parse_gib(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics) {
    gib_builder builder(text, mode, diagnostics);
    const bool ok = kifu::detail::parse<grammar::file, grammar::traits>(text, mode, "gib", builder, diagnostics);
    return builder.finish(ok);
}

int sniff_gib(std::string_view bytes, std::string& declared_encoding) {
    if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
    if (!bytes.starts_with("\\HS")) return bytes.find("\\[GIBOKIND=") != std::string_view::npos ? 60 : 0;
    if (!detail::window_is_utf8(bytes)) {
        if (bytes.find("\\[GIBOKIND=Korea\\]") != std::string_view::npos) declared_encoding = "CP949";
        if (bytes.find("\\[GIBOKIND=China\\]") != std::string_view::npos) declared_encoding = "GB18030";
    }
    return 95;
}

namespace detail {

bool trace_gib(const source_text& text, std::string& out) { return kifu::detail::trace<grammar::file, grammar::traits>(text, out, "gib"); }

}  // namespace detail

}  // namespace kifu::go
