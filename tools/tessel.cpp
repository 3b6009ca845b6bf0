// tessel: evaluate, draw and check CuTe layouts from the command line.
//   tessel eval  'composition((2,6,10,14):(840,140,14,1),60:4)'
//   tessel show  '(9,(4,8)):(59,(13,1))' --format svg -o layout.svg
//   tessel check 'composition((4,6,8):(2,3,5),6:3)'
//   tessel swizzle 4 4 -N 2 --format svg -o swizzle.svg
//   tessel mma SM80_16x8x16_F32BF16BF16F32_TN --atoms 2x2x1 -f svg
//   tessel copy SM75_U32x4_LDSM_N --threads 32x1 --values 1x8 -f latex
// Exit status: 0 ok, 1 cannot write the output, 2 syntax or usage error,
// 3 not admissible (or integer overflow, or too large).
#include <CLI/CLI.hpp>
#include <iostream>
#include <string>
#include <vector>

#include <tessel/text/text.hpp>

#include "commands.hpp"

namespace {

constexpr char const* kLanguageHead = R"(Expressions (CuTe notation; spaces are allowed):
  12, _12                integers (_12 is accepted and means the same value)
  (2,(3,4))              IntTuples
  (4,8):(1,4)            layouts SHAPE:STRIDE; a bare shape or integer means the
                         compact column-major layout, e.g. (4,8) = (4,8):(1,4)
  <3:4,8:2>, <3,_>       by-mode tilers (entries: layouts, integers, _, <...>);
                         a bare shape as the 2nd argument of composition/divide/
                         product is a by-mode tiler of stride-1 entries, as in CuTe
  _                      the underscore (keeps a mode in a tiler)
)";
constexpr char const* kLanguageTail = R"(  on layouts and IntTuples (X: a layout stays a layout, an IntTuple an IntTuple):
    shape(L[,i...]) stride(L[,i...])   shape/stride (of mode i...) as IntTuples
    get(X,i,j...)      mode i, then its mode j, ...      get((2,(3,4)),1,0) = _3
    select(X,i,j...)   modes i, j, ... as a tuple        select((2,3,5),2,0) = (_5,_2)
    take(X,b,e)        modes [b,e) (CuTe's take<b,e>)    take((2,3,5),1,3) = (_3,_5)
    flatten(X)         all integers in one flat tuple    flatten((2,(3,4))) = (_2,_3,_4)
    group(X,b,e)       modes [b,e) as one mode           group((2,3,5),0,2) = ((_2,_3),_5)
    append(X,Y) prepend(X,Y)   Y as a last/first mode (append(L): the mode _1:_0)
  coordinates:
    idx2crd(i,shape[,stride])  the coordinate of index i: idx2crd(5,(2,3)) = (_1,_2)
    crd2idx(c,shape[,stride])  crd2idx(c,L)   the index of coordinate c
    L(c)  L(c0,c1,...)         a layout (any expression's value) at an integer or
                               a (hierarchical) coordinate: (3,4):(4,1)(2,1) = _9
    An integer meeting a tuple of modes is split colexicographically, the last
    mode taking the rest (past the end runs on along it); / and % truncate as in
    C++, so negative coordinates are computed. Index out of range, coordinate
    rank mismatch, shape < 1: status 3.
Results print as CuTe prints the same computation with static integers.

Exit status: 0 ok; 1 cannot write the output file; 2 syntax error (the
expression is printed with a caret under the first bad character and what was
expected), unknown function or wrong arguments; 3 not admissible (the message
names the failing condition), integer overflow, or too large to draw.)";

}  // namespace

