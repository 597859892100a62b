// The position index on SQLite: schema, loading a source in one transaction, and queries
// (docs/search.md describes the tables for users of the sqlite3 shell).

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <system_error>
#include <thread>

#include <fmt/core.h>
#include <sqlite3.h>

#include <kifu/search.hpp>

#include "search/game_summary.hpp"

namespace kifu::inline v1::search {
namespace {

constexpr int schema_version = 2;
constexpr std::string_view format_marker = "kifu position index";
// How long a run waits for another writer's lock before it gives up ("database is locked").
constexpr std::chrono::milliseconds busy_timeout{5000};

// The tables. A game is stored once, however many sources hold it (same content hash);
// `occurrences` records every copy, and a game goes when its last copy does. `positions` is
// clustered by game (a game's positions are deleted as one range) and found by hash through
// `positions_by_hash`, which a load into an empty index creates at the end.
constexpr const char* schema_sql = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sources(
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  format TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime INTEGER NOT NULL);
CREATE TABLE games(
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL,
  black TEXT NOT NULL,
  white TEXT NOT NULL,
  date TEXT NOT NULL,
  event TEXT NOT NULL,
  result TEXT NOT NULL,
  moves INTEGER NOT NULL,
  content_hash BLOB NOT NULL UNIQUE);
CREATE TABLE occurrences(
  source INTEGER NOT NULL REFERENCES sources(id),
  number INTEGER NOT NULL,
  game INTEGER NOT NULL REFERENCES games(id),
  PRIMARY KEY(source, number)) WITHOUT ROWID;
CREATE INDEX occurrences_by_game ON occurrences(game);
CREATE TABLE positions(
  game INTEGER NOT NULL,
  line INTEGER NOT NULL,
  ply INTEGER NOT NULL,
  hash INTEGER NOT NULL,
  next TEXT NOT NULL,
  position BLOB NOT NULL,
  PRIMARY KEY(game, line, ply)) WITHOUT ROWID;
)sql";

constexpr const char* position_index_sql = "CREATE INDEX IF NOT EXISTS positions_by_hash ON positions(hash)";

// "FILE: ", the database file an error is about, for the messages of a statement.
std::string where(sqlite3* db) {
    const char* file = sqlite3_db_filename(db, "main");
    return file && *file ? fmt::format("{}: ", file) : std::string();
}

class statement {
public:
    statement(sqlite3* db, const char* sql) : db_(db) {
        if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) {
            throw error(fmt::format("{}SQLite: {} (in: {})", where(db), sqlite3_errmsg(db), sql));
        }
    }
    statement(const statement&) = delete;
    statement& operator=(const statement&) = delete;
    ~statement() { sqlite3_finalize(stmt_); }

    statement& bind(int i, std::int64_t v) {
        check(sqlite3_bind_int64(stmt_, i, v));
        return *this;
    }
    statement& bind(int i, std::string_view v) {
        check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
        return *this;
    }
    statement& bind_blob(int i, const void* data, std::size_t size) {
        check(sqlite3_bind_blob(stmt_, i, data, static_cast<int>(size), SQLITE_TRANSIENT));
        return *this;
    }
    /// Steps once: true when a row is ready.
    bool step() {
        const int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        throw error(fmt::format("{}SQLite: {}", where(db_), sqlite3_errmsg(db_)));
    }
    void run() {
        step();
        reset();
    }
    void reset() {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }
    std::int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
    std::string text(int col) const {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
        return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))) : std::string();
    }
    std::string_view blob(int col) const {
        const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, col));
        return p ? std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))) : std::string_view();
    }

private:
    void check(int rc) const {
        if (rc != SQLITE_OK) throw error(fmt::format("{}SQLite: {}", where(db_), sqlite3_errmsg(db_)));
    }
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
};

kifu::game game_of_name(std::string_view name) {
    return name == "go" ? kifu::game::go : name == "othello" ? kifu::game::othello : kifu::game::shogi;
}

}  // namespace

struct prepared_source::impl {
    // A prepared game: what the games table keeps, and its positions as a range of the source's.
    struct prepared_game {
        std::size_t number = 0;
        std::array<std::uint64_t, 2> hash{};
        game_entry entry;
        std::size_t first = 0;  // its positions: [first, last) of prepared_source::impl::positions
        std::size_t last = 0;
    };

