// Builds the SGF tree from the flat token stream of grammars/sgf.peg. The grammar has no
// recursive game-tree rule; `(` and `)` arrive as events and this builder keeps the stack,
// so the depth of a file costs heap, never C stack.

#include "go/readers.hpp"

#include <algorithm>
#include <string>

#include "core/peg_support.hpp"
#include "generated/sgf.hpp"
#include "go/formats.hpp"

namespace kifu::inline v1::go {

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
    // True when the collection's character buffer held a text of `size` bytes or more before
    // (a collection reused across files).
    static bool has_read_as_large(const sgf_collection& c, std::size_t size) noexcept {
        return c.nodes_.capacity() != 0 && c.chars_.capacity() >= size;
    }
    // add_node() for the parser, always in line: the call per node showed in profiles.
    [[gnu::always_inline]] static node_id add_node(sgf_collection& c, node_id parent, std::uint32_t offset) {
        return c.append_node(parent, offset);
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
    [[gnu::always_inline]] static bool try_append_property(sgf_collection& c, node_id node, span id, span raw,
                                                           std::uint32_t value_offset, std::uint32_t& record) noexcept {
        return c.try_append_property(node, id, id.begin, raw, value_offset, record);
    }
    static std::uint32_t record_of(const sgf_collection& c, property_ref p) noexcept { return c.record_of(p); }
    static std::size_t property_count(const sgf_collection& c) noexcept { return c.properties_.size(); }
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
    sgf_builder(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics, sgf_collection& into)
        : text_(text), diagnostics_(diagnostics), tree_(into), strict_(mode == read_mode::strict) {
        const std::string_view t = text.text();
        tree_.clear();  // keeps the memory
        if (reader::has_read_as_large(tree_, t.size())) {
            // A reused collection that held a text this large before has the room of that file:
            // counting would save at most a regrowth (which doubles: the memory stays
            // proportional to the largest file) and costs a pass over the text.
            reader::start(tree_, t, 0, 0);
            return;
        }
        // One node per `;` and at most one value (and property) per `[`: reserving them up
        // front saves regrowing the flat vectors. Capped, so that a comment full of `;` cannot
        // reserve memory out of proportion (past the cap the vectors grow as usual).
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
        if (stopped_) [[unlikely]] return;  // strict reading ended at a damaged structure
        const auto at = static_cast<std::uint32_t>(offset);
        // Runs of stray text are reported once, and a node right after a `)` is noted: what the
        // previous token was is one byte, read and rewritten once per token.
        const last_token last = last_;
        last_ = e == event::close ? last_token::close : last_token::other;
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
            if (place_ == place::outside) {
                current_ = no_node;  // a new game tree
                root_properties_ = reader::property_count(tree_);
                implied_root_ = false;
            } else if (starts_game(offset + 1) && leaves_a_tree_open()) [[unlikely]] {
                if (!game_in_tree(at)) return;
            }
            open_.push_back({current_, static_cast<std::uint32_t>(tree_.node_count()), at});
            place_ = place::needs_node;
            break;
        case event::close:
            end_identifier();
            if (place_ == place::outside) {
                warn("sgf.unbalanced-close", "a ')' closes no game tree; ignored", at);
                break;
            }
            close_tree(at);
            break;
        case event::node:
            end_identifier();
            if (place_ == place::outside) {
                if (last_close_ != no_close && property_follows(offset + 1)) [[unlikely]] {
                    node_after_tree(at);
                    break;
                }
                outside(at, last == last_token::junk);
                break;
            }
            new_node(at, last == last_token::close);
            break;
        case event::prop_ident:
            end_identifier();
            if (place_ == place::outside) {
                outside(at, last == last_token::junk);
                break;
            }
            start_identifier(at, matched);
            break;
        case event::property:
            // `B[aa]`: what prop_ident then prop_value bring, in one token.
            end_identifier();
            if (place_ != place::in_node) [[unlikely]] {
                if (place_ == place::outside) {
                    outside(at, last == last_token::junk);  // the value would find it junk: nothing more
                    break;
                }
                imply_node(at);
            }
            property_token(matched, at);
            break;
        case event::prop_value:
            if (place_ == place::outside) {
                outside(at, last == last_token::junk);
                break;
            }
            add_value(static_cast<std::uint32_t>(matched.size() - 2), at);
            break;
        case event::junk:
            if (place_ == place::outside) {
                outside(at, last == last_token::junk);
                break;
            }
            end_identifier();
            if (last != last_token::junk) warn("sgf.junk", "unexpected text between properties; skipped", at);
            last_ = last_token::junk;
            return;
        }
    }

