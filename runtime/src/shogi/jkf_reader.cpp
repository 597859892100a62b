// Reads JKF documents (json-kifu-format 1.x). A document goes first through the fast path
// (jkf_ondemand.cpp, simdjson On Demand), which takes the documents this file's checking read
// accepts; what it does not take is read here with nlohmann::json, whose shape is checked
// field by field, so that a wrong document gets a diagnostic that names the field and points
// at it instead of an exception. (The WebAssembly build, which has no simdjson, reads every
// document here.)

#include "shogi/jkf_reader.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/normalize.hpp>

#include "core/json_reader.hpp"
#include "shogi/jkf_ondemand.hpp"

namespace kifu::inline v1::shogi::detail {
namespace {

using json = nlohmann::ordered_json;  // keeps the keys in document order: the header is written back in it

// nlohmann keeps no positions, so the reader walks the text itself when it needs one: to
// point a diagnostic at a field, and to give every move its source line. The text is valid
// JSON (nlohmann accepted it), which keeps this scanner small.
class json_cursor {
public:
    explicit json_cursor(std::string_view text) : s_(text) {}

    std::size_t skip_ws(std::size_t pos) const noexcept {
        while (pos < s_.size() && (s_[pos] == ' ' || s_[pos] == '\t' || s_[pos] == '\n' || s_[pos] == '\r')) {
            ++pos;
        }
        return pos;
    }

    // Returns the offset just after the value that starts at `pos`.
    std::size_t skip_value(std::size_t pos) const noexcept {
        if (pos >= s_.size()) {
            return pos;
        }
        if (s_[pos] == '"') {
            return skip_string(pos);
        }
        if (s_[pos] == '{' || s_[pos] == '[') {
            std::size_t depth = 0;
            while (pos < s_.size()) {
                const char c = s_[pos];
                if (c == '"') {
                    pos = skip_string(pos);
                    continue;
                }
                if (c == '{' || c == '[') {
                    ++depth;
                } else if ((c == '}' || c == ']') && --depth == 0) {
                    return pos + 1;
                }
                ++pos;
            }
            return pos;
        }
        while (pos < s_.size() && s_[pos] != ',' && s_[pos] != '}' && s_[pos] != ']' && s_[pos] != ' ' &&
               s_[pos] != '\n' && s_[pos] != '\r' && s_[pos] != '\t') {
            ++pos;
        }
        return pos;
    }

    // Returns the offset of the value of member `key` of the object at `pos`, or npos.
    std::size_t member(std::size_t pos, std::string_view key) const noexcept {
        if (pos >= s_.size() || s_[pos] != '{') {
            return std::string_view::npos;
        }
        pos = skip_ws(pos + 1);
        while (pos < s_.size() && s_[pos] == '"') {
            const std::size_t key_end = skip_string(pos);
            const std::string_view raw = s_.substr(pos + 1, key_end - pos - 2);
            pos = skip_ws(key_end);
            pos = skip_ws(pos + 1);  // the colon
            if (raw == key) {
                return pos;
            }
            pos = skip_ws(skip_value(pos));
            if (pos < s_.size() && s_[pos] == ',') {
                pos = skip_ws(pos + 1);
            }
        }
        return std::string_view::npos;
    }

    // Returns the offsets of the elements of the array at `pos`.
    std::vector<std::size_t> elements(std::size_t pos) const {
        std::vector<std::size_t> out;
        if (pos >= s_.size() || s_[pos] != '[') {
            return out;
        }
        pos = skip_ws(pos + 1);
        while (pos < s_.size() && s_[pos] != ']') {
            out.push_back(pos);
            pos = skip_ws(skip_value(pos));
            if (pos < s_.size() && s_[pos] == ',') {
                pos = skip_ws(pos + 1);
            }
        }
        return out;
    }

private:
    std::size_t skip_string(std::size_t pos) const noexcept {
        ++pos;
        while (pos < s_.size() && s_[pos] != '"') {
            pos += s_[pos] == '\\' ? 2 : 1;
        }
        return pos + 1;
    }

