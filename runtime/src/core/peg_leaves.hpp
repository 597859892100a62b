#pragma once

// The leaf rules of kifu-pegc's generated headers (generated/<format>.hpp includes this header
// and names them kifu::peg::…). Each stands for a PEGTL form the grammar spells out and matches,
// consumes and reports exactly what that form does (tests/pegc/leaf_forms_test.cpp and
// tests/pegc/emitted_test.cpp run both; tests/pegc/peg_leaves_test.cpp tests the parts), in
// fewer trips through the control. The contract is in docs/grammar-language.md ("Generated
// headers").
//
// Every leaf reads VALID UTF-8 from the start of a character: kifu::source_text promises its
// text valid, and every rule takes whole characters, so a match always starts at one.
//
// A leaf that reads past the first character it tries tells the control where it tried last
// (the furthest point, where a plain failure is reported): it carries `reports_tried` and calls
// Control<leaf>::tried(at, states…) when the control has that hook (peg_support.hpp's does;
// PEGTL's normal<> and tracer do not and are not told).
//
// literal's, class_char's and class_rep's match() and class_run's first-byte test are forced in
// line (class_run calls its scan only when the first byte may start a member: most blanks are
// empty; GCC called class_char's out of line for the KIF and KI2 destination, rank and piece
// characters, ~25 instructions a move more); the other leaves' match() are left to GCC, whose
// own choice measured best for them. first_byte_choice keeps its
// chain of bit tests: a switch over the distinct alternative sets, or a jump to the first
// alternative to try, measures 15-30 % slower on the SGF token loop (GCC does not fold it).

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include <tao/pegtl.hpp>

#include "core/utf8.hpp"

namespace kifu::peg {

// Membership in one character class, read from the UTF-8 bytes without decoding a code point:
// code points below U+10000 through a bitmap (bit c % 64 of word c / 64, which for a 3-byte
// sequence is the third byte's low bits in the word named by the first two), others decoded.
// The text read is valid UTF-8, read from the start of a character (see length_at), so a
// character is one UTF-8 sequence as tao::pegtl::utf8 reads it. Bounds are the class's sorted
// ranges as (first, last) pairs.
template <char32_t... Bounds>
constexpr std::array<std::uint64_t, 1024> class_bitmap() noexcept {
    constexpr char32_t bounds[] = {Bounds...};
    std::array<std::uint64_t, 1024> words{};
    for (std::size_t i = 0; i < sizeof...(Bounds); i += 2) {
        for (char32_t c = bounds[i]; c <= bounds[i + 1] && c < 0x10000; ++c) {
            if (c < 0xD800 || c > 0xDFFF) words[c >> 6] |= std::uint64_t{1} << (c & 63);
        }
    }
    return words;
}

template <bool Negated, char32_t... Bounds>
struct class_bytes {
    static constexpr char32_t bounds[sizeof...(Bounds)] = {Bounds...};
    static constexpr std::array<std::uint64_t, 1024> bitmap = class_bitmap<Bounds...>();
    // The sequence lengths a member can have (a negated class has members of every length).
    static constexpr bool any_in(char32_t low, char32_t high) noexcept {
        for (std::size_t i = 0; i < sizeof...(Bounds); i += 2) {
            if (bounds[i] <= high && bounds[i + 1] >= low) return true;
        }
        return false;
    }

    static constexpr bool bit(unsigned word, unsigned low) noexcept { return (bitmap[word] >> low & 1) != 0; }

