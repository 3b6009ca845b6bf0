// tools/check.cpp: `tessel check`: explain, step by step, why each algebra
// call of an expression is admissible or not.
//
// The conditions (../shared/spec/admissibility.md) are re-derived here from
// the engine's public pieces (coalesce_modes, filter, compose_by_values,
// left_inverse_search, ...), and the engine then computes the value. The
// re-derived verdict must equal the engine's: tests/cli/test_check.cpp
// asserts it on every conformance case and on random small cases, and a
// disagreement is reported in the output.
#include <algorithm>
#include <ostream>
#include <sstream>

#include "cli.hpp"

namespace tessel::cli {

namespace {

using rt::i64;

std::string fmt(rt::Layout const& l) { return rt::format(l, false); }
std::string fmt(rt::Modes const& m) {
  rt::Error e;
  return fmt(rt::from_modes(m, e));
}
std::string str(i64 v) { return std::to_string(v); }

std::string fmt_tiler(rt::Tiler const& t, int b) {
  if (t.tok[b] == rt::kUnderscore) return "_";
  if (t.tok[b] != rt::kOpen) return fmt(t.ent[t.tok[b]]);
  std::string s = "<";
  int e = rt::tiler_end(t, b);
  for (int c = b + 1; c < e - 1; c = rt::tiler_end(t, c)) s += (c > b + 1 ? "," : "") + fmt_tiler(t, c);
  return s + ">";
}
std::string fmt_value(rt::Value const& v) {
  switch (v.kind) {
    case rt::Value::tiler: return fmt_tiler(v.til, 0);
    case rt::Value::underscore: return "_";
    case rt::Value::integer: return str(v.i);
    case rt::Value::tuple: return rt::format_part(v.lay, false, false);
    default: return fmt(v.lay);
  }
}

// Stops the walk over the expression at the first inadmissible call.
struct Stop {};

class Tracer {
 public:
  std::ostringstream out;
  bool ok = true;
  std::string failure;
  bool disagreement = false;
  int depth = 1;

  void line(std::string const& s) { out << std::string(2 * depth, ' ') << s << "\n"; }
  // A failing condition: the first one is the verdict.
  bool fail(std::string const& why) {
    line("=> FAILS: " + why);
    if (ok) failure = why;
    ok = false;
    return false;
  }
  bool fail(rt::Error const& e) { return fail(rt::describe(e)); }

  struct Indent {
    Tracer& t;
    explicit Indent(Tracer& x) : t(x) { ++t.depth; }
    ~Indent() { --t.depth; }
  };

  // Every shape >= 1 (inputs are checked; this guards the intermediate values).
  bool positive(rt::Layout const& l) {
    for (int k = 0; k < l.nleaf; ++k)
      if (l.shape[k].v < 1) return fail(rt::Error{rt::Err::shape_not_positive, l.shape[k].v, 0, 0});
    return true;
  }

