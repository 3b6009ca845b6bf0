// test_cute_int_tuple.cpp: CuTe's IntTuple, math and comparison functions as
// tessel provides them (tuple/algorithms.hpp, tuple/sequence.hpp,
// algebra/helpers.hpp, swizzle/mixed_bits.hpp). Printed results are CuTe's for
// the same expressions; the rest are exhaustive cross-checks of static
// against dynamic integers and against direct definitions.
#include <gtest/gtest.h>

#include <numeric>
#include <sstream>
#include <string>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {
template <class T>
std::string str(T const& x) {
  std::ostringstream os;
  os << x;
  return os.str();
}
}  // namespace

#define COMMA ,
#define CHECK_PRINTS(expected, ...) EXPECT_EQ(str(__VA_ARGS__), expected) << #__VA_ARGS__

TEST(CuteIntTuple, PrintsAsCute) {
  CHECK_PRINTS("_8", max(make_shape(_2{}, _8{}, _3{})));
  CHECK_PRINTS("8", max(make_shape(2, make_shape(8, 3))));
  CHECK_PRINTS("_1", min(make_shape(_2{}, make_shape(_8{}, _1{}))));
  CHECK_PRINTS("_5", max(_3{}, make_shape(_5{}, _1{}), _4{}));
  CHECK_PRINTS("_4", gcd(_12{}, _8{}));
  CHECK_PRINTS("4", gcd(12, _8{}));
  CHECK_PRINTS("_12", lcm(_4{}, _6{}));
  CHECK_PRINTS("12", lcm(4, 6));
  CHECK_PRINTS("_1", gcd(_1{}, _1{}));
  CHECK_PRINTS("_1", evenly_divides(Shape<_32 COMMA _64>{}, Int<128>{}));
  CHECK_PRINTS("_0", evenly_divides(Shape<_32 COMMA _64>{}, Int<96>{}));
  CHECK_PRINTS("_1", evenly_divides(Shape<_32 COMMA _64>{}, Tile<Layout<_8 COMMA _2> COMMA _32>{}));
  CHECK_PRINTS("_0", evenly_divides(Shape<_32 COMMA _64>{}, Tile<Layout<_8 COMMA _3> COMMA _32>{}));
  CHECK_PRINTS("_0", evenly_divides(Shape<_16>{}, Shape<_2 COMMA _8>{}));
  CHECK_PRINTS("1", evenly_divides(make_shape(16, 24), make_shape(8, 6)));
  CHECK_PRINTS("0", evenly_divides(make_shape(16, 24), make_shape(8, 5)));
  CHECK_PRINTS("(_3,_2):(_1,_15)", domain_distribute(Shape<Int<15> COMMA Int<14>>{}, _6{}));
  CHECK_PRINTS("_16:_1", domain_distribute(Shape<_4 COMMA _8>{}, _16{}));
  CHECK_PRINTS("_12:_1", domain_distribute(Shape<Shape<_2 COMMA _3> COMMA _4>{}, _12{}));
  CHECK_PRINTS("(_2,_2):(_1,_6)", domain_distribute(Shape<_6 COMMA _10>{}, _8{}));
  CHECK_PRINTS("_1", compatible(Layout<_8>{}, Layout<Shape<_2 COMMA _4>>{}));
  CHECK_PRINTS("_0", compatible(Layout<Shape<_2 COMMA _4>>{}, Layout<_8>{}));
  CHECK_PRINTS("1", compatible(make_shape(2, 4), make_shape(2, make_shape(2, 2))));
  CHECK_PRINTS("_32", max_alignment(Layout<Shape<_8 COMMA _4>, Stride<_1 COMMA _8>>{}));
  CHECK_PRINTS("_8", max_alignment(Layout<Shape<_8 COMMA _4>, Stride<_1 COMMA _16>>{}));
  CHECK_PRINTS("_4", max_alignment(make_layout(make_shape(_4{}, 8), make_stride(_1{}, 16))));
  CHECK_PRINTS("_8", max_alignment(Layout<Shape<_2 COMMA _4>, Stride<_4 COMMA _1>>{}));
  CHECK_PRINTS("_8", round_up(_7{}, _4{}));
  CHECK_PRINTS("12", round_up(9, 4));
  CHECK_PRINTS("((_3,4),2,_1)", reverse(make_tuple(_1{}, 2, make_tuple(_3{}, 4))));
  CHECK_PRINTS("_10", fold_first(make_tuple(_1{}, _2{}, _3{}), [](auto a, auto b) { return a * b + _1{}; }));
  CHECK_PRINTS("(_2,3,_4)", transform_apply(make_tuple(_1{}, 2, _3{}), [](auto x) { return x + _1{}; }, [](auto... v) { return make_shape(v...); }));
  CHECK_PRINTS("_1", find(make_tuple(_1{}, _2{}, _4{}), _2{}));
  CHECK_PRINTS("_3", find(make_tuple(_1{}, _2{}, _4{}), _3{}));
  CHECK_PRINTS("(1,2)", Layout<Shape<_3 COMMA _5> COMMA Stride<_5 COMMA _1>>{}.get_hier_coord(7));
  CHECK_PRINTS("((1,1),1)", Layout<Shape<Shape<_2 COMMA _2> COMMA _3> COMMA Stride<Stride<_3 COMMA _6> COMMA _1>>{}.get_hier_coord(10));
  CHECK_PRINTS("(3,1)", Layout<Shape<Shape<_2 COMMA _2> COMMA _3> COMMA Stride<Stride<_3 COMMA _6> COMMA _1>>{}.get_flat_coord(10));
  CHECK_PRINTS("7", Layout<Shape<Shape<_2 COMMA _2> COMMA _3> COMMA Stride<Stride<_3 COMMA _6> COMMA _1>>{}.get_1d_coord(10));
  CHECK_PRINTS("(1,5)", idx2crd(13, make_shape(_4{}, _8{}), make_stride(_8{}, _1{})));
  CHECK_PRINTS("4", make_int_sequence<4>{}.size());
  CHECK_PRINTS("_5", get<2>(make_int_range<3 COMMA 7>{}));
  CHECK_PRINTS("_4", get<0>(make_int_rsequence<5>{}));
  CHECK_PRINTS("_32", 32_c);
  CHECK_PRINTS("_262144", _262144{});
  CHECK_PRINTS("9", make_mixed_bits(_8{}, 5u, _3{}));
  CHECK_PRINTS("12", make_mixed_bits(_8{}, 5u, _12{}));
  CHECK_PRINTS("_9", make_mixed_bits(_8{}, _5{}, _3{}));
  CHECK_PRINTS("7", make_mixed_bits(_1{}, 6u, _6{}) & make_mixed_bits(_4{}, 3u, _3{}));
  CHECK_PRINTS("15", make_mixed_bits(_1{}, 6u, _6{}) | _8{});
  CHECK_PRINTS("6", make_mixed_bits(_1{}, 6u, _6{}) ^ make_mixed_bits(_0{}, 7u, _1{}));
  CHECK_PRINTS("_1", true_type{});
  CHECK_PRINTS("_0", false_type{});
}

