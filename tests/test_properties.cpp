// Exhaustive property tests.
//
// 1. Shapes of depth <= 2 and size <= 64 whose integers are >= 2 (so at most
//    6 integers). A shape's *structure* (its nesting, with int leaves) is a
//    type; each structure is filled at run time with every assignment of
//    values >= 2 whose product is <= 64. The structures: every one with 1..3
//    integers (the plain int and every tuple whose elements are an int or a
//    tuple of ints: 21, generated at compile time), and 15 hand-picked ones
//    with 4..6 integers. (All 376 structures with <= 6 integers would cost
//    minutes of compile time: each structure instantiates the whole check.)
//    Checked for each shape and every index: idx2crd against an independent
//    colexicographic reference, the idx2crd / crd2idx round trips, the compact
//    col-major and row-major layouts are bijections onto [0, size) with the
//    expected strides, and a layout (with a non-compact stride too) gives the
//    same index for the 1-D, the R-D and the natural coordinate.
// 2. Static vs dynamic: for a list of static shapes (depth 0..2) the static
//    layout and the same layout with int entries agree at every index, and
//    the results at static indices have static types.
// 3. A zero or negative dynamic shape is rejected at run time.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {

// ---- structures -----------------------------------------------------------------------

template <class... T> struct list {};

template <class... L> struct concat;
template <> struct concat<> { using type = list<>; };
template <class... A> struct concat<list<A...>> { using type = list<A...>; };
template <class... A, class... B, class... R>
struct concat<list<A...>, list<B...>, R...> : concat<list<A..., B...>, R...> {};
template <class... L> using concat_t = typename concat<L...>::type;

template <class G, class T> struct prepend_one;
template <class G, class... E> struct prepend_one<G, tuple<E...>> { using type = tuple<G, E...>; };
template <class G, class L> struct prepend_each;
template <class G, class... T> struct prepend_each<G, list<T...>> {
  using type = list<typename prepend_one<G, T>::type...>;
};

template <std::size_t> using int_leaf = int;
template <std::size_t K, class = std::make_index_sequence<K>> struct int_tuple_of;
template <std::size_t K, std::size_t... I> struct int_tuple_of<K, std::index_sequence<I...>> {
  using type = tuple<int_leaf<I>...>;
};

// The top-level elements that hold K integers: int or (int) for K = 1, else (int,...,int).
template <std::size_t K> struct groups { using type = list<typename int_tuple_of<K>::type>; };
template <> struct groups<1> { using type = list<int, tuple<int>>; };

template <class Gs, class Rest> struct prepend_all;
template <class... G, class Rest> struct prepend_all<list<G...>, Rest> {
  using type = concat_t<typename prepend_each<G, Rest>::type...>;
};

// All tuples with N integer leaves, of depth <= 2.
template <std::size_t N> struct tuples;
template <std::size_t N, class = std::make_index_sequence<N>> struct tuples_impl;
template <std::size_t N, std::size_t... K> struct tuples_impl<N, std::index_sequence<K...>> {
  // first element holds K+1 leaves, the rest N-K-1
  using type = concat_t<typename prepend_all<typename groups<K + 1>::type,
                                             typename tuples<N - K - 1>::type>::type...>;
};
template <std::size_t N> struct tuples { using type = typename tuples_impl<N>::type; };
template <> struct tuples<0> { using type = list<tuple<>>; };

// Every structure with 1..3 integers, generated; larger ones (4..6 integers)
// hand-picked, since each structure costs compile time.
using i = int;
template <class... T> using T_ = tuple<T...>;
using Structures = concat_t<
    list<int>, typename tuples<1>::type, typename tuples<2>::type, typename tuples<3>::type,
    list<T_<i, i, i, i>, T_<T_<i, i>, T_<i, i>>, T_<i, T_<i, i, i>>, T_<T_<i, i, i>, i>, T_<i, T_<i, i>, i>,
         T_<i, i, T_<i, i>>, T_<T_<i, i>, i, i>, T_<T_<i, i, i, i>>,                               // 4
         T_<i, i, i, i, i>, T_<T_<i, i>, T_<i, i>, i>, T_<i, T_<i, i>, T_<i, i>>, T_<T_<i, i, i>, T_<i, i>>,  // 5
         T_<i, i, i, i, i, i>, T_<T_<i, i>, T_<i, i>, T_<i, i>>, T_<T_<i, i, i>, T_<i, i, i>>>>;            // 6

