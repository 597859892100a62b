// NHK score → SGF tree. grammars/nhk.peg splits the file into records; this builder gives
// them meaning: header keys become SGF game-info, each `p=` record (the board after the move,
// 361 digits, then the move's SGF letters) becomes a move node, and every board is compared
// with a replay, which catches broken boards and moves.

#include "go/readers.hpp"

#include <array>
#include <charconv>
#include <string>

#include <kifu/go/board.hpp>

#include "core/peg_support.hpp"
#include "generated/nhk.hpp"
#include "go/formats.hpp"
#include "go/sgf_values.hpp"

namespace kifu::inline v1::go {
namespace {

namespace grammar = kifu::grammar::nhk;
using grammar::event;

constexpr int side = 19;
constexpr std::size_t cells = side * side;

constexpr std::array<std::string_view, 8> header_keys{"OnAir", "Title", "Stage", "Start", "End", "Player1", "Player2", "Result"};

class nhk_builder {
public:
    nhk_builder(const source_text& text, std::vector<diagnostic>& diagnostics)
        : text_(text), diagnostics_(diagnostics), board_(side, side) {}

    void on(event e, std::string_view matched, std::size_t offset) {
        const auto at = static_cast<std::uint32_t>(offset);
        if (e == event::end_mark) {
            ended_ = true;
            return;
        }
        if (ended_) {
            if (!after_end_reported_) report(severity::warning, "nhk.after-end", "text after END is ignored", at);
            after_end_reported_ = true;
            return;
        }
        if (e == event::bad_line) {
            report(severity::error, "nhk.syntax", "expected a 'key=value;' record or END", at);
            return;
        }
        record(matched, at);
    }

    sgf_collection finish(bool parsed) {
        if (parsed && !ended_ && !truncated_) {
            report(severity::error, "nhk.truncated", "unexpected end of file (no END)",
                   static_cast<std::uint32_t>(text_.text().size()));
        }
        sgf_collection c;
        if (!parsed) return c;
        const node_id root = c.add_node(no_node);
        auto add = [&](node_id n, const char* id, std::string_view value) { c.add_value(c.add_property(n, id), escape(value)); };
        add(root, "FF", "4");
        add(root, "CA", "UTF-8");
        add(root, "GM", "1");
        add(root, "SZ", "19");
        if (const std::string* v = find("Title")) add(root, "EV", *v);
        if (const std::string* v = find("Stage")) add(root, "GN", *v);
        if (const std::string* start = find("Start")) {
            std::string dt = date(*start);
            if (const std::string* end = find("End"); end && date(*end) != dt) dt += "," + date(*end);
            add(root, "DT", dt);
        }
        player(c, root, "Player1", "PB", "BR");
        player(c, root, "Player2", "PW", "WR");
        if (const std::string* v = find("Result")) {
            if (std::string re = result(*v); !re.empty()) {
                add(root, "RE", re);
            } else {
                report(severity::warning, "nhk.bad-result", "Result=" + *v + " is not x or x:y (x 1 or 2; y t or a number)",
                       offset_of("Result"));
            }
        }
        node_id last = root;
        for (const auto& [colour, to] : moves_) {
            last = c.add_node(last);
            c.add_value(c.add_property(last, colour == color::black ? "B" : "W"), to_sgf(to));
        }
        return c;
    }

private:
    struct header_value {
        std::string key;
        std::string value;
        std::uint32_t offset;
    };

    void report(kifu::severity s, const char* code, std::string message, std::uint32_t offset, int ply = -1) {
        diagnostics_.push_back(text_.make_diagnostic(s, code, std::move(message), offset, ply));
    }

    const std::string* find(std::string_view key) const {
        for (const header_value& h : header_) {
            if (h.key == key) return &h.value;
        }
        return nullptr;
    }

    std::uint32_t offset_of(std::string_view key) const {
        for (const header_value& h : header_) {
            if (h.key == key) return h.offset;
        }
        return 0;
    }