    std::string_view s_;
};

// One step of a path into the document: an object key or an array index.
using step = std::variant<std::string_view, std::size_t>;

// Thrown inside the reader only, caught in read_jkf: the first shape error ends the read of
// the document (a JKF document is one record; there is nothing sensible to go on with).
struct schema_error {
    std::string message;
};

class reader {
public:
    explicit reader(const source_text& text) : text_(text), cursor_(text.text()) {}

    jkf read_document(const json& doc) {
        jkf out;
        if (!doc.is_object()) {
            fail("the document must be a JSON object with header and moves");
        }
        const json* header = find(doc, "header");
        if (header == nullptr) {
            fail("missing field 'header'");
        }
        read_header(*header, out);
        if (const json* initial = find(doc, "initial"); initial != nullptr && !initial->is_null()) {
            path_.emplace_back(std::string_view("initial"));
            out.initial = read_initial(*initial);
            path_.pop_back();
        }
        const json* moves = find(doc, "moves");
        if (moves == nullptr) {
            fail("missing field 'moves'");
        }
        path_.emplace_back(std::string_view("moves"));
        out.moves = read_moves(*moves, cursor_.member(cursor_.skip_ws(0), "moves"));
        path_.pop_back();
        return out;
    }

    // Returns the byte offset of the current path (or of its deepest existing part).
    std::size_t offset_of_path() const {
        std::size_t pos = cursor_.skip_ws(0);
        for (const step& s : path_) {
            std::size_t next = std::string_view::npos;
            if (const auto* key = std::get_if<std::string_view>(&s)) {
                next = cursor_.member(pos, *key);
            } else {
                const std::vector<std::size_t> items = cursor_.elements(pos);
                const std::size_t index = std::get<std::size_t>(s);
                if (index < items.size()) {
                    next = items[index];
                }
            }
            if (next == std::string_view::npos) {
                break;
            }
            pos = next;
        }
        return pos;
    }

    std::string path_text() const {
        std::string out;
        for (const step& s : path_) {
            if (const auto* key = std::get_if<std::string_view>(&s)) {
                if (!out.empty()) {
                    out += '.';
                }
                out += *key;
            } else {
                out += '[' + std::to_string(std::get<std::size_t>(s)) + ']';
            }
        }
        return out;
    }

private:
    [[noreturn]] void fail(const std::string& message) const {
        const std::string where = path_text();
        throw schema_error{where.empty() ? message : where + ": " + message};
    }

    static const json* find(const json& object, const char* key) {
        const auto it = object.find(key);
        return it == object.end() ? nullptr : &*it;
    }

    // Runs `f` with `key` pushed on the path.
    template <typename F>
    auto at(std::string_view key, F&& f) {
        path_.emplace_back(key);
        auto result = f();
        path_.pop_back();
        return result;
    }

    void read_header(const json& header, jkf& out) {
        path_.emplace_back(std::string_view("header"));
        if (!header.is_object()) {
            fail("expected an object of strings");
        }
        for (const auto& [key, value] : header.items()) {
            if (!value.is_string()) {
                path_.emplace_back(std::string_view(key));
                fail("expected a string");
            }
            out.set_header(key, value.get<std::string>());
        }
        path_.pop_back();
    }

    int read_int(const json& v, int low, int high, const char* what) {
        if (!v.is_number_integer()) {
            fail(std::string("expected ") + what);
        }
        const std::int64_t n = v.get<std::int64_t>();
        if (n < low || n > high) {
            fail(std::string("expected ") + what);
        }
        return static_cast<int>(n);
    }

    shogi::color read_color(const json& v) {
        return read_int(v, 0, 1, "a colour (0 or 1)") == 0 ? color::black : color::white;
    }

    piece_kind read_kind(const json& v) {
        if (v.is_string()) {
            if (const auto kind = piece_kind_from_csa(v.get_ref<const std::string&>())) {
                return *kind;
            }
        }
        fail("expected a piece kind (FU KY KE GI KI KA HI OU TO NY NK NG UM RY)");
    }