  // ---- composition ----------------------------------------------------------------------------
  // One leaf N:r of B over A's coalesced modes a (the engine's compose_leaf).
  bool compose_leaf(rt::Modes const& a, rt::Int N, rt::Int r, bool& used_values) {
    if (r.v == 0) {
      line("stride 0: the leaf is " + str(N.v) + ":0 (no condition)");
      return true;
    }
    if (a.n <= 1) {
      rt::Error ov;
      i64 d = rt::Arith{&ov}.mul(r.v, a.n ? a.d[0].v : 0);
      if (ov) return fail(ov);
      line("A has a single (unbounded) mode: the leaf is " + str(N.v) + ":" + str(d) + " (no condition)");
      return true;
    }
    i64 c = rt::iabs(r.v), q = N.v, p = 1;
    rt::Error cond;  // the first failing divisibility, as the engine reports it
    rt::Error ov;
    rt::Arith ar{&ov};
    bool stopped = false;  // the stride stopped inside a mode: later modes are taken whole (c = 1)
    for (int i = 0; i + 1 < a.n && !cond; ++i) {
      i64 M = a.s[i].v;
      std::string at = "mode " + str(i) + " of A (" + str(M) + ":" + str(a.d[i].v) + "): ";
      i64 F = M;
      if (stopped) {
        // c == 1: the stride condition holds trivially; only the shape matters.
      } else if (c % M == 0) {
        line(at + "p = " + str(p) + ", c = |r|/p = " + str(c) + " >= " + str(M) + " and " + str(M) + " | c holds: the stride passes over this mode");
        p = ar.mul(p, M);
        c /= M;
        continue;
      } else if (c < M && M % c == 0) {
        line(at + "p = " + str(p) + ", c = |r|/p = " + str(c) + " < " + str(M) + ": the stride stops inside this mode; c | " + str(M) + " holds");
        F = M / c;
        c = 1;
        stopped = true;
        at = "  ";
      } else {
        line(at + "p = " + str(p) + ", c = |r|/p = " + str(c) + ": " +
             (c < M ? "c < " + str(M) + " and c | " + str(M) + " fails" : str(M) + " | c fails (p*" + str(M) + " does not divide r)"));
        cond = {rt::Err::stride_divisibility, c, M, i};
        break;
      }
      if (q == 1) {
        line(at + "N is used up: A's further modes are not reached");
        break;
      }
      if (q < F) {
        line(at + "shape: the rest q = " + str(q) + " < " + str(F) + " fits inside (accept)");
        q = 1;
      } else if (q % F == 0) {
        line(at + "shape: q = " + str(q) + ", " + str(F) + " | q holds; q = " + str(q / F));
        q /= F;
      } else {
        line(at + "shape: q = " + str(q) + " >= " + str(F) + " and " + str(F) + " | q fails");
        cond = {rt::Err::shape_divisibility, q, F, i};
      }
    }
    if (ov) return fail(ov);
    if (!cond) {
      if (q > 1) line("last mode of A (" + str(a.s[a.n - 1].v) + ":" + str(a.d[a.n - 1].v) + ") is unbounded: it takes the rest q = " + str(q) + " (accept)");
      return true;
    }
    // The engine's fallback: the function j -> A(j*r) may still be a layout.
    rt::Ctx cx;
    rt::Layout found;
    if (N.v > rt::kFallbackMax) {
      line("j -> A(j*" + str(r.v) + ") for j < " + str(N.v) + " is too long to test for a layout (> " + str(rt::kFallbackMax) + " values)");
    } else if (rt::compose_by_values(a, N, r, found, cx) && !cx.err) {
      line("but j -> A(j*" + str(r.v) + "), j < " + str(N.v) + ", is still a layout (found from its values): " + fmt(found) + " (accept)");
      used_values = true;
      return true;
    } else {
      line("and j -> A(j*" + str(r.v) + "), j < " + str(N.v) + ", is not a layout either (tested from its values)");
    }
    return fail(cond);
  }

  bool composition(rt::Layout const& A, rt::Layout const& B) {
    if (!positive(A) || !positive(B)) return false;
    rt::Ctx cx;
    rt::Modes a = rt::coalesce_modes(rt::flat_modes(A), cx);
    if (cx.err) return fail(cx.err);
    line("A o B with A = " + fmt(A) + ", B = " + fmt(B));
    Indent in(*this);
    line("A coalesced: " + fmt(a) + (a.n >= 2 ? "; strides walk over modes 0.." + str(a.n - 2) + ", the last mode is unbounded" : ""));
    bool all = true, used_values = false;
    for (int k = 0; k < B.nleaf; ++k) {
      line("leaf " + str(k) + " of B: N:r = " + str(B.shape[k].v) + ":" + str(B.stride[k].v));
      Indent in2(*this);
      if (!compose_leaf(a, B.shape[k], B.stride[k], used_values)) { all = false; break; }
    }
    if (!all) return false;
    if (B.nleaf < 2 || a.n < 2) return true;
    return disjoint(a, B, used_values);
  }

