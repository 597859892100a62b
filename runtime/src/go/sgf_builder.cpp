// Builds the SGF tree from the flat token stream of grammars/sgf.peg. The grammar has no
// recursive game-tree rule; `(` and `)` arrive as events and this builder keeps the stack,
// so the depth of a file costs heap, never C stack.

#include <kifu/go/sgf.hpp>

#include <algorithm>
#include <string>

#include "core/peg_support.hpp"
#include "generated/sgf.hpp"
#include "go/formats.hpp"

namespace kifu::go {

namespace detail {

// The parser's access to the storage of the collection it fills (a friend of sgf_collection).
// The collection keeps a copy of the whole decoded text as the start of its character
// buffer, so a raw value or an identifier the file spells in upper-case letters is just a
// span of the text at its own offset: nothing is copied per token.
class sgf_reader {
public:
    using span = sgf_collection::span;

    static void start(sgf_collection& c, std::string_view text, std::size_t nodes, std::size_t values) {
        c.reserve(nodes, values, values, text.size());
        c.chars_.assign(text);
    }
    static span append(sgf_collection& c, std::string_view s) {
        return {c.append_chars(s), static_cast<std::uint32_t>(s.size())};
    }
    static std::string_view chars(const sgf_collection& c, span s) noexcept { return {c.chars_.data() + s.begin, s.size}; }
    static bool same_chars(std::string_view id, const char* other) noexcept {
        for (std::size_t i = 0; i < id.size(); ++i) {
            if (id[i] != other[i]) return false;
        }
        return true;
    }
    // Returns the index among the node's properties of the one with that identifier, or -1.
    static std::uint32_t find(const sgf_collection& c, node_id node, std::string_view id) noexcept {
        const sgf_node& n = c.nodes_[node];
        for (std::uint32_t i = 0; i < n.property_count_; ++i) {
            const auto& p = c.properties_[n.first_property_ + i];
            // Identifiers are a letter or two: compared in line (std::equal on chars becomes
            // a memcmp call, which showed in profiles).
            if (p.id_size == id.size() && same_chars(id, c.chars_.data() + p.id_begin)) return i;
        }
        return static_cast<std::uint32_t>(-1);
    }
    static std::uint32_t add_property_with_value(sgf_collection& c, node_id node, span id, span spelled, std::uint32_t offset,
                                                span raw, std::uint32_t value_offset) {
        return c.add_property_with_value_at(node, id, spelled, offset, raw, value_offset);
    }
    static std::uint32_t record_of(const sgf_collection& c, property_ref p) noexcept { return c.record_of(p); }
    static void add_value(sgf_collection& c, std::uint32_t record, span raw, std::uint32_t offset) {
        c.add_value_to_record(record, raw, offset);
    }
};

}  // namespace detail

namespace {

using reader = detail::sgf_reader;

namespace grammar = kifu::grammar::sgf;
using grammar::event;

bool is_blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

class sgf_builder {
public:
    sgf_builder(const source_text& text, std::vector<diagnostic>& diagnostics, sgf_collection& into)
        : text_(text), diagnostics_(diagnostics), tree_(into) {
        tree_.clear();
        // One node per `;` and at most one value (and property) per `[`: reserving them up
        // front saves regrowing the flat vectors. Capped, so that a comment full of `;` cannot
        // reserve memory out of proportion (past the cap the vectors grow as usual).
        const std::string_view t = text.text();
        std::size_t semicolons = 0;
        std::size_t brackets = 0;
        // Counted in blocks of 255 bytes into byte-wide counters (they cannot overflow within
        // a block): the compiler then compares and adds 16 or 32 bytes at a time, where
        // size_t counters made it widen every byte to 64 bits.
        for (std::size_t block = 0; block < t.size(); block += 255) {
            const std::size_t end = std::min(t.size(), block + 255);
            unsigned char s = 0;
            unsigned char b = 0;
            for (std::size_t i = block; i < end; ++i) {
                s = static_cast<unsigned char>(s + (t[i] == ';'));
                b = static_cast<unsigned char>(b + (t[i] == '['));
            }
            semicolons += s;
            brackets += b;
        }
        constexpr std::size_t cap = std::size_t{1} << 18;
        reader::start(tree_, t, std::min(semicolons + 1, cap), std::min(brackets, cap));
    }

