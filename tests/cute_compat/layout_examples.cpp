// The layout examples of the spec (CuTe's layout document, seed 004), written as a CuTe user writes
// them: CuTe's names and <cute/layout.hpp> only. tests/cute_compat/run.sh --suite compile-time builds it
// against tessel's drop-in and against CuTe (g++ -std=c++20 -O2) and compares the compile times and the
// output (which must be the same).
#include <cstdio>
#include <cute/layout.hpp>

using namespace cute;

template <class Shape, class Stride>
void print2D(Layout<Shape, Stride> const& layout) {
  for (int m = 0; m < size<0>(layout); ++m) {
    for (int n = 0; n < size<1>(layout); ++n) printf("%3d ", int(layout(m, n)));
    printf("\n");
  }
}

template <class Shape, class Stride>
void print1D(Layout<Shape, Stride> const& layout) {
  for (int i = 0; i < size(layout); ++i) printf("%3d ", int(layout(i)));
  printf("\n");
}

template <class... T>
void show(T const&... x) {
  ((print(x), print("\n")), ...);
}

int main() {
  // Constructing layouts: static, dynamic and mixed integers, LayoutLeft / LayoutRight strides.
  Layout s8 = make_layout(Int<8>{});
  Layout d8 = make_layout(8);
  Layout s2xs4 = make_layout(make_shape(Int<2>{}, Int<4>{}));
  Layout s2xd4 = make_layout(make_shape(Int<2>{}, 4));
  Layout s2xd4_a = make_layout(make_shape(Int<2>{}, 4), make_stride(Int<12>{}, Int<1>{}));
  Layout s2xd4_col = make_layout(make_shape(Int<2>{}, 4), LayoutLeft{});
  Layout s2xd4_row = make_layout(make_shape(Int<2>{}, 4), LayoutRight{});
  Layout s2xh4 = make_layout(make_shape(2, make_shape(2, 2)), make_stride(4, make_stride(2, 1)));
  Layout s2xh4_col = make_layout(shape(s2xh4), LayoutLeft{});
  show(s8, d8, s2xs4, s2xd4, s2xd4_a, s2xd4_col, s2xd4_row, s2xh4, s2xh4_col);

  // Properties of a layout and of its modes.
  printf("%d %d %d %d\n", int(rank(s2xh4)), int(depth(s2xh4)), int(size(s2xh4)), int(cosize(s2xh4)));
  printf("%d %d %d\n", int(size<1>(s2xh4)), int(rank<1>(s2xh4)), int(depth<1>(s2xh4)));
  show(shape(s2xh4), stride(s2xh4), get<1>(shape(s2xh4)), shape<1, 0>(s2xh4), stride<1>(s2xh4));

  // Coordinates: 2-D, 1-D and natural (hierarchical) ones.
  print2D(s2xs4);
  print2D(s2xd4_a);
  print2D(s2xh4_col);
  print2D(s2xh4);
  print1D(s2xs4);
  print1D(s2xd4_a);
  print1D(s2xh4_col);
  print1D(s2xh4);
  print2D(make_layout(make_shape(Int<3>{}, make_shape(Int<2>{}, Int<3>{})),
                      make_stride(Int<3>{}, make_stride(Int<12>{}, Int<1>{}))));

  // idx2crd and crd2idx on the shape (3,(2,3)) with strides (3,(12,1)).
  auto shp = make_shape(Int<3>{}, make_shape(Int<2>{}, Int<3>{}));
  auto str = make_stride(Int<3>{}, make_stride(Int<12>{}, Int<1>{}));
  show(idx2crd(16, shp), idx2crd(_16{}, shp), idx2crd(make_coord(1, 5), shp),
       idx2crd(make_coord(1, make_coord(1, 2)), shp));
  show(crd2idx(16, shp, str), crd2idx(_16{}, shp, str), crd2idx(make_coord(1, 5), shp, str),
       crd2idx(make_coord(_1{}, make_coord(_1{}, _2{})), shp, str));

  // Sublayouts, selection, ranges, concatenation, grouping and flattening.
  Layout a = Layout<Shape<_4, Shape<_3, _6>>>{};
  show(a, layout<0>(a), layout<1>(a), layout<1, 0>(a), layout<1, 1>(a));
  Layout b = Layout<Shape<_2, _3, _5, _7>>{};
  show(select<1, 3>(b), select<0, 1, 3>(b), select<2>(b), take<1, 3>(b), take<1, 4>(b));
  Layout l31 = Layout<_3, _1>{};
  Layout l43 = Layout<_4, _3>{};
  Layout row = make_layout(l31, l43);
  Layout col = make_layout(l43, l31);
  show(row, col, make_layout(row, col), make_layout(l31), make_layout(make_layout(l31)),
       make_layout(l31, make_layout(l31), l31));
  Layout g = group<0, 2>(b);
  Layout gg = group<1, 3>(g);
  show(g, gg, flatten(g), flatten(gg));
  show(append(l31, l43), prepend(l31, l43), append(append(l31, l43), Layout<_5, _12>{}));

  // Slicing a layout with _ (a coordinate leaving modes free).
  show(s2xh4(1, _), s2xh4(_, make_coord(1, _)), slice(make_coord(_, 1), s2xd4_a));
  return 0;
}
