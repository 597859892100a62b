// UGF/UGI → SGF tree. grammars/ugf.peg declares the sections and their lines; this builder
// gives them meaning: header values (players `name,rank,…`, `Hdcp=stones,komi`,
// `Winner=B,margin`, `Date=start,…`, `Size`), the `[Data]` moves in IGS coordinates (column
// letter from the left, row letter from the bottom, `YA` a pass; move number 0 = a handicap
// stone), and the `[ReviewComment]` texts of the main line's nodes (the `[ReviewNode]` list
// tells which node numbers are on the main line; review variations are not read).

#include "core/charconv_double.hpp"
#include "go/readers.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <string>

#include "core/peg_support.hpp"
#include "generated/ugf.hpp"
#include "go/converted_game.hpp"
#include "go/formats.hpp"

namespace kifu::inline v1::go {
namespace {

namespace grammar = kifu::grammar::ugf;
using grammar::event;
using detail::converted_game;

constexpr int max_size = 24;  // column `Y` (25) is the pass `YA`

constexpr std::array<std::string_view, 19> known_keys{
    "Ver",   "Lang",  "Crypt", "Code",   "Title",     "Place",          "Date",    "Rule",    "Size", "Hdcp",
    "Ptime", "Winner", "Moves", "Writer", "Copyright", "CoordinateType", "Comment", "PlayerB", "PlayerW"};

int number(std::string_view s) {
    int n = -1;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    return ec == std::errc{} && end == s.data() + s.size() ? n : -1;
}

// `-5.50` → `-5.5`, `7.00` → `7`: a real as SGF writes it; empty when not a number.
std::string real(std::string_view s) {
    double v = 0;
    const auto [end, ec] = kifu::detail::double_from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end != s.data() + s.size() || s.empty()) return {};
    std::string out(s);
    if (out.find('.') != std::string::npos) {
        while (out.back() == '0') out.pop_back();
        if (out.back() == '.') out.pop_back();
    }
    return out;
}

class ugf_builder {
public:
    ugf_builder(const source_text& text, std::vector<diagnostic>& diagnostics) : text_(text), diagnostics_(diagnostics) {}

    void on(event e, std::string_view matched, std::size_t offset) {
        const auto at = static_cast<std::uint32_t>(offset);
        switch (e) {
            case event::key: key_ = matched; key_offset_ = at; fields_.clear(); break;
            case event::field: fields_.emplace_back(matched); break;
            case event::key_value: key_value(); break;
            case event::point: point_ = matched; point_offset_ = at; break;
            case event::colour: colour_ = matched == "B" ? color::black : color::white; break;
            case event::move_number: move_number_ = number(matched); break;
            case event::data_line: data_line(at); break;
            case event::node_number: node_number_ = number(matched); node_offset_ = at; break;
            case event::node_line:
                if (depth_ == 0) main_nodes_.push_back(node_number_);
                break;
            case event::variation: ++depth_; break;
            case event::variation_end: depth_ = std::max(depth_ - 1, 0); break;
            case event::comment_head: comments_.push_back({node_number_, node_offset_, {}}); break;
            case event::comment_text: comment_text(matched); break;
            case event::section_name: section_ = matched; break;
            case event::other_section:
                report(severity::warning, "ugf.unknown-section", "unknown section [" + std::string(section_) + "]; skipped", at);
                break;
        }
    }

    sgf_collection finish(bool parsed) {
        if (!parsed && header_.empty() && game_.moves.empty()) return {};
        game_.size = size();
        player("PlayerB", "PB", "BR");
        player("PlayerW", "PW", "WR");
        if (const auto* h = find("Hdcp")) {
            if (const int stones = number((*h)[0]); stones >= 2) game_.handicap = stones;
            if (h->size() > 1) game_.add_info("KM", real((*h)[1]));
        }
        if (const auto* w = find("Winner"); w && ((*w)[0] == "B" || (*w)[0] == "W")) {
            const std::string margin = w->size() > 1 ? real((*w)[1]) : std::string();
            game_.add_info("RE", (*w)[0] + "+" + (margin == "0" ? std::string() : margin));
        }
        if (const auto* d = find("Date")) game_.add_info("DT", detail::iso_date((*d)[0], '/'));
        if (const auto* r = find("Rule")) game_.add_info("RU", (*r)[0] == "JPN" ? "Japanese" : (*r)[0] == "CHN" ? "Chinese" : (*r)[0]);
        if (const auto* p = find("Place")) game_.add_info("PC", (*p)[0]);
        if (const auto* c = find("Copyright")) game_.add_info("CP", (*c)[0]);
        attach_comments();
        return game_.to_tree();
    }

private:
    struct comment {
        int node;
        std::uint32_t offset;
        std::string text;
    };

    void report(kifu::severity s, const char* code, std::string message, std::uint32_t offset, int ply = -1) {
        diagnostics_.push_back(text_.make_diagnostic(s, code, std::move(message), offset, ply));
    }

    const std::vector<std::string>* find(std::string_view key) const {
        const auto i = header_.find(std::string(key));
        return i == header_.end() || i->second.empty() ? nullptr : &i->second;
    }

    void key_value() {
        if (std::find(known_keys.begin(), known_keys.end(), key_) == known_keys.end()) {
            report(severity::warning, "ugf.unknown-key", "unknown key '" + std::string(key_) + "'; ignored", key_offset_);
            return;
        }
        if (key_ == "Size") size_offset_ = key_offset_;
        if (key_ == "CoordinateType" && !fields_.empty() && fields_[0] != "IGS") {
            report(severity::warning, "ugf.coordinate-type",
                   "CoordinateType=" + fields_[0] + " is not IGS, the only one known; read as IGS", key_offset_);
        }
        header_[std::string(key_)] = fields_;
    }