namespace {
template <int... V> using ints = std::integer_sequence<int, V...>;
}

// gcd and lcm of every pair in [0, 12]: static, mixed and dynamic arguments
// agree with each other and with std::gcd / std::lcm; static in, static out.
TEST(CuteIntTuple, GcdLcmExhaustive) {
  for_each(make_int_sequence<13>{}, [](auto a) {
    for_each(make_int_sequence<13>{}, [a](auto b) {
      constexpr int x = decltype(a)::value, y = decltype(b)::value;
      auto g = gcd(C<x>{}, C<y>{});
      auto l = lcm(C<x>{}, C<y>{});
      static_assert(is_static_v<decltype(g)> && is_static_v<decltype(l)>);
      static_assert(std::is_same_v<typename decltype(g)::value_type, int>);
      EXPECT_EQ(int(g), std::gcd(x, y));
      EXPECT_EQ(int(l), std::lcm(x, y));
      EXPECT_EQ(gcd(x, y), std::gcd(x, y));
      EXPECT_EQ(gcd(C<x>{}, y), std::gcd(x, y));
      EXPECT_EQ(lcm(x, C<y>{}), std::lcm(x, y));
      // Over tuples: the gcd / lcm of all leaves.
      EXPECT_EQ(int(gcd(make_shape(C<x>{}, make_shape(C<y>{}, _12{})))), std::gcd(std::gcd(x, y), 12));
      EXPECT_EQ(int(lcm(make_shape(x, y), _2{})), std::lcm(std::lcm(x, y), 2));
    });
  });
}

