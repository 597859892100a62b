#include "core/json_reader.hpp"

#include <string>

#include <nlohmann/json.hpp>

namespace kifu::inline v1::detail {

namespace {

// Offset of the first '[' or '{' that opens level max_json_depth + 1, or npos. Strings are
// skipped so that brackets inside them do not count; the text is valid UTF-8, so scanning
// its bytes for ASCII is safe.
std::size_t too_deep_at(std::string_view text) {
    std::size_t depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
            continue;
        }
        switch (c) {
            case '"': in_string = true; break;
            case '[':
            case '{':
                if (++depth > max_json_depth) return i;
                break;
            case ']':
            case '}':
                if (depth > 0) --depth;
                break;
            default: break;
        }
    }
    return std::string_view::npos;
}

// nlohmann's what() reads "[json.exception.parse_error.101] parse error at line 1, column 5:
// syntax error while parsing value - …"; our diagnostic has its own position, so only the
// part after that prefix is kept.
std::string parse_error_message(const nlohmann::json::parse_error& e) {
    std::string_view what = e.what();
    const auto at = what.find("parse error");
    if (at != std::string_view::npos) {
        const auto colon = what.find(": ", at);
        if (colon != std::string_view::npos) what.remove_prefix(colon + 2);
    }
    return "invalid JSON: " + std::string(what);
}

// "[json.exception.out_of_range.406] number overflow parsing '1e999'" → "number overflow …".
std::string other_error_message(const nlohmann::json::exception& e) {
    std::string_view what = e.what();
    if (what.starts_with("[json.exception.")) {
        const auto close = what.find("] ");
        if (close != std::string_view::npos) what.remove_prefix(close + 2);
    }
    return "invalid JSON: " + std::string(what);
}

std::size_t other_error_offset(const nlohmann::json::exception& e, std::string_view input) {
    const std::string_view what = e.what();
    const auto open = what.find(" '");
    if (open == std::string_view::npos || !what.ends_with('\'')) return 0;
    const std::string_view token = what.substr(open + 2, what.size() - open - 3);
    const auto at = token.empty() ? std::string_view::npos : input.find(token);
    return at == std::string_view::npos ? 0 : at;
}

}  // namespace

std::optional<nlohmann::ordered_json> parse_json(const source_text& text, std::string_view code_prefix,
                                                 std::vector<diagnostic>& diagnostics) {
    const std::string code = std::string(code_prefix) + ".json";
    std::string_view input = text.text();
    // nlohmann's parser keeps its own stack, so depth is no danger to it; the bound is ours
    // (so that the tree and its later walks stay small). Parsing the prefix before the too
    // deep bracket tells a syntax error before that point from the depth itself.
    const std::size_t deep = too_deep_at(input);
    if (deep != std::string_view::npos) input = input.substr(0, deep);
    try {
        nlohmann::ordered_json json = nlohmann::ordered_json::parse(input.begin(), input.end());
        if (deep == std::string_view::npos) return json;
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte counts the bytes read, the bad one included.
        const std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
        if (deep == std::string_view::npos || offset < deep) {
            diagnostics.push_back(text.make_diagnostic(severity::error, code, parse_error_message(e), offset));
            return std::nullopt;
        }
    } catch (const nlohmann::json::exception& e) {
        // Only a number too large for a double gets here (out_of_range.406), without a
        // position; its message quotes the number, which we look for.
        diagnostics.push_back(text.make_diagnostic(severity::error, code, other_error_message(e),
                                                   other_error_offset(e, input)));
        return std::nullopt;
    }
    diagnostics.push_back(text.make_diagnostic(
        severity::error, code, "arrays and objects nested deeper than " + std::to_string(max_json_depth) + " levels",
        deep));
    return std::nullopt;
}

}  // namespace kifu::detail
