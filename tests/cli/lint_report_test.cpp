// kifu lint's reports: SARIF 2.1.0 validated against the schema in tests/data/cli
// (draft-04 keywords checked with nlohmann::json: type, required, properties,
// additionalProperties, items, enum, minimum, minItems, $ref, anyOf/oneOf), -W severity
// overrides, --max-errors, and the summary table by code.

#include <catch2/catch.hpp>

#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/run_kifu.hpp"

namespace {

using nlohmann::json;

bool has_type(const json& v, const std::string& type) {
    if (type == "object") return v.is_object();
    if (type == "array") return v.is_array();
    if (type == "string") return v.is_string();
    if (type == "integer") return v.is_number_integer();
    if (type == "number") return v.is_number();
    if (type == "boolean") return v.is_boolean();
    if (type == "null") return v.is_null();
    return false;
}

// Appends to `errors` every way `v` (at `where`) breaks `schema`; `root` resolves $ref.
void validate(const json& v, const json& schema, const json& root, const std::string& where,
              std::vector<std::string>& errors) {
    if (schema.contains("$ref")) {
        const std::string ref = schema["$ref"];
        REQUIRE(ref.starts_with("#/definitions/"));
        validate(v, root["definitions"][ref.substr(14)], root, where, errors);
        return;
    }
    if (schema.contains("type")) {
        const json& t = schema["type"];
        bool ok = false;
        if (t.is_array()) {
            for (const json& one : t) ok = ok || has_type(v, one.get<std::string>());
        } else {
            ok = has_type(v, t.get<std::string>());
        }
        if (!ok) {
            errors.push_back(where + ": not of type " + t.dump());
            return;
        }
    }
    if (schema.contains("enum") && std::find(schema["enum"].begin(), schema["enum"].end(), v) == schema["enum"].end()) {
        errors.push_back(where + ": " + v.dump() + " is not one of " + schema["enum"].dump());
    }
    if (schema.contains("minimum") && v.is_number() && v.get<double>() < schema["minimum"].get<double>()) {
        errors.push_back(where + ": below the minimum");
    }
    if (schema.contains("pattern") && v.is_string() &&
        !std::regex_search(v.get<std::string>(), std::regex(schema["pattern"].get<std::string>()))) {
        errors.push_back(where + ": does not match " + schema["pattern"].get<std::string>());
    }
    for (const char* any : {"anyOf", "oneOf"}) {
        if (!schema.contains(any)) continue;
        std::size_t matched = 0;
        for (const json& option : schema[any]) {
            std::vector<std::string> none;
            validate(v, option, root, where, none);
            matched += none.empty() ? 1 : 0;
        }
        if (matched == 0 || (std::string(any) == "oneOf" && matched > 1)) {
            errors.push_back(where + ": " + any + " matched " + std::to_string(matched));
        }
    }
    if (v.is_array()) {
        if (schema.contains("minItems") && v.size() < schema["minItems"].get<std::size_t>()) {
            errors.push_back(where + ": fewer items than " + schema["minItems"].dump());
        }
        if (schema.contains("items")) {
            for (std::size_t i = 0; i < v.size(); ++i) {
                validate(v[i], schema["items"], root, where + "[" + std::to_string(i) + "]", errors);
            }
        }
    }
    if (v.is_object()) {
        if (schema.contains("required")) {
            for (const json& name : schema["required"]) {
                if (!v.contains(name.get<std::string>())) errors.push_back(where + ": missing " + name.dump());
            }
        }
        const json properties = schema.value("properties", json::object());
        for (const auto& [key, value] : v.items()) {
            if (properties.contains(key)) {
                validate(value, properties[key], root, where + "." + key, errors);
            } else if (schema.contains("additionalProperties")) {
                const json& extra = schema["additionalProperties"];
                if (extra.is_boolean() && !extra.get<bool>()) {
                    errors.push_back(where + ": property " + key + " is not allowed");
                } else if (extra.is_object()) {
                    validate(value, extra, root, where + "." + key, errors);
                }
            }
        }
    }
}

std::vector<std::string> sarif_errors(const json& log) {
    const json schema = json::parse(kifu::test::slurp(kifu::test::data_dir() / "cli/sarif-2.1.0.json"));
    std::vector<std::string> errors;
    validate(log, schema, schema, "$", errors);
    return errors;
}

}  // namespace

