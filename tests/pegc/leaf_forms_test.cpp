// kifu-pegc's one-leaf forms (class_char<>, class_rep<>, byte_seq<>; runtime/src/core/peg_leaves.hpp)
// against the PEGTL forms they stand for, on random inputs of valid and broken UTF-8 and every
// prefix of them: same match, same input consumed, same furthest point tried, same raise at the
// same position. The grammar is tests/pegc/cases/leaf_forms/grammar.peg.

#include <string>
#include <type_traits>
#include <vector>

#include <tao/pegtl.hpp>

#include "cases/leaf_forms/expected.hpp"
#include "furthest_hooks.hpp"
#include "random_prefixes.hpp"
#include "twin_outcomes.hpp"

#include <catch2/catch.hpp>

namespace {

namespace g = kifu::grammar::leaf_forms;
namespace pegtl = tao::pegtl;

// The PEGTL form of an emitted type: every kifu-pegc leaf inside replaced by what the grammar
// spells (named rules are left alone).
template <typename T>
struct plain {
    using type = T;
};
template <typename T>
using plain_t = typename plain<T>::type;

template <bool Negated, char32_t... Bounds>
struct plain<kifu::peg::class_char<Negated, Bounds...>> {
    using type = std::conditional_t<Negated, pegtl::seq<pegtl::not_at<pegtl::utf8::ranges<Bounds...>>, pegtl::utf8::any>,
                                    pegtl::utf8::ranges<Bounds...>>;
};
template <unsigned Min, unsigned Max, bool Negated, char32_t... Bounds>
struct plain<kifu::peg::class_rep<Min, Max, Negated, Bounds...>> {
    using type = pegtl::rep_min_max<Min, Max, plain_t<kifu::peg::class_char<Negated, Bounds...>>>;
};
template <bool Plus, bool Negated, char32_t... Bounds>
struct plain<kifu::peg::class_run<Plus, Negated, Bounds...>> {
    using one = plain_t<kifu::peg::class_char<Negated, Bounds...>>;
    using type = std::conditional_t<Plus, pegtl::plus<one>, pegtl::star<one>>;
};
template <bool Plus, unsigned char... Stops>
struct plain<kifu::peg::byte_run<Plus, Stops...>> {
    using one = plain_t<kifu::peg::class_char<true, static_cast<char32_t>(Stops)...>>;
    using type = std::conditional_t<Plus, pegtl::plus<one>, pegtl::star<one>>;
};
template <unsigned Kind, unsigned char... Ranges>
struct plain<kifu::peg::byte_step<Kind, Ranges...>> {
    using one = pegtl::ascii::ranges<static_cast<char>(Ranges)...>;
    using type = std::conditional_t<Kind == 0, one,
                                    std::conditional_t<Kind == 1, pegtl::opt<one>,
                                                       std::conditional_t<Kind == 2, pegtl::at<one>, pegtl::not_at<one>>>>;
};
template <typename... Steps>
struct plain<kifu::peg::byte_seq<Steps...>> {
    using type = pegtl::seq<plain_t<Steps>...>;
};
template <char... Cs>
struct plain<kifu::peg::literal<Cs...>> {
    using type = pegtl::ascii::string<Cs...>;
};
template <typename... Literals>
struct plain<kifu::peg::literal_choice<Literals...>> {
    using type = pegtl::sor<plain_t<Literals>...>;
};
template <typename... Alternatives>
struct plain<kifu::peg::first_byte_choice<Alternatives...>> {
    using type = pegtl::sor<plain_t<typename Alternatives::rule>...>;
};
// A named rule under test inside another: its twin.
template <typename Rule>
struct twin;
template <>
struct plain<g::pair> {
    using type = twin<g::pair>;
};
template <template <typename...> class Template, typename... Arguments>
struct plain<Template<Arguments...>> {
    using type = Template<plain_t<Arguments>...>;
};

// The body a named rule derives from.
template <template <typename...> class Template, typename... Arguments>
Template<Arguments...> body_of(const Template<Arguments...>*);
template <bool Negated, char32_t... Bounds>
kifu::peg::class_char<Negated, Bounds...> body_of(const kifu::peg::class_char<Negated, Bounds...>*);
template <unsigned Min, unsigned Max, bool Negated, char32_t... Bounds>
kifu::peg::class_rep<Min, Max, Negated, Bounds...> body_of(const kifu::peg::class_rep<Min, Max, Negated, Bounds...>*);
template <bool Plus, bool Negated, char32_t... Bounds>
kifu::peg::class_run<Plus, Negated, Bounds...> body_of(const kifu::peg::class_run<Plus, Negated, Bounds...>*);
template <bool Plus, unsigned char... Stops>
kifu::peg::byte_run<Plus, Stops...> body_of(const kifu::peg::byte_run<Plus, Stops...>*);
template <char... Cs>
kifu::peg::literal<Cs...> body_of(const kifu::peg::literal<Cs...>*);
template <typename... Literals>
kifu::peg::literal_choice<Literals...> body_of(const kifu::peg::literal_choice<Literals...>*);

// A rule with its leaves spelled out.
template <typename Rule>
struct twin : plain_t<decltype(body_of(static_cast<const Rule*>(nullptr)))> {};

struct probe {
    const char* furthest;
};

template <typename Rule>
struct probe_control : kifu::test::furthest_hooks<Rule> {};

struct outcome {
    bool matched = false;
    std::size_t consumed = 0;
    std::size_t furthest = 0;
    std::string error;
    bool operator==(const outcome&) const = default;
};

using plain_input = pegtl::memory_input<pegtl::tracking_mode::lazy>;
using kifu::test::terminated_input;

template <typename Rule, typename Input = plain_input>
outcome run_on(const std::string& text) {
    Input in(text.data(), text.size(), "test");
    probe p{text.data()};
    outcome out;
    try {
        out.matched = pegtl::parse<Rule, pegtl::nothing, probe_control>(in, p);
    } catch (const pegtl::parse_error& e) {
        out.error = "raised at " + std::to_string(e.positions().front().byte);
    }
    out.consumed = static_cast<std::size_t>(in.current() - text.data());
    out.furthest = static_cast<std::size_t>(p.furthest - text.data());
    return out;
}

// The classes' members and neighbours, overlongs, surrogates, values past U+10FFFF, stray and
// missing continuation bytes (also cut by the end of the input); runs of digits long enough to
// pass the bounds of `{n,m}`.
const std::vector<std::string> pieces{
    "a", "b", "c", "x", "z", "A", "P", "p", "0", "1", "5", "9", "12345", "6789", ":", "(", ")", " ", "+", "-", "\t", "\r", "\n",
    std::string(1, '\0'), "\x7F", "\xC2\x80", "\xC3\xA9", "\xDF\xBF", "\xE0\xA0\x80", "\xE3\x80\x80", "\xE3\x81\x82",
    "\xE4\xB8\x80", "\xE4\xB8\x83", "\xE5\x85\xAD", "\xEF\xBC\x90", "\xEF\xBC\x91", "\xEF\xBC\x99", "\xEF\xBC\x9A",
    "\xEF\xBF\xBF", "\xED\x9F\xBF", "\xED\xA0\x80", "\xEE\x80\x80", "\xE6\x89\x93", "\xF0\x90\x80\x80",
    "\xF4\x8F\xBF\xBF", "\xF4\x90\x80\x80", "\xC0\xB1", "\xC1\xBF", "\xE0\x80\xB1", "\xE0\x9F\xBF", "\xF0\x80\x80\xB1",
    "\x80", "\xBF", "\xFF", "\xC3", "\xE3\x81", "\xEF\xBC", "\xF0\x90\x80"};

// The pieces that are valid UTF-8.
std::vector<std::string> valid_pieces() {
    std::vector<std::string> valid;
    for (const std::string& piece : pieces) {
        pegtl::memory_input in(piece, "piece");
        if (pegtl::parse<pegtl::seq<pegtl::star<pegtl::utf8::any>, pegtl::eof>>(in)) valid.push_back(piece);
    }
    return valid;
}

// Texts of valid pieces cut between characters only, as a source_text is: the leaves that read
// classes (class_char<>, class_run<>, class_rep<>, byte_run<>) assume valid UTF-8 read from the
// start of a character. `Valid` false: any bytes (for the forms that read single bytes).
template <typename Rule, bool Valid = true>
void check_twin(const char* name) {
    const kifu::test::random_texts texts{.pieces = Valid ? valid_pieces() : pieces,
                                         .seed = 20261122,
                                         .count = 3000,
                                         .max_pieces = 8,
                                         .whole_characters = Valid};
    const bool same = kifu::test::for_every_prefix(texts, [&](const std::string& prefix) {
        const outcome leaf = run_on<Rule>(prefix);
        const outcome terminated = run_on<Rule, terminated_input>(prefix);
        const outcome spelled = run_on<twin<Rule>>(prefix);
        if (leaf == spelled && terminated == spelled) return true;
        INFO(name << " on " << prefix.size() << " bytes: leaf " << leaf.matched << '/' << leaf.consumed << '/'
                  << leaf.furthest << ' ' << leaf.error << "; on a NUL-terminated input " << terminated.matched << '/'
                  << terminated.consumed << '/' << terminated.furthest << ' ' << terminated.error << "; spelled out "
                  << spelled.matched << '/' << spelled.consumed << '/' << spelled.furthest << ' ' << spelled.error);
        CHECK(leaf == spelled);
        CHECK(terminated == spelled);
        return false;
    });
    if (same) SUCCEED(name);
}

}  // namespace

