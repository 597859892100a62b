// The fast path of the JKF reader: simdjson's On Demand API reads the document straight into
// the model, without a tree. It accepts exactly the documents the checking reader
// (jkf_reader.cpp, nlohmann::json) accepts as they are, and fills the same record; on anything
// else — bad JSON, a field of the wrong type, a value out of range, a repeated key, nesting near
// the depth bound — it gives up, and the checking reader reads the document again to say what
// is wrong and where. A bad document costs two reads; a good one costs no tree and no copy.
//
// On Demand checks only what it is asked to read, so every value is read: the fields the model
// has by their type, the others by `skip`, which reads every scalar and every key of what it
// skips (a value nobody reads could hold `tru` or a bad escape).

#include "shogi/jkf_ondemand.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <utility>

#include <simdjson.h>

#include "core/json_reader.hpp"
#include "core/source_text_access.hpp"

namespace kifu::inline v1::shogi::detail {
namespace {

namespace od = simdjson::ondemand;

static_assert(kifu::detail::input_padding >= simdjson::SIMDJSON_PADDING,
              "inputs loaded by the library leave the room simdjson reads past the text");

// A document up to this size is read by the thread's own parser, which keeps its buffers
// (about six times the largest document it read) for the next one; a larger one gets a parser
// of its own, so that no thread holds the buffers of its largest input for ever.
constexpr std::size_t reused_parser_bytes = std::size_t{4} << 20;

// The bytes of a field's key in the text (after its opening quote).
const char* raw_key(od::field& f) noexcept { return f.key().raw(); }

// Whether a raw key is `word` (and not longer): the word and the closing quote compared in
// place, unrolled with the length known (no call to memcmp). Reading past a short key is safe: the
// text is followed by simdjson's padding.
template <std::size_t n>
bool is(const char* raw, const char (&word)[n]) noexcept {
    for (std::size_t i = 0; i + 1 < n; ++i) {
        if (raw[i] != word[i]) return false;
    }
    return raw[n - 1] == '"';
}

// The key of a field, unescaped: its bytes in the text when it has no escape, else written
// into the parser's string buffer.
bool key_of(od::field& f, std::string_view& key) {
    const char* raw = raw_key(f);
    std::size_t n = 0;
    while (raw[n] != '"' && raw[n] != '\\') ++n;
    if (raw[n] == '"') {
        key = std::string_view(raw, n);
        return true;
    }
    return f.unescaped_key().get(key) == simdjson::SUCCESS;
}

// Whether a key that is none of the model's is plain (no escape). A model's key can be
// written with escapes ("\u0063olor"); the checking reader knows it as the key, and its
// position scan (the lines of moves) does not: such rare documents are left to it.
bool plain_key(const char* raw) noexcept {
    std::size_t n = 0;
    while (raw[n] != '"' && raw[n] != '\\') ++n;
    return raw[n] == '"';
}

// The small readers below are inlined into their callers: a call per value, with the value's
// iterator passed through memory, cost a tenth of the read.

// 1 for null (JKF's "absent"), 0 for another value, -1 for a bad literal that starts like null.
[[gnu::always_inline]] inline int null_state(od::value& v) {
    od::json_type type;
    if (v.type().get(type)) return -1;
    if (type != od::json_type::null) return 0;
    bool null = false;
    return v.is_null().get(null) == simdjson::SUCCESS && null ? 1 : -1;
}

[[gnu::always_inline]] inline bool int_in(od::value& v, int low, int high, int& out) {
    std::int64_t n = 0;
    if (v.get_int64().get(n) || n < low || n > high) return false;
    out = static_cast<int>(n);
    return true;
}

bool string_of(od::value& v, std::string& out) {
    std::string_view s;
    if (v.get_string().get(s)) return false;
    out.assign(s);
    return true;
}

[[gnu::always_inline]] inline bool kind_of(od::value& v, piece_kind& out) {
    std::string_view s;
    if (v.get_string().get(s) || s.size() != 2) return false;
    // piece_kind_from_csa, without its loop of string compares.
    static constexpr char codes[] = "FUKYKEGIKIKAHIOUTONYNKNGUMRY";
    for (int k = 0; k < piece_kind_count; ++k) {
        if (s[0] == codes[2 * k] && s[1] == codes[2 * k + 1]) {
            out = static_cast<piece_kind>(k);
            return true;
        }
    }
    return false;
}

[[gnu::always_inline]] inline bool color_of(od::value& v, shogi::color& out) {
    int n = 0;
    if (!int_in(v, 0, 1, n)) return false;
    out = n == 0 ? color::black : color::white;
    return true;
}

// Marks a known key as seen; false when it was seen before in the same object (the checking
// reader takes the last value of a repeated key, and says so better than a second guess here).
bool first_time(unsigned& seen, unsigned bit) {
    if (seen & bit) return false;
    seen |= bit;
    return true;
}

// What an object's walk does with one field (reader::fields).
enum class field {
    taken,  // a known key, read
    other,  // none of the object's keys: checked and skipped
    bad,    // a known key whose value the fast path does not take
};

// A known key seen once, its value read by `read`.
template <typename Read>
[[gnu::always_inline]] inline field once(unsigned& seen, unsigned bit, Read&& read) {
    return first_time(seen, bit) && read() ? field::taken : field::bad;
}

// A known key seen once whose value may be null (JKF's "absent"), else read by `read`.
template <typename Read>
[[gnu::always_inline]] inline field once_or_null(unsigned& seen, unsigned bit, od::value& value, Read&& read) {
    const int null = null_state(value);
    if (!first_time(seen, bit) || null < 0) return field::bad;
    return null == 1 || read() ? field::taken : field::bad;
}

class reader {
public:
    // `base`: where the bytes simdjson reads start (the text, or its padded copy).
    reader(const source_text& text, const char* base) : text_(text), base_(base) {}

