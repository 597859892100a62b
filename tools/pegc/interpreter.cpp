#include "interpreter.hpp"

// A direct walk of the AST. What the generated parser does, and how this walk matches it:
// - A failing expression may leave the input advanced; PEGTL rewinds only where a rule asks
//   for it (each alternative of a choice but the last, each repetition past the minimum, `?`,
//   predicates), so the walk restores the position exactly there. The difference is seen only
//   where a cut raises: the error stands where the failing element left the input.
// - The elements after a `^` are each a must<>: failing, they raise the element's message
//   (a rule's @error text, "expected <rule name>", or "expected <the element as written>";
//   an anonymous element's message is the first one kifu-pegc noted for that C++ type).
// - Events are sent when a @build rule matches outside predicates, and never taken back.
// - The furthest point is the furthest start of a character, literal or end-of-input test.

#include <algorithm>
#include <functional>
#include <set>

#include "diagnostics.hpp"

namespace kifu::pegc {

class run_state;

namespace {

struct raised {
    std::string message;
    std::size_t offset;
};

struct too_deep {
    std::size_t offset;
};

// The code point at `pos` (< text.size()) and its length; length 0 when the bytes there are not UTF-8.
std::pair<char32_t, std::size_t> code_point_at(std::string_view text, std::size_t pos) {
    const std::size_t length = utf8_sequence_length(text, pos);
    if (length == 0) return {0, 0};
    return {decode_utf8(text, pos, length), length};
}

std::string rule_message(const rule& r) {
    if (r.error_message) return *r.error_message;
    std::string name = r.name;
    std::replace(name.begin(), name.end(), '_', ' ');
    return "expected " + name;
}

}  // namespace

std::string structure_key(const node& n) {
    std::string key = std::to_string(static_cast<int>(n.kind)) + "(";
    switch (n.kind) {
        case node_kind::literal: key += (n.insensitive ? "i" : "s") + quote_text(n.text); break;
        case node_kind::rule_ref: key += n.text; break;
        case node_kind::char_class:
            key += n.negated ? "^" : "";
            for (const code_range& r : n.ranges) key += std::to_string(r.first) + "-" + std::to_string(r.last) + ",";
            break;
        case node_kind::repeat:
            key += std::string(1, n.op) + std::to_string(n.min) + "," + (n.max ? std::to_string(*n.max) : "");
            break;
        case node_kind::sequence: key += n.cut_at ? "^" + std::to_string(*n.cut_at) : ""; break;
        default: break;
    }
    // A choice's alternatives that are choices themselves are spread into it.
    for (const node& c : n.children) {
        if (n.kind == node_kind::choice && c.kind == node_kind::choice) {
            for (const node& cc : c.children) key += structure_key(cc) + ";";
        } else {
            key += structure_key(c) + ";";
        }
    }
    return key + ")";
}

interpreter::interpreter(const grammar& g, const analysis& a) : g_(g), a_(a) {
    // The messages of anonymous cut elements, noted in the order kifu-pegc's emitter notes
    // them (rules dependencies first, each body in order, an element after what it contains):
    // the generated header keeps the first message for each C++ type.
    const std::size_t count = g.rules.size();
    std::vector<bool> visited(count, false);
    const auto note = [&](const node& n) {
        if (n.kind == node_kind::rule_ref || (n.kind == node_kind::repeat && n.min == 0)) return;
        std::string message;
        if (n.kind == node_kind::eof) {
            message = "expected the end of the input";
        } else {
            bool blank = false;
            for (std::size_t i = n.offset; i < n.end; ++i) {
                const char c = g.source[i];
                if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                    blank = true;
                    continue;
                }
                if (blank && !message.empty()) message += ' ';
                blank = false;
                message += c;
            }
            message = "expected " + message;
        }
        anonymous_messages_.emplace(structure_key(n), std::move(message));
    };
    std::function<void(const node&, bool)> walk = [&](const node& n, bool under_must) {
        if (n.kind == node_kind::sequence) {
            for (std::size_t i = 0; i < n.children.size(); ++i) {
                const bool cut = !under_must && n.cut_at && i >= *n.cut_at;
                const node& child = n.children[i];
                if ((under_must || cut) && child.kind == node_kind::sequence) {
                    walk(child, true);
                } else {
                    walk(child, false);
                    if (under_must || cut) note(child);
                }
            }
            return;
        }
        for (const node& c : n.children) walk(c, false);
    };
    std::function<void(std::size_t)> visit = [&](std::size_t i) {
        if (visited[i]) return;
        visited[i] = true;
        std::function<void(const node&)> deps = [&](const node& n) {
            if (n.kind == node_kind::rule_ref) visit(a.index.at(n.text));
            for (const node& c : n.children) deps(c);
        };
        deps(g.rules[i].body);
        walk(g.rules[i].body, false);
    };
    for (std::size_t i = 0; i < count; ++i) visit(i);
}