    // One position: its bytes, then its next move, at `at` in the source's arena (one allocation
    // for all, not two strings per position).
    struct prepared_position {
        std::uint32_t line = 0;
        int ply = 0;
        std::uint64_t hash = 0;
        std::size_t at = 0;
        std::uint32_t bytes_size = 0;
        std::uint32_t next_size = 0;
    };

    std::string format;
    std::size_t left_out = 0;
    std::vector<prepared_game> games;
    std::vector<prepared_position> positions;
    std::string arena;

    std::string_view text(std::size_t at, std::size_t size) const { return std::string_view(arena).substr(at, size); }
};

prepared_source::prepared_source() : impl_(std::make_unique<impl>()) {}
prepared_source::prepared_source(prepared_source&&) noexcept = default;
prepared_source& prepared_source::operator=(prepared_source&&) noexcept = default;
prepared_source::~prepared_source() = default;

std::size_t prepared_source::games() const noexcept { return impl_ ? impl_->games.size() : 0; }
std::size_t prepared_source::left_out() const noexcept { return impl_ ? impl_->left_out : 0; }

prepared_source prepare(const read_result& games) {
    prepared_source out;
    prepared_source::impl& p = *out.impl_;
    using prepared_game = prepared_source::impl::prepared_game;
    using prepared_position = prepared_source::impl::prepared_position;
    p.format = games.format;
    p.games.reserve(games.records.size());
    for (const record& r : games.records) {
        if (r.has_error) {
            ++p.left_out;
            continue;
        }
        prepared_game g;
        g.number = r.index;
        g.hash = detail::content_hash(r);
        g.first = p.positions.size();
        int main_moves = 0;
        std::uint8_t final_to_move = 0;
        for_each_position(r, [&](const position_visit& v) {
            prepared_position pos;
            pos.line = v.line;
            pos.ply = v.ply;
            pos.hash = v.key.hash;
            pos.at = p.arena.size();
            pos.bytes_size = static_cast<std::uint32_t>(v.key.bytes.size());
            pos.next_size = static_cast<std::uint32_t>(v.next.size());
            p.arena += v.key.bytes;
            p.arena += v.next;
            p.positions.push_back(pos);
            if (v.line == 0) {
                main_moves = v.ply;
                final_to_move = v.key.to_move;
            }
        });
        g.last = p.positions.size();
        detail::describe(r, final_to_move, g.entry);
        g.entry.moves = main_moves;
        p.games.push_back(std::move(g));
    }
    return out;
}

struct database::impl {
    sqlite3* db = nullptr;
    std::filesystem::path path;
    bool bulk = false;  // the load started on an empty index: positions_by_hash comes at the end
    // Statements prepared once and reused: `sql(text)` hands one out reset, without bindings.
    std::map<const char*, std::unique_ptr<statement>> prepared;

    ~impl() {
        prepared.clear();  // finalized before the connection closes
        if (db) sqlite3_close_v2(db);
    }

    statement& sql(const char* text) {
        std::unique_ptr<statement>& s = prepared[text];
        if (!s) s = std::make_unique<statement>(db, text);
        s->reset();
        return *s;
    }

