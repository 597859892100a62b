#pragma once

// What the reader fuzz targets share: read the bytes as one format every way the library
// offers (strict and lenient, raw and normalized), write every record as JKF and every
// diagnostic in gcc's form, and trap when a lenient read keeps fewer records than a strict
// one (lenient mode only ever keeps more).

#include <cstddef>
#include <string>
#include <string_view>

#include <kifu/kifu.hpp>

namespace kifu::fuzz {

/// Reads `bytes` as `format` (named `file_name`) in both modes, raw and normalized.
inline void read_every_way(std::string_view bytes, std::string_view format, std::string_view file_name) {
    std::size_t strict_records = 0;
    for (const kifu::read_mode mode : {kifu::read_mode::strict, kifu::read_mode::lenient}) {
        for (const bool normalize : {false, true}) {
            kifu::read_options options;
            options.format = std::string(format);
            options.mode = mode;
            options.normalize = normalize;
            const kifu::read_result result = kifu::read_buffer(bytes, file_name, options);
            for (const kifu::record& r : result.records) {
                static_cast<void>(kifu::to_jkf(r));
            }
            for (const kifu::diagnostic& d : result.diagnostics) {
                static_cast<void>(kifu::format_gcc(d));
            }
            if (mode == kifu::read_mode::strict && !normalize) {
                strict_records = result.records.size();
            } else if (mode == kifu::read_mode::lenient && !normalize && result.records.size() < strict_records) {
                __builtin_trap();
            }
        }
    }
}

}  // namespace kifu::fuzz
