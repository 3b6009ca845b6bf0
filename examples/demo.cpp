// tessel demo: the layouts of the spec documents, printed as CuTe prints them.
//   seed 004: CuTe's "Layouts" document (construction, print2D/print1D,
//             print_layout, vector and matrix layouts, compatibility,
//             coordinates, index mapping, sublayouts, concatenation, grouping)
//   seed 001: the idx2crd walk-through of ((2,2),(4,2),(2,3))
#include <cstdio>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {

void heading(char const* title) { printf("\n==== %s ====\n", title); }

template <class L>
void show(char const* name, L const& l) {
  printf("%-13s : ", name);
  print(l);
  printf("\n");
}

// The document's print2D and print1D.
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

template <class L>
void vector_layout(L const& l) {
  printf("Layout: ");
  print(l);
  printf("\nCoord :");
  for (int i = 0; i < size(l); ++i) printf(" %2d", i);
  printf("\nIndex :");
  for (int i = 0; i < size(l); ++i) printf(" %2d", int(l(i)));
  printf("\n\n");
}

template <class L>
void matrix_layout(L const& l) {
  printf("Shape : ");
  print(shape(l));
  printf("\nStride: ");
  print(stride(l));
  printf("\n");
  print2D(l);
  printf("\n");
}

template <class A, class B>
void compat(char const* a_text, A const& a, char const* b_text, B const& b) {
  printf("Shape %-13s %-14s Shape %s\n", a_text, bool(compatible(a, b)) ? "is compatible with" : "is NOT compatible with",
         b_text);
}

}  // namespace

