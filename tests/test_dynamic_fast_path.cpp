// The typed fast path for tiling with dynamic integers (algebra/fast_path.hpp)
// against the engine.
//
// For every static tiler of an enumerated set (1-D and 2-D, tile sizes 1..8:
// integers, Shapes, compact layouts, by-mode tuples with `_`, and a few
// non-compact or stride-0 entries) and every dynamic layout of an enumerated set
// (rank 1 and 2, shapes 1..24, strides 0..8, row- and column-major, static and
// dynamic mixes), each of composition, logical_divide, zipped_divide,
// tiled_divide and flat_divide is computed three ways:
//   * the fast path (detail::run_op, which must choose it),
//   * the general path (detail::run_op_engine: the engine at run time),
//   * the all-static computation (the engine on the same values, every
//     integer static, as the compile-time pass computes static layouts),
// and the first two must have the same type, print the same text and give the
// same value at every index (or throw the same error), the third the same
// value at every index where the value is known: where the coordinate the
// tiler sends the index to lies inside the layout's shape. (Outside, in the
// padding of a tile larger than a mode, the value is the layout's extension,
// which differs where a shape is 1: a static 1 is dropped, its stride read as
// 0, a dynamic 1 keeps its stride.) local_tile, local_partition, inner_partition and
// outer_partition of tensors are compared with the engine's zipped_divide
// sliced the same way. Integer overflow (the only run-time failure of these
// calls with static tilers) must give the engine's error.
//
// Also here (issue 5 leftovers): upcast with a dynamic stride 0, and recast's
// rule that every new element is whole elements the old layout covers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <typeinfo>
#include <utility>
#include <vector>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {

struct Tally {
  long checked = 0;  // calls compared (fast == general == all-static)
  long errors = 0;   // calls where both paths threw the same error
  long failures = 0;
};

// The indices compared: all, or for a huge layout the first 4096 and the last 256.
template <class F>
bool all_indices(long long n, F&& f) {
  for (long long i = 0; i < n; ++i) {
    if (n > 8192 && i == 4096) i = n - 256;
    if (!f(i)) return false;
  }
  return true;
}

template <class Op> constexpr char const* op_name() {
  if constexpr (std::is_same_v<Op, detail::op_composition>) return "composition";
  else if constexpr (std::is_same_v<Op, detail::op_logical_divide>) return "logical_divide";
  else if constexpr (std::is_same_v<Op, detail::op_zipped_divide>) return "zipped_divide";
  else if constexpr (std::is_same_v<Op, detail::op_tiled_divide>) return "tiled_divide";
  else return "flat_divide";
}

// Whether every value of the layout fits in 64 bits (then it can be evaluated).
bool evaluable(engine::Layout const& v) {
  engine::Error e;
  engine::Arith ar{&e};
  engine::i64 m = 0;
  for (int k = 0; k < v.nleaf; ++k) m = ar.add(m, ar.mul(v.shape[k].v, engine::iabs(v.stride[k].v)));
  return !e;
}

// The rest of a comparison, on engine values: l the input layout, t the
// tiler, fv the fast path's values at the indices all_indices visits. Returns
// "" or what differs from the all-static computation.
std::string compare_all_static(detail::Family op, engine::Layout const& l, engine::Tiler const& t, long long n,
                               std::vector<long long> const& fv) {
  engine::Layout al = l;  // every integer static
  for (int k = 0; k < al.nleaf; ++k) al.shape[k].is_static = al.stride[k].is_static = true;
  engine::Ctx cx;
  engine::Layout const s = detail::fast::run_family(op, al, t, cx);
  if (cx.err.code == engine::Err::overflow) return "";  // (64-bit extremes: not known)
  if (cx.err) return "the all-static computation fails: " + engine::describe(cx.err);
  if (engine::size(s, cx.err) != n) return "all-static size " + std::to_string(engine::size(s, cx.err));
  for (int k = 0; k < al.nleaf; ++k)
    if (al.shape[k].v >= 4096) return "";  // (not decodable below)
  // Where each index goes: the engine's run-time pass on l with its strides
  // replaced by powers of 2^12 (leaf k of l holds digit k of the value).
  engine::Layout id = l;
  long long p = 1;
  for (int k = 0; k < id.nleaf; ++k, p *= 4096) id.stride[k] = {p, false};
  engine::Ctx ci;
  ci.strict = true;
  ci.follow = true;  // (the typed API's run-time pass: detail::follow_pass)
  engine::Layout const where = detail::fast::run_family(op, id, t, ci);
  std::size_t j = 0;
  long long bad = -1;
  if (ci.err) {
    // The map's strides merge no modes, so it fails where l's static strides merge two leaves
    // and the tiler needs that ((_2,_3,n):(_1,_2,d) by 3:2). Then, without a shape of 1, the
    // extension past a mode is the same both ways: every value is compared.
    for (int k = 0; k < l.nleaf; ++k)
      if (l.shape[k].v == 1) return "";
    all_indices(n, [&](long long i) { return engine::eval(s, i, cx.err) == fv[j++] || (bad = i, false); });
    return bad < 0 ? "" : "all-static value at " + std::to_string(bad) + " differs";
  }
  if (engine::size(where, ci.err) != n) return "the coordinate map's size differs";
  all_indices(n, [&](long long i) {
    long long const v = fv[j++];
    long long const w = engine::eval(where, i, ci.err);
    bool inside = w >= 0;
    for (int k = 0; k < id.nleaf && inside; ++k) inside = (w >> (12 * k)) % 4096 < id.shape[k].v;
    return !inside || engine::eval(s, i, cx.err) == v || (bad = i, false);
  });
  return bad < 0 ? "" : "all-static value at " + std::to_string(bad) + " differs";
}

