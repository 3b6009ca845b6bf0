// src/text/show.cpp: `tessel show`: a layout as print_layout's table, a TikZ
// document, an SVG picture, JSON, or its list of values.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>
#include <tessel/text/draw.hpp>

#include <tessel/text/text.hpp>

namespace tessel::text {

// ---- colours -------------------------------------------------------------------------------------
// A perceptual ramp (viridis: dark blue-violet through teal to yellow, uniform
// in lightness steps), as nine stops interpolated linearly.
Rgb ramp(double t) {
  static constexpr Rgb stops[] = {{68, 1, 84},    {72, 40, 120},  {62, 73, 137},  {49, 104, 142}, {38, 130, 142},
                                  {31, 158, 137}, {53, 183, 121}, {110, 206, 88}, {253, 231, 37}};
  constexpr int n = sizeof(stops) / sizeof(stops[0]);
  t = std::clamp(t, 0.0, 1.0) * (n - 1);
  int i = std::min(int(t), n - 2);
  double f = t - i;
  auto mix = [f](int a, int b) { return int(std::lround(a + (b - a) * f)); };
  return {mix(stops[i].r, stops[i + 1].r), mix(stops[i].g, stops[i + 1].g), mix(stops[i].b, stops[i + 1].b)};
}
// Dark text on light cells, white text on dark ones.
bool light(Rgb c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b > 140; }

std::string hex(Rgb c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

std::string xml_escape(std::string const& s) {
  std::string r;
  for (char c : s) {
    if (c == '<') r += "&lt;";
    else if (c == '>') r += "&gt;";
    else if (c == '&') r += "&amp;";
    else r += c;
  }
  return r;
}


namespace {

[[noreturn]] void fail(engine::Error const& e, char const* note = "") {
  std::string what = engine::describe(e);
  if (e.code == engine::Err::too_large && e.c > 0)
    what = "the drawing is too large: " + std::to_string(e.a) + " x " + std::to_string(e.b) +
           " cells, more than --max-cells " + std::to_string(e.c) + note;
  throw EvalError{0, what, kInadmissible};
}

// The colour scale: [0, cosize) (widened to the values' range with negative strides).
struct Scale {
  engine::i64 lo = 0, hi = 0;
  Scale(text::Grid const& g, engine::i64 cosize) : hi(cosize - 1) {
    for (engine::i64 v : g.v) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  Rgb operator()(engine::i64 v) const { return ramp(hi > lo ? (double(v) - double(lo)) / (double(hi) - double(lo)) : 0.0); }
};

// Block boundaries of a hierarchical mode: every size(first sub-mode) cells
// (every 4 columns for (4,8), every 8 for ((2,4),(2,2)): the tiles of a divide).
engine::i64 block_of(engine::Layout const& m) {
  engine::Error e;
  if (engine::rank(m) < 2) return 0;
  engine::i64 b = engine::size(engine::mode(m, 0, e), e);
  return e || b < 2 ? 0 : b;
}


struct Drawing {
  engine::Layout layout, view;
  text::Grid grid;
  engine::i64 cosize = 1;
};

Drawing prepare(engine::Layout const& l, engine::i64 max_cells, Format f) {
  Drawing d;
  engine::Error e;
  d.layout = l;
  d.view = text::rank2_view(l, e);
  if (e) fail(e);
  bool latex_default = max_cells <= 0 && f == Format::latex;
  if (!text::grid_of(d.view, max_cells > 0 ? max_cells : latex_default ? kMaxLatexCells : kMaxDrawCells, d.grid, e))
    fail(e, latex_default ? " (the default for latex: pdflatex's memory holds about 6000 cells)" : "");
  d.cosize = engine::cosize(d.view, e);
  if (e) fail(e);
  return d;
}

std::string title_of(Drawing const& d) {
  std::string t = text::format(d.layout);
  if (engine::rank(d.layout) != 2) t += "   drawn as " + text::format(d.view);
  return t;
}

// ---- SVG -------------------------------------------------------------------------------------------
std::string svg(Drawing const& d) {
  text::Grid const& g = d.grid;
  int nd = 1;
  for (engine::i64 v : g.v) nd = std::max(nd, text::digits(v) + (v < 0));
  // Font and cell sizes: 13px text up to 32 columns, 11px beyond; cells fit the widest number.
  double font = g.cols <= 32 && g.rows <= 32 ? 13 : 11;
  double cw = std::max(2.0 * font, 0.62 * font * nd + 12), ch = 1.9 * font;
  double lab = 0.62 * font * (text::digits(g.rows - 1) + 1) + 10;  // row label column
  double top = 3.2 * font;                                         // title + column labels
  double w = lab + cw * double(g.cols) + 8, h = top + ch * double(g.rows) + 8;
  std::string title = title_of(d);
  w = std::max(w, lab + 0.62 * font * double(title.size()) + 8);
  Scale scale(g, d.cosize);

  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(1);
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << w << "\" height=\"" << h << "\" viewBox=\"0 0 " << w << " " << h
    << "\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"" << font << "\">\n";
  s << "<title>" << xml_escape(title) << "</title>\n";
  s << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  s << "<text x=\"" << lab << "\" y=\"" << 1.2 * font << "\" font-weight=\"bold\">" << xml_escape(title) << "</text>\n";
  // Column and row labels.
  s << "<g fill=\"#555\" text-anchor=\"middle\" font-size=\"" << 0.85 * font << "\">\n";
  for (engine::i64 n = 0; n < g.cols; ++n)
    s << "<text x=\"" << lab + cw * (double(n) + 0.5) << "\" y=\"" << top - 0.45 * font << "\">" << n << "</text>\n";
  s << "</g>\n<g fill=\"#555\" text-anchor=\"end\" font-size=\"" << 0.85 * font << "\">\n";
  for (engine::i64 m = 0; m < g.rows; ++m)
    s << "<text x=\"" << lab - 6 << "\" y=\"" << top + ch * (double(m) + 0.5) + 0.35 * font << "\">" << m << "</text>\n";
  s << "</g>\n";
  // Cells, then their numbers.
  s << "<g stroke=\"white\" stroke-width=\"1\">\n";
  for (engine::i64 m = 0; m < g.rows; ++m)
    for (engine::i64 n = 0; n < g.cols; ++n)
      s << "<rect x=\"" << lab + cw * double(n) << "\" y=\"" << top + ch * double(m) << "\" width=\"" << cw << "\" height=\"" << ch
        << "\" fill=\"" << hex(scale(g.at(m, n))) << "\"/>\n";
  s << "</g>\n<g text-anchor=\"middle\">\n";
  for (engine::i64 m = 0; m < g.rows; ++m)
    for (engine::i64 n = 0; n < g.cols; ++n) {
      engine::i64 v = g.at(m, n);
      s << "<text x=\"" << lab + cw * (double(n) + 0.5) << "\" y=\"" << top + ch * (double(m) + 0.5) + 0.35 * font << "\""
        << (light(scale(v)) ? "" : " fill=\"white\"") << ">" << v << "</text>\n";
    }
  s << "</g>\n";
  // Block boundaries of hierarchical modes (e.g. every 4 columns for (4,8)).
  engine::Error e;
  engine::i64 rb = block_of(engine::mode(d.view, 0, e)), cb = block_of(engine::mode(d.view, 1, e));
  s << "<g stroke=\"#222\" stroke-width=\"1.5\">\n";
  if (cb > 0)
    for (engine::i64 n = cb; n < g.cols; n += cb)
      s << "<line x1=\"" << lab + cw * double(n) << "\" y1=\"" << top << "\" x2=\"" << lab + cw * double(n) << "\" y2=\"" << top + ch * double(g.rows) << "\"/>\n";
  if (rb > 0)
    for (engine::i64 m = rb; m < g.rows; m += rb)
      s << "<line x1=\"" << lab << "\" y1=\"" << top + ch * double(m) << "\" x2=\"" << lab + cw * double(g.cols) << "\" y2=\"" << top + ch * double(m) << "\"/>\n";
  s << "</g>\n";
  s << "<rect x=\"" << lab << "\" y=\"" << top << "\" width=\"" << cw * double(g.cols) << "\" height=\"" << ch * double(g.rows)
    << "\" fill=\"none\" stroke=\"#222\" stroke-width=\"1.5\"/>\n";
  s << "</svg>\n";
  return s.str();
}

// ---- LaTeX (TikZ, in the manner of CuTe's print_latex) ---------------------------------------------
// Compiled with pdflatex (TeX Live 2022) by tests/cli/latex.sh. The document
// uses the standalone class when it is installed (texlive-latex-extra) and
// otherwise article with a page sized to the picture (geometry, in
// texlive-latex-base), so texlive-latex-base + texlive-pictures suffice.
// Each cell is a filled rectangle with a text node on top; every cell or label
// costs pdflatex about 370 words of its 5M-word memory, hence kMaxLatexCells.
// A long side shrinks the unit to keep the picture within 250 cm (past about
// 280 cm the article page overflows; TeX cannot measure beyond 575 cm).
std::string latex(Drawing const& d) {
  text::Grid const& g = d.grid;
  Scale scale(g, d.cosize);
  std::string title = title_of(d);
  engine::i64 longest = std::max(g.rows, g.cols) + 3;
  double u = longest > 250 ? 250.0 / double(longest) : 1.0;  // cm per cell
  auto num = [](double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", x);
    return std::string(buf);
  };
  // The page of the article fallback: the picture spans rows + 2 cells down
  // (title, column labels) and cols + 1 across (row labels), or the title's width.
  double w = std::max(double(g.cols + 1) * u, 0.27 * u * double(title.size()) + 0.4) + 1.3;
  double h = double(g.rows + 2) * u + 1.3;
  std::ostringstream s;
  s << "% Layout: " << text::format(d.layout) << "\n";
  s << "\\IfFileExists{standalone.cls}{\\documentclass[border=4mm]{standalone}}{%\n"
    << "  \\documentclass{article}\\usepackage[paperwidth=" << num(w) << "cm,paperheight=" << num(h)
    << "cm,margin=4mm]{geometry}\\pagestyle{empty}}\n";
  s << "\\usepackage{tikz}\n\n\\begin{document}\n\\noindent\n";
  // x runs down the rows, y along the columns, u cm per cell.
  s << "\\begin{tikzpicture}[x={(0cm,-" << num(u) << "cm)},y={(" << num(u)
    << "cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt" << (u < 1 ? ", scale=" + num(u) : "") << "}]\n\n";
  // The cells' colours (cell (m,n) spans [m,m+1] x [n,n+1] in the shifted scope), then their numbers.
  s << "\\begin{scope}[shift={(-0.5,-0.5)}]\n";
  for (engine::i64 m = 0; m < g.rows; ++m)
    for (engine::i64 n = 0; n < g.cols; ++n) {
      Rgb c = scale(g.at(m, n));
      s << "\\fill[fill={rgb,255:red," << c.r << ";green," << c.g << ";blue," << c.b << "}] (" << m << "," << n
        << ") rectangle +(1,1);\n";
    }
  s << "\\draw[color=black,thick,step=" << num(u) << "cm] (0,0) grid (" << g.rows << "," << g.cols << ");\n";
  s << "\\end{scope}\n\n";
  for (engine::i64 m = 0; m < g.rows; ++m)
    for (engine::i64 n = 0; n < g.cols; ++n) {
      engine::i64 v = g.at(m, n);
      s << "\\node" << (light(scale(v)) ? "" : "[text=white]") << " at (" << m << "," << n << ") {" << v << "};\n";
    }
  s << "\n";
  // Row and column labels; on a shrunk picture every k-th (k = 1, 2, 5, 10, 20, ...),
  // at most about 250 a side (each label costs pdflatex as much memory as a cell).
  engine::i64 k = 1;
  for (engine::i64 p = 1, i = 0; double(k) * u < 0.999; ++i) {
    k = p * (i % 3 == 0 ? 2 : i % 3 == 1 ? 5 : 10);
    if (i % 3 == 2) p *= 10;
  }
  for (engine::i64 m = 0; m < g.rows; m += k) s << "\\node at (" << m << ",-1) {\\Large{\\texttt{" << m << "}}};\n";
  for (engine::i64 n = 0; n < g.cols; n += k) s << "\\node at (-1," << n << ") {\\Large{\\texttt{" << n << "}}};\n";
  s << "\\node[anchor=west] at (-2,-1.5) {\\Large\\texttt{\\detokenize{" << title << "}}};\n";
  s << "\\end{tikzpicture}\n\\end{document}\n";
  return s.str();
}

// ---- JSON and values --------------------------------------------------------------------------------
// The shapes (or strides) of l as nested arrays; an integer for an integral layout.
nlohmann::ordered_json part(engine::Layout const& l, bool strides) {
  std::vector<nlohmann::ordered_json> stack{nlohmann::ordered_json::array()};
  int k = 0;
  for (int t = 0; t < l.ntok; ++t) {
    if (l.tok[t] == engine::kOpen) {
      stack.push_back(nlohmann::ordered_json::array());
    } else if (l.tok[t] == engine::kClose) {
      nlohmann::ordered_json done = std::move(stack.back());
      stack.pop_back();
      stack.back().push_back(std::move(done));
    } else {
      stack.back().push_back((strides ? l.stride[k] : l.shape[k]).v);
      ++k;
    }
  }
  return stack.back().empty() ? nlohmann::ordered_json() : stack.back()[0];
}

std::vector<engine::i64> values_of(engine::Layout const& l, engine::i64 max_values) {
  engine::Error e;
  engine::i64 n = engine::size(l, e);
  if (e) fail(e);
  engine::i64 cap = max_values > 0 ? max_values : kMaxValues;
  if (n > cap) fail(engine::Error{engine::Err::too_large, n, 1, cap});
  std::vector<engine::i64> v(static_cast<std::size_t>(n));
  for (engine::i64 i = 0; i < n; ++i) v[i] = engine::eval(l, i, e);
  if (e) fail(e);
  return v;
}

std::string json(engine::Layout const& l, engine::i64 max_values) {
  engine::Error e;
  nlohmann::ordered_json j;
  j["layout"] = text::format(l);
  j["shape"] = part(l, false);
  j["stride"] = part(l, true);
  j["size"] = engine::size(l, e);
  j["cosize"] = engine::cosize(l, e);
  if (e) fail(e);
  j["rank"] = engine::rank(l);
  j["depth"] = engine::depth(l);
  j["values"] = values_of(l, max_values);
  return j.dump() + "\n";
}

std::string values(engine::Layout const& l, engine::i64 max_values) {
  std::string s;
  for (engine::i64 v : values_of(l, max_values)) {
    if (!s.empty()) s += ' ';
    s += std::to_string(v);
  }
  return s + "\n";
}

}  // namespace

bool parse_format(std::string const& name, Format& f) {
  if (name == "table") f = Format::table;
  else if (name == "latex") f = Format::latex;
  else if (name == "svg") f = Format::svg;
  else if (name == "json") f = Format::json;
  else if (name == "values") f = Format::values;
  else return false;
  return true;
}

std::string render(engine::Layout const& l, Format f, engine::i64 max_cells) {
  switch (f) {
    case Format::json: return json(l, max_cells);
    case Format::values: return values(l, max_cells);
    default: break;
  }
  Drawing d = prepare(l, max_cells, f);
  if (f == Format::svg) return svg(d);
  if (f == Format::latex) return latex(d);
  engine::Error e;
  std::string t = text::layout_table(d.view, d.grid, e);
  if (e) fail(e);
  return t;
}

}  // namespace tessel::text
