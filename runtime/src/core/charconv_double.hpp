#pragma once

// std::to_chars and std::from_chars for double, or, where the standard library has them for
// integers only (the libc++ of emscripten 3.1.6, which the WebAssembly build uses), functions
// with the same results: the shortest text that reads back to the same double, fixed or
// scientific notation whichever is shorter (fixed on a tie); and the general format read
// without leading blanks or `+`, as from_chars reads it.

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <system_error>

namespace kifu::inline v1::detail {

#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L

inline std::to_chars_result double_to_chars(char* first, char* last, double d) noexcept {
    return std::to_chars(first, last, d);
}

inline std::from_chars_result double_from_chars(const char* first, const char* last, double& value) noexcept {
    return std::from_chars(first, last, value);
}

#else

inline std::to_chars_result double_to_chars(char* first, char* last, double d) noexcept {
    std::string out;
    if (std::isnan(d)) {
        out = std::signbit(d) ? "-nan" : "nan";
    } else if (std::isinf(d)) {
        out = d < 0 ? "-inf" : "inf";
    } else {
        // The fewest significant digits that read back to d (printf rounds correctly).
        char buffer[40];
        for (int precision = 0; precision < 17; ++precision) {
            std::snprintf(buffer, sizeof buffer, "%.*e", precision, d);
            if (std::strtod(buffer, nullptr) == d) break;
        }
        // buffer: [-]D[.DDD]e±XX
        const char* p = buffer;
        const bool negative = *p == '-';
        if (negative) ++p;
        std::string digits;
        for (; *p != 'e'; ++p) {
            if (*p != '.') digits += *p;
        }
        const int exponent = std::atoi(p + 1);
        while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
        std::string scientific = digits.substr(0, 1);
        if (digits.size() > 1) scientific += "." + digits.substr(1);
        scientific += exponent < 0 ? "e-" : "e+";
        const int magnitude = exponent < 0 ? -exponent : exponent;
        if (magnitude < 10) scientific += '0';
        scientific += std::to_string(magnitude);
        std::string fixed;
        if (exponent >= 0) {
            const std::size_t whole = static_cast<std::size_t>(exponent) + 1;
            fixed = digits.size() <= whole ? digits + std::string(whole - digits.size(), '0')
                                           : digits.substr(0, whole) + "." + digits.substr(whole);
        } else {
            fixed = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
        }
        out = (negative ? "-" : "") + (scientific.size() < fixed.size() ? scientific : fixed);
    }
    if (static_cast<std::size_t>(last - first) < out.size()) return {last, std::errc::value_too_large};
    std::memcpy(first, out.data(), out.size());
    return {first + out.size(), std::errc{}};
}

inline std::from_chars_result double_from_chars(const char* first, const char* last, double& value) noexcept {
    // The extent of the general format: -? digits [. digits] [(e|E) [+-] digits], or inf / nan.
    const char* p = first;
    if (p != last && *p == '-') ++p;
    const auto word = [&](const char* w) {
        const std::size_t n = std::strlen(w);
        if (static_cast<std::size_t>(last - p) < n) return false;
        for (std::size_t i = 0; i < n; ++i) {
            if ((p[i] | 0x20) != w[i]) return false;
        }
        p += n;
        return true;
    };
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    if (!word("infinity") && !word("inf") && !word("nan")) {
        std::size_t mantissa_digits = 0;
        while (p != last && digit(*p)) ++p, ++mantissa_digits;
        if (p != last && *p == '.') {
            ++p;
            while (p != last && digit(*p)) ++p, ++mantissa_digits;
        }
        if (mantissa_digits == 0) return {first, std::errc::invalid_argument};
        if (p != last && (*p == 'e' || *p == 'E')) {
            const char* q = p + 1;
            if (q != last && (*q == '+' || *q == '-')) ++q;
            if (q != last && digit(*q)) {
                while (q != last && digit(*q)) ++q;
                p = q;
            }
        }
    }
    const std::string text(first, p);
    const double v = std::strtod(text.c_str(), nullptr);
    if (std::isinf(v) && text.find_first_of("iI") == std::string::npos) return {p, std::errc::result_out_of_range};
    value = v;
    return {p, std::errc{}};
}

#endif

}  // namespace kifu::inline v1::detail