    static std::string date(std::string_view v) {
        std::string out(v);
        for (char& ch : out) {
            if (ch == '/') ch = '-';
        }
        return out;
    }

    // `x` or `x:y`: x 1 Black wins, 2 White wins, else a draw; y absent = resignation,
    // `t` = time, n = by n + 0.5 points.
    static std::string result(std::string_view v) {
        const std::size_t colon = v.find(':');
        const std::string_view x = v.substr(0, colon);
        if (x.empty() || x.find_first_not_of("0123456789") != std::string_view::npos) return {};
        if (x != "1" && x != "2") return "0";
        const std::string winner = x == "1" ? "B+" : "W+";
        if (colon == std::string_view::npos) return winner + "R";
        const std::string_view y = v.substr(colon + 1);
        if (y == "t") return winner + "T";
        int n = 0;
        const auto [end, ec] = std::from_chars(y.data(), y.data() + y.size(), n);
        if (ec != std::errc{} || end != y.data() + y.size() || n < 0) return {};
        return winner + std::to_string(n) + ".5";
    }

    void player(sgf_collection& c, node_id root, std::string_view key, const char* name_id, const char* rank_id) const {
        const std::string* v = find(key);
        if (!v) return;
        const std::size_t space = v->rfind(' ');
        const std::string name = space == std::string::npos ? *v : v->substr(0, space);
        c.add_value(c.add_property(root, name_id), escape(name));
        if (space != std::string::npos) c.add_value(c.add_property(root, rank_id), escape(v->substr(space + 1)));
    }

    void record(std::string_view line, std::uint32_t at) {
        // Strip the line break, then require the `;`.
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
        if (line.empty() || line.back() != ';') {
            if (at + line.size() >= text_.text().size()) {
                report(severity::error, "nhk.truncated", "unexpected end of file", at, static_cast<int>(moves_.size()) + 1);
                truncated_ = true;
                return;
            }
            report(severity::warning, "nhk.missing-semicolon", "a record without ';' at its end", at);
        } else {
            line.remove_suffix(1);
        }
        const std::size_t eq = line.find('=');
        const std::string key(line.substr(0, eq));
        const std::string_view value = line.substr(eq + 1);
        if (key == "p") {
            move(value, at);
        } else if (key == "h1" || key == "h2") {
            prisoners(key == "h1" ? color::black : color::white, value, at);
        } else {
            if (std::find(header_keys.begin(), header_keys.end(), key) == header_keys.end()) {
                report(severity::warning, "nhk.unknown-key", "unknown key '" + key + "'; ignored", at);
                return;
            }
            header_.push_back({key, std::string(value), at});
        }
    }

