// tools/commands.cpp: argument handling and output of the subcommands; the
// work is the text library's (tessel/text/text.hpp).
#include "commands.hpp"

#include <fstream>
#include <ostream>

#include <tessel/text/text.hpp>

namespace tessel::tool {

namespace {

// Write doc to file (standard output for "" or "-"); kIoError if it cannot be written.
int write_out(std::string const& doc, std::string const& file, std::ostream& out, std::ostream& err,
              char const* who) {
  if (file.empty() || file == "-") {
    out << doc;
    return text::kOk;
  }
  std::ofstream os(file, std::ios::binary);
  os << doc;
  os.close();
  if (!os) {
    err << who << "cannot write " << file << "\n";
    return text::kIoError;
  }
  return text::kOk;
}

}  // namespace

int run_eval(std::vector<std::string> const& exprs, std::ostream& out, std::ostream& err) {
  int status = text::kOk;
  for (auto const& expr : exprs) {
    try {
      out << text::to_text(text::evaluate(expr)) << "\n";
    } catch (text::EvalError const& e) {
      text::report(err, expr, e);
      if (status == text::kOk) status = e.status;
    }
  }
  return status;
}

int run_show(std::string const& expr, std::string const& format, std::string const& file, long long max_cells,
             std::ostream& out, std::ostream& err) {
  text::Format f;
  if (!text::parse_format(format, f)) {
    err << "tessel: unknown format '" << format << "' (table, latex, svg, json, values)\n";
    return text::kSyntax;
  }
  std::string doc;
  try {
    doc = text::render(text::eval_layout(expr), f, max_cells);
  } catch (text::EvalError const& e) {
    text::report(err, expr, e);
    return e.status;
  }
  return write_out(doc, file, out, err, "tessel: ");
}

int run_check(std::string const& expr, bool quiet, std::ostream& out, std::ostream& err) {
  text::CheckReport r = text::check(expr);
  if (!quiet) out << r.trace;
  if (r.status == text::kOk) {
    out << "admissible\n";
  } else {
    if (r.status == text::kInadmissible && !r.trace.empty()) out << "not admissible: " << r.failure << "\n";
    text::report(err, expr, text::EvalError{r.pos, r.failure, r.status});
  }
  return r.status;
}

int run_swizzle(int m, int n, int swz, bool xy, std::string const& format, std::string const& file, std::ostream& out,
                std::ostream& err) {
  std::string doc, error;
  int const status = text::swizzle_drawing(m, n, swz, xy, format, doc, error);
  if (status != text::kOk) {
    err << "tessel swizzle: " << error << "\n";
    return status;
  }
  return write_out(doc, file, out, err, "tessel swizzle: ");
}

namespace {
// The drawing of an MMA (copy) atom, or the list of names: the common part of run_mma and run_copy.
int run_atom(char const* who, bool list, std::vector<std::string> const& names, std::string const& op,
             std::string const& format, std::string const& file, std::ostream& out, std::ostream& err,
             int (*draw)(std::string const&, text::AtomFormat, std::string&, std::string&, void const*), void const* ctx) {
  if (list) {
    for (auto const& n : names) out << n << "\n";
    return text::kOk;
  }
  if (op.empty()) {
    err << who << "an operation name is required (--list names them)\n";
    return text::kSyntax;
  }
  text::AtomFormat f;
  if (!text::parse_atom_format(format, f)) {
    err << who << "unknown format '" << format << "' (text, latex, svg)\n";
    return text::kSyntax;
  }
  std::string doc, error;
  int const status = draw(op, f, doc, error, ctx);
  if (status != text::kOk) {
    err << who << error << "\n";
    return status;
  }
  return write_out(doc, file, out, err, who);
}
struct MmaArgs { std::string const& atoms; };
struct CopyArgs { std::string const &type, &threads, &values; };
}  // namespace

int run_mma(std::string const& op, std::string const& atoms, std::string const& format, std::string const& file, bool list,
            std::ostream& out, std::ostream& err) {
  MmaArgs a{atoms};
  return run_atom("tessel mma: ", list, list ? text::mma_names() : std::vector<std::string>{}, op, format, file, out, err,
                  [](std::string const& o, text::AtomFormat f, std::string& doc, std::string& e, void const* c) {
                    return text::mma_drawing(o, static_cast<MmaArgs const*>(c)->atoms, f, doc, e);
                  }, &a);
}

int run_copy(std::string const& op, std::string const& type, std::string const& threads, std::string const& values,
             std::string const& format, std::string const& file, bool list, std::ostream& out, std::ostream& err) {
  CopyArgs a{type, threads, values};
  return run_atom("tessel copy: ", list, list ? text::copy_names() : std::vector<std::string>{}, op, format, file, out, err,
                  [](std::string const& o, text::AtomFormat f, std::string& doc, std::string& e, void const* c) {
                    auto const* x = static_cast<CopyArgs const*>(c);
                    return text::copy_drawing(o, x->type, x->threads, x->values, f, doc, e);
                  }, &a);
}

}  // namespace tessel::tool
