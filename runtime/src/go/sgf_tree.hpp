#pragma once

// The SGF tree as written: a collection of game trees whose nodes carry properties
// (identifier + raw values). No game-rule knowledge lives here. It is the raw record every go
// reader fills and the go normalizer reads (docs/raw-records.md); users get go::record.
//
// Nodes sit in one flat vector and point at each other by index (parent, first child, next
// sibling); properties, values and their text sit in flat vectors too, so building, walking,
// writing and destroying a tree never recurse and cost no allocation per node.

#include <cstddef>
#include <algorithm>
#include <compare>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <kifu/go/sgf.hpp>

namespace kifu::inline v1::go {

class sgf_collection;

namespace detail {
class sgf_reader;  // the SGF parser: fills a collection straight from the text it copied
}  // namespace detail

/// Index of a node of an sgf_collection.
using node_id = std::uint32_t;

/// Marks "no node" (no parent, no child, no sibling).
inline constexpr node_id no_node = 0xFFFFFFFFu;

/// A property being built (what add_property returns): its node and its place among the
/// node's properties. Stays valid while the collection grows.
struct property_ref {
    node_id node = no_node;
    std::uint32_t index = 0;
};

/// One node (`;`): its place in the tree. Its properties are read through the collection
/// (`collection.properties(id)`, `collection.find(id, "B")`).
struct sgf_node {
    node_id parent = no_node;
    node_id first_child = no_node;
    node_id next_sibling = no_node;
    std::uint32_t offset = 0;  ///< byte offset of the `;` (or of the `(` for an implied node)

private:
    friend class sgf_collection;
    friend class detail::sgf_reader;
    // The node's properties: [first_property_, first_property_ + property_count_) of the
    // collection's property records; the slots up to property_capacity_ are reserved for it.
    std::uint32_t first_property_ = 0;
    std::uint32_t property_count_ = 0;
    std::uint32_t property_capacity_ = 0;
    node_id last_child_ = no_node;  // for constant-time appends
};

namespace detail {

// The growable array behind a collection's nodes and records (T trivially copyable). Unlike
// std::vector, an append neither zeroes the slot (the caller writes every field) nor carries
// reallocation code in line, and the size is a count, not an end pointer (records of 12 bytes
// made size() a division): the parser's appends stay a few instructions each.
template <typename T>
class flat_vector {
public:
    flat_vector() = default;
    flat_vector(const flat_vector& other) : size_(other.size_), capacity_(other.size_) {
        if (size_ != 0) {
            data_ = uninitialized_array(size_);
            std::copy_n(other.data_.get(), size_, data_.get());
        }
    }
    flat_vector(flat_vector&& other) noexcept
        : data_(std::move(other.data_)), size_(std::exchange(other.size_, 0)), capacity_(std::exchange(other.capacity_, 0)) {}
    flat_vector& operator=(const flat_vector& other) {
        if (this != &other) *this = flat_vector(other);
        return *this;
    }
    flat_vector& operator=(flat_vector&& other) noexcept {
        data_ = std::move(other.data_);
        size_ = std::exchange(other.size_, 0);
        capacity_ = std::exchange(other.capacity_, 0);
        return *this;
    }
    ~flat_vector() = default;