template <class L> struct length;
template <class... T> struct length<list<T...>> : std::integral_constant<std::size_t, sizeof...(T)> {};
static_assert(length<Structures>::value == 1 + 2 + 5 + 13 + 15);

// ---- helpers on shapes ------------------------------------------------------------------

template <class T>
constexpr std::size_t leaf_count = [] {
  if constexpr (is_tuple_v<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (std::size_t{0} + ... + leaf_count<tuple_element_t<I, T>>);
    }(std::make_index_sequence<tuple_size_v<T>>{});
  } else {
    return std::size_t{1};
  }
}();

// Writes v[0], v[1], ... into the int leaves of t, in order.
template <class T>
void assign_leaves(T& t, int const* v, std::size_t& pos) {
  if constexpr (is_tuple_v<T>) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (assign_leaves(get<I>(t), v, pos), ...);
    }(std::make_index_sequence<tuple_size_v<T>>{});
  } else {
    t = v[pos++];
  }
}

// The integers of t, in order. (A plain visitor: cheaper to compile than flatten.)
template <class T>
void collect_leaves(T const& t, std::vector<int>& out) {
  if constexpr (is_tuple_v<T>) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (collect_leaves(get<I>(t), out), ...);
    }(std::make_index_sequence<tuple_size_v<T>>{});
  } else {
    out.push_back(int(t));
  }
}
template <class T>
std::vector<int> leaves(T const& t) {
  std::vector<int> out;
  collect_leaves(t, out);
  return out;
}

// The R-D view of a shape: one integer per mode.
template <class S>
auto mode_sizes(S const& s) {
  if constexpr (is_tuple_v<S>) {
    return transform(s, [](auto const& m) { return int(product(m)); });
  } else {
    return int(s);
  }
}

// All value vectors of length n with entries >= 2 and product <= 64.
std::vector<std::array<int, 6>> value_sets(std::size_t n) {
  std::vector<std::array<int, 6>> out;
  std::array<int, 6> cur{};
  auto rec = [&](auto&& self, std::size_t k, int prod) -> void {
    if (k == n) {
      out.push_back(cur);
      return;
    }
    for (int v = 2; prod * v <= 64; ++v) {
      cur[k] = v;
      self(self, k + 1, prod * v);
    }
  };
  rec(rec, 0, 1);
  return out;
}

// Collects failures without flooding the output. Deliberately not a template:
// each structure instantiates check_shape, and everything kept out of it
// keeps this file quick to compile.
struct Tally {
  long checks = 0, failures = 0;
  std::string shape;  // the shape being checked, printed
  void expect(bool ok, char const* what, int i = -1) {
    ++checks;
    if (!ok) fail(what, i);
  }
  void fail(char const* what, int i) {
    if (++failures > 20) return;
    if (i >= 0) {
      ADD_FAILURE() << shape << " at index " << i << ": " << what;
    } else {
      ADD_FAILURE() << shape << ": " << what;
    }
  }
};

// References computed from the shape's integers alone: the colexicographic
// digit strides, the row-major strides, and an arbitrary non-compact stride
// (leaf k gets 7k + 3).
struct Reference {
  std::vector<int> shape, col, row, odd;
  explicit Reference(std::vector<int> s) : shape(std::move(s)) {
    std::size_t const r = shape.size();
    col.resize(r), row.resize(r), odd.resize(r);
    for (std::size_t k = 0, p = 1; k < r; p *= shape[k], ++k) col[k] = int(p);
    for (std::size_t k = r, p = 1; k-- > 0; p *= shape[k]) row[k] = int(p);
    for (std::size_t k = 0; k < r; ++k) odd[k] = int(7 * k + 3);
  }
  // Is c the colexicographic natural coordinate of i?
  bool is_natural(std::vector<int> const& c, int i) const {
    if (c.size() != shape.size()) return false;
    for (std::size_t k = 0; k < c.size(); ++k)
      if (c[k] != i / col[k] % shape[k]) return false;
    return true;
  }
  static int dot(std::vector<int> const& c, std::vector<int> const& d) {
    int v = 0;
    for (std::size_t k = 0; k < c.size() && k < d.size(); ++k) v += c[k] * d[k];
    return v;
  }
};