TEST_CASE("classes past ASCII, {n,m} of a class and runs of one-byte rules become one leaf", "[pegc][leaf]") {
    CHECK(std::is_base_of_v<kifu::peg::class_char<false, U'1', U'9', 0xFF11, 0xFF19>, g::wide_mixed>);
    CHECK(std::is_base_of_v<kifu::peg::class_char<true, U'\n', U'\n', U'\r', U'\r'>, g::negated>);
    CHECK(std::is_base_of_v<kifu::peg::class_rep<1, 3, false, U'0', U'9'>, g::rep_ascii>);
    CHECK(std::is_base_of_v<kifu::peg::first_byte_choice<kifu::peg::first_byte_alt<kifu::peg::byte_seq<kifu::peg::byte_step<0, '(', '('>, kifu::peg::byte_step<0, '1', '9'>,
                                                                           kifu::peg::byte_step<0, '1', '9'>, kifu::peg::byte_step<0, ')', ')'>>,
                                                                '(', '('>,
                                                 kifu::peg::first_byte_alt<kifu::peg::literal<'\xE6', '\x89', '\x93'>, 0xE6, 0xE6>>,
                            g::origin>);
    // Under a cut every element raises on its own: only the part before `^` is fused.
    CHECK(std::is_base_of_v<pegtl::seq<kifu::peg::byte_seq<kifu::peg::byte_step<0, 'a', 'c'>, kifu::peg::byte_step<0, '0', '9'>>,
                                       pegtl::must<pegtl::ascii::range<'0', '9'>, pegtl::ascii::string<'x'>>>,
                            g::cut_after>);
    // A negated class of ASCII members repeated: a byte scan (valid UTF-8 assumed); with a
    // member past ASCII, a class run.
    CHECK(std::is_base_of_v<kifu::peg::byte_run<false, '\n', '\n', '\r', '\r'>, g::bytes_line>);
    CHECK(std::is_base_of_v<kifu::peg::class_run<false, true, U'a', U'b', 0x3000, 0x3000>, g::run_star>);
    // Two or three literals: compared in turn, in line.
    CHECK(std::is_base_of_v<kifu::peg::literal_choice<kifu::peg::literal<'\r', '\n'>, kifu::peg::literal<'\n'>, kifu::peg::literal<'\r'>>,
                            g::lit_choice>);
    // Nothing that takes a byte: no leaf.
    CHECK(std::is_base_of_v<pegtl::seq<pegtl::opt<pegtl::ascii::string<'+'>>, pegtl::at<pegtl::ascii::one<'a'>>>, g::not_fused>);
}