    bool document(od::document& doc, jkf& out) {
        unsigned seen = 0;
        const bool ok = fields(doc, 2, [&](const char* key, od::value& v) {
            if (is(key, "header")) return once(seen, 1, [&] { return header(v, out); });
            if (is(key, "initial")) return once_or_null(seen, 2, v, [&] { return initial(v, out.initial.emplace()); });
            if (is(key, "moves")) return once(seen, 4, [&] { return moves(v, 2, out.moves); });
            return field::other;
        });
        // Both required, and nothing after the object.
        const char* rest = nullptr;
        return ok && seen & 1 && seen & 4 && doc.current_location().get(rest) == simdjson::OUT_OF_BOUNDS;
    }

private:
    // Walks the fields of an object (a value, or the document): `on(key, value)` reads the keys
    // it knows; any other key must be plain and its value is checked at nesting level `depth`.
    template <typename Object, typename On>
    [[gnu::always_inline]] bool fields(Object& v, std::size_t depth, On&& on) {
        od::object o;
        if (v.get_object().get(o)) return false;
        for (auto item : o) {
            od::field f;
            if (std::move(item).get(f)) return false;
            const char* key = raw_key(f);
            od::value& value = f.value();
            const field what = on(key, value);
            if (what == field::bad || (what == field::other && (!plain_key(key) || !skip(value, depth)))) return false;
        }
        return true;
    }

