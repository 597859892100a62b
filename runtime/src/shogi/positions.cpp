// Position rows for training data (kifu/shogi/positions.hpp): the main line is replayed from
// its start, one row per position.

#include <kifu/shogi/positions.hpp>

#include <charconv>
#include <vector>

#include <fmt/core.h>

#include <kifu/json_writer.hpp>
#include <kifu/shogi/sfen.hpp>

#include "core/csv_field.hpp"
#include "shogi/engine.hpp"
#include "shogi/position_rows.hpp"
#include "shogi/vocabulary.hpp"

namespace kifu::inline v1::shogi {
namespace {

// Reads a signed integer at the start of `s` (after blanks); nothing when none is there.
std::optional<int> leading_number(std::string_view s) noexcept {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end == s.data()) return std::nullopt;
    return v;
}

// The special that ends the main line, and the side to move when it was reached.
std::pair<std::string_view, color> ending(const jkf& record) {
    color to_move = start_position(record).side_to_move();
    for (std::size_t i = 1; i < record.moves.size(); ++i) {
        const move_format& element = record.moves[i];
        if (element.move) {
            to_move = opponent(element.move->color.value_or(to_move));
        } else if (!element.special.empty()) {
            return {element.special, to_move};
        }
    }
    return {std::string_view(), to_move};
}

template <typename T>
std::string optional_text(const std::optional<T>& v) {
    return v ? fmt::format("{}", *v) : std::string();
}

}  // namespace

std::optional<int> evaluation_of(std::string_view comment) noexcept {
    if (comment.starts_with("**")) {
        if (auto v = leading_number(comment.substr(2))) return v;
    }
    constexpr std::string_view word = "評価値";
    const std::size_t at = comment.find(word);
    if (at == std::string_view::npos) return std::nullopt;
    std::string_view rest = comment.substr(at + word.size());
    for (std::string_view separator : {"=", ":", "：", " ", "\u3000"}) {
        while (rest.starts_with(separator)) rest.remove_prefix(separator.size());
    }
    return leading_number(rest);
}

std::optional<int> result_for(const jkf& record, color c) {
    const auto [special, to_move] = ending(record);
    if (detail::outcome_of_special(special) == detail::special_outcome::draw) return 0;
    const std::optional<color> winner = detail::winner_of_special(special, to_move);
    if (!winner) return std::nullopt;
    return c == *winner ? 1 : -1;
}

void write_positions_csv_header(std::string& out) { out += "source,game,ply,sfen,to_move,move,result,eval\r\n"; }

void write_positions_csv(std::string& out, const jkf& record, std::string_view source, std::size_t game_number) {
    for_each_position(record, [&](const position_row& row) {
        kifu::detail::append_csv_field(out, source);
        out += fmt::format(",{},{},{},{},{},{},{}\r\n", game_number, row.ply, to_sfen(*row.pos, static_cast<int>(row.ply) + 1),
                           static_cast<int>(row.to_move), row.next ? to_usi(*row.next) : std::string(),
                           optional_text(row.result), optional_text(row.eval));
    });
}

void write_positions_jsonl(std::string& out, const jkf& record, std::string_view source, std::size_t game_number) {
    for_each_position(record, [&](const position_row& row) {
        json_writer json(out);
        json.begin_object();
        json.member("source", source);
        json.member("game", static_cast<std::uint64_t>(game_number));
        json.member("ply", static_cast<std::uint64_t>(row.ply));
        json.member("sfen", to_sfen(*row.pos, static_cast<int>(row.ply) + 1));
        json.member("to_move", static_cast<int>(row.to_move));
        json.key("move");
        row.next ? json.value(to_usi(*row.next)) : json.null();
        json.key("result");
        row.result ? json.value(*row.result) : json.null();
        json.key("eval");
        row.eval ? json.value(*row.eval) : json.null();
        json.end_object();
        out += '\n';
    });
}

}  // namespace kifu::shogi
