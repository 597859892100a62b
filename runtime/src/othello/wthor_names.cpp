// WTHOR names: Windows-1252 bytes ↔ UTF-8. The FFO's tournaments file holds é and è as
// 0xE9/0xE8 ("Championnat de Su\xe8de"), which ISO-8859-2 would misread
// (../shared/formats/go-othello.md §5.5).

#include <kifu/othello/wthor.hpp>

#include <array>

#include "core/utf8.hpp"

namespace kifu::inline v1::othello::wthor {
namespace {

// Windows-1252 0x80–0x9F; 0 marks the five undefined bytes, which are read as Latin-1
// (U+0081 …), as the WHATWG decoder does.
constexpr std::array<char16_t, 32> high_table{
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

}  // namespace

std::string decode_name(std::string_view stored) {
    const std::size_t nul = stored.find('\0');
    if (nul != std::string_view::npos) {
        stored = stored.substr(0, nul);
    }
    std::string out;
    out.reserve(stored.size() + 4);
    for (const char ch : stored) {
        const auto b = static_cast<unsigned char>(ch);
        if (b < 0x80) {
            out += ch;
        } else if (b < 0xA0 && high_table[b - 0x80] != 0) {
            kifu::detail::append_utf8(out, high_table[b - 0x80]);
        } else {
            kifu::detail::append_utf8(out, b);
        }
    }
    return out;
}

std::string encode_name(std::string_view utf8) {
    std::string out;
    std::size_t i = 0;
    while (i < utf8.size()) {
        // A code point, or U+FFFD for each maximal ill-formed part (which no byte stands for).
        std::size_t bad = 1;
        const std::size_t length = kifu::detail::utf8_sequence_length(reinterpret_cast<const unsigned char*>(utf8.data()) + i,
                                                                      utf8.size() - i, bad);
        const char32_t c = length != 0 ? kifu::detail::decode_code_point(utf8.substr(i, length)) : char32_t{0xFFFD};
        i += length != 0 ? length : bad;
        if (c < 0x80 || (c >= 0xA0 && c <= 0xFF)) {
            out += static_cast<char>(c);
            continue;
        }
        char byte = '?';
        for (std::size_t k = 0; k < high_table.size(); ++k) {
            const char32_t mapped = high_table[k] != 0 ? high_table[k] : static_cast<char32_t>(0x80 + k);
            if (mapped == c) {
                byte = static_cast<char>(0x80 + k);
                break;
            }
        }
        out += byte;
    }
    return out;
}

std::vector<std::string> decoded_names(const names_file& file) {
    std::vector<std::string> out;
    out.reserve(file.names.size());
    for (const std::string& n : file.names) {
        out.push_back(decode_name(n));
    }
    return out;
}

}  // namespace kifu::othello::wthor
