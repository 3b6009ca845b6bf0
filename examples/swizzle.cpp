// tessel_swizzle: draw CUTLASS's GemmIdentityThreadblockSwizzle<N> (seed 002):
// which threadblock computes which output tile, as ASCII and as SVG.
//
//   tessel_swizzle                   the seed's two examples: 4x4 tiles, N = 1
//                                    (grid (4,4,1)) and N = 2 (grid (8,2,1))
//   tessel_swizzle M N [SWZ ...]     an M x N grid of tiles, for each swizzle
//                                    width SWZ given (1..16; default 1 2)
// Options:
//   --xy          label tiles with the block's (bx,by), not its linear id
//   --svg-dir D   write the SVGs into directory D (default: .)
//   --no-svg      ASCII only
//
// Each SVG has two panels. Left: the M x N tiles of C (rows tm, columns tn),
// each labelled with the block that computes it, id = bx + by*gridDim.x, and
// coloured by that id (launch order). Right: the launched grid (rows by,
// columns bx), each block labelled with its tile (tm,tn) in the same colour,
// idle blocks (tiles past n) grey. Files: threadblock_swizzle_n<SWZ>.svg for
// the seed's 4x4, threadblock_swizzle_<M>x<N>_n<SWZ>.svg otherwise.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {

struct Map {
  int swz = 1;               // the template argument N
  GemmCoord tiled;           // tiles (m, n, k)
  int log_tile = 0;
  Dim3 grid;
  std::vector<int> block_of;               // [tm * n + tn] -> linear block id
  std::vector<std::pair<int, int>> xy_of;  // [tm * n + tn] -> (bx, by)
  std::vector<GemmCoord> tile_of;          // [linear block id] -> tile
  int idle = 0;
  std::string layout;        // identity_swizzle_layout, in CuTe notation
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
      // The layout form must agree with the formula.
      int const idx = int(l(int(x), int(y)));
      if (idx % m != t.m() || idx / m != t.n()) {
        std::fprintf(stderr, "tessel_swizzle: layout and formula disagree at block (%u,%u)\n", x, y);
        std::exit(1);
      }
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

std::string cell_label(Map const& r, std::size_t cell, bool xy) {
  if (xy) return std::to_string(r.xy_of[cell].first) + "," + std::to_string(r.xy_of[cell].second);
  return std::to_string(r.block_of[cell]);
}

std::string pad_left(std::string const& s, std::size_t w) { return s.size() >= w ? s : std::string(w - s.size(), ' ') + s; }

// An ASCII table: rows x cols cells, each right-aligned in width w.
template <class Cell>
void ascii_table(char const* row_name, char const* col_name, int rows, int cols, Cell cell) {
  std::size_t w = std::string(col_name).size() + std::to_string(cols - 1).size();
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) w = std::max(w, cell(i, j).size());
  std::string const rh(std::string(row_name).size() + std::to_string(rows - 1).size() + 1, ' ');
  std::string rule = rh;
  for (int j = 0; j < cols; ++j) rule += "+" + std::string(w + 2, '-');
  rule += "+\n";
  std::printf("%s", rh.c_str());
  for (int j = 0; j < cols; ++j) std::printf("  %s ", pad_left(col_name + std::to_string(j), w).c_str());
  std::printf("\n");
  for (int i = 0; i < rows; ++i) {
    std::printf("%s", rule.c_str());
    std::printf("%s", pad_left(row_name + std::to_string(i), rh.size() - 1).c_str());
    std::printf(" ");
    for (int j = 0; j < cols; ++j) std::printf("| %s ", pad_left(cell(i, j), w).c_str());
    std::printf("|\n");
  }
  std::printf("%s", rule.c_str());
}

void print_ascii(Map const& r, bool xy) {
  int const m = r.tiled.m(), n = r.tiled.n();
  std::printf("GemmIdentityThreadblockSwizzle<%d>, tiled shape %d x %d (tm x tn), k = %d\n", r.swz, m, n, r.tiled.k());
  std::printf("get_log_tile = %d, get_grid_shape = (%u,%u,%u): %u blocks, %d idle\n", r.log_tile, r.grid.x, r.grid.y,
              r.grid.z, r.grid.x * r.grid.y, r.idle);
  int const t = 1 << r.log_tile;
  std::printf("block (x,y) -> tile (x >> %d, (y << %d) + (x & %d)); as a layout %s -> tm + tn*%d\n\n", r.log_tile,
              r.log_tile, t - 1, r.layout.c_str(), m);
  std::printf("tile -> block (%s):\n", xy ? "bx,by" : "linear id bx + by*gridDim.x");
  ascii_table("tm=", "tn=", m, n, [&](int i, int j) { return cell_label(r, std::size_t(i) * std::size_t(n) + std::size_t(j), xy); });
  std::printf("\nblock -> tile (tm,tn); '-' idle:\n");
  ascii_table("by=", "bx=", int(r.grid.y), int(r.grid.x), [&](int y, int x) {
    GemmCoord const c = r.tile_of[std::size_t(x) + std::size_t(y) * r.grid.x];
    if (c.m() >= m || c.n() >= n) return std::string("-");
    return std::to_string(c.m()) + "," + std::to_string(c.n());
  });
  std::printf("\n");
}

