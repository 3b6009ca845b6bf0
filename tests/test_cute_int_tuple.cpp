// test_cute_int_tuple.cpp: CuTe's IntTuple, math and comparison functions as
// tessel provides them (tuple/algorithms.hpp, tuple/sequence.hpp,
// algebra/helpers.hpp, swizzle/mixed_bits.hpp), and the small helpers of
// numeric/math.hpp, int/ratio.hpp, int/type_utils.hpp, container/ and
// tensor/counting.hpp. Printed results are CuTe's for the same expressions;
// the rest are exhaustive cross-checks of static against dynamic integers and
// against direct definitions.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <numeric>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <tessel/tessel.hpp>
#include <tessel/container/alignment.hpp>
#include <tessel/int/ratio.hpp>
#include <tessel/int/type_utils.hpp>
#include <tessel/numeric/math.hpp>
#include <tessel/container/array.hpp>
#include <tessel/tensor/counting.hpp>

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

// CuTe's restructuring algorithms (tuple/restructure.hpp, container/array.hpp's
// to_array): every expected string is what CuTe 7107b05 prints for the same
// expression (a host program compiled against CuTe and against tessel's drop-in
// printed the same 62 lines).
TEST(CuteIntTuple, RestructuringPrintsAsCute) {
  auto t = make_tuple(_2{}, make_tuple(3, _4{}), 5);
  EXPECT_EQ(str(repeat<3>(_7{})), "(_7,_7,_7)");
  EXPECT_EQ(str(repeat<1>(7)), "7");
  EXPECT_EQ(str(tuple_repeat<1>(7)), "(7)");
  EXPECT_EQ(str(tuple_repeat<2>(make_tuple(1,_2{}))), "((1,_2),(1,_2))");
  EXPECT_EQ(str(repeat_like(t, _0{})), "(_0,(_0,_0),_0)");
  EXPECT_EQ(str(repeat_like(9, _1{})), "_1");
  EXPECT_EQ(str(insert<0>(t, 9)), "(9,_2,(3,_4),5)");
  EXPECT_EQ(str(insert<3>(t, _9{})), "(_2,(3,_4),5,_9)");
  EXPECT_EQ(str(insert<1>(t, make_tuple(1,2))), "(_2,(1,2),(3,_4),5)");
  EXPECT_EQ(str(remove<0>(t)), "((3,_4),5)");
  EXPECT_EQ(str(remove<2>(t)), "(_2,(3,_4))");
  EXPECT_EQ(str(replace_front(t, 1)), "(1,(3,_4),5)");
  EXPECT_EQ(str(replace_back(t, _1{})), "(_2,(3,_4),_1)");
  EXPECT_EQ(str(replace_front(5, _1{})), "_1");
  EXPECT_EQ(str(unwrap(make_tuple(make_tuple(make_tuple(4))))), "4");
  EXPECT_EQ(str(unwrap(make_tuple(make_tuple(4, 5)))), "(4,5)");
  EXPECT_EQ(str(unwrap(6)), "6");
  EXPECT_EQ(int(is_flat<decltype(t)>::value), 0);
  EXPECT_EQ(int(is_flat<decltype(make_tuple(1,_2{}))>::value), 1);
  EXPECT_EQ(int(is_flat<int>::value), 1);
  EXPECT_EQ(str(unflatten(make_tuple(1,2,3,_4{},5), make_tuple(_0{}, make_tuple(_0{}, make_tuple(_0{},_0{})), _0{}))), "(1,(2,(3,_4)),5)");
  EXPECT_EQ(str(unflatten(make_tuple(1,2), make_tuple(_0{}, _0{}))), "(1,2)");
  EXPECT_EQ(str(iscan(make_tuple(1,2,3,4), 0, [](auto a, auto b){ return a + b; })), "(1,3,6,10)");
  EXPECT_EQ(str(escan(make_tuple(1,2,3,4), 0, [](auto a, auto b){ return a + b; })), "(0,1,3,6)");
  EXPECT_EQ(str(iscan(make_tuple(_2{},_3{},_4{}), _1{}, [](auto a, auto b){ return a * b; })), "(_2,_6,_24)");
  EXPECT_EQ(str(escan(make_tuple(_2{},_3{},_4{}), _1{}, [](auto a, auto b){ return a * b; })), "(_1,_2,_6)");
  EXPECT_EQ(str(zip(make_tuple(make_tuple(1,2,3), make_tuple(_4{},_5{},_6{})))), "((1,_4),(2,_5),(3,_6))");
  EXPECT_EQ(str(zip(make_tuple(1,2))), "((1,2))");
  EXPECT_EQ(str(zip(7)), "7");
  EXPECT_EQ(str(zip(make_tuple(1,2), make_tuple(3,4), make_tuple(5,6))), "((1,3,5),(2,4,6))");
  EXPECT_EQ(str(zip2_by(make_tuple(make_tuple(_1{},2), make_tuple(make_tuple(3,_4{}), make_tuple(5,6)), 7), make_tuple(_, make_tuple(_,_)))), "((_1,(3,5)),(2,(_4,6),7))");
  EXPECT_EQ(str(zip2_by(make_tuple(1,2), _)), "(1,2)");
  EXPECT_EQ(str(transform_leaf(t, [](auto x){ return x * _2{}; })), "(_4,(6,_8),10)");
  EXPECT_EQ(str(transform_leaf(make_tuple(1, make_tuple(2,3)), make_tuple(10, make_tuple(20,30)), [](auto x, auto y){ return x + y; })), "(11,(22,33))");
  EXPECT_EQ(str(filter_tuple(make_tuple(1, _2{}, 3), [](auto x) { if constexpr (is_static<decltype(x)>::value) return make_tuple(); else return make_tuple(x); })), "(1,3)");
  EXPECT_EQ(str(filter_tuple(make_tuple(1, 2), make_tuple(3, 4), [](auto x, auto y){ return make_tuple(x, y); })), "(1,3,2,4)");
  EXPECT_EQ(str(product_like(make_tuple(make_tuple(2,3), make_tuple(4, make_tuple(5,6))), make_tuple(_0{}, make_tuple(_0{},_0{})))), "(6,(4,30))");
  EXPECT_EQ(str(product_like(make_tuple(_2{},make_tuple(_3{},_4{})), _0{})), "_24");
  EXPECT_EQ(str(elem_scale(make_tuple(2, 3), make_tuple(make_tuple(4,5), 6))), "(40,18)");
  EXPECT_EQ(str(elem_scale(_2{}, make_tuple(_3{}, _4{}))), "_24");
  EXPECT_EQ(str(transform(make_tuple(make_tuple(2,3), _4{}), Product{})), "(6,_4)");
  EXPECT_EQ(str(Product{}(make_tuple())), "_1");
  EXPECT_EQ(int(depth_t<decltype(t)>::value), 2);
  EXPECT_EQ(int(depth_v<int>), 0);
  EXPECT_EQ(int(is_congruent<decltype(t), decltype(repeat_like(t, 0))>::value), 1);
  EXPECT_EQ(int(is_congruent<decltype(t), int>::value), 0);
  EXPECT_EQ(int(is_weakly_congruent<int, decltype(t)>::value), 1);
  EXPECT_EQ(int(is_weakly_congruent<decltype(t), int>::value), 0);
  EXPECT_EQ(int(is_compatible<Int<24>, Shape<_2,_3,_4>>::value), 1);
  EXPECT_EQ(int(is_compatible<Shape<_2,_12>, Shape<_2,Shape<_3,_4>>>::value), 1);
  EXPECT_EQ(int(is_compatible<Shape<_2,_3>, Shape<_2,Shape<_3,_4>>>::value), 0);
  {
    int a[3] = {7, 8, 9};
    EXPECT_EQ(str(make_int_tuple<4>(a, 2, _1{})), "(7,8,1,1)");
    EXPECT_EQ(str(make_int_tuple<1>(a, 1, 0)), "7");
    EXPECT_EQ(str(make_int_tuple<2>(a, 0, 5)), "(5,5)");
  }
  {
    using R = tuple<Int<1>, tuple<int, int, Int<3>>, int, Int<2>>;
    EXPECT_EQ(str(make_int_tuple_from<R>(6, 3, 4)), "(_1,(6,3,_3),4,_2)");
    EXPECT_EQ(str(make_int_tuple_from<R>(6, 3, 4, 99)), "(_1,(6,3,_3),4,_2)");  // extra values unused, as in CuTe
    tuple<int, Int<2>, tuple<int>> r{};
    auto rest = fill_int_tuple_from(r, make_tuple(5, 6, 7));
    EXPECT_EQ(str(r), "(5,_2,(6))");
    EXPECT_EQ(str(rest), "(7)");
  }
  {
    int s = 0;
    auto u = make_tuple(1, make_tuple(2, 3), 4);
    for_each_leaf(u, [&](auto x) { s = s * 10 + x; });
    EXPECT_EQ(s, 1234);
    auto v = make_tuple(1, make_tuple(2, 3));
    for_each_leaf(v, [](auto& x) { x *= 3; });
    EXPECT_EQ(str(v), "(3,(6,9))");
  }
  {
    auto a = to_array<std::uint64_t>(make_tuple(_1{}, make_tuple(6, 3, _3{}), 4, _2{}));
    std::uint64_t expected[] = {1, 6, 3, 3, 4, 2};
    ASSERT_EQ(a.size(), 6u);
    for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(a[i], expected[i]) << i;
    EXPECT_EQ(to_array(7).size(), 1u);
    EXPECT_EQ(to_array(7)[0], 7);
  }
}