  // The leaves' intervals [r, r(N-1)], cut to [1, P), P = M0*...*M(a-1), must
  // not overlap; else R(i) == A(B(i)) is tested for every i (the engine's rule).
  bool disjoint(rt::Modes const& a, rt::Layout const& B, bool used_values) {
    rt::Error ov;
    rt::Arith ar{&ov};
    i64 P = 1;
    for (int i = 0; i + 1 < a.n; ++i) P = ar.mul(P, a.s[i].v);
    if (ov) return fail(ov);
    line("disjointness of B's leaves: intervals [|r|, |r|(N-1)] cut to [1, " + str(P) + ")");
    Indent in(*this);
    struct Iv { i64 lo, hi; bool empty; };
    std::vector<Iv> iv;
    for (int x = 0; x < B.nleaf; ++x) {
      i64 lo = rt::iabs(B.stride[x].v), hi = ar.mul(lo, B.shape[x].v - 1);
      if (ov) return fail(ov);
      bool empty = lo == 0 || hi == 0;
      if (!empty && hi > P - 1) hi = P - 1;
      empty = empty || lo > hi;
      iv.push_back({lo, hi, empty});
      line("leaf " + str(x) + ": " + (lo == 0 || B.shape[x].v == 1 ? "empty (stride 0 or size 1)"
                                       : empty ? "[" + str(lo) + ", ...] starts beyond " + str(P - 1) + ": nothing inside"
                                               : "[" + str(lo) + ", " + str(hi) + "]"));
    }
    bool dis = true;
    for (int x = 0; x < B.nleaf; ++x)
      for (int y = x + 1; y < B.nleaf; ++y)
        if (!iv[x].empty && !iv[y].empty && !(iv[x].hi < iv[y].lo || iv[y].hi < iv[x].lo)) {
          if (dis) line("leaves " + str(x) + " and " + str(y) + " overlap");
          dis = false;
        }
    if (dis && !used_values) {
      line("pairwise disjoint: holds");
      return true;
    }
    if (dis) line("a leaf was admitted from its values: the result is tested point by point");
    // Point by point: R(i) == A(B(i)) for every i < size(B).
    rt::Ctx cx;
    rt::Layout R;
    rt::compose_tree(a, B, R, cx);
    i64 n = rt::size(B, cx.err);
    rt::Layout al = rt::from_modes(a, cx.err);
    if (cx.err) return fail(cx.err);
    if (n <= (i64(1) << 20)) {
      i64 bad = -1;
      for (i64 i = 0; i < n && bad < 0; ++i)
        if (rt::eval(R, i, cx.err) != rt::eval(al, rt::eval(B, i, cx.err), cx.err)) bad = i;
      if (cx.err) return fail(cx.err);
      if (bad < 0) {
        line("but R = " + fmt(R) + " satisfies R(i) == A(B(i)) for all " + str(n) + " coordinates (accept)");
        return true;
      }
      line("R = " + fmt(R) + " differs from A(B(i)) at i = " + str(bad) + " (B(i) = " + str(rt::eval(B, bad, cx.err)) + ")");
    } else {
      line("size(B) = " + str(n) + " is too large to test point by point");
    }
    return fail(rt::Error{rt::Err::not_distributive, B.nleaf, P, 0});
  }

  // ---- complement -------------------------------------------------------------------------------
  bool complement(rt::Layout const& A, rt::Int M) {
    if (!positive(A)) return false;
    rt::Ctx cx;
    rt::Modes f = rt::flat_modes(rt::filter(A, cx));
    if (cx.err) return fail(cx.err);
    line("complement(A, M) with A = " + fmt(A) + ", M = " + str(M.v));
    Indent in(*this);
    line("A filtered (stride-0 and size-1 modes dropped, coalesced): " + fmt(f));
    if (f.n == 1 && f.d[0].v == 0) {
      line("nothing moves: the complement is M:1 (no condition)");
      return true;
    }
    for (int k = 0; k < f.n; ++k)
      if (f.d[k].v < 0) {
        line("mode " + str(k) + " has the negative stride " + str(f.d[k].v));
        return fail(rt::Error{rt::Err::negative_stride, f.d[k].v, 0, 0});
      }
    std::vector<int> idx(f.n);
    for (int k = 0; k < f.n; ++k) idx[k] = k;
    std::stable_sort(idx.begin(), idx.end(), [&](int x, int y) { return f.d[x].v < f.d[y].v; });
    rt::Modes s;
    for (int k : idx) s.push(f.s[k], f.d[k], cx.err);
    line("sorted by stride: " + fmt(s) + "; each stride must be a multiple of the previous shape*stride (start: 1)");
    rt::Error ov;
    rt::Arith ar{&ov};
    i64 cur = 1;
    for (int k = 0; k < s.n; ++k) {
      i64 d = s.d[k].v;
      std::string at = "mode " + str(k) + " (" + str(s.s[k].v) + ":" + str(d) + "): ";
      if (d < cur) {
        line(at + "stride " + str(d) + " < " + str(cur) + ", inside the span already covered");
        return fail(rt::Error{rt::Err::not_injective, d, cur, k});
      }
      if (d % cur != 0) {
        line(at + str(cur) + " | " + str(d) + " fails");
        return fail(rt::Error{rt::Err::complement_chain, d, cur, k});
      }
      i64 next = ar.mul(d, s.s[k].v);
      if (ov) return fail(ov);
      line(at + str(cur) + " | " + str(d) + " holds: a hole of " + str(d / cur) + " below it; covered up to " + str(next));
      cur = next;
    }
    line("the last mode repeats the whole up to M: ceil(" + str(M.v) + "/" + str(cur) + ") = " + str(M.v / cur + (M.v % cur != 0)));
    return true;
  }