    // Reads and checks a value nobody keeps, at nesting level `depth` when it is an array or object.
    bool skip(od::value& v, std::size_t depth) {
        od::json_type type;
        if (v.type().get(type)) return false;
        switch (type) {
            case od::json_type::array: {
                od::array a;
                if (depth > kifu::detail::max_json_depth || v.get_array().get(a)) return false;
                for (auto item : a) {
                    od::value e;
                    if (item.get(e) || !skip(e, depth + 1)) return false;
                }
                return true;
            }
            case od::json_type::object: {
                od::object o;
                if (depth > kifu::detail::max_json_depth || v.get_object().get(o)) return false;
                for (auto item : o) {
                    od::field f;
                    std::string_view key;
                    if (std::move(item).get(f) || !key_of(f, key) || !skip(f.value(), depth + 1)) return false;
                }
                return true;
            }
            case od::json_type::number: {
                // A number too large for a double is an error for the checking reader; one
                // of more digits than 64 bits hold is a double to it, and an error to
                // get_number (BIGINT_ERROR): the checking reader then decides.
                od::number n;
                return v.get_number().get(n) == simdjson::SUCCESS;
            }
            case od::json_type::string: {
                std::string_view s;
                return v.get_string().get(s) == simdjson::SUCCESS;
            }
            case od::json_type::boolean: {
                bool b = false;
                return v.get_bool().get(b) == simdjson::SUCCESS;
            }
            case od::json_type::null: return null_state(v) == 1;
        }
        return false;
    }

    bool header(od::value& v, jkf& out) {
        od::object o;
        if (v.get_object().get(o)) return false;
        std::string value;
        for (auto item : o) {
            od::field f;
            std::string_view key;
            if (std::move(item).get(f) || !key_of(f, key)) return false;
            // The key may sit in the parser's string buffer, which the value's unescaping
            // appends to without moving what is there.
            if (!string_of(f.value(), value)) return false;
            out.set_header(std::string(key), std::move(value));
        }
        return true;
    }

    bool initial(od::value& v, initial_format& out) {
        static constexpr std::string_view presets[] = {"HIRATE", "KY", "KY_R", "KA", "HI", "HIKY", "2", "3", "4",
                                                       "5",      "5_L", "6",  "7_L", "7_R", "8", "10", "OTHER"};
        unsigned seen = 0;
        const bool ok = fields(v, 3, [&](const char* key, od::value& value) {
            if (is(key, "preset")) {
                return once(seen, 1, [&] {
                    return string_of(value, out.preset) &&
                           std::find(std::begin(presets), std::end(presets), out.preset) != std::end(presets);
                });
            }
            if (is(key, "data")) return once_or_null(seen, 2, value, [&] { return state(value, out.data.emplace()); });
            return field::other;
        });
        return ok && seen & 1;
    }

    bool state(od::value& v, state_format& out) {
        unsigned seen = 0;
        const bool ok = fields(v, 4, [&](const char* key, od::value& value) {
            if (is(key, "color")) return once_or_null(seen, 1, value, [&] { return color_of(value, out.color); });
            if (is(key, "board")) return once(seen, 2, [&] { return board(value, out); });
            if (is(key, "hands")) return once(seen, 4, [&] { return hands(value, out); });
            return field::other;
        });
        return ok && seen & 2 && seen & 4;
    }

    bool board(od::value& v, state_format& out) {
        od::array columns;
        if (v.get_array().get(columns)) return false;
        std::size_t x = 0;
        for (auto column_item : columns) {
            od::value column_value;
            od::array column;
            if (x == 9 || column_item.get(column_value) || column_value.get_array().get(column)) return false;
            std::size_t y = 0;
            for (auto cell_item : column) {
                od::value cell;
                if (y == 9 || cell_item.get(cell) || !board_cell(cell, out.board[x][y])) return false;
                ++y;
            }
            if (y != 9) return false;
            ++x;
        }
        return x == 9;
    }

    bool board_cell(od::value& v, std::optional<piece>& out) {
        unsigned seen = 0;
        bool has_color = false;
        bool has_kind = false;
        piece p;
        const bool ok = fields(v, 7, [&](const char* key, od::value& value) {
            if (is(key, "color")) {
                return once_or_null(seen, 1, value, [&] { return has_color = color_of(value, p.color); });
            }
            if (is(key, "kind")) return once_or_null(seen, 2, value, [&] { return has_kind = kind_of(value, p.kind); });
            return field::other;
        });
        if (!ok || has_color != has_kind) return false;
        if (has_color) out = p;
        return true;
    }