// Round trips over every small profile: unflatten(flatten(t), t) is t, zip of
// zip is the identity on rank-2 x rank-k tuples, iscan/escan agree with a loop.
TEST(CuteIntTuple, RestructuringRoundTrips) {
  for (int x = 1; x <= 4; ++x) {
    for (int y = 1; y <= 4; ++y) {
      auto t = make_tuple(x, make_tuple(y, make_tuple(x * y, _3{})), y + 1);
      EXPECT_EQ(str(unflatten(flatten(t), t)), str(t));
      EXPECT_EQ(str(unflatten(flatten(t), repeat_like(t, _0{}))), str(t));
      auto m = make_tuple(make_tuple(x, y, x + y), make_tuple(y, x, x * y));
      EXPECT_EQ(str(zip(zip(m))), str(m));
      auto sc = make_tuple(x, y, x * y, x + y);
      auto inc = iscan(sc, 0, [](auto a, auto b) { return a + b; });
      auto exc = escan(sc, 0, [](auto a, auto b) { return a + b; });
      int vals[4] = {x, y, x * y, x + y}, run = 0;
      int got_inc[4] = {get<0>(inc), get<1>(inc), get<2>(inc), get<3>(inc)};
      int got_exc[4] = {get<0>(exc), get<1>(exc), get<2>(exc), get<3>(exc)};
      for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(got_exc[i], run);
        run += vals[i];
        EXPECT_EQ(got_inc[i], run);
      }
      EXPECT_EQ(str(insert<1>(remove<1>(sc), y)), str(sc));
      EXPECT_EQ(int(elem_scale(x, make_tuple(y, x))), x * y * x);
    }
  }
}