    square read_square(const json& v) {
        if (!v.is_object()) {
            fail("expected a square {\"x\": 1..9, \"y\": 1..9}");
        }
        square s;
        for (const char* key : {"x", "y"}) {
            path_.emplace_back(std::string_view(key));
            const json* c = find(v, key);
            if (c == nullptr) {
                fail("missing (a square needs x and y)");
            }
            const int n = read_int(*c, 1, 9, "an integer 1..9");
            (key[0] == 'x' ? s.x : s.y) = static_cast<std::int8_t>(n);
            path_.pop_back();
        }
        return s;
    }

    static bool absent(const json* v) { return v == nullptr || v->is_null(); }

    initial_format read_initial(const json& v) {
        static constexpr std::array<std::string_view, 17> presets{
            "HIRATE", "KY", "KY_R", "KA", "HI", "HIKY", "2", "3", "4", "5", "5_L", "6", "7_L", "7_R", "8", "10", "OTHER"};
        if (!v.is_object()) {
            fail("expected an object {\"preset\": …, \"data\": …}");
        }
        initial_format out;
        const json* preset = find(v, "preset");
        path_.emplace_back(std::string_view("preset"));
        if (preset == nullptr) {
            fail("missing");
        }
        bool known = false;
        if (preset->is_string()) {
            out.preset = preset->get<std::string>();
            for (std::string_view p : presets) {
                known = known || p == out.preset;
            }
        }
        if (!known) {
            fail("expected a preset (HIRATE KY KY_R KA HI HIKY 2 3 4 5 5_L 6 7_L 7_R 8 10 OTHER)");
        }
        path_.pop_back();
        if (const json* data = find(v, "data"); !absent(data)) {
            path_.emplace_back(std::string_view("data"));
            out.data = read_state(*data);
            path_.pop_back();
        }
        return out;
    }

    state_format read_state(const json& v) {
        if (!v.is_object()) {
            fail("expected an object {\"color\", \"board\", \"hands\"}");
        }
        state_format out;
        if (const json* c = find(v, "color"); !absent(c)) {
            out.color = at("color", [&] { return read_color(*c); });
        }
        const json* board = find(v, "board");
        path_.emplace_back(std::string_view("board"));
        if (board == nullptr || !board->is_array() || board->size() != 9) {
            fail("expected 9 columns of 9 squares");
        }
        for (std::size_t x = 0; x < 9; ++x) {
            path_.emplace_back(x);
            const json& column = (*board)[x];
            if (!column.is_array() || column.size() != 9) {
                fail("expected a column of 9 squares");
            }
            for (std::size_t y = 0; y < 9; ++y) {
                path_.emplace_back(y);
                const json& cell = column[y];
                if (!cell.is_object()) {
                    fail("expected {} or {\"color\", \"kind\"}");
                }
                const json* c = find(cell, "color");
                const json* k = find(cell, "kind");
                if (!absent(c) || !absent(k)) {
                    if (absent(c) || absent(k)) {
                        fail("a piece needs both color and kind");
                    }
                    piece p;
                    p.color = at("color", [&] { return read_color(*c); });
                    p.kind = at("kind", [&] { return read_kind(*k); });
                    out.board[x][y] = p;
                }
                path_.pop_back();
            }
            path_.pop_back();
        }
        path_.pop_back();
        const json* hands = find(v, "hands");
        path_.emplace_back(std::string_view("hands"));
        if (hands == nullptr || !hands->is_array() || hands->size() != 2) {
            fail("expected two hands [black, white]");
        }
        for (std::size_t side = 0; side < 2; ++side) {
            path_.emplace_back(side);
            const json& hand = (*hands)[side];
            if (!hand.is_object()) {
                fail("expected an object of piece counts");
            }
            for (const auto& [key, count] : hand.items()) {
                path_.emplace_back(std::string_view(key));
                const auto kind = piece_kind_from_csa(key);
                if (!kind) {
                    fail("not a piece kind");
                }
                const int n = read_int(count, 0, 18, "a count 0..18");
                if (static_cast<int>(*kind) >= hand_kind_count) {
                    // The schema allows promoted kinds and OU as keys; only zero makes sense.
                    if (n != 0) {
                        fail("a hand holds only FU KY KE GI KI KA HI");
                    }
                } else {
                    out.hands[side][static_cast<std::size_t>(*kind)] = n;
                }
                path_.pop_back();
            }
            path_.pop_back();
        }
        path_.pop_back();
        return out;
    }

