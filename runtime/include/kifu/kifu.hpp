#pragma once

/// The whole public API of kifu in one include: reading (read.hpp, read_stream.hpp, format.hpp,
/// text.hpp, diagnostic.hpp), the record and the game models (record.hpp; shogi/jkf.hpp,
/// go/record.hpp, othello/record.hpp), writing (write.hpp and each format's writer), the
/// position codecs (shogi/sfen.hpp, shogi/shogi64.hpp, shogi/bod.hpp, shogi/packed.hpp), pictures of
/// positions (diagram.hpp), the game rules
/// (shogi/position.hpp, go/board.hpp, othello/board.hpp), the position index (search.hpp) and
/// training positions in columns (training.hpp).
/// Each header can also be included alone. docs/library.md is the reference.
#include <kifu/api.hpp>
#include <kifu/diagnostic.hpp>
#include <kifu/diagram.hpp>
#include <kifu/format.hpp>
#include <kifu/json_writer.hpp>
#include <kifu/read.hpp>
#include <kifu/read_stream.hpp>
#include <kifu/record.hpp>
#include <kifu/search.hpp>
#include <kifu/text.hpp>
#include <kifu/training.hpp>
#include <kifu/write.hpp>

#include <kifu/shogi/bod.hpp>
#include <kifu/shogi/jkf.hpp>
#include <kifu/shogi/normalize.hpp>
#include <kifu/shogi/packed.hpp>
#include <kifu/shogi/position.hpp>
#include <kifu/shogi/positions.hpp>
#include <kifu/shogi/sfen.hpp>
#include <kifu/shogi/shogi64.hpp>
#include <kifu/shogi/write.hpp>

#include <kifu/go/board.hpp>
#include <kifu/go/positions.hpp>
#include <kifu/go/record.hpp>
#include <kifu/go/sgf.hpp>

#include <kifu/othello/board.hpp>
#include <kifu/othello/csv.hpp>
#include <kifu/othello/ggf_writer.hpp>
#include <kifu/othello/positions.hpp>
#include <kifu/othello/record.hpp>
#include <kifu/othello/wthor.hpp>