    bool hands(od::value& v, state_format& out) {
        od::array sides;
        if (v.get_array().get(sides)) return false;
        std::size_t side = 0;
        for (auto side_item : sides) {
            od::value hand_value;
            od::object hand;
            if (side == 2 || side_item.get(hand_value) || hand_value.get_object().get(hand)) return false;
            for (auto item : hand) {
                od::field f;
                std::string_view key;
                int n = 0;
                if (std::move(item).get(f) || !key_of(f, key)) return false;
                const auto kind = piece_kind_from_csa(key);
                if (!kind || !int_in(f.value(), 0, 18, n)) return false;
                if (static_cast<int>(*kind) < hand_kind_count) {
                    out.hands[side][static_cast<std::size_t>(*kind)] = n;
                } else if (n != 0) {
                    return false;  // the schema allows promoted kinds and OU as keys; only zero makes sense
                }
            }
            ++side;
        }
        return side == 2;
    }

    // `depth`: the level of the array.
    bool moves(od::value& v, std::size_t depth, std::vector<move_format>& out) {
        od::array a;
        if (v.get_array().get(a)) return false;
        for (auto item : a) {
            od::value e;
            if (item.get(e) || !element(e, depth + 1, out.emplace_back())) return false;
        }
        return true;
    }

    bool element(od::value& v, std::size_t depth, move_format& out) {
        // An element's own objects sit two levels below it (move.to, time.now); the checking
        // reader decides near the bound.
        if (depth + 2 > kifu::detail::max_json_depth) return false;
        out.line = text_.line_of(static_cast<std::size_t>(v.raw_json_token().data() - base_));
        unsigned seen = 0;
        return fields(v, depth + 1, [&](const char* key, od::value& value) {
            if (is(key, "comments")) return once_or_null(seen, 1, value, [&] { return comments(value, out.comments); });
            if (is(key, "move")) return once_or_null(seen, 2, value, [&] { return move(value, depth + 1, out.move.emplace()); });
            if (is(key, "time")) return once_or_null(seen, 4, value, [&] { return time(value, depth + 1, out.time.emplace()); });
            if (is(key, "special")) return once_or_null(seen, 8, value, [&] { return string_of(value, out.special); });
            if (is(key, "forks")) return once_or_null(seen, 16, value, [&] { return forks(value, depth + 1, out.forks); });
            return field::other;
        });
    }

    bool comments(od::value& v, std::vector<std::string>& out) {
        od::array a;
        if (v.get_array().get(a)) return false;
        for (auto item : a) {
            od::value e;
            if (item.get(e) || !string_of(e, out.emplace_back())) return false;
        }
        return true;
    }

    bool forks(od::value& v, std::size_t depth, std::vector<std::vector<move_format>>& out) {
        od::array a;
        if (v.get_array().get(a)) return false;
        for (auto item : a) {
            od::value fork;
            if (item.get(fork) || !moves(fork, depth + 1, out.emplace_back())) return false;
        }
        return true;
    }

    bool move(od::value& v, std::size_t depth, move_data& out) {
        static constexpr std::string_view relatives[] = {"L",  "C",  "R",  "U",  "M",  "D", "LU",
                                                         "LD", "RU", "RD", "LM", "RM", "H"};
        unsigned seen = 0;
        return fields(v, depth + 1, [&](const char* key, od::value& value) {
            if (is(key, "color")) return once_or_null(seen, 1, value, [&] { return color_of(value, out.color.emplace()); });
            if (is(key, "from")) {
                return once_or_null(seen, 2, value, [&] { return square_of(value, depth + 1, out.from.emplace()); });
            }
            if (is(key, "to")) return once_or_null(seen, 4, value, [&] { return square_of(value, depth + 1, out.to.emplace()); });
            if (is(key, "piece")) return once_or_null(seen, 8, value, [&] { return kind_of(value, out.piece.emplace()); });
            if (is(key, "same")) {
                return once_or_null(seen, 16, value, [&] { return value.get_bool().get(out.same.emplace()) == simdjson::SUCCESS; });
            }
            if (is(key, "promote")) {
                return once_or_null(seen, 32, value,
                                    [&] { return value.get_bool().get(out.promote.emplace()) == simdjson::SUCCESS; });
            }
            if (is(key, "capture")) return once_or_null(seen, 64, value, [&] { return kind_of(value, out.capture.emplace()); });
            if (is(key, "relative")) {
                return once_or_null(seen, 128, value, [&] {
                    return string_of(value, out.relative) &&
                           std::find(std::begin(relatives), std::end(relatives), out.relative) != std::end(relatives);
                });
            }
            return field::other;
        });
    }

