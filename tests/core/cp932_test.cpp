#include "core/cp932.hpp"

#include <cerrno>
#include <random>
#include <string>

#include <iconv.h>

#include <catch2/catch.hpp>

namespace {

// iconv's CP932 decoding of the whole input, or nothing when it rejects a byte.
bool by_iconv(const std::string& in, std::string& out) {
    const iconv_t cd = iconv_open("UTF-8", "CP932");
    REQUIRE(cd != reinterpret_cast<iconv_t>(-1));
    out.assign(in.size() * 3 + 16, '\0');
    char* source = const_cast<char*>(in.data());
    std::size_t source_left = in.size();
    char* target = out.data();
    std::size_t target_left = out.size();
    const bool ok = iconv(cd, &source, &source_left, &target, &target_left) != static_cast<std::size_t>(-1);
    iconv_close(cd);
    out.resize(static_cast<std::size_t>(target - out.data()));
    return ok;
}

}  // namespace

TEST_CASE("decode_cp932 agrees with iconv on every character and on random text", "[cp932]") {
    // Every single byte and every lead-trail pair, alone and after an ASCII byte.
    for (unsigned lead = 0; lead < 256; ++lead) {
        for (unsigned trail = 0; trail <= 256; ++trail) {
            std::string in(1, static_cast<char>(lead));
            if (trail < 256) in += static_cast<char>(trail);
            for (const std::string& input : {in, "a" + in}) {
                std::string expected;
                std::string ours;
                const bool iconv_ok = by_iconv(input, expected);
                INFO("bytes " << lead << " " << trail);
                REQUIRE(kifu::detail::decode_cp932(input, ours) == iconv_ok);
                if (iconv_ok) REQUIRE(ours == expected);
            }
        }
    }
    // Long texts of mixed characters: ASCII runs (the 8-byte path), kana, kanji, line breaks.
    std::mt19937 random(20261127);
    std::uniform_int_distribution<int> kind(0, 3);
    std::uniform_int_distribution<int> ascii(0x20, 0x7E);
    std::uniform_int_distribution<int> kana(0xA1, 0xDF);
    std::uniform_int_distribution<int> lead(0x88, 0x9F);
    std::uniform_int_distribution<int> trail(0x40, 0xFC);
    for (int round = 0; round < 500; ++round) {
        std::string in;
        while (in.size() < 300) {
            switch (kind(random)) {
                case 0: in += std::string(9, static_cast<char>(ascii(random))); break;
                case 1: in += static_cast<char>(kana(random)); break;
                case 2: {
                    const int t = trail(random);
                    if (t == 0x7F) break;
                    in += static_cast<char>(lead(random));
                    in += static_cast<char>(t);
                    break;
                }
                default: in += "\r\n"; break;
            }
        }
        std::string expected;
        std::string ours;
        const bool iconv_ok = by_iconv(in, expected);
        REQUIRE(kifu::detail::decode_cp932(in, ours) == iconv_ok);
        if (iconv_ok) REQUIRE(ours == expected);
    }
}