    // The length of the character at p (p < end) when it is in the class, else 0. On VALID
    // UTF-8 from the start of a character, as kifu::source_text promises its text and every
    // leaf reads it (each rule takes whole characters): a lead byte's continuation bytes are
    // there, and no sequence is overlong, a surrogate or past U+10FFFF, so none is checked.
    // Inlined: it is the body of every run's loop.
    [[gnu::always_inline]] static inline std::size_t length_at(const unsigned char* p, const unsigned char*) noexcept {
        const unsigned b0 = p[0];
        if (b0 < 0x80) return bit(b0 >> 6, b0 & 63) != Negated ? 1 : 0;
        if constexpr (Negated || any_in(0x800, 0xFFFF)) {
            if ((b0 & 0xF0) == 0xE0) return bit((b0 & 0x0F) << 6 | (p[1] & 0x3Fu), p[2] & 0x3Fu) != Negated ? 3 : 0;
        }
        if constexpr (Negated || any_in(0x80, 0x7FF)) {
            if ((b0 & 0xE0) == 0xC0) return bit(b0 & 0x1F, p[1] & 0x3Fu) != Negated ? 2 : 0;
        }
        if constexpr (Negated || any_in(0x10000, 0x10FFFF)) {
            if ((b0 & 0xF8) == 0xF0) {
                const char32_t c = static_cast<char32_t>(b0 & 0x07) << 18 | static_cast<char32_t>(p[1] & 0x3F) << 12 |
                                   static_cast<char32_t>(p[2] & 0x3F) << 6 | static_cast<char32_t>(p[3] & 0x3F);
                bool member = false;
                for (std::size_t i = 0; i < sizeof...(Bounds); i += 2) member = member || (c >= bounds[i] && c <= bounds[i + 1]);
                return member != Negated ? 4 : 0;
            }
        }
        return 0;
    }
};

// The ASCII members of a class, as a table of bytes (fewer instructions per byte than the
// bitmap's shifts); bytes 128-255 are false.
template <bool Negated, char32_t... Bounds>
inline constexpr std::array<bool, 256> ascii_members = [] {
    using bytes = class_bytes<Negated, Bounds...>;
    std::array<bool, 256> table{};
    for (unsigned b = 0; b < 128; ++b) table[b] = (bytes::bitmap[b >> 6] >> (b & 63) & 1) != Negated;
    return table;
}();

// The bytes that can start a member of a class: its ASCII members and the lead bytes of its
// longer members (every lead byte for a negated class).
template <bool Negated, char32_t... Bounds>
inline constexpr std::array<bool, 256> member_starts = [] {
    std::array<bool, 256> table = ascii_members<Negated, Bounds...>;
    if (Negated) {
        for (unsigned b = 0xC2; b <= 0xF4; ++b) table[b] = true;
        return table;
    }
    constexpr char32_t bounds[] = {Bounds...};
    // Each range split where the UTF-8 length changes; the lead byte grows with the code point.
    constexpr char32_t segments[][2] = {{0x80, 0x7FF}, {0x800, 0xFFFF}, {0x10000, 0x10FFFF}};
    for (std::size_t i = 0; i < sizeof...(Bounds); i += 2) {
        for (const auto& segment : segments) {
            const char32_t low = std::max(bounds[i], segment[0]);
            const char32_t high = std::min(bounds[i + 1], segment[1]);
            if (low > high) continue;
            const unsigned last = kifu::detail::utf8_lead_byte(high);
            for (unsigned b = kifu::detail::utf8_lead_byte(low); b <= last; ++b) table[b] = true;
        }
    }
    return table;
}();

// Whether every member of a class is ASCII (so a member is one byte, read from ascii_members).
template <bool Negated, char32_t... Bounds>
inline constexpr bool ascii_only = !Negated && ((Bounds < 0x80) && ...);

// Tells a control that keeps the furthest point tried (it has a tried() hook) that `Rule` tried
// the character at `at`.
template <typename Rule, template <typename...> class Control, typename... States>
void report_tried(const char* at, States&... st) noexcept {
    if constexpr (requires { Control<Rule>::tried(at, st...); }) Control<Rule>::tried(at, st...);
}

// An input whose text is followed by a readable NUL byte (a std::string's, as kifu::detail::parse
// and trace read a source_text's text). A leaf whose class, literal or steps do not take that
// byte reads on over it without testing for the end of the input first: the NUL stops it
// exactly where the end would (no member, no literal byte, no step's byte matches it), and it
// never reads past the NUL. Any other input (PEGTL's memory_input) gets the tests.
template <typename Base>
struct nul_terminated_input : Base {
    using Base::Base;
    static constexpr bool nul_after_end = true;
};

template <typename ParseInput>
constexpr bool nul_after_end() noexcept {
    if constexpr (requires { ParseInput::nul_after_end; }) {
        return ParseInput::nul_after_end;
    } else {
        return false;
    }
}

// Whether a class leaf may read the byte at its position without testing for the end first:
// on a nul_terminated_input, when U+0000 is no member.
template <typename ParseInput, bool Negated, char32_t... Bounds>
inline constexpr bool stops_at_nul = nul_after_end<ParseInput>() && !ascii_members<Negated, Bounds...>[0];

// One character of a class (utf8::one<>, ranges<>, not_one<>, not_range<>, and not_at<ranges<>>
// then utf8::any for a negated class of several ranges), compared as bytes (class_bytes).
template <bool Negated, char32_t... Bounds>
struct class_char {
    // For tao::pegtl::analyze(): one character, as utf8::any.
    using rule_t = tao::pegtl::utf8::any::rule_t;
    using subs_t = tao::pegtl::empty_list;