// CuTe's layout-level names added with the restructuring algorithms
// (layout/layout.hpp, algebra/algebra.hpp); expected strings printed by CuTe
// 7107b05 for the same expressions (the drop-in printed the same 21 lines).
TEST(CuteIntTuple, LayoutRestructuringPrintsAsCute) {
  auto a = make_layout(make_shape(_4{}, make_shape(3, _2{})), make_stride(_2{}, make_stride(8, _1{})));
  auto d = logical_divide(make_layout(make_shape(_8{}, _12{})), make_tile(_2{}, _3{}));
  EXPECT_EQ(str(d), "((_2,_4),(_3,_4)):((_1,_2),(_8,_24))");
  EXPECT_EQ(str(coshape(a)), "24");
  EXPECT_EQ(str(coshape<1>(a)), "18");
  EXPECT_EQ(str(coshape(make_layout(make_shape(_4{}, _3{}), make_stride(_1{}, _4{})))), "_12");
  EXPECT_EQ(str(coprofile(a)), "_0");
  EXPECT_EQ(str(get<1>(domain_offset(make_coord(1, make_coord(2, 1)), a))), "19");
  EXPECT_EQ(str(transform_layout(make_tuple(make_layout(_4{}), make_layout(3, 7)), [](auto l) { return l; })), "(_4,3):(_1,7)");
  EXPECT_EQ(str(transform_layout(make_tuple(make_layout(_4{}), make_layout(3, 7), make_layout(_2{}, _5{})), make_tuple(make_layout(_2{}), make_layout(6)), [](auto x, auto y) { return make_layout(x, y); })), "((_4,_2),(3,6),_2):((_1,_1),(7,_1),_5)");
  EXPECT_EQ(str(zip(make_layout(make_shape(make_shape(2,3), make_shape(4,5)), make_stride(make_stride(1,2), make_stride(6,24))))), "((2,4),(3,5)):((1,6),(2,24))");
  EXPECT_EQ(str(zip(make_layout(make_shape(2,3)), make_layout(make_shape(4,5), make_stride(6, 24)))), "((2,4),(3,5)):((_1,6),(2,24))");
  EXPECT_EQ(str(tile_unzip(d, make_tile(_2{}, _3{}))), "((_2,_3),(_4,_4)):((_1,_8),(_2,_24))");
  EXPECT_EQ(str(compact_major<LayoutLeft>(make_shape(2, make_shape(3, _4{})))), "(_1,(2,6))");
  EXPECT_EQ(str(compact_major<LayoutRight>(make_shape(_2{}, _3{}, _4{}), _5{})), "(_60,_20,_5)");
  EXPECT_EQ(str(compact_major<LayoutLeft>(make_shape(make_shape(2,3), _4{}), make_tuple(_1{}, Int<100>{}))), "((_1,2),_100)");
  EXPECT_EQ(str(compact_order(make_shape(2,3,4,5), make_step(_1{}, _2{}, _3{}, _0{}))), "(5,10,30,_1)");
  EXPECT_EQ(str(compact_order(make_shape(_2{}, _3{}, _4{}), make_step(_2{}, _1{}, _0{}))), "(_12,_4,_1)");
  EXPECT_EQ(str(compact_order(make_shape(_2{}, _3{}), LayoutRight{})), "(_3,_1)");
  EXPECT_EQ(str(recast_layout<uint32_t, uint16_t>(make_layout(make_shape(_4{}, _8{}), make_stride(_8{}, _1{})))), "(_4,_16):(_16,_1)");
  EXPECT_EQ(str(recast_layout<uint8_t, uint16_t>(make_layout(make_shape(_4{}, _8{}), make_stride(_8{}, _1{})))), "(_4,_4):(_4,_1)");
  EXPECT_EQ(str(recast_layout<uint16_t, uint16_t>(make_layout(make_shape(_4{}, _8{}), make_stride(_8{}, _1{})))), "(_4,_8):(_8,_1)");
  EXPECT_EQ(str(recast_layout<array<uint8_t,3>, uint16_t>(make_layout(make_shape(_4{}, _24{}), make_stride(_24{}, _1{})))), "(_4,_36):(_36,_1)");
  // coshape's size is CuTe's cosize for non-negative strides; with a negative
  // stride it counts |d| (CuTe's coshape), e.g. (_4):(_-1) -> _4.
  for (int s0 = 1; s0 <= 4; ++s0)
    for (int d0 = 0; d0 <= 5; ++d0)
      for (int s1 = 1; s1 <= 4; ++s1)
        for (int d1 = 0; d1 <= 5; ++d1) {
          auto l = make_layout(make_shape(s0, s1), make_stride(d0, d1));
          EXPECT_EQ(int(coshape(l)), int(cosize(l))) << l;
          EXPECT_EQ(int(get<1>(domain_offset(make_coord(s0 - 1, s1 - 1), l))), int(l(s0 - 1, s1 - 1)));
        }
  EXPECT_EQ(str(coshape(make_layout(_4{}, Int<-1>{}))), "_4");
  // cosize with negative strides is CuTe's: 1 + sum (s - 1) |d| (the span from
  // the smallest index to the largest), e.g. (_4,_2):(_-1,_4) reaches -3..4.
  EXPECT_EQ(str(cosize(make_layout(make_shape(_4{}, _2{}), make_stride(Int<-1>{}, _4{})))), "_8");
  EXPECT_EQ(str(cosize(make_layout(make_shape(4, 2), make_stride(-1, 4)))), "8");
  EXPECT_EQ(str(cosize(make_layout(_4{}, Int<-1>{}))), "_4");
}

// CuTe's element traits (tuple/int_tuple.hpp); values as CuTe 7107b05 gives them.
TEST(CuteIntTuple, ElementTraitsAsCute) {
  EXPECT_TRUE(is_underscore<Underscore>::value);
  EXPECT_FALSE(is_underscore<int>::value);
  EXPECT_FALSE(is_underscore<_1>::value);
  EXPECT_TRUE((has_elem<tuple<int, tuple<_1, Underscore>>, Underscore>::value));
  EXPECT_FALSE((has_elem<tuple<int, _2>, Underscore>::value));
  EXPECT_TRUE((has_elem<Underscore, Underscore>::value));
  EXPECT_TRUE((all_elem<tuple<Underscore, tuple<Underscore>>, Underscore>::value));
  EXPECT_FALSE((all_elem<tuple<Underscore, int>, Underscore>::value));
  EXPECT_TRUE((all_elem<tuple<>, Underscore>::value));
  EXPECT_FALSE((all_elem<int, Underscore>::value));
  EXPECT_TRUE((all_underscore<tuple<Underscore, Underscore>>::value));
  EXPECT_TRUE((has_int1<tuple<_2, tuple<_1>>>::value));
  EXPECT_FALSE((has_int1<tuple<_2, int>>::value));
  EXPECT_TRUE((has_int0<tuple<_0>>::value));
  EXPECT_TRUE((has_int0<_0>::value));
  EXPECT_FALSE((has_int0<int>::value));
}