TEST_CASE("the schema check finds what breaks SARIF 2.1.0") {
    json bad = json::parse(R"({"version":"2.1.0","runs":[{"tool":{"driver":{}},"results":[{"level":"fatal"}]}]})");
    const std::vector<std::string> errors = sarif_errors(bad);
    CHECK(std::find(errors.begin(), errors.end(), "$.runs[0].tool.driver: missing \"name\"") != errors.end());
    CHECK(std::find(errors.begin(), errors.end(), "$.runs[0].results[0]: missing \"message\"") != errors.end());
    CHECK(std::find_if(errors.begin(), errors.end(), [](const std::string& e) {
              return e.starts_with("$.runs[0].results[0].level: \"fatal\" is not one of");
          }) != errors.end());
    CHECK(sarif_errors(json::parse(R"({"runs":[]})")) == std::vector<std::string>{"$: missing \"version\""});
}

TEST_CASE("kifu lint --format sarif writes a valid SARIF 2.1.0 log") {
    const auto r = kifu::test::run_kifu(
        "lint --format sarif cli/broken-second-game.sgf cli/missing.csa - samples/short-9x9.sgf",
        "fuzz/wthor/two-games.wtb");
    CHECK(r.status == 1);
    CHECK(r.err.empty());
    const json log = json::parse(r.out);
    CHECK(sarif_errors(log).empty());
    CHECK(log["version"] == "2.1.0");
    const json& results = log["runs"][0]["results"];
    REQUIRE(results.size() == 3);
    CHECK(results[0]["ruleId"] == "go.bad-point");
    CHECK(results[0]["level"] == "error");
    CHECK(results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "cli/broken-second-game.sgf");
    CHECK(results[0]["locations"][0]["physicalLocation"]["region"] == json::parse(R"({"startLine":2,"startColumn":25})"));
    CHECK(results[1]["ruleId"] == "io.open");
    CHECK_FALSE(results[1]["locations"][0]["physicalLocation"].contains("region"));
    CHECK(results[2]["level"] == "warning");
    CHECK(results[2]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "%3Cstdin%3E");
    CHECK(log["runs"][0]["tool"]["driver"]["rules"] ==
          json::parse(R"([{"id":"go.bad-point"},{"id":"io.open"},{"id":"wthor.names-missing"}])"));

    const auto clean = kifu::test::run_kifu("lint --format sarif samples/short-9x9.sgf");
    CHECK(clean.status == 0);
    CHECK(sarif_errors(json::parse(clean.out)).empty());
}

TEST_CASE("kifu lint -W changes or silences a code") {
    const auto w = kifu::test::run_kifu("lint -W go.bad-point=warning cli/broken-second-game.sgf");
    CHECK(w.status == 0);
    CHECK(w.out == "cli/broken-second-game.sgf:2:25: warning: 'c3' is not a point; the move is skipped (ply 2) "
                   "[go.bad-point]\n");
    const auto off = kifu::test::run_kifu("lint -W go.bad-point=off -W io.open=warning cli/broken-second-game.sgf "
                                          "cli/missing.csa");
    CHECK(off.status == 0);
    CHECK(off.out == "cli/missing.csa: warning: cannot open the file: No such file or directory [io.open]\n");
    const auto bad = kifu::test::run_kifu("lint -W io.open=fatal cli/missing.csa");
    CHECK(bad.status == 2);
    CHECK(bad.err == "kifu: error: -W io.open=fatal: the level must be error, warning or off\n"
                     "Run with --help for more information.\n");
}

TEST_CASE("kifu lint --max-errors stops reporting after N errors") {
    const auto r = kifu::test::run_kifu("lint --max-errors 1 cli/missing.csa cli/broken-second-game.sgf cli/nothing.kif");
    CHECK(r.status == 1);
    CHECK(r.out == "cli/missing.csa: error: cannot open the file: No such file or directory [io.open]\n");
    CHECK(r.err == "kifu: 2 more diagnostics not shown (--max-errors 1)\n");
}

TEST_CASE("kifu lint --summary prints the counts by code") {
    const auto r = kifu::test::run_kifu("lint --summary cli/missing.csa cli/broken-second-game.sgf cli/nothing.kif -",
                                        "fuzz/wthor/two-games.wtb");
    CHECK(r.status == 1);
    CHECK(r.err == "kifu: 4 files, 5 games, 49 moves; 3 errors (go.bad-point 1, io.open 2); "
                   "1 warning (wthor.names-missing 1)\n"
                   "  error    go.bad-point              1\n"
                   "  error    io.open                   2\n"
                   "  warning  wthor.names-missing       1\n");
}