    template <typename ParseInput>
    [[nodiscard, gnu::always_inline]] static inline bool match(ParseInput& in) noexcept {
        // (At the end, a NUL that is no member gives length 0.)
        if constexpr (!stops_at_nul<ParseInput, Negated, Bounds...>) {
            if (in.empty()) return false;
        }
        const std::size_t length = class_bytes<Negated, Bounds...>::length_at(
            reinterpret_cast<const unsigned char*>(in.current()), reinterpret_cast<const unsigned char*>(in.end()));
        if (length == 0) return false;
        in.bump(length);
        return true;
    }
};

// A repetition of one character class (`[…]*`, `[…]+`) matched by one leaf rule that loops over
// the bytes itself instead of entering the control once per character: it matches what
// star<class> / plus<class> match, and, as they do, tries the character after its match last.
template <bool Plus, bool Negated, char32_t... Bounds>
struct class_run {
    // For tao::pegtl::analyze(): consumes on success like plus<> / star<>.
    using rule_t = typename std::conditional_t<Plus, tao::pegtl::plus<tao::pegtl::any>, tao::pegtl::star<tao::pegtl::any>>::rule_t;
    using subs_t = tao::pegtl::empty_list;
    static constexpr bool reports_tried = true;

    // Where the run from p ends. (One function per class, whatever the control.)
    static const unsigned char* scan(const unsigned char* p, const unsigned char* last) noexcept {
        using bytes = class_bytes<Negated, Bounds...>;
        constexpr const std::array<bool, 256>& ascii = ascii_members<Negated, Bounds...>;
        while (p != last) {
            if (*p < 0x80) {
                if (!ascii[*p]) break;
                ++p;
            } else {
                const std::size_t length = bytes::length_at(p, last);
                if (length == 0) break;
                p += length;
            }
        }
        return p;
    }

