// GIB, NGF and UGF games → the SGF tree the go normalizer replays.

#include "go/converted_game.hpp"

#include "go/normalize.hpp"

namespace kifu::inline v1::go::detail {

void converted_game::add_info(std::string id, std::string value) {
    if (!value.empty()) info.emplace_back(std::move(id), std::move(value));
}

sgf_collection converted_game::to_tree() const {
    sgf_collection c;
    const node_id root = c.add_node(no_node);
    auto add = [&](node_id n, std::string_view id, std::string_view raw, std::uint32_t offset = 0) {
        c.add_value(c.add_property(n, id, offset), raw, offset);
    };
    add(root, "FF", "4");
    add(root, "CA", "UTF-8");
    add(root, "GM", "1");
    add(root, "SZ", std::to_string(size));
    for (const auto& [id, value] : info) add(root, id, escape(value));
    if (handicap > 0) add(root, "HA", std::to_string(handicap));
    if (!handicap_stones.empty()) {
        const property_ref ab = c.add_property(root, "AB");
        for (const point p : handicap_stones) c.add_value(ab, to_sgf(p));
    }
    if (!root_comment.empty()) add(root, "C", escape(root_comment));
    node_id last = root;
    for (const move& m : moves) {
        last = c.add_node(last, m.offset);
        add(last, m.color == color::black ? "B" : "W", m.to ? to_sgf(*m.to) : std::string(), m.offset);
        if (!m.comment.empty()) add(last, "C", escape(m.comment), m.offset);
    }
    return c;
}

std::vector<point> tygem_handicap(int stones, int size) {
    if (stones < 2 || stones > 9 || size < 7) return {};
    const int edge = size >= 13 ? 4 : 3;
    const int lo = edge;
    const int hi = size + 1 - edge;
    const int mid = (size + 1) / 2;
    std::vector<point> out{{lo, hi}, {hi, lo}};  // dp pd
    if (stones >= 3) out.push_back({lo, lo});    // dd: Tygem's third stone is top-left
    if (stones >= 4) out.push_back({hi, hi});    // pp
    if (stones >= 6) {
        out.push_back({lo, mid});  // dj
        out.push_back({hi, mid});  // pj
    }
    if (stones >= 8) {
        out.push_back({mid, lo});  // jd
        out.push_back({mid, hi});  // jp
    }
    if (stones % 2 == 1 && stones >= 5) out.push_back({mid, mid});
    return out;
}

std::pair<std::string, std::string> split_name_rank(std::string_view value) {
    const std::size_t open = value.find('(');
    if (open == std::string_view::npos || value.find('(', open + 1) != std::string_view::npos || !value.ends_with(')')) {
        return {std::string(value), {}};
    }
    std::string_view name = value.substr(0, open);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    return {std::string(name), std::string(value.substr(open + 1, value.size() - open - 2))};
}

std::string iso_date(std::string_view value, char sep) {
    if (value.size() < 10 || value[4] != sep || value[7] != sep) return {};
    std::string out(value.substr(0, 10));
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (i == 4 || i == 7) {
            out[i] = '-';
        } else if (out[i] < '0' || out[i] > '9') {
            return {};
        }
    }
    return out;
}

std::string tenths(long long value) {
    const bool negative = value < 0;
    const unsigned long long v = negative ? 0ULL - static_cast<unsigned long long>(value) : static_cast<unsigned long long>(value);
    std::string out = (negative ? "-" : "") + std::to_string(v / 10);
    if (v % 10 != 0) out += "." + std::to_string(v % 10);
    return out;
}

bool window_is_utf8(std::string_view window) noexcept {
    // Drop the lead byte and continuation bytes of a last character that may be cut.
    std::size_t keep = window.size();
    for (std::size_t back = 0; back < 3 && keep > 0; ++back) {
        const auto byte = static_cast<unsigned char>(window[keep - 1]);
        if ((byte & 0xC0) != 0x80) {
            if (byte >= 0xC0) --keep;  // a lead byte: its character is cut
            break;
        }
        --keep;
    }
    return is_valid_utf8(window.substr(0, keep));
}

void read_converted(const sgf_collection& tree, const source_text& text, const read_options& options,
                    read_result& out, std::size_t before) {
    if (tree.roots.empty()) return;
    normalize_options how;
    how.replay = options.normalize;
    record r = normalize(tree, tree.roots.front(), how, out.diagnostics, &text);
    if (has_error_since(out.diagnostics, before) && options.mode == read_mode::strict) return;
    out.records.emplace_back(std::move(r));
}

}  // namespace kifu::go::detail
