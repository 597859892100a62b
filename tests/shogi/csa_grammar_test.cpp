// grammars/csa.peg's fast paths against the rules they stand in front of: the move token, the
// look-ahead that ends a line's statements, and the line end tried at once. Each must match,
// fail or raise exactly where the plain rule does (the differential runs of whole files check
// the rest).

#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <random>
#include <string>
#include <string_view>

#include <tao/pegtl.hpp>

#include "generated/csa.hpp"

namespace {

namespace g = kifu::grammar::csa;
namespace pegtl = tao::pegtl;

// The rules as they were before the fast paths.
struct plain_move : pegtl::seq<g::sign, pegtl::at<pegtl::ascii::range<'0', '9'>>, pegtl::must<g::square, g::square, g::piece_code>> {};
struct plain_line_end : pegtl::seq<g::blanks, pegtl::sor<g::eol, pegtl::eof>> {};
struct plain_more : pegtl::star<g::blanks, pegtl::string<','>, g::blanks, pegtl::opt<g::statement>> {};
struct fast_more : pegtl::star<pegtl::at<pegtl::ascii::one<'\t', ' ', ','>>, g::blanks, pegtl::string<','>, g::blanks, pegtl::opt<g::statement>> {};

// What a rule did on a text: matched (and how far), failed, or raised (where, which rule).
struct outcome {
    int kind = 0;  // 0 failed, 1 matched, 2 raised
    std::size_t at = 0;
    std::string message;
    bool operator==(const outcome&) const = default;
};

template <typename Rule>
outcome run(const std::string& text) {
    pegtl::memory_input<> in(text.data(), text.size(), "t");
    try {
        if (!pegtl::parse<Rule>(in)) return {0, 0, {}};
        return {1, static_cast<std::size_t>(in.current() - text.data()), {}};
    } catch (const pegtl::parse_error& e) {
        return {2, e.positions().front().byte, std::string(e.message())};
    }
}

std::string random_text(std::mt19937& random, std::string_view alphabet, std::size_t max_length) {
    std::string text;
    const std::size_t length = random() % (max_length + 1);
    for (std::size_t i = 0; i < length; ++i) text += alphabet[random() % alphabet.size()];
    return text;
}

}  // namespace

TEST_CASE("csa grammar: the move token matches, fails and raises as the plain move rule", "[csa]") {
    std::mt19937 random(7);
    // Mostly well-formed moves with one byte changed, and random bytes of the same kinds.
    const std::array<std::string, 3> seeds{"+7776FU", "-0055KA", "+1911NY"};
    for (int i = 0; i < 200000; ++i) {
        std::string text = seeds[random() % seeds.size()];
        if (random() % 4 == 0) {
            text = random_text(random, "+-0159AZaz* ,\r\n", 9);
        } else {
            const std::size_t n = random() % 3;
            for (std::size_t k = 0; k < n; ++k) text[random() % text.size()] = "+-0159AFUZz *\n"[random() % 14];
            if (random() % 5 == 0) text.resize(random() % text.size());
        }
        INFO(text);
        // Raises come from the cuts inside (square, piece_code): same rules, same messages.
        CHECK(run<g::move>(text) == run<plain_move>(text));
    }
}

TEST_CASE("csa grammar: the line end and the statements' look-ahead as the plain rules", "[csa]") {
    std::mt19937 random(8);
    for (int i = 0; i < 200000; ++i) {
        const std::string text = random_text(random, " \t,\r\n+7FUT1X", 8);
        INFO(text);
        // Under a cut, as in the grammar: the raise names the cut's rule (line_end in both
        // grammars, its @error message), so only where it raises counts here.
        const outcome fast = run<pegtl::must<g::line_end>>(text);
        const outcome plain = run<pegtl::must<plain_line_end>>(text);
        CHECK(fast.kind == plain.kind);
        CHECK(fast.at == plain.at);
        const outcome fast_line = run<pegtl::seq<fast_more, pegtl::must<g::line_end>>>(text);
        const outcome plain_line = run<pegtl::seq<plain_more, pegtl::must<plain_line_end>>>(text);
        CHECK(fast_line.kind == plain_line.kind);
        CHECK(fast_line.at == plain_line.at);
    }
}