// Whether a tiler has a static tile of size 1 (an integer _1, a _1 entry, a layout of shape _1).
// Since ed7a969 the engine keeps CuTe's stride for such a mode (composition(3:10,1) = 1:10), which
// the fast path's planners do not model: those calls take the general path (the engine at run
// time; in device code -DTESSEL_NO_DEVICE_ENGINE names them), and are still compared below. Every
// other tiler of the set must take the fast path.
template <class T>
constexpr bool has_static_one() {
  if constexpr (is_tuple_v<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (has_static_one<std::tuple_element_t<I, T>>() || ...);
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (is_layout_v<T>) {
    return has_static_one<std::remove_cvref_t<decltype(T{}.shape())>>();
  } else if constexpr (requires { T::value; }) {
    return is_static_v<T> && T::value == 1;
  } else {
    return false;
  }
}

template <class Op, class L, class T>
void check_one(L const& l, T const& t, Tally& tally) {
  static_assert(admissible_v<Op, L, T>, "an admissible call");
  static_assert(detail::uses_fast_path<Op, L, T> || has_static_one<T>(), "the fast path must apply here");
  using R = decltype(detail::run_op_engine<Op>(l, t));
  static_assert(std::is_same_v<decltype(detail::run_op<Op>(l, t)), R>, "the same result type");
  std::string what;
  R f{}, g{};
  std::string fe, ge;
  try { f = detail::run_op<Op>(l, t); } catch (tessel::error const& e) { fe = e.what(); }
  try { g = detail::run_op_engine<Op>(l, t); } catch (tessel::error const& e) { ge = e.what(); }
  std::string fs, gs;
  if (fe != ge) {
    what = "fast path error \"" + fe + "\", engine error \"" + ge + "\"";
  } else if (!fe.empty()) {
    ++tally.errors;
    return;
  } else if ((fs = to_string(f)) != (gs = to_string(g))) {
    what = "fast path " + fs + ", engine " + gs;
  } else if (evaluable(detail::to_rt(f, false)) && evaluable(detail::to_rt(l, false))) {
    long long const n = static_cast<long long>(size(f));
    std::vector<long long> fv;
    long long bad = -1;
    all_indices(n, [&](long long i) {
      fv.push_back(static_cast<long long>(f(i)));
      return fv.back() == static_cast<long long>(g(i)) || (bad = i, false);
    });
    what = bad >= 0 ? "value at " + std::to_string(bad)
                    : compare_all_static(detail::family_of<Op>, detail::to_rt(l, false), detail::to_tiler(t, false), n, fv);
  }
  if (what.empty()) {
    ++tally.checked;
  } else if (++tally.failures <= 20) {
    ADD_FAILURE() << op_name<Op>() << "(" << to_string(l) << ", " << typeid(T).name() << ") = " << fs << ": " << what;
  }
}

// Every operation where it is defined (zipped, tiled and flat divides by `_` are not).
template <class Op, class T, class L>
void check_if_defined(L const& l, Tally& tally) {
  if constexpr (admissible_v<Op, L, T>) check_one<Op>(l, T{}, tally);
}
template <class T, class L>
void check_ops(L const& l, Tally& tally) {
  check_if_defined<detail::op_composition, T>(l, tally);
  check_if_defined<detail::op_logical_divide, T>(l, tally);
  check_if_defined<detail::op_zipped_divide, T>(l, tally);
  check_if_defined<detail::op_tiled_divide, T>(l, tally);
  check_if_defined<detail::op_flat_divide, T>(l, tally);
}

template <class... T> struct list {};
template <class A, class B> struct cat;
template <class... A, class... B> struct cat<list<A...>, list<B...>> { using type = list<A..., B...>; };

template <class... T, class L>
void check_tilers(list<T...>, L const& l, Tally& tally) {
  (check_ops<T>(l, tally), ...);
}

// ---- the enumerated tilers ---------------------------------------------------------------------

// 1-D, tile sizes 1..8 but 7: an integer, a layout (not by mode), a Shape and a
// tuple of a layout (by mode).
template <int t> using tilers1_of = list<C<t>, Layout<C<t>>, Shape<C<t>>, tuple<Layout<C<t>>>>;
template <int... t> struct tilers1_for { using type = list<>; };
template <int t0, int... t> struct tilers1_for<t0, t...> {
  using type = typename cat<tilers1_of<t0>, typename tilers1_for<t...>::type>::type;
};
// Non-compact and degenerate entries: strided, two modes, unsorted strides, stride 0, `_`.
using tilers1_extra = list<Layout<_2, _2>, Layout<_3, _2>, Layout<Shape<_2, _2>, Stride<_1, _4>>,
                           Layout<Shape<_2, _3>, Stride<_3, _1>>, Layout<_4, _0>, Underscore, tuple<Underscore>>;
using tilers1 = cat<typename tilers1_for<1, 2, 3, 4, 5, 6, 8>::type, tilers1_extra>::type;
using tilers1_small = cat<typename tilers1_for<1, 3, 8>::type, tilers1_extra>::type;
using tilers1_micro = list<_3, Layout<_5>, Shape<_8>, tuple<Layout<_2>>, Layout<_4, _0>, Layout<Shape<_2, _2>, Stride<_1, _4>>, Underscore>;

// 2-D by-mode Shapes (a, b): each of 1, 2, 3, 4, 6, 8 in either mode (every divisibility relation a
// tile of size <= 8 has with the layouts' shapes 1..16). A by-mode tiler divides each mode on its
// own, so the pairs need not be crossed: 10 instantiations instead of the 36 of the full cross
// product (test_dynamic_fast_path was the slowest compile of CI).
using shapes2 = list<Shape<_1, _8>, Shape<_2, _6>, Shape<_3, _4>, Shape<_4, _3>, Shape<_6, _2>, Shape<_8, _1>, Shape<_1, _1>,
                     Shape<_8, _8>, Shape<_6, _6>, Shape<_3, _1>>;
using tilers2_extra =
    list<tuple<Layout<_1>, Layout<_1>>, tuple<Layout<_3>, Layout<_8>>, tuple<Layout<_8>, Layout<_2>>,
         tuple<Underscore, _5>, tuple<_3, Underscore>, Shape<_4>, tuple<Layout<_2, _2>, Layout<Shape<_2, _2>, Stride<_1, _4>>>,
         tuple<Layout<_4, _0>, _3>>;
using shapes2_small = list<Shape<_1, _1>, Shape<_1, _8>, Shape<_2, _3>, Shape<_4, _4>, Shape<_5, _7>, Shape<_8, _1>, Shape<_8, _8>,
                           Shape<_3, _6>>;
using tilers2_small = cat<shapes2_small, tilers2_extra>::type;

// ---- the enumerated layouts ----------------------------------------------------------------------

constexpr int kMaxShape = 24, kMaxStride = 8;
// Rank 2, both modes enumerated: 1..16 (every relation with tiles <= 8, up to twice the tile; run time in CI).
constexpr int kMaxShape2 = 16;

TEST(DynamicFastPath, Rank1DynamicShapeAndStride) {
  Tally tally;
  for (int s = 1; s <= kMaxShape; ++s)
    for (int d = 0; d <= kMaxStride; ++d) {
      check_tilers(tilers1{}, make_layout(s, d), tally);
      check_tilers(tilers1_small{}, make_layout(make_shape(s), make_stride(d)), tally);
    }
  EXPECT_EQ(tally.failures, 0);
  std::printf("rank 1, s:d and (s):(d) dynamic: %ld calls compared, %ld equal errors\n", tally.checked, tally.errors);
}

TEST(DynamicFastPath, Rank1StaticMixes) {
  Tally tally;
  for (int s = 1; s <= kMaxShape; ++s) {
    check_tilers(tilers1_micro{}, make_layout(s, _1{}), tally);
    check_tilers(tilers1_micro{}, make_layout(s, _0{}), tally);
    check_tilers(tilers1_micro{}, make_layout(s, _3{}), tally);
  }
  for (int d = 0; d <= kMaxStride; ++d) {
    check_tilers(tilers1_micro{}, make_layout(_6{}, d), tally);
    check_tilers(tilers1_micro{}, make_layout(_1{}, d), tally);  // a static 1: the stride counts as 0
    check_tilers(tilers1_micro{}, make_layout(_24{}, d), tally);
  }
  EXPECT_EQ(tally.failures, 0);
  std::printf("rank 1, static/dynamic mixes: %ld calls compared, %ld equal errors\n", tally.checked, tally.errors);
}

TEST(DynamicFastPath, Rank2RowAndColumnMajor) {
  Tally tally;
  for (int m = 1; m <= kMaxShape2; ++m)
    for (int n = 1; n <= kMaxShape2; ++n) {
      check_tilers(shapes2{}, make_layout(make_shape(m, n), LayoutRight{}), tally);  // (m,n):(n,_1)
      check_tilers(tilers2_small{}, make_layout(make_shape(m, n)), tally);          // (m,n):(_1,m)
      check_tilers(tilers2_extra{}, make_layout(make_shape(m, n), LayoutRight{}), tally);
    }
  EXPECT_EQ(tally.failures, 0);
  std::printf("rank 2, row- and column-major: %ld calls compared, %ld equal errors\n", tally.checked, tally.errors);
}

TEST(DynamicFastPath, Rank2AnyStrides) {
  Tally tally;
  int const shapes[][2] = {{1, 1}, {1, 24}, {24, 1}, {3, 5}, {8, 8}, {7, 24}, {24, 17}, {16, 6}};
  for (auto const& sh : shapes)
    for (int d0 = 0; d0 <= kMaxStride; ++d0)
      for (int d1 = 0; d1 <= kMaxStride; ++d1) {
        auto const l = make_layout(make_shape(sh[0], sh[1]), make_stride(d0, d1));
        check_tilers(tilers2_small{}, l, tally);
      }
  for (int d0 = 0; d0 <= kMaxStride; ++d0)
    for (int d1 = 0; d1 <= kMaxStride; ++d1) {
      check_tilers(tilers2_small{}, make_layout(Shape<_5, _12>{}, make_stride(d0, d1)), tally);  // static shapes
    }
  for (int m = 1; m <= kMaxShape; ++m)  // a static shape with a dynamic one
    for (int d = 0; d <= kMaxStride; ++d)
      check_tilers(tilers2_small{}, make_layout(make_shape(m, _6{}), make_stride(_1{}, d)), tally);
  EXPECT_EQ(tally.failures, 0);
  std::printf("rank 2, strides 0..8: %ld calls compared, %ld equal errors\n", tally.checked, tally.errors);
}

// The linear planner: every shape static, modes of several leaves or tilers
// that are not by mode (a TV layout), dynamic strides.
using TV8x4 = Layout<Shape<Shape<_2, _4>, Shape<_2, _2>>, Stride<Stride<_8, _1>, Stride<_4, _16>>>;
using TVRow = Layout<Shape<Shape<_8, _16>, Shape<_4, _2>>, Stride<Stride<_128, _1>, Stride<_32, _16>>>;
using TVCol = Layout<Shape<Shape<_8, _16>, Shape<_4, _2>>, Stride<Stride<_4, _32>, Stride<_1, _512>>>;
using tilers_linear = cat<typename tilers1_for<1, 3, 8>::type,
                          list<TV8x4, Layout<Shape<_2, _8>, Stride<_16, _1>>, Layout<Shape<_4, _2>, Stride<_2, _1>>, Shape<_2, _4>,
                               tuple<Layout<_2, _2>, _4>, Layout<_8, _0>>>::type;

TEST(DynamicFastPath, StaticShapesLinear) {
  Tally tally;
  for (int d0 = 0; d0 <= kMaxStride; ++d0)
    for (int d1 = 0; d1 <= kMaxStride; ++d1) {
      check_tilers(tilers_linear{}, make_layout(Shape<_4, _8>{}, make_stride(d0, d1)), tally);
      check_tilers(tilers1_micro{}, make_layout(Shape<_8, _4>{}, make_stride(d0, d1)), tally);
      for (int d2 = 0; d2 <= kMaxStride; d2 += 2)
        check_tilers(list<Shape<_2, _2>, Shape<_6, _4>, Shape<_3, _1>, tuple<Layout<_3, _2>, _2>, Layout<_4>, Layout<_12, _2>>{},
                                make_layout(Shape<Shape<_2, _3>, _4>{}, make_stride(make_stride(d0, d1), d2)), tally);
    }
  // The tile of tests/cuda/tensor_tv_copy.cu: (_32,_32):(ld,_1) and (_32,_32):(_1,ld) by its TV layouts.
  for (int ld = 32; ld <= 100; ++ld) {
    check_ops<TVRow>(make_layout(Shape<_32, _32>{}, make_stride(ld, _1{})), tally);
    check_ops<TVCol>(make_layout(Shape<_32, _32>{}, make_stride(_1{}, ld)), tally);
    check_ops<TVRow>(make_layout(Shape<_32, _32>{}, make_stride(_1{}, ld)), tally);
  }
  EXPECT_EQ(tally.failures, 0);
  EXPECT_GT(tally.checked, 10000);
  std::printf("static shapes, linear strides: %ld calls compared, %ld equal errors\n", tally.checked, tally.errors);
}

// ---- tensors: local_tile, local_partition, inner_partition, outer_partition ------------------------------

// What inner_partition/outer_partition compute, from the engine's zipped_divide.
template <bool Inner, class L, class T, class Crd>
auto engine_partition(float* base, L const& l, T const& tiler, Crd const& coord) {
  auto tiled = make_view(base, detail::run_op_engine<detail::op_zipped_divide>(l, tiler));
  constexpr int R0 = decltype(rank<0>(tiled.layout()))::value;
  constexpr int R1 = decltype(rank<1>(tiled.layout()))::value;
  if constexpr (!is_tuple_v<Crd>) return tiled(detail::repeat_of<R0>(_), coord);
  else if constexpr (Inner) return tiled(detail::repeat_of<R0>(_), detail::pad_coord<R1>(coord));
  else return tiled(detail::pad_coord<R0>(coord), detail::repeat_of<R1>(_));
}

template <class A, class B>
void same_view(A const& a, B const& b, float const* base, Tally& tally, char const* what) {
  static_assert(std::is_same_v<decltype(a.layout()), decltype(b.layout())>, "the same layout type");
  std::string const as = to_string(a.layout()), bs = to_string(b.layout());
  bool ok = as == bs && a.data() == b.data();
  for (int i = 0; ok && i < int(size(a.layout())); ++i) ok = a.layout()(i) == b.layout()(i);
  if (!ok) {
    if (++tally.failures <= 20)
      ADD_FAILURE() << what << ": fast " << as << " at " << (a.data() - base) << ", engine " << bs << " at " << (b.data() - base);
    return;
  }
  ++tally.checked;
}

template <class T, class L>
void check_tensor_tiles(float* base, L const& l, Tally& tally) {
  auto t = make_tensor(base, l);
  static_assert(detail::uses_fast_path<detail::op_zipped_divide, L, T> || has_static_one<T>());
  int const tm = int(ceil_div(size<0>(l), size<0>(T{}))), tn = int(ceil_div(size<1>(l), size<1>(T{})));
  for (int i = 0; i < tm; ++i)
    for (int j = 0; j < tn; ++j) {
      same_view(local_tile(t, T{}, make_coord(i, j)), engine_partition<true>(base, l, T{}, make_coord(i, j)), base, tally, "local_tile");
      same_view(inner_partition(t, T{}, make_coord(i, j)), engine_partition<true>(base, l, T{}, make_coord(i, j)), base, tally,
                "inner_partition");
    }
  same_view(local_tile(t, T{}, tm * tn - 1), engine_partition<true>(base, l, T{}, tm * tn - 1), base, tally, "local_tile 1-D");
  for (int i = 0; i < int(size<0>(T{})); ++i)
    for (int j = 0; j < int(size<1>(T{})); ++j)
      same_view(outer_partition(t, T{}, make_coord(i, j)), engine_partition<false>(base, l, T{}, make_coord(i, j)), base, tally,
                "outer_partition");
}

template <class Threads, class L>
void check_local_partition(float* base, L const& l, Tally& tally) {
  auto t = make_tensor(base, l);
  Threads const threads{};
  auto const tile = transform(wrap(threads.shape()), [](auto const& s) { return product(s); });
  for (int idx = 0; idx < int(size(threads)); ++idx)
    same_view(local_partition(t, threads, idx), engine_partition<false>(base, l, tile, get_flat_coord(threads, idx)), base, tally,
              "local_partition");
}

template <class... T, class L>
void check_tensor_tilers(list<T...>, float* base, L const& l, Tally& tally) {
  (check_tensor_tiles<T>(base, l, tally), ...);
}

// Nested by-mode tilers over modes of several leaves, as CuTe's TMA tests tile ((m0,m1),(k0,k1)) by
// ((_16,_8),(_32,_2)): the by-mode planner follows the tiler's nesting down to the leaves it tiles
// (a mode of one leaf is its own only mode; a divide keeps the modes beyond the tiler's).
using tilers_nested = list<tuple<Shape<_2, _3>, Shape<_4>>, Shape<Shape<_2, _2>, Shape<_3, _2>>,
                           tuple<tuple<Layout<_2>, Underscore>, Shape<_4>>, tuple<Shape<_4>, Underscore>>;

TEST(DynamicFastPath, NestedTilersOverHierarchicalModes) {
  Tally tally;
  int const bs[] = {1, 2, 3, 5}, cs[] = {1, 2, 3, 5, 6}, ds[] = {1, 2, 4};
  for (int a = 1; a <= 6; ++a)
    for (int b : bs)
      for (int c : cs)
        for (int d : ds) {
          check_tilers(tilers_nested{}, make_layout(make_shape(make_shape(a, b), make_shape(c, d))), tally);
          check_tilers(tilers_nested{}, make_layout(make_shape(make_shape(a, b), c), make_stride(make_stride(d, 3), 1)), tally);
        }
  for (int d0 = 0; d0 <= kMaxStride; d0 += 2)
    for (int d1 = 0; d1 <= kMaxStride; ++d1)
      check_tilers(tilers_nested{}, make_layout(make_shape(make_shape(6, 5), make_shape(7, 4)), make_stride(make_stride(d0, d1), make_stride(d1 + 1, d0))),
                   tally);
  EXPECT_EQ(tally.failures, 0);
  std::printf("nested tilers, hierarchical modes: %ld calls compared, %ld equal errors\n", tally.checked, tally.errors);
}

// An entry over a mode of several leaves whose shapes are static but for the last
// (fast_path.hpp's node_leaves): CuTe's TMA test Tma_Load_Coalesce tiles (m,(_4,n)):(_4,(_1,512))
// by (_32,_128), and its TMA coordinate tensor has every stride dynamic. Tiles smaller than,
// equal to and larger than the static leaves (dividing them or not), non-compact and stride-0
// entries, 1-D tilers over the whole layout; the static leaves' strides dynamic, static, 0, and
// merging (static and equal to shape*stride of the leaf before). The planner is the same for the
// four divides (they differ in arranging, which the other tests cover, and flat_divide is the TMA
// tests' call, below): logical_divide for most tilers, composition for a few (compile time: each
// operation, tiler and layout type instantiated costs about 0.5 s here).
template <class... Op> struct ops {};
template <class... Op, class... T, class L>
void check_ops_of(ops<Op...>, list<T...>, L const& l, Tally& tally) {
  auto one = [&]<class X>(X) { (check_if_defined<Op, X>(l, tally), ...); };
  (one(T{}), ...);
}
using ld_comp = ops<detail::op_logical_divide, detail::op_composition>;
using ld = ops<detail::op_logical_divide>;

TEST(DynamicFastPath, EntryOverStaticLeavesThenOneDynamicLeaf) {
  Tally tally;
  using rank2 = list<tuple<_2, _2>, tuple<_3, _8>, tuple<Underscore, _12>, tuple<_2, Layout<_2, _2>>,
                     tuple<_4, Layout<Shape<_2, _2>, Stride<_1, _4>>>, tuple<_2, Layout<_4, _0>>>;
  for (int m : {1, 6})
    for (int n = 1; n <= 24; ++n) {
      for (int d0 : {0, 3, 8})
        for (int d1 : {0, 1, 6}) {
          auto const l = make_layout(make_shape(m, make_shape(_4{}, n)), make_stride(d1, make_stride(d0, d1)));
          check_ops_of(ld{}, rank2{}, l, tally);
          check_ops_of(ops<detail::op_composition>{}, list<tuple<_5, _4>, tuple<_2, Layout<_2, _2>>>{}, l, tally);
        }
      check_ops_of(ld{}, list<tuple<_2, _8>>{}, make_layout(make_shape(m, make_shape(_4{}, n)), make_stride(_0{}, make_stride(_0{}, 5))), tally);
    }
  for (int n = 1; n <= 24; ++n)
    for (int d = 0; d <= 12; ++d) {
      auto const l = make_layout(make_shape(make_shape(_2{}, _3{}, n)), make_stride(make_stride(d, 2 * d + 1, 7)));
      check_ops_of(ld{}, list<_2, _6, _16, Layout<_2, _3>, Layout<Shape<_2, _3>, Stride<_3, _1>>>{}, l, tally);
      check_ops_of(ld{}, list<_12, Layout<_2, _3>>{}, make_layout(make_shape(make_shape(_2{}, _3{}, n)), make_stride(make_stride(_1{}, _2{}, d))),
                   tally);
    }
  EXPECT_EQ(tally.failures, 0);
  EXPECT_GT(tally.checked, 4000);
  std::printf("an entry over static leaves and one dynamic leaf: %ld calls compared, %ld equal errors\n", tally.checked, tally.errors);

  // CuTe's Tma_Load_Coalesce calls (the global tensor, the TMA coordinate tensor with 64-bit
  // strides), fast path asserted, against the engine (type, text, values).
  for (int n = 1; n <= 40; n += 3) {
    check_one<detail::op_flat_divide>(make_layout(make_shape(n, make_shape(_4{}, n)), make_stride(_4{}, make_stride(_1{}, 4 * n))),
                                      Shape<_32, _128>{}, tally);
    long long const N = n;
    check_one<detail::op_flat_divide>(make_layout(make_shape(make_shape(_32{}, _4{}, N), _32{}, make_shape(_4{}, N)),
                                                  make_stride(make_stride(1LL, 1LL << 16, 1LL << 32), 1LL << 8, make_stride(1LL << 24, 1LL << 40))),
                                      Shape<_128, _32, _4>{}, tally);
  }
  EXPECT_EQ(tally.failures, 0);
}

// 64-bit strides near overflow in such a mode: the fast path gives the engine's error (the
// engine also multiplies each static leaf's shape by its stride as it coalesces the mode).
TEST(DynamicFastPath, EntryOverStaticLeavesOverflow) {
  Tally tally;
  long long const big[] = {(1LL << 31) - 1, 1LL << 40, 1LL << 61, 1LL << 62, -(1LL << 62), 9223372036854775807LL / 3,
                           9223372036854775807LL};
  for (long long d : big)
    for (long long n : {1LL, 5LL, 1LL << 33}) {
      check_ops_of(ld_comp{}, list<tuple<_2, _8>>{}, make_layout(make_shape(3LL, make_shape(_4{}, n)), make_stride(d, make_stride(d, 3LL))), tally);
      check_ops_of(ld{}, list<tuple<_2, _8>>{}, make_layout(make_shape(3LL, make_shape(_4{}, n)), make_stride(2LL, make_stride(5LL, d))), tally);
      check_ops_of(ld{}, list<_12>{}, make_layout(make_shape(make_shape(_4{}, n)), make_stride(make_stride(d, 3LL))), tally);
    }
  EXPECT_EQ(tally.failures, 0);
  EXPECT_GT(tally.errors, 10);
  std::printf("an entry over static leaves, 64-bit strides near overflow: %ld calls compared, %ld equal errors\n", tally.checked,
              tally.errors);
  // One by hand: the rest mode's stride 8 * 2^61 does not fit in 64 bits.
  auto const l = make_layout(make_shape(make_shape(_4{}, 10LL)), make_stride(make_stride(1LL, 1LL << 61)));
  static_assert(detail::uses_fast_path<detail::op_logical_divide, decltype(l), Layout<_32>>);
  try {
    (void)logical_divide(l, Layout<_32>{});
    ADD_FAILURE() << "no error";
  } catch (tessel::error const& e) {
    EXPECT_NE(std::string(e.what()).find("overflow"), std::string::npos) << e.what();
  }
}

TEST(DynamicFastPath, TensorTilesAndPartitions) {
  std::vector<float> buf(1 << 14);
  float* base = buf.data();
  Tally tally;
  using tiles = list<Shape<_1, _1>, Shape<_3, _8>, Shape<_4, _4>, Shape<_8, _3>, Shape<_5, _2>, Shape<_8, _8>>;
  for (int m = 1; m <= kMaxShape; ++m)
    for (int n = 1; n <= kMaxShape; n += (m % 3) + 1) {
      check_tensor_tilers(tiles{}, base, make_layout(make_shape(m, n), LayoutRight{}), tally);
      check_tensor_tilers(tiles{}, base, make_layout(make_shape(m, n)), tally);
      check_tensor_tilers(tiles{}, base, make_layout(make_shape(m, n), make_stride(2 * n + 1, 2)), tally);
      check_local_partition<Layout<Shape<_2, _4>>>(base, make_layout(make_shape(m, n), LayoutRight{}), tally);
      check_local_partition<Layout<Shape<_4, _2>, Stride<_2, _1>>>(base, make_layout(make_shape(m, n)), tally);
      check_local_partition<Layout<Shape<_8, _1>>>(base, make_layout(make_shape(m, n), LayoutRight{}), tally);
    }
  EXPECT_EQ(tally.failures, 0);
  std::printf("tensors: %ld views compared\n", tally.checked);
}

// ---- errors ------------------------------------------------------------------------------------------------

// With 64-bit integers the products can overflow: the fast path must give the
// engine's error (and otherwise the engine's values).
TEST(DynamicFastPath, OverflowGivesTheEnginesError) {
  Tally tally;
  long long const big[] = {(1LL << 31) - 1, 1LL << 31, 1LL << 40, (1LL << 60) + 3, 1LL << 61, 1LL << 62,
                           -(1LL << 62), 9223372036854775807LL / 3, 9223372036854775807LL / 8 + 1, 9223372036854775807LL};
  for (long long d : big) {
    for (long long s : {1LL, 7LL, 24LL, 1LL << 40}) {
      check_tilers(list<_8, Layout<_3>, Layout<Shape<_2, _2>, Stride<_1, _4>>, Layout<_2, _2>>{}, make_layout(s, d), tally);
      check_tilers(list<Shape<_8, _2>, Shape<_1, _3>>{}, make_layout(make_shape(s, 5LL), make_stride(d, 3LL)), tally);
    }
    using some_linear = list<Layout<_4>, TV8x4, Shape<_2, _4>, tuple<Layout<_2, _2>, _4>, Layout<Shape<_2, _8>, Stride<_16, _1>>>;
    check_tilers(some_linear{}, make_layout(Shape<_4, _8>{}, make_stride(d, 5LL)), tally);
    check_tilers(some_linear{}, make_layout(Shape<_4, _8>{}, make_stride(2LL, d)), tally);
  }
  EXPECT_EQ(tally.failures, 0);
  EXPECT_GT(tally.errors, 50);
  std::printf("64-bit strides near overflow: %ld calls compared, %ld equal errors\n", tally.checked, tally.errors);
  // One by hand: 4 * 2^62 does not fit in 64 bits.
  auto const l = make_layout(10LL, 1LL << 62);
  static_assert(detail::uses_fast_path<detail::op_logical_divide, decltype(l), Layout<_4>>);
  try {
    (void)logical_divide(l, Layout<_4>{});
    ADD_FAILURE() << "no error";
  } catch (tessel::error const& e) {
    EXPECT_NE(std::string(e.what()).find("overflow"), std::string::npos) << e.what();
  }
}

// Where the fast path does not apply, run_op still takes the engine.
TEST(DynamicFastPath, OutsideTheFastPath) {
  auto const l = make_layout(make_shape(make_shape(4, 6), 5), make_stride(make_stride(1, 4), 24));
  static_assert(!detail::uses_fast_path<detail::op_logical_divide, decltype(l), Shape<_2, _5>>);  // a mode of two dynamic leaves
  EXPECT_EQ(to_string(logical_divide(l, Shape<_2, _5>{})), to_string(detail::run_op_engine<detail::op_logical_divide>(l, Shape<_2, _5>{})));
  auto const m = make_layout(make_shape(12, 8), LayoutRight{});
  static_assert(!detail::uses_fast_path<detail::op_zipped_divide, decltype(m), Shape<int, _4>>);  // a dynamic tiler
  EXPECT_EQ(to_string(zipped_divide(m, make_shape(3, _4{}))), "((3,_4),(4,2)):((8,_1),(24,_4))");
  static_assert(!detail::uses_fast_path<detail::op_composition, decltype(m), Layout<_8>>);  // not by mode, dynamic shapes
  EXPECT_EQ(to_string(composition(m, Layout<_8>{})), to_string(detail::run_op_engine<detail::op_composition>(m, Layout<_8>{})));
  static_assert(!detail::uses_fast_path<detail::op_coalesce, decltype(m)>);
  // An entry over a mode of several leaves where the planner does not apply: a dynamic leaf before a
  // static one, two dynamic leaves, static strides that merge only with the dynamic shape
  // ((_6,n):(_1,_6): the engine's walk may take either coalescing).
  auto const a = make_layout(make_shape(make_shape(5, _4{})), make_stride(make_stride(_1{}, 5)));
  static_assert(!detail::uses_fast_path<detail::op_logical_divide, decltype(a), Layout<_8>>);
  EXPECT_EQ(to_string(logical_divide(a, Layout<_8>{})), to_string(detail::run_op_engine<detail::op_logical_divide>(a, Layout<_8>{})));
  auto const b = make_layout(make_shape(make_shape(_4{}, 5, 3)));
  static_assert(!detail::uses_fast_path<detail::op_flat_divide, decltype(b), Layout<_8>>);
  // The engine's answer is (_8,_8):(_1,_8) (as all-static); the type is (_4,n,n,_8-strided n,n). Until
  // the type-filling fit knows which leaves are the tile's, this is the named structure error: it
  // was filled greedily as (_4,16,1,1,1):(_1,_4,0,_8,0), a tile of 64 (silently wrong).
  EXPECT_EQ(to_string(flat_divide(make_layout(make_shape(make_shape(_4{}, _5{}, _3{}))), Layout<_8>{})), "(_8,_8):(_1,_8)");
  EXPECT_THROW(flat_divide(b, Layout<_8>{}), tessel::error);
  auto const c = make_layout(make_shape(make_shape(_6{}, 5)), make_stride(make_stride(_1{}, _6{})));
  static_assert(!detail::uses_fast_path<detail::op_zipped_divide, decltype(c), Layout<_12>>);
  EXPECT_EQ(to_string(zipped_divide(c, Layout<_12>{})), to_string(detail::run_op_engine<detail::op_zipped_divide>(c, Layout<_12>{})));
  // ... and where it does: the same mode with a dynamic stride.
  auto const e = make_layout(make_shape(make_shape(_6{}, 5)), make_stride(make_stride(_1{}, 6)));
  static_assert(detail::uses_fast_path<detail::op_zipped_divide, decltype(e), Layout<_12>>);
  EXPECT_EQ(to_string(zipped_divide(e, Layout<_12>{})), "((_6,_2),3):((_1,6),12)");
}

// ---- upcast with a dynamic stride 0, recast ---------------------------------------------------------------

TEST(Upcast, DynamicZeroStride) {
  // A dynamic stride 0 is a broadcast mode, unchanged (it used to divide by zero).
  auto const l = make_layout(make_shape(4, 3), make_stride(1, 0));
  EXPECT_EQ(to_string(upcast<2>(l)), "(2,3):(1,0)");
  EXPECT_EQ(to_string(upcast<2>(make_layout(make_shape(4, 3), make_stride(_1{}, _0{})))), "(2,3):(_1,_0)");
  EXPECT_EQ(to_string(upcast<4>(make_layout(make_shape(3, 8), make_stride(0, 1)))), "(3,2):(0,1)");
  alignas(16) static std::int16_t mem[16] = {};
  auto r = recast<std::int32_t>(make_tensor(&mem[0], l));
  EXPECT_EQ(to_string(r.layout()), "(2,3):(1,0)");
  EXPECT_EQ(reinterpret_cast<char const*>(&r(1, 2)), reinterpret_cast<char const*>(&mem[2]));
}

// The images of L and of E(j, c) = j + N * upcast<N>(L)(c) must be the same
// set: the new view's elements are exactly whole elements L covers.
template <int N, class L>
bool recast_exact(L const& l) {
  auto const u = upcast<N>(l);
  std::vector<long long> a, b;
  for (int i = 0; i < int(size(l)); ++i) a.push_back(l(i));
  for (int i = 0; i < int(size(u)); ++i)
    for (int j = 0; j < N; ++j) b.push_back(j + N * static_cast<long long>(u(i)));
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  a.erase(std::unique(a.begin(), a.end()), a.end());
  b.erase(std::unique(b.begin(), b.end()), b.end());
  return a == b;
}

template <class U>
void check_recast_rule(int& accepted, int& rejected) {
  alignas(16) static std::int16_t mem[4096] = {};
  constexpr int N = int(sizeof(U) / sizeof(std::int16_t));
  for (int s0 = 1; s0 <= 8; ++s0)
    for (int s1 = 1; s1 <= 4; ++s1)
      for (int d0 = 0; d0 <= 8; ++d0)
        for (int d1 = 0; d1 <= 12; ++d1) {
          auto const l = make_layout(make_shape(s0, s1), make_stride(d0, d1));
          bool ok = true;
          try {
            (void)recast<U>(make_tensor(&mem[0], l));
          } catch (tessel::error const&) {
            ok = false;
          }
          // Accepted: exact. Rejected: upcast is not defined, or not exact.
          bool const divides = detail::upcast_divides<N>(l.shape(), l.stride());
          bool const exact = divides && recast_exact<N>(l);
          EXPECT_EQ(ok, exact) << to_string(l) << " as " << N << " x int16";
          ++(ok ? accepted : rejected);
        }
}

TEST(Recast, NewElementsAreWholeCoveredElements) {
  alignas(16) static std::int16_t mem[64] = {};
  // The example: int16 (2):(4) holds int16 0 and 4; as int32 it would be
  // (2):(2), int16 0,1 and 4,5.
  auto const bad = make_tensor(&mem[0], make_layout(2, 4));
  EXPECT_THROW(recast<std::int32_t>(bad), tessel::error);
  try {
    (void)recast<std::int32_t>(bad);
  } catch (tessel::error const& e) {
    EXPECT_NE(std::string(e.what()).find("recast: the new elements would not be whole elements"), std::string::npos) << e.what();
  }
  EXPECT_THROW(recast<std::int32_t>(make_tensor(&mem[0], make_layout(4, 2))), tessel::error);  // only the even int16
  EXPECT_THROW(recast<std::int64_t>(make_tensor(&mem[0], make_layout(make_shape(2, 4), make_stride(1, 4)))), tessel::error);
  // Whole elements: (2,2):(1,4) is int32 0 and 2; (2,4):(1,2) is 8 consecutive int16.
  auto const ok = recast<std::int32_t>(make_tensor(&mem[0], make_layout(make_shape(2, 2), make_stride(1, 4))));
  EXPECT_EQ(to_string(ok.layout()), "(1,2):(1,2)");
  EXPECT_EQ(reinterpret_cast<char const*>(&ok(0, 1)), reinterpret_cast<char const*>(&mem[4]));
  auto const r = recast<std::int64_t>(make_tensor(&mem[0], make_layout(make_shape(2, 4), make_stride(1, 2))));
  EXPECT_EQ(int(size(r)), 2);
  // Static layouts: the same rule at compile time (the failing case is
  // tests/compile_fail/recast_not_whole_elements.cpp).
  auto const st = recast<std::int32_t>(make_tensor(&mem[0], Layout<Shape<_2, _2>, Stride<_1, _4>>{}));
  EXPECT_EQ(to_string(st.layout()), "(_1,_2):(_1,_2)");
  // Every small layout: accepted exactly when the new elements are whole covered elements.
  int accepted = 0, rejected = 0;
  check_recast_rule<std::int32_t>(accepted, rejected);
  check_recast_rule<std::int64_t>(accepted, rejected);
  EXPECT_GT(accepted, 100);
  EXPECT_GT(rejected, 100);
  std::printf("recast rule: %d layouts accepted, %d rejected, all as the images say\n", accepted, rejected);
}

}  // namespace