    time_value read_time_value(const json& v, bool with_hours) {
        if (!v.is_object()) {
            fail("expected {\"m\", \"s\"}");
        }
        time_value t;
        if (const json* h = find(v, "h"); !absent(h)) {
            t.h = at("h", [&] { return read_int(*h, 0, 1'000'000, "a number of hours"); });
        } else if (with_hours) {
            t.h = 0;
        }
        const json* m = find(v, "m");
        const json* s = find(v, "s");
        if (m == nullptr || s == nullptr) {
            fail("a time needs m and s");
        }
        t.m = at("m", [&] { return read_int(*m, 0, 100'000'000, "a number of minutes"); });
        t.s = at("s", [&] { return read_int(*s, 0, 59, "seconds 0..59"); });
        if (const json* ms = find(v, "ms"); !absent(ms)) {
            t.ms = at("ms", [&] { return read_int(*ms, 0, 999, "milliseconds 0..999"); });
        }
        return t;
    }

    move_data read_move(const json& v) {
        if (!v.is_object()) {
            fail("expected an object");
        }
        move_data m;
        if (const json* c = find(v, "color"); !absent(c)) {
            m.color = at("color", [&] { return read_color(*c); });
        }
        if (const json* from = find(v, "from"); !absent(from)) {
            m.from = at("from", [&] { return read_square(*from); });
        }
        if (const json* to = find(v, "to"); !absent(to)) {
            m.to = at("to", [&] { return read_square(*to); });
        }
        if (const json* piece = find(v, "piece"); !absent(piece)) {
            m.piece = at("piece", [&] { return read_kind(*piece); });
        }
        for (const char* key : {"same", "promote"}) {
            if (const json* b = find(v, key); !absent(b)) {
                path_.emplace_back(std::string_view(key));
                if (!b->is_boolean()) {
                    fail("expected true or false");
                }
                (key[0] == 's' ? m.same : m.promote) = b->get<bool>();
                path_.pop_back();
            }
        }
        if (const json* capture = find(v, "capture"); !absent(capture)) {
            m.capture = at("capture", [&] { return read_kind(*capture); });
        }
        if (const json* relative = find(v, "relative"); !absent(relative)) {
            path_.emplace_back(std::string_view("relative"));
            static constexpr std::array<std::string_view, 13> valid{"L", "C", "R", "U", "M", "D", "LU",
                                                                    "LD", "RU", "RD", "LM", "RM", "H"};
            bool ok = false;
            if (relative->is_string()) {
                m.relative = relative->get<std::string>();
                for (std::string_view r : valid) {
                    ok = ok || r == m.relative;
                }
            }
            if (!ok) {
                fail("expected one of L C R U M D LU LD RU RD LM RM H");
            }
            path_.pop_back();
        }
        return m;
    }

