#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <kifu/api.hpp>
#include <kifu/json_writer.hpp>

namespace kifu::inline v1 {

/// The game a record belongs to.
enum class game : unsigned char { shogi, go, othello };

/// Returns "shogi", "go" or "othello".
KIFU_API std::string_view to_string(game g) noexcept;

/// One game read from an input: a shogi JKF record, a go record or an othello record.
///
/// Cheap to copy (the model is shared and immutable). `get<T>()` gives the game's own
/// model, e.g. `record.get<kifu::shogi::jkf>()`. A game's model type `T` provides, found by
/// argument-dependent lookup, `kifu::game game_of(const T&)` and
/// `void write_jkf_to(kifu::json_writer&, const T&)`.
class record {
public:
    template <typename T>
    explicit record(T model) : model_(std::make_shared<erased_of<T>>(std::move(model))) {}

    /// Returns the game of this record.
    kifu::game game() const noexcept { return model_->game(); }

    /// Returns the game's model, or nullptr when the record holds another type.
    template <typename T>
    const T* get() const noexcept {
        auto* m = dynamic_cast<const erased_of<T>*>(model_.get());
        return m ? &m->value : nullptr;
    }

    /// Writes the normalized JKF (or the JKF-shaped document of go and othello).
    void write_jkf(json_writer& out) const { model_->write_jkf(out); }

    /// 1-based index of the game in its input (files can hold many games); a reader that
    /// skips a broken game leaves a gap. 0 until a reader or read_buffer sets it.
    std::size_t index = 0;

    /// True when the reader reported an error in this game: a lenient read keeps what it could
    /// read of it (`kifu index` leaves it out), a strict read ends before it.
    bool has_error = false;

private:
    // The type erasure behind the game-neutral API: what every game's model offers it.
    struct erased {
        virtual ~erased() = default;
        virtual kifu::game game() const noexcept = 0;
        virtual void write_jkf(json_writer& out) const = 0;
    };

    template <typename T>
    struct erased_of final : erased {
        explicit erased_of(T v) : value(std::move(v)) {}
        kifu::game game() const noexcept override { return game_of(value); }
        void write_jkf(json_writer& out) const override { write_jkf_to(out, value); }
        T value;
    };

    std::shared_ptr<const erased> model_;
};

/// Options of the JKF writer.
struct jkf_options {
    bool pretty = false;  ///< two-space indentation instead of one compact line
};

/// Returns the record as JKF text.
KIFU_API std::string to_jkf(const record& r, const jkf_options& options = {});

}  // namespace kifu
