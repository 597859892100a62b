// NGF → SGF tree. grammars/ngf.peg declares the header lines by their place and the `PM` move
// lines; this builder gives them meaning: players and ranks (`9DP` → `9p`, `7D*` → `7d*`),
// komi (whole komi of an even game + 0.5, as both reference readers do), date, result, the
// handicap placed as Tygem places it, and one move per `PM` line.

#include "go/readers.hpp"

#include <cctype>
#include <charconv>
#include <string>

#include "core/peg_support.hpp"
#include "generated/ngf.hpp"
#include "go/converted_game.hpp"
#include "go/formats.hpp"

namespace kifu::inline v1::go {
namespace {

namespace grammar = kifu::grammar::ngf;
using grammar::event;
using detail::converted_game;

constexpr int max_size = 25;  // the coordinate letters reach Z

int number(std::string_view s) {
    int n = -1;
    std::from_chars(s.data(), s.data() + s.size(), n);
    return n;
}

// `9DP` → `9p`, `7D*` → `7d*`, `3K` → `3k` (SGF's spelling of ranks).
std::string sgf_rank(std::string_view rank) {
    std::string out;
    for (std::size_t i = 0; i < rank.size(); ++i) {
        const char c = rank[i];
        if (c == 'P' || c == 'p') {
            if (!out.empty() && (out.back() == 'd' || out.back() == 'k')) out.back() = 'p';
            else out += 'p';
        } else {
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
    }
    return out;
}

class ngf_builder {
public:
    ngf_builder(const source_text& text, std::vector<diagnostic>& diagnostics) : text_(text), diagnostics_(diagnostics) {}

    void on(event e, std::string_view matched, std::size_t offset) {
        const auto at = static_cast<std::uint32_t>(offset);
        switch (e) {
            case event::board_size: size_ = number(matched); size_text_ = matched; size_offset_ = at; break;
            case event::player_name: name_ = matched; break;
            case event::rank: rank_ = matched; break;
            case event::white_line: player("PW", "WR"); break;
            case event::black_line: player("PB", "BR"); break;
            case event::handicap: handicap_ = number(matched); handicap_offset_ = at; break;
            case event::komi: komi_ = matched; break;
            case event::date: date_ = std::string(matched.substr(0, 4)) + "-" + std::string(matched.substr(4, 2)) + "-" + std::string(matched.substr(6, 2)); break;
            case event::old_date: old_date(matched); break;
            case event::winner: winner_ = matched == "Black" ? "B+" : "W+"; break;
            case event::resign: kind_ = "R"; break;
            case event::on_time: kind_ = "T"; break;
            case event::margin: kind_ = matched; break;
            case event::result: result_ = winner_ + kind_; break;
            case event::move_count: move_count_ = number(matched); move_count_offset_ = at; break;
            case event::old_winner: winner_ = matched == "黑" ? "B+" : "W+"; break;
            case event::old_result: result_ = winner_ + "R"; break;
            case event::colour: colour_ = matched == "B" ? color::black : color::white; break;
            case event::coordinates: coordinates_ = matched; coordinates_offset_ = at; break;
            case event::move_line: move(at); break;
        }
    }

    sgf_collection finish(bool parsed) {
        if (!parsed && game_.moves.empty() && size_ < 0) return {};
        game_.size = size_;
        if (size_ < 2 || size_ > max_size) {
            report(severity::error, "ngf.bad-size", "board size " + (size_text_.empty() ? std::to_string(size_) : size_text_) + " is not 2-25; 19 is used", size_offset_);
            game_.size = 19;
        }
        if (parsed && move_count_ >= 0 && move_count_ != static_cast<int>(game_.moves.size())) {
            report(severity::warning, "ngf.move-count",
                   "the header says " + std::to_string(move_count_) + " moves; the file has " + std::to_string(game_.moves.size()),
                   move_count_offset_);
        }
        for (auto& [id, value] : players_) game_.add_info(id, value);
        if (!komi_.empty() && !(handicap_ > 0 && number(komi_) == 0 && komi_.find('.') == std::string::npos)) {
            game_.add_info("KM", handicap_ == 0 && komi_.find('.') == std::string::npos ? komi_ + ".5" : komi_);
        }
        game_.add_info("RE", result_);
        game_.add_info("DT", date_);
        if (handicap_ == 1 || handicap_ > 9) {
            report(severity::error, "ngf.bad-handicap", "handicap " + std::to_string(handicap_) + " is not 0 or 2-9", handicap_offset_);
        } else if (handicap_ >= 2) {
            game_.handicap = handicap_;
            game_.handicap_stones = detail::tygem_handicap(handicap_, game_.size);
        }
        return game_.to_tree();
    }

private:
    void report(kifu::severity s, const char* code, std::string message, std::uint32_t offset, int ply = -1) {
        diagnostics_.push_back(text_.make_diagnostic(s, code, std::move(message), offset, ply));
    }

    void player(const char* name_id, const char* rank_id) {
        players_.emplace_back(name_id, std::string(name_));
        players_.emplace_back(rank_id, sgf_rank(rank_));
        name_ = {};
        rank_ = {};
    }

    // `2006-9-5` → `2006-09-05`.
    void old_date(std::string_view v) {
        const std::size_t a = v.find('-');
        const std::size_t b = v.find('-', a + 1);
        auto two = [](std::string_view s) { return s.size() == 1 ? "0" + std::string(s) : std::string(s); };
        date_ = std::string(v.substr(0, a)) + "-" + two(v.substr(a + 1, b - a - 1)) + "-" + two(v.substr(b + 1));
    }

    // x y y x, `A` = 0: x and y must name a point, the second pair must repeat the first.
    void move(std::uint32_t line) {
        const int ply = static_cast<int>(game_.moves.size()) + 1;
        const int x = coordinates_[0] - 'A';
        const int y = coordinates_[1] - 'A';
        const int board = size_ >= 2 && size_ <= max_size ? size_ : 19;
        if (x < 1 || y < 1 || x > board || y > board) {
            report(severity::error, "ngf.bad-point",
                   "'" + std::string(coordinates_) + "' is not a point of the " + std::to_string(board) + "×" + std::to_string(board) + " board",
                   coordinates_offset_, ply);
            return;
        }
        if (coordinates_[2] != coordinates_[1] || coordinates_[3] != coordinates_[0]) {
            report(severity::warning, "ngf.coordinate-mismatch",
                   "'" + std::string(coordinates_) + "': the second pair does not repeat the first; the first is played", coordinates_offset_, ply);
        }
        game_.moves.push_back({colour_, point{x, y}, line, {}});
    }

    const source_text& text_;
    std::vector<diagnostic>& diagnostics_;
    converted_game game_;
    std::vector<std::pair<std::string, std::string>> players_;
    std::string_view name_;
    std::string_view rank_;
    int size_ = -1;
    std::string size_text_;  // as written: a number too large for size_ is said as it is
    std::uint32_t size_offset_ = 0;
    int handicap_ = 0;
    std::uint32_t handicap_offset_ = 0;
    std::string komi_;
    std::string date_;
    std::string winner_;
    std::string kind_;
    std::string result_;
    int move_count_ = -1;
    std::uint32_t move_count_offset_ = 0;
    color colour_ = color::black;
    std::string_view coordinates_;
    std::uint32_t coordinates_offset_ = 0;
};

}  // namespace

sgf_collection parse_ngf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics) {
    ngf_builder builder(text, diagnostics);
    const bool ok = kifu::detail::parse<grammar::file, grammar::traits>(text, mode, "ngf", builder, diagnostics);
    return builder.finish(ok);
}

int sniff_ngf(std::string_view bytes) noexcept {
    if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
    // A `PM` move line: PM, two letters, B or W, four letters.
    std::size_t at = 0;
    bool move_line = false;
    while ((at = bytes.find("\nPM", at)) != std::string_view::npos && !move_line) {
        const std::string_view m = bytes.substr(at + 3, 7);
        move_line = m.size() == 7 && (m[2] == 'B' || m[2] == 'W');
        for (const char c : m) move_line = move_line && c >= 'A' && c <= 'Z';
        at += 3;
    }
    if (!move_line) return 0;
    if (bytes.starts_with("GI")) return 70;
    // The second line is the board size.
    const std::size_t eol = bytes.find('\n');
    const std::string_view second = bytes.substr(eol + 1, 3);
    return second.size() >= 2 && std::isdigit(static_cast<unsigned char>(second[0])) != 0 ? 80 : 30;
}

namespace detail {

bool trace_ngf(const source_text& text, std::string& out) { return kifu::detail::trace<grammar::file, grammar::traits>(text, out, "ngf"); }

}  // namespace detail

}  // namespace kifu::go
