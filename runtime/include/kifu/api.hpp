#pragma once

/// What the shared library exports and which version of the API a program sees.
///
/// The public API lives in the inline namespace `kifu::v1`: programs write `kifu::read_file`
/// and link against `kifu::v1::read_file`, so a later incompatible API can live beside it as
/// `kifu::v2`. Built as a shared library, kifu hides every symbol but those marked `KIFU_API`
/// (and runtime/kifu.map keeps only kifu::v1 in the export table).

#define KIFU_VERSION_MAJOR 0
#define KIFU_VERSION_MINOR 1
#define KIFU_VERSION_PATCH 0
/// major * 10000 + minor * 100 + patch, as fmt's FMT_VERSION.
#define KIFU_VERSION (KIFU_VERSION_MAJOR * 10000 + KIFU_VERSION_MINOR * 100 + KIFU_VERSION_PATCH)

#if defined(__GNUC__) || defined(__clang__)
#define KIFU_API __attribute__((visibility("default")))
#else
#define KIFU_API
#endif
