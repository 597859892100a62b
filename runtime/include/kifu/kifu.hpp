#pragma once

/// The whole public API of kifu in one include.
#include <kifu/diagnostic.hpp>
#include <kifu/format.hpp>
#include <kifu/json_writer.hpp>
#include <kifu/read.hpp>
#include <kifu/read_stream.hpp>
#include <kifu/record.hpp>
#include <kifu/search.hpp>
#include <kifu/text.hpp>
#include <kifu/write.hpp>