    // Ends the parse: closes what is still open. Returns the collection.
    void finish(bool cut_short, read_mode mode) {
        if (cut_short) pending_ = pending::none;  // its value is the one never closed (sgf.syntax)
        end_identifier();
        if (!open_.empty()) {
            warn("sgf.unclosed-tree",
                 std::to_string(open_.size()) + " game tree(s) not closed at the end of the input; closed there",
                 static_cast<std::uint32_t>(text_.text().size()));
        }
        if (cut_short && mode == read_mode::strict) tree_.roots.resize(closed_roots_);
        if (stopped_) tree_.roots.resize(std::min(tree_.roots.size(), kept_roots_));
        if (tree_.roots.empty() && !cut_short) {
            diagnostics_.push_back(text_.make_diagnostic(severity::error, "sgf.no-game",
                                                         "no game tree: the input has no '(;'", 0));
        }
    }

private:
    // Where the next token lands: outside every game tree, in a game tree that has no node since
    // its `(` (a property there implies one), or in the current node. Kept up to date at `(`,
    // `)` and nodes, so that a property token tests one byte.
    enum class place : unsigned char { outside, needs_node, in_node };
    // What the previous token was, for the two diagnostics that depend on it.
    enum class last_token : unsigned char { other, junk, close };
    // The identifier before the next value, if any: a property with its record (`AB[aa]`,
    // further values join it), an identifier still without a value, or an identifier without an
    // upper-case letter that had a value (its values are dropped). The last two are reported
    // when the identifier ends.
    enum class pending : unsigned char { none, property, no_value, empty_id };

    void close_tree(std::uint32_t at = 0) {
        if (tree_.node_count() == open_.back().nodes_before) {
            warn("sgf.empty-tree", "a game tree without nodes; ignored", open_.back().offset);
        } else if (open_.size() == 1 && implied_root_ && reader::property_count(tree_) == root_properties_) [[unlikely]] {
            // `(junk)`: parentheses around text, read as a game tree whose node `(` implied and
            // which holds no property. No game is made of it.
            error("sgf.not-a-game-tree",
                  std::string("'(' … ')' around text that holds no property is no game tree; dropped") +
                      (strict_ ? "; strict reading ends here" : ""),
                  open_.back().offset);
            if (!tree_.roots.empty()) tree_.roots.pop_back();
            if (strict_) stop();
        }
        if (open_.size() == 1) {
            last_close_ = at;
            last_close_node_ = current_;  // the node the tree ended with
        }
        current_ = open_.back().attach;
        open_.pop_back();
        // The current node is an earlier one again: it may have any identifiers.
        seen_ = ~std::uint64_t{0};
        if (open_.empty()) {
            closed_roots_ = tree_.roots.size();
            place_ = place::outside;
        } else {
            place_ = current_ == no_node || tree_.node_count() == open_.back().nodes_before ? place::needs_node
                                                                                              : place::in_node;
        }
    }

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

    void error(const char* code, std::string message, std::uint32_t offset) {
        diagnostics_.push_back(text_.make_diagnostic(severity::error, code, std::move(message), offset));
    }

    // Strict reading ends here: the games closed so far are kept, nothing after is read.
    void stop() {
        stopped_ = true;
        kept_roots_ = tree_.roots.size();
    }

    // Returns `line:column` of an offset, for a message that points at a second place.
    std::string where(std::uint32_t offset) const {
        const text_position p = text_.position_of(offset);
        return std::to_string(p.line) + ":" + std::to_string(p.column);
    }

    // Returns the offset of the `]` that closes the value opened at `open` (a `[`), as the
    // grammar's value_text reads it (`\` + any character is that character), or the end of
    // the text when it is never closed.
    static std::size_t after_value(std::string_view t, std::size_t open) noexcept {
        std::size_t i = open + 1;
        while (i < t.size() && t[i] != ']') i += t[i] == '\\' ? 2 : 1;
        return std::min(i, t.size());
    }

