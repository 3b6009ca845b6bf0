// tessel/text/io.hpp (host only): text for layout values. Parses CuTe notation
// (integers, IntTuples, SHAPE:STRIDE layouts, <..> tilers, `_`, calls f(a,b)
// and evaluations X(c)) and prints values as CuTe prints them with static
// integers.
#pragma once

#include <string>
#include <vector>

#include "../engine/describe.hpp"
#include "../engine/engine.hpp"

namespace TESSEL_NAMESPACE::text {

// The engine's values, read and written here (its functions are found by
// argument-dependent lookup).
using engine::Arith;
using engine::Builder;
using engine::Err;
using engine::Error;
using engine::i64;
using engine::Int;
using engine::kClose;
using engine::kLeaf;
using engine::kOpen;
using engine::kUnderscore;
using engine::known;
using engine::Layout;
using engine::sint;
using engine::Tiler;

// Text of an IntTuple part of a layout (shapes or strides).
inline std::string format_part(Layout const& l, bool strides, bool underscores = true) {
  std::string s;
  int k = 0;
  for (int t = 0; t < l.ntok; ++t) {
    bool sep = t > 0 && l.tok[t - 1] != kOpen && l.tok[t] != kClose;
    if (sep) s += ',';
    if (l.tok[t] == kOpen) s += '(';
    else if (l.tok[t] == kClose) s += ')';
    else {
      Int v = strides ? l.stride[k] : l.shape[k];
      if (underscores && v.is_static) s += '_';
      s += std::to_string(v.v);
      ++k;
    }
  }
  return s;
}
inline std::string format(Layout const& l, bool underscores = true) {
  return format_part(l, false, underscores) + ":" + format_part(l, true, underscores);
}

// An engine error in words with its numbers, the faults of tuple_ops.hpp included.
inline std::string describe_error(Error const& e) {
  if (!is_tuple_fault(e)) return describe(e);
  std::string s = engine::tuple_fault_message(e.c);
  auto n = [](i64 x) { return std::to_string(x); };
  switch (e.c) {
    case engine::kIndexOutOfRange: s += " [index " + n(e.a) + ", " + n(e.b) + (e.b == 1 ? " mode" : " modes") + " there]"; break;
    case engine::kEmptyRange: s += " [begin " + n(e.a) + ", end " + n(e.b) + "]"; break;
    case engine::kRangePastRank: s += " [end " + n(e.a) + ", rank " + n(e.b) + "]"; break;
    case engine::kCoordRank: s += " [" + n(e.a) + " vs " + n(e.b) + "]"; break;
    case engine::kCoordTupleAtInteger: s += " [a tuple of " + n(e.a) + " where the shape has " + n(e.b) + "]"; break;
    case engine::kZeroStride: s += " [shape " + n(e.a) + "]"; break;
    default: break;
  }
  return s;
}

// A parsed value.
struct Value {
  enum Kind { integer, tuple, layout, tiler, underscore } kind = integer;
  Layout lay;  // tuple: shapes in lay.shape, compact col-major strides; layout: itself
  Tiler til;
  i64 i = 0;
};

// A syntax error: position of the first bad character and what was expected.
struct SyntaxError {
  std::size_t pos = 0;
  std::string expected;
};

// A parsed expression: a value, or a call of a named operation. An evaluation
// X(c) (a layout at a coordinate) is a call with an empty name whose first
// argument is X and whose other arguments are the coordinate.
struct Expr {
  bool is_call = false;
  std::string name;  // empty for an evaluation X(c)
  Value value;
  std::vector<Expr> args;
  std::size_t pos = 0;
};

// Calls and evaluations nest at most this deep (the evaluators recurse on them).
inline constexpr int kMaxExprDepth = 128;

class Parser {
 public:
  explicit Parser(std::string text) : s_(std::move(text)) {}