  // ---- left_inverse -----------------------------------------------------------------------------
  bool left_inverse(rt::Layout const& L) {
    if (!positive(L)) return false;
    rt::Ctx cx;
    rt::Modes c = rt::coalesce_modes(rt::flat_modes(L), cx);
    if (c.n == 0) c.push(rt::sint(1), rt::sint(0), cx.err);
    if (cx.err) return fail(cx.err);
    line("left_inverse(L) with L = " + fmt(L));
    Indent in(*this);
    line("L coalesced: " + fmt(c) + "; sorted by stride, each nonzero stride must be a multiple of the size covered so far (start: 1)");
    std::vector<int> idx(c.n);
    for (int k = 0; k < c.n; ++k) idx[k] = k;
    std::stable_sort(idx.begin(), idx.end(), [&](int x, int y) { return c.d[x].v < c.d[y].v; });
    rt::Error ov;
    rt::Arith ar{&ov};
    i64 covered = 1;
    for (int k : idx) {
      i64 d = c.d[k].v;
      std::string at = "mode " + str(k) + " (" + str(c.s[k].v) + ":" + str(d) + "): ";
      if (d == 0) {
        line(at + "stride 0, skipped");
        continue;
      }
      if (d % covered != 0) {
        line(at + str(covered) + " | " + str(d) + " fails");
        rt::Ctx sx;
        rt::Layout found;
        if (rt::left_inverse_search(L, found, sx) && !sx.err) {
          line("but a left inverse of two or three modes exists (bounded search): " + fmt(found) + " (accept)");
          return true;
        }
        line("and the bounded search finds no left inverse of two or three modes");
        return fail(rt::Error{rt::Err::left_inverse_divisibility, d, covered, k});
      }
      i64 before = covered;
      covered = ar.mul(covered, d / covered);
      if (ov) return fail(ov);
      line(at + str(before) + " | " + str(d) + " holds; covered = " + str(covered));
    }
    return true;
  }

  // ---- by-mode tilers: composition, logical divide, logical product ---------------------------
  enum class Op { composition, divide, product };

  bool entry(Op op, rt::Layout const& A, rt::Layout const& B) {
    if (op == Op::composition) return composition(A, B);
    rt::Ctx cx;
    if (op == Op::divide) {
      i64 n = rt::size(A, cx.err);
      if (cx.err) return fail(cx.err);
      line("A / B = A o (B, complement(B, size(A))) with A = " + fmt(A) + ", B = " + fmt(B) + ", size(A) = " + str(n));
      Indent in(*this);
      if (!complement(B, rt::sint(n))) return false;
      rt::Layout c = rt::complement(B, rt::sint(n), cx);
      if (cx.err) return engine_disagrees(cx.err);
      rt::Layout bb = rt::Builder(cx.err).add(B).add(c).done();
      if (cx.err) return fail(cx.err);
      return composition(A, bb);
    }
    rt::Int m = cx.ar().mul(rt::size_int(A, cx.err), rt::cosize_int(B, cx.err));
    if (cx.err) return fail(cx.err);
    line("A x B = (A, complement(A, size(A)*cosize(B)) o B) with A = " + fmt(A) + ", B = " + fmt(B) + ", size(A)*cosize(B) = " + str(m.v));
    Indent in(*this);
    return complement_then_compose(A, B, m);
  }

  bool complement_then_compose(rt::Layout const& A, rt::Layout const& B, rt::Int m) {
    if (!complement(A, m)) return false;
    rt::Ctx cx;
    rt::Layout c = rt::complement(A, m, cx);
    if (cx.err) return engine_disagrees(cx.err);
    return composition(c, B);
  }

