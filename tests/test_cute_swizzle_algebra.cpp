// test_cute_swizzle_algebra.cpp: the layout algebra on swizzled layouts
// (swizzle/composed_algebra.hpp). Each printed result is CuTe's for the same
// expression; the inverses are also checked pointwise, exhaustively over
// small swizzles and layouts.
#include <gtest/gtest.h>

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
#define SWL(B, M, S, SH, ST) composition(Swizzle<B, M, S>{}, Layout<SH, ST>{})
#define CHECK_PRINTS(expected, ...) EXPECT_EQ(str(__VA_ARGS__), expected) << #__VA_ARGS__

TEST(CuteSwizzleAlgebra, PrintsAsCute) {
  CHECK_PRINTS("Sw<1,0,1> o _0 o (_2,_2):(_1,_2)", SWL(1,0,1, Shape<_2 COMMA _2>, Stride<_1 COMMA _2>));
  CHECK_PRINTS("Sw<2,0,2> o _0 o (_4,_4):(_1,_4)", SWL(2,0,2, Shape<_4 COMMA _4>, Stride<_1 COMMA _4>));
  CHECK_PRINTS("Sw<2,0,2> o _0 o (_4,_4):(_4,_1)", SWL(2,0,2, Shape<_4 COMMA _4>, Stride<_4 COMMA _1>));
  CHECK_PRINTS("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", SWL(3,3,3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>));
  CHECK_PRINTS("Sw<2,3,3> o _0 o (_8,_32):(_32,_1)", SWL(2,3,3, Shape<_8 COMMA _32>, Stride<_32 COMMA _1>));
  CHECK_PRINTS("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", SWL(3,4,3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>));
  CHECK_PRINTS("Sw<1,0,2> o _0 o (_4,_4):(_1,_4)", SWL(1,0,2, Shape<_4 COMMA _4>, Stride<_1 COMMA _4>));
  CHECK_PRINTS("Sw<1,0,1> o _0 o (_4,_4):(_8,_1)", SWL(1,0,1, Shape<_4 COMMA _4>, Stride<_8 COMMA _1>));
  CHECK_PRINTS("(_8,_8):(_8,_1)", SWL(0,4,3, Shape<_8 COMMA _8>, Stride<_8 COMMA _1>));
  CHECK_PRINTS("Sw<3,3,3> o _0 o ((_64,_2),(_8,_8)):((_1,_512),(_64,_1024))", tile_to_shape(SWL(3,3,3, Shape<_64 COMMA _8>, Stride<_1 COMMA _64>), Shape<_128 COMMA _64>{}));
  CHECK_PRINTS("Sw<3,3,3> o _0 o ((_8,_8),(_64,_2)):((_64,_1024),(_1,_512))", tile_to_shape(SWL(3,3,3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>), Shape<_64 COMMA _128>{}, Step<_2 COMMA _1>{}));
  CHECK_PRINTS("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", coalesce(SWL(3,3,3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>)));
  CHECK_PRINTS("Sw<2,0,2> o _0 o _16:_1", coalesce(SWL(2,0,2, Shape<_4 COMMA _4>, Stride<_1 COMMA _4>)));
  CHECK_PRINTS("Sw<1,0,2> o _0 o _16:_1", right_inverse(SWL(1,0,2, Shape<_4 COMMA _4>, Stride<_1 COMMA _4>)));
  CHECK_PRINTS("Sw<1,0,-2> o _0 o (_4,_4):(_4,_1)", right_inverse(SWL(1,0,2, Shape<_4 COMMA _4>, Stride<_4 COMMA _1>)));
  CHECK_PRINTS("Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)", right_inverse(SWL(3,3,3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>)));
  CHECK_PRINTS("Sw<1,2,1> o _0 o (_8,_4):(_4,_1)", left_inverse(SWL(1,0,1, Shape<_4 COMMA _4>, Stride<_8 COMMA _1>)));
  CHECK_PRINTS("Sw<2,0,-2> o _0 o (_4,_4):(_4,_1)", left_inverse(SWL(2,0,2, Shape<_4 COMMA _4>, Stride<_4 COMMA _1>)));
  CHECK_PRINTS("Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)", left_inverse(SWL(3,3,3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>)));
  CHECK_PRINTS("Sw<3,3,3> o _0 o ((_4,_2),(_8,_8)):((_64,_256),(_1,_8))", logical_divide(SWL(3,3,3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>), Shape<_4 COMMA _8>{}));
  CHECK_PRINTS("Sw<3,3,3> o _0 o ((_2,_16),(_4,_4)):((_64,_1),(_128,_16))", zipped_divide(SWL(3,3,3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>), Shape<_2 COMMA _16>{}));
  CHECK_PRINTS("Sw<3,3,3> o _0 o (_4,(_2,_4)):(_64,(_256,_1))", composition(SWL(3,3,3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>), Layout<Shape<_4 COMMA _8>>{}));
  CHECK_PRINTS("Sw<3,0,-3> o _0 o (_8,_8):(_8,_1)", composition(Layout<Shape<_8 COMMA _8>, Stride<_8 COMMA _1>>{}, Swizzle<3,0,3>{}));
  CHECK_PRINTS("Sw<1,0,2> o _0 o (_4,_4):(_1,_4)", composition(Layout<Shape<_4 COMMA _4>, Stride<_1 COMMA _4>>{}, Swizzle<1,0,2>{}));
  CHECK_PRINTS("_16", max_alignment(Swizzle<3,4,3>{}));
  CHECK_PRINTS("_1", max_alignment(Swizzle<2,0,3>{}));
  CHECK_PRINTS("_8", max_alignment(SWL(3,3,3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>)));
  CHECK_PRINTS("Sw<3,2,3>", upcast<2>(Swizzle<3,3,3>{}));
  CHECK_PRINTS("Sw<2,3,3>", downcast<4>(Swizzle<2,1,3>{}));
}