    void exec(const char* sql) {
        char* message = nullptr;
        if (sqlite3_exec(db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
            std::string m = message ? message : sqlite3_errmsg(db);
            sqlite3_free(message);
            throw error(fmt::format("{}: {}", path.string(), m));
        }
    }

    // Puts the file in write-ahead-log mode. Switching needs the file alone, and SQLite answers
    // SQLITE_BUSY at once there rather than calling the busy handler, so a run that opens the
    // index while another one creates or writes it waits here as the busy timeout would.
    void use_wal() {
        const auto until = std::chrono::steady_clock::now() + busy_timeout;
        for (;;) {
            const int rc = sqlite3_exec(db, "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr);
            if (rc == SQLITE_OK) return;
            if ((rc & 0xff) != SQLITE_BUSY || std::chrono::steady_clock::now() >= until) {
                throw error(fmt::format("{}: {}", path.string(), sqlite3_errmsg(db)));
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }

    std::int64_t scalar(const char* sql) {
        statement s(db, sql);
        return s.step() ? s.integer(0) : 0;
    }

    bool has_index() {
        statement s(db, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'positions_by_hash'");
        return s.step() && s.integer(0) > 0;
    }

    // Runs `work` in one write transaction: all of it or nothing.
    template <typename Work>
    void transaction(Work&& work) {
        exec("BEGIN IMMEDIATE");
        try {
            work();
            exec("COMMIT");
        } catch (...) {
            for (auto& [text, s] : prepared) s->reset();
            sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
            throw;
        }
    }

    std::optional<std::int64_t> source_id(std::string_view source) {
        statement& s = sql("SELECT id FROM sources WHERE path = ?");
        s.bind(1, source);
        std::optional<std::int64_t> id;
        if (s.step()) id = s.integer(0);
        s.reset();
        return id;
    }

    // Forgets the copies a source held; returns the games they were copies of.
    std::vector<std::int64_t> drop_copies(std::int64_t source) {
        std::vector<std::int64_t> games;
        statement& held = sql("SELECT DISTINCT game FROM occurrences WHERE source = ?");
        held.bind(1, source);
        while (held.step()) games.push_back(held.integer(0));
        held.reset();
        sql("DELETE FROM occurrences WHERE source = ?").bind(1, source).run();
        return games;
    }

    bool has_copies(std::int64_t game) {
        statement& s = sql("SELECT 1 FROM occurrences WHERE game = ? LIMIT 1");
        s.bind(1, game);
        const bool found = s.step();
        s.reset();
        return found;
    }

    // Deletes those of `games` that no source holds any more, with their positions.
    void drop_orphans(const std::vector<std::int64_t>& games) {
        for (const std::int64_t game : games) {
            if (has_copies(game)) continue;
            sql("DELETE FROM positions WHERE game = ?").bind(1, game).run();
            sql("DELETE FROM games WHERE id = ?").bind(1, game).run();
        }
    }
};

database::database(std::unique_ptr<impl> p) : impl_(std::move(p)) {}
database::database(database&&) noexcept = default;
database& database::operator=(database&&) noexcept = default;

database::~database() {
    if (impl_ && impl_->bulk) {
        try {
            finish();
        } catch (...) {  // NOLINT(bugprone-empty-catch): a destructor must not throw; the next open creates the index
        }
    }
}

namespace {

// The value of meta's "format" row: format_marker in a kifu index; empty when the database has
// no such table or row.
std::string format_marker_of(sqlite3* db) {
    std::string marker;
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = 'format'", -1, &s, nullptr) == SQLITE_OK &&
        sqlite3_step(s) == SQLITE_ROW) {
        if (const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(s, 0))) marker = text;
    }
    sqlite3_finalize(s);
    return marker;
}

// `path` as the path of an SQLite URI (`file:…`): `?`, `#` and `%` escaped as %XX.
std::string uri_path(const std::filesystem::path& path) {
    std::string out;
    for (const char c : std::filesystem::absolute(path).string()) {
        if (c == '?' || c == '#' || c == '%') {
            out += fmt::format("%{:02X}", static_cast<unsigned char>(c));
        } else {
            out += c;
        }
    }
    return out;
}

// --rebuild replaces an index, never a file the user may have named by mistake (a record, a
// database of something else): the file must be missing, empty, or a kifu index of any
// schema version.
void check_replaceable(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return;
    if (std::filesystem::is_regular_file(path, ec) && std::filesystem::file_size(path, ec) == 0 && !ec) return;
    std::array<char, 16> magic{};
    std::ifstream in(path, std::ios::binary);
    const bool sqlite = in.read(magic.data(), magic.size()) && std::memcmp(magic.data(), "SQLite format 3", 16) == 0;
    std::string marker;
    if (sqlite) {
        sqlite3* db = nullptr;
        if (sqlite3_open_v2(path.string().c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
            marker = format_marker_of(db);
        }
        sqlite3_close(db);
        if (marker.empty()) {
            // A folder this process cannot write: the WAL's -shm file cannot be made there, and
            // the file is read as an immutable one (as database::open reads it).
            db = nullptr;
            const std::string uri = "file:" + uri_path(path) + "?immutable=1";
            if (sqlite3_open_v2(uri.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) == SQLITE_OK) {
                marker = format_marker_of(db);
            }
            sqlite3_close(db);
        }
    }
    if (marker != format_marker) {
        throw error(fmt::format("{}: not a kifu index; a rebuild replaces only an index (remove the file yourself to "
                                "use its name)",
                                path.string()));
    }
}

}  // namespace

database database::open(const std::filesystem::path& path, open_mode mode) {
    std::error_code ec;
    if (mode == open_mode::rebuild) {
        check_replaceable(path);
        for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
            std::filesystem::remove(path.string() + suffix, ec);
        }
    }
    if (mode == open_mode::read_only && !std::filesystem::exists(path, ec)) {
        throw error(fmt::format("{}: no such index", path.string()));
    }
    auto p = std::make_unique<impl>();
    p->path = path;
    // A search opens the index read-write but writes nothing (query_only, below): SQLite then
    // removes the -wal and -shm files when its connection closes as the last one, as after a
    // `kifu index` run. A read-only connection would create them and leave them behind. A file
    // this process may not write is opened read-only by SQLite all the same.
    const int flags = mode == open_mode::read_only ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    // One connection per database object, used by one thread at a time: no SQLite mutexes.
    const int flags_nomutex = flags | SQLITE_OPEN_NOMUTEX;
    if (sqlite3_open_v2(path.string().c_str(), &p->db, flags_nomutex, nullptr) != SQLITE_OK) {
        throw error(fmt::format("{}: cannot open: {}", path.string(), p->db ? sqlite3_errmsg(p->db) : "out of memory"));
    }
    sqlite3_busy_timeout(p->db, static_cast<int>(busy_timeout.count()));
    if (mode == open_mode::read_only) p->exec("PRAGMA query_only = 1");
    // Reading the schema is the first access: a file that is not SQLite fails here.
    std::int64_t tables = 0;
    try {
        tables = p->scalar("SELECT count(*) FROM sqlite_master");
    } catch (const error&) {
        const int code = sqlite3_errcode(p->db);
        if (mode == open_mode::read_only && (code == SQLITE_CANTOPEN || code == SQLITE_READONLY)) {
            // An index in a folder or on a mount this process cannot write: SQLite cannot make
            // the WAL's shared-memory file beside it. Nothing can write it there either, so it
            // is read as an immutable file.
            sqlite3_close(p->db);
            p->db = nullptr;
            const std::string uri = "file:" + uri_path(path) + "?immutable=1";
            if (sqlite3_open_v2(uri.c_str(), &p->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nullptr) ==
                SQLITE_OK) {
                try {
                    tables = p->scalar("SELECT count(*) FROM sqlite_master");
                } catch (const error&) {
                }
            }
        }
        if (tables == 0) {
            const int last = p->db ? sqlite3_errcode(p->db) : SQLITE_NOMEM;
            if (last == SQLITE_NOTADB || last == SQLITE_CORRUPT) {
                throw error(fmt::format("{}: not a kifu index (not an SQLite database, or a damaged one)", path.string()));
            }
            throw error(fmt::format("{}: cannot read: {}", path.string(), p->db ? sqlite3_errmsg(p->db) : "out of memory"));
        }
    }
    if (tables == 0) {
        if (mode == open_mode::read_only) throw error(fmt::format("{}: not a kifu index (an empty database)", path.string()));
        // Two runs may create one index at once. The schema is written in a write transaction
        // (BEGIN IMMEDIATE waits out the other's lock with the busy timeout) and only when the
        // file still has no table once this run holds the lock: the second run then finds the
        // first one's schema and uses it.
        p->use_wal();
        p->transaction([&] {
            if (p->scalar("SELECT count(*) FROM sqlite_master") != 0) return;
            p->exec(schema_sql);
            statement meta(p->db, "INSERT INTO meta(key, value) VALUES (?, ?)");
            meta.bind(1, std::string_view("format")).bind(2, format_marker).run();
            meta.bind(1, std::string_view("version")).bind(2, std::to_string(schema_version)).run();
            p->exec(fmt::format("PRAGMA user_version = {}", schema_version).c_str());
        });
    }
    if (format_marker_of(p->db) != format_marker) {
        throw error(fmt::format("{}: not a kifu index (an SQLite database of something else)", path.string()));
    }
    const std::int64_t version = p->scalar("PRAGMA user_version");
    if (version != schema_version) {
        throw error(fmt::format("{}: an index of schema version {}, this kifu reads version {}: rebuild it (--rebuild)",
                                path.string(), version, schema_version));
    }
    if (mode != open_mode::read_only) {
        p->use_wal();
        p->exec("PRAGMA synchronous = NORMAL");
        p->exec("PRAGMA cache_size = -262144");
        p->exec("PRAGMA temp_store = MEMORY");
        if (p->scalar("SELECT count(*) FROM games") == 0) {
            p->exec("DROP INDEX IF EXISTS positions_by_hash");
            p->bulk = true;
        } else if (!p->has_index()) {
            p->exec(position_index_sql);  // a bulk load that was cut short
        }
    }
    return database(std::move(p));
}

void database::finish() {
    if (!impl_) return;
    impl_->exec(position_index_sql);
    impl_->exec("PRAGMA optimize");
    // Everything into the index file itself: it can be copied alone, and its size is the index's.
    impl_->exec("PRAGMA wal_checkpoint(TRUNCATE)");
    impl_->bulk = false;
}

bool database::is_current(std::string_view source, std::uint64_t size, std::int64_t mtime) const {
    statement s(impl_->db, "SELECT size, mtime FROM sources WHERE path = ?");
    s.bind(1, source);
    return s.step() && static_cast<std::uint64_t>(s.integer(0)) == size && s.integer(1) == mtime;
}

void database::remove_source(std::string_view source) {
    impl_->transaction([&] {
        const std::optional<std::int64_t> id = impl_->source_id(source);
        if (!id) return;
        const std::vector<std::int64_t> held = impl_->drop_copies(*id);
        impl_->sql("DELETE FROM sources WHERE id = ?").bind(1, *id).run();
        impl_->drop_orphans(held);
    });
}

add_stats database::add_source(std::string_view source, const read_result& games, std::uint64_t size,
                               std::int64_t mtime) {
    return add_source(source, prepare(games), size, mtime);
}

add_stats database::add_source(std::string_view source, const prepared_source& games, std::uint64_t size,
                               std::int64_t mtime) {
    add_stats stats;
    const prepared_source::impl& p = *games.impl_;
    stats.games_left_out = p.left_out;
    using prepared_game = prepared_source::impl::prepared_game;
    using prepared_position = prepared_source::impl::prepared_position;
    impl_->transaction([&] {
        impl_->sql("INSERT INTO sources(path, format, size, mtime) VALUES (?, ?, ?, ?) "
                   "ON CONFLICT(path) DO UPDATE SET format = excluded.format, size = excluded.size, mtime = excluded.mtime")
            .bind(1, source)
            .bind(2, std::string_view(p.format))
            .bind(3, static_cast<std::int64_t>(size))
            .bind(4, mtime)
            .run();
        const std::int64_t sid = *impl_->source_id(source);
        // The source's old copies go first; a game they held that it still holds is found again
        // below and kept with its positions; the others go at the end unless another source
        // holds them.
        const std::vector<std::int64_t> held = impl_->drop_copies(sid);
        for (const prepared_game& g : p.games) {
            statement& known = impl_->sql("SELECT id FROM games WHERE content_hash = ?");
            known.bind_blob(1, g.hash.data(), sizeof g.hash);
            std::optional<std::int64_t> gid;
            if (known.step()) gid = known.integer(0);
            known.reset();
            if (gid) {
                if (impl_->has_copies(*gid)) {
                    ++stats.games_duplicate;
                } else {
                    ++stats.games_added;
                    stats.positions += g.last - g.first;
                }
            } else {
                const game_entry& e = g.entry;
                impl_->sql("INSERT INTO games(game, black, white, date, event, result, moves, content_hash) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                    .bind(1, to_string(e.game))
                    .bind(2, std::string_view(e.black))
                    .bind(3, std::string_view(e.white))
                    .bind(4, std::string_view(e.date))
                    .bind(5, std::string_view(e.event))
                    .bind(6, std::string_view(e.result))
                    .bind(7, static_cast<std::int64_t>(e.moves))
                    .bind_blob(8, g.hash.data(), sizeof g.hash)
                    .run();
                gid = sqlite3_last_insert_rowid(impl_->db);
                statement& add_position = impl_->sql(
                    "INSERT OR IGNORE INTO positions(game, line, ply, hash, next, position) VALUES (?, ?, ?, ?, ?, ?)");
                for (std::size_t i = g.first; i < g.last; ++i) {
                    const prepared_position& pos = p.positions[i];
                    add_position.bind(1, *gid)
                        .bind(2, static_cast<std::int64_t>(pos.line))
                        .bind(3, static_cast<std::int64_t>(pos.ply))
                        .bind(4, static_cast<std::int64_t>(pos.hash))
                        .bind(5, p.text(pos.at + pos.bytes_size, pos.next_size))
                        .bind_blob(6, p.arena.data() + pos.at, pos.bytes_size);
                    add_position.run();
                }
                ++stats.games_added;
                stats.positions += g.last - g.first;
            }
            impl_->sql("INSERT OR IGNORE INTO occurrences(source, number, game) VALUES (?, ?, ?)")
                .bind(1, sid)
                .bind(2, static_cast<std::int64_t>(g.number))
                .bind(3, *gid)
                .run();
        }
        impl_->drop_orphans(held);
    });
    return stats;
}

std::vector<std::string> database::sources() const {
    std::vector<std::string> out;
    statement s(impl_->db, "SELECT path FROM sources ORDER BY path");
    while (s.step()) out.push_back(s.text(0));
    return out;
}

query_result database::find(const position_key& key, const query_options& options) const {
    // Every occurrence of the hash whose position is the very same (a hash collision is not a match).
    struct occurrence {
        int ply;
        std::uint32_t line;
        std::string next;
    };
    std::map<std::int64_t, std::vector<occurrence>> by_game;
    {
        statement& s = impl_->sql("SELECT game, line, ply, next, position FROM positions WHERE hash = ?");
        s.bind(1, static_cast<std::int64_t>(key.hash));
        while (s.step()) {
            if (s.blob(4) != key.bytes) continue;
            by_game[s.integer(0)].push_back({static_cast<int>(s.integer(2)), static_cast<std::uint32_t>(s.integer(1)), s.text(3)});
        }
        s.reset();
    }
    const std::string side = key.to_move == 0 ? "black" : "white";
    const std::string other = key.to_move == 0 ? "white" : "black";
    query_result result;
    std::map<std::string, next_move> moves;
    statement& g = impl_->sql("SELECT game, black, white, date, event, result, moves FROM games WHERE id = ?");
    // The first copy names the game: the smallest path, then the smallest number in it.
    statement& first_copy = impl_->sql(
        "SELECT s.path, o.number, s.format FROM occurrences o JOIN sources s ON o.source = s.id WHERE o.game = ? "
        "ORDER BY s.path, o.number LIMIT 1");
    for (auto& [gid, occurrences] : by_game) {
        g.reset();
        g.bind(1, gid);
        first_copy.reset();
        first_copy.bind(1, gid);
        if (!g.step() || !first_copy.step()) continue;
        game_entry e{first_copy.text(0), static_cast<std::size_t>(first_copy.integer(1)), first_copy.text(2),
                     game_of_name(g.text(0)), g.text(1), g.text(2), g.text(3), g.text(4), g.text(5),
                     static_cast<int>(g.integer(6))};
        if (e.game != key.game) continue;
        if (!options.players.empty() && e.black.find(options.players) == std::string::npos &&
            e.white.find(options.players) == std::string::npos) {
            continue;
        }
        if (!options.from.empty() && (e.date.empty() || detail::compare_dates(e.date, options.from) < 0)) continue;
        if (!options.to.empty() && (e.date.empty() || detail::compare_dates(e.date, options.to) > 0)) continue;
        // The first occurrence, main line first at equal plies.
        const auto first = std::min_element(occurrences.begin(), occurrences.end(), [](const occurrence& a, const occurrence& b) {
            return a.ply != b.ply ? a.ply < b.ply : a.line < b.line;
        });
        std::set<std::string> played;
        for (const occurrence& o : occurrences) {
            if (!o.next.empty()) played.insert(o.next);
        }
        for (const std::string& m : played) {
            next_move& row = moves[m];
            row.move = move_for(key, m);
            ++row.games;
            if (e.result == side) {
                ++row.wins;
            } else if (e.result == other) {
                ++row.losses;
            } else if (e.result == "draw") {
                ++row.draws;
            }
        }
        result.games.push_back({std::move(e), first->ply, move_for(key, first->next)});
    }
    g.reset();
    first_copy.reset();
    result.total_games = result.games.size();
    std::sort(result.games.begin(), result.games.end(), [](const game_hit& a, const game_hit& b) {
        return a.game.source != b.game.source ? a.game.source < b.game.source : a.game.index < b.game.index;
    });
    if (result.games.size() > options.limit) result.games.resize(options.limit);
    for (auto& [m, row] : moves) result.next.push_back(std::move(row));
    std::sort(result.next.begin(), result.next.end(), [](const next_move& a, const next_move& b) {
        return a.games != b.games ? a.games > b.games : a.move < b.move;
    });
    return result;
}

index_stats database::stats() const {
    index_stats s;
    s.sources = static_cast<std::size_t>(impl_->scalar("SELECT count(*) FROM sources"));
    s.games = static_cast<std::size_t>(impl_->scalar("SELECT count(*) FROM games"));
    s.positions = static_cast<std::size_t>(impl_->scalar("SELECT count(*) FROM positions"));
    std::error_code ec;
    const auto size = std::filesystem::file_size(impl_->path, ec);
    s.file_bytes = ec ? 0 : static_cast<std::uint64_t>(size);
    return s;
}

}  // namespace kifu::search
