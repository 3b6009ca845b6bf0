// tessel/atom/print_svg.hpp: print_svg of MMA atoms and TiledMMAs (CuTe's
// SVG: A left, B above, C below-right, 20-unit cells with "T<thread>" and
// "V<value>", the color of thread % 8), line for line except the four
// "<!-- -->" comment lines, where tessel prints the TV layouts themselves;
// and print_svg of a TiledCopy (tessel's, in the same style: the source TV
// map left, the destination's right; CuTe 4.7 has none).
#pragma once

#include "copy_atom.hpp"
#include "mma_atom.hpp"

namespace TESSEL_NAMESPACE {

// The color of thread tid as "r,g,b": 8 light colors, cycling.
struct SVGColor_TV {
  TESSEL_HOST_DEVICE char const* operator()(int tid, int /*vid*/) const {
    switch (tid % 8) {
      case 0: return "175,175,255";
      case 1: return "175,255,175";
      case 2: return "255,255,175";
      case 3: return "255,175,175";
      case 4: return "210,210,255";
      case 5: return "210,255,210";
      case 6: return "255,255,210";
      default: return "255,210,210";
    }
  }
};

namespace detail::atoms {

constexpr int svg_cell = 20;

// One cell: its rectangle (close is "/>" or " />", as CuTe writes C and A/B) and its two labels.
inline void svg_cell_at(int x, int y, char const* fill, char const* close, int t, int v) {
  printf("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"rgb(%s)\" stroke=\"black\"%s\n", x, y, svg_cell, svg_cell,
         fill, close);
  printf("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"8\">T%d</text>\n",
         x + svg_cell / 2, y + svg_cell / 4, t);
  printf("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"8\">V%d</text>\n",
         x + svg_cell / 2, y + 3 * svg_cell / 4, v);
}
inline void svg_label(int x, int y, int v) {
  printf("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"12\">%d</text>\n",
         x + svg_cell / 2, y + svg_cell / 2, v);
}
inline void svg_header(int w, int h) {
  printf("<svg width=\"100%%\" height=\"100%%\" viewBox=\"0 0 %d %d\" preserveAspectRatio=\"xMidYMid meet\" "
         "xmlns=\"http://www.w3.org/2000/svg\">\n",
         w, h);
}

// The cells of a TV layout over a rows x cols tile (column-major index), the
// first (t, v) of each cell; cell (a, b) drawn at place(a, b) -> (x, y).
template <class TV, class Place, class Color>
void svg_cells(TV const& tv, int rows, int cols, Place const& place, char const* close, Color const& color) {
  for_each_first_cell(tv, rows, cols, [&](int t, int v, int a, int b) {
    auto const [x, y] = place(a, b);
    svg_cell_at(x, y, color(t, v), close, t, v);
  });
}

struct XY {
  int x, y;
};

}  // namespace detail::atoms

// print_svg(tiled_mma): A (M x K) at the left, B (K x N) at the top, C (M x N) below it.
template <class Atom, class L, class P, class Color = SVGColor_TV>
void print_svg(TiledMMA<Atom, L, P> const& mma, Color const& color = {}) {
  using namespace detail::atoms;
  int const M = int(tile_size<0>(mma)), N = int(tile_size<1>(mma)), K = int(tile_size<2>(mma));
  printf("<!--  Tile: "); print(tile_shape(mma)); printf("  -->\n");
  printf("<!--     A: "); print(mma.get_layoutA_TV()); printf("  -->\n");
  printf("<!--     B: "); print(mma.get_layoutB_TV()); printf("  -->\n");
  printf("<!--     C: "); print(mma.get_layoutC_TV()); printf("  -->\n");
  svg_header((K + N + 2) * svg_cell, (K + M + 2) * svg_cell);
  svg_cells(mma.get_layoutC_TV(), M, N, [&](int m, int n) { return XY{(n + K + 2) * svg_cell, (m + K + 2) * svg_cell}; }, "/>", color);
  svg_cells(mma.get_layoutA_TV(), M, K, [&](int m, int k) { return XY{(k + 1) * svg_cell, (m + K + 2) * svg_cell}; }, " />", color);
  for (int m = 0; m < M; ++m) svg_label(0, (m + K + 2) * svg_cell, m);
  for (int k = 0; k < K; ++k) svg_label((k + 1) * svg_cell, (K + 1) * svg_cell, k);
  svg_cells(mma.get_layoutB_TV(), N, K, [&](int n, int k) { return XY{(n + K + 2) * svg_cell, (k + 1) * svg_cell}; }, " />", color);
  for (int n = 0; n < N; ++n) svg_label((n + K + 2) * svg_cell, 0, n);
  for (int k = 0; k < K; ++k) svg_label((K + 1) * svg_cell, (k + 1) * svg_cell, k);
  printf("</svg>\n");
}
// print_svg(mma_atom): the atom as a TiledMMA of one atom.
template <class... Args, class Color = SVGColor_TV>
void print_svg(MMA_Atom<Args...> const& atom, Color const& color = {}) {
  print_svg(make_tiled_mma(atom), color);
}

// print_svg(tiled_copy): the source TV map of the M x N tile at the left, the
// destination's at the right, with row and column numbers (tessel's drawing).
template <class Atom, class LTV, class Tiler, class Color = SVGColor_TV>
void print_svg(TiledCopy<Atom, LTV, Tiler> const&, Color const& color = {}) {
  using namespace detail::atoms;
  using TC = TiledCopy<Atom, LTV, Tiler>;
  int const M = int(size(get<0>(Tiler{}))), N = int(size(get<1>(Tiler{})));
  printf("<!--  Tile: "); print(Tiler{}); printf("  -->\n");
  printf("<!--     S: "); print(TC::get_layoutS_TV()); printf("  -->\n");
  printf("<!--     D: "); print(TC::get_layoutD_TV()); printf("  -->\n");
  svg_header((2 * N + 3) * svg_cell, (M + 1) * svg_cell);
  svg_cells(TC::get_layoutS_TV(), M, N, [&](int m, int n) { return XY{(n + 1) * svg_cell, (m + 1) * svg_cell}; }, " />", color);
  svg_cells(TC::get_layoutD_TV(), M, N, [&](int m, int n) { return XY{(n + N + 3) * svg_cell, (m + 1) * svg_cell}; }, " />", color);
  for (int m = 0; m < M; ++m) svg_label(0, (m + 1) * svg_cell, m), svg_label((N + 2) * svg_cell, (m + 1) * svg_cell, m);
  for (int n = 0; n < N; ++n) svg_label((n + 1) * svg_cell, 0, n), svg_label((n + N + 3) * svg_cell, 0, n);
  printf("</svg>\n");
}

}  // namespace tessel