    void move(std::string_view value, std::uint32_t at) {
        const int ply = static_cast<int>(moves_.size()) + 1;
        const color mover = moves_.empty() ? color::black : opponent(moves_.back().first);
        const std::size_t digits = value.find_first_not_of("0123456789");
        const std::string_view board_digits = value.substr(0, digits == std::string_view::npos ? value.size() : digits);
        const std::string_view letters = digits == std::string_view::npos ? std::string_view{} : value.substr(digits);
        if (board_digits.size() != cells) {
            report(severity::error, "nhk.board-size", "board must have 361 digits (it has " + std::to_string(board_digits.size()) + ")", at, ply);
            resync_needed_ = true;
        } else if (const std::size_t bad = board_digits.find_first_not_of("012"); bad != std::string_view::npos) {
            report(severity::error, "nhk.bad-digit",
                   "invalid board digit '" + std::string(1, board_digits[bad]) + "' at " + std::to_string(bad + 1) + " (only 0, 1, 2 allowed)",
                   at, ply);
            resync_needed_ = true;
        }
        const auto to = parse_point(letters);
        if (!to || to->x > side || to->y > side) {
            report(severity::error, "nhk.bad-move", "'" + std::string(letters) + "' is not a point of the 19×19 board", at, ply);
            return;
        }
        moves_.emplace_back(mover, *to);
        board_.play(mover, *to, played_);
        if (resync_needed_ && board_digits.size() == cells && board_digits.find_first_not_of("012") == std::string_view::npos) {
            resync(board_digits);
            return;
        }
        if (board_digits.size() != cells || board_digits.find_first_not_of("012") != std::string_view::npos) return;
        const char expected = mover == color::black ? '1' : '2';
        if (board_digits[static_cast<std::size_t>((to->y - 1) * side + to->x - 1)] != expected) {
            report(severity::error, "nhk.move-mismatch", "move " + std::to_string(ply) + " (" + std::string(letters) + ") does not match board", at, ply);
            resync(board_digits);
            return;
        }
        for (int y = 1; y <= side; ++y) {
            for (int x = 1; x <= side; ++x) {
                const stone s = board_.at({x, y});
                const char d = board_digits[static_cast<std::size_t>((y - 1) * side + x - 1)];
                if (d != (s == stone::empty ? '0' : s == stone::black ? '1' : '2')) {
                    report(severity::error, "nhk.board-mismatch",
                           "board after move " + std::to_string(ply) + " does not match the replay (at " + to_sgf({x, y}) + ")", at, ply);
                    resync(board_digits);
                    return;
                }
            }
        }
    }

    // Takes the file's board as the truth from here on, so one bad board is one diagnostic.
    void resync(std::string_view digits) {
        for (int i = 0; i < static_cast<int>(cells); ++i) {
            const char d = digits[static_cast<std::size_t>(i)];
            board_.set({i % side + 1, i / side + 1}, d == '1' ? stone::black : d == '2' ? stone::white : stone::empty);
        }
        resync_needed_ = false;
        prisoners_unreliable_ = true;
    }

    // h1/h2 are taken to be the running prisoner counts (an assumption: the format is
    // undocumented), so a difference is only a warning, and only the first is reported.
    void prisoners(color c, std::string_view value, std::uint32_t at) {
        int n = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
        if (ec != std::errc{} || end != value.data() + value.size()) {
            report(severity::warning, "nhk.bad-prisoners", "h1/h2 value '" + std::string(value) + "' is not a number", at);
            return;
        }
        if (prisoners_unreliable_ || prisoners_reported_ || moves_.empty()) return;
        if (n != board_.prisoners(c)) {
            report(severity::warning, "nhk.prisoners-mismatch",
                   std::string(c == color::black ? "h1" : "h2") + "=" + std::to_string(n) + " but the replay has " +
                       std::to_string(board_.prisoners(c)) + " prisoners",
                   at, static_cast<int>(moves_.size()));
            prisoners_reported_ = true;
        }
    }

    const source_text& text_;
    std::vector<diagnostic>& diagnostics_;
    board board_;
    play_result played_;  // reused by every move (the board fills it without allocating)
    std::vector<header_value> header_;
    std::vector<std::pair<color, point>> moves_;
    bool ended_ = false;
    bool after_end_reported_ = false;
    bool truncated_ = false;
    bool resync_needed_ = false;
    bool prisoners_unreliable_ = false;
    bool prisoners_reported_ = false;
};

}  // namespace

sgf_collection parse_nhk(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics) {
    nhk_builder builder(text, diagnostics);
    const bool ok = kifu::detail::parse<grammar::file, grammar::traits>(text, mode, "nhk", builder, diagnostics);
    // The grammar fails only on the magic line (or on text it cannot split): nothing to keep.
    return builder.finish(ok);
}

int sniff_nhk(std::string_view bytes) noexcept {
    if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
    return bytes.starts_with("NIP100;") ? 95 : bytes.starts_with("NIP") ? 40 : 0;
}

namespace detail {

bool trace_nhk(const source_text& text, std::string& out) { return kifu::detail::trace<grammar::file, grammar::traits>(text, out, "nhk"); }

}  // namespace detail

}  // namespace kifu::go