// ---- SVG -------------------------------------------------------------------------------------

// Viridis, sampled: t in [0, 1] -> rgb.
void viridis(double t, int rgb[3]) {
  static double const stops[][3] = {{68, 1, 84}, {72, 40, 120}, {62, 74, 137}, {49, 104, 142}, {38, 130, 142},
                                    {31, 158, 137}, {53, 183, 121}, {110, 206, 88}, {181, 222, 43}, {253, 231, 37}};
  int const n = int(sizeof stops / sizeof stops[0]);
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  double const f = t * (n - 1);
  int const i = f >= n - 1 ? n - 2 : int(f);
  double const u = f - i;
  for (int c = 0; c < 3; ++c) rgb[c] = int(std::lround(stops[i][c] * (1 - u) + stops[i + 1][c] * u));
}
std::string fill_of(int id, int count, bool& dark) {
  int rgb[3];
  viridis(count > 1 ? double(id) / double(count - 1) : 0.0, rgb);
  dark = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] < 140;
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
  return buf;
}

std::string esc(std::string s) {
  std::string o;
  for (char c : s) o += c == '<' ? std::string("&lt;") : c == '>' ? std::string("&gt;") : c == '&' ? std::string("&amp;") : std::string(1, c);
  return o;
}

std::string svg(Map const& r, bool xy) {
  int const m = r.tiled.m(), n = r.tiled.n();
  int const gx = int(r.grid.x), gy = int(r.grid.y);
  int const blocks = gx * gy;
  int const widest = std::max(n, gx);
  int const cs = std::max(14, std::min(64, 720 / std::max(1, widest)));  // cell size
  int const margin = 24, head = 28;
  int const top = 78;
  int const left_w = head + n * cs, right_w = head + gx * cs;
  int const gap = 48;
  int const width = std::max(margin * 2 + std::max(left_w, 340) + gap + std::max(right_w, 340), 560);
  int const height = top + head + std::max(m, gy) * cs + margin + 34;
  int const x0 = margin, x1 = margin + std::max(left_w, 340) + gap;
  int const y0 = top;
  bool const labels = cs >= 26;
  std::string s;
  char buf[512];
  auto add = [&](char const* fmt, auto... a) {
    std::snprintf(buf, sizeof buf, fmt, a...);
    s += buf;
  };
  add("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
      "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
      width, height, width, height);
  add("<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, height);
  add("<text x=\"%d\" y=\"24\" font-size=\"16\" font-weight=\"bold\">%s</text>\n", margin,
      esc("GemmIdentityThreadblockSwizzle<" + std::to_string(r.swz) + ">: " + std::to_string(m) + " x " +
          std::to_string(n) + " tiles").c_str());
  add("<text x=\"%d\" y=\"44\" font-size=\"12\">log_tile %d, grid (%d,%d,%u), %d blocks, %d idle; "
      "block (x,y) -&gt; tile (x &gt;&gt; %d, (y &lt;&lt; %d) + (x &amp; %d))</text>\n",
      margin, r.log_tile, gx, gy, r.grid.z, blocks, r.idle, r.log_tile, r.log_tile, (1 << r.log_tile) - 1);
  add("<text x=\"%d\" y=\"%d\" font-size=\"13\" font-weight=\"bold\">tile (tm, tn) -&gt; block %s</text>\n", x0, y0 - 14,
      xy ? "(bx,by)" : "id bx + by*gridDim.x");
  add("<text x=\"%d\" y=\"%d\" font-size=\"13\" font-weight=\"bold\">launch grid: block (bx, by) -&gt; tile (tm,tn)</text>\n",
      x1, y0 - 14);

  auto header = [&](int ox, int oy, int rows, int cols, char const* rname, char const* cname) {
    int const fs = std::min(12, cs / 3 + 3);
    for (int j = 0; j < cols; ++j)
      if (labels || j % 4 == 0)
        add("<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" fill=\"#444\">%s%d</text>\n",
            ox + head + j * cs + cs / 2, oy + head - 8, fs, labels ? cname : "", j);
    for (int i = 0; i < rows; ++i)
      if (labels || i % 4 == 0)
        add("<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"end\" fill=\"#444\">%s%d</text>\n", ox + head - 4,
            oy + head + i * cs + cs / 2 + 4, fs, labels ? rname : "", i);
  };
  auto cell = [&](int ox, int oy, int i, int j, std::string const& fill, bool dark, std::string const& big,
                  std::string const& small) {
    int const x = ox + head + j * cs, y = oy + head + i * cs;
    add("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"white\" stroke-width=\"1.5\"/>\n", x, y,
        cs, cs, fill.c_str());
    if (!labels) return;
    char const* ink = dark ? "white" : "black";
    int const fs = std::min(18, cs * 2 / 7 + (big.size() <= 2 ? 2 : 0));
    int const by = small.empty() ? y + cs / 2 + fs / 3 : y + cs / 2 + 1;
    add("<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n", x + cs / 2, by, fs,
        ink, big.c_str());
    if (!small.empty() && cs >= 40)
      add("<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n", x + cs / 2,
          y + cs / 2 + fs / 2 + 9, std::max(8, fs * 3 / 5), ink, small.c_str());
  };

  // Left: the tiles.
  header(x0, y0, m, n, "tm ", "tn ");
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      std::size_t const c = std::size_t(i) * std::size_t(n) + std::size_t(j);
      bool dark = false;
      std::string const fill = fill_of(r.block_of[c], blocks, dark);
      std::string const xy_text = "(" + std::to_string(r.xy_of[c].first) + "," + std::to_string(r.xy_of[c].second) + ")";
      cell(x0, y0, i, j, fill, dark, xy ? cell_label(r, c, true) : std::to_string(r.block_of[c]), xy ? "" : xy_text);
    }
  // Right: the grid.
  header(x1, y0, gy, gx, "by ", "bx ");
  for (int y = 0; y < gy; ++y)
    for (int x = 0; x < gx; ++x) {
      int const id = x + y * gx;
      GemmCoord const t = r.tile_of[std::size_t(id)];
      if (t.m() >= m || t.n() >= n) {
        cell(x1, y0, y, x, "#d9d9d9", false, "idle", "");
        continue;
      }
      bool dark = false;
      std::string const fill = fill_of(id, blocks, dark);
      cell(x1, y0, y, x, fill, dark, std::to_string(t.m()) + "," + std::to_string(t.n()), "#" + std::to_string(id));
    }
  // Colour key.
  int const ky = height - 22;
  add("<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#444\">colour: block id (launch order) 0</text>\n", margin, ky + 10);
  for (int i = 0; i < 64; ++i) {
    int rgb[3];
    viridis(i / 63.0, rgb);
    add("<rect x=\"%d\" y=\"%d\" width=\"3\" height=\"12\" fill=\"#%02x%02x%02x\"/>\n", margin + 196 + i * 3, ky, rgb[0],
        rgb[1], rgb[2]);
  }
  add("<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#444\">%d</text>\n", margin + 196 + 64 * 3 + 6, ky + 10, blocks - 1);
  s += "</svg>\n";
  return s;
}

