// The layout-algebra examples of the spec (the algebra article, seed 000, and seed 001), written as a
// CuTe user writes them: CuTe's names and <cute/tensor.hpp> (for print_layout) only.
// tests/cute_compat/run.sh --suite compile-time builds it against tessel's drop-in and against CuTe
// (g++ -std=c++20 -O2) and compares the compile times and the output (which must be the same).
#include <cute/tensor.hpp>

using namespace cute;

template <class... T>
void show(T const&... x) {
  ((print(x), print("\n")), ...);
}

int main() {
  // coalesce: the same function with fewer modes, whole or by mode.
  auto s3 = make_shape(Shape<_2, Shape<_3, _4>>{}, Shape<_5, Shape<_6, _7>>{});
  Layout a_col = make_layout(s3, LayoutLeft{});
  Layout a_row = make_layout(s3, LayoutRight{});
  show(coalesce(make_layout(Shape<_2, _4>{}, Stride<_1, _2>{})),
       coalesce(Layout<Shape<_2, Shape<_1, _6>>, Stride<_1, Stride<_6, _2>>>{}), coalesce(a_col), coalesce(a_row),
       coalesce(a_col, Step<_1, _1>{}), coalesce(a_col, Step<_1, Step<_1, _1>>{}),
       coalesce(make_layout(make_shape(2, 4), make_stride(1, 2))));
  show(idx2crd(Int<191>{}, Shape<Shape<_2, _2>, Shape<_4, _2>, Shape<_2, _3>>{}));

  // composition: A o B, with a layout and with a tiler of layouts or of sizes.
  auto a2 = make_layout(Shape<_2, _6, _10, Int<14>>{}, LayoutRight{});
  auto a3 = make_layout(Shape<_4, _6, _8, _10>{}, Stride<_2, _3, _5, _7>{});
  auto a4 = make_layout(make_shape(Int<12>{}, make_shape(Int<4>{}, Int<8>{})),
                        make_stride(Int<59>{}, make_stride(Int<13>{}, Int<1>{})));
  show(composition(a2, make_layout(make_shape(Int<60>{}), make_stride(Int<4>{}))),
       composition(a3, make_layout(make_shape(Int<6>{}), make_stride(Int<12>{}))),
       composition(Layout<Int<20>, _2>{}, make_layout(Shape<_5, _4>{}, Stride<_4, _1>{})),
       composition(a4, make_tile(Layout<_3, _4>{}, Layout<_8, _2>{})),
       composition(a4, make_shape(Int<3>{}, Int<8>{})),
       composition(make_layout(make_shape(20, 6), make_stride(2, 40)), Layout<Shape<_4, _3>, Stride<_3, _1>>{}));

  // complement: the layout that fills A's holes up to a size.
  show(complement(make_layout(Shape<_2, _2>{}, Stride<_1, _6>{}), Int<24>{}),
       complement(Layout<_4, _2>{}, Int<24>{}),
       complement(make_layout(Shape<_4, _2>{}, Stride<_1, _16>{}), Int<32>{}),
       complement(Layout<_4, _2>{}, 24), complement(Layout<Shape<_2, _4>, Stride<_1, _6>>{}));

  // divides: logical, zipped, tiled, flat; by a layout and by a tiler.
  auto la = make_layout(Shape<_4, _2, _3>{}, Stride<_2, _1, _8>{});
  auto lb = make_layout(make_shape(Int<9>{}, make_shape(Int<4>{}, Int<8>{})),
                        make_stride(Int<59>{}, make_stride(Int<13>{}, Int<1>{})));
  auto tiler = make_tile(Layout<_3, _3>{}, Layout<Shape<_2, _4>, Stride<_1, _8>>{});
  show(logical_divide(la, Layout<_4, _2>{}), logical_divide(lb, tiler), zipped_divide(lb, tiler),
       tiled_divide(lb, tiler), flat_divide(lb, tiler),
       logical_divide(make_layout(make_shape(24, 8)), make_shape(Int<4>{}, Int<2>{})));
  print_layout(logical_divide(lb, tiler));

  // products: logical, blocked, raked, zipped, tiled, flat.
  auto p0 = make_layout(Shape<_2, _5>{}, Stride<_5, _1>{});
  auto pt = make_tile(Layout<_3, _5>{}, Layout<_4, _6>{});
  show(logical_product(make_layout(Shape<_2, _2>{}, Stride<_4, _1>{}), Layout<_6, _1>{}),
       logical_product(make_layout(Shape<_4, _2>{}, Stride<_1, _16>{}),
                       make_layout(Shape<_2, _2>{}, Stride<_2, _1>{})),
       logical_product(p0, pt), blocked_product(p0, make_layout(Shape<_3, _4>{}, Stride<_1, _3>{})),
       raked_product(p0, make_layout(Shape<_3, _4>{}, Stride<_1, _3>{})), zipped_product(p0, pt),
       tiled_product(p0, pt), flat_product(p0, pt));
  print_layout(blocked_product(p0, make_layout(Shape<_3, _4>{}, Stride<_1, _3>{})));
  print_layout(raked_product(p0, make_layout(Shape<_3, _4>{}, Stride<_1, _3>{})));

  // inverses.
  show(right_inverse(make_layout(Shape<_4, _8>{}, Stride<_8, _1>{})),
       left_inverse(make_layout(Shape<_4, _8>{}, Stride<_8, _1>{})));
  return 0;
}