int main() {
  printf("tessel demo: the layouts of seeds 004 and 001, in CuTe's notation\n");
  printf("(_N is a static integer, N a dynamic one)\n");

  // ---- seed 004 -------------------------------------------------------------------
  heading("Constructing a Layout");
  Layout s8 = make_layout(Int<8>{});
  Layout d8 = make_layout(8);
  Layout s2xs4 = make_layout(make_shape(Int<2>{}, Int<4>{}));
  Layout s2xd4 = make_layout(make_shape(Int<2>{}, 4));
  Layout s2xd4_a = make_layout(make_shape(Int<2>{}, 4), make_stride(Int<12>{}, Int<1>{}));
  Layout s2xd4_col = make_layout(make_shape(Int<2>{}, 4), LayoutLeft{});
  Layout s2xd4_row = make_layout(make_shape(Int<2>{}, 4), LayoutRight{});
  Layout s2xh4 = make_layout(make_shape(2, make_shape(2, 2)), make_stride(4, make_stride(2, 1)));
  Layout s2xh4_col = make_layout(shape(s2xh4), LayoutLeft{});
  show("s8", s8);
  show("d8", d8);
  show("s2xs4", s2xs4);
  show("s2xd4", s2xd4);
  show("s2xd4_a", s2xd4_a);
  show("s2xd4_col", s2xd4_col);
  show("s2xd4_row", s2xd4_row);
  show("s2xh4", s2xh4);
  show("s2xh4_col", s2xh4_col);

  heading("print2D");
  printf("> print2D(s2xs4)\n");
  print2D(s2xs4);
  printf("> print2D(s2xd4_a)\n");
  print2D(s2xd4_a);
  printf("> print2D(s2xh4_col)\n");
  print2D(s2xh4_col);
  printf("> print2D(s2xh4)\n");
  print2D(s2xh4);

  heading("print1D");
  printf("> print1D(s2xs4)\n");
  print1D(s2xs4);
  printf("> print1D(s2xd4_a)\n");
  print1D(s2xd4_a);
  printf("> print1D(s2xh4_col)\n");
  print1D(s2xh4_col);
  printf("> print1D(s2xh4)\n");
  print1D(s2xh4);

  heading("print_layout");
  printf("> print_layout(s2xh4)\n");
  print_layout(s2xh4);

  heading("Vector layouts");
  vector_layout(make_layout(8, 1));
  vector_layout(make_layout(8, 2));
  vector_layout(make_layout(make_shape(make_shape(4, 2)), make_stride(make_stride(2, 1))));
  vector_layout(make_layout(make_shape(make_shape(4, 2)), make_stride(make_stride(1, 4))));

  heading("Matrix examples");
  matrix_layout(make_layout(make_shape(4, 2), make_stride(1, 4)));
  matrix_layout(make_layout(make_shape(4, 2), make_stride(2, 1)));
  matrix_layout(make_layout(make_shape(make_shape(2, 2), 2), make_stride(make_stride(4, 1), 2)));

  heading("Layout compatibility");
  auto const s22x32 = make_shape(make_shape(2, 2), make_shape(3, 2));
  auto const s23x4 = make_shape(make_shape(2, 3), 4);
  compat("24", 24, "32", 32);
  compat("24", 24, "(4,6)", make_shape(4, 6));
  compat("(4,6)", make_shape(4, 6), "((2,2),6)", make_shape(make_shape(2, 2), 6));
  compat("((2,2),6)", make_shape(make_shape(2, 2), 6), "((2,2),(3,2))", s22x32);
  compat("24", 24, "((2,2),(3,2))", s22x32);
  compat("24", 24, "((2,3),4)", s23x4);
  compat("((2,3),4)", s23x4, "((2,2),(3,2))", s22x32);
  compat("((2,2),(3,2))", s22x32, "((2,3),4)", s23x4);
  compat("24", 24, "(24)", make_shape(24));
  compat("(24)", make_shape(24), "24", 24);
  compat("(24)", make_shape(24), "(4,6)", make_shape(4, 6));

  heading("Coordinate mapping: shape (3,(2,3))");
  auto const shape3 = make_shape(3, make_shape(2, 3));
  printf("1-D | 2-D   | Natural\n");
  for (int i = 0; i < size(shape3); ++i) {
    printf("%3d | ", i);
    print(idx2crd(i, make_shape(3, 6)));
    printf(" | ");
    print(idx2crd(i, shape3));
    printf("\n");
  }

  heading("Index mapping: (3,(2,3)):(3,(12,1))");
  auto const imap = make_layout(shape3, make_stride(3, make_stride(12, 1)));
  printf("2-D column coordinates (j,k):");
  for (int n = 0; n < size<1>(imap); ++n) {
    printf(" ");
    print(idx2crd(n, shape<1>(imap)));
  }
  printf("\n");
  print_layout(imap);

  heading("Sublayouts");
  printf("(static layouts: CuTe prints _N where the document's comments write N)\n");
  Layout a = Layout<Shape<_4, Shape<_3, _6>>>{};
  show("a", a);
  show("layout<0>", layout<0>(a));
  show("layout<1>", layout<1>(a));
  show("layout<1,0>", layout<1, 0>(a));
  show("layout<1,1>", layout<1, 1>(a));
  Layout b = Layout<Shape<_2, _3, _5, _7>>{};
  show("b", b);
  show("select<1,3>", select<1, 3>(b));
  show("select<0,1,3>", select<0, 1, 3>(b));
  show("select<2>", select<2>(b));
  show("take<1,3>", take<1, 3>(b));
  show("take<1,4>", take<1, 4>(b));

  heading("Concatenation");
  Layout c3 = Layout<_3, _1>{};
  Layout c4 = Layout<_4, _3>{};
  Layout row = make_layout(c3, c4);
  Layout col = make_layout(c4, c3);
  show("a", c3);
  show("b", c4);
  show("row", row);
  show("col", col);
  show("q", make_layout(row, col));
  show("aa", make_layout(c3));
  show("aaa", make_layout(make_layout(c3)));
  show("d", make_layout(c3, make_layout(c3), c3));
  show("append", append(row, Layout<_2, _12>{}));
  show("prepend", prepend(row, Layout<_2, _12>{}));
  show("replace<1>", replace<1>(row, Layout<_5, _7>{}));

  heading("Grouping and flattening");
  Layout g = group<0, 2>(b);
  Layout gg = group<1, 3>(g);
  show("a", b);
  show("b", g);
  show("c", gg);
  show("f", flatten(g));
  show("e", flatten(gg));

  // ---- seed 001 -------------------------------------------------------------------
  heading("idx2crd: shape ((2,2),(4,2),(2,3))");
  auto shape_v2 = Shape<Shape<_2, _2>, Shape<_4, _2>, Shape<_2, _3>>{};
  int sz_shape = size(shape_v2);
  printf("sz_shape:%d\n", sz_shape);
  print(shape_v2);
  printf("\n");
  for (int i = 0; i < sz_shape; i++) {
    printf("%03d |", i);
    print(idx2crd(i, shape_v2));
    printf("\n");
  }
  return 0;
}
