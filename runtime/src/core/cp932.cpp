// iconv decodes CP932 at some 30 instructions a byte, half of it the call machinery of a
// conversion module; a table lookup per character is a few. The table is iconv's answer for
// every single byte and every lead-trail pair, so both agree byte for byte; anything the table
// does not map (an invalid or truncated sequence) is left to iconv.
//
// Where iconv has no CP932 (musl's, in the WebAssembly build), the build compiles this file with
// KIFU_CP932_TABLES naming the same tables made from glibc's iconv
// (bindings/js/tools/cp932_tables.cpp), for decoding and encoding both.

#include "core/cp932.hpp"

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <vector>

#include <iconv.h>

#include "core/utf8.hpp"

#if defined(KIFU_CP932_TABLES)
#include <algorithm>
#include KIFU_CP932_TABLES
#endif

namespace kifu::inline v1::detail {
namespace {

constexpr unsigned first_trail = 0x40;
constexpr unsigned trail_count = 0xFD - first_trail;  // trails 0x40–0xFC

// An entry: the UTF-8 bytes in the low 24 bits, their count in the top 8; 0 = not mapped.
std::uint32_t pack(std::string_view utf8) {
    std::size_t bad = 1;
    const auto* p = reinterpret_cast<const unsigned char*>(utf8.data());
    if (utf8.empty() || utf8.size() > 3 || utf8_sequence_length(p, utf8.size(), bad) != utf8.size()) return 0;
    std::uint32_t e = static_cast<std::uint32_t>(utf8.size()) << 24;
    for (std::size_t i = 0; i < utf8.size(); ++i) e |= static_cast<std::uint32_t>(p[i]) << (8 * i);
    return e;
}

class cp932_table {
public:
    cp932_table() {
#if defined(KIFU_CP932_TABLES)
        for (unsigned b = 0; b < 256; ++b) single_[b] = kifu_cp932_single[b];
        for (const unsigned char lead : kifu_cp932_leads) row_[lead] = static_cast<std::int16_t>(rows_++);
        pairs_.assign(static_cast<std::size_t>(rows_) * trail_count, 0);
        for (int row = 0; row < rows_; ++row) {
            std::copy_n(kifu_cp932_pairs[row], trail_count, pairs_.begin() + static_cast<std::ptrdiff_t>(row) * trail_count);
        }
        finish();
    }
#else
        const iconv_t cd = iconv_open("UTF-8", "CP932");
        if (cd == reinterpret_cast<iconv_t>(-1)) return;
        for (unsigned b = 0; b < 256; ++b) {
            const char in[1] = {static_cast<char>(b)};
            std::string out;
            const int error = convert(cd, std::string_view(in, 1), out);
            if (error == 0) single_[b] = pack(out);
            if (error == EINVAL) row_[b] = static_cast<std::int16_t>(rows_++);  // a lead byte
        }
        pairs_.assign(static_cast<std::size_t>(rows_) * trail_count, 0);
        if (!convert_all_pairs(cd)) {
            // iconv answered in a way the batch cannot split: ask pair by pair.
            for (unsigned b = 0; b < 256; ++b) {
                if (row_[b] < 0) continue;
                for (unsigned t = 0; t < trail_count; ++t) {
                    const char in[2] = {static_cast<char>(b), static_cast<char>(first_trail + t)};
                    std::string out;
                    pairs_[index(b, first_trail + t)] = convert(cd, std::string_view(in, 2), out) == 0 ? pack(out) : 0;
                }
            }
        }
        iconv_close(cd);
        finish();
    }
#endif

    void finish() {
        ascii_ = true;
        for (unsigned b = 0; b < 0x80; ++b) ascii_ = ascii_ && single_[b] == ((1u << 24) | b);
        ready_ = true;
    }

    bool decode(std::string_view bytes, std::string& text) const {
        if (!ready_) return false;
        // At most 3 bytes of UTF-8 per byte (a half-width kana); one more for the last store.
        text.resize(bytes.size() * 3 + 16);
        char* o = text.data();
        const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
        const auto* const end = p + bytes.size();
        while (p < end) {
            if (ascii_ && end - p >= 8) {
                const std::uint64_t w = load8(p);
                if (all_ascii(w)) {
                    std::memcpy(o, &w, 8);
                    o += 8;
                    p += 8;
                    continue;
                }
            }
            const unsigned char b = *p;
            std::uint32_t e = single_[b];
            if (e != 0) {
                ++p;
            } else {
                if (row_[b] < 0 || end - p < 2 || p[1] < first_trail || p[1] >= first_trail + trail_count) return false;
                e = pairs_[index(b, p[1])];
                if (e == 0) return false;
                p += 2;
            }
            o[0] = static_cast<char>(e & 0xFF);
            o[1] = static_cast<char>((e >> 8) & 0xFF);
            o[2] = static_cast<char>((e >> 16) & 0xFF);
            o += e >> 24;
        }
        text.resize(static_cast<std::size_t>(o - text.data()));
        return true;
    }

private:
    // 0, or the errno of iconv's verdict on the whole input (EINVAL: incomplete).
    static int convert(iconv_t cd, std::string_view in, std::string& out) {
        char buffer[16];
        char* source = const_cast<char*>(in.data());  // iconv's signature; it does not write
        std::size_t source_left = in.size();
        char* target = buffer;
        std::size_t target_left = sizeof buffer;
        const std::size_t result = iconv(cd, &source, &source_left, &target, &target_left);
        const int error = result == static_cast<std::size_t>(-1) ? errno : (source_left != 0 ? EILSEQ : 0);
        iconv(cd, nullptr, nullptr, nullptr, nullptr);  // back to the initial state
        out.assign(buffer, static_cast<std::size_t>(target - buffer));
        return error;
    }

