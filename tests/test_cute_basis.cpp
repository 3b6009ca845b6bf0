// test_cute_basis.cpp: strides that are unit coordinates (E<i...>, layout/
// basis.hpp): their arithmetic, layouts that map indices to coordinates, and
// composition with such layouts. Printed results are CuTe's.
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

TEST(CuteBasis, PrintsAsCute) {
  EXPECT_EQ(str(make_layout(Shape<_4, _4>{}, Stride<E<1>, E<0>>{})), "(_4,_4):(_1@1,_1@0)");
  EXPECT_EQ(str(make_layout(Shape<_2, _4>{}, Stride<E<1, 1>, E<0>>{})), "(_2,_4):(_1@1@1,_1@0)");
  EXPECT_EQ(str(E<1, 0>{}), "_1@0@1");
  EXPECT_EQ(str(3 * E<2>{}), "3@2");
  EXPECT_EQ(str(E<0>{} + 2 * E<1>{}), "(_1,2)");
  auto b = make_layout(Shape<_4, _4>{}, Stride<E<1>, E<0>>{});
  EXPECT_EQ(str(b(5)), "(1,1)");
  EXPECT_EQ(str(b(make_coord(2, 3))), "(3,2)");
  EXPECT_EQ(str(make_layout(Shape<_2, _4>{}, Stride<E<1, 1>, E<0>>{})(5)), "(2,(_0,1))");
  auto b3 = make_layout(make_shape(3, 5), make_stride(E<0>{}, E<1>{}));
  EXPECT_EQ(str(b3), "(3,5):(_1@0,_1@1)");
  EXPECT_EQ(str(b3(7)), "(1,2)");
  EXPECT_EQ(str(composition(Layout<Shape<_4, _4>, Stride<_4, _1>>{}, b)), "(_4,_4):(_1,_4)");
  EXPECT_EQ(str(composition(Layout<Shape<_4, Shape<_2, _3>>, Stride<_6, Stride<_3, _1>>>{},
                            make_layout(Shape<_2, _4>{}, Stride<E<1, 1>, E<0>>{}))),
            "(_2,_4):(_1,_6)");
}

namespace {
// R(c) == A(B(c)) for every c, where B's strides are unit coordinates.
template <class A, class B>
void expect_composition(A const& a, B const& b) {
  auto r = composition(a, b);
  EXPECT_TRUE(bool(compatible(b, r)));
  for (int c = 0; c < int(size(b)); ++c) EXPECT_EQ(int(r(c)), int(a(b(c)))) << str(a) << " o " << str(b);
}
}  // namespace

// Every permutation of the modes of a rank-3 layout, picked by basis strides,
// static and dynamic.
TEST(CuteBasis, CompositionPicksModes) {
  auto a = Layout<Shape<_2, _3, _4>, Stride<_12, _1, _3>>{};
  expect_composition(a, make_layout(Shape<_2, _3, _4>{}, Stride<E<0>, E<1>, E<2>>{}));
  expect_composition(a, make_layout(Shape<_2, _4, _3>{}, Stride<E<0>, E<2>, E<1>>{}));
  expect_composition(a, make_layout(Shape<_3, _2, _4>{}, Stride<E<1>, E<0>, E<2>>{}));
  expect_composition(a, make_layout(Shape<_3, _4, _2>{}, Stride<E<1>, E<2>, E<0>>{}));
  expect_composition(a, make_layout(Shape<_4, _2, _3>{}, Stride<E<2>, E<0>, E<1>>{}));
  expect_composition(a, make_layout(Shape<_4, _3, _2>{}, Stride<E<2>, E<1>, E<0>>{}));
  // A sub-block of each mode, with a step.
  expect_composition(a, make_layout(make_shape(_2{}, 2), make_stride(2 * E<2>{}, E<1>{})));
  // Nested modes.
  auto a2 = Layout<Shape<_4, Shape<_2, _3>>, Stride<_6, Stride<_3, _1>>>{};
  expect_composition(a2, make_layout(Shape<_3, _4, _2>{}, Stride<E<1, 1>, E<0>, E<1, 0>>{}));
}
