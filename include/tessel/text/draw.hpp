// tessel/text/draw.hpp (host only): what the drawings of a layout value need:
// its rank-2 view, its values on the (row, column) grid, and print_layout's
// table, character for character as tessel::print_layout (and CuTe) prints it.
#pragma once

#include <string>
#include <vector>

#include "io.hpp"

namespace TESSEL_NAMESPACE::text {


// The rank-2 view: a rank-2 layout as is; rank 1 as (L, _1:_0), a column of
// size(L) rows (CuTe's append<2>(L, Layout<_1,_0>{}) in print_latex); rank
// r >= 3 as (mode 0, (mode 1, ..., mode r-1)): mode 0 gives the rows, the
// other modes together the columns.
inline Layout rank2_view(Layout const& l, Error& err) {
  int r = rank(l);
  if (r == 2) return l;
  Builder b(err);
  b.add(mode(l, 0, err));
  if (r == 1) {
    b.add_leaf(sint(1), sint(0));
  } else {
    Builder rest(err);
    for (int i = 1; i < r; ++i) rest.add(mode(l, i, err));
    b.add(rest.done());
  }
  return b.done();
}

// The values of a rank-2 layout on its grid: at(m, n) = L(m, n) = mode0(m) +
// mode1(n), each mode evaluated at its 1-D (colexicographic) coordinate.
struct Grid {
  i64 rows = 0, cols = 0;
  std::vector<i64> v;  // row-major
  i64 at(i64 m, i64 n) const { return v[static_cast<std::size_t>(m * cols + n)]; }
};

// Fills g; false (err set) on overflow, or when rows*cols exceeds max_cells
// (err = too_large with a = rows, b = cols).
inline bool grid_of(Layout const& view, i64 max_cells, Grid& g, Error& err) {
  Layout m0 = mode(view, 0, err), m1 = mode(view, 1, err);
  if (err) return false;
  g.rows = size(m0, err);
  g.cols = size(m1, err);
  if (err) return false;
  if (g.rows < 1 || g.cols < 1 || g.rows > max_cells || g.cols > max_cells / g.rows) {
    err = {Err::too_large, g.rows, g.cols, max_cells};
    return false;
  }
  std::vector<i64> row(static_cast<std::size_t>(g.rows)), col(static_cast<std::size_t>(g.cols));
  for (i64 m = 0; m < g.rows; ++m) row[m] = eval(m0, m, err);
  for (i64 n = 0; n < g.cols; ++n) col[n] = eval(m1, n, err);
  if (err) return false;
  Arith ar{&err};
  g.v.resize(static_cast<std::size_t>(g.rows * g.cols));
  for (i64 m = 0; m < g.rows; ++m)
    for (i64 n = 0; n < g.cols; ++n) g.v[m * g.cols + n] = ar.add(row[m], col[n]);
  return !err;
}

// Digits of |x| (at least 1), as tessel::num_digits.
inline int digits(i64 x) {
  unsigned long long u = x < 0 ? 0ull - static_cast<unsigned long long>(x) : static_cast<unsigned long long>(x);
  int n = 1;
  for (; u >= 10; u /= 10) ++n;
  return n;
}

// print_layout's table of a rank-2 layout value with its grid: the layout in
// CuTe notation, the column numbers, then one row of cells per row, each cell
// as wide as cosize's digits + 2. Equal to tessel::layout_table of the typed
// layout (tests/test_draw.cpp checks it).
inline std::string layout_table(Layout const& view, Grid const& g, Error& err) {
  int const w = digits(cosize(view, err)) + 2;
  auto padded = [](std::string& s, i64 v, int width) {
    for (int pad = width - digits(v) - (v < 0 ? 1 : 0); pad > 0; --pad) s += ' ';
    s += std::to_string(v);
  };
  std::string rule = "    ";
  for (i64 n = 0; n < g.cols; ++n) rule += '+' + std::string(static_cast<std::size_t>(w), '-');
  rule += "+\n";
  std::string s = format(view) + "\n    ";
  for (i64 n = 0; n < g.cols; ++n) {
    s += "  ";
    padded(s, n, w - 2);
    s += ' ';
  }
  s += '\n';
  for (i64 m = 0; m < g.rows; ++m) {
    s += rule;
    padded(s, m, 2);
    s += "  ";
    for (i64 n = 0; n < g.cols; ++n) {
      s += "| ";
      padded(s, g.at(m, n), w - 2);
      s += ' ';
    }
    s += "|\n";
  }
  s += rule;
  return s;
}

}  // namespace tessel::text