// tile_to_shape of a swizzled layout prints CuTe 4.x's structure: mode k is
// (block_k, copies_k), no longer coalesced (docs/ALGEBRA.md).
TEST(CuteSwizzleAlgebra, TileToShapeStructureAsCute) {
  CHECK_PRINTS("Sw<3,3,3> o _0 o ((_8,_8),(_64,_2)):((_64,_512),(_1,_4096))", tile_to_shape(SWL(3,3,3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>), Shape<_64 COMMA _128>{}));
  CHECK_PRINTS("Sw<2,3,3> o _0 o ((_8,_4),(_32,_1)):((_32,_256),(_1,_0))", tile_to_shape(SWL(2,3,3, Shape<_8 COMMA _32>, Stride<_32 COMMA _1>), Shape<_32 COMMA _32>{}));
  CHECK_PRINTS("Sw<3,4,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))", tile_to_shape(SWL(3,4,3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>), Shape<_128 COMMA _64>{}));
}

namespace {
// Every value of a and b over a's domain agrees.
template <class A, class B>
void expect_same_function(A const& a, B const& b) {
  ASSERT_EQ(int(size(a)), int(size(b)));
  for (int i = 0; i < int(size(a)); ++i) EXPECT_EQ(int(a(i)), int(b(i))) << "at " << i;
}
}  // namespace

TEST(CuteSwizzleAlgebra, TileToShapeIsCutesFunction) {
  auto sw = SWL(3, 3, 3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>);
  auto cute_result = composition(Swizzle<3, 3, 3>{}, Layout<Shape<Shape<_8, _8>, Shape<_64, _2>>,
                                                            Stride<Stride<_64, _512>, Stride<_1, _4096>>>{});
  expect_same_function(tile_to_shape(sw, Shape<_64, _128>{}), cute_result);
  auto sw2 = SWL(2, 3, 3, Shape<_8 COMMA _32>, Stride<_32 COMMA _1>);
  auto cute_result2 = composition(Swizzle<2, 3, 3>{}, Layout<Shape<Shape<_8, _4>, Shape<_32, _1>>,
                                                             Stride<Stride<_32, _256>, Stride<_1, _0>>>{});
  expect_same_function(tile_to_shape(sw2, Shape<_32, _32>{}), cute_result2);
}

