// tools/cli.hpp: the pieces of the `tessel` tool, shared by its subcommands
// (eval.cpp, show.cpp, check.cpp), the CLI tests and the fuzz target.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <variant>
#include <vector>

#include <tessel/rt/describe.hpp>
#include <tessel/rt/io.hpp>

namespace tessel::cli {

namespace rt = tessel::rt;

// Exit status of every subcommand.
enum Status : int {
  kOk = 0,
  kIoError = 1,        // cannot write the output file
  kSyntax = 2,         // syntax error, unknown function, wrong arguments
  kInadmissible = 3,   // an operation's condition fails, integer overflow, too large
};

// An error while parsing or evaluating: where (a position in the expression
// text, for the caret), what, and the exit status.
struct EvalError {
  std::size_t pos = 0;
  std::string what;
  int status = kSyntax;
};

// The value of an expression: an integer (size, rank, ...) or a parsed/computed value.
using Result = std::variant<rt::i64, rt::Value>;

// Brackets nest at most this deep (the parser and evaluator recurse on them).
inline constexpr int kMaxNesting = 32;  // deep enough for any layout; keeps the evaluator's recursion well inside the stack (also under ASan)

// Parse text; false and err filled on a syntax error (status 2), or on an
// integer literal that does not fit in 64 bits (status 3, integer overflow).
bool parse(std::string const& text, rt::Expr& out, EvalError& err);

// Evaluate a parsed expression; throws EvalError.
Result eval(rt::Expr const& x);

// Conversions, throwing EvalError with pos for the caret. Layout-like values
// (integers and IntTuples mean the compact column-major layout) are checked:
// shapes >= 1, compact strides within 64 bits.
rt::Value as_value(Result const& r);
rt::Layout as_layout(rt::Value const& v, std::size_t pos);
rt::Tiler as_tiler(rt::Value const& v, std::size_t pos);

// A result in CuTe notation (what `tessel eval` prints).
std::string to_text(Result const& r);

// The error report: message, the expression, a caret under pos.
void report(std::ostream& os, std::string const& text, EvalError const& e);

// Parse and evaluate text to a layout (show's input); throws EvalError.
rt::Layout eval_layout(std::string const& text);

// ---- colours (show.cpp; used by show and swizzle) ------------------------------------------------
struct Rgb {
  int r, g, b;
};
Rgb ramp(double t);                       // viridis, t in [0, 1]
bool light(Rgb c);                        // dark text reads on it
std::string hex(Rgb c);                   // "#rrggbb"
std::string xml_escape(std::string const& s);

// ---- show ---------------------------------------------------------------------------------------
enum class Format { table, latex, svg, json, values };
bool parse_format(std::string const& name, Format& f);
// Default cap on rows*cols for table/latex/svg; for json/values on size.
inline constexpr rt::i64 kMaxDrawCells = rt::i64(1) << 16;
inline constexpr rt::i64 kMaxLatexCells = rt::i64(1) << 12;  // latex: what pdflatex's default memory compiles
inline constexpr rt::i64 kMaxValues = rt::i64(1) << 22;
// The drawing of l in the given format; throws EvalError (status 3) on
// overflow or when the layout is larger than max_cells (0: the default).
std::string render(rt::Layout const& l, Format f, rt::i64 max_cells = 0);

// ---- check --------------------------------------------------------------------------------------
struct CheckReport {
  bool admissible = true;
  std::string trace;       // step by step, for people
  std::string failure;     // the failing condition (empty when admissible)
  std::size_t pos = 0;     // where the failing call starts in the text
  int status = kOk;        // kOk, kSyntax or kInadmissible
  bool disagreement = false;  // the re-derived verdict differs from the engine's (a bug)
};
// Explain the admissibility of every algebra call of the expression.
CheckReport check(std::string const& text);

// ---- subcommands (print to the streams; return the exit status) ---------------------------------
int run_eval(std::vector<std::string> const& exprs, std::ostream& out, std::ostream& err);
int run_show(std::string const& expr, std::string const& format, std::string const& file,
             rt::i64 max_cells, std::ostream& out, std::ostream& err);
int run_check(std::string const& expr, bool quiet, std::ostream& out, std::ostream& err);
// tessel swizzle: GemmIdentityThreadblockSwizzle<swz> on an m x n grid of tiles,
// as ASCII tables or an SVG (format "ascii" or "svg"); xy labels tiles (bx,by).
int run_swizzle(int m, int n, int swz, bool xy, std::string const& format, std::string const& file, std::ostream& out,
                std::ostream& err);

}  // namespace tessel::cli