    // In line: most runs (blanks) are empty or a few ASCII members, which the bytes tell
    // without a call; scan() is called only at a byte that can start a longer member.
    template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput, typename... States>
    [[nodiscard, gnu::always_inline]] static inline bool match(ParseInput& in, States&&... st) noexcept {
        const auto* const first = reinterpret_cast<const unsigned char*>(in.current());
        const auto* const last = reinterpret_cast<const unsigned char*>(in.end());
        const unsigned char* p = first;
        if constexpr (stops_at_nul<ParseInput, Negated, Bounds...>) {
            while (ascii_members<Negated, Bounds...>[*p]) ++p;
            if (*p >= 0x80 && member_starts<Negated, Bounds...>[*p]) p = scan(p, last);
        } else {
            while (p != last && ascii_members<Negated, Bounds...>[*p]) ++p;
            if (p != last && *p >= 0x80 && member_starts<Negated, Bounds...>[*p]) p = scan(p, last);
        }
        report_tried<class_run, Control>(reinterpret_cast<const char*>(p), st...);
        if (Plus && p == first) return false;
        in.bump(static_cast<std::size_t>(p - first));
        return true;
    }
};

// A repetition of a negated class whose members are all ASCII (`[^\r\n]*`, `[^\]\\]+`) on VALID
// UTF-8, as kifu::source_text promises its text: every character but the members is in the
// class, and a member is one byte that no other character contains, so the run is the bytes up
// to the first member byte (or the end) — no character's UTF-8 form need be checked. From the
// start of a character of valid UTF-8 it matches, consumes and tries what class_run<> (star<> /
// plus<> of the class) does; on broken UTF-8 it would take bytes that those stop at. Stops are
// the members' (first, last) byte ranges.
template <bool Plus, unsigned char... Stops>
struct byte_run {
    // For tao::pegtl::analyze(): consumes on success like plus<> / star<>.
    using rule_t = typename std::conditional_t<Plus, tao::pegtl::plus<tao::pegtl::any>, tao::pegtl::star<tao::pegtl::any>>::rule_t;
    using subs_t = tao::pegtl::empty_list;
    static constexpr bool reports_tried = true;

    // (Each initializer reads the template's arguments, not another member: clang does not
    // evaluate a lambda that uses a member of the class being defined.)
    static constexpr std::size_t stop_count = [] {
        constexpr unsigned char stops[] = {Stops...};
        std::size_t count = 0;
        for (std::size_t i = 0; i < sizeof...(Stops); i += 2) count += stops[i + 1] - stops[i] + 1u;
        return count;
    }();
    // Up to three stop bytes (CR and LF; `]` and `\`): eight bytes at a time, each stop found as
    // a zero byte of the word xor the stop ("has zero byte", Bit Twiddling Hacks: the lowest flag
    // is exact, higher ones may be false), so the lowest flag of all is the first stop.
    static constexpr bool by_words = stop_count <= 3 && std::endian::native == std::endian::little;
    static constexpr std::array<unsigned char, 3> singles = [] {
        constexpr unsigned char stops[] = {Stops...};
        std::array<unsigned char, 3> bytes{};
        std::size_t n = 0;
        for (std::size_t i = 0; i < sizeof...(Stops); i += 2) {
            for (unsigned b = stops[i]; b <= stops[i + 1] && n < bytes.size(); ++b) bytes[n++] = static_cast<unsigned char>(b);
        }
        return bytes;
    }();

    // When every stop is a control character (`[^\r\n]`), one compare flags the bytes below the
    // highest stop + 1 instead of one compare per stop; a flagged byte that is no stop (a tab)
    // is stepped over and the scan goes on after it.
    static constexpr unsigned below = [] {
        constexpr unsigned char stops[] = {Stops...};
        unsigned high = 0;
        for (const unsigned char b : stops) high = b > high ? b : high;
        return high + 1;
    }();
    static constexpr bool by_range = below <= 0x20 && std::endian::native == std::endian::little;