    std::size_t size() const noexcept { return size_; }
    std::size_t capacity() const noexcept { return capacity_; }
    T& operator[](std::size_t i) noexcept { return data_[i]; }
    const T& operator[](std::size_t i) const noexcept { return data_[i]; }
    T* data() noexcept { return data_.get(); }
    void clear() noexcept { size_ = 0; }
    void reserve(std::size_t n) {
        if (n > capacity_) reallocate(n);
    }
    // Appends one slot, left as it was (the caller fills it), and returns it.
    [[gnu::always_inline]] T& append() {
        if (size_ == capacity_) [[unlikely]] grow(1);
        return data_[size_++];
    }
    // True when append_unchecked() may be called.
    bool has_room() const noexcept { return size_ != capacity_; }
    // append() where has_room() was checked.
    [[gnu::always_inline]] T& append_unchecked() noexcept { return data_[size_++]; }
    // Appends `n` value-initialized slots (the rare path: a run of records moved to the end
    // with room to grow; its spare slots are then never indeterminate, even when copied).
    void append(std::uint32_t n) {
        if (capacity_ - size_ < n) grow(n);
        std::fill_n(data_.get() + size_, n, T{});
        size_ += n;
    }

private:
    // std::make_unique_for_overwrite where the standard library has it (not the libc++ of
    // emscripten 3.1.6, which the WebAssembly build uses): the elements are left uninitialized.
    static std::unique_ptr<T[]> uninitialized_array(std::size_t n) {
#if defined(__cpp_lib_smart_ptr_for_overwrite)
        return std::make_unique_for_overwrite<T[]>(n);
#else
        return std::unique_ptr<T[]>(new T[n]);
#endif
    }
    [[gnu::noinline]] void grow(std::uint32_t n) {
        const std::size_t twice = 2 * std::size_t{capacity_};
        reallocate(std::max<std::size_t>({16, twice, std::size_t{size_} + n}));
    }
    void reallocate(std::size_t n) {
        auto bigger = uninitialized_array(n);
        if (size_ != 0) std::copy_n(data_.get(), size_, bigger.get());
        data_ = std::move(bigger);
        capacity_ = static_cast<std::uint32_t>(n);
    }

    std::unique_ptr<T[]> data_;
    std::uint32_t size_ = 0;
    std::uint32_t capacity_ = 0;
};

// A random-access iterator over consecutive records of a collection, yielding light views
// (View is constructed from the collection and the record's index).
template <typename View>
class record_iterator {
public:
    using iterator_concept = std::random_access_iterator_tag;
    using iterator_category = std::input_iterator_tag;  // yields views by value
    using value_type = View;
    using difference_type = std::ptrdiff_t;
    using reference = View;