// CuTe's function objects (tuple/functional.hpp): the expected strings are what
// CuTe 7107b05's <cute/algorithm/functional.hpp> gives for the same 55 calls.
TEST(CuteIntTuple, FunctionObjectsAsCute) {
  int i = 5; int* p = &i;
  EXPECT_EQ(str(identity{}(7)), "7");
  EXPECT_EQ(str(constant_fn<int>{42}(1, 2.0, 'c')), "42");
  EXPECT_EQ(str(unary_plus{}(3)), "3");
  EXPECT_EQ(str(negate{}(3)), "-3");
  EXPECT_EQ(str(bit_not{}(5)), "-6");
  EXPECT_EQ(str(logical_not{}(0)), "1");
  EXPECT_EQ(str(dereference{}(p)), "5");
  EXPECT_EQ(str(*address_of{}(i)), "5"); { int j = 4; EXPECT_EQ(str(pre_increment{}(j)), "5");
  EXPECT_EQ(str(post_increment{}(j)), "5");
  EXPECT_EQ(str(j), "6");
  EXPECT_EQ(str(pre_decrement{}(j)), "5");
  EXPECT_EQ(str(post_decrement{}(j)), "5");
  EXPECT_EQ(str(j), "4"); }
  EXPECT_EQ(str(abs_fn{}(-3)), "3");
  EXPECT_EQ(str(abs_fn{}(Int<-4>{})), "_4");
  EXPECT_EQ(str(abs_fn{}(-2.5)), "2.5");
  EXPECT_EQ(str(max_fn{}(3, 9)), "9");
  EXPECT_EQ(str(min_fn{}(_3{}, _9{})), "_3");
  EXPECT_EQ(str(max_fn{}(_3{}, 2)), "3");
  EXPECT_EQ(str(shift_right_const<2>{}(17)), "4");
  EXPECT_EQ(str(shift_left_const<3>{}(5)), "40");
  EXPECT_EQ(str(shift_left_const<3>::Shift), "3");
  EXPECT_EQ(str(plus{}(2, 3)), "5");
  EXPECT_EQ(str(minus{}(2, 3)), "-1");
  EXPECT_EQ(str(multiplies{}(_2{}, _3{})), "_6");
  EXPECT_EQ(str(divides{}(7, 2)), "3");
  EXPECT_EQ(str(modulus{}(7, 3)), "1");
  EXPECT_EQ(str(bit_and{}(6, 3)), "2");
  EXPECT_EQ(str(bit_or{}(6, 3)), "7");
  EXPECT_EQ(str(bit_xor{}(6, 3)), "5");
  EXPECT_EQ(str(left_shift{}(1, 4)), "16");
  EXPECT_EQ(str(right_shift{}(64, 2)), "16");
  EXPECT_EQ(str(logical_and{}(true, false)), "0");
  EXPECT_EQ(str(logical_or{}(true, false)), "1");
  EXPECT_EQ(str(equal_to{}(2, 2)), "1");
  EXPECT_EQ(str(not_equal_to{}(2, 2)), "0");
  EXPECT_EQ(str(greater{}(2, 3)), "0");
  EXPECT_EQ(str(less{}(2, 3)), "1");
  EXPECT_EQ(str(greater_equal{}(3, 3)), "1");
  EXPECT_EQ(str(less_equal{}(4, 3)), "0");
  { int a = 10; plus_assign{}(a, 5); minus_assign{}(a, 3); multiplies_assign{}(a, 2); divides_assign{}(a, 4); modulus_assign{}(a, 4); bit_or_assign{}(a, 8); bit_and_assign{}(a, 12); bit_xor_assign{}(a, 1); left_shift_assign{}(a, 2); right_shift_assign{}(a, 1);
  EXPECT_EQ(str(a), "18"); }
  EXPECT_EQ(str(plus_unary_lfold{}(1, 2, 3)), "6");
  EXPECT_EQ(str(minus_unary_lfold{}(10, 2, 3)), "5");
  EXPECT_EQ(str(minus_unary_rfold{}(10, 2, 3)), "11");
  EXPECT_EQ(str(minus_binary_lfold{}(100, 2, 3)), "95");
  EXPECT_EQ(str(minus_binary_rfold{}(100, 2, 3)), "99");
  EXPECT_EQ(str(multiplies_unary_lfold{}(_2{}, _3{}, _4{})), "_24");
  EXPECT_EQ(str(divides_binary_lfold{}(120, 2, 3)), "20");
  EXPECT_EQ(str(divides_binary_rfold{}(2, 12, 36)), "0");
  EXPECT_EQ(str(logical_and_unary_lfold{}(true, true, false)), "0");
  EXPECT_EQ(str(less_unary_lfold{}(1, 2)), "1");
  EXPECT_EQ(str(bind(minus{}, 10)(3)), "7");
  EXPECT_EQ(str(bind(multiplies{}, _4{})(_5{})), "_20");
  EXPECT_EQ(str(transform(make_tuple(-1, _2{}, Int<-3>{}), abs_fn{})), "(1,_2,_3)");
}

// CuTe's coordinate iterator (tuple/restructure.hpp): the sequences CuTe 7107b05
// gives, colexicographic, in a given order, and from a starting coordinate.
TEST(CuteIntTuple, CoordIteratorAsCute) {
  auto walk = [](auto it) {
    std::string r;
    for (; it != ForwardCoordIteratorSentinel{}; ++it) r += str(*it) + " ";
    return r;
  };
  auto shape = make_shape(2, make_shape(_2{}, 3));
  EXPECT_EQ(walk(make_coord_iterator(shape)),
            "(0,(0,0)) (1,(0,0)) (0,(1,0)) (1,(1,0)) (0,(0,1)) (1,(0,1)) (0,(1,1)) (1,(1,1)) (0,(0,2)) (1,(0,2)) (0,(1,2)) (1,(1,2)) ");
  EXPECT_EQ(walk(make_coord_iterator<Step<_2, Step<_0, _1>>>(shape)),
            "(0,(0,0)) (0,(1,0)) (0,(0,1)) (0,(1,1)) (0,(0,2)) (0,(1,2)) (1,(0,0)) (1,(1,0)) (1,(0,1)) (1,(1,1)) (1,(0,2)) (1,(1,2)) ");
  auto s2 = make_shape(3, 4);
  EXPECT_EQ(walk(make_coord_iterator(make_coord(1, 2), s2)), "(1,2) (2,2) (0,3) (1,3) (2,3) ");
  auto a = make_coord_iterator(s2), b = make_coord_iterator(s2);
  ++a;
  EXPECT_FALSE(a == b);
  ++b;
  EXPECT_TRUE(a == b);
  auto s1 = make_shape(4);
  EXPECT_EQ(walk(make_coord_iterator(s1)), "(0) (1) (2) (3) ");
  // Every coordinate of a shape once, in the order of the layout's index: the
  // colex walk visits idx2crd(i) for i = 0, 1, ... (exhaustive over small shapes).
  for (int x = 1; x <= 3; ++x)
    for (int y = 1; y <= 3; ++y)
      for (int z = 1; z <= 3; ++z) {
        auto s = make_shape(x, make_shape(y, z));
        int i = 0;
        for (auto it = make_coord_iterator(s); it != ForwardCoordIteratorSentinel{}; ++it, ++i)
          EXPECT_EQ(str(*it), str(idx2crd(i, s))) << i;
        EXPECT_EQ(i, x * y * z);
      }
}


namespace {
// The rows of BitOperationsAsCute: each x of xs (cast to T) with the results of
// the bit operations on it, printed the way the CuTe program printed them.
template <class T>
std::string bits_line(char const* name, std::vector<unsigned long long> const& xs) {
  std::ostringstream os;
  os << name << ":";
  for (auto v : xs) {
    T const x = T(v);
    unsigned long long ceil = 0;
    if constexpr (sizeof(T) >= 4) ceil = bit_ceil(x);
    os << " " << +x << "[" << has_single_bit(x) << " " << bit_width(x) << " " << ceil << " " << +bit_floor(x) << " "
       << countl_zero(x) << " " << countr_zero(x) << " " << popcount(x) << " " << +rotl(x, 3) << " " << +rotr(x, 3) << " "
       << +rotl(x, -5) << " " << +rotr(x, -1) << " " << +rotl(x, 0) << "]";
  }
  return os.str();
}
template <class T>
std::string ones_line(char const* name, std::vector<unsigned long long> const& xs) {
  std::ostringstream os;
  os << name << ":";
  for (auto v : xs) {
    T const x = T(v);
    os << " " << countl_one(x) << "/" << countr_one(x) << "/" << log_2(T(x | 1));
  }
  return os.str();
}
template <class T> struct W { static constexpr T value = 7; };
struct F { static constexpr double value = 2.5; };
template <class A> struct TA { static constexpr int v = 1; };
template <class A> struct TB { static constexpr int v = 2; };
}  // namespace