// max and min of every hierarchical arrangement of three values in [1, 4].
TEST(CuteIntTuple, MaxMinExhaustive) {
  for (int a = 1; a <= 4; ++a) {
    for (int b = 1; b <= 4; ++b) {
      for (int c = 1; c <= 4; ++c) {
        int hi = std::max({a, b, c}), lo = std::min({a, b, c});
        EXPECT_EQ(max(make_shape(a, b, c)), hi);
        EXPECT_EQ(max(make_shape(a, make_shape(b, c))), hi);
        EXPECT_EQ(max(make_shape(make_shape(a), b), c), hi);
        EXPECT_EQ(min(make_shape(a, make_shape(b, c))), lo);
        EXPECT_EQ(min(a, make_shape(b), c), lo);
      }
    }
  }
  static_assert(std::is_same_v<decltype(max(make_shape(_2{}, make_shape(_8{}, _3{})))), _8>);
  static_assert(std::is_same_v<decltype(min(make_shape(_2{}, make_shape(_8{}, _3{})))), _2>);
}

// evenly_divides(shape, tiler) for every shape (a, b) and tiler (x, y) with
// entries in [1, 8]: true exactly when x | a and y | b; static and dynamic
// integers agree, and a tiler of higher rank than the shape never divides.
TEST(CuteIntTuple, EvenlyDividesExhaustive) {
  for_each(make_int_range<1, 9>{}, [](auto a) {
    for_each(make_int_range<1, 9>{}, [a](auto x) {
      constexpr int av = decltype(a)::value, xv = decltype(x)::value;
      auto s = evenly_divides(C<av>{}, C<xv>{});
      static_assert(is_static_v<decltype(s)>);
      EXPECT_EQ(bool(s), av % xv == 0);
      EXPECT_EQ(bool(evenly_divides(av, xv)), av % xv == 0);
      for (int b = 1; b <= 8; ++b) {
        for (int y = 1; y <= 8; ++y) {
          bool expect = av % xv == 0 && b % y == 0;
          EXPECT_EQ(bool(evenly_divides(make_shape(C<av>{}, b), make_shape(C<xv>{}, y))), expect);
          EXPECT_EQ(bool(evenly_divides(make_shape(av, b), make_shape(xv, y))), expect);
        }
      }
      EXPECT_FALSE(bool(evenly_divides(C<av>{}, make_shape(C<xv>{}, _1{}))));
    });
  });
}

namespace {
// The three orders, from their definitions, on flat coordinates.
template <class A, class B>
bool lex_reference(A const& a, B const& b) {
  for (int i = 0; i < int(std::size(a)); ++i) {
    if (a[i] != b[i]) return a[i] < b[i];
  }
  return false;
}
}  // namespace

// lex_less, colex_less and elem_less on every pair of coordinates of a
// (3, 4, 2) shape, against their definitions; the derived comparisons follow.
TEST(CuteIntTuple, OrdersExhaustive) {
  auto shape = make_shape(_3{}, _4{}, _2{});
  for (int i = 0; i < int(size(shape)); ++i) {
    auto ci = idx2crd(i, shape);
    int a[3] = {int(get<0>(ci)), int(get<1>(ci)), int(get<2>(ci))};
    EXPECT_TRUE(bool(elem_less(ci, shape)));
    for (int j = 0; j < int(size(shape)); ++j) {
      auto cj = idx2crd(j, shape);
      int b[3] = {int(get<0>(cj)), int(get<1>(cj)), int(get<2>(cj))};
      int ra[3] = {a[2], a[1], a[0]}, rb[3] = {b[2], b[1], b[0]};
      bool lex = lex_reference(a, b), colex = lex_reference(ra, rb);
      bool elem = a[0] < b[0] && a[1] < b[1] && a[2] < b[2];
      EXPECT_EQ(bool(lex_less(ci, cj)), lex);
      EXPECT_EQ(bool(colex_less(ci, cj)), colex);
      EXPECT_EQ(bool(colex_less(ci, cj)), i < j);  // the column-major index order
      EXPECT_EQ(bool(elem_less(ci, cj)), elem);
      EXPECT_EQ(bool(lex_leq(ci, cj)), !lex_reference(b, a));
      EXPECT_EQ(bool(colex_geq(ci, cj)), i >= j);
      EXPECT_EQ(bool(elem_geq(ci, cj)), !elem);
    }
  }
  // A proper prefix is lexicographically less; static coordinates give static answers.
  static_assert(decltype(lex_less(make_coord(_1{}), make_coord(_1{}, _0{})))::value);
  static_assert(!decltype(elem_less(make_coord(_1{}, _3{}), make_coord(_2{}, _3{})))::value);
}