    record_iterator() = default;
    record_iterator(const sgf_collection* c, std::uint32_t i) noexcept : c_(c), i_(i) {}
    View operator*() const noexcept { return View(c_, i_); }
    View operator[](difference_type n) const noexcept { return View(c_, static_cast<std::uint32_t>(i_ + n)); }
    record_iterator& operator++() noexcept { ++i_; return *this; }
    record_iterator operator++(int) noexcept { auto t = *this; ++i_; return t; }
    record_iterator& operator--() noexcept { --i_; return *this; }
    record_iterator operator--(int) noexcept { auto t = *this; --i_; return t; }
    record_iterator& operator+=(difference_type n) noexcept { i_ = static_cast<std::uint32_t>(i_ + n); return *this; }
    record_iterator& operator-=(difference_type n) noexcept { i_ = static_cast<std::uint32_t>(i_ - n); return *this; }
    friend record_iterator operator+(record_iterator a, difference_type n) noexcept { return a += n; }
    friend record_iterator operator+(difference_type n, record_iterator a) noexcept { return a += n; }
    friend record_iterator operator-(record_iterator a, difference_type n) noexcept { return a -= n; }
    friend difference_type operator-(record_iterator a, record_iterator b) noexcept {
        return static_cast<difference_type>(a.i_) - static_cast<difference_type>(b.i_);
    }
    friend bool operator==(record_iterator a, record_iterator b) noexcept { return a.i_ == b.i_; }
    friend auto operator<=>(record_iterator a, record_iterator b) noexcept { return a.i_ <=> b.i_; }

private:
    const sgf_collection* c_ = nullptr;
    std::uint32_t i_ = 0;
};

// Consecutive records [first, first + count) of a collection, as a range of views.
template <typename View>
class record_range {
public:
    using iterator = record_iterator<View>;
    record_range() = default;
    record_range(const sgf_collection* c, std::uint32_t first, std::uint32_t count) noexcept
        : c_(c), first_(first), count_(count) {}
    iterator begin() const noexcept { return {c_, first_}; }
    iterator end() const noexcept { return {c_, first_ + count_}; }
    std::size_t size() const noexcept { return count_; }
    bool empty() const noexcept { return count_ == 0; }
    View operator[](std::size_t i) const noexcept { return View(c_, first_ + static_cast<std::uint32_t>(i)); }
    View front() const noexcept { return (*this)[0]; }
    View back() const noexcept { return (*this)[count_ - 1]; }
    /// Equal when both hold equal views in the same order.
    friend bool operator==(const record_range& a, const record_range& b) noexcept {
        if (a.count_ != b.count_) return false;
        for (std::uint32_t i = 0; i < a.count_; ++i) {
            if (!(a[i] == b[i])) return false;
        }
        return true;
    }

private:
    const sgf_collection* c_ = nullptr;
    std::uint32_t first_ = 0;
    std::uint32_t count_ = 0;
};

}  // namespace detail

/// One value of a property (a view into its collection): the text between `[` and `]` as
/// written (escapes kept), and the byte offset of its `[` in the decoded text (0 when built).
class sgf_value {
public:
    sgf_value(const sgf_collection* c, std::uint32_t index) noexcept : c_(c), index_(index) {}
    /// The raw text; valid until the collection is next changed.
    std::string_view raw() const noexcept;
    /// The byte offset of the `[` in the decoded text.
    std::uint32_t offset() const noexcept;
    /// Equal when the raw texts are (positions are bookkeeping).
    friend bool operator==(const sgf_value& a, const sgf_value& b) noexcept { return a.raw() == b.raw(); }

private:
    const sgf_collection* c_;
    std::uint32_t index_;
};

/// The values of one property, in file order (random access; empty when the property is absent).
using sgf_values = detail::record_range<sgf_value>;

/// One property of a node (a view into its collection): the FF[4] identifier (upper-case
/// letters only), the identifier as the file spelled it (`AddBlack`), and its values.
class sgf_property {
public:
    sgf_property(const sgf_collection* c, std::uint32_t record) noexcept : c_(c), id_(record) {}
    /// The FF[4] identifier; valid until the collection is next changed.
    std::string_view id() const noexcept;
    /// The identifier as written (equal to id() for a property built without a spelling).
    std::string_view spelled() const noexcept;
    /// The values in file order; valid until the collection is next changed.
    sgf_values values() const noexcept;
    /// The byte offset of the identifier in the decoded text (0 when built).
    std::uint32_t offset() const noexcept;
    /// Equal when identifier and raw values are (spelling and positions are bookkeeping).
    friend bool operator==(const sgf_property& a, const sgf_property& b) noexcept {
        return a.id() == b.id() && a.values() == b.values();
    }

private:
    const sgf_collection* c_;
    std::uint32_t id_;  // the property record
};

/// The properties of one node, in file order (random access).
using sgf_properties = detail::record_range<sgf_property>;

/// What a walk reports.
enum class walk_event : unsigned char {
    enter,  ///< a node is reached (pre-order; the first child is the main line)
    leave,  ///< every descendant of the node has been reported
};

/// A whole SGF file: several game trees (`(;…)(;…)`), in flat storage.
///
/// The collection owns one character buffer for every raw value and identifier, one vector
/// of nodes, one of property records and one of value records; a node refers to its
/// properties and a property to its values by a run [first, first + count). parse_sgf starts
/// the buffer with a copy of the whole decoded text, so a value read is a span of it. Building only
/// appends (amortized constant time, no allocation per node), and nothing recurses: a file
/// where every move opens a new variation level (100,000 levels) costs what a flat game costs.
/// Views (sgf_property, sgf_value, the ranges, raw texts) stay valid until the next change.
class sgf_collection {
public:
    /// The root node of each game tree, in file order.
    std::vector<node_id> roots;

    // ---- reading ----

    /// Returns the number of nodes (node ids run from 0 to node_count() - 1).
    std::size_t node_count() const noexcept { return nodes_.size(); }

    /// Returns the node of that id (its links and offset).
    const sgf_node& operator[](node_id id) const noexcept { return nodes_[id]; }