    int size() {
        const auto* s = find("Size");
        if (!s) return 19;
        const int n = number((*s)[0]);
        if (n >= 2 && n <= max_size) return n;
        report(severity::error, "ugf.bad-size", "board size " + (*s)[0] + " is not 2-24; 19 is used", size_offset_);
        header_.erase("Size");
        return 19;
    }

    // IGS coordinates: column letter from the left (`A` = 1, `I` included), row letter from
    // the bottom; `YA` is a pass.
    void data_line(std::uint32_t line) {
        if (!size_known_) {
            board_ = size();
            size_known_ = true;
        }
        const int ply = static_cast<int>(game_.moves.size()) + 1;
        if (point_ == "YA") {
            if (move_number_ == 0) {
                report(severity::error, "ugf.bad-point", "a pass (YA) cannot be a handicap stone", point_offset_);
                return;
            }
            game_.moves.push_back({colour_, std::nullopt, line, {}});
            return;
        }
        const int x = point_[0] - 'A' + 1;
        const int y = board_ - (point_[1] - 'A');
        if (x > board_ || y < 1) {
            report(severity::error, "ugf.bad-point",
                   "'" + std::string(point_) + "' is not a point of the " + std::to_string(board_) + "×" + std::to_string(board_) + " board",
                   point_offset_, move_number_ == 0 ? -1 : ply);
            return;
        }
        if (move_number_ == 0) {
            if (!game_.moves.empty() || colour_ != color::black) {
                report(severity::error, "ugf.misplaced-stone", "a move number 0 (a handicap stone) must be black and come before the moves", line);
                return;
            }
            game_.handicap_stones.push_back({x, y});
            return;
        }
        if (move_number_ != ply) {
            report(severity::warning, "ugf.move-number", "move number " + std::to_string(move_number_) + " where " + std::to_string(ply) + " was expected", line, ply);
        }
        game_.moves.push_back({colour_, point{x, y}, line, {}});
    }

    void comment_text(std::string_view line) {
        if (comments_.empty()) return;
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
        while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
        std::string& text = comments_.back().text;
        if (!text.empty()) text += '\n';
        text += line;
    }

    // `.Comment,k` names a node of [ReviewNode]; the i-th node of the main line (i = 0: the
    // start) is the position after i moves. Without [ReviewNode], node k is after k − 1 moves.
    void attach_comments() {
        for (comment& c : comments_) {
            while (!c.text.empty() && c.text.back() == '\n') c.text.pop_back();
            std::size_t after = 0;
            if (main_nodes_.empty()) {
                after = c.node >= 1 ? static_cast<std::size_t>(c.node - 1) : game_.moves.size() + 1;
            } else {
                const auto i = std::find(main_nodes_.begin(), main_nodes_.end(), c.node);
                after = i == main_nodes_.end() ? game_.moves.size() + 1 : static_cast<std::size_t>(i - main_nodes_.begin());
            }
            if (after > game_.moves.size()) {
                report(severity::warning, "ugf.comment-off-main-line",
                       ".Comment," + std::to_string(c.node) + " is on no node of the main line (review variations are not read); dropped", c.offset);
                continue;
            }
            std::string& into = after == 0 ? game_.root_comment : game_.moves[after - 1].comment;
            if (!into.empty()) into += '\n';
            into += c.text;
        }
    }

    void player(const char* key, const char* name_id, const char* rank_id) {
        const auto* p = find(key);
        if (!p) return;
        game_.add_info(name_id, (*p)[0]);
        if (p->size() > 1) game_.add_info(rank_id, (*p)[1]);
    }

    const source_text& text_;
    std::vector<diagnostic>& diagnostics_;
    converted_game game_;
    std::map<std::string, std::vector<std::string>> header_;
    std::string_view key_;
    std::uint32_t key_offset_ = 0;
    std::vector<std::string> fields_;
    std::uint32_t size_offset_ = 0;
    bool size_known_ = false;
    int board_ = 19;
    std::string_view point_;
    std::uint32_t point_offset_ = 0;
    color colour_ = color::black;
    int move_number_ = -1;
    int node_number_ = -1;
    std::uint32_t node_offset_ = 0;
    int depth_ = 0;
    std::vector<int> main_nodes_;
    std::vector<comment> comments_;
    std::string_view section_;
};

}  // namespace

sgf_collection parse_ugf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics) {
    ugf_builder builder(text, diagnostics);
    const bool ok = kifu::detail::parse<grammar::file, grammar::traits>(text, mode, "ugf", builder, diagnostics);
    return builder.finish(ok);
}

int sniff_ugf(std::string_view bytes, std::string& declared_encoding) {
    if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
    if (!bytes.starts_with("[Header]")) return 0;
    if (!detail::window_is_utf8(bytes) && (bytes.find("\nLang=SJIS") != std::string_view::npos || bytes.find("\nLang=JPN") != std::string_view::npos)) {
        declared_encoding = "CP932";
    }
    return bytes.find("\n[Data]") != std::string_view::npos || bytes.find("\nVer=") != std::string_view::npos ? 90 : 40;
}

namespace detail {

bool trace_ugf(const source_text& text, std::string& out) { return kifu::detail::trace<grammar::file, grammar::traits>(text, out, "ugf"); }

}  // namespace detail

}  // namespace kifu::go