    static constexpr std::uint64_t zero_flags(std::uint64_t x) noexcept {
        return (x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL;
    }
    template <std::size_t... I>
    static std::uint64_t stop_flags(std::uint64_t word, std::index_sequence<I...>) noexcept {
        return (zero_flags(word ^ (0x0101010101010101ULL * singles[I])) | ...);
    }

    // Where the run from p ends: at the first stop byte, or at the end.
    static const unsigned char* scan(const unsigned char* p, const unsigned char* last) noexcept {
        static constexpr std::array<bool, 256> stop = [] {
            constexpr unsigned char stops[] = {Stops...};
            std::array<bool, 256> table{};
            for (std::size_t i = 0; i < sizeof...(Stops); i += 2) {
                for (unsigned b = stops[i]; b <= stops[i + 1]; ++b) table[b] = true;
            }
            return table;
        }();
        if constexpr (by_range) {
            while (last - p >= 8) {
                std::uint64_t word;
                std::memcpy(&word, p, sizeof word);
                // Bytes below `below` ("has less", Bit Twiddling Hacks: the lowest flag is exact).
                const std::uint64_t flags = (word - 0x0101010101010101ULL * below) & ~word & 0x8080808080808080ULL;
                if (flags == 0) {
                    p += 8;
                    continue;
                }
                p += std::countr_zero(flags) >> 3;
                if (stop[*p]) return p;
                ++p;
            }
        } else if constexpr (by_words) {
            while (last - p >= 8) {
                std::uint64_t word;
                std::memcpy(&word, p, sizeof word);
                const std::uint64_t flags = stop_flags(word, std::make_index_sequence<by_words ? stop_count : 0>());
                if (flags != 0) return p + (std::countr_zero(flags) >> 3);
                p += 8;
            }
        }
        while (p != last && !stop[*p]) ++p;
        return p;
    }

    template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&... st) noexcept {
        const auto* const first = reinterpret_cast<const unsigned char*>(in.current());
        const unsigned char* const p = scan(first, reinterpret_cast<const unsigned char*>(in.end()));
        report_tried<byte_run, Control>(reinterpret_cast<const char*>(p), st...);
        if (Plus && p == first) return false;
        in.bump(static_cast<std::size_t>(p - first));
        return true;
    }
};

// `[…]{n,m}` (n < m) as one leaf: what rep_min_max<n, m, class> matches — n to m characters of
// the class, and no (m+1)-th after them (PEGTL's rule fails then). It tries, as that rule does,
// the character after its match, or the (m+1)-th, last.
template <unsigned Min, unsigned Max, bool Negated, char32_t... Bounds>
struct class_rep {
    static_assert(Min < Max);
    // For tao::pegtl::analyze(): what rep_min_max<> of one character is.
    using rule_t = typename tao::pegtl::rep_min_max<Min, Max, tao::pegtl::utf8::any>::rule_t;
    using subs_t = tao::pegtl::empty_list;
    static constexpr bool reports_tried = true;