    move_format read_element(const json& v, std::size_t offset) {
        if (!v.is_object()) {
            fail("expected a move object");
        }
        move_format f;
        if (offset != std::string_view::npos) {
            f.line = text_.line_of(offset);
        }
        if (const json* comments = find(v, "comments"); !absent(comments)) {
            path_.emplace_back(std::string_view("comments"));
            if (!comments->is_array()) {
                fail("expected an array of strings");
            }
            for (std::size_t i = 0; i < comments->size(); ++i) {
                if (!(*comments)[i].is_string()) {
                    path_.emplace_back(i);
                    fail("expected a string");
                }
                f.comments.push_back((*comments)[i].get<std::string>());
            }
            path_.pop_back();
        }
        if (const json* move = find(v, "move"); !absent(move)) {
            f.move = at("move", [&] { return read_move(*move); });
        }
        if (const json* time = find(v, "time"); !absent(time)) {
            path_.emplace_back(std::string_view("time"));
            if (!time->is_object() || find(*time, "now") == nullptr) {
                fail("expected {\"now\": …, \"total\": …}");
            }
            move_time t;
            t.now = at("now", [&] { return read_time_value(time->at("now"), false); });
            if (const json* total = find(*time, "total"); !absent(total)) {
                t.total = at("total", [&] { return read_time_value(*total, true); });
            }
            f.time = t;
            path_.pop_back();
        }
        if (const json* special = find(v, "special"); !absent(special)) {
            path_.emplace_back(std::string_view("special"));
            if (!special->is_string()) {
                fail("expected a string");
            }
            f.special = special->get<std::string>();
            path_.pop_back();
        }
        if (const json* forks = find(v, "forks"); !absent(forks)) {
            path_.emplace_back(std::string_view("forks"));
            if (!forks->is_array()) {
                fail("expected an array of move arrays");
            }
            const std::size_t forks_at =
                offset == std::string_view::npos ? offset : cursor_.member(offset, "forks");
            const std::vector<std::size_t> starts =
                forks_at == std::string_view::npos ? std::vector<std::size_t>{} : cursor_.elements(forks_at);
            for (std::size_t i = 0; i < forks->size(); ++i) {
                path_.emplace_back(i);
                f.forks.push_back(read_moves((*forks)[i], i < starts.size() ? starts[i] : std::string_view::npos));
                path_.pop_back();
            }
            path_.pop_back();
        }
        return f;
    }

    std::vector<move_format> read_moves(const json& v, std::size_t offset) {
        if (!v.is_array()) {
            fail("expected an array of moves");
        }
        const std::vector<std::size_t> starts =
            offset == std::string_view::npos ? std::vector<std::size_t>{} : cursor_.elements(offset);
        std::vector<move_format> out;
        out.reserve(v.size());
        for (std::size_t i = 0; i < v.size(); ++i) {
            path_.emplace_back(i);
            out.push_back(read_element(v[i], i < starts.size() ? starts[i] : std::string_view::npos));
            path_.pop_back();
        }
        return out;
    }


    const source_text& text_;
    json_cursor cursor_;
    std::vector<step> path_;
};

}  // namespace

bool read_jkf_checked(const source_text& text, jkf& record, std::vector<diagnostic>& diagnostics) {
    std::optional<json> doc = kifu::detail::parse_json(text, "jkf", diagnostics);
    if (!doc) {
        return false;
    }
    reader r(text);
    try {
        record = r.read_document(*doc);
    } catch (const schema_error& e) {
        diagnostics.push_back(text.make_diagnostic(severity::error, "jkf.schema", e.message, r.offset_of_path()));
        return false;
    }
    return true;
}

void read_jkf(const source_text& text, const read_options& options, read_result& out) {
    jkf record;
#if KIFU_SIMDJSON
    // The fast path takes what the checking read accepts, and nothing else.
    bool read = read_jkf_ondemand(text, record);
    if (!read) {
        record = jkf{};
        read = read_jkf_checked(text, record, out.diagnostics);
    }
#else
    const bool read = read_jkf_checked(text, record, out.diagnostics);
#endif
    if (!read) {
        return;
    }
    if (options.normalize) {
        normalize_options n;
        n.format = source_format::jkf;
        n.mode = options.mode;
        n.file = text.file_name();
        if (!normalize(record, n, out.diagnostics) && options.mode == read_mode::strict) {
            return;
        }
    }
    out.records.emplace_back(std::move(record));
}

}  // namespace kifu::shogi::detail
