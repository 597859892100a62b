// Builds the list of GGF games from the flat token stream of grammars/ggf.peg: `(;` and `;)`
// arrive as events and this builder decides what belongs to which game, so text between
// games (match counts, prose) and broken games never stop the read.

#include "othello/ggf.hpp"

#include <string>

#include "core/peg_support.hpp"
#include "generated/ggf.hpp"

namespace kifu::inline v1::othello::ggf {
namespace {

namespace grammar = kifu::grammar::ggf;
using grammar::event;

class ggf_builder {
public:
    explicit ggf_builder(const source_text& text) : text_(text) {}

    void on(event e, std::string_view matched, std::size_t offset) {
        const bool was_junk = in_junk_;
        in_junk_ = false;
        switch (e) {
        case event::game_open:
            if (open_) {
                // A game without `;)`: the new `(;` starts the next game all the same.
                if (!current().broken) {
                    add(severity::error, "ggf.unclosed-game", "the game has no ';)' before the next '(;'",
                        current().offset);
                    current().broken = true;
                }
            }
            out_.games.emplace_back();
            current().offset = offset;
            open_ = true;
            pending_ = false;
            break;
        case event::game_close:
            open_ = false;
            pending_ = false;
            break;
        case event::prop_ident:
            pending_ = true;
            pending_id_ = matched;
            pending_offset_ = offset;
            break;
        case event::prop_value:
            on_value(matched, offset, was_junk);
            break;
        case event::junk:
            pending_ = false;
            if (open_ && !was_junk) {
                add(severity::warning, "ggf.junk", "text inside the game that is no property is skipped", offset);
            }
            in_junk_ = open_;
            break;
        }
    }

    parsed_file finish(bool parse_failed) {
        if (open_ && !current().broken) {
            if (!parse_failed) {
                add(severity::error, "ggf.unclosed-game", "the game has no ';)' before the end of the input",
                    current().offset);
            }
            current().broken = true;
        }
        if (out_.games.empty() && !parse_failed) {
            diagnostic d = text_.make_diagnostic(severity::error, "ggf.no-games", "no game record '(;' … ';)' found", 0);
            out_.diagnostics.push_back(std::move(d));
        }
        return std::move(out_);
    }

private:
    game& current() { return out_.games.back(); }

    void add(severity s, std::string code, std::string message, std::size_t offset) {
        current().diagnostics.push_back(text_.make_diagnostic(s, std::move(code), std::move(message), offset));
    }

    void on_value(std::string_view matched, std::size_t offset, bool was_junk) {
        const bool had_id = pending_;
        pending_ = false;
        if (!open_) {
            return;  // a value between games: prose, skipped like the rest
        }
        game& g = current();
        if (g.broken) {
            return;
        }
        if (matched.size() < 2 || matched.back() != ']') {
            add(severity::error, "ggf.unterminated-value",
                std::string("the value has no ']' before the next game '(;' or the end of the input") + std::string(game_skipped),
                had_id ? pending_offset_ : offset);
            g.broken = true;
            open_ = false;  // the next `(;` starts a game of its own, with no complaint
            return;
        }
        if (!had_id) {
            if (!was_junk) {
                add(severity::warning, "ggf.junk", "a value without a property id is skipped", offset);
            }
            in_junk_ = true;
            return;
        }
        g.properties.push_back(property{pending_id_, matched.substr(1, matched.size() - 2), pending_offset_});
    }

    const source_text& text_;
    parsed_file out_;
    bool open_ = false;
    bool in_junk_ = false;
    bool pending_ = false;
    std::string_view pending_id_;
    std::size_t pending_offset_ = 0;
};

}  // namespace

parsed_file parse_games(const source_text& text, read_mode mode) {
    ggf_builder builder(text);
    std::vector<diagnostic> diagnostics;
    // The grammar cannot fail but on an input over the size bound.
    const bool ok = kifu::detail::parse<grammar::file, grammar::traits>(text, mode, "ggf", builder, diagnostics);
    parsed_file out = builder.finish(!ok);
    for (diagnostic& d : diagnostics) {
        out.diagnostics.push_back(std::move(d));
    }
    return out;
}

bool trace_ggf(const source_text& text, std::string& out) { return kifu::detail::trace<grammar::file, grammar::traits>(text, out, "ggf"); }

}  // namespace kifu::othello::ggf
