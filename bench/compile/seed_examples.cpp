// Every worked example of the spec documents (seeds 000, 001, 004) computed
// with static integers: the translation unit whose compile time
// bench/compile_time.sh measures. Swap the include and namespace for CuTe's
// to time CuTe on the same code.
#include <tessel/tessel.hpp>
using namespace tessel;

template <class... T>
void show(T const&... x) {
  ((print(x), print("\n")), ...);
}

int main() {
  // seed 004: construction, sublayouts, concatenation, grouping
  Layout s2xh4 = make_layout(make_shape(Int<2>{}, make_shape(Int<2>{}, Int<2>{})),
                             make_stride(Int<4>{}, make_stride(Int<2>{}, Int<1>{})));
  print_layout(s2xh4);
  Layout a = Layout<Shape<_4, Shape<_3, _6>>>{};
  Layout b = Layout<Shape<_2, _3, _5, _7>>{};
  show(layout<0>(a), layout<1>(a), layout<1, 0>(a), layout<1, 1>(a), select<1, 3>(b), select<0, 1, 3>(b),
       take<1, 3>(b), take<1, 4>(b), group<0, 2>(b), flatten(group<1, 3>(group<0, 2>(b))),
       make_layout(Layout<_3, _1>{}, Layout<_4, _3>{}));
  // seed 001: coalesce and the idx2crd walk
  show(coalesce(Layout<Shape<_2, Shape<_1, _6>>, Stride<_1, Stride<_6, _2>>>{}),
       idx2crd(Int<191>{}, Shape<Shape<_2, _2>, Shape<_4, _2>, Shape<_2, _3>>{}));
  // seed 000 section 2: coalesce
  auto s3 = make_shape(Shape<_2, Shape<_3, _4>>{}, Shape<_5, Shape<_6, _7>>{});
  Layout a_col = make_layout(s3, GenColMajor{});
  Layout a_row = make_layout(s3, GenRowMajor{});
  show(coalesce(make_layout(Shape<_2, _4>{}, Stride<_1, _2>{})), coalesce(a_col), coalesce(a_row),
       coalesce(a_col, Step<_1, _1>{}), coalesce(a_col, Step<_1, Step<_1, _1>>{}));
  // section 3: composition
  auto a2 = make_layout(Shape<_2, _6, _10, _14>{}, GenRowMajor{});
  auto a3 = make_layout(Shape<_4, _6, _8, _10>{}, Stride<_2, _3, _5, _7>{});
  auto a4 = make_layout(make_shape(Int<12>{}, make_shape(Int<4>{}, Int<8>{})),
                        make_stride(Int<59>{}, make_stride(Int<13>{}, Int<1>{})));
  show(composition(a2, make_layout(make_shape(Int<60>{}), make_stride(Int<4>{}))),
       composition(a3, make_layout(make_shape(Int<6>{}), make_stride(Int<12>{}))),
       composition(Layout<_20, _2>{}, make_layout(Shape<_5, _4>{}, Stride<_4, _1>{})),
       composition(a4, make_tile(Layout<_3, _4>{}, Layout<_8, _2>{})),
       composition(a4, make_shape(Int<3>{}, Int<8>{})));
  // section 4: complement
  show(complement(make_layout(Shape<_2, _2>{}, Stride<_1, _6>{}), Int<24>{}),
       complement(Layout<_4, _2>{}, Int<24>{}), complement(make_layout(Shape<_4, _2>{}, Stride<_1, _16>{}), Int<32>{}));
  // section 5: divide
  auto la = make_layout(Shape<_4, _2, _3>{}, Stride<_2, _1, _8>{});
  auto lb = make_layout(make_shape(Int<9>{}, make_shape(Int<4>{}, Int<8>{})),
                        make_stride(Int<59>{}, make_stride(Int<13>{}, Int<1>{})));
  auto tiler = make_tile(Layout<_3, _3>{}, Layout<Shape<_2, _4>, Stride<_1, _8>>{});
  show(logical_divide(la, Layout<_4, _2>{}), logical_divide(lb, tiler), zipped_divide(lb, tiler),
       tiled_divide(lb, tiler), flat_divide(lb, tiler));
  // section 6: product
  auto p0 = make_layout(Shape<_2, _5>{}, Stride<_5, _1>{});
  auto pt = make_tile(Layout<_3, _5>{}, Layout<_4, _6>{});
  show(logical_product(make_layout(Shape<_2, _2>{}, Stride<_4, _1>{}), Layout<_6, _1>{}),
       logical_product(make_layout(Shape<_4, _2>{}, Stride<_1, _16>{}), make_layout(Shape<_2, _2>{}, Stride<_2, _1>{})),
       logical_product(p0, pt), blocked_product(p0, make_layout(Shape<_3, _4>{}, Stride<_1, _3>{})),
       raked_product(p0, make_layout(Shape<_3, _4>{}, Stride<_1, _3>{})), zipped_product(p0, pt),
       tiled_product(p0, pt), flat_product(p0, pt));
}