  // Returns false and fills err on a syntax error.
  bool parse(Expr& out, SyntaxError& err) {
    try {
      out = expr();
      ws();
      if (p_ != s_.size()) throw SyntaxError{p_, "end of expression"};
      // Evaluations X(c) wrap X after it is parsed: the depth of the whole tree is checked here.
      std::size_t at = 0;
      if (deeper_than(out, kMaxExprDepth, at)) throw SyntaxError{at, too_deep()};
      return true;
    } catch (SyntaxError const& e) {
      err = e;
      return false;
    }
  }

 private:
  std::string s_;
  std::size_t p_ = 0;
  int depth_ = 0;  // calls and evaluations open around the expression being parsed

  static std::string too_deep() { return "at most " + std::to_string(kMaxExprDepth) + " nested calls and evaluations"; }
  // Whether calls and evaluations nest more than limit deep below x (at: where).
  static bool deeper_than(Expr const& x, int limit, std::size_t& at) {
    if (!x.is_call) return false;
    if (limit <= 0) { at = x.pos; return true; }
    for (auto const& a : x.args)
      if (deeper_than(a, limit - 1, at)) return true;
    return false;
  }

  void ws() { while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\t')) ++p_; }
  char peek() { ws(); return p_ < s_.size() ? s_[p_] : '\0'; }
  void eat(char c) {
    if (peek() != c) throw SyntaxError{p_, std::string("'") + c + "'"};
    ++p_;
  }
  static bool digit(char c) { return c >= '0' && c <= '9'; }
  static bool alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

  i64 integer() {
    ws();
    bool neg = false;
    if (p_ < s_.size() && s_[p_] == '_') ++p_;
    if (p_ < s_.size() && s_[p_] == '-') { neg = true; ++p_; }
    if (p_ >= s_.size() || !digit(s_[p_])) throw SyntaxError{p_, "an integer"};
    i64 v = 0;
    while (p_ < s_.size() && digit(s_[p_])) {
      int d = s_[p_] - '0';
      if (v > (9223372036854775807LL - d) / 10) throw SyntaxError{p_, "an integer that fits in 64 bits"};
      v = v * 10 + d;
      ++p_;
    }
    return neg ? -v : v;
  }

  // An IntTuple into the shapes (or strides) of l.
  void inttuple(Layout& l, bool strides, int& k, Error& e) {
    if (peek() == '(') {
      ++p_;
      if (!strides) l.open(e);
      inttuple(l, strides, k, e);
      while (peek() == ',') { ++p_; inttuple(l, strides, k, e); }
      eat(')');
      if (!strides) l.close(e);
    } else {
      std::size_t at = p_;
      i64 v = integer();
      if (!strides) {
        l.leaf(sint(v), sint(0), e);
      } else {
        if (k >= l.nleaf) throw SyntaxError{at, "a stride congruent to the shape (fewer integers)"};
        l.stride[k++] = sint(v);
      }
    }
    if (e) throw SyntaxError{p_, "a smaller layout (engine capacity exceeded)"};
  }

  // Check that the stride's tuple structure equals the shape's.
  void stride_part(Layout& l, Error& e) {
    std::size_t start = p_;
    Layout st;
    int k = 0;
    inttuple(st, false, k, e);
    if (st.ntok != l.ntok) throw SyntaxError{start, "a stride congruent to the shape"};
    for (int t = 0; t < l.ntok; ++t)
      if (st.tok[t] != l.tok[t]) throw SyntaxError{start, "a stride congruent to the shape"};
    for (int i = 0; i < l.nleaf; ++i) l.stride[i] = st.shape[i];
  }

  Value value() {
    Value v;
    Error e;
    char c = peek();
    if (c == '<') {
      ++p_;
      v.kind = Value::tiler;
      v.til.push(kOpen, e);
      tiler_entry(v.til, e);
      while (peek() == ',') { ++p_; tiler_entry(v.til, e); }
      eat('>');
      v.til.push(kClose, e);
      if (e) throw SyntaxError{p_, "a smaller tiler (engine capacity exceeded)"};
      return v;
    }
    if (c == '_' && (p_ + 1 >= s_.size() || !digit(s_[p_ + 1]))) {
      ++p_;
      v.kind = Value::underscore;
      return v;
    }
    if (c != '(' && c != '_' && c != '-' && !digit(c)) throw SyntaxError{p_, "a value: integer, (tuple), shape:stride or <tiler>"};
    int k = 0;
    inttuple(v.lay, false, k, e);
    if (peek() == ':') {
      ++p_;
      stride_part(v.lay, e);
      v.kind = Value::layout;
    } else {
      v.kind = v.lay.is_tuple() ? Value::tuple : Value::integer;
      v.i = v.lay.shape[0].v;
      set_compact(v.lay);
    }
    return v;
  }

  static void set_compact(Layout& l) {
    Error e;
    Arith ar{&e};
    i64 p = 1;
    for (int i = 0; i < l.nleaf; ++i) {  // a size-1 mode gets stride 0, as CuTe's compact strides
      l.stride[i] = sint(l.shape[i].v == 1 ? 0 : p);
      p = ar.mul(p, l.shape[i].v);
    }
    // (An overflow leaves later strides at 0; operations on the value report it.)
  }

  void tiler_entry(Tiler& t, Error& e) {
    char c = peek();
    if (c == '_' && (p_ + 1 >= s_.size() || !digit(s_[p_ + 1]))) { ++p_; t.push(kUnderscore, e); return; }
    if (c == '<') {  // nested by-mode tiler
      ++p_;
      t.push(kOpen, e);
      tiler_entry(t, e);
      while (peek() == ',') { ++p_; tiler_entry(t, e); }
      eat('>');
      t.push(kClose, e);
      return;
    }
    Value v = value();
    if (v.kind == Value::tiler || v.kind == Value::underscore) throw SyntaxError{p_, "a layout or integer"};
    if (v.kind == Value::integer) t.add_int(v.lay.shape[0], e);  // n:_1, read as CuTe reads an integer
    else t.add(v.lay, e);
  }

  struct Nest {  // counts the calls and evaluations around the current point
    int& d;
    Nest(int& depth, std::size_t at) : d(depth) {
      if (++d > kMaxExprDepth) throw SyntaxError{at, too_deep()};
    }
    ~Nest() { --d; }
    Nest(Nest const&) = delete;
    Nest& operator=(Nest const&) = delete;
  };

  // The argument list of a call or an evaluation, from its '('.
  void arguments(Expr& x) {
    eat('(');
    if (peek() != ')') {
      x.args.push_back(expr());
      while (peek() == ',') { ++p_; x.args.push_back(expr()); }
    }
    eat(')');
  }

  Expr expr() {
    ws();
    std::size_t start = p_;
    Expr x = primary();
    // X(c)(d)...: evaluations of the value of X at coordinates.
    for (int chained = 1; peek() == '('; ++chained) {
      if (chained > kMaxExprDepth) throw SyntaxError{p_, too_deep()};
      Nest n(depth_, p_);
      Expr app;
      app.is_call = true;
      app.pos = start;
      app.args.push_back(std::move(x));
      arguments(app);
      x = std::move(app);
    }
    return x;
  }

  Expr primary() {
    Expr x;
    ws();
    x.pos = p_;
    if (p_ < s_.size() && alpha(s_[p_]) && !(s_[p_] == '_' && p_ + 1 < s_.size() && (digit(s_[p_ + 1]) || s_[p_ + 1] == '-'))) {
      std::size_t b = p_;
      while (p_ < s_.size() && (alpha(s_[p_]) || digit(s_[p_]))) ++p_;
      std::string name = s_.substr(b, p_ - b);
      if (name == "_") { x.value.kind = Value::underscore; return x; }
      x.is_call = true;
      x.name = name;
      Nest n(depth_, b);
      arguments(x);
      return x;
    }
    x.value = value();
    return x;
  }
};

}  // namespace tessel::text