TEST_CASE("the one-leaf forms match, consume, try and raise as the PEGTL they stand for", "[pegc][leaf]") {
    check_twin<g::wide>("wide");
    check_twin<g::wide_mixed>("wide_mixed");
    check_twin<g::negated>("negated");
    check_twin<g::negated_wide>("negated_wide");
    check_twin<g::negated_multi>("negated_multi");
    check_twin<g::edges>("edges");
    check_twin<g::surrogate_span>("surrogate_span");
    check_twin<g::rep_ascii>("rep_ascii");
    check_twin<g::rep_eight>("rep_eight");
    check_twin<g::rep_nine>("rep_nine");
    check_twin<g::rep_wide>("rep_wide");
    check_twin<g::rep_negated>("rep_negated");
    check_twin<g::rep_edges>("rep_edges");
    check_twin<g::time_shape, false>("time_shape");
    check_twin<g::origin, false>("origin");
    check_twin<g::steps, false>("steps");
    check_twin<g::predicates, false>("predicates");
    check_twin<g::insensitive, false>("insensitive");
    check_twin<g::cut_after, false>("cut_after");
    check_twin<g::wide_between>("wide_between");
    check_twin<g::run_star>("run_star");
    check_twin<g::run_plus>("run_plus");
    check_twin<g::pair>("pair");
    check_twin<g::under_cut>("under_cut");
    check_twin<g::bytes_line>("bytes_line");
    check_twin<g::bytes_one>("bytes_one");
    check_twin<g::bytes_three>("bytes_three");
    check_twin<g::bytes_ranges>("bytes_ranges");
    check_twin<g::rep_nul>("rep_nul");
    check_twin<g::run_nul>("run_nul");
    check_twin<g::lit_nul, false>("lit_nul");
    check_twin<g::steps_nul, false>("steps_nul");
    check_twin<g::lit_choice, false>("lit_choice");
    check_twin<g::lit_prefix, false>("lit_prefix");
    check_twin<g::lit_wide>("lit_wide");
}