// Counts of each value of a layout over [0, size): a bijection onto [0, size)
// hits every value exactly once.
bool is_bijection(std::vector<int> const& values) {
  std::vector<int> seen(values.size());
  for (int v : values) {
    if (v < 0 || v >= int(values.size()) || seen[v]++) return false;
  }
  return true;
}

template <class S>
void check_shape(S const& s, Tally& t) {
  Reference const ref(leaves(s));
  int const n = size(s);
  t.shape = to_string(s);

  S custom_stride = s;
  std::size_t pos = 0;
  assign_leaves(custom_stride, ref.odd.data(), pos);

  auto const col = make_layout(s);
  auto const row = make_layout(s, LayoutRight{});
  auto const custom = make_layout(s, custom_stride);
  auto const rd_shape = mode_sizes(s);

  t.expect(int(cosize(col)) == n && int(cosize(row)) == n, "cosize of a compact layout is its size");
  t.expect(leaves(stride(col)) == ref.col, "LayoutLeft (default) strides");
  t.expect(leaves(stride(row)) == ref.row, "LayoutRight strides");

  std::vector<int> col_values(n), row_values(n), cl;
  for (int i = 0; i < n; ++i) {
    auto const c = idx2crd(i, s);
    static_assert(decltype(congruent(c, s))::value, "idx2crd gives the natural coordinate");
    cl.clear();
    collect_leaves(c, cl);
    t.expect(ref.is_natural(cl, i), "idx2crd is the colexicographic natural coordinate", i);

    // Round trips.
    t.expect(int(crd2idx(c, s)) == i, "crd2idx(idx2crd(i)) == i", i);
    t.expect(int(crd2idx(i, s)) == i, "crd2idx(i) == i", i);
    t.expect(bool(idx2crd(c, s) == c), "idx2crd of a natural coordinate is itself", i);

    // Compact layouts: col-major is the identity on 1-D coordinates, row-major
    // the row-major digits; both take the natural coordinate too.
    col_values[i] = col(i);
    row_values[i] = row(i);
    t.expect(col_values[i] == i && int(col(c)) == i, "col-major value", i);
    t.expect(row_values[i] == Reference::dot(cl, ref.row) && int(row(c)) == row_values[i], "row-major value", i);

    // The 1-D, R-D and natural coordinates give the same index.
    auto const rd = idx2crd(i, rd_shape);
    int const want = Reference::dot(cl, ref.odd);
    t.expect(int(crd2idx(rd, s)) == i, "crd2idx(R-D coordinate) == i", i);
    t.expect(int(custom(i)) == want && int(custom(c)) == want && int(custom(rd)) == want,
             "custom stride: 1-D, R-D and natural coordinates agree", i);
    t.expect(bool(crd2crd(rd, rd_shape, s) == c), "crd2crd(R-D coordinate) is the natural coordinate", i);
  }
  t.expect(is_bijection(col_values), "compact col-major is a bijection onto [0,size)");
  t.expect(is_bijection(row_values), "compact row-major is a bijection onto [0,size)");
}

template <class S>
long check_structure(Tally& t) {
  constexpr std::size_t n = leaf_count<S>;
  long shapes = 0;
  for (auto const& v : value_sets(n)) {
    S s{};
    std::size_t pos = 0;
    assign_leaves(s, v.data(), pos);
    check_shape(s, t);
    ++shapes;
  }
  return shapes;
}

template <class... S>
long check_all(list<S...>, Tally& t) {
  return (0L + ... + check_structure<S>(t));
}

}  // namespace

TEST(Properties, ShapesOfDepthAtMost2AndSizeAtMost64) {
  Tally t;
  long const shapes = check_all(Structures{}, t);
  EXPECT_EQ(t.failures, 0);
  // Spot check of the enumeration: 63 values for each of int and (int) and ((int)).
  EXPECT_GT(shapes, 3 * 63);
  std::printf("[ info ] %ld shapes of %zu structures, %ld checks\n", shapes, length<Structures>::value, t.checks);
}

