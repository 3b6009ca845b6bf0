// tessel swizzle: draw CUTLASS's GemmIdentityThreadblockSwizzle<N> (seed 002),
// i.e. which threadblock computes which output tile, as ASCII or as SVG.
//
// ASCII: two tables, tile (tm, tn) -> block id (bx + by*gridDim.x, or (bx,by)
// with --xy), and launched block (bx, by) -> tile, '-' for idle blocks.
// SVG: the same two panels, cells coloured by block id (launch order), idle
// blocks grey. Every block's tile is computed twice, by the formula
// (get_tile_offset) and by the layout form (identity_swizzle_layout); a
// disagreement is reported as an error.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <tessel/tessel.hpp>

#include <tessel/text/text.hpp>

namespace tessel::text {

namespace {

struct Map {
  int swz = 1;       // the template argument N
  GemmCoord tiled;   // tiles (m, n, k)
  int log_tile = 0;
  Dim3 grid;
  std::vector<int> block_of;               // [tm * n + tn] -> linear block id, -1 if none
  std::vector<std::pair<int, int>> xy_of;  // [tm * n + tn] -> (bx, by)
  std::vector<GemmCoord> tile_of;          // [linear block id] -> tile
  int idle = 0;
  std::string layout;  // identity_swizzle_layout, in CuTe notation
  bool ok = true;      // the layout form agrees with the formula
};

template <int N>
Map make_map(GemmCoord tiled) {
  using Swz = GemmIdentityThreadblockSwizzle<N>;
  Map r;
  r.swz = N;
  r.tiled = tiled;
  r.log_tile = Swz::get_log_tile(tiled);
  r.grid = Swz::get_grid_shape(tiled);
  int const m = tiled.m(), n = tiled.n();
  r.block_of.assign(std::size_t(m) * std::size_t(n), -1);
  r.xy_of.assign(std::size_t(m) * std::size_t(n), {-1, -1});
  auto const l = identity_swizzle_layout(tiled, r.log_tile);
  r.layout = to_string(l);
  for (unsigned y = 0; y < r.grid.y; ++y) {
    for (unsigned x = 0; x < r.grid.x; ++x) {
      GemmCoord const t = Swz::get_tile_offset(r.log_tile, Dim3(x, y, 0));
      int const idx = int(l(int(x), int(y)));
      r.ok = r.ok && idx % m == t.m() && idx / m == t.n();
      r.tile_of.push_back(t);
      if (t.m() >= m || t.n() >= n) {
        ++r.idle;
        continue;
      }
      std::size_t const cell = std::size_t(t.m()) * std::size_t(n) + std::size_t(t.n());
      r.block_of[cell] = int(x + y * r.grid.x);
      r.xy_of[cell] = {int(x), int(y)};
    }
  }
  return r;
}

// make_map<w> for a run-time w in 1..16.
template <int... I>
Map make_map_for(int w, GemmCoord tiled, std::integer_sequence<int, I...>) {
  Map r;
  ((w == I + 1 ? (r = make_map<I + 1>(tiled), true) : false) || ...);
  return r;
}

std::string pad_left(std::string const& s, std::size_t w) { return s.size() >= w ? s : std::string(w - s.size(), ' ') + s; }

// An ASCII table: rows x cols cells, each right-aligned in a common width.
template <class Cell>
void ascii_table(std::ostream& os, std::string const& row_name, std::string const& col_name, int rows, int cols, Cell cell) {
  std::size_t w = col_name.size() + std::to_string(cols - 1).size();
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) w = std::max(w, cell(i, j).size());
  std::string const rh(row_name.size() + std::to_string(rows - 1).size() + 1, ' ');
  std::string rule = rh;
  for (int j = 0; j < cols; ++j) rule += "+" + std::string(w + 2, '-');
  rule += "+\n";
  os << rh;
  for (int j = 0; j < cols; ++j) os << "  " << pad_left(col_name + std::to_string(j), w) << " ";
  os << "\n";
  for (int i = 0; i < rows; ++i) {
    os << rule << pad_left(row_name + std::to_string(i), rh.size() - 1) << " ";
    for (int j = 0; j < cols; ++j) os << "| " << pad_left(cell(i, j), w) << " ";
    os << "|\n";
  }
  os << rule;
}

std::string cell_label(Map const& r, std::size_t cell, bool xy) {
  if (xy) return std::to_string(r.xy_of[cell].first) + "," + std::to_string(r.xy_of[cell].second);
  return std::to_string(r.block_of[cell]);
}

void ascii(std::ostream& os, Map const& r, bool xy) {
  int const m = r.tiled.m(), n = r.tiled.n();
  int const t = 1 << r.log_tile;
  os << "GemmIdentityThreadblockSwizzle<" << r.swz << ">, tiled shape " << m << " x " << n << " (tm x tn), k = "
     << r.tiled.k() << "\n";
  os << "get_log_tile = " << r.log_tile << ", get_grid_shape = (" << r.grid.x << "," << r.grid.y << "," << r.grid.z
     << "): " << r.grid.x * r.grid.y << " blocks, " << r.idle << " idle\n";
  os << "block (x,y) -> tile (x >> " << r.log_tile << ", (y << " << r.log_tile << ") + (x & " << t - 1
     << ")); as a layout " << r.layout << " -> tm + tn*" << m << "\n\n";
  os << "tile -> block (" << (xy ? "bx,by" : "linear id bx + by*gridDim.x") << "):\n";
  ascii_table(os, "tm=", "tn=", m, n, [&](int i, int j) { return cell_label(r, std::size_t(i) * std::size_t(n) + std::size_t(j), xy); });
  os << "\nblock -> tile (tm,tn); '-' idle:\n";
  ascii_table(os, "by=", "bx=", int(r.grid.y), int(r.grid.x), [&](int y, int x) {
    GemmCoord const c = r.tile_of[std::size_t(x) + std::size_t(y) * r.grid.x];
    if (c.m() >= m || c.n() >= n) return std::string("-");
    return std::to_string(c.m()) + "," + std::to_string(c.n());
  });
}

std::string svg(Map const& r, bool xy) {
  int const m = r.tiled.m(), n = r.tiled.n();
  int const gx = int(r.grid.x), gy = int(r.grid.y);
  int const blocks = gx * gy;
  int const cs = std::max(14, std::min(64, 720 / std::max(1, std::max(n, gx))));  // cell size
  int const margin = 24, head = 28, top = 78, gap = 48;
  int const left_w = std::max(head + n * cs, 340), right_w = std::max(head + gx * cs, 340);
  int const width = std::max(margin * 2 + left_w + gap + right_w, 560);
  int const height = top + head + std::max(m, gy) * cs + margin + 34;
  int const x0 = margin, x1 = margin + left_w + gap, y0 = top;
  bool const labels = cs >= 26;
  std::ostringstream s;
  auto colour = [&](int id, bool& dark) {
    Rgb const c = ramp(blocks > 1 ? double(id) / double(blocks - 1) : 0.0);
    dark = !light(c);
    return hex(c);
  };
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height << "\" viewBox=\"0 0 "
    << width << " " << height << "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n";
  s << "<rect width=\"" << width << "\" height=\"" << height << "\" fill=\"white\"/>\n";
  s << "<text x=\"" << margin << "\" y=\"24\" font-size=\"16\" font-weight=\"bold\">"
    << xml_escape("GemmIdentityThreadblockSwizzle<" + std::to_string(r.swz) + ">: " + std::to_string(m) + " x " +
                  std::to_string(n) + " tiles")
    << "</text>\n";
  s << "<text x=\"" << margin << "\" y=\"44\" font-size=\"12\">"
    << xml_escape("log_tile " + std::to_string(r.log_tile) + ", grid (" + std::to_string(gx) + "," + std::to_string(gy) +
                  "," + std::to_string(r.grid.z) + "), " + std::to_string(blocks) + " blocks, " + std::to_string(r.idle) +
                  " idle; block (x,y) -> tile (x >> " + std::to_string(r.log_tile) + ", (y << " +
                  std::to_string(r.log_tile) + ") + (x & " + std::to_string((1 << r.log_tile) - 1) + "))")
    << "</text>\n";
  s << "<text x=\"" << x0 << "\" y=\"" << y0 - 14 << "\" font-size=\"13\" font-weight=\"bold\">"
    << xml_escape(std::string("tile (tm, tn) -> block ") + (xy ? "(bx,by)" : "id bx + by*gridDim.x")) << "</text>\n";
  s << "<text x=\"" << x1 << "\" y=\"" << y0 - 14 << "\" font-size=\"13\" font-weight=\"bold\">"
    << xml_escape("launch grid: block (bx, by) -> tile (tm,tn)") << "</text>\n";
  auto header = [&](int ox, int oy, int rows, int cols, char const* rname, char const* cname) {
    int const fs = std::min(12, cs / 3 + 3);
    for (int j = 0; j < cols; ++j)
      if (labels || j % 4 == 0)
        s << "<text x=\"" << ox + head + j * cs + cs / 2 << "\" y=\"" << oy + head - 8 << "\" font-size=\"" << fs
          << "\" text-anchor=\"middle\" fill=\"#444\">" << (labels ? cname : "") << j << "</text>\n";
    for (int i = 0; i < rows; ++i)
      if (labels || i % 4 == 0)
        s << "<text x=\"" << ox + head - 4 << "\" y=\"" << oy + head + i * cs + cs / 2 + 4 << "\" font-size=\"" << fs
          << "\" text-anchor=\"end\" fill=\"#444\">" << (labels ? rname : "") << i << "</text>\n";
  };
  auto cell = [&](int ox, int oy, int i, int j, std::string const& fill, bool dark, std::string const& big,
                  std::string const& small) {
    int const x = ox + head + j * cs, y = oy + head + i * cs;
    s << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << cs << "\" height=\"" << cs << "\" fill=\"" << fill
      << "\" stroke=\"white\" stroke-width=\"1.5\"/>\n";
    if (!labels) return;
    char const* ink = dark ? "white" : "black";
    int const fs = std::min(18, cs * 2 / 7 + (big.size() <= 2 ? 2 : 0));
    int const by = small.empty() ? y + cs / 2 + fs / 3 : y + cs / 2 + 1;
    s << "<text x=\"" << x + cs / 2 << "\" y=\"" << by << "\" font-size=\"" << fs << "\" text-anchor=\"middle\" fill=\""
      << ink << "\">" << big << "</text>\n";
    if (!small.empty() && cs >= 40)
      s << "<text x=\"" << x + cs / 2 << "\" y=\"" << y + cs / 2 + fs / 2 + 9 << "\" font-size=\""
        << std::max(8, fs * 3 / 5) << "\" text-anchor=\"middle\" fill=\"" << ink << "\">" << small << "</text>\n";
  };
  header(x0, y0, m, n, "tm ", "tn ");  // left: the tiles
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      std::size_t const c = std::size_t(i) * std::size_t(n) + std::size_t(j);
      bool dark = false;
      std::string const fill = colour(r.block_of[c], dark);
      std::string const xy_text = "(" + std::to_string(r.xy_of[c].first) + "," + std::to_string(r.xy_of[c].second) + ")";
      cell(x0, y0, i, j, fill, dark, cell_label(r, c, xy), xy ? "" : xy_text);
    }
  header(x1, y0, gy, gx, "by ", "bx ");  // right: the launch grid
  for (int y = 0; y < gy; ++y)
    for (int x = 0; x < gx; ++x) {
      int const id = x + y * gx;
      GemmCoord const t = r.tile_of[std::size_t(id)];
      if (t.m() >= m || t.n() >= n) {
        cell(x1, y0, y, x, "#d9d9d9", false, "idle", "");
        continue;
      }
      bool dark = false;
      std::string const fill = colour(id, dark);
      cell(x1, y0, y, x, fill, dark, std::to_string(t.m()) + "," + std::to_string(t.n()), "#" + std::to_string(id));
    }
  int const ky = height - 22;  // colour key
  s << "<text x=\"" << margin << "\" y=\"" << ky + 10 << "\" font-size=\"11\" fill=\"#444\">colour: block id (launch order) 0</text>\n";
  for (int i = 0; i < 64; ++i)
    s << "<rect x=\"" << margin + 196 + i * 3 << "\" y=\"" << ky << "\" width=\"3\" height=\"12\" fill=\""
      << hex(ramp(i / 63.0)) << "\"/>\n";
  s << "<text x=\"" << margin + 196 + 64 * 3 + 6 << "\" y=\"" << ky + 10 << "\" font-size=\"11\" fill=\"#444\">"
    << blocks - 1 << "</text>\n</svg>\n";
  return s.str();
}

}  // namespace

int swizzle_drawing(int m, int n, int swz, bool xy, std::string const& format, std::string& doc, std::string& error) {
  if (m < 1 || n < 1 || m > 4096 || n > 4096 || swz < 1 || swz > 16) {
    error = "the tiled shape must be 1..4096 x 1..4096 and N 1..16";
    return kSyntax;
  }
  Map const r = make_map_for(swz, GemmCoord(m, n, 1), std::make_integer_sequence<int, 16>{});
  if (!r.ok) {
    error = "the layout form " + r.layout + " disagrees with get_tile_offset";
    return kInadmissible;
  }
  if (format == "svg") {
    doc = svg(r, xy);
  } else {
    std::ostringstream os;
    ascii(os, r, xy);
    doc = os.str();
  }
  return kOk;
}

}  // namespace tessel::text