TEST(CuteIntTuple, BitOperationsAsCute) {
  // Each entry: x[has_single_bit bit_width bit_ceil bit_floor countl_zero countr_zero popcount
  // rotl(x,3) rotr(x,3) rotl(x,-5) rotr(x,-1) rotl(x,0)], as CuTe 7107b05 prints them (bit_ceil 0 for
  // 8/16 bits, where CuTe's does not compile); then countl_one/countr_one/log_2(x|1).
  std::vector<unsigned long long> const xs{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 17, 100, 127, 128, 129, 200, 255};
  EXPECT_EQ((bits_line<uint8_t>("u8", xs)),
            "u8: 0[0 0 0 0 8 8 0 0 0 0 0 0] 1[1 1 0 1 7 0 1 8 32 8 2 1] 2[1 2 0 2 6 1 1 16 64 16 4 2] 3[0 2 0 2 6 0 2 24 96 24 6 3] 4[1 3 0 4 5 2 1 32 128 32 8 4] 5[0 3 0 4 5 0 2 40 160 40 10 5] 6[0 3 0 4 5 1 2 48 192 48 12 6] 7[0 3 0 4 5 0 3 56 224 56 14 7] 8[1 4 0 8 4 3 1 64 1 64 16 8] 9[0 4 0 8 4 0 2 72 33 72 18 9] 12[0 4 0 8 4 2 2 96 129 96 24 12] 17[0 5 0 16 3 0 2 136 34 136 34 17] 100[0 7 0 64 1 2 3 35 140 35 200 100] 127[0 7 0 64 1 0 7 251 239 251 254 127] 128[1 8 0 128 0 7 1 4 16 4 1 128] 129[0 8 0 128 0 0 2 12 48 12 3 129] 200[0 8 0 128 0 3 3 70 25 70 145 200] 255[0 8 0 128 0 0 8 255 255 255 255 255]");
  EXPECT_EQ((bits_line<uint16_t>("u16", {0, 1, 3, 255, 256, 1000, 32768, 40000, 65535})),
            "u16: 0[0 0 0 0 16 16 0 0 0 0 0 0] 1[1 1 0 1 15 0 1 8 8192 2048 2 1] 3[0 2 0 2 14 0 2 24 24576 6144 6 3] 255[0 8 0 128 8 0 8 2040 57375 63495 510 255] 256[1 9 0 256 7 8 1 2048 32 8 512 256] 1000[0 10 0 512 6 3 6 8000 125 16415 2000 1000] 32768[1 16 0 32768 0 15 1 4 4096 1024 1 32768] 40000[0 16 0 32768 0 6 5 57860 5000 1250 14465 40000] 65535[0 16 0 32768 0 0 16 65535 65535 65535 65535 65535]");
  EXPECT_EQ((bits_line<uint32_t>("u32", {0, 1, 5, 1u << 20, (1u << 20) + 1, 123456789, 0x80000000u, 0xffffffffu})),
            "u32: 0[0 0 1 0 32 32 0 0 0 0 0 0] 1[1 1 1 1 31 0 1 8 536870912 134217728 2 1] 5[0 3 8 4 29 0 2 40 2684354560 671088640 10 5] 1048576[1 21 1048576 1048576 11 20 1 8388608 131072 32768 2097152 1048576] 1048577[0 21 2097152 1048576 11 0 2 8388616 537001984 134250496 2097154 1048577] 123456789[0 27 134217728 67108864 5 0 16 987654312 2699786658 2822430312 246913578 123456789] 2147483648[1 32 2147483648 2147483648 0 31 1 4 268435456 67108864 1 2147483648] 4294967295[0 32 1 2147483648 0 0 32 4294967295 4294967295 4294967295 4294967295 4294967295]");
  EXPECT_EQ((bits_line<uint64_t>("u64", {0, 1, 6, 1ull << 40, (1ull << 40) + 3, 0x8000000000000000ull, ~0ull, 0x123456789abcdefull})),
            "u64: 0[0 0 1 0 64 64 0 0 0 0 0 0] 1[1 1 1 1 63 0 1 8 2305843009213693952 576460752303423488 2 1] 6[0 3 8 4 61 1 2 48 13835058055282163712 3458764513820540928 12 6] 1099511627776[1 41 1099511627776 1099511627776 23 40 1 8796093022208 137438953472 34359738368 2199023255552 1099511627776] 1099511627779[0 41 2199023255552 1099511627776 23 0 3 8796093022232 6917529165080035328 1729382291270008832 2199023255558 1099511627779] 9223372036854775808[1 64 9223372036854775808 9223372036854775808 0 63 1 4 1152921504606846976 288230376151711744 1 9223372036854775808] 18446744073709551615[0 64 1 9223372036854775808 0 0 64 18446744073709551615 18446744073709551615 18446744073709551615 18446744073709551615 18446744073709551615] 81985529216486895[0 57 144115188075855872 72057594037927936 7 0 32 655884233731895160 16151149255647918525 8649473332339367535 163971058432973790 81985529216486895]");
  EXPECT_EQ((ones_line<uint32_t>("u32", {0, 1, 3, 0xf0000000u, 0xffffffffu, 0xfffffff0u, 0x7fffffffu})),
            "u32: 0/0/0 0/1/0 0/2/1 4/0/31 32/32/31 28/0/31 0/31/30");
  EXPECT_EQ((ones_line<uint64_t>("u64", {0, 7, ~0ull, 0xff00000000000000ull})),
            "u64: 0/0/0 0/3/2 64/64/63 8/0/63");
}