namespace {
// One run of set bits (or none).
constexpr bool one_run(long long m) {
  if (m <= 0) return m == 0;
  while (!(m & 1)) m >>= 1;
  return (m & (m + 1)) == 0;
}
// Whether the inverse layout R maps each of the swizzle's two bit fields to
// one run of bits: then R o Sw is again a swizzle after R (CuTe's rewrite,
// which both libraries refuse at compile time otherwise).
template <class Sw, class R>
constexpr bool rewritable() {
  return one_run(decltype(R{}(C<int(Sw::yyy_msk)>{}))::value) && one_run(decltype(R{}(C<int(Sw::zzz_msk)>{}))::value);
}
// right_inverse: L(R(i)) == i over R's domain; left_inverse: R(L(i)) == i.
// Returns how many of the two were checked.
template <class Sw, class Inner>
int expect_inverses() {
  auto l = composition(Sw{}, Inner{});
  int checked = 0;
  if constexpr (rewritable<Sw, decltype(right_inverse(Inner{}))>()) {
    auto r = right_inverse(l);
    for (int i = 0; i < int(size(r)); ++i) EXPECT_EQ(int(l(r(i))), i) << str(l) << " right inverse " << str(r);
    ++checked;
  }
  if constexpr (rewritable<Sw, decltype(left_inverse(Inner{}))>()) {
    auto li = left_inverse(l);
    for (int i = 0; i < int(size(l)); ++i) EXPECT_EQ(int(li(l(i))), i) << str(l) << " left inverse " << str(li);
    ++checked;
  }
  return checked;
}
template <int B, int M, int S>
int inverses_for_swizzle() {
  if constexpr (B + M + (S < 0 ? -S : S) <= 6) {
    using Sw = Swizzle<B, M, S>;
    // Bijective layouts of 64 elements in several orders.
    return expect_inverses<Sw, Layout<Shape<_8, _8>, Stride<_1, _8>>>() +
           expect_inverses<Sw, Layout<Shape<_8, _8>, Stride<_8, _1>>>() +
           expect_inverses<Sw, Layout<Shape<_4, _16>, Stride<_16, _1>>>() +
           expect_inverses<Sw, Layout<Shape<Shape<_2, _4>, _8>, Stride<Stride<_32, _8>, _1>>>();
  } else {
    return 0;
  }
}
template <int B, int M, int... S>
int inverses_for_shifts(std::integer_sequence<int, S...>) {
  return (0 + ... + inverses_for_swizzle<B, M, S>()) + (0 + ... + inverses_for_swizzle<B, M, -S>());
}
}  // namespace

// Every swizzle Sw<B,M,S> with 1 <= B <= 2, M <= 2, B <= |S| <= 3 that fits
// in 64 elements, on four layouts, where the inverse is a swizzled layout.
TEST(CuteSwizzleAlgebra, InversesExhaustive) {
  int checked = inverses_for_shifts<1, 0>(std::integer_sequence<int, 1, 2, 3>{}) +
                inverses_for_shifts<1, 1>(std::integer_sequence<int, 1, 2, 3>{}) +
                inverses_for_shifts<1, 2>(std::integer_sequence<int, 1, 2, 3>{}) +
                inverses_for_shifts<2, 0>(std::integer_sequence<int, 2, 3>{}) +
                inverses_for_shifts<2, 1>(std::integer_sequence<int, 2, 3>{});
  EXPECT_GT(checked, 60);  // most combinations are rewritable
}

// composition(L, Sw) is the function L o Sw, for L a power-of-two bit
// permutation, exhaustively over small swizzles.
template <int B, int M, int S, class L>
void composition_with_swizzle(L const& l) {
  static_assert(rewritable<Swizzle<B, M, S>, L>());
  auto c = composition(l, Swizzle<B, M, S>{});
  for (int i = 0; i < int(size(c)); ++i) EXPECT_EQ(int(c(i)), int(l(Swizzle<B, M, S>{}(i)))) << str(c);
}
TEST(CuteSwizzleAlgebra, LayoutThenSwizzle) {
  auto transpose = Layout<Shape<_8, _8>, Stride<_8, _1>>{};
  auto reorder = Layout<Shape<_2, _4, _8>, Stride<_32, _8, _1>>{};
  composition_with_swizzle<1, 0, 1>(transpose);
  composition_with_swizzle<1, 0, 3>(transpose);
  composition_with_swizzle<2, 0, 3>(transpose);
  composition_with_swizzle<3, 0, 3>(transpose);
  composition_with_swizzle<1, 1, 2>(reorder);
  composition_with_swizzle<2, 1, 3>(reorder);
  composition_with_swizzle<1, 2, -2>(reorder);
}

// Operations on the domain keep the swizzle and act on the inner layout.
TEST(CuteSwizzleAlgebra, DomainOperationsKeepTheSwizzle) {
  auto sw = SWL(3, 3, 3, Shape<_8 COMMA _64>, Stride<_64 COMMA _1>);
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(coalesce(sw).layout_a())>, Swizzle<3, 3, 3>>);
  auto tiled = logical_divide(sw, Shape<_4, _8>{});
  for (int i = 0; i < int(size(sw)); ++i) {
    EXPECT_EQ(int(tiled(i)), int(Swizzle<3, 3, 3>{}(logical_divide(sw.layout_b(), Shape<_4, _8>{})(i))));
  }
  // A swizzle of no bits is the identity: the layout itself.
  static_assert(is_layout_v<decltype(composition(Swizzle<0, 4, 3>{}, Layout<_8, _1>{}))>);
  EXPECT_EQ(str(complement(sw, _1024{})), str(complement(sw.layout_b(), _1024{})));
}
