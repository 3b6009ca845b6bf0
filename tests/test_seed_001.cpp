// Seed 001 (notes on coalesce and on 1-D / natural coordinates): the idx2crd
// walk-through for the shape ((2,2),(4,2),(2,3)), and the shape division
// example. (The coalesce example belongs to the layout algebra and is tested
// there. The notes' "shape mod" examples have no IntTuple function in tessel's
// foundation; they are not tested here.)
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {

using ShapeV2 = Shape<Shape<_2, _2>, Shape<_4, _2>, Shape<_2, _3>>;

// The notes' program, with printf-to-stdout replaced by capture.
std::string run_notes_program() {
  testing::internal::CaptureStdout();
  auto shape_v2 = ShapeV2{};
  int sz_shape = size(shape_v2);
  printf("sz_shape:%d\n", sz_shape);
  print(shape_v2);
  printf("\n");
  for (int i = 0; i < sz_shape; i++) {
    printf("%03d |", i);
    print(idx2crd(i, shape_v2));
    printf("\n");
  }
  std::fflush(stdout);
  return testing::internal::GetCapturedStdout();
}

// The same table computed by hand: the colexicographic digits of i.
std::string expected_table() {
  std::string out = "sz_shape:192\n((_2,_2),(_4,_2),(_2,_3))\n";
  char buf[64];
  for (int i = 0; i < 192; ++i) {
    std::snprintf(buf, sizeof buf, "%03d |((%d,%d),(%d,%d),(%d,%d))\n", i, i % 2, i / 2 % 2, i / 4 % 4, i / 16 % 2,
                  i / 32 % 2, i / 64);
    out += buf;
  }
  return out;
}

}  // namespace

TEST(Seed001Idx2Crd, WalkThrough191) {
  auto const shape = ShapeV2{};
  static_assert(std::is_same_v<decltype(size(shape)), _192>);
  EXPECT_EQ(size<0>(shape), 4);
  EXPECT_EQ(size<1>(shape), 8);
  EXPECT_EQ(size<2>(shape), 6);
  // "size = 32, 6": the first two modes together, then the last.
  EXPECT_EQ(size(take<0, 2>(shape)), 32);

  // 191 -> ((1,1),(3,1),(1,2))
  EXPECT_EQ(to_string(idx2crd(191, shape)), "((1,1),(3,1),(1,2))");
  // The steps of the notes: I%32, I/32 -> (31,5); 5 in (2,3) -> (1,2);
  // 31%4, 31/4 -> (3,7); 3 in (2,2) -> (1,1); 7 in (4,2) -> (3,1).
  EXPECT_EQ(191 % 32, 31);
  EXPECT_EQ(191 / 32, 5);
  EXPECT_EQ(to_string(idx2crd(5, get<2>(shape))), "(1,2)");
  EXPECT_EQ(to_string(idx2crd(31, take<0, 2>(shape))), "((1,1),(3,1))");
  EXPECT_EQ(to_string(idx2crd(3, get<0>(shape))), "(1,1)");
  EXPECT_EQ(to_string(idx2crd(7, get<1>(shape))), "(3,1)");
  // With a static index the coordinate is static.
  auto const s191 = idx2crd(Int<191>{}, shape);
  static_assert(is_static_v<decltype(s191)>);
  EXPECT_EQ(to_string(s191), "((_1,_1),(_3,_1),(_1,_2))");
  static_assert(std::is_same_v<decltype(crd2idx(s191, shape)), _191>);
}

TEST(Seed001Idx2Crd, FullTable) {
  std::string const got = run_notes_program();
  EXPECT_EQ(got, expected_table());
  // A few rows, literally.
  for (char const* row : {"\n000 |((0,0),(0,0),(0,0))\n", "\n001 |((1,0),(0,0),(0,0))\n",
                          "\n002 |((0,1),(0,0),(0,0))\n", "\n004 |((0,0),(1,0),(0,0))\n",
                          "\n016 |((0,0),(0,1),(0,0))\n", "\n031 |((1,1),(3,1),(0,0))\n",
                          "\n032 |((0,0),(0,0),(1,0))\n", "\n064 |((0,0),(0,0),(0,1))\n",
                          "\n100 |((0,0),(1,0),(1,1))\n", "\n191 |((1,1),(3,1),(1,2))\n"}) {
    EXPECT_NE(got.find(row), std::string::npos) << row;
  }
}

TEST(Seed001Idx2Crd, RoundTripAndNaturalToIndex) {
  auto const shape = ShapeV2{};
  for (int idx = 0; idx < 192; ++idx) {
    auto const c = idx2crd(idx, shape);
    EXPECT_EQ(crd2idx(c, shape), idx);
    // natural coord to 1D: ((i,j),(k,l),(m,n)) -> (i+j*2) + (k+l*4)*4 + (m+n*2)*32
    int const i = get<0, 0>(c), j = get<0, 1>(c), k = get<1, 0>(c), l = get<1, 1>(c), m = get<2, 0>(c),
              n = get<2, 1>(c);
    EXPECT_EQ((i + j * 2) + (k + l * 4) * 4 + (m + n * 2) * 32, idx);
    // ... which is the compact column-major layout of the shape.
    EXPECT_EQ(make_layout(shape)(c), idx);
  }
}

TEST(Seed001ShapeDiv, Example) {
  // (3,6,2,8) / 72 -> (1,1,1,4): from the left, 72/3 = 24, 24/6 = 4, 4/2 = 2,
  // and 8/2 = 4.
  EXPECT_EQ(to_string(shape_div(make_shape(3, 6, 2, 8), 72)), "(1,1,1,4)");
  EXPECT_TRUE(shape_div(make_shape(3, 6, 2, 8), 72) == make_shape(1, 1, 1, 4));
  // The running divisor of the notes: 72, 24, 4, 2.
  EXPECT_EQ(shape_div(72, 3), 24);
  EXPECT_EQ(shape_div(24, 6), 4);
  EXPECT_EQ(shape_div(4, 2), 2);
  EXPECT_EQ(shape_div(8, 2), 4);
  // Statically.
  using R = decltype(shape_div(Shape<_3, _6, _2, _8>{}, _72{}));
  static_assert(std::is_same_v<R, Shape<_1, _1, _1, _4>>);
  EXPECT_EQ(to_string(R{}), "(_1,_1,_1,_4)");
  // A divisor that stops inside a mode: 6/3 = 2 divides the 6.
  EXPECT_EQ(to_string(shape_div(make_shape(3, 6, 2, 8), 6)), "(1,3,2,8)");
  // A tuple divisor of the same rank divides mode by mode (CuTe's semantics);
  // an integer shape divided by a tuple is divided by the tuple's size.
  EXPECT_EQ(to_string(shape_div(make_shape(6, 8), make_shape(3, 2))), "(2,4)");
  EXPECT_EQ(shape_div(72, make_shape(3, 6)), 4);
  // Indivisible: an error that says so.
  EXPECT_THROW(shape_div(make_shape(3, 6), 4), tessel::error);
}