    void on(event e, std::string_view matched, std::size_t offset) {
        const auto at = static_cast<std::uint32_t>(offset);
        // Runs of stray text are reported once: remember whether the last token was one.
        // (Locals, not members: fewer stores on every token.)
        const bool after_junk = in_junk_;
        in_junk_ = false;
        const bool after_close = last_was_close_;  // read by `node` only, inside a game tree
        last_was_close_ = e == event::close;
        switch (e) {
        case event::prolog:
            for (const char c : matched) {
                if (!is_blank(c)) {
                    warn("sgf.leading-text", "text before the first game tree is skipped", 0);
                    break;
                }
            }
            break;
        case event::open:
            end_identifier();
            if (open_.empty()) current_ = no_node;  // a new game tree
            open_.push_back({current_, static_cast<std::uint32_t>(tree_.node_count()), at});
            break;
        case event::close:
            end_identifier();
            if (open_.empty()) {
                warn("sgf.unbalanced-close", "a ')' closes no game tree; ignored", at);
                break;
            }
            if (tree_.node_count() == open_.back().nodes_before) {
                warn("sgf.empty-tree", "a game tree without nodes; ignored", open_.back().offset);
            }
            current_ = open_.back().attach;
            open_.pop_back();
            if (open_.empty()) closed_roots_ = tree_.roots.size();
            break;
        case event::node:
            end_identifier();
            if (open_.empty()) {
                outside(at, after_junk);
                break;
            }
            new_node(at, after_close);
            break;
        case event::prop_ident:
            end_identifier();
            if (open_.empty()) {
                outside(at, after_junk);
                break;
            }
            start_identifier(at, static_cast<std::uint32_t>(matched.size()));
            pending_id_ = upper_case_letters(matched);
            break;
        case event::property:
            // `B[aa]`: what prop_ident then prop_value bring, in one token.
            end_identifier();
            if (open_.empty()) {
                outside(at, after_junk);  // the value would find in_junk_ set: nothing more
                break;
            }
            if (current_ == no_node || tree_.node_count() == open_.back().nodes_before) [[unlikely]] imply_node(at);
            property_token(matched, at);
            break;
        case event::prop_value:
            if (open_.empty()) {
                outside(at, after_junk);
                break;
            }
            add_value(static_cast<std::uint32_t>(matched.size() - 2), at);
            break;
        case event::junk:
            if (open_.empty()) {
                outside(at, after_junk);
                break;
            }
            end_identifier();
            if (!after_junk) warn("sgf.junk", "unexpected text between properties; skipped", at);
            in_junk_ = true;
            return;
        }
    }