    template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput, typename... States>
    [[nodiscard, gnu::always_inline]] static inline bool match(ParseInput& in, States&&... st) noexcept {
        using bytes = class_bytes<Negated, Bounds...>;
        const auto* const first = reinterpret_cast<const unsigned char*>(in.current());
        const auto* const last = reinterpret_cast<const unsigned char*>(in.end());
        const unsigned char* p = first;
        unsigned count = 0;
        std::size_t length = 0;
        if constexpr (ascii_only<Negated, Bounds...>) {
            // Members are single bytes: a table lookup each (`[0-9]{1,9}`), up to Max of them,
            // then whether an (m+1)-th follows.
            constexpr const std::array<bool, 256>& member = ascii_members<Negated, Bounds...>;
            // Whether the byte at p may be read without testing for the end (see
            // nul_terminated_input).
            constexpr bool unchecked = stops_at_nul<ParseInput, Negated, Bounds...>;
            if constexpr (Max <= 8 && unchecked) {
                [&]<unsigned... I>(std::integer_sequence<unsigned, I...>) {
                    (void)(((void)I, member[*p] ? (++p, true) : false) && ...);
                }(std::make_integer_sequence<unsigned, Max>{});
            } else if constexpr (Max <= 8) {
                // A few characters at most (`[0-9]{1,2}`, a clock's field): spelled out, each
                // step a test of the end and a lookup, with no count of the bytes left.
                [&]<unsigned... I>(std::integer_sequence<unsigned, I...>) {
                    (void)(((void)I, p != last && member[*p] ? (++p, true) : false) && ...);
                }(std::make_integer_sequence<unsigned, Max>{});
            } else {
                const unsigned char* const stop = static_cast<std::size_t>(last - p) > Max ? p + Max : last;
                while (p != stop && member[*p]) ++p;
            }
            count = static_cast<unsigned>(p - first);
            length = count == Max && (unchecked || p != last) && member[*p] ? 1 : 0;
        } else {
            while (p != last && (length = bytes::length_at(p, last)) != 0 && count != Max) {
                p += length;
                ++count;
            }
        }
        report_tried<class_rep, Control>(reinterpret_cast<const char*>(p), st...);
        // length != 0 with count == Max: an (m+1)-th character follows.
        if (count < Min || (count == Max && p != last && length != 0)) {
            // Where no rewind is required (under a cut, whose raise names the position), the
            // input stays where rep_min_max<> leaves it: after the characters it took.
            if constexpr (M != tao::pegtl::rewind_mode::required) in.bump(static_cast<std::size_t>(p - first));
            return false;
        }
        in.bump(static_cast<std::size_t>(p - first));
        return true;
    }
};

// A sequence of one-byte rules (an ASCII class or one-character literal, each possibly `?`, `&`
// or `!`), as in `"(" [1-9] [1-9] ")"`, matched by one leaf: the same bytes, and, as the
// spelled-out seq<> does, the byte of the last step reached tried last and, failing, the input
// left there unless a rewind is required. A step has a kind —
// 0 the byte, 1 the byte if there (x?), 2 &x, 3 !x — and the (first, last) byte ranges of x.
template <unsigned Kind, unsigned char... Ranges>
struct byte_step {
    // Bit b % 64 of word b / 64: byte b is in x.
    static constexpr std::array<std::uint64_t, 4> bits = [] {
        constexpr unsigned char bounds[] = {Ranges...};
        std::array<std::uint64_t, 4> words{};
        for (std::size_t i = 0; i < sizeof...(Ranges); i += 2) {
            for (unsigned b = bounds[i]; b <= bounds[i + 1]; ++b) words[b >> 6] |= std::uint64_t{1} << (b & 63);
        }
        return words;
    }();
    static constexpr unsigned char ranges[] = {Ranges...};
    [[gnu::always_inline]] static constexpr bool has(unsigned char byte) noexcept {
        if constexpr (sizeof...(Ranges) == 2) {
            return static_cast<unsigned char>(byte - ranges[0]) <= ranges[1] - ranges[0];
        } else {
            return (bits[byte >> 6] >> (byte & 63) & 1) != 0;
        }
    }
    // Moves p past a byte it takes; false when the step fails. `Checked`: p may be at the end.
    // (Inlined: the steps of a sequence become one straight run of compares.)
    template <bool Checked>
    [[gnu::always_inline]] static inline bool step(const char*& p, const char* end) noexcept {
        const bool here = (!Checked || p != end) && has(static_cast<unsigned char>(*p));
        if constexpr (Kind == 0) {
            p += here ? 1 : 0;
            return here;
        } else if constexpr (Kind == 1) {
            p += here ? 1 : 0;
            return true;
        } else {
            return here == (Kind == 2);
        }
    }
};

template <typename... Steps>
struct byte_seq {
    // For tao::pegtl::analyze(): kifu-pegc fuses steps that take at least one byte.
    using rule_t = typename tao::pegtl::plus<tao::pegtl::any>::rule_t;
    using subs_t = tao::pegtl::empty_list;
    static constexpr bool reports_tried = true;