  bool tiler(Op op, rt::Layout const& A, rt::Tiler const& T, int b) {
    if (T.tok[b] == rt::kUnderscore) {
      line("_: the mode is kept");
      return true;
    }
    if (T.tok[b] != rt::kOpen) return entry(op, A, T.ent[T.tok[b]]);
    int e = rt::tiler_end(T, b), m = 0;
    for (int t = b + 1; t < e - 1; t = rt::tiler_end(T, t)) ++m;
    int r = rt::rank(A);
    line("by-mode tiler " + fmt_tiler(T, b) + " over A = " + fmt(A) + ": mode i of A with entry i");
    Indent in(*this);
    if (m > r) {
      line("the tiler has " + str(m) + " modes, A has rank " + str(r));
      return fail(rt::Error{rt::Err::rank_mismatch, m, r, 0});
    }
    rt::Error err;
    int i = 0;
    for (int t = b + 1; t < e - 1; t = rt::tiler_end(T, t), ++i) {
      line("mode " + str(i) + ":");
      Indent in2(*this);
      if (!tiler(op, rt::mode(A, i, err), T, t)) return false;
    }
    return true;
  }

  bool product2(rt::Layout const& A0, rt::Layout const& B0) {  // blocked_product, raked_product
    rt::Ctx cx;
    int R = std::max(rt::rank(A0), rt::rank(B0));
    rt::Layout A = rt::pad_rank(A0, R, cx), B = rt::pad_rank(B0, R, cx);
    rt::Int m = cx.ar().mul(rt::size_int(A, cx.err), rt::cosize_int(B, cx.err));
    if (cx.err) return fail(cx.err);
    line("needs complement(A, size(A)*cosize(B)) o B with A = " + fmt(A) + ", B = " + fmt(B) + " (padded to rank " + str(R) + "), size(A)*cosize(B) = " + str(m.v));
    Indent in(*this);
    return complement_then_compose(A, B, m);
  }