int main(int argc, char** argv) {
  namespace text = tessel::text;
  CLI::App app{"tessel: evaluate, draw and check CuTe layouts"};
  app.require_subcommand(1);
  std::string const language = std::string(kLanguageHead) + tessel::text::help_calls() + kLanguageTail;
  app.footer(language);

  std::vector<std::string> exprs;
  auto* ev = app.add_subcommand("eval", "print each expression's result in CuTe notation");
  ev->add_option("expr", exprs, "expressions, e.g. 'composition((6,2):(8,2),(4,3):(3,1))'")->required();
  ev->footer(language);

  std::string show_expr, format = "table", file;
  long long max_cells = 0;
  auto* sh = app.add_subcommand("show", "draw a layout (its rank-2 view: mode 0 = rows, modes 1.. = columns)");
  sh->add_option("expr", show_expr, "an expression whose value is a layout")->required();
  sh->add_option("-f,--format", format,
                 "table: print_layout's text; latex: a TikZ document (as CuTe's print_latex); "
                 "svg: a picture, cells coloured by index; json: shape, stride, size, cosize, rank, depth, values; "
                 "values: L(0) .. L(size-1)")
      ->check(CLI::IsMember({"table", "latex", "svg", "json", "values"}))
      ->capture_default_str();
  sh->add_option("-o,--output", file, "write to FILE instead of standard output");
  sh->add_option("--max-cells", max_cells,
                 "refuse drawings of more cells (default 65536; 4096 for latex, about what pdflatex's memory "
                 "holds) or value lists longer than this (default 4194304)")
      ->check(CLI::PositiveNumber);

  std::string check_expr;
  bool quiet = false;
  auto* ck = app.add_subcommand("check",
                                "explain step by step whether each algebra call is admissible "
                                "(exit 0 admissible, 3 not)");
  ck->add_option("expr", check_expr, "an expression, e.g. 'composition((4,6,8):(2,3,5),6:3)'")->required();
  ck->add_flag("-q,--quiet", quiet, "print only the verdict");

  int sw_m = 4, sw_n = 4, sw_width = 1;
  bool sw_xy = false;
  std::string sw_format = "ascii", sw_file;
  auto* sw = app.add_subcommand("swizzle",
                                "draw CUTLASS's GemmIdentityThreadblockSwizzle<N>: which threadblock computes "
                                "which tile of C (default: the seed's 4 x 4 tiles, N = 1)");
  sw->add_option("m", sw_m, "tiles along M (default 4)")->check(CLI::Range(1, 4096));
  sw->add_option("n", sw_n, "tiles along N (default 4)")->check(CLI::Range(1, 4096));
  sw->add_option("-N,--swizzle", sw_width, "the swizzle width N, 1..16 (default 1)")->check(CLI::Range(1, 16));
  sw->add_option("-f,--format", sw_format, "ascii: two tables (tile -> block, block -> tile); svg: the same as a picture")
      ->check(CLI::IsMember({"ascii", "svg"}))
      ->capture_default_str();
  sw->add_option("-o,--output", sw_file, "write to FILE instead of standard output");
  sw->add_flag("--xy", sw_xy, "label tiles with the block's (bx,by) instead of its linear id");

  std::string mma_op, mma_atoms = "1x1x1", mma_format = "text", mma_file;
  bool mma_list = false;
  auto* mm = app.add_subcommand("mma", "draw a TiledMMA of an MMA operation by its CuTe name (print, print_latex, print_svg)");
  mm->add_option("op", mma_op, "e.g. SM80_16x8x16_F32BF16BF16F32_TN, SM90_64x128x16_F32BF16BF16_SS<K,K>");
  mm->add_option("--atoms", mma_atoms, "atoms along M x N x K (default 1x1x1)")->capture_default_str();
  mm->add_option("-f,--format", mma_format, "text: print(tiled_mma) and its TV layouts; latex: TikZ; svg")
      ->check(CLI::IsMember({"text", "latex", "svg"}))
      ->capture_default_str();
  mm->add_option("-o,--output", mma_file, "write to FILE instead of standard output");
  mm->add_flag("--list", mma_list, "list the operation names");

  std::string cp_op, cp_type = "half_t", cp_threads = "32x1", cp_values = "1x8", cp_format = "text", cp_file;
  bool cp_list = false;
  auto* cp = app.add_subcommand("copy", "draw make_tiled_copy(Copy_Atom<op, type>, threads, values) by the op's CuTe name");
  cp->add_option("op", cp_op, "e.g. SM75_U32x4_LDSM_N, UniversalCopy<uint128_t>, SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>");
  cp->add_option("--type", cp_type, "the element type (default half_t)")->capture_default_str();
  cp->add_option("--threads", cp_threads, "the thread layout, column-major RxC (default 32x1)")->capture_default_str();
  cp->add_option("--values", cp_values, "the value layout, column-major RxC (default 1x8)")->capture_default_str();
  cp->add_option("-f,--format", cp_format, "text: print(tiled_copy); latex: TikZ; svg")
      ->check(CLI::IsMember({"text", "latex", "svg"}))
      ->capture_default_str();
  cp->add_option("-o,--output", cp_file, "write to FILE instead of standard output");
  cp->add_flag("--list", cp_list, "list the operation names");

  try {
    app.parse(argc, argv);
  } catch (CLI::ParseError const& e) {
    // --help prints and succeeds; every usage error exits 2, as syntax errors do.
    return app.exit(e) == 0 ? 0 : text::kSyntax;
  }
  if (*mm) return tessel::tool::run_mma(mma_op, mma_atoms, mma_format, mma_file, mma_list, std::cout, std::cerr);
  if (*cp)
    return tessel::tool::run_copy(cp_op, cp_type, cp_threads, cp_values, cp_format, cp_file, cp_list, std::cout, std::cerr);
  if (*sw) return tessel::tool::run_swizzle(sw_m, sw_n, sw_width, sw_xy, sw_format, sw_file, std::cout, std::cerr);
  if (*ev) return tessel::tool::run_eval(exprs, std::cout, std::cerr);
  if (*sh) return tessel::tool::run_show(show_expr, format, file, max_cells, std::cout, std::cerr);
  if (*ck) return tessel::tool::run_check(check_expr, quiet, std::cout, std::cerr);
  return 0;
}