// get_hier_coord inverts a compact layout: L(get_hier_coord(i)) == i for every
// index of several compact layouts, and the flat and 1-D forms agree with it.
TEST(CuteIntTuple, HierCoordExhaustive) {
  auto check = [](auto l) {
    for (int i = 0; i < int(size(l)); ++i) {
      auto c = l.get_hier_coord(i);
      EXPECT_EQ(int(l(c)), i) << str(l);
      EXPECT_EQ(int(l(l.get_flat_coord(i))), i) << str(l);
      EXPECT_EQ(int(l(l.get_1d_coord(i))), i) << str(l);
    }
  };
  check(Layout<Shape<_3, _5>, Stride<_5, _1>>{});
  check(Layout<Shape<_3, _5>>{});
  check(Layout<Shape<Shape<_2, _2>, _3>, Stride<Stride<_3, _6>, _1>>{});
  check(make_layout(make_shape(4, make_shape(2, 3)), make_stride(6, make_stride(3, 1))));
  check(make_layout(make_shape(_2{}, 3, _4{}), LayoutRight{}));
}

// CuTe's integer sequences are tuples of integral_constants of their own type.
TEST(CuteIntTuple, Sequences) {
  static_assert(!std::is_same_v<int_sequence<1, 2>, std::integer_sequence<int, 1, 2>>);
  static_assert(std::is_same_v<decltype(get<1>(make_integer_sequence<std::uint32_t, 3>{})),
                               integral_constant<std::uint32_t, 1u>>);
  static_assert(std::is_same_v<make_int_range<2, 5>, int_sequence<2, 3, 4>>);
  static_assert(std::is_same_v<make_int_rsequence<3>, int_sequence<2, 1, 0>>);
  static_assert(std::is_same_v<make_index_sequence<2>, index_sequence<0, 1>>);
  static_assert(tuple_size_v<make_int_sequence<7>> == 7);
  static_assert(std::is_same_v<decltype(fold(int_sequence<1, 2, 3>{}, _0{}, [](auto a, auto b) { return a + b; })), C<6>>);
  static_assert(std::is_same_v<decltype(37_c), _37>);
  static_assert(is_constant_v<6, decltype(integral_constant<long, 3>{} * _2{})>);
  int n = 0;
  for_each(make_int_sequence<5>{}, [&](auto i) { n += decltype(i)::value; });
  EXPECT_EQ(n, 10);
}

// make_mixed_bits and its bitwise operators agree with the same operations on
// the plain values, for every static part, dynamic mask and dynamic value
// over four bits; fully known results are static integers.
TEST(CuteIntTuple, MixedBitsExhaustive) {
  for_each(make_int_sequence<16>{}, [](auto s0) {
    for_each(make_int_sequence<16>{}, [s0](auto f0) {
      for (std::uint32_t d0 = 0; d0 < 16; ++d0) {
        auto m0 = make_mixed_bits(s0, d0, f0);
        std::uint32_t v0 = std::uint32_t(decltype(s0)::value) | (d0 & std::uint32_t(decltype(f0)::value));
        ASSERT_EQ(std::uint32_t(m0), v0);
        auto m1 = make_mixed_bits(_5{}, d0 ^ 7u, _10{});
        std::uint32_t v1 = 5u | ((d0 ^ 7u) & 10u);
        EXPECT_EQ(std::uint32_t(m0 & m1), v0 & v1);
        EXPECT_EQ(std::uint32_t(m0 | m1), v0 | v1);
        EXPECT_EQ(std::uint32_t(m0 ^ m1), v0 ^ v1);
        EXPECT_EQ(std::uint32_t(m0 & _6{}), v0 & 6u);
      }
    });
  });
  static_assert(is_static_v<decltype(make_mixed_bits(_8{}, 5u, _8{}))>);  // the mask adds no bit
}
