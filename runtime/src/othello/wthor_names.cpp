// WTHOR names: Windows-1252 bytes ↔ UTF-8. The FFO's tournaments file holds é and è as
// 0xE9/0xE8 ("Championnat de Su\xe8de"), which ISO-8859-2 would misread
// (../shared/formats/go-othello.md §5.5).

#include <kifu/othello/wthor.hpp>

#include <array>

namespace kifu::othello::wthor {
namespace {

// Windows-1252 0x80–0x9F; 0 marks the five undefined bytes, which are read as Latin-1
// (U+0081 …), as the WHATWG decoder does.
constexpr std::array<char16_t, 32> high_table{
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

// Returns the next code point of UTF-8 text, or U+FFFD for a bad sequence (one byte eaten).
char32_t next_code_point(std::string_view s, std::size_t& i) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    int extra = 0;
    char32_t c = 0;
    if (b0 < 0x80) {
        ++i;
        return b0;
    }
    if ((b0 & 0xE0) == 0xC0) {
        extra = 1;
        c = b0 & 0x1F;
    } else if ((b0 & 0xF0) == 0xE0) {
        extra = 2;
        c = b0 & 0x0F;
    } else if ((b0 & 0xF8) == 0xF0) {
        extra = 3;
        c = b0 & 0x07;
    } else {
        ++i;
        return 0xFFFD;
    }
    if (i + static_cast<std::size_t>(extra) >= s.size()) {
        ++i;
        return 0xFFFD;
    }
    for (int k = 1; k <= extra; ++k) {
        const auto b = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
        if ((b & 0xC0) != 0x80) {
            ++i;
            return 0xFFFD;
        }
        c = (c << 6) | (b & 0x3F);
    }
    i += static_cast<std::size_t>(extra) + 1;
    return c;
}

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
            append_utf8(out, high_table[b - 0x80]);
        } else {
            append_utf8(out, b);
        }
    }
    return out;
}

std::string encode_name(std::string_view utf8) {
    std::string out;
    std::size_t i = 0;
    while (i < utf8.size()) {
        const char32_t c = next_code_point(utf8, i);
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
