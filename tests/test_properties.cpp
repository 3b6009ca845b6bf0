// Property tests.
//
// 1. Exhaustive: every shape of depth <= 2 and size <= 64 whose integers are
//    >= 2, checked at every index (idx2crd / crd2idx round trips, compact
//    layouts are bijections, ...): see properties.hpp. The 377 structures are
//    split over this file (1..3 integers) and test_properties_n4, _n5,
//    _n6_{1,2,3}.cpp, separate executables that the build compiles in parallel.
// 2. Static vs dynamic: for a list of static shapes (depth 0..2) the static
//    layout and the same layout with int entries agree at every index, and
//    the results at static indices have static types.
// 3. A zero or negative dynamic shape is rejected at run time.
#include <gtest/gtest.h>

#include <string>

#include <tessel/tessel.hpp>

#include "properties.hpp"

using namespace tessel;
using tessel_test::length;
using tessel_test::list;

TEST(Properties, ShapesWith1To3Integers) {
  tessel_test::run_structures<1>();  // the plain int, (int), ((int))
  tessel_test::run_structures<2>();
  tessel_test::run_structures<3>();
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
  // (The strides may differ in one way only: as in CuTe, a static size-1 mode
  // gets the compact stride _0, a dynamic one its prefix product. Hence the
  // shapes as text and the strides as values at every index.)
  EXPECT_EQ(plain(to_string(ld.shape())), plain(to_string(ls.shape()))) << name;
  EXPECT_EQ(plain(to_string(xd.shape())), plain(to_string(xs.shape()))) << name;
  for (int i = 0; i < int(size(ls)); ++i) {
    EXPECT_EQ(int(ld(i)), int(ls(i))) << name << " at " << i;
    EXPECT_EQ(int(xd(i)), int(xs(i))) << name << " at " << i;
  }
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
  // tessel::error (a std::exception); the message names the value.
  try {
    make_layout(make_shape(4, -2));
    ADD_FAILURE() << "no exception";
  } catch (tessel::error const& e) {
    EXPECT_NE(std::string(e.what()).find("-2"), std::string::npos) << e.what();
  }
  // Positive shapes are fine.
  EXPECT_NO_THROW(make_layout(make_shape(1, make_shape(1, 64))));
}