    /// Returns the properties of a node, in file order.
    sgf_properties properties(node_id id) const noexcept {
        return {this, nodes_[id].first_property_, nodes_[id].property_count_};
    }

    /// Returns the property of a node with that identifier, if any.
    std::optional<sgf_property> find(node_id id, std::string_view property) const noexcept;

    /// Returns true when the node has that property.
    bool has(node_id id, std::string_view property) const noexcept { return find(id, property).has_value(); }

    /// Returns the raw values of a property of a node (empty when absent).
    sgf_values values(node_id id, std::string_view property) const noexcept;

    /// Returns the children of a node in order (the first is the main line).
    std::vector<node_id> children(node_id id) const;

    /// Returns the number of children of a node.
    std::size_t child_count(node_id id) const noexcept;

    /// Calls `visit(node_id, walk_event)` for every node of the tree under `root`, depth-first,
    /// children in order, without recursion.
    template <typename Visitor>
    void walk(node_id root, Visitor&& visit) const {
        node_id current = root;
        while (current != no_node) {
            visit(current, walk_event::enter);
            if (nodes_[current].first_child != no_node) {
                current = nodes_[current].first_child;
                continue;
            }
            // Climb until a node with a next sibling (or back at the root).
            for (;;) {
                visit(current, walk_event::leave);
                if (current == root) return;
                if (nodes_[current].next_sibling != no_node) {
                    current = nodes_[current].next_sibling;
                    break;
                }
                current = nodes_[current].parent;
            }
        }
    }

    /// Returns true when both collections have the same trees: same shape, same properties
    /// in the same order with the same identifiers and raw values.
    friend bool operator==(const sgf_collection& a, const sgf_collection& b);

    // ---- building ----

    /// Appends a node as the last child of `parent` (a new game tree when parent is no_node)
    /// and returns its id. Constant time.
    node_id add_node(node_id parent, std::uint32_t offset = 0) { return append_node(parent, offset); }

    /// Appends a property without values to a node and returns it. `id` is the FF[4]
    /// identifier; `spelled`, when not empty, the identifier as written. A node takes
    /// properties in any order of building; amortized constant time.
    property_ref add_property(node_id node, std::string_view id, std::uint32_t offset = 0, std::string_view spelled = {});

    /// Appends a raw value (escapes already in place) to a property. Amortized constant time.
    void add_value(property_ref property, std::string_view raw, std::uint32_t offset = 0) {
        add_value_at(property, {append_chars(raw), static_cast<std::uint32_t>(raw.size())}, offset);
    }

    /// Reserves room for that many nodes, properties, values and characters (a hint).
    void reserve(std::size_t nodes, std::size_t properties, std::size_t values, std::size_t chars);

    /// Removes every game tree and node, keeping the memory: a program reading many files
    /// through one collection (parse_sgf's overload taking one) allocates nothing per file
    /// once the collection has grown to the largest.
    void clear() noexcept {
        roots.clear();
        nodes_.clear();
        properties_.clear();
        values_.clear();
        chars_.clear();
    }

private:
    friend class sgf_value;
    friend class sgf_property;
    friend class detail::sgf_reader;

    struct span {  // characters of chars_
        std::uint32_t begin;
        std::uint32_t size;
    };

    struct property_record {
        std::uint32_t id_begin;       // in chars_
        std::uint32_t id_size;
        std::uint32_t spelled_begin;  // in chars_
        std::uint32_t spelled_size;
        std::uint32_t first_value;    // in values_; slots up to value_capacity are its own
        std::uint32_t value_count;
        std::uint32_t value_capacity;
        std::uint32_t offset;
    };
    struct value_record {
        std::uint32_t begin;  // in chars_
        std::uint32_t size;
        std::uint32_t offset;
    };

    std::uint32_t append_chars(std::string_view s) {
        const auto at = static_cast<std::uint32_t>(chars_.size());
        chars_.append(s);
        return at;
    }

