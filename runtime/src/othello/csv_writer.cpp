// WTHOR games as CSV (kifu/othello/csv.hpp).

#include <kifu/othello/csv.hpp>

#include "core/csv_field.hpp"

namespace kifu::inline v1::othello {
namespace {

using kifu::detail::append_csv_field;

std::string_view header_value(const record& r, std::string_view key) {
    const std::string* v = r.find_header(key);
    return v ? std::string_view(*v) : std::string_view();
}

}  // namespace

void write_csv_header(std::string& out) {
    out += "\xEF\xBB\xBF";
    out += "tournamentId,tournamentName,blackPlayerId,blackPlayerName,whitePlayerId,whitePlayerName,"
           "blackScore,blackTheoreticalScore,transcript\r\n";
}

void write_csv_row(std::string& out, const record& r) {
    static constexpr std::string_view keys[] = {"wthor.trn",   "PC", "wthor.black",  "PB",
                                                "wthor.white", "PW", "wthor.score", "wthor.theory"};
    for (const std::string_view key : keys) {
        append_csv_field(out, header_value(r, key));
        out += ',';
    }
    for (const move& m : r.moves) {
        if (!m.is_pass()) {
            out += to_string(m.to);
        }
    }
    out += "\r\n";
}

std::string to_csv(std::span<const record> records) {
    std::string out;
    write_csv_header(out);
    for (const record& r : records) {
        write_csv_row(out, r);
    }
    return out;
}

}  // namespace kifu::othello