    template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&... st) noexcept {
        const char* p = in.current();
        const char* tried = p;
        // With a byte left for every step, or a NUL after the end that no step takes (a step
        // then fails or stays there as it does at the end), no step needs to look for the end.
        const bool matched = (nul_after_end<ParseInput>() && !(Steps::has(0) || ...)) || in.size(sizeof...(Steps)) >= sizeof...(Steps)
                                 ? ((tried = p, Steps::template step<false>(p, in.end())) && ...)
                                 : ((tried = p, Steps::template step<true>(p, in.end())) && ...);
        report_tried<byte_seq, Control>(tried, st...);
        if (!matched) {
            // Where no rewind is required (under a cut, whose raise names the position), the
            // input stays where seq<> leaves it: at the step that failed.
            if constexpr (M != tao::pegtl::rewind_mode::required) in.bump(static_cast<std::size_t>(tried - in.current()));
            return false;
        }
        in.bump(static_cast<std::size_t>(p - in.current()));
        return true;
    }
};

// A literal of two or more bytes (`"同"`, `"不成"`, `"PI"`), as tao::pegtl::string<> matches it:
// the bytes compared one by one in line (string<> calls memcmp), nothing consumed on a mismatch.
template <char... Cs>
struct literal {
    // For tao::pegtl::analyze(): the string<> it stands for.
    using rule_t = typename tao::pegtl::ascii::string<Cs...>::rule_t;
    using subs_t = tao::pegtl::empty_list;

    template <typename ParseInput>
    [[nodiscard, gnu::always_inline]] static inline bool match(ParseInput& in) noexcept {
        // (Compared in order, the bytes stop at the NUL after the end, which no byte here is.)
        if constexpr (!nul_after_end<ParseInput>() || ((Cs == '\0') || ...)) {
            if (in.size(sizeof...(Cs)) < sizeof...(Cs)) return false;
        }
        const char* p = in.current();
        if (!((*p++ == Cs) && ...)) return false;
        in.bump(sizeof...(Cs));
        return true;
    }
};

// An ordered choice of a few literals (`eol <- "\r\n" / "\n" / "\r"`) as one leaf, matched in
// line: the literals compared in turn, as sor<> of them does, and the first that matches taken.
// Like its literals, it consumes nothing on a mismatch and reports no furthest point of its own
// (the control records its start, where each literal starts).
template <typename... Literals>
struct literal_choice {
    // For tao::pegtl::analyze(): the sor<> it stands for.
    using rule_t = typename tao::pegtl::sor<typename Literals::rule_t...>::rule_t;
    using subs_t = tao::pegtl::empty_list;

    template <typename ParseInput>
    [[nodiscard, gnu::always_inline]] static inline bool match(ParseInput& in) noexcept {
        return (Literals::match(in) || ...);
    }
};

// The symbol at the input (its next byte, 256 at the end) where a first-byte table is looked
// up. `alike_at_nul`: the table says the same of byte 0 and of the end, so on an input with a NUL
// after its end (nul_terminated_input) that NUL can be looked up as it stands.
template <typename ParseInput>
[[gnu::always_inline]] inline unsigned symbol_at(ParseInput& in, bool alike_at_nul) noexcept {
    if (nul_after_end<ParseInput>() && alike_at_nul) return static_cast<unsigned char>(*in.current());
    return in.empty() ? 256u : static_cast<unsigned char>(in.peek_char());
}

// An ordered choice that reads the next byte once and tries only the alternatives that may
// match there (kifu-pegc's first-byte dispatch). Each first_byte_alt names an alternative and the
// (first, last) ranges of the symbols it is tried at: bytes 0-255, and 256 for the end of the
// input. kifu-pegc leaves an alternative out only where it would fail at once without consuming,
// raising or reporting anything, so this matches, consumes and reports exactly what sor<> of
// the alternatives does. Where every alternative fails, the first is still tried: it fails as
// the choice does, and the control sees the position tried (and the depth counted).
template <typename Rule, unsigned... Ranges>
struct first_byte_alt {
    using rule = Rule;
    static constexpr bool tried_at(unsigned symbol) noexcept {
        constexpr unsigned ranges[] = {Ranges...};
        for (std::size_t i = 0; i < sizeof...(Ranges); i += 2) {
            if (symbol >= ranges[i] && symbol <= ranges[i + 1]) return true;
        }
        return false;
    }
};