int usage() {
  std::fprintf(stderr, "usage: tessel_swizzle [--xy] [--svg-dir DIR] [--no-svg] [M N [SWZ ...]]\n"
                       "  M, N: the tiled shape (tiles of C); SWZ: the swizzle width N of\n"
                       "  GemmIdentityThreadblockSwizzle<N>, 1..16 (default 1 2). No M N: the seed's 4x4.\n");
  return 2;
}

bool parse_int(char const* s, int lo, int hi, int& out) {
  char* end = nullptr;
  long const v = std::strtol(s, &end, 10);
  if (end == s || *end != '\0' || v < lo || v > hi) return false;
  out = int(v);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  bool xy = false, write_svg = true;
  std::string dir = ".";
  std::vector<int> nums;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--xy")) {
      xy = true;
    } else if (!std::strcmp(argv[i], "--no-svg")) {
      write_svg = false;
    } else if (!std::strcmp(argv[i], "--svg-dir") && i + 1 < argc) {
      dir = argv[++i];
    } else if (!std::strcmp(argv[i], "-h") || !std::strcmp(argv[i], "--help")) {
      usage();
      return 0;
    } else {
      int v = 0;
      if (!parse_int(argv[i], 1, 4096, v)) return usage();
      nums.push_back(v);
    }
  }
  if (nums.size() == 1) return usage();
  int const m = nums.empty() ? 4 : nums[0], n = nums.empty() ? 4 : nums[1];
  std::vector<int> widths(nums.size() > 2 ? nums.begin() + 2 : nums.end(), nums.end());
  if (widths.empty()) widths = {1, 2};
  for (int w : widths)
    if (w < 1 || w > 16) return usage();

  bool const seed_shape = m == 4 && n == 4;
  for (int w : widths) {
    Map const r = make_map_for(w, GemmCoord(m, n, 1), std::make_integer_sequence<int, 16>{});
    print_ascii(r, xy);
    if (write_svg) {
      std::string const name = seed_shape ? "threadblock_swizzle_n" + std::to_string(w) + ".svg"
                                          : "threadblock_swizzle_" + std::to_string(m) + "x" + std::to_string(n) +
                                                "_n" + std::to_string(w) + ".svg";
      std::string const path = dir + "/" + name;
      std::ofstream f(path);
      f << svg(r, xy);
      if (!f) {
        std::fprintf(stderr, "tessel_swizzle: cannot write %s\n", path.c_str());
        return 1;
      }
      std::printf("wrote %s\n\n", path.c_str());
    }
  }
  return 0;
}