    // True when the text at `from` (just after a `(` inside a game tree) starts a node holding
    // GM or FF: properties of a game's root only, so this `(` starts a new game, not a
    // variation, and the tree it would nest in lacks its `)`. Reads the node's identifiers and
    // skips its values, as the grammar's tokens are; each variation's first node is read once
    // more here, so the cost stays linear.
    bool starts_game(std::size_t from) const {
        const std::string_view t = text_.text();
        std::size_t i = from;
        const auto blanks = [&] {
            while (i < t.size() && is_blank(t[i])) ++i;
        };
        blanks();
        if (i >= t.size() || t[i] != ';') return false;
        ++i;
        for (;;) {
            blanks();
            std::string id;
            while (i < t.size() && ((t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= 'a' && t[i] <= 'z'))) {
                if (t[i] >= 'A' && t[i] <= 'Z') id += t[i];
                ++i;
            }
            if (id == "GM" || id == "FF") return true;
            blanks();
            if (i >= t.size() || t[i] != '[') return false;
            while (i < t.size() && t[i] == '[') {
                i = after_value(t, i) + 1;
                blanks();
            }
        }
    }

    // True when a property (`W[`, `AddBlack [`) follows `from`: a `;` before it is a node, where
    // a `;` in prose after the last game tree ("Thanks; bye") is not.
    bool property_follows(std::size_t from) const {
        const std::string_view t = text_.text();
        std::size_t i = from;
        while (i < t.size() && is_blank(t[i])) ++i;
        const std::size_t letters = i;
        while (i < t.size() && ((t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= 'a' && t[i] <= 'z'))) ++i;
        if (i == letters) return false;
        while (i < t.size() && is_blank(t[i])) ++i;
        return i < t.size() && t[i] == '[';
    }

    // True when the input ends with a game tree still open: its `(` and `)` (outside values)
    // do not balance. A game root inside a tree means a missing `)` only then: in a balanced
    // input (every file kifu writes) a variation whose first node holds GM or FF is just that.
    // Counted once, on the first question.
    bool leaves_a_tree_open() {
        if (balance_ == balance::unknown) {
            const std::string_view t = text_.text();
            std::size_t depth = 0;
            for (std::size_t i = 0; i < t.size(); ++i) {
                const char c = t[i];
                if (c == '[') {
                    i = after_value(t, i);
                } else if (c == '(') {
                    ++depth;
                } else if (c == ')' && depth > 0) {
                    --depth;
                }
            }
            balance_ = depth > 0 ? balance::open : balance::closed;
        }
        return balance_ == balance::open;
    }

    // A `(` at `at` inside a game tree starts a new game (starts_game): the trees still open
    // lack their `)`. They are closed before it, and it opens a game of its own. Returns false
    // when strict reading ends here.
    [[gnu::noinline]] bool game_in_tree(std::uint32_t at) {
        const std::uint32_t opened = open_.front().offset;
        error("sgf.game-in-tree",
              "a game (GM or FF in its first node) starts inside the game tree opened at " + where(opened) +
                  ", which lacks its ')': that tree is closed before it" +
                  (strict_ ? "; strict reading ends here" : ""),
              at);
        while (!open_.empty()) close_tree(at);
        if (strict_) {
            stop();
            return false;
        }
        current_ = no_node;
        root_properties_ = reader::property_count(tree_);
        implied_root_ = false;
        return true;
    }

    // A node (`;` at `at`) after the `)` that closed the last game tree, outside every tree: that
    // `)` came too early (`(;GM[1];B[aa]);W[bb])`). Lenient reading reopens the tree and goes on
    // in it, as if that `)` were not there; strict reading keeps the tree as it was closed and
    // ends here.
    [[gnu::noinline]] void node_after_tree(std::uint32_t at) {
        const std::string closed = where(last_close_);
        if (strict_) {
            error("sgf.node-after-tree",
                  "a node after the ')' at " + closed +
                      " that closed its game tree: strict reading ends here and drops the nodes from here on "
                      "(lenient reading keeps them in that game)",
                  at);
            stop();
            return;
        }
        error("sgf.node-after-tree",
              "a node after the ')' at " + closed + " that closed its game tree: kept in that game, as if that ')' were not there",
              at);
        open_.push_back({no_node, static_cast<std::uint32_t>(tree_.node_count()), last_close_});
        closed_roots_ = tree_.roots.empty() ? 0 : tree_.roots.size() - 1;
        current_ = last_close_node_;
        last_close_ = no_close;
        new_node(at, false);
    }

    void outside(std::uint32_t offset, bool after_junk) {
        if (!after_junk && !trailing_reported_) {
            warn("sgf.trailing-text", "text after the last game tree is ignored", offset);
            trailing_reported_ = true;
        }
        last_ = last_token::junk;
    }

