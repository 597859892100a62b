// The one list of writers kifu has, and write(), which writes records through one of them.

#include <kifu/write.hpp>

#include <functional>

#include <fmt/core.h>

#include <kifu/json_writer.hpp>

#include "go/writers.hpp"
#include "othello/writers.hpp"
#include "shogi/writers.hpp"
#include "writer_registry.hpp"

namespace kifu::inline v1 {
namespace {

/// Every writer, in the order `kifu convert --help` lists them. Adding a writer is adding one
/// line here.
const std::vector<detail::writer>& registry() {
    static const std::vector<detail::writer> list{
        detail::jkf_writer(),
        go::sgf_writer(),
        othello::csv_writer(),
        othello::ggf_writer(),
        detail::positions_csv_writer(),
        detail::positions_jsonl_writer(),
        shogi::kif_writer(),
        shogi::kifu_writer(),
        shogi::ki2_writer(),
        shogi::ki2u_writer(),
        shogi::csa_writer(),
        shogi::csa_v2_2_writer(),
        shogi::usi_writer(),
        shogi::sfen_writer(),
        shogi::hcpe_writer(),
        shogi::psv_writer(),
    };
    return list;
}

// The writer_info of every registry line, in the same order (what writers() shows).
const std::vector<writer_info>& infos() {
    static const std::vector<writer_info> list = [] {
        std::vector<writer_info> v;
        for (const detail::writer& w : registry()) v.push_back(w.info);
        return v;
    }();
    return list;
}

// The registry line of `info`: itself when it is one of writers(), else the writer of its name.
const detail::writer* entry_of(const writer_info& info) noexcept {
    const std::vector<writer_info>& shown = infos();
    const std::less<const writer_info*> before;
    if (!shown.empty() && !before(&info, shown.data()) && before(&info, shown.data() + shown.size())) {
        return &registry()[static_cast<std::size_t>(&info - shown.data())];
    }
    for (const detail::writer& w : registry()) {
        if (w.info.name == info.name) return &w;
    }
    return nullptr;
}

// Writes through `w`: the registry's checks, then the writer; a failed write leaves `out` as it was.
bool run(const detail::writer& w, std::string& out, std::span<const record> records, std::vector<diagnostic>& diagnostics,
         const write_options& options, std::size_t& header_size) {
    const std::size_t size_before = out.size();
    detail::write_call call{records, options, w.info.name, out, diagnostics};
    bool ok = true;
    if (w.info.game) {
        for (std::size_t i = 0; i < records.size() && ok; ++i) {
            if (records[i].game() != *w.info.game) ok = detail::wrong_game(call, i, *w.info.game);
        }
    }
    ok = ok && w.write(call);
    if (!ok) {
        out.resize(size_before);
        call.header_size = 0;
    }
    header_size = call.header_size;
    return ok;
}

std::string_view extension_of(const writer_info& info, std::span<const record> records, const write_options& options) {
    const bool lines = options.json_lines || records.size() != 1;
    return lines && !info.lines_extension.empty() ? info.lines_extension : info.extension;
}

// jkf: one document for one game (indented when asked); JSON Lines for several, or when asked.
// Each record is written straight into the text (no string per game).
bool write_jkf(detail::write_call& call) {
    const bool as_lines = call.options.json_lines || call.records.size() != 1;
    for (const record& r : call.records) {
        json_writer writer(call.out, !as_lines && call.options.pretty);
        r.write_jkf(writer);
        call.out += '\n';
    }
    return true;
}

}  // namespace

namespace detail {

std::size_t game_number(const write_call& call, std::size_t i) noexcept {
    return call.records[i].index != 0 ? call.records[i].index : i + 1;
}

bool fail(write_call& call, std::string_view code, std::string message) {
    diagnostic d;
    d.severity = severity::error;
    d.code = std::string(code);
    d.message = std::move(message);
    d.file = std::string(call.options.source);
    call.diagnostics.push_back(std::move(d));
    return false;
}

bool wrong_game(write_call& call, std::size_t i, kifu::game wanted) {
    const std::string_view game = to_string(call.records[i].game());
    return fail(call, "write.wrong-game",
                fmt::format("game {} is {} {} game; -t {} writes {} games only", game_number(call, i),
                            game.starts_with('o') ? "an" : "a", game, call.writer, to_string(wanted)));
}

writer jkf_writer() {
    return {{.name = "jkf",
             .game = std::nullopt,  // every game
             .description = "JKF, the normalized record (go and othello in its shape); JSON Lines for several games",
             .extension = ".jkf",
             .lines_extension = ".jsonl",
             .many_games = true,
             .encodings = {"UTF-8"}},
            &write_jkf};
}

}  // namespace detail

std::span<const writer_info> writers() noexcept { return infos(); }

const writer_info* find_writer(std::string_view name) noexcept {
    for (const writer_info& w : infos()) {
        if (w.name == name) return &w;
    }
    return nullptr;
}

bool write_to(std::string& out, std::span<const record> records, const writer_info& writer,
              std::vector<diagnostic>& diagnostics, const write_options& options) {
    std::size_t header_size = 0;
    if (const detail::writer* w = entry_of(writer)) return run(*w, out, records, diagnostics, options, header_size);
    diagnostic d;
    d.code = "write.unknown-writer";
    d.message = fmt::format("no writer is called '{}'", writer.name);
    d.file = std::string(options.source);
    diagnostics.push_back(std::move(d));
    return false;
}

write_result write(std::span<const record> records, const writer_info& writer, const write_options& options) {
    write_result result;
    const detail::writer* w = entry_of(writer);
    if (w == nullptr) {
        write_to(result.text, records, writer, result.diagnostics, options);
        return result;
    }
    if (run(*w, result.text, records, result.diagnostics, options, result.header_size)) {
        result.extension = extension_of(w->info, records, options);
    }
    return result;
}

write_result write(std::span<const record> records, std::string_view writer, const write_options& options) {
    if (const writer_info* w = find_writer(writer)) return write(records, *w, options);
    writer_info unknown;
    unknown.name = writer;
    return write(records, unknown, options);
}

}  // namespace kifu