    bool square_of(od::value& v, std::size_t depth, square& out) {
        unsigned seen = 0;
        const auto coordinate = [&](od::value& value, std::int8_t& to) {
            int n = 0;
            if (!int_in(value, 1, 9, n)) return false;
            to = static_cast<std::int8_t>(n);
            return true;
        };
        const bool ok = fields(v, depth + 1, [&](const char* key, od::value& value) {
            if (is(key, "x")) return once(seen, 1, [&] { return coordinate(value, out.x); });
            if (is(key, "y")) return once(seen, 2, [&] { return coordinate(value, out.y); });
            return field::other;
        });
        return ok && seen == 3;
    }

    bool time(od::value& v, std::size_t depth, move_time& out) {
        unsigned seen = 0;
        const bool ok = fields(v, depth + 1, [&](const char* key, od::value& value) {
            if (is(key, "now")) return once(seen, 1, [&] { return time_value_of(value, depth + 1, false, out.now); });
            if (is(key, "total")) {
                return once_or_null(seen, 2, value,
                                    [&] { return time_value_of(value, depth + 1, true, out.total.emplace()); });
            }
            return field::other;
        });
        return ok && seen & 1;
    }

    bool time_value_of(od::value& v, std::size_t depth, bool with_hours, time_value& out) {
        unsigned seen = 0;
        const bool ok = fields(v, depth + 1, [&](const char* key, od::value& value) {
            if (is(key, "h")) return once_or_null(seen, 1, value, [&] { return int_in(value, 0, 1'000'000, out.h.emplace()); });
            if (is(key, "m")) return once(seen, 2, [&] { return int_in(value, 0, 100'000'000, out.m); });
            if (is(key, "s")) return once(seen, 4, [&] { return int_in(value, 0, 59, out.s); });
            if (is(key, "ms")) return once_or_null(seen, 8, value, [&] { return int_in(value, 0, 999, out.ms.emplace()); });
            return field::other;
        });
        if (!out.h && with_hours) out.h = 0;
        return ok && (seen & 6) == 6;
    }

    const source_text& text_;
    const char* base_;
};

// Reads with `parser`; the text is used in place when its string has room for simdjson's
// padding after it (the library's own loads leave it), else copied once into `copy`.
bool read_with(od::parser& parser, const source_text& text, jkf& out) {
    const std::string_view s = text.text();
    simdjson::padded_string_view input(s.data(), s.size(), kifu::detail::source_text_access::capacity(text));
    simdjson::padded_string copy;
    if (input.padding() < simdjson::SIMDJSON_PADDING) {
        copy = simdjson::padded_string(s);
        input = copy;
    }
    od::document doc;
    if (parser.iterate(input).get(doc)) return false;
    reader r(text, input.data());
    return r.document(doc, out);
}

}  // namespace

bool read_jkf_ondemand(const source_text& text, jkf& out) {
    if (text.text().size() > reused_parser_bytes) {
        od::parser parser;
        return read_with(parser, text, out);
    }
    thread_local od::parser parser;
    return read_with(parser, text, out);
}

}  // namespace kifu::shogi::detail