  // The engine failed a step the trace admitted: a bug in one of them.
  bool engine_disagrees(rt::Error const& e) {
    disagreement = disagreement || (e.code != rt::Err::overflow && e.code != rt::Err::too_large);
    line("(the engine disagrees: " + rt::describe(e) + ")");
    return fail(e);
  }
};

// "f: condition", as eval words an engine error.
std::string named(std::string const& f, std::string const& why) {
  return why.rfind(f + ":", 0) == 0 ? why : f + ": " + why;
}

rt::Expr literal(Result const& r, std::size_t pos) {
  rt::Expr e;
  e.value = as_value(r);
  e.pos = pos;
  return e;
}

// Check the call x (arguments first, depth first), then compute it with the
// engine. Throws Stop at the first inadmissible call.
Result walk(rt::Expr const& x, Tracer& t, CheckReport& rep) {
  if (!x.is_call) return x.value;
  rt::Expr y = x;  // the call on literal argument values, for the engine
  std::vector<rt::Value> args;
  for (std::size_t i = 0; i < x.args.size(); ++i) {
    Result r = walk(x.args[i], t, rep);
    args.push_back(as_value(r));
    y.args[i] = literal(r, x.args[i].pos);
  }
  std::string const& f = x.name;
  // A call f(a, b), or an evaluation X(c) (an empty name, X the first argument).
  std::string head = f.empty() && !args.empty() ? fmt_value(args[0]) + "(" : f + "(";
  for (std::size_t i = f.empty() ? 1 : 0; i < args.size(); ++i) head += (i > (f.empty() ? 1u : 0u) ? ", " : "") + fmt_value(args[i]);
  t.out << head << ")\n";

  using Op = Tracer::Op;
  auto L = [&](std::size_t i) { return as_layout(args.at(i), x.args[i].pos); };
  auto T = [&] { return as_tiler(args.at(1), x.args[1].pos); };
  bool traced = true, verdict = true;
  bool two = args.size() == 2, one = args.size() == 1;
  if (f == "composition" && two) verdict = t.tiler(Op::composition, L(0), T(), 0);
  else if ((f == "logical_divide" || f == "zipped_divide" || f == "tiled_divide" || f == "flat_divide") && two)
    verdict = t.tiler(Op::divide, L(0), T(), 0);
  else if ((f == "logical_product" || f == "zipped_product" || f == "tiled_product" || f == "flat_product") && two)
    verdict = t.tiler(Op::product, L(0), T(), 0);
  else if ((f == "blocked_product" || f == "raked_product") && two) verdict = t.product2(L(0), L(1));
  else if (f == "complement" && (one || two)) {
    rt::Ctx cx;
    rt::Layout A = L(0);
    rt::Int M = two ? rt::sint(rt::size(L(1), cx.err)) : rt::cosize_int(rt::filter(A, cx), cx.err);
    if (cx.err) verdict = t.fail(cx.err);
    else {
      if (one) t.line("M = cosize(filter(A)) = " + str(M.v));
      verdict = t.complement(A, M);
    }
  } else if (f == "left_inverse" && one) verdict = t.left_inverse(L(0));
  else if ((f == "max_common_layout" || f == "max_common_vector") && two) {
    rt::Ctx cx;
    rt::Layout inv = rt::right_inverse(L(1), cx);
    if (cx.err) verdict = t.fail(cx.err);
    else {
      t.line("needs A o right_inverse(B), right_inverse(B) = " + fmt(inv));
      verdict = t.composition(L(0), inv);
    }
  } else traced = false;

  // The engine computes the value (and has the last word on overflow).
  Result value;
  bool engine_ok = true;
  std::string engine_msg;
  try {
    value = eval(y);
  } catch (EvalError const& e) {
    if (e.status != kInadmissible) throw;
    engine_ok = false;
    engine_msg = e.what;
  }
  if (traced && verdict != engine_ok) {
    // A failure the trace does not model (overflow, capacity) is not a disagreement.
    bool modelled = engine_ok || (engine_msg.find("integer overflow") == std::string::npos &&
                                  engine_msg.find("too large") == std::string::npos &&
                                  engine_msg.find("zip2_by") == std::string::npos);
    if (modelled) {
      rep.disagreement = t.disagreement = true;
      t.line("(the engine disagrees: " + (engine_ok ? "it computes " + to_text(value) : engine_msg) + ")");
    }
  }
  if (!traced && engine_ok) t.line("no admissibility condition");
  if (!engine_ok || !verdict) {
    if (t.ok) t.fail(engine_msg);
    rep.pos = x.pos;
    rep.failure = engine_ok ? named(f, t.failure) : engine_msg;
    throw Stop{};
  }
  t.line("= " + to_text(value));
  return value;
}

}  // namespace

CheckReport check(std::string const& text) {
  CheckReport rep;
  rt::Expr x;
  EvalError pe;
  if (!parse(text, x, pe)) {
    rep.admissible = false;
    rep.status = pe.status;
    rep.failure = pe.what;
    rep.pos = pe.pos;
    return rep;
  }
  // Usage errors (unknown function, argument count) are reported as eval
  // reports them, before any trace: eval checks them before the arguments.
  EvalError eval_error;
  bool eval_failed = false;
  try {
    (void)eval(x);
  } catch (EvalError const& e) {
    if (e.status != kInadmissible) {
      rep.admissible = false;
      rep.status = e.status;
      rep.failure = e.what;
      rep.pos = e.pos;
      return rep;
    }
    eval_failed = true;
    eval_error = e;
  }
  Tracer t;
  try {
    Result r = walk(x, t, rep);
    if (!x.is_call) t.out << to_text(r) << ": a value, nothing to check\n";
  } catch (Stop const&) {
    rep.admissible = false;
    rep.status = kInadmissible;
  } catch (EvalError const& e) {
    rep.admissible = false;
    rep.status = e.status;
    rep.failure = e.what;
    rep.pos = e.pos;
  }
  // eval stops at the first failing argument; the walk may meet another
  // argument's error first. The status is eval's, as `tessel eval` reports it.
  if (eval_failed && rep.status != kInadmissible) {
    rep.admissible = false;
    rep.status = kInadmissible;
    rep.failure = eval_error.what;
    rep.pos = eval_error.pos;
  }
  rep.trace = t.out.str();
  rep.disagreement = rep.disagreement || t.disagreement;
  return rep;
}

int run_check(std::string const& text, bool quiet, std::ostream& out, std::ostream& err) {
  CheckReport r = check(text);
  if (!quiet) out << r.trace;
  if (r.status == kOk) {
    out << "admissible\n";
  } else {
    if (r.status == kInadmissible && !r.trace.empty()) out << "not admissible: " << r.failure << "\n";
    report(err, text, EvalError{r.pos, r.failure, r.status});
  }
  if (r.disagreement) err << "tessel: internal error: the step-by-step check and the engine disagree; please report this expression\n";
  return r.status;
}

}  // namespace tessel::cli