    // Runs grow in place while they end their vector (the common case: a parser fills one
    // node and one property at a time). A run that no longer ends its vector (a property
    // added to an earlier node, a duplicate property's values merged) moves to the end with
    // room to double (move_*), so growth stays amortized constant and the abandoned slots
    // stay within a constant factor of the live ones.
    //
    // The records are filled field by field: an aggregate assigned whole was built on the
    // stack from 32-bit stores and copied with 128-bit loads, a store-forwarding stall that
    // cost more than the rest of the append.
    // Makes room for one more property of `n` (in place when its run ends the record vector,
    // else by moving the run to the end) and returns the new property's index in the node.
    [[gnu::always_inline]] std::uint32_t next_property_slot(sgf_node& n) {
        if (n.property_count_ == n.property_capacity_) {
            if (n.first_property_ + n.property_capacity_ == properties_.size()) {
                properties_.append();
                ++n.property_capacity_;
            } else {
                move_properties(n);
            }
        }
        return n.property_count_++;
    }

    property_ref add_property_at(node_id node, span id, span spelled, std::uint32_t offset) {
        sgf_node& n = nodes_[node];
        const std::uint32_t index = next_property_slot(n);
        property_record& p = properties_[n.first_property_ + index];
        p.id_begin = id.begin;
        p.id_size = id.size;
        p.spelled_begin = spelled.begin;
        p.spelled_size = spelled.size;
        p.first_value = static_cast<std::uint32_t>(values_.size());
        p.value_count = 0;
        p.value_capacity = 0;
        p.offset = offset;
        return {node, index};
    }

    void add_value_at(property_ref property, span raw, std::uint32_t offset) {
        add_value_to_record(nodes_[property.node].first_property_ + property.index, raw, offset);
    }

    // The index of a property's record; valid until a property is added to its node.
    std::uint32_t record_of(property_ref property) const noexcept { return nodes_[property.node].first_property_ + property.index; }

    // add_property_at() and a first add_value_at() at once, as a parser adds them: the new
    // record is written once, not written and read back. Returns the record's index.
    [[gnu::always_inline]] std::uint32_t add_property_with_value_at(node_id node, span id, span spelled, std::uint32_t offset, span raw,
                                             std::uint32_t value_offset) {
        sgf_node& n = nodes_[node];
        const std::uint32_t index = next_property_slot(n);  // may move the node's run: first
        const std::uint32_t record = n.first_property_ + index;
        const auto first_value = static_cast<std::uint32_t>(values_.size());
        property_record& p = properties_[record];
        p.id_begin = id.begin;
        p.id_size = id.size;
        p.spelled_begin = spelled.begin;
        p.spelled_size = spelled.size;
        p.first_value = first_value;
        p.value_count = 1;
        p.value_capacity = 1;
        p.offset = offset;
        value_record& v = values_.append();
        v.begin = raw.begin;
        v.size = raw.size;
        v.offset = value_offset;
        return record;
    }

    // A property token's usual case at once: a new property of `node` whose run ends the
    // record vector, with its first value, where both vectors have room. Returns false, having
    // changed nothing, when it is not that case (add_property_with_value_at() is the general
    // one). Nothing here calls out, so that the parser's path needs no stack frame.
    [[gnu::always_inline]] bool try_append_property(node_id node, span id, std::uint32_t offset, span raw,
                                                    std::uint32_t value_offset, std::uint32_t& record) noexcept {
        sgf_node& n = nodes_[node];
        const auto at = static_cast<std::uint32_t>(properties_.size());
        if (n.first_property_ + n.property_count_ != at || !properties_.has_room() || !values_.has_room()) return false;
        ++n.property_count_;
        ++n.property_capacity_;  // equal to the count: a run that ends the vector has no spare slot
        record = at;
        const auto first_value = static_cast<std::uint32_t>(values_.size());
        property_record& p = properties_.append_unchecked();
        p.id_begin = id.begin;
        p.id_size = id.size;
        p.spelled_begin = id.begin;
        p.spelled_size = id.size;
        p.first_value = first_value;
        p.value_count = 1;
        p.value_capacity = 1;
        p.offset = offset;
        value_record& v = values_.append_unchecked();
        v.begin = raw.begin;
        v.size = raw.size;
        v.offset = value_offset;
        return true;
    }

