// test_cute_structure.cpp: results whose structure (which modes, which
// integers static) CuTe's code relies on, with dynamic integers too. Each
// expected string is what CuTe 4.x printed for the same expression (compiled
// against a fetched CUTLASS, outside this repository). See docs/ALGEBRA.md,
// "Structure follows static facts".
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

#define CHECK_PRINTS(expected, ...) EXPECT_EQ(str(__VA_ARGS__), expected) << #__VA_ARGS__

TEST(CuteStructure, PrintsAsCute) {
  CHECK_PRINTS("((_8,_8),(_64,_2)):((_64,_512),(_1,_4096))", tile_to_shape(Layout<Shape<_8,_64>,Stride<_64,_1>>{}, Shape<_64,_128>{}));
  CHECK_PRINTS("((_8,_8),(_8,_4)):((_8,_64),(_1,_512))", tile_to_shape(Layout<Shape<_8,_8>,Stride<_8,_1>>{}, make_shape(_64{}, _32{})));
  CHECK_PRINTS("((_8,_8),(_8,_4),(_1,_3)):((_1,_64),(_8,_512),(_0,_2048))", tile_to_shape(Layout<Shape<_8,_8>,Stride<_1,_8>>{}, make_shape(_64{}, _32{}, _3{})));
  CHECK_PRINTS("((_8,_8),(_8,_4)):((_1,_256),(_8,_64))", tile_to_shape(Layout<Shape<_8,_8>,Stride<_1,_8>>{}, make_shape(_64{}, _32{}), Step<_2,_1>{}));
  CHECK_PRINTS("((_8,_8),(_8,_4),(_1,_3)):((_1,_64),(_8,_512),(_0,_2048))", tile_to_shape(Layout<Shape<_8,_8>,Stride<_1,_8>>{}, make_shape(_64{}, _32{}, _3{}), Step<_1,_2,_3>{}));
  CHECK_PRINTS("((_4,16),(_8,4)):((_8,_32),(_1,512))", tile_to_shape(Layout<Shape<_4,_8>,Stride<_8,_1>>{}, make_shape(64, 32)));
  CHECK_PRINTS("Sw<3,3,3> o _0 o ((_8,_8),(_64,_2)):((_64,_512),(_1,_4096))", tile_to_shape(composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}), Shape<_64,_128>{}));
  CHECK_PRINTS("_1:_1", composition(Layout<_1,_1>{}, Layout<_1,_1>{}));
  CHECK_PRINTS("(_1):(_1)", composition(make_layout(make_shape(_9{},_4{}),make_stride(_1{},_9{})), make_tile(Layout<_1,_1>{})));
  CHECK_PRINTS("(_8,6):(_1,_8)", coalesce(make_layout(make_shape(_2{},_4{},6))));
  CHECK_PRINTS("(6,_2,_4):(_1,6,12)", coalesce(make_layout(make_shape(6,_2{},_4{}))));
  CHECK_PRINTS("(_2,6,_4):(_1,_2,12)", coalesce(make_layout(make_shape(_2{},6,_4{}))));
  CHECK_PRINTS("(_2,1):(_1,24)", complement(make_layout(12,_2{}), 1));
  CHECK_PRINTS("(_2,5):(_1,24)", complement(make_layout(12,_2{}), 100));
  CHECK_PRINTS("(_2,5):(_1,_24)", complement(make_layout(_12{},_2{}), make_shape(_4{}, 25)));
  CHECK_PRINTS("(_2,5):(_4,_8)", complement(make_layout(_4{},_1{}), make_shape(_8{}, 5)));
  CHECK_PRINTS("(_8,5):(_1,_8)", complement(Layout<_1,_0>{}, make_shape(_8{}, 5)));
  CHECK_PRINTS("(_64,(_2,4)):(_1,(_64,_128))", logical_divide(make_layout(make_shape(_32{},_4{},4),make_stride(_1{},_32{},_128{})), Layout<_64,_1>{}));
  CHECK_PRINTS("(_64,(_2,4)):(_1,(_64,_128))", logical_divide(make_layout(make_shape(_32{},_4{},4)), Layout<_64,_1>{}));
  CHECK_PRINTS("((_32,4),(_16,4)):((_1,_32),(128,2048))", logical_divide(make_layout(make_shape(128, 64)), make_tile(Layout<_32,_1>{}, Layout<_16,_1>{})));
  CHECK_PRINTS("((_32,_16),(4,4)):((_1,128),(_32,2048))", zipped_divide(make_layout(make_shape(128, 64)), make_shape(_32{}, _16{})));
  CHECK_PRINTS("((_2,_2),(3,4)):((_1,_2),(_4,12))", logical_product(make_layout(make_shape(_2{},_2{})), make_layout(make_shape(3,4))));
  CHECK_PRINTS("((_2,3),(_2,4)):((_1,_4),(_2,12))", blocked_product(make_layout(make_shape(_2{},_2{})), make_layout(make_shape(3,4))));
  CHECK_PRINTS("((3,_2),(4,_2)):((_4,_1),(12,_2))", raked_product(make_layout(make_shape(_2{},_2{})), make_layout(make_shape(3,4))));
  CHECK_PRINTS("((_16,_3)):((_1,_16))", blocked_product(Layout<_16,_1>{}, Layout<_3,_1>{}));
  CHECK_PRINTS("(_16,_3):(_1,_16)", logical_product(Layout<_16,_1>{}, Layout<_3,_1>{}));
  CHECK_PRINTS("((_4),(_2,6)):((_1),(_4,_8))", zipped_divide(make_layout(make_shape(_8{},6)), make_shape(_4{})));
}