    // A `prop_ident` token: an identifier spelled `matched` at `at`, its value still to come.
    [[gnu::noinline]] void start_identifier(std::uint32_t at, std::string_view matched) {
        if (place_ == place::needs_node) imply_node(at);
        pending_ = pending::no_value;
        pending_spelled_ = {at, static_cast<std::uint32_t>(matched.size())};
        pending_offset_ = at;
        pending_id_ = upper_case_letters(matched);
    }

    // `(` straight followed by a property (Nihon Ki-in): the `;` is implied.
    [[gnu::noinline]] void imply_node(std::uint32_t at) {
        warn("sgf.missing-semicolon", "a game tree starts without ';'; a node is implied", at);
        if (open_.size() == 1 && current_ == no_node) implied_root_ = true;
        current_ = reader::add_node(tree_, current_, at);
        place_ = place::in_node;
        seen_ = 0;
    }

    // A node (its `;` at `at`) inside a game tree.
    void new_node(std::uint32_t at, bool after_close) {
        if (after_close) [[unlikely]] {
            // `(;a(;b);c)`: a node after a closed variation. It is kept as one more
            // variation of the branch point (sabaki drops it; docs/deviations.md).
            warn("sgf.node-after-variation", "a node follows a closed variation; kept as another variation", at);
        }
        current_ = reader::add_node(tree_, current_, at);
        place_ = place::in_node;
        seen_ = 0;
    }

    // A bit standing for an identifier in seen_, the identifiers the current node may have: a
    // clear bit proves that a new identifier is no duplicate without looking at the node. Made
    // of the first two characters (`[` stands for the second of a one-letter identifier, which
    // is what follows it in a property token).
    static std::uint64_t id_bit(unsigned char first, unsigned char second) noexcept {
        return std::uint64_t{1} << ((first ^ (second << 1u)) & 63u);
    }
    static std::uint64_t id_bit(std::string_view id) noexcept {
        return id_bit(static_cast<unsigned char>(id[0]), static_cast<unsigned char>(id.size() > 1 ? id[1] : '['));
    }

    // Returns the index among the current node's properties of the one with identifier `id`, or
    // no_record. seen_ answers most of them.
    std::uint32_t find_twice(std::string_view id, std::uint64_t bit) {
        if ((seen_ & bit) == 0) [[likely]] {
            seen_ |= bit;
            return no_record;
        }
        return reader::find(tree_, current_, id);
    }

    // A `property` token `ID[value]` at `at`. The identifier is upper-case letters only (the
    // grammar's [A-Z]+), so it is its own FF[4] form, a span of the text; so is the value. The
    // usual case (a new identifier in the node being filled, room in the vectors) calls
    // nothing, so that it needs no stack frame; the rest goes out of line.
    void property_token(std::string_view matched, std::uint32_t at) {
        // A letter or two, without a branch on which (it mispredicted often): matched[2] exists,
        // the shortest token being `B[]`. Longer identifiers take the loop.
        std::uint32_t id_size = 1u + (matched[1] != '[');
        if (matched[id_size] != '[') [[unlikely]] {
            while (matched[id_size] != '[') ++id_size;
        }
        const reader::span id{at, id_size};
        const reader::span raw{at + id_size + 1, static_cast<std::uint32_t>(matched.size()) - id_size - 2};
        pending_ = pending::property;
        const std::uint64_t bit = id_bit(static_cast<unsigned char>(matched[0]), static_cast<unsigned char>(matched[1]));
        if ((seen_ & bit) == 0 && reader::try_append_property(tree_, current_, id, raw, at + id_size, pending_record_))
            [[likely]] {
            seen_ |= bit;
            return;
        }
        add_property_token(id, raw, bit);
    }

    // A property token's other cases: a possible duplicate, or room to make.
    [[gnu::noinline]] void add_property_token(reader::span id, reader::span raw, std::uint64_t bit) {
        const std::uint32_t at = id.begin;
        if (const std::uint32_t twice = find_twice(reader::chars(tree_, id), bit); twice != no_record) {
            add_duplicate_value(twice, id, at, raw, at + id.size);
            return;
        }
        pending_record_ = reader::add_property_with_value(tree_, current_, id, id, at, raw, at + id.size);
    }

    // A `prop_value` token: a value of `size` characters whose `[` is at `offset`, after an
    // identifier token, a property token or another value.
    void add_value(std::uint32_t size, std::uint32_t offset) {
        const reader::span raw{offset + 1, size};
        if (pending_ == pending::property) [[likely]] {
            // More values of the pending property (`AB[aa][bb]`): its record cannot move
            // meanwhile, as nothing adds a property to the node before the identifier ends.
            reader::add_value(tree_, pending_record_, raw, offset);
            return;
        }
        first_value(raw, offset);
    }