    // Every pair in one iconv call, restarted after each pair it rejects (a few thousand): a
    // tenth of the cost of a call per pair. Returns false when the output cannot be split into
    // one character per pair.
    bool convert_all_pairs(iconv_t cd) {
        std::string in;
        for (unsigned b = 0; b < 256; ++b) {
            if (row_[b] < 0) continue;
            for (unsigned t = 0; t < trail_count; ++t) {
                in += static_cast<char>(b);
                in += static_cast<char>(first_trail + t);
            }
        }
        std::string out(in.size() * 3, '\0');
        std::size_t at = 0;  // byte offset into `in` of the pair to convert next
        while (at < in.size()) {
            char* source = in.data() + at;
            std::size_t source_left = in.size() - at;
            char* target = out.data();
            std::size_t target_left = out.size();
            const std::size_t result = iconv(cd, &source, &source_left, &target, &target_left);
            const int error = result == static_cast<std::size_t>(-1) ? errno : 0;
            iconv(cd, nullptr, nullptr, nullptr, nullptr);
            const auto consumed = static_cast<std::size_t>(source - (in.data() + at));
            if (consumed % 2 != 0 || (error != 0 && error != EILSEQ && error != EINVAL)) return false;
            // The output, one UTF-8 character per pair converted.
            const std::string_view written(out.data(), static_cast<std::size_t>(target - out.data()));
            std::size_t from = 0;
            for (std::size_t pair = at / 2; pair < (at + consumed) / 2; ++pair) {
                if (from >= written.size()) return false;
                const std::size_t length = utf8_length(written[from]);
                const std::uint32_t e = pack(written.substr(from, length));
                if (e == 0) return false;
                pairs_[pair] = e;
                from += length;
            }
            if (from != written.size()) return false;
            at += consumed;
            if (error != 0) at += 2;  // a pair iconv rejects stays 0
        }
        return true;
    }

    std::size_t index(unsigned lead, unsigned trail) const {
        return static_cast<std::size_t>(row_[lead]) * trail_count + (trail - first_trail);
    }

    bool ready_ = false;
    bool ascii_ = false;  // bytes below 0x80 are themselves
    int rows_ = 0;
    std::array<std::uint32_t, 256> single_{};
    std::array<std::int16_t, 256> row_ = [] {
        std::array<std::int16_t, 256> rows{};
        rows.fill(-1);
        return rows;
    }();
    std::vector<std::uint32_t> pairs_;  // row of the lead × trail
};

}  // namespace

bool decode_cp932(std::string_view bytes, std::string& out) {
    static const cp932_table table;  // built on first use, once (thread-safe)
    return table.decode(bytes, out);
}

bool encode_cp932(std::string_view utf8, std::string& out, std::size_t& failed_at) {
#if defined(KIFU_CP932_TABLES)
    out.clear();
    out.reserve(utf8.size());
    const auto* p = reinterpret_cast<const unsigned char*>(utf8.data());
    std::size_t i = 0;
    while (i < utf8.size()) {
        std::size_t bad = 1;
        const std::size_t length = utf8_sequence_length(p + i, utf8.size() - i, bad);
        char32_t c = 0;
        if (length == 1) {
            c = p[i];
        } else if (length == 2 || length == 3) {
            c = p[i] & (0xFF >> (length + 1));
            for (std::size_t k = 1; k < length; ++k) c = (c << 6) | (p[i + k] & 0x3F);
        }
        const std::uint64_t key = static_cast<std::uint64_t>(c) << 16;
        const std::uint64_t* const end = std::end(kifu_cp932_encode);
        const std::uint64_t* const found = std::lower_bound(std::begin(kifu_cp932_encode), end, key);
        if (length == 0 || length > 3 || found == end || (*found >> 16) != c) {
            failed_at = i;
            return false;
        }
        const unsigned code = static_cast<unsigned>(*found & 0xFFFF);
        if (code > 0xFF) out += static_cast<char>(code >> 8);
        out += static_cast<char>(code & 0xFF);
        i += length;
    }
    return true;
#else
    const iconv_t cd = iconv_open("CP932", "UTF-8");
    if (cd == reinterpret_cast<iconv_t>(-1)) {
        failed_at = static_cast<std::size_t>(-1);
        return false;
    }
    out.assign(utf8.size() + 16, '\0');  // CP932 never takes more bytes than UTF-8
    char* in = const_cast<char*>(utf8.data());  // iconv's signature; it does not write
    std::size_t in_left = utf8.size();
    char* o = out.data();
    std::size_t o_left = out.size();
    const bool failed = iconv(cd, &in, &in_left, &o, &o_left) == static_cast<std::size_t>(-1);
    iconv_close(cd);
    if (failed) {
        failed_at = static_cast<std::size_t>(in - utf8.data());
        return false;
    }
    out.resize(out.size() - o_left);
    return true;
#endif
}

}  // namespace kifu::detail