// ---- static vs dynamic ----------------------------------------------------------------------

namespace {

template <class T>
auto to_dynamic(T const& t) {
  if constexpr (is_tuple_v<T>) {
    return transform(t, [](auto const& e) { return to_dynamic(e); });
  } else {
    return int(t);
  }
}

template <class S>
void check_static_shape() {
  S const s{};
  auto const d = to_dynamic(s);
  std::string const name = to_string(s);
  static_assert(is_static_v<S>);
  static_assert(!is_static_v<decltype(d)>);
  static_assert(decltype(congruent(s, d))::value);

  auto const ls = make_layout(s);
  auto const ld = make_layout(d);
  auto const xs = make_layout(s, compact_row_major(s, Int<3>{}));  // strides 3x row-major
  auto const xd = make_layout(d, compact_row_major(d, 3));
  static_assert(is_static_v<decltype(ls)> && is_static_v<decltype(xs)>);
  static_assert(is_static_v<decltype(size(ls))> && is_static_v<decltype(cosize(xs))>);
  static_assert(is_static_v<decltype(rank(ls))> && is_static_v<decltype(depth(ls))>);

  // The same text once the underscores of static integers are removed.
  auto plain = [](std::string t) {
    std::erase(t, '_');
    return t;
  };
  EXPECT_EQ(plain(to_string(ld)), plain(to_string(ls))) << name;
  EXPECT_EQ(plain(to_string(xd)), plain(to_string(xs))) << name;
  EXPECT_EQ(int(size(ls)), int(size(ld))) << name;
  EXPECT_EQ(int(cosize(xs)), int(cosize(xd))) << name;
  EXPECT_EQ(int(rank(ls)), int(rank(ld))) << name;
  EXPECT_EQ(int(depth(ls)), int(depth(ld))) << name;

  // Every dynamic index.
  for (int i = 0; i < int(size(ls)); ++i) {
    ASSERT_EQ(int(ls(i)), int(ld(i))) << name << " at " << i;
    ASSERT_EQ(int(xs(i)), int(xd(i))) << name << " at " << i;
    ASSERT_TRUE(bool(idx2crd(i, s) == idx2crd(i, d))) << name << " at " << i;
  }
  // Static indices (first, second, middle, last): static results, equal to the dynamic ones.
  constexpr int N = decltype(size(s))::value;
  auto at_static = [&]<int k>(Int<k> idx) {
    auto const c = idx2crd(idx, s);
    auto const v = xs(idx);
    static_assert(is_static_v<decltype(c)> && is_static_v<decltype(v)>);
    static_assert(is_static_v<decltype(ls(c))> && decltype(crd2idx(c, s))::value == k);
    EXPECT_EQ(int(v), int(xd(k))) << name << " at " << k;
    EXPECT_EQ(int(ls(c)), k) << name << " at " << k;
    EXPECT_EQ(int(xs(c)), int(v)) << name << " at " << k;
    EXPECT_TRUE(bool(c == idx2crd(k, d))) << name << " at " << k;
  };
  at_static(Int<0>{});
  at_static(Int<(N > 1 ? 1 : 0)>{});
  at_static(Int<N / 2>{});
  at_static(Int<N - 1>{});
}

template <class... S>
void check_static_shapes(list<S...>) {
  (check_static_shape<S>(), ...);
}

using StaticShapes = list<
    // depth 0
    _1, _2, _7, _8, _64,
    // depth 1
    Shape<_1>, Shape<_8>, Shape<_1, _8>, Shape<_8, _1>, Shape<_2, _4>, Shape<_4, _2>, Shape<_3, _5>, Shape<_2, _3, _4>,
    Shape<_4, _1, _3>, Shape<_2, _2, _2, _2>, Shape<_2, _3, _2, _5>, Shape<_2, _2, _2, _2, _2, _2>, Shape<_16, _4>,
    // depth 2
    Shape<Shape<_4>>, Shape<Shape<_4, _2>>, Shape<_2, Shape<_2, _2>>, Shape<Shape<_2, _2>, _2>,
    Shape<_3, Shape<_2, _3>>, Shape<Shape<_2, _2>, _6>, Shape<Shape<_2, _2>, Shape<_3, _2>>, Shape<Shape<_2, _3>, _4>,
    Shape<_4, Shape<_3, _6>>, Shape<Shape<_2, _1>, Shape<_1, _6>>, Shape<_2, Shape<_1, _6>>, Shape<_2, Shape<_3, _2, _2>>,
    Shape<Shape<_2, _2, _2>, _5>, Shape<Shape<_2>, _3, Shape<_2, _2>>, Shape<Shape<_4, _2>, Shape<_2, _4>>,
    Shape<Shape<_2, _2>, Shape<_4, _2>, Shape<_2, _3>>>;

}  // namespace