    [[gnu::always_inline]] void add_value_to_record(std::uint32_t record, span raw, std::uint32_t offset) {
        property_record& p = properties_[record];
        if (p.value_count == p.value_capacity) {
            if (p.first_value + p.value_capacity == values_.size()) {
                values_.append();
                ++p.value_capacity;
            } else {
                move_values(p);
            }
        }
        value_record& v = values_[p.first_value + p.value_count++];
        v.begin = raw.begin;
        v.size = raw.size;
        v.offset = offset;
    }

    // add_node()'s body, always in line for the parser (the call per node showed in profiles).
    [[gnu::always_inline]] node_id append_node(node_id parent, std::uint32_t offset) {
        const auto id = static_cast<node_id>(nodes_.size());
        sgf_node& n = nodes_.append();
        n.parent = parent;
        n.first_child = no_node;
        n.next_sibling = no_node;
        n.offset = offset;
        n.first_property_ = static_cast<std::uint32_t>(properties_.size());
        n.property_count_ = 0;
        n.property_capacity_ = 0;
        n.last_child_ = no_node;
        if (parent == no_node) [[unlikely]] {
            add_root(id);
        } else {
            sgf_node& p = nodes_[parent];
            (p.last_child_ == no_node ? p.first_child : nodes_[p.last_child_].next_sibling) = id;
            p.last_child_ = id;
        }
        return id;
    }

    [[gnu::noinline]] void add_root(node_id id) { roots.push_back(id); }  // out of add_node's way
    void move_properties(sgf_node& n);
    void move_values(property_record& p);

    detail::flat_vector<sgf_node> nodes_;
    detail::flat_vector<property_record> properties_;
    detail::flat_vector<value_record> values_;
    std::string chars_;
};

inline std::string_view sgf_value::raw() const noexcept {
    const auto& v = c_->values_[index_];
    return {c_->chars_.data() + v.begin, v.size};
}
inline std::uint32_t sgf_value::offset() const noexcept { return c_->values_[index_].offset; }

inline std::string_view sgf_property::id() const noexcept {
    const auto& p = c_->properties_[id_];
    return {c_->chars_.data() + p.id_begin, p.id_size};
}
inline std::string_view sgf_property::spelled() const noexcept {
    const auto& p = c_->properties_[id_];
    return {c_->chars_.data() + p.spelled_begin, p.spelled_size};
}
inline sgf_values sgf_property::values() const noexcept {
    const auto& p = c_->properties_[id_];
    return {c_, p.first_value, p.value_count};
}
inline std::uint32_t sgf_property::offset() const noexcept { return c_->properties_[id_].offset; }

/// Returns the value with SGF escapes resolved: `\` + line break (soft break) is removed,
/// `\` + any other character gives that character. Line breaks are kept as written.
std::string unescape(std::string_view raw);

/// Returns an FF[4] Text value: unescaped, hard line breaks normalized to `\n`, other white
/// space (tab, VT, FF) turned into spaces.
std::string text_value(std::string_view raw);

/// Returns an FF[4] SimpleText value: unescaped, every line break and other white space
/// turned into one space each.
std::string simple_text_value(std::string_view raw);

/// The two halves of a compose value (`aa:bb`), split at the first unescaped `:`.
struct composed {
    std::string_view first;
    std::string_view second;
    bool is_composed = false;  ///< false when the value has no unescaped `:` (all in `first`)
};

/// Splits a raw value at its first unescaped `:`.
composed split_compose(std::string_view raw) noexcept;

/// Writes the collection as SGF text (UTF-8; values written as their raw form, which
/// already carries its escapes). Reading the output gives an equal collection.
std::string write_sgf(const sgf_collection& collection, const sgf_write_options& options = {});

/// Returns the value escaped for writing between `[` and `]` (`]` and `\` get a backslash;
/// with `compose`, `:` too).
std::string escape(std::string_view text, bool compose = false);

}  // namespace kifu::go