TEST_CASE("one-leaf forms on chosen inputs", "[pegc][leaf]") {
    CHECK(run_on<g::rep_ascii>("1234") == outcome{false, 0, 3, ""});  // a 4th digit follows: rep_min_max fails
    CHECK(run_on<g::rep_ascii>("123x") == outcome{true, 3, 3, ""});
    CHECK(run_on<g::rep_wide>("\xEF\xBC\x91x") == outcome{false, 0, 3, ""});  // one of at least two
    CHECK(run_on<g::time_shape>(" 0:16)") == outcome{true, 5, 5, ""});
    CHECK(run_on<g::time_shape>(" 0:1x") == outcome{false, 0, 4, ""});
    CHECK(run_on<g::cut_after>("a1y") == outcome{false, 0, 2, "raised at 2"});
    CHECK(run_on<g::under_cut>("=a1x").error == "raised at 3");  // the pair's "-", not its start
    CHECK(run_on<g::under_cut>("=a-1234;").error == "raised at 6");  // a 4th digit: after three
    // byte_run: a word at a time, the stop in any of its bytes, or after it.
    for (std::size_t at = 0; at < 20; ++at) {
        const std::string text = std::string(at, 'x') + "\xE5\x90\x8C:" + std::string(20, 'y');
        CHECK(run_on<g::bytes_three>(text) == outcome{true, at + 3, at + 3, ""});
        CHECK(run_on<g::bytes_line>(std::string(at, 'x') + "\r\n") == outcome{true, at, at, ""});
        CHECK(run_on<g::bytes_line>(std::string(at, 'a')) == outcome{true, at, at, ""});
        // Control characters that are no stop are flagged by the word test and stepped over.
        const std::string controls = std::string(at, '\t') + std::string(1, '\0') + "\x0C\x0B" + std::string(at, 'z');
        CHECK(run_on<g::bytes_line>(controls + "\r") == outcome{true, controls.size(), controls.size(), ""});
    }
    CHECK(run_on<g::bytes_one>(";") == outcome{false, 0, 0, ""});
    CHECK(run_on<g::lit_choice>("\r\n") == outcome{true, 2, 0, ""});
    CHECK(run_on<g::lit_choice>("\rx") == outcome{true, 1, 0, ""});
    CHECK(run_on<g::lit_prefix>("ab") == outcome{true, 1, 0, ""});  // "a" first: "ab" is never reached
    CHECK(run_on<g::lit_wide>("\xE7\x94\x9F") == outcome{true, 3, 0, ""});
    CHECK(run_on<g::lit_wide>("x") == outcome{false, 0, 0, ""});

}