TEST(CuteIntTuple, MathIntAlignmentNamesAsCute) {
  CHECK_PRINTS("32", popcount(int(-1)));
  CHECK_PRINTS("29", popcount(-8));
  CHECK_PRINTS("0", has_single_bit(0));
  CHECK_PRINTS("1", has_single_bit(64));
  CHECK_PRINTS("0", has_single_bit(-4));
  CHECK_PRINTS("12", shiftl(3, 2));
  CHECK_PRINTS("3", shiftl(12, -2));
  CHECK_PRINTS("3", shiftr(12, 2));
  CHECK_PRINTS("24", shiftr(3, -3));
  CHECK_PRINTS("400", shiftl(uint8_t(200), 1));
  CHECK_PRINTS("-4", shiftr(-16, 2));
  CHECK_PRINTS("1099511627776", shiftl(1ull, 40));
  CHECK_PRINTS("3", safe_div(12, 4));
  CHECK_PRINTS("3", safe_div(13, 4));
  CHECK_PRINTS("-2", safe_div(-12, 5));
  CHECK_PRINTS("2", safe_div(12u, 5));
  { auto d = divmod(17, 5); CHECK_PRINTS("3", d.div_); CHECK_PRINTS("2", d.mod_); }
  { auto d = divmod(-17, 5); CHECK_PRINTS("-3", d.div_); CHECK_PRINTS("-2", d.mod_); }
  { auto [q, r] = divmod(Int<17>{}, _5{}); CHECK_PRINTS("_3", q); CHECK_PRINTS("_2", r); }
  { auto [q, r] = divmod(17, _5{}); CHECK_PRINTS("3", q); CHECK_PRINTS("2", r); }
  { auto [q, r] = divmod(100u, 7u); CHECK_PRINTS("14", q); CHECK_PRINTS("2", r); }
  CHECK_PRINTS("1", sizeof(int_bit_t<2>));
  CHECK_PRINTS("1", sizeof(int_bit_t<8>));
  CHECK_PRINTS("2", sizeof(int_bit_t<16>));
  CHECK_PRINTS("8", sizeof(int_bit_t<64>));
  CHECK_PRINTS("4", sizeof(int_byte_t<4>));
  CHECK_PRINTS("1", std::is_same_v<int_byte_t<2>, int16_t>);
  CHECK_PRINTS("1", std::is_same_v<int_bit_t<32>, int32_t>);
  CHECK_PRINTS("1", std::is_same_v<uint_byte_t<8>, uint64_t>);
  CHECK_PRINTS("1", std::is_same_v<typename uint_byte<1>::type, uint8_t>);
  CHECK_PRINTS("1", std::is_same_v<typename int_byte<8>::type, int64_t>);
  CHECK_PRINTS("1", std::is_signed_v<int_bit_t<64>>);
  CHECK_PRINTS("1", std::is_same_v<uint_bit_t<1>, uint1_t>);
  CHECK_PRINTS("1", std::is_same_v<uint_bit_t<6>, uint6_t>);
  CHECK_PRINTS("6", sizeof_bits_v<int6_t>);
  CHECK_PRINTS("6", sizeof_bits_v<uint6_t>);
  CHECK_PRINTS("4", sizeof_bits_v<int_bit_t<4>>);
  CHECK_PRINTS("2", sizeof_bits_v<uint_bit_t<2>>);
  CHECK_PRINTS("128", sizeof_bits_v<uint_byte_t<16>>);
  CHECK_PRINTS("-3", int(int6_t(-3)));
  CHECK_PRINTS("31", int(int6_t(31)));
  CHECK_PRINTS("63", int(uint6_t(63)));
  CHECK_PRINTS("_7", static_value<W<int>>());
  CHECK_PRINTS("_8", static_value<W<unsigned>>() + _1{});
  CHECK_PRINTS("2.5", static_value<F>());
  CHECK_PRINTS("_1", static_value<std::is_same<int, int>>());
  CHECK_PRINTS("7", decltype(static_value<W<long>>())::value);
  CHECK_PRINTS("1", is_static<decltype(static_value<W<int>>())>::value);
  CHECK_PRINTS("1", conditional_template<true, TA, TB>::type<int>::v);
  CHECK_PRINTS("2", conditional_template<false, TA, TB>::type<int>::v);
  alignas(64) char buf[256] = {};
  CHECK_PRINTS("1", is_byte_aligned<1>(buf + 3));
  CHECK_PRINTS("1", is_byte_aligned<4>(buf + 4));
  CHECK_PRINTS("0", is_byte_aligned<4>(buf + 6));
  CHECK_PRINTS("1", is_byte_aligned<64>(buf));
  CHECK_PRINTS("0", is_byte_aligned<64>(buf + 32));
  CHECK_PRINTS("1", is_byte_aligned<32>(buf + 32));
  CHECK_PRINTS("1", alignof(aligned_struct<1>));
  CHECK_PRINTS("16", alignof(aligned_struct<16>));
  CHECK_PRINTS("256", alignof(aligned_struct<256, int>));
  CHECK_PRINTS("1", alignof(aligned_struct<3>));
  CHECK_PRINTS("1", alignof(aligned_struct<512>));
  CHECK_PRINTS("128", sizeof(aligned_struct<128>));
  struct S : aligned_struct<32, S> { int x; }; CHECK_PRINTS("32", alignof(S)); CHECK_PRINTS("32", sizeof(S));
}

TEST(CuteIntTuple, BitOperationsMatchStdBit) {
  // Every 16-bit value, and each of them spread over 32 and 64 bits, against C++20's <bit>.
  auto check = [](auto x) {
    using T = decltype(x);
    ASSERT_EQ(bit_width(x), int(std::bit_width(x))) << +x;
    ASSERT_EQ(bit_floor(x), std::bit_floor(x)) << +x;
    if (x <= (T(1) << (std::numeric_limits<T>::digits - 1))) {
      ASSERT_EQ(bit_ceil(x), std::bit_ceil(x)) << +x;
    }
    ASSERT_EQ(has_single_bit(x), std::has_single_bit(x)) << +x;
    ASSERT_EQ(countl_zero(x), std::countl_zero(x)) << +x;
    ASSERT_EQ(countr_zero(x), std::countr_zero(x)) << +x;
    ASSERT_EQ(popcount(x), std::popcount(x)) << +x;
    if constexpr (sizeof(T) >= 4) {
      ASSERT_EQ(countl_one(x), std::countl_one(x)) << +x;
      ASSERT_EQ(countr_one(x), std::countr_one(x)) << +x;
    }
    if (x != 0) {
      ASSERT_EQ(log_2(x), int(std::bit_width(x)) - 1) << +x;
    }
    for (int s = -70; s <= 70; s += 7) {
      ASSERT_EQ(rotl(x, s), std::rotl(x, s)) << +x << " " << s;
      ASSERT_EQ(rotr(x, s), std::rotr(x, s)) << +x << " " << s;
    }
  };
  for (unsigned v = 0; v < 65536; ++v) {
    check(std::uint16_t(v));
    if (v < 256) check(std::uint8_t(v));
    check(std::uint32_t(v * 65537u ^ (v << 7)));
    check(std::uint64_t(v) * 0x9e3779b97f4a7c15ull);
  }
  EXPECT_THROW(log_2(0u), tessel::error);
  static_assert(bit_width(std::uint64_t(1) << 63) == 64 && log_2(1024u) == 10 && popcount(0xffu) == 8);
}

namespace {
template <class A, class B> constexpr bool same = std::is_same_v<A, B>;
}  // namespace

