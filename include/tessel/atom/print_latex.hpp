// tessel/atom/print_latex.hpp: print_latex of MMA atoms, TiledMMAs and
// TiledCopies: a standalone LaTeX/TikZ document of the thread-value maps, in
// CuTe's drawing (C at the origin, A to its left, B above it; a copy's
// source and destination side by side), each cell "T<thread> V<value>" on
// the color of thread % 8, one cell per coordinate (the first (thread,
// value) that reaches it). The body is CuTe's character for character; the
// three "%" comment lines at the top print the TV layouts themselves (CuTe
// prints them composed with its identity tensors).
#pragma once

#include "copy_atom.hpp"
#include "mma_atom.hpp"

namespace TESSEL_NAMESPACE {

// The color of thread tid as TikZ: 8 light colors, cycling.
struct TikzColor_TV {
  TESSEL_HOST_DEVICE char const* operator()(int tid, int /*vid*/) const {
    switch (tid % 8) {
      case 0: return "{rgb,255:red,175;green,175;blue,255}";
      case 1: return "{rgb,255:red,175;green,255;blue,175}";
      case 2: return "{rgb,255:red,255;green,255;blue,175}";
      case 3: return "{rgb,255:red,255;green,175;blue,175}";
      case 4: return "{rgb,255:red,210;green,210;blue,255}";
      case 5: return "{rgb,255:red,210;green,255;blue,210}";
      case 6: return "{rgb,255:red,255;green,255;blue,210}";
      default: return "{rgb,255:red,255;green,210;blue,210}";
    }
  }
};

namespace detail::atoms {

TESSEL_HOST_DEVICE void latex_header() {
  printf("\\documentclass[convert]{standalone}\n"
         "\\usepackage{tikz}\n\n"
         "\\begin{document}\n"
         "\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n");
}
TESSEL_HOST_DEVICE void latex_footer() { printf("\\end{tikzpicture}\n\\end{document}\n"); }
TESSEL_HOST_DEVICE void latex_grid(int r0, int c0, int r1, int c1) {
  printf("\\draw[color=black,thick,shift={(-0.5,-0.5)}] (%d,%d) grid (%d,%d);\n\n", r0, c0, r1, c1);
}
TESSEL_HOST_DEVICE void latex_label(int r, int c, int v) { printf("\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n", r, c, v); }

// The cells of one TV layout over a rows x cols tile (column-major index):
// the cell of (t, v) drawn at (row + r0, col + c0) unless one was drawn there;
// Swap draws (row, col) as (col, row) (B's cells, drawn with k down).
template <bool Swap, class TV, class Color>
void latex_cells(TV const& tv, int rows, int cols, int r0, int c0, Color const& color) {
  for_each_first_cell(tv, rows, cols, [&](int t, int v, int a, int b) {
    int const r = Swap ? b : a, c = Swap ? a : b;
    printf("\\node[fill=%s] at (%d,%d) {\\shortstack{T%d \\\\ V%d}};\n", color(t, v), r + r0, c + c0, t, v);
  });
}

}  // namespace detail::atoms

// print_latex(tiled_mma): C (M x N) at (0,0), A (M x K) at columns -K-1..-2,
// B (K x N, k down) at rows -K-1..-2, with row/column numbers.
template <class Atom, class L, class P, class Color = TikzColor_TV>
void print_latex(TiledMMA<Atom, L, P> const& mma, Color const& color = {}) {
  int const M = int(tile_size<0>(mma)), N = int(tile_size<1>(mma)), K = int(tile_size<2>(mma));
  auto C = mma.get_layoutC_TV();
  auto A = mma.get_layoutA_TV();
  auto B = mma.get_layoutB_TV();
  printf("%% LayoutC: "); print(C); printf("\n");
  printf("%% LayoutA: "); print(A); printf("\n");
  printf("%% LayoutB: "); print(B); printf("\n");
  detail::atoms::latex_header();
  detail::atoms::latex_cells<false>(C, M, N, 0, 0, color);
  detail::atoms::latex_grid(0, 0, M, N);
  detail::atoms::latex_cells<false>(A, M, K, 0, -K - 1, color);
  detail::atoms::latex_grid(0, -K - 1, M, -1);
  for (int m = 0; m < M; ++m) detail::atoms::latex_label(m, -K - 2, m);
  for (int k = 0; k < K; ++k) detail::atoms::latex_label(-1, k - K - 1, k);
  detail::atoms::latex_cells<true>(B, N, K, -K - 1, 0, color);
  detail::atoms::latex_grid(-K - 1, 0, -1, N);
  for (int n = 0; n < N; ++n) detail::atoms::latex_label(-K - 2, n, n);
  for (int k = 0; k < K; ++k) detail::atoms::latex_label(k - K - 1, -1, k);
  detail::atoms::latex_footer();
}
// print_latex(mma_atom): the atom as a TiledMMA of one atom.
template <class... Args, class Color = TikzColor_TV>
void print_latex(MMA_Atom<Args...> const& atom, Color const& color = {}) {
  print_latex(make_tiled_mma(atom), color);
}

// print_latex(tiled_copy): the source TV map of the M x N tile at (0,0) and
// the destination's at columns N+3.., with row/column numbers.
template <class Atom, class LTV, class Tiler, class Color = TikzColor_TV>
void print_latex(TiledCopy<Atom, LTV, Tiler> const& copy, Color const& color = {}) {
  using TC = TiledCopy<Atom, LTV, Tiler>;
  int const M = int(size(get<0>(Tiler{}))), N = int(size(get<1>(Tiler{})));
  auto S = TC::get_layoutS_TV();
  auto D = TC::get_layoutD_TV();
  (void)copy;
  printf("%% Layout S TV: "); print(S); printf("\n");
  printf("%% Layout D TV: "); print(D); printf("\n");
  detail::atoms::latex_header();
  detail::atoms::latex_cells<false>(S, M, N, 0, 0, color);
  detail::atoms::latex_grid(0, 0, M, N);
  for (int m = 0; m < M; ++m) detail::atoms::latex_label(m, -1, m);
  for (int n = 0; n < N; ++n) detail::atoms::latex_label(-1, n, n);
  detail::atoms::latex_cells<false>(D, M, N, 0, N + 3, color);
  detail::atoms::latex_grid(0, N + 3, M, N + N + 3);
  for (int m = 0; m < M; ++m) detail::atoms::latex_label(m, N + N + 3, m);
  for (int n = 0; n < N; ++n) detail::atoms::latex_label(-1, n + N + 3, n);
  detail::atoms::latex_footer();
}

}  // namespace tessel
