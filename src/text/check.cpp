// src/text/check.cpp: `tessel check`: the engine's steps, in words.
//
// The expression is evaluated once, with a Tracer as the engine's trace sink
// (engine/trace.hpp). Every line below describes a step the engine reported,
// with the numbers it tested; nothing here tests a condition. The verdict and
// the exit status are those of the evaluation, so check and eval cannot
// disagree.
#include <sstream>

#include <tessel/text/text.hpp>

namespace tessel::text {

namespace {

using engine::Event;
using engine::i64;
using engine::Step;

std::string str(i64 v) { return std::to_string(v); }
std::string fmt(engine::Layout const* l) { return l ? text::format(*l, false) : std::string("?"); }

std::string fmt_tiler(engine::Tiler const& t, int b) {
  if (t.tok[b] == engine::kUnderscore) return "_";
  if (t.tok[b] != engine::kOpen) return text::format(t.ent[t.tok[b]], false);
  std::string s = "<";
  int e = engine::tiler_end(t, b);
  for (int c = b + 1; c < e - 1; c = engine::tiler_end(t, c)) s += (c > b + 1 ? "," : "") + fmt_tiler(t, c);
  return s + ">";
}
std::string fmt_value(text::Value const& v) {
  switch (v.kind) {
    case text::Value::tiler: return fmt_tiler(v.til, 0);
    case text::Value::underscore: return "_";
    case text::Value::integer: return str(v.i);
    case text::Value::tuple: return text::format_part(v.lay, false, false);
    default: return text::format(v.lay, false);
  }
}

class Explainer final : public Tracer {
 public:
  std::ostringstream out;