    // Ends the parse: closes what is still open. Returns the collection.
    void finish(bool cut_short, read_mode mode) {
        if (cut_short) pending_ = false;  // its value is the one never closed (sgf.syntax)
        end_identifier();
        if (!open_.empty()) {
            warn("sgf.unclosed-tree",
                 std::to_string(open_.size()) + " game tree(s) not closed at the end of the input; closed there",
                 static_cast<std::uint32_t>(text_.text().size()));
        }
        if (cut_short && mode == read_mode::strict) tree_.roots.resize(closed_roots_);
        if (tree_.roots.empty() && !cut_short) {
            diagnostics_.push_back(text_.make_diagnostic(severity::error, "sgf.no-game",
                                                         "no game tree: the input has no '(;'", 0));
        }
    }

private:
    // FF[1]-FF[3] long names (`AddBlack`) reduce to their upper-case letters (`AB`). Nearly
    // every identifier is upper-case letters only already: then it is its own reduction, the
    // span of the text. A long name's reduction is appended to the tree's characters (at most
    // the length of the name: the buffer stays within twice the input).
    reader::span upper_case_letters(std::string_view spelled) {
        const bool all_upper = std::all_of(spelled.begin(), spelled.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
        if (all_upper) return pending_spelled_;
        reduced_.clear();
        for (const char c : spelled) {
            if (c >= 'A' && c <= 'Z') reduced_ += c;
        }
        if (reduced_.empty()) return {};
        return reader::append(tree_, reduced_);
    }

    std::string spelled() const { return std::string(reader::chars(tree_, pending_spelled_)); }

    struct open_tree {
        node_id attach;             // the node new nodes hang below (no_node: a new root)
        std::uint32_t nodes_before;  // node count when the `(` came (to spot empty trees)
        std::uint32_t offset;
    };

    void warn(const char* code, std::string message, std::uint32_t offset) {
        diagnostics_.push_back(text_.make_diagnostic(severity::warning, code, std::move(message), offset));
    }

    void outside(std::uint32_t offset, bool after_junk) {
        if (!after_junk && !trailing_reported_) {
            warn("sgf.trailing-text", "text after the last game tree is ignored", offset);
            trailing_reported_ = true;
        }
        in_junk_ = true;
    }

    // A property identifier spelled in `size` characters at `at` (its FF[4] form, pending_id_,
    // is set by the caller).
    void start_identifier(std::uint32_t at, std::uint32_t size) {
        if (current_ == no_node || tree_.node_count() == open_.back().nodes_before) imply_node(at);
        pending_ = true;
        pending_spelled_ = {at, size};
        pending_offset_ = at;
        pending_record_ = no_record;
    }

    // `(` straight followed by a property (Nihon Ki-in): the `;` is implied.
    [[gnu::noinline]] void imply_node(std::uint32_t at) {
        warn("sgf.missing-semicolon", "a game tree starts without ';'; a node is implied", at);
        current_ = tree_.add_node(current_, at);
    }

    // A node (its `;` at `at`) inside a game tree.
    void new_node(std::uint32_t at, bool after_close) {
        if (after_close) [[unlikely]] {
            // `(;a(;b);c)`: a node after a closed variation. It is kept as one more
            // variation of the branch point (sabaki drops it; docs/deviations.md).
            warn("sgf.node-after-variation", "a node follows a closed variation; kept as another variation", at);
        }
        current_ = tree_.add_node(current_, at);
    }

    // A `property` token `ID[value]` at `at`. The identifier is upper-case letters only (the
    // grammar's [A-Z]+), so it is its own FF[4] form.
    void property_token(std::string_view matched, std::uint32_t at) {
        std::uint32_t id_size = 1;  // a letter or two: a loop, not find()'s memchr call
        while (matched[id_size] != '[') ++id_size;
        add_property_token({at, id_size}, {at + id_size + 1, static_cast<std::uint32_t>(matched.size()) - id_size - 2},
                           at + id_size);
    }

    // A `property` token: identifier `id` (its own FF[4] form, a span of the text) with its first
    // value `raw` whose `[` is at `offset`. What start_identifier() then add_value() do, with the
    // spans kept in registers: storing the pending span as two 32-bit fields and copying it
    // with one 64-bit load stalled store forwarding on every property.
    void add_property_token(reader::span id, reader::span raw, std::uint32_t offset) {
        pending_ = true;
        pending_has_value_ = true;
        pending_spelled_ = id;
        pending_id_ = id;
        pending_offset_ = id.begin;
        if (const std::uint32_t twice = reader::find(tree_, current_, reader::chars(tree_, id));
            twice != static_cast<std::uint32_t>(-1)) [[unlikely]] {
            add_duplicate_value(twice, raw, offset);
            return;
        }
        pending_record_ = reader::add_property_with_value(tree_, current_, id, id, id.begin, raw, offset);
    }

    // A value of `size` characters whose `[` is at `offset`. The usual cases (a new property's
    // first value, a further value) stay in line; the rest is out of line, so that this path
    // needs no stack frame of its own.
    void add_value(std::uint32_t size, std::uint32_t offset) {
        if (!pending_ || pending_id_.size == 0) [[unlikely]] {
            add_value_without_property(offset);
            return;
        }
        pending_has_value_ = true;
        const reader::span raw{offset + 1, size};
        if (pending_record_ != no_record) {
            // More values of the pending property (`AB[aa][bb]`): its record cannot move
            // meanwhile, as nothing adds a property to the node before the identifier ends.
            reader::add_value(tree_, pending_record_, raw, offset);
            return;
        }
        if (const std::uint32_t twice = reader::find(tree_, current_, reader::chars(tree_, pending_id_));
            twice != static_cast<std::uint32_t>(-1)) [[unlikely]] {
            add_duplicate_value(twice, raw, offset);
            return;
        }
        // The usual case: a new property and its first value, written in one go.
        pending_record_ = reader::add_property_with_value(tree_, current_, pending_id_, pending_spelled_,
                                                          pending_offset_, raw, offset);
    }

    // A value with no identifier before it, or of an identifier without an upper-case letter.
    [[gnu::noinline]] void add_value_without_property(std::uint32_t offset) {
        if (!pending_) {
            warn("sgf.value-without-identifier", "a value without a property identifier; ignored", offset);
            return;
        }
        pending_has_value_ = true;  // the identifier is reported by end_identifier
    }

    // The first value of a property the node has already (index `twice` among its properties).
    [[gnu::noinline]] void add_duplicate_value(std::uint32_t twice, reader::span raw, std::uint32_t offset) {
        // FF[4] allows one of each per node; Fox writes AP twice. Values are merged.
        const std::string_view id = reader::chars(tree_, pending_id_);
        warn("sgf.duplicate-property", std::string(id) + " appears twice in a node; the values are merged",
             pending_offset_);
        pending_record_ = reader::record_of(tree_, {current_, twice});
        reader::add_value(tree_, pending_record_, raw, offset);
    }

    // Ends the pending identifier, if any (every token but a value does). The test stays in
    // line at each of the five call sites; the work is done only when there is one.
    void end_identifier() {
        if (pending_) close_identifier();
    }

    void close_identifier() {
        if (!pending_has_value_ || pending_id_.size == 0) [[unlikely]] report_identifier();
        pending_ = false;
        pending_has_value_ = false;
    }

    // An identifier without a value or without an upper-case letter is dropped.
    [[gnu::noinline]] void report_identifier() {
        if (!pending_has_value_) {
            warn("sgf.missing-value", "property '" + spelled() + "' has no value; dropped", pending_offset_);
        } else if (pending_id_.size == 0) {
            warn("sgf.empty-identifier",
                 "property '" + spelled() + "' has no upper-case letter; dropped with its values",
                 pending_offset_);
        }
    }

    const source_text& text_;
    std::vector<diagnostic>& diagnostics_;
    sgf_collection& tree_;
    std::vector<open_tree> open_;
    node_id current_ = no_node;
    std::size_t closed_roots_ = 0;
    bool pending_ = false;
    bool pending_has_value_ = false;
    reader::span pending_id_{};       // the FF[4] identifier in the tree's characters
    reader::span pending_spelled_{};  // the identifier as written (in the text's copy)
    std::string reduced_;             // the upper-case letters of an FF[1]-FF[3] long name
    std::uint32_t pending_offset_ = 0;
    // The pending property's record once it has one (its first value came). It cannot move
    // while the identifier is pending: nothing adds a property to the node meanwhile.
    static constexpr std::uint32_t no_record = 0xFFFFFFFFu;
    std::uint32_t pending_record_ = no_record;
    bool in_junk_ = false;
    bool last_was_close_ = false;
    bool trailing_reported_ = false;
};

}  // namespace

sgf_collection parse_sgf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics) {
    sgf_collection tree;
    parse_sgf(text, mode, diagnostics, tree);
    return tree;
}

void parse_sgf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics, sgf_collection& into) {
    sgf_builder builder(text, diagnostics, into);
    // The grammar cannot fail but on a value never closed (or an input over the size bound);
    // what was read before stays.
    const bool ok = kifu::detail::parse<grammar::file, grammar::traits>(text, mode, "sgf", builder, diagnostics);
    builder.finish(!ok, mode);
}

namespace detail {

bool trace_sgf(const source_text& text, std::string& out) { return kifu::detail::trace<grammar::file>(text, out); }

}  // namespace detail

}  // namespace kifu::go