TEST(Properties, StaticAndDynamicAgree) {
  static_assert(length<StaticShapes>::value >= 30);
  check_static_shapes(StaticShapes{});
}

TEST(Properties, MixedStaticDynamicAgree) {
  // Some entries static, some dynamic: same values as all-dynamic.
  auto const m = make_layout(make_shape(_2{}, make_shape(3, _4{})), make_stride(12, make_stride(_1{}, 3)));
  auto const d = make_layout(make_shape(2, make_shape(3, 4)), make_stride(12, make_stride(1, 3)));
  EXPECT_EQ(to_string(m), "(_2,(3,_4)):(12,(_1,3))");
  for (int i = 0; i < 24; ++i) EXPECT_EQ(m(i), d(i)) << i;
}

TEST(Properties, LastModeExtends) {
  // As in CuTe, a 1-D coordinate past the size is not wrapped: the last mode
  // takes the whole quotient (the layout extended along its last mode).
  auto const l = make_layout(make_shape(2, make_shape(2, 2)), make_stride(4, make_stride(2, 1)));
  EXPECT_EQ(to_string(idx2crd(9, shape(l))), "(1,(0,2))");
  EXPECT_EQ(l(9), 4 + 2);
  EXPECT_EQ(l(0, 5), 2 + 2);  // mode 1 at 5: (1,2)
  EXPECT_EQ(crd2idx(9, shape(l)), 9);
  for (int i = 0; i < 40; ++i) {
    EXPECT_EQ(make_layout(make_shape(2, 3))(i), i);  // compact col-major stays the identity
    EXPECT_EQ(crd2idx(idx2crd(i, make_shape(make_shape(2, 2), 3)), make_shape(make_shape(2, 2), 3)), i);
  }
}

// ---- bad input ------------------------------------------------------------------------------

TEST(Properties, NonPositiveDynamicShapeThrows) {
  auto expect_rejected = [](auto&& make, char const* what) {
    try {
      make();
      ADD_FAILURE() << what << ": no exception";
    } catch (tessel::error const& e) {
      EXPECT_NE(std::string(e.what()).find("not positive"), std::string::npos) << what << ": " << e.what();
    }
  };
  expect_rejected([] { return make_layout(0); }, "make_layout(0)");
  expect_rejected([] { return make_layout(-3); }, "make_layout(-3)");
  expect_rejected([] { return make_layout(make_shape(2, make_shape(0, 2))); }, "make_layout((2,(0,2)))");
  expect_rejected([] { return make_layout(make_shape(2, -1), make_stride(1, 2)); }, "make_layout((2,-1),(1,2))");
  expect_rejected([] { return make_layout(make_shape(_2{}, 0), LayoutRight{}); }, "make_layout((_2,0),LayoutRight)");
  expect_rejected([] { return make_layout(make_shape(0), LayoutLeft{}); }, "make_layout((0),LayoutLeft)");
  // tessel::error is a std::invalid_argument; the message names the value.
  try {
    make_layout(make_shape(4, -2));
    ADD_FAILURE() << "no exception";
  } catch (std::invalid_argument const& e) {
    EXPECT_NE(std::string(e.what()).find("-2"), std::string::npos) << e.what();
  }
  // Positive shapes are fine.
  EXPECT_NO_THROW(make_layout(make_shape(1, make_shape(1, 64))));
}