TEST(CuteIntTuple, RatiosAsCute) {
  CHECK_PRINTS("1", R<3,6>::num);
  CHECK_PRINTS("2", R<3,6>::den);
  CHECK_PRINTS("-1", R<-3,6>::num);
  CHECK_PRINTS("-1", R<3,-6>::num);
  CHECK_PRINTS("2", R<3,-6>::den);
  CHECK_PRINTS("2", R<-4,-6>::num);
  CHECK_PRINTS("3", R<-4,-6>::den);
  CHECK_PRINTS("0", R<0,5>::num);
  CHECK_PRINTS("1", R<0,-5>::den);
  CHECK_PRINTS("3", R<12,4>::num);
  CHECK_PRINTS("1", R<7,1>::den);
  CHECK_PRINTS("1", same<R<3,6>::type, R<1,2>>);
  CHECK_PRINTS("1", same<R<6,3>::type, C<2>>);
  CHECK_PRINTS("1", same<R<0,3>::type, C<0>>);
  CHECK_PRINTS("1", same<R<-6,-3>::type, C<2>>);
  CHECK_PRINTS("1", same<R<5,-10>::type, R<-1,2>>);
  CHECK_PRINTS("1", is_ratio<R<1,2>>::value);
  CHECK_PRINTS("0", is_ratio<C<1>>::value);
  CHECK_PRINTS("0", is_ratio<int>::value);
  CHECK_PRINTS("_1", is_ratio<R<4,2>>{});
  CHECK_PRINTS("__3/_6", R<3,6>{});
  CHECK_PRINTS("__-1/_2", R<-1,2>{});
  CHECK_PRINTS("__1/_2", ratio(_3{}, _6{}));
  CHECK_PRINTS("_2", ratio(_6{}, _3{}));
  CHECK_PRINTS("__8/_3", ratio(_2{}, R<3,4>{}));
  CHECK_PRINTS("__3/_8", ratio(R<3,4>{}, _2{}));
  CHECK_PRINTS("__2/_3", ratio(R<1,2>{}, R<3,4>{}));
  CHECK_PRINTS("_1", ratio(R<3,4>{}, R<3,4>{}));
  CHECK_PRINTS("__3/_6", nratio(_3{}, _6{}));
  CHECK_PRINTS("__8/_3", nratio(_2{}, R<3,4>{}));
  CHECK_PRINTS("__3/_8", nratio(R<3,4>{}, _2{}));
  CHECK_PRINTS("__4/_6", nratio(R<1,2>{}, R<3,4>{}));
  CHECK_PRINTS("__1/_3", R<1,2>{} * R<2,3>{});
  CHECK_PRINTS("_1", R<3,2>{} * R<2,3>{});
  CHECK_PRINTS("_2", R<1,4>{} * _8{});
  CHECK_PRINTS("__3/_2", _6{} * R<1,4>{});
  CHECK_PRINTS("2", 10 * R<1,4>{});
  CHECK_PRINTS("7", R<3,4>{} * 10);
  CHECK_PRINTS("-3", -10 * R<1,3>{});
  CHECK_PRINTS("4", 7u * R<2,3>{});
  CHECK_PRINTS("8", 12 / R<3,2>{});
  CHECK_PRINTS("_8", _12{} / R<3,2>{});
  CHECK_PRINTS("_2", R<1,2>{} / R<1,4>{});
  CHECK_PRINTS("__5/_6", R<1,2>{} + R<1,3>{});
  CHECK_PRINTS("_1", R<1,2>{} + R<1,2>{});
  CHECK_PRINTS("__3/_2", R<1,2>{} + _1{});
  CHECK_PRINTS("__5/_3", _2{} + R<-1,3>{});
  CHECK_PRINTS("_1", R<1,2>{} == R<2,4>{});
  CHECK_PRINTS("_0", R<1,2>{} == R<1,3>{});
  CHECK_PRINTS("_1", R<4,2>{} == _2{});
  CHECK_PRINTS("_1", _2{} == R<4,2>{});
  CHECK_PRINTS("_0", _1{} == R<1,2>{});
  CHECK_PRINTS("_1", R<1,3>{} < R<1,2>{});
  CHECK_PRINTS("_0", R<1,2>{} < R<1,3>{});
  CHECK_PRINTS("_1", R<1,2>{} < _1{});
  CHECK_PRINTS("_1", _1{} < R<3,2>{});
  CHECK_PRINTS("_0", R<5,2>{} < _2{});
  CHECK_PRINTS("_0", _0{} < R<-1,2>{});
  CHECK_PRINTS("__3/_4", abs(R<-3,4>{}));
  CHECK_PRINTS("__1/_2", abs(R<3,-6>{}));
  CHECK_PRINTS("_2", abs(R<-8,-4>{}));
  CHECK_PRINTS("3", log_2(R<8,1>{}));
  CHECK_PRINTS("-2", log_2(R<1,4>{}));
  CHECK_PRINTS("3", log_2(R<32,4>{}));
  CHECK_PRINTS("1", log_2(R<6,2>{}));
  CHECK_PRINTS("-2", log_2(R<3,8>{}));
  CHECK_PRINTS("__32/_8", trait_ratio(sizeof_bits<uint32_t>{}, sizeof_bits<uint8_t>{}));
  CHECK_PRINTS("__16/_64", trait_ratio(sizeof_bits<uint16_t>{}, sizeof_bits<double>{}));
  CHECK_PRINTS("1", log_2(trait_ratio(sizeof_bits<uint32_t>{}, sizeof_bits<uint16_t>{})));
  CHECK_PRINTS("1", same<decltype(trait_ratio(sizeof_bits<uint32_t>{}, sizeof_bits<uint8_t>{})), R<32,8>>);
  CHECK_PRINTS("1", same<decltype(R<1,2>{} == R<2,4>{}), true_type>);
  CHECK_PRINTS("1", same<decltype(R<1,2>{} * 3), int>);
}