    // The first value after a `prop_ident` token, or a value without an identifier.
    [[gnu::noinline]] void first_value(reader::span raw, std::uint32_t offset) {
        if (pending_ == pending::none) {
            warn("sgf.value-without-identifier", "a value without a property identifier; ignored", offset);
            return;
        }
        if (pending_ == pending::empty_id) return;  // reported when the identifier ends
        if (pending_id_.size == 0) {
            pending_ = pending::empty_id;
            return;
        }
        pending_ = pending::property;
        const std::string_view id = reader::chars(tree_, pending_id_);
        if (const std::uint32_t twice = find_twice(id, id_bit(id)); twice != no_record) {
            add_duplicate_value(twice, pending_id_, pending_offset_, raw, offset);
            return;
        }
        pending_record_ = reader::add_property_with_value(tree_, current_, pending_id_, pending_spelled_,
                                                          pending_offset_, raw, offset);
    }

    // The first value of a property `id` (spelled at `id_offset`) the node has already (index
    // `twice` among its properties).
    [[gnu::noinline]] void add_duplicate_value(std::uint32_t twice, reader::span id, std::uint32_t id_offset,
                                               reader::span raw, std::uint32_t offset) {
        // FF[4] allows one of each per node; Fox writes AP twice. Values are merged.
        warn("sgf.duplicate-property",
             std::string(reader::chars(tree_, id)) + " appears twice in a node; the values are merged", id_offset);
        pending_record_ = reader::record_of(tree_, {current_, twice});
        reader::add_value(tree_, pending_record_, raw, offset);
    }

    // Ends the pending identifier, if any (every token but a value does): one test and one
    // store in line; only an identifier to report goes out of line.
    void end_identifier() {
        if (pending_ > pending::property) [[unlikely]] report_identifier();
        pending_ = pending::none;
    }

    // An identifier without a value or without an upper-case letter is dropped.
    [[gnu::noinline]] void report_identifier() {
        if (pending_ == pending::no_value) {
            warn("sgf.missing-value", "property '" + spelled() + "' has no value; dropped", pending_offset_);
        } else {
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
    place place_ = place::outside;
    last_token last_ = last_token::other;
    pending pending_ = pending::none;
    bool trailing_reported_ = false;
    enum class balance : unsigned char { unknown, open, closed };
    balance balance_ = balance::unknown;  // leaves_a_tree_open(), once asked
    const bool strict_;
    bool stopped_ = false;             // strict reading ended at a damaged structure
    std::size_t kept_roots_ = 0;       // the games kept then
    bool implied_root_ = false;        // the open game tree's root node was implied (no `;`)
    std::size_t root_properties_ = 0;  // the property count when the open game tree began
    // Where the `)` that closed the last game tree is, and the node it ended with; no_close
    // once a node was read after it.
    static constexpr std::uint32_t no_close = 0xFFFFFFFFu;
    std::uint32_t last_close_ = no_close;
    node_id last_close_node_ = no_node;
    // The pending property's record (pending::property). It cannot move while the identifier is
    // pending: nothing adds a property to the node meanwhile.
    static constexpr std::uint32_t no_record = 0xFFFFFFFFu;
    std::uint32_t pending_record_ = no_record;
    std::uint64_t seen_ = 0;           // id_bit() of every identifier of the current node, or more
    std::size_t closed_roots_ = 0;
    reader::span pending_id_{};       // the FF[4] identifier in the tree's characters (prop_ident)
    reader::span pending_spelled_{};  // the identifier as written (in the text's copy)
    std::uint32_t pending_offset_ = 0;
    std::string reduced_;             // the upper-case letters of an FF[1]-FF[3] long name
};

}  // namespace

sgf_collection parse_sgf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics) {
    sgf_collection tree;
    parse_sgf(text, mode, diagnostics, tree);
    return tree;
}

void parse_sgf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics, sgf_collection& into) {
    sgf_builder builder(text, mode, diagnostics, into);
    // The grammar cannot fail but on a value never closed (or an input over the size bound);
    // what was read before stays.
    const bool ok = kifu::detail::parse<grammar::file, grammar::traits>(text, mode, "sgf", builder, diagnostics);
    builder.finish(!ok, mode);
}

namespace detail {

bool trace_sgf(const source_text& text, std::string& out) { return kifu::detail::trace<grammar::file, grammar::traits>(text, out, "sgf"); }

}  // namespace detail

}  // namespace kifu::go