std::string interpreter::cut_message(const node& n) const {
    if (n.kind == node_kind::rule_ref) return rule_message(g_.rules[a_.index.at(n.text)]);
    const auto it = anonymous_messages_.find(structure_key(n));
    return it == anonymous_messages_.end() ? "syntax error" : it->second;
}

class run_state {
public:
    run_state(const interpreter& in, std::string_view text, const run_options& options, run_observer* observer)
        : in_(in), text_(text), options_(options), observer_(observer) {}

    run_result run() {
        run_result result;
        result_ = &result;
        if (text_.size() > options_.max_input) {
            const std::size_t mib = std::size_t{1} << 20;
            error("too-large",
                  "the input is larger than " +
                      (options_.max_input % mib == 0 ? std::to_string(options_.max_input >> 20) + " MiB"
                                                     : std::to_string(options_.max_input) + " bytes") +
                      "; it is not parsed",
                  0);
            return result;
        }
        std::size_t pos = 0;
        try {
            if (!call(0, pos)) {
                error("syntax", "unexpected text", furthest_);
                return result;
            }
        } catch (const raised& e) {
            error("syntax", e.message, e.offset);
            return result;
        } catch (const too_deep& e) {
            error("too-deep", "the input nests deeper than " + std::to_string(options_.max_depth) + " grammar rules",
                  e.offset);
            return result;
        }
        result.matched = !recovered_;
        return result;
    }

private:
    void error(std::string code, std::string message, std::size_t offset) {
        result_->errors.push_back({std::move(code), std::move(message), offset});
    }

    void tried(std::size_t pos) { furthest_ = std::max(furthest_, pos); }
    std::size_t mark() const { return observer_ != nullptr ? observer_->mark() : 0; }
    void rewind(std::size_t m) {
        if (observer_ != nullptr) observer_->rewind(m);
    }

    // Matches `n` inside a predicate at `pos`, leaving `pos`, events and observers as they were.
    bool look_ahead(const node& n, std::size_t pos) {
        const std::size_t m = mark();
        ++predicates_;
        struct leave {
            std::size_t& count;
            ~leave() { --count; }
        } guard{predicates_};
        const bool ok = match(n, pos);
        rewind(m);
        return ok;
    }

    bool call(std::size_t rule, std::size_t& pos) {
        if (++depth_ > options_.max_depth) throw too_deep{pos};
        struct leave {
            std::size_t& depth;
            ~leave() { --depth; }
        } guard{depth_};
        const std::size_t start = pos;
        if (observer_ != nullptr) observer_->enter(rule, start);
        try {
            const bool ok = match_rule(rule, pos);
            if (observer_ != nullptr) observer_->leave(rule, start, pos, ok, nullptr);
            return ok;
        } catch (const raised& e) {
            if (observer_ != nullptr) observer_->leave(rule, start, e.offset, false, &e.message);
            throw;
        }
    }

    bool match_rule(std::size_t rule, std::size_t& pos) {
        const pegc::rule& r = in_.g_.rules[rule];
        if (r.recover && options_.lenient && predicates_ == 0) {
            const std::size_t start = pos;
            try {
                return match_with_event(rule, pos);
            } catch (const raised& e) {
                std::size_t skip = e.offset;
                while (skip < text_.size() && text_[skip] != '\n' && text_[skip] != '\r') ++skip;
                if (skip < text_.size()) {
                    skip += (text_[skip] == '\r' && skip + 1 < text_.size() && text_[skip + 1] == '\n') ? 2 : 1;
                }
                if (skip <= start) throw;
                error("syntax", e.message, e.offset);
                recovered_ = true;
                pos = skip;
                return true;
            }
        }
        return match_with_event(rule, pos);
    }