  void call(text::Expr const& x, std::vector<text::Value> const& args) override {
    depth_ = 1;
    std::string s = x.name + "(";
    for (std::size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + fmt_value(args[i]);
    line(s + ")");
    base_ = depth_ = 2;
    inner_.clear();
  }

  void on(Event const& e) override {
    switch (e.step) {
      case Step::op_begin: {
        depth_ = inner_.empty() ? base_ : inner_.back() + 1;
        switch (engine::Core(e.a)) {
          case engine::Core::composition: line("A o B with A = " + fmt(e.l0) + ", B = " + fmt(e.l1)); break;
          case engine::Core::complement: line("complement of A = " + fmt(e.l0) + " up to M = " + str(e.b)); break;
          case engine::Core::right_inverse: line("right_inverse of " + fmt(e.l0)); break;
          case engine::Core::left_inverse: line("left_inverse of " + fmt(e.l0)); break;
        }
        inner_.push_back(++depth_);
        break;
      }
      case Step::op_end:
        if (!inner_.empty()) {
          depth_ = inner_.back();
          inner_.pop_back();
        }
        line(e.l0 ? "= " + fmt(e.l0) : std::string("=> fails"));
        break;
      case Step::comp_coalesced:
        if (e.a >= 2)
          line("A coalesced: " + fmt(e.l0) + "; strides walk over modes 0.." + str(e.a - 2) + ", the last mode is unbounded");
        else
          line("A coalesced: " + fmt(e.l0) + " (at most one mode: no condition on B's leaves)");
        break;
      case Step::comp_leaf:
        depth_ = leaf_depth();
        line("leaf " + str(e.c) + " of B: N:r = " + str(e.a) + ":" + str(e.b));
        ++depth_;
        break;
      case Step::comp_zero_stride: line("stride 0: the leaf is " + str(e.a) + ":0 (no condition)"); break;
      case Step::comp_one_mode:
        line("A has a single (unbounded) mode: the leaf is " + str(e.a) + ":" + str(e.b) + " (no condition)");
        break;
      case Step::comp_stride: {
        i64 const M = e.b, c = e.c;
        std::string at = "mode " + str(e.a) + " of A (" + str(M) + ":" + str(e.e) + "): c = " + str(c);
        if (e.d && c % M == 0)
          line(at + ", " + str(M) + " | c holds: the stride passes over this mode");
        else if (e.d)
          line(at + " < " + str(M) + " and c | " + str(M) + " holds: the stride stops inside this mode");
        else
          fails(at + (c < M ? " < " + str(M) + " and c | " + str(M) + " fails" : ": " + str(M) + " | c fails"),
                "stride divisibility");
        break;
      }
      case Step::comp_shape: {
        std::string s = "  shape: the rest of N is q = " + str(e.b) + ", this mode takes " + str(e.c);
        if (e.b == e.c) line(s + " (all of it)");
        else if (e.d) line(s + "; " + str(e.c) + " | q holds, q = " + str(e.b / e.c));
        else fails(s + "; " + str(e.c) + " | q fails", "shape divisibility");
        break;
      }
      case Step::comp_used_up: line("mode " + str(e.a) + " of A: N is used up"); break;
      case Step::comp_last:
        line("the last mode of A (unbounded) takes the rest " + str(e.a) + " with stride " + str(e.b));
        break;
      case Step::comp_by_values:
        if (e.a) line("but j -> A(j*r) is still a layout, found from its values: " + fmt(e.l0) + " (accept)");
        else line("and j -> A(j*r) is not a layout either (searched by values)");
        break;
      case Step::comp_carry_skip:
        depth_ = leaf_depth();
        line(e.a == 1 ? "disjointness: a leaf of B has a negative stride: checked point by point"
                      : "disjointness: a leaf was found from values: checked point by point");
        break;
      case Step::comp_carry:
        depth_ = leaf_depth();
        line("disjointness at mode " + str(e.a) + " of A: the leaves' largest digits there add to " + str(e.b) +
             (e.d ? " < " + str(e.c) + ": no carry" : " >= " + str(e.c) + ": adding them may carry"));
        break;
      case Step::comp_points:
        depth_ = leaf_depth();
        if (e.d) fails("A o B has " + str(e.a) + " points: too many to check point by point", "left-distributivity");
        else if (e.b) line("R(i) == A(B(i)) at all " + str(e.a) + " points: the leaves do not interfere (accept)");
        else fails("R(i) != A(B(i)) at i = " + str(e.c), "left-distributivity");
        break;
      case Step::compl_nothing: line("nothing moves: the result is the compact layout of M = " + str(e.a)); break;
      case Step::compl_sorted: line("the modes that move, sorted by stride: " + fmt(e.l0)); break;
      case Step::compl_step: {
        std::string s = "mode " + str(e.a) + ": stride " + str(e.b) + ", span covered so far " + str(e.c);
        if (e.e == 1) line(s + ": a multiple (the gap " + str(e.b / e.c) + " is filled)");
        else if (e.e == 2) line(s + ": not a multiple; as CuTe, the gap is " + str(e.b / e.c) + " (rounded down), and the result is checked by its values");
        else fails(s + ": not a multiple", "the chain condition");
        break;
      }
      case Step::compl_checked:
        if (e.a == 0 && e.d) line("R = " + fmt(e.l0) + " meets the postconditions: (A, R) injective, R increasing (in a product, B reads R past its end, so R need not reach M) (accept)");
        else if (e.a == 0) line("R = " + fmt(e.l0) + " meets the postconditions: (A, R) injective, R increasing, (A, R) reaches M (accept)");
        else if (e.a < 0) fails("R = " + fmt(e.l0) + " is too large to check by its values here", "the chain condition");
        else fails("R = " + fmt(e.l0) + " breaks postcondition " + str(e.a), "complement's postconditions");
        break;
      case Step::rinv_step:
        line("mode " + str(e.a) + " (" + str(e.b) + ":" + str(e.c) + ") continues the chain");
        break;
      case Step::rinv_end: line("no mode has stride " + str(e.a) + ": the chain ends"); break;
      case Step::linv_step: {
        std::string s = "mode " + str(e.a) + ": stride " + str(e.b) + ", size covered so far " + str(e.c);
        if (e.d) line(s + ": a multiple");
        else fails(s + ": not a multiple", "the divisibility chain");
        break;
      }
      case Step::linv_search:
        if (e.a) line("but a left inverse was found by search: " + fmt(e.l0) + " (accept)");
        else line("and no left inverse of up to three modes was found by search");
        break;
      case Step::tiler_mode:
        depth_ = inner_.empty() ? 2 : inner_.back();
        line("mode " + str(e.a) + " of A, by entry " + str(e.a) + " of the tiler:");
        base_ = depth_ + 1;
        break;
    }
  }

 private:
  int depth_ = 1;               // of the next line
  int base_ = 2;                // where the next top-level operation's lines start
  std::vector<int> inner_;      // the depth inside each operation under way
  // Leaf-level lines sit just inside the current operation.
  int leaf_depth() const { return inner_.empty() ? base_ : inner_.back(); }
  void line(std::string const& s) { out << std::string(2 * depth_, ' ') << s << "\n"; }
  void fails(std::string const& s, char const* what) { line(s + " => " + what + " fails"); }
};

}  // namespace

CheckReport check(std::string const& text) {
  CheckReport rep;
  text::Expr x;
  EvalError pe;
  if (!parse(text, x, pe)) {
    rep.admissible = false;
    rep.status = pe.status;
    rep.failure = pe.what;
    rep.pos = pe.pos;
    return rep;
  }
  Explainer t;
  t.out << text << "\n";
  try {
    Result r = eval(x, &t);
    t.out << (x.is_call ? "  = " : "  a value, nothing to check: ") << to_text(r) << "\n";
  } catch (EvalError const& e) {
    rep.admissible = false;
    rep.status = e.status;
    rep.failure = e.what;
    rep.pos = e.pos;
  }
  rep.trace = t.out.str();
  return rep;
}

}  // namespace tessel::text
