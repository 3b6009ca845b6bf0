// tessel/text/text.hpp: the text library. Parse, evaluate, draw and explain
// expressions in CuTe notation over the engine. The `tessel` tool (tools/),
// the tests, the fuzz target and any binding use this library; it is built
// from src/text/ as the target tessel::text.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <variant>
#include <vector>

#include <tessel/engine/describe.hpp>
#include <tessel/text/io.hpp>

namespace TESSEL_NAMESPACE::text {

namespace engine = tessel::engine;

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
using Result = std::variant<engine::i64, text::Value>;

// Brackets nest at most this deep (the parser and evaluator recurse on them).
inline constexpr int kMaxNesting = 32;  // deep enough for any layout; keeps the evaluator's recursion well inside the stack (also under ASan)

// Parse text; false and err filled on a syntax error (status 2), or on an
// integer literal that does not fit in 64 bits (status 3, integer overflow).
bool parse(std::string const& text, text::Expr& out, EvalError& err);

// Receives, while an expression is evaluated, every call of the table of
// operations (engine/ops.hpp) with its arguments, then the engine's steps for
// it (engine/trace.hpp). `check` is built on it.
struct Tracer : engine::TraceSink {
  virtual void call(text::Expr const& x, std::vector<text::Value> const& args) = 0;
};

// Evaluate a parsed expression; throws EvalError. With a tracer, the engine
// reports its steps to it.
Result eval(text::Expr const& x, Tracer* tracer = nullptr);

// Parse and evaluate text: what `tessel eval` computes. Throws EvalError.
Result evaluate(std::string const& text);

// Conversions, throwing EvalError with pos for the caret. Layout-like values
// (integers and IntTuples mean the compact column-major layout) are checked:
// shapes >= 1, compact strides within 64 bits.
text::Value as_value(Result const& r);
engine::Layout as_layout(text::Value const& v, std::size_t pos);
engine::Tiler as_tiler(text::Value const& v, std::size_t pos);

// A result in CuTe notation (what `tessel eval` prints).
std::string to_text(Result const& r);

// The error report: message, the expression, a caret under pos.
void report(std::ostream& os, std::string const& text, EvalError const& e);

// Parse and evaluate text to a layout (show's input); throws EvalError.
engine::Layout eval_layout(std::string const& text);

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
inline constexpr engine::i64 kMaxDrawCells = engine::i64(1) << 16;
inline constexpr engine::i64 kMaxLatexCells = engine::i64(1) << 12;  // latex: what pdflatex's default memory compiles
inline constexpr engine::i64 kMaxValues = engine::i64(1) << 22;
// The drawing of l in the given format; throws EvalError (status 3) on
// overflow or when the layout is larger than max_cells (0: the default).
std::string render(engine::Layout const& l, Format f, engine::i64 max_cells = 0);

// ---- check --------------------------------------------------------------------------------------
struct CheckReport {
  bool admissible = true;
  std::string trace;       // the engine's steps in words, for people
  std::string failure;     // the failing condition (empty when admissible)
  std::size_t pos = 0;     // where the failing call starts in the text
  int status = kOk;        // kOk, kSyntax or kInadmissible: eval's status for the same text
};
// Evaluate the expression with the engine reporting its steps, and put them
// into words: every algebra call, each condition the engine tested with its
// numbers, and the verdict (the engine's own).
CheckReport check(std::string const& text);

// ---- the help text, built from the table of operations ------------------------------------------
std::string help_calls();

// ---- the threadblock swizzle drawing (tessel swizzle) --------------------------------------------
// GemmIdentityThreadblockSwizzle<swz> on an m x n grid of tiles, as ASCII
// tables or an SVG (format "ascii" or "svg"); xy labels tiles (bx,by). The
// status (kOk, kSyntax for bad sizes, kInadmissible if the layout form
// disagrees with the formula) and the drawing or the error message.
int swizzle_drawing(int m, int n, int swz, bool xy, std::string const& format, std::string& doc, std::string& error);

// ---- atoms (tessel mma, tessel copy): src/text/atoms_mma.cpp, atoms_copy.cpp ----------------------
// text: print(tiled) and the TV layouts; latex: print_latex's TikZ document; svg: print_svg.
enum class AtomFormat { text, latex, svg };
bool parse_atom_format(std::string const& name, AtomFormat& f);
// The drawing of make_tiled_mma(op, Layout<Shape<M,N,K>>) for atoms "MxNxK"
// (op: an MMA operation's CuTe name; SM90 ops may carry <MajorA,MajorB[,ScaleA,ScaleB]>).
// kOk with doc, or kSyntax with error (unknown name, atom layout not drawn).
int mma_drawing(std::string const& op, std::string const& atoms, AtomFormat f, std::string& doc, std::string& error);
std::vector<std::string> mma_names();
// The drawing of make_tiled_copy(Copy_Atom<op, type>, threads, values) (threads,
// values: column-major "RxC"); kSyntax for unknown names, kInadmissible when
// the atom cannot be tiled so (the library's compile-time error, named).
int copy_drawing(std::string const& op, std::string const& type, std::string const& threads, std::string const& values,
                 AtomFormat f, std::string& doc, std::string& error);
std::vector<std::string> copy_names();

}  // namespace tessel::text