    bool match_with_event(std::size_t rule, std::size_t& pos) {
        const std::size_t start = pos;
        if (!match(in_.g_.rules[rule].body, pos)) return false;
        if (in_.g_.rules[rule].build && predicates_ == 0) result_->events.push_back({rule, start, pos});
        return true;
    }

    // A cut element: spread when it is a sequence, each part raising on its own.
    void must(const node& n, std::size_t& pos) {
        if (n.kind == node_kind::sequence) {
            for (const node& c : n.children) must(c, pos);
            return;
        }
        if (!match(n, pos)) throw raised{in_.cut_message(n), pos};
    }

    // Matches `n` at `pos`. On failure `pos` may stay advanced (see the top of the file).
    bool match(const node& n, std::size_t& pos) {
        switch (n.kind) {
            case node_kind::sequence:
                for (std::size_t i = 0; i < n.children.size(); ++i) {
                    if (n.cut_at && i >= *n.cut_at) {
                        must(n.children[i], pos);
                    } else if (!match(n.children[i], pos)) {
                        return false;
                    }
                }
                return true;
            case node_kind::choice: return choice(n, pos);
            case node_kind::repeat: return repeat(n, pos);
            case node_kind::and_pred:
            case node_kind::not_pred: return look_ahead(n.children.front(), pos) == (n.kind == node_kind::and_pred);
            case node_kind::literal: return literal(n, pos);
            case node_kind::char_class: {
                tried(pos);
                if (pos >= text_.size()) return false;
                const auto [c, length] = code_point_at(text_, pos);
                if (length == 0) return false;
                const bool in = std::any_of(n.ranges.begin(), n.ranges.end(),
                                            [c = c](const code_range& r) { return c >= r.first && c <= r.last; });
                if (in == n.negated) return false;
                pos += length;
                return true;
            }
            case node_kind::any: {
                tried(pos);
                if (pos >= text_.size()) return false;
                const std::size_t length = code_point_at(text_, pos).second;
                pos += length;
                return length != 0;
            }
            case node_kind::eof: tried(pos); return pos == text_.size();
            case node_kind::rule_ref: return call(in_.a_.index.at(n.text), pos);
        }
        return false;
    }

    bool choice(const node& n, std::size_t& pos) {
        const std::vector<const node*> alternatives = choice_alternatives(n);
        const std::size_t start = pos;
        const std::size_t m = mark();
        for (const node* alternative : alternatives) {
            pos = start;
            rewind(m);
            if (match(*alternative, pos)) return true;
        }
        return false;  // the last alternative leaves the input where it failed
    }

    bool repeat(const node& n, std::size_t& pos) {
        const node& child = n.children.front();
        std::uint32_t count = 0;
        for (; count < n.min; ++count) {
            if (!match(child, pos)) return false;
        }
        const bool bounded = n.max.has_value();
        for (; !bounded || count < *n.max; ++count) {
            const std::size_t before = pos;
            const std::size_t m = mark();
            if (!match(child, pos)) {
                pos = before;
                rewind(m);
                return true;
            }
        }
        // `{n,m}` (n < m) is PEGTL's rep_min_max<>: it fails when an (m+1)-th match follows.
        if (n.op == '{' && n.min < *n.max && look_ahead(child, pos)) return false;
        return true;
    }

    bool literal(const node& n, std::size_t& pos) {
        tried(pos);
        const std::string& want = n.text;
        if (text_.size() - pos < want.size()) return false;
        for (std::size_t i = 0; i < want.size(); ++i) {
            char a = text_[pos + i];
            char b = want[i];
            if (n.insensitive) {
                if (a >= 'A' && a <= 'Z') a = static_cast<char>(a + 32);
                if (b >= 'A' && b <= 'Z') b = static_cast<char>(b + 32);
            }
            if (a != b) return false;
        }
        pos += want.size();
        return true;
    }

    const interpreter& in_;
    std::string_view text_;
    const run_options& options_;
    run_observer* observer_;
    run_result* result_ = nullptr;
    std::size_t furthest_ = 0;
    std::size_t depth_ = 0;
    std::size_t predicates_ = 0;  // > 0: inside &x or !x (no events, no recovery)
    bool recovered_ = false;
};

run_result interpreter::run(std::string_view text, const run_options& options, run_observer* observer) const {
    return run_state(*this, text, options, observer).run();
}

}  // namespace kifu::pegc