// `x?`, `x*` or `x+` (Rule: the opt<>, star<> or plus<> kifu-pegc would emit) whose x starts
// with a grammar rule, which is entered through a call: x is tried only at the symbols
// (bytes 0-255, 256 for the end of the input) given by Ranges, the (first, last) ranges where
// kifu-pegc's first-byte analysis does not promise that x fails at once without consuming,
// raising or reporting anything. Elsewhere the repetition matches empty (or, for x+, fails)
// without the call, and reports the position as tried, as x's first rule would have. Only a
// control that says it counts no rule depth (`counts_depth`, false in peg_control when the
// grammar cannot nest past the limit) gets the shortcut; any other control (kifu trace, a
// limit below the grammar's nesting) gets the repetition as written, since skipping x would
// skip its depth count.
template <typename Control>
constexpr bool counts_no_depth() noexcept {
    if constexpr (requires { Control::counts_depth; }) {
        return !Control::counts_depth;
    } else {
        return false;
    }
}

template <typename Rule, bool Plus, unsigned... Ranges>
struct first_byte_guard {
    // For tao::pegtl::analyze(): the repetition it stands for.
    using rule_t = typename Rule::rule_t;
    using subs_t = typename Rule::subs_t;

    // The symbols x is tried at, as a table: first_byte_alt's test of the same ranges.
    static constexpr std::array<bool, 257> tried_at = [] {
        std::array<bool, 257> table{};
        for (unsigned symbol = 0; symbol < table.size(); ++symbol) {
            table[symbol] = first_byte_alt<Rule, Ranges...>::tried_at(symbol);
        }
        return table;
    }();

    template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput, typename... States>
    [[nodiscard, gnu::always_inline]] static inline bool match(ParseInput& in, States&&... st) {
        if constexpr (counts_no_depth<Control<Rule>>()) {
            if (!tried_at[symbol_at(in, tried_at[0] == tried_at[256])]) {
                report_tried<first_byte_guard, Control>(in.current(), st...);
                return !Plus;
            }
        }
        return Control<Rule>::template match<A, M, Action, Control>(in, st...);
    }
};

template <typename... Alternatives>
struct first_byte_choice {
    // For tao::pegtl::analyze(): the sor<> it stands for.
    using rule_t = typename tao::pegtl::sor<typename Alternatives::rule...>::rule_t;
    using subs_t = tao::pegtl::type_list<typename Alternatives::rule...>;

    // Bit i of masks()[symbol]: alternative i is tried at that symbol.
    static constexpr std::array<std::uint64_t, 257> masks() noexcept {
        std::array<std::uint64_t, 257> table{};
        for (unsigned symbol = 0; symbol < 257; ++symbol) {
            std::uint64_t bit = 1;
            ((table[symbol] |= Alternatives::tried_at(symbol) ? bit : 0, bit <<= 1), ...);
            if (table[symbol] == 0) table[symbol] = 1;
        }
        return table;
    }

    template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&... st) {
        // Here, not in the class body, for the reason class_run gives.
        static constexpr std::array<std::uint64_t, 257> table = masks();
        const std::uint64_t mask = table[symbol_at(in, table[0] == table[256])];
        return match_in_turn<A, M, Action, Control>(mask, std::index_sequence_for<Alternatives...>(), in, st...);
    }

    // As sor<> does: every alternative but the last rewinds when it fails.
    template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, std::size_t... I, typename ParseInput, typename... States>
    [[nodiscard]] static bool match_in_turn(std::uint64_t mask, std::index_sequence<I...>, ParseInput& in, States&&... st) {
        return (((mask >> I & 1) != 0 &&
                 Control<typename Alternatives::rule>::template match<A, (I + 1 == sizeof...(Alternatives) ? M : tao::pegtl::rewind_mode::required),
                                                                      Action, Control>(in, st...)) ||
                ...);
    }
};

}  // namespace kifu::peg