TEST(CuteIntTuple, ArithmeticTupleHelpersAsCute) {
  CHECK_PRINTS("(1,_2,3)", make_arithmetic_tuple(1, _2{}, 3));
  CHECK_PRINTS("(3,3)", make_arithmetic_tuple(_1{}) + make_arithmetic_tuple(2, 3));
  CHECK_PRINTS("1", same<decltype(make_arithmetic_tuple(1, _2{})), ArithmeticTuple<int, _2>>);
  CHECK_PRINTS("(1,(_2,3))", as_arithmetic_tuple(make_tuple(1, make_tuple(_2{}, 3))));
  CHECK_PRINTS("5", as_arithmetic_tuple(5));
  CHECK_PRINTS("_7", as_arithmetic_tuple(_7{}));
  CHECK_PRINTS("1", same<decltype(as_arithmetic_tuple(make_tuple(1, make_tuple(_2{}, 3)))), ArithmeticTuple<int, ArithmeticTuple<_2, int>>>);
  CHECK_PRINTS("1", same<decltype(as_arithmetic_tuple(5)), int>);
  CHECK_PRINTS("(11,22,30)", as_arithmetic_tuple(make_tuple(1, 2)) + make_arithmetic_tuple(_10{}, 20, 30));
  CHECK_PRINTS("(1,_2)", *make_inttuple_iter(make_tuple(1, _2{})));
  CHECK_PRINTS("(4,6)", *(make_inttuple_iter(make_tuple(1, _2{})) + make_arithmetic_tuple(3, 4)));
  CHECK_PRINTS("ArithTuple(_0,5)", make_inttuple_iter(make_tuple(_0{}, 5)));
  CHECK_PRINTS("4", *make_inttuple_iter(4));
  CHECK_PRINTS("(2,(3,5))", make_inttuple_iter(make_tuple(1, make_tuple(2, 3)))[as_arithmetic_tuple(make_tuple(_1{}, make_tuple(_1{}, 2)))]);
  CHECK_PRINTS("1", same<decltype(make_inttuple_iter(make_tuple(1, _2{}))), ArithmeticTupleIterator<ArithmeticTuple<int, _2>>>);
  auto t = make_tuple(10, make_tuple(20, Int<30>{}), 40);
  CHECK_PRINTS("(10,(20,_30),40)", basis_get(E<>{}, t));
  CHECK_PRINTS("10", basis_get(E<0>{}, t));
  CHECK_PRINTS("(20,_30)", basis_get(E<1>{}, t));
  CHECK_PRINTS("_30", basis_get(E<1, 1>{}, t));
  CHECK_PRINTS("20", basis_get(E<1, 0>{}, t));
  CHECK_PRINTS("40", basis_get(3 * E<2>{}, t));
  CHECK_PRINTS("(10,(20,_30),40)", basis_get(_5{}, t));
  CHECK_PRINTS("8", basis_get(7, 8));
  { auto u = t; basis_get(E<1, 0>{}, u) = 99; CHECK_PRINTS("(10,(99,_30),40)", u); basis_get(E<2>{}, u) += 1; CHECK_PRINTS("(10,(99,_30),41)", u); }
  CHECK_PRINTS("_1", basis_value(E<1>{}));
  CHECK_PRINTS("3", basis_value(3 * E<0, 1>{}));
  CHECK_PRINTS("_4", basis_value(_4{} * E<2>{}));
  CHECK_PRINTS("9", basis_value(9));
  CHECK_PRINTS("_9", basis_value(_9{}));
  CHECK_PRINTS("(1,2)", basis_value(make_tuple(1, 2)));
  CHECK_PRINTS("1", same<decltype(basis_value(_4{} * E<2>{})), _4>);
}

namespace {
template <class T, class = void> struct has_type : std::false_type {};
template <class T> struct has_type<T, std::void_t<typename T::type>> : std::true_type {};
}  // namespace

TEST(CuteIntTuple, TupleElementAsCute) {
  using T = tessel::tuple<int, _2, tessel::tuple<float, char>>;
  CHECK_PRINTS("1", same<typename tessel::tuple_element<0, T>::type, int>);
  CHECK_PRINTS("1", same<typename tessel::tuple_element<1, T>::type, _2>);
  CHECK_PRINTS("1", same<typename tessel::tuple_element<2, T>::type, tessel::tuple<float, char>>);
  CHECK_PRINTS("1", same<typename tessel::tuple_element<0, T const>::type, int const>);
  CHECK_PRINTS("0", same<typename tessel::tuple_element<0, T const>::type, int>);
  CHECK_PRINTS("1", same<typename tessel::tuple_element<1, std::tuple<int, double>>::type, double>);
  CHECK_PRINTS("1", same<typename tessel::tuple_element<0, std::pair<char, long>>::type, char>);
  CHECK_PRINTS("1", same<typename tessel::tuple_element<1, std::array<short, 3>>::type, short>);
  CHECK_PRINTS("1", same<typename tessel::tuple_element<2, tessel::array<short, 3>>::type, short>);
  CHECK_PRINTS("1", same<typename tessel::tuple_element<1, std::tuple<int, double> const>::type, double const>);
  CHECK_PRINTS("0", has_type<tessel::tuple_element<0, int>>::value);
  CHECK_PRINTS("1", has_type<tessel::tuple_element<0, tessel::tuple<int>>>::value);
  CHECK_PRINTS("1", same<typename tessel::tuple_element<0, decltype(make_shape(1, _2{}))>::type, int>);
  // tuple_element_t keeps const, as CuTe's (a reference names its tuple).
  CHECK_PRINTS("1", same<tessel::tuple_element_t<0, T const>, int const>);
  CHECK_PRINTS("1", same<tessel::tuple_element_t<1, T const>, _2 const>);
  CHECK_PRINTS("1", same<tessel::tuple_element_t<2, T const>, tessel::tuple<float, char> const>);
  CHECK_PRINTS("1", same<tessel::tuple_element_t<0, T>, int>);
  CHECK_PRINTS("1", same<tessel::tuple_element_t<0, T const&>, int const>);
  CHECK_PRINTS("1", same<tessel::tuple_element_t<1, T&>, _2>);
  CHECK_PRINTS("1", same<tessel::tuple_element_t<1, tessel::tuple<int, float> const>, float const>);
}

// An ArithmeticTuple and a plain tuple add and subtract as CuTe's (CuTe 7107b05 printed these lines;
// CuTe's own C<0> - ArithmeticTuple does not compile, tessel's negates).
TEST(CuteIntTuple, ArithmeticTupleArithmeticAsCute) {
  auto at = make_arithmetic_tuple(1, Int<2>{}, 3);
  CHECK_PRINTS("(11,22,33)", at + make_tuple(10, 20, 30));
  CHECK_PRINTS("(11,22,33)", make_tuple(10, 20, 30) + at);
  CHECK_PRINTS("(11,_2,3)", at + make_tuple(10));
  CHECK_PRINTS("(2,_2,3)", make_tuple(Int<1>{}) + at);
  CHECK_PRINTS("(0,_0,0)", at - at);
  CHECK_PRINTS("(-1,_-2,-3)", -at);
  CHECK_PRINTS("(0,_0,-2,-7)", at - make_tuple(Int<1>{}, Int<2>{}, 5, 7));
  CHECK_PRINTS("(3,_3,-3)", make_tuple(4, Int<5>{}) - at);
  CHECK_PRINTS("(1,_2,3)", at - Int<0>{});
  CHECK_PRINTS("(1,_2,3)", Int<0>{} + at);
  CHECK_PRINTS("(1,4,3)", E<1>{} * 2 + at);
  CHECK_PRINTS("(2,_2,3)", at + E<0>{});
  CHECK_PRINTS("(_8,4)", make_arithmetic_tuple(Int<3>{}, 4) + make_arithmetic_tuple(Int<5>{}));
  CHECK_PRINTS("(-1,_-2,-3)", Int<0>{} - at);
  CHECK_PRINTS("1", same<decltype(at + make_tuple(10)), ArithmeticTuple<int, _2, int>>);
  CHECK_PRINTS("1", same<decltype(at - at), ArithmeticTuple<int, _0, int>>);
}
