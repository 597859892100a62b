#include <kifu/record.hpp>

namespace kifu::inline v1 {

std::string_view to_string(game g) noexcept {
    switch (g) {
        case game::shogi: return "shogi";
        case game::go: return "go";
        case game::othello: return "othello";
    }
    return "shogi";
}

std::string to_jkf(const record& r, const jkf_options& options) {
    std::string out;
    json_writer writer(out, options.pretty);
    r.write_jkf(writer);
    return out;
}

}  // namespace kifu
