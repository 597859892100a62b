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
namespace {

namespace grammar = kifu::grammar::sgf;
using grammar::event;

bool is_blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

class sgf_builder {
public:
    sgf_builder(const source_text& text, std::vector<diagnostic>& diagnostics)
        : text_(text), diagnostics_(diagnostics) {
        // One node per `;` (fewer when values hold `;`): reserving them up front saves
        // regrowing and moving the node vector. Capped, so that a comment full of `;` cannot
        // reserve memory out of proportion (past the cap the vector grows as usual).
        const std::string_view t = text.text();
        const auto semicolons = static_cast<std::size_t>(std::count(t.begin(), t.end(), ';'));
        tree_.nodes.reserve(std::min<std::size_t>(semicolons + 1, std::size_t{1} << 18));
    }

    void on(event e, std::string_view matched, std::size_t offset) {
        const auto at = static_cast<std::uint32_t>(offset);
        // Runs of stray text are reported once: remember whether the last token was one.
        after_junk_ = in_junk_;
        in_junk_ = false;
        after_close_ = last_was_close_ && !open_.empty();
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
            open_.push_back({current_, static_cast<std::uint32_t>(tree_.nodes.size()), at});
            break;
        case event::close:
            end_identifier();
            if (open_.empty()) {
                warn("sgf.unbalanced-close", "a ')' closes no game tree; ignored", at);
                break;
            }
            if (tree_.nodes.size() == open_.back().nodes_before) {
                warn("sgf.empty-tree", "a game tree without nodes; ignored", open_.back().offset);
            }
            current_ = open_.back().attach;
            open_.pop_back();
            if (open_.empty()) closed_roots_ = tree_.roots.size();
            break;
        case event::node:
            end_identifier();
            if (open_.empty()) {
                outside(at);
                break;
            }
            if (after_close_) {
                // `(;a(;b);c)`: a node after a closed variation. It is kept as one more
                // variation of the branch point (sabaki drops it; docs/deviations.md).
                warn("sgf.node-after-variation", "a node follows a closed variation; kept as another variation", at);
            }
            current_ = tree_.add_node(current_, at);
            break;
        case event::prop_ident:
            end_identifier();
            if (open_.empty()) {
                outside(at);
                break;
            }
            if (current_ == no_node || tree_.nodes.size() == open_.back().nodes_before) {
                // `(` straight followed by a property (Nihon Ki-in): the `;` is implied.
                warn("sgf.missing-semicolon", "a game tree starts without ';'; a node is implied", at);
                current_ = tree_.add_node(current_, at);
            }
            pending_ = true;
            pending_spelled_ = std::string(matched);
            pending_id_.clear();
            for (const char c : matched) {
                if (c >= 'A' && c <= 'Z') pending_id_ += c;
            }
            pending_offset_ = at;
            pending_property_ = no_property;
            break;
        case event::prop_value:
            if (open_.empty()) {
                outside(at);
                break;
            }
            add_value(matched.substr(1, matched.size() - 2), at);
            break;
        case event::junk:
            if (open_.empty()) {
                outside(at);
                break;
            }
            end_identifier();
            if (!after_junk_) warn("sgf.junk", "unexpected text between properties; skipped", at);
            in_junk_ = true;
            return;
        }
    }

    // Ends the parse: closes what is still open. Returns the collection.
    sgf_collection finish(bool cut_short, read_mode mode) {
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
        return std::move(tree_);
    }

private:
    static constexpr std::size_t no_property = static_cast<std::size_t>(-1);

    struct open_tree {
        node_id attach;             // the node new nodes hang below (no_node: a new root)
        std::uint32_t nodes_before;  // node count when the `(` came (to spot empty trees)
        std::uint32_t offset;
    };

    void warn(const char* code, std::string message, std::uint32_t offset) {
        diagnostics_.push_back(text_.make_diagnostic(severity::warning, code, std::move(message), offset));
    }

    void outside(std::uint32_t offset) {
        if (!after_junk_ && !trailing_reported_) {
            warn("sgf.trailing-text", "text after the last game tree is ignored", offset);
            trailing_reported_ = true;
        }
        in_junk_ = true;
    }

    void add_value(std::string_view raw, std::uint32_t offset) {
        if (!pending_) {
            warn("sgf.value-without-identifier", "a value without a property identifier; ignored", offset);
            return;
        }
        pending_has_value_ = true;
        if (pending_id_.empty()) return;  // reported by end_identifier
        sgf_node& node = tree_[current_];
        if (pending_property_ == no_property) {
            for (std::size_t i = 0; i < node.properties.size(); ++i) {
                if (node.properties[i].id == pending_id_) pending_property_ = i;
            }
            if (pending_property_ != no_property) {
                // FF[4] allows one of each per node; Fox writes AP twice. Values are merged.
                warn("sgf.duplicate-property", pending_id_ + " appears twice in a node; the values are merged",
                     pending_offset_);
            } else {
                pending_property_ = node.properties.size();
                // Most nodes hold one or two properties (a move and a comment): one allocation
                // instead of two, without making one-property nodes much larger.
                if (node.properties.empty()) node.properties.reserve(2);
                node.properties.push_back({pending_id_, pending_spelled_, {}, pending_offset_});
            }
        }
        node.properties[pending_property_].values.push_back({std::string(raw), offset});
    }

    void end_identifier() {
        if (!pending_) return;
        if (!pending_has_value_) {
            warn("sgf.missing-value", "property '" + pending_spelled_ + "' has no value; dropped", pending_offset_);
        } else if (pending_id_.empty()) {
            warn("sgf.empty-identifier",
                 "property '" + pending_spelled_ + "' has no upper-case letter; dropped with its values", pending_offset_);
        }
        pending_ = false;
        pending_has_value_ = false;
    }

    const source_text& text_;
    std::vector<diagnostic>& diagnostics_;
    sgf_collection tree_;
    std::vector<open_tree> open_;
    node_id current_ = no_node;
    std::size_t closed_roots_ = 0;
    bool pending_ = false;
    bool pending_has_value_ = false;
    std::string pending_id_;
    std::string pending_spelled_;
    std::uint32_t pending_offset_ = 0;
    std::size_t pending_property_ = no_property;
    bool in_junk_ = false;
    bool after_junk_ = false;
    bool last_was_close_ = false;
    bool after_close_ = false;
    bool trailing_reported_ = false;
};

}  // namespace

sgf_collection parse_sgf(const source_text& text, read_mode mode, std::vector<diagnostic>& diagnostics) {
    sgf_builder builder(text, diagnostics);
    // The grammar cannot fail but on a value never closed (or an input over the size bound);
    // what was read before stays.
    const bool ok = kifu::detail::parse<grammar::file, grammar::traits>(text, mode, "sgf", builder, diagnostics);
    return builder.finish(!ok, mode);
}

namespace detail {

bool trace_sgf(const source_text& text, std::string& out) { return kifu::detail::trace<grammar::file>(text, out); }

}  // namespace detail

}  // namespace kifu::go
