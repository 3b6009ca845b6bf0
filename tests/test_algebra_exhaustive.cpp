// Exhaustive property tests of the layout algebra, on the run-time engine
// (tessel::engine), against references written here from the definitions of
// docs/ADMISSIBILITY.md (independently of the engine's code).
//
// Layouts: every layout of a given tuple structure ("pattern": x, (x),
// (x,x), (x,x,x), ((x,x),x), (x,(x,x)), ((x,x)), ((x),x)) whose shapes are
// >= 1 (size-1 modes included) with a bounded size, and whose strides come from
// a given set (one set for the modes of size >= 2, a smaller one for size-1
// modes, whose stride matters much less). The binary operations run on all
// pairs of two smaller families. The counts are printed ("[exhaustive] ...")
// and recorded as test properties; they are chosen so that the whole file
// takes about 11 s of CPU in RelWithDebInfo and about 45 s under ASan+UBSan.
//
// What is checked (A, B, L layouts; "f ~ g": same size and same value at every
// index; Ac: A coalesced, evaluated extended along its last mode, as
// composition does):
//   coalesce     keeps the function on [0,size); flat; no size-1 mode and no
//                mergeable neighbours (unless the result is _1:_0); equal to
//                the reference coalesce; by-mode coalesce and filter too.
//   composition  succeeds exactly when an exact answer exists (reference: for
//                each leaf N:r of B, j -> Ac(j*r) on [0,N) is the function of a
//                layout, found by brute force; and Ac(B(i)) is the sum over
//                B's leaves, for every i < size(B)); when it succeeds,
//                R(i) == Ac(B(i)) for all i < size(B), and R refines B's
//                structure (each mode of B becomes a mode of R of its size).
//   complement   succeeds exactly when the filtered layout, sorted by stride,
//                is a divisibility chain; then the four postconditions of
//                admissibility.md (see below for the fourth) and equality with
//                the closed form (d0, d1/(N0 d0), ..., ceil(M/(Na da))) :
//                (1, N0 d0, ..., Na da), coalesced.
//   right_inverse  L(R(i)) == i and R(i) in [0,size(L)) for i < size(R);
//                size(R) >= the stride-chain size (1, s*d, ... through L's
//                modes) and <= the longest prefix [0,m) of L's image.
//   left_inverse for injective L, R(L(i)) == i; it succeeds whenever L's
//                sorted strides form a chain (the closed-form case).
//   logical_divide == A o (B, complement(B, size(A))) from the engine's own
//                pieces, and pointwise D(i) == Ac((B,B*)(i)); fails exactly
//                when the complement or the composition has no exact answer.
//   logical_product == (A, complement(A, size(A)*cosize(B)) o B) likewise.
//   by-mode      tilers <B0,B1> on rank-2 layouts: logical/zipped/tiled/flat
//                divide and product and composition assemble the per-mode
//                results in the order of the article's tables; blocked and
//                raked products pair (A_k, P_k) / (P_k, A_k).
//   static vs dynamic  the same inputs with dynamic integers (all, or only
//                shapes, or only strides), run as the typed library runs them
//                (a symbolic compile-time pass, a run-time pass that must build
//                the same structure, static integers taken from the former):
//                no compile error, no run-time error and no result where
//                static integers give a result, resp. an error, and the same
//                function. Separately for dynamic integers whose run-time
//                value is a size-1 shape or a zero stride ("degenerate").
//
// Where a check finds a library bug, the test fails and prints the first
// example of each kind (at most 20 failures per test). Known ones, reported:
// composition's interval test admits non-additive B (e.g. (6,2):(1,7) o
// (2,2,2):(1,2,3)); right_inverse is not the largest when coalescing merges
// modes; the static-vs-dynamic disagreements. Two checks of error *messages*
// are DISABLED_ tests until fixed.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <tessel/engine/describe.hpp>
#include <tessel/engine/engine.hpp>
#include <tessel/text/io.hpp>

namespace engine = tessel::engine;
namespace text = tessel::text;
using i64 = long long;

namespace {

// ---- reference layouts: a list of (shape, stride) leaves -------------------------------------

struct Mode {
  i64 s, d;
};
using Modes = std::vector<Mode>;

i64 size_of(Modes const& m) {
  i64 n = 1;
  for (auto const& x : m) n *= x.s;
  return n;
}
// The layout as a function of a 1-D index, colexicographic, the last leaf extended.
i64 ev(Modes const& m, i64 x) {
  i64 r = 0;
  for (std::size_t k = 0; k < m.size(); ++k) {
    if (k + 1 == m.size()) return r + x * m[k].d;
    r += (x % m[k].s) * m[k].d;
    x /= m[k].s;
  }
  return r;  // no leaves: the function 0
}
std::vector<i64> values(Modes const& m) {
  std::vector<i64> v;
  for (i64 i = 0, n = size_of(m); i < n; ++i) v.push_back(ev(m, i));
  return v;
}
i64 cosize_of(Modes const& m) {  // non-negative strides
  i64 c = 1;
  for (auto const& x : m) c += (x.s - 1) * x.d;
  return c;
}
bool injective(Modes const& m) {
  std::vector<i64> v = values(m);
  std::sort(v.begin(), v.end());
  return std::adjacent_find(v.begin(), v.end()) == v.end();
}
// Coalesce, from the definition: drop size-1 leaves, merge s0:d0 ++ s1:s0*d0.
Modes ref_coalesce(Modes const& m) {
  Modes out;
  for (auto const& x : m) {
    if (x.s == 1) continue;
    if (!out.empty() && out.back().s * out.back().d == x.d) out.back().s *= x.s;
    else out.push_back(x);
  }
  return out;
}
Modes ref_filter(Modes const& m) {
  Modes f;
  for (auto const& x : m)
    if (x.s != 1 && x.d != 0) f.push_back(x);
  return f;
}
// Text of a flat layout; no leaves, or the single leaf 1:0, print as _1:_0.
std::string str(Modes const& m) {
  if (m.empty() || (m.size() == 1 && m[0].s == 1 && m[0].d == 0)) return "_1:_0";
  std::string a, b;
  for (auto const& x : m) {
    a += (a.empty() ? "" : ",") + std::to_string(x.s);
    b += (b.empty() ? "" : ",") + std::to_string(x.d);
  }
  return m.size() == 1 ? a + ":" + b : "(" + a + "):(" + b + ")";
}

// The closed-form complement of A with respect to M, or false when A's
// filtered modes, sorted by stride, are not a divisibility chain.
// Outside the chain (a stride above the span but not a multiple of it) the gap
// is rounded down, as CuTe does; `gray` says so, and the caller decides from
// the values whether that R is a complement.
bool ref_complement_floor(Modes const& a, i64 M, Modes& out, bool& gray) {
  Modes f = ref_filter(a);
  std::stable_sort(f.begin(), f.end(), [](Mode x, Mode y) { return x.d < y.d || (x.d == y.d && x.s < y.s); });
  Modes r;
  i64 cur = 1;
  gray = false;
  for (auto const& x : f) {
    if (x.d < cur) return false;
    gray = gray || x.d % cur != 0;
    r.push_back({x.d / cur, cur});
    cur = x.s * x.d;
  }
  r.push_back({(M + cur - 1) / cur, cur});
  out = ref_coalesce(r);
  return true;
}

// complement(A, M) as tessel defines it: the chain's closed form, or outside
// the chain CuTe's floor-division R when it meets postconditions 1 ((A, R)
// injective), 2 (R increasing) and, except inside a product, 3 (reaches M).
bool ref_complement(Modes const& a, i64 M, Modes& out, bool for_product = false, bool* was_gray = nullptr) {
  bool gray = false;
  if (!ref_complement_floor(a, M, out, gray)) return false;
  if (was_gray) *was_gray = gray;
  if (!gray) return true;
  std::vector<i64> const rv = values(out);
  Modes both = ref_filter(a);
  both.insert(both.end(), out.begin(), out.end());
  std::vector<i64> bv = values(both);
  std::sort(bv.begin(), bv.end());
  bool ok = std::adjacent_find(bv.begin(), bv.end()) == bv.end() && (for_product || bv.back() + 1 >= M);
  for (std::size_t i = 1; i < rv.size(); ++i) ok = ok && rv[i - 1] < rv[i];
  return ok;
}

// Is v (v[0] == 0) the function of some layout of size v.size()? The first
// mode s1:e1 (s1 >= 2 divides n) must have v[j] == j*e1 for j < s1 and
// v[j + s1*k] == v[j] + v[s1*k]; the rest, k -> v[s1*k], is again a layout.
bool representable(std::vector<i64> const& v) {
  std::size_t const n = v.size();
  if (n <= 1) return true;
  for (std::size_t s1 = 2; s1 <= n; ++s1) {
    if (n % s1) continue;
    bool ok = true;
    for (std::size_t j = 1; j < s1 && ok; ++j) ok = v[j] == i64(j) * v[1];
    if (!ok) return false;  // every longer first mode needs this prefix too
    for (std::size_t k = 1; k < n / s1 && ok; ++k)
      for (std::size_t j = 1; j < s1 && ok; ++j) ok = v[j + s1 * k] == v[j] + v[s1 * k];
    if (!ok) continue;
    std::vector<i64> rest;
    for (std::size_t k = 0; k < n / s1; ++k) rest.push_back(v[s1 * k]);
    if (representable(rest)) return true;
  }
  return false;
}

// ---- test layouts: a tuple pattern and its leaves ------------------------------------------

struct TL {
  char const* pat;  // "x", "(x)", "(x,x)", "((x,x),x)", ...
  Modes m;
};

int leaves_in(char const* pat) {
  int n = 0;
  for (char const* p = pat; *p; ++p) n += *p == 'x';
  return n;
}

// Staticness of the integers of a built layout.
enum Stat { all_static, dyn_shapes, dyn_strides, all_dynamic };

// The engine's value for a test layout. sym: the compile-time pass's view,
// where each dynamic integer is a placeholder 1.
engine::Layout build(TL const& t, Stat st = all_static, bool sym = false) {
  engine::Layout l;
  engine::Error e;
  bool const ss = st == all_static || st == dyn_strides;
  bool const ds = st == all_static || st == dyn_shapes;
  std::size_t k = 0;
  for (char const* p = t.pat; *p; ++p) {
    if (*p == '(') l.open(e);
    else if (*p == ')') l.close(e);
    else if (*p == 'x') {
      engine::Int s{sym && !ss ? 1 : t.m[k].s, ss}, d{sym && !ds ? 1 : t.m[k].d, ds};
      l.leaf(s, d, e);
      ++k;
    }
  }
  EXPECT_FALSE(e);
  return l;
}
Modes leaves(engine::Layout const& l) {
  Modes m;
  for (int k = 0; k < l.nleaf; ++k) m.push_back({l.shape[k].v, l.stride[k].v});
  return m;
}
std::string fmt(engine::Layout const& l) { return text::format(l); }
std::string fmt(TL const& t) { return fmt(build(t)); }

// Every layout of pattern pat with size <= smax; strides of size>=2 modes from
// big, of size-1 modes from one.
void for_each_layout(char const* pat, i64 smax, std::vector<i64> const& big, std::vector<i64> const& one,
                     std::function<void(TL const&)> const& f) {
  int const n = leaves_in(pat);
  TL t{pat, Modes(n)};
  std::function<void(int, i64)> shapes;
  std::function<void(int)> strides = [&](int k) {
    if (k == n) { f(t); return; }
    for (i64 d : (t.m[k].s == 1 ? one : big)) {
      t.m[k].d = d;
      strides(k + 1);
    }
  };
  shapes = [&](int k, i64 prod) {
    if (k == n) { strides(0); return; }
    for (i64 s = 1; prod * s <= smax; ++s) {
      t.m[k].s = s;
      shapes(k + 1, prod * s);
    }
  };
  shapes(0, 1);
}
std::vector<TL> collect(std::vector<char const*> const& pats, i64 smax, std::vector<i64> const& big,
                        std::vector<i64> const& one) {
  std::vector<TL> out;
  for (char const* p : pats) for_each_layout(p, smax, big, one, [&](TL const& t) { out.push_back(t); });
  return out;
}
std::vector<i64> range(i64 lo, i64 hi) {
  std::vector<i64> v;
  for (i64 i = lo; i <= hi; ++i) v.push_back(i);
  return v;
}

// The unary family: flat layouts of size <= 32; rank 1 and 2 (and rank-1
// tuples) with every stride 0..16, rank 3 with the strides 0..6, 8, 12, 16;
// size-1 modes take a few strides.
std::vector<i64> const kBig = range(0, 16);
std::vector<i64> const kOne = {0, 1, 2, 5, 16};
std::vector<i64> const kBig3 = {0, 1, 2, 3, 4, 5, 6, 8, 12, 16};
std::vector<i64> const kOne3 = {0, 1, 5};
void for_each_flat(std::function<void(TL const&)> const& f) {
  for (char const* p : {"x", "(x)", "(x,x)"}) for_each_layout(p, 32, kBig, kOne, f);
  for_each_layout("(x,x,x)", 32, kBig3, kOne3, f);
}
// Depth 2 (for the unary operations a smaller stride set: their leaves are
// already covered by (x,x,x); what is new is the structure).
std::vector<i64> const kBig2 = {0, 1, 2, 3, 4, 6, 8, 12, 16};
std::vector<i64> const kOne2 = {0, 3};
std::vector<char const*> const kDeep = {"((x,x),x)", "(x,(x,x))", "((x,x))", "((x),x)"};

// The families of A and B for the binary operations: A flat of rank 1..3 with
// size <= 8 (a size-1 mode's stride 5 matters where it is A's last mode: A
// is extended along its coalesced last mode, not along the size-1 mode), B of
// size <= 6, flat or nested.
std::vector<char const*> const kPairA = {"x", "(x,x)", "(x,x,x)"};
i64 const kPairASize = 8;
std::vector<i64> const kPairABig = {0, 1, 2, 3, 4, 6};
std::vector<i64> const kPairAOne = {0, 5};
std::vector<char const*> const kPairB = {"x", "(x)", "(x,x)", "((x,x),x)"};
i64 const kPairBSize = 6;
std::vector<i64> const kPairBBig = {0, 1, 2, 3, 4, 6};
std::vector<i64> const kPairBOne = {0};

struct Timer {
  std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
  double s() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); }
};

void report(char const* what, long long n, double secs) {
  std::printf("[exhaustive] %-44s %10lld in %6.2f s\n", what, n, secs);
  testing::Test::RecordProperty(what, std::to_string(n));
}

// Stop a test after this many failures (one bug tends to repeat thousands of times).
constexpr int kMaxFailures = 20;
#define CHECK_OR(cond, msg)                                            \
  do {                                                                 \
    if (!(cond)) {                                                     \
      ADD_FAILURE() << msg;                                            \
      if (++failures >= kMaxFailures) {                                \
        ADD_FAILURE() << "too many failures, stopping";                \
        return;                                                        \
      }                                                                \
    }                                                                  \
  } while (0)

// ---- composition oracle -------------------------------------------------------------------------

// Does A o B have an exact answer (independent of the engine)? Fills why.
// A is evaluated as written: past its size it goes on along its last leaf,
// even a size-1 one (docs/ADMISSIBILITY.md, as A(i) and CuTe do).
bool comp_exists(Modes const& A, Modes const& B, std::string& why) {
  Modes const& ac = A;
  std::vector<std::vector<i64>> lv;
  for (auto const& b : B) {
    std::vector<i64> v;
    for (i64 j = 0; j < b.s; ++j) v.push_back(ev(ac, j * b.d));
    if (!representable(v)) {
      why = "j -> A(j*" + std::to_string(b.d) + ") on [0," + std::to_string(b.s) + ") is not a layout";
      return false;
    }
    lv.push_back(std::move(v));
  }
  for (i64 i = 0, n = size_of(B); i < n; ++i) {
    i64 x = i, sum = 0, idx = 0;
    for (std::size_t k = 0; k < B.size(); ++k) {
      i64 c = x % B[k].s;
      x /= B[k].s;
      sum += lv[k][c];
      idx += c * B[k].d;
    }
    if (sum != ev(ac, idx)) {
      why = "not additive over B's leaves at i=" + std::to_string(i);
      return false;
    }
  }
  return true;
}

// R refines B: where B has a tuple, R has a tuple of the same rank; where B
// has a leaf, R has a node of the leaf's size.
i64 node_size(engine::Layout const& l, int b) {
  int const e = engine::node_end(l, b);
  i64 n = 1;
  for (int k = engine::leaves_before(l, b), kk = engine::leaves_before(l, e); k < kk; ++k) n *= l.shape[k].v;
  return n;
}
bool refines(engine::Layout const& B, int bb, engine::Layout const& R, int rb) {
  if (B.tok[bb] == engine::kLeaf) return node_size(R, rb) == B.shape[engine::leaves_before(B, bb)].v;
  if (R.tok[rb] != engine::kOpen) return false;
  int const be = engine::node_end(B, bb), re = engine::node_end(R, rb);
  int x = bb + 1, y = rb + 1;
  for (; x < be - 1 && y < re - 1; x = engine::node_end(B, x), y = engine::node_end(R, y))
    if (!refines(B, x, R, y)) return false;
  return x >= be - 1 && y >= re - 1;
}

}  // namespace

// =================================================================================================
// coalesce, by-mode coalesce, filter
// =================================================================================================

TEST(Exhaustive, Coalesce) {
  Timer t;
  long long n = 0;
  int failures = 0;
  auto check = [&](TL const& tl) {
    if (failures >= kMaxFailures) return;
    ++n;
    engine::Layout const L = build(tl);
    engine::Ctx cx;
    engine::Layout const R = engine::coalesce(L, cx);
    CHECK_OR(!cx.err, "coalesce failed on " << fmt(L));
    Modes const r = leaves(R);
    Modes const want = ref_coalesce(tl.m);
    // The reference is the unique coalesced form; _1:_0 when nothing is left.
    CHECK_OR(str(r) == str(want) && engine::depth(R) <= 1 && R.is_tuple() == (want.size() > 1),
             "coalesce(" << fmt(L) << ") = " << fmt(R) << ", expected " << str(want));
    // Same function on [0, size).
    CHECK_OR(values(r) == values(tl.m), "coalesce(" << fmt(L) << ") = " << fmt(R) << " changes the function");
    if (r.size() > 1)
      for (std::size_t k = 0; k < r.size(); ++k) {
        CHECK_OR(r[k].s != 1, "size-1 mode left in " << fmt(R));
        CHECK_OR(k == 0 || r[k - 1].s * r[k - 1].d != r[k].d, "mergeable neighbours in " << fmt(R));
      }
    // filter = coalesce of the modes that move.
    engine::Layout const F = engine::filter(L, cx);
    Modes fz = tl.m;
    for (auto& x : fz)
      if (x.d == 0) x.s = 1;
    CHECK_OR(!cx.err && str(leaves(F)) == str(ref_coalesce(fz)),
             "filter(" << fmt(L) << ") = " << fmt(F) << ", expected " << str(ref_coalesce(fz)));
    // By mode (profile (1,1)) on rank-2 layouts: each top mode coalesced.
    if (engine::rank(L) == 2) {
      engine::Layout prof;
      engine::Error e;
      prof.open(e);
      prof.leaf(engine::sint(1), engine::sint(1), e);
      prof.leaf(engine::sint(1), engine::sint(1), e);
      prof.close(e);
      engine::Layout const P = engine::coalesce(L, prof, cx);
      engine::Layout const expect =
          engine::Builder(e).add(engine::coalesce(engine::mode(L, 0, e), cx)).add(engine::coalesce(engine::mode(L, 1, e), cx)).done();
      CHECK_OR(!cx.err && fmt(P) == fmt(expect), "coalesce(" << fmt(L) << ",(1,1)) = " << fmt(P));
    }
  };
  std::size_t const flat = [&] {
    for_each_flat(check);
    return n;
  }();
  for (char const* p : kDeep) for_each_layout(p, 32, kBig2, kOne2, check);
  report("coalesce+filter: flat layouts", flat, t.s());
  report("coalesce+filter: depth-2 layouts", n - flat, t.s());
}

// =================================================================================================
// complement
// =================================================================================================

namespace {
struct ComplementStats {
  long long cases = 0, admitted = 0, spec_bound_violations = 0, misnamed = 0, degenerate = 0;
  long long gray_admitted = 0, gray_refused = 0;  // outside the chain: CuTe's R meets 1-3, or not
  std::string first_spec_violation, first_misnamed, first_degenerate;
};

// One complement(A, M) (M < 0: the default cotarget cosize(filter(A))).
void check_complement(TL const& tl, i64 M, ComplementStats& st, int& failures) {
  if (failures >= kMaxFailures) return;
  ++st.cases;
  engine::Layout const A = build(tl);
  engine::Ctx cx;
  i64 const m = M >= 0 ? M : cosize_of(ref_filter(tl.m));
  engine::Layout const R = M >= 0 ? engine::complement(A, engine::sint(M), cx) : engine::complement(A, cx);
  Modes want;
  bool gray = false;
  bool const exists = ref_complement(tl.m, m, want, false, &gray);
  if (gray) ++(exists ? st.gray_admitted : st.gray_refused);
  auto call = [&] { return "complement(" + fmt(A) + (M >= 0 ? "," + std::to_string(M) : "") + ")"; };
  CHECK_OR(!cx.err == exists, call() << (exists ? " failed: " + engine::describe(cx.err) : " = " + fmt(R) + ", expected an error"));
  if (cx.err) {
    CHECK_OR(cx.err.code == engine::Err::not_injective || cx.err.code == engine::Err::complement_chain ||
                 cx.err.code == engine::Err::complement_postcondition,
             call() << ": unexpected error " << engine::describe(cx.err));
    // Is the condition named correctly? (not_injective for an injective
    // layout, or the chain error for a non-injective one.)
    bool const inj = injective(ref_filter(tl.m));
    if ((cx.err.code == engine::Err::not_injective) == inj && !(gray && inj)) {
      if (st.misnamed++ == 0) st.first_misnamed = call() + ": " + engine::describe(cx.err);
    }
    return;
  }
  if (!exists) return;
  ++st.admitted;
  Modes const r = leaves(R);
  if (ref_filter(tl.m).empty() && m == 1 && str(r) == "1:1") {
    // Nothing of A moves and M = 1: CuTe returns make_layout(_1) = _1:_0, the
    // engine _1:_1 (the same function on [0,1)). Counted and reported.
    if (st.degenerate++ == 0) st.first_degenerate = call() + " = " + fmt(R);
  } else {
    CHECK_OR(str(r) == str(want), call() << " = " << fmt(R) << ", expected the closed form " << str(want));
  }
  std::vector<i64> const rv = values(r), av = values(tl.m);
  std::vector<char> in_a(std::size_t(*std::max_element(av.begin(), av.end()) + 1), 0);
  for (i64 v : av) in_a[std::size_t(v)] = 1;
  for (std::size_t i = 1; i < rv.size(); ++i) {
    CHECK_OR(rv[i - 1] < rv[i], call() << " = " << fmt(R) << " is not strictly increasing at " << i);  // 2.
    CHECK_OR(rv[i] >= i64(in_a.size()) || !in_a[std::size_t(rv[i])],
             call() << " = " << fmt(R) << ": R(" << i << ") is in A's image");  // 1.
  }
  i64 const amax = *std::max_element(av.begin(), av.end()), rmax = rv.back();
  CHECK_OR(amax + rmax + 1 >= m, call() << " = " << fmt(R) << ": cosize((A,R)) < M");  // 3.
  // 4. cosize(R) <= round_up(M, cosize(A)), as CuTe's unit test states it. It
  // does not hold for every input even for the unique closed form (e.g.
  // complement(2:8, 17) = (8,2):(1,16), cosize 24 > round_up(17, 9) = 18):
  // counted and reported, not asserted. What holds is
  // cosize(R) == round_up(M, N_a*d_a) - cosize(A) + 1.
  i64 const ca = cosize_of(tl.m);
  if (rmax + 1 > (m + ca - 1) / ca * ca) {
    if (st.spec_bound_violations++ == 0) st.first_spec_violation = call() + " = " + fmt(R);
  }
  Modes f = ref_filter(tl.m);
  if (!f.empty() && !gray) {
    i64 L = 0;
    for (auto const& x : f) L = std::max(L, x.s * x.d);
    CHECK_OR(rmax + 1 == (m + L - 1) / L * L - cosize_of(f) + 1, call() << " = " << fmt(R) << ": unexpected cosize");
  }
}
}  // namespace

TEST(Exhaustive, Complement) {
  Timer t;
  ComplementStats st;
  int failures = 0;
  long long layouts = 0;
  // Cotargets: the default (cosize of the filtered layout) and 24 for all;
  // 1 and 37 too up to rank 2.
  auto each = [&](TL const& tl) {
    ++layouts;
    for (i64 M : {i64(-1), i64(24)}) check_complement(tl, M, st, failures);
    if (tl.m.size() <= 2)
      for (i64 M : {i64(1), i64(37)}) check_complement(tl, M, st, failures);
  };
  for_each_flat(each);
  for (char const* p : {"((x,x),x)", "(x,(x,x))"}) for_each_layout(p, 32, kBig2, kOne2, each);
  report("complement: layouts", layouts, t.s());
  report("complement: admissible calls", st.admitted, t.s());
  report("complement: calls", st.cases, t.s());
  std::printf("[exhaustive] complement: spec postcondition 4 (cosize(R) <= round_up(M, cosize(A))) fails for %lld "
              "closed-form results, e.g. %s\n",
              st.spec_bound_violations, st.first_spec_violation.c_str());
  std::printf("[exhaustive] complement: outside the chain, CuTe's floor-division R is returned for %lld calls and "
              "refused (a postcondition fails) for %lld\n",
              st.gray_admitted, st.gray_refused);
  std::printf("[exhaustive] complement: %lld refusals name the wrong condition (injective vs chain), e.g. %s\n",
              st.misnamed, st.first_misnamed.c_str());
  std::printf("[exhaustive] complement: %lld results print _1:_1 where CuTe prints _1:_0, e.g. %s\n", st.degenerate,
              st.first_degenerate.c_str());
  RecordProperty("complement_misnamed_errors", std::to_string(st.misnamed));
}

// The error of a refused complement says "not injective" exactly for layouts
// whose image (stride-0 modes aside) repeats values, and otherwise names the
// chain condition: complement((2,3):(2,3)) is injective (0,2,3,5,6,8) but not
// a chain; (2,2,2):(1,3,3) is not injective.
TEST(Exhaustive, ComplementErrorNamesTheRightCondition) {
  ComplementStats st;
  int failures = 0;
  for_each_flat([&](TL const& tl) { check_complement(tl, 24, st, failures); });
  EXPECT_EQ(st.misnamed, 0) << st.first_misnamed;
}

// =================================================================================================
// right_inverse, left_inverse
// =================================================================================================

TEST(Exhaustive, RightInverse) {
  Timer t;
  long long n = 0;
  int failures = 0;
  auto check = [&](TL const& tl) {
    if (failures >= kMaxFailures) return;
    ++n;
    engine::Layout const L = build(tl);
    engine::Ctx cx;
    engine::Layout const R = engine::right_inverse(L, cx);
    CHECK_OR(!cx.err, "right_inverse(" << fmt(L) << ") failed: " << engine::describe(cx.err));
    Modes const r = leaves(R);
    i64 const sl = size_of(tl.m), sr = size_of(r);
    for (i64 i = 0; i < sr; ++i) {
      i64 const c = ev(r, i);
      CHECK_OR(c >= 0 && c < sl && ev(tl.m, c) == i,
               "right_inverse(" << fmt(L) << ") = " << fmt(R) << ": L(R(" << i << ")) = L(" << c << ") != " << i);
    }
    // Lower bound: the stride chain 1, s*d, ... through L's modes.
    i64 chain = 1;
    std::vector<bool> used(tl.m.size());
    for (bool more = true; more;) {
      more = false;
      for (std::size_t k = 0; k < tl.m.size(); ++k)
        if (!used[k] && tl.m[k].s != 1 && tl.m[k].d == chain) {
          used[k] = true;
          chain *= tl.m[k].s;
          more = true;
          break;
        }
    }
    // Upper bound: the longest prefix [0, p) of L's image.
    std::vector<i64> v = values(tl.m);
    std::set<i64> img(v.begin(), v.end());
    i64 p = 0;
    while (img.count(p)) ++p;
    CHECK_OR(sr >= chain && sr <= p,
             "right_inverse(" << fmt(L) << ") = " << fmt(R) << ": size " << sr << " not in [" << chain << "," << p << "]");
  };
  for_each_flat(check);
  for (char const* p : kDeep) for_each_layout(p, 32, kBig2, kOne2, check);
  report("right_inverse: layouts", n, t.s());
}

TEST(Exhaustive, LeftInverse) {
  Timer t;
  long long n = 0, inj = 0, found = 0, quasi_fail = 0;
  int failures = 0;
  std::string first_quasi;
  auto check = [&](TL const& tl) {
    if (failures >= kMaxFailures) return;
    ++n;
    engine::Layout const L = build(tl);
    engine::Ctx cx;
    engine::Layout const R = engine::left_inverse(L, cx);
    bool const is_inj = injective(tl.m);
    Modes dummy;
    bool gray = false;
    bool const closed_form = is_inj && ref_complement_floor(tl.m, 1, dummy, gray) && !gray;
    inj += is_inj;
    CHECK_OR(!cx.err || !closed_form, "left_inverse(" << fmt(L) << ") failed: " << engine::describe(cx.err));
    if (cx.err) return;
    Modes const r = leaves(R);
    std::vector<i64> const v = values(tl.m);
    if (is_inj) {
      ++found;
      for (std::size_t i = 0; i < v.size(); ++i)
        CHECK_OR(ev(r, v[i]) == i64(i), "left_inverse(" << fmt(L) << ") = " << fmt(R) << ": R(L(" << i << ")) = "
                                                        << ev(r, v[i]));
    } else {
      // Not injective: no left inverse exists; CuTe returns a quasi-inverse.
      // Counted (L(R(L(i))) == L(i) is what one could hope for), not asserted.
      for (std::size_t i = 0; i < v.size(); ++i)
        if (ev(tl.m, ev(r, v[i])) != v[i]) {
          if (quasi_fail++ == 0) first_quasi = "left_inverse(" + fmt(L) + ") = " + fmt(R);
          break;
        }
    }
  };
  // The three-mode search behind left_inverse is slow when it fails, so rank
  // 3 runs on a smaller stride set.
  for (char const* p : {"x", "(x,x)"}) for_each_layout(p, 32, kBig, kOne, check);
  for_each_layout("(x,x,x)", 12, {0, 1, 2, 3, 4, 8}, {0, 5}, check);
  for_each_layout("((x,x),x)", 8, {0, 1, 2, 4}, {0}, check);
  report("left_inverse: layouts", n, t.s());
  report("left_inverse: injective layouts inverted", found, t.s());
  std::printf("[exhaustive] left_inverse: %lld of the %lld non-injective layouts get an R with L(R(L(i))) != L(i), "
              "e.g. %s\n",
              quasi_fail, n - inj, first_quasi.c_str());
}

// =================================================================================================
// composition
// =================================================================================================

namespace {
// Every pair of as x bs; returns (pairs, admissible pairs).
std::pair<long long, long long> check_compositions(std::vector<TL> const& as, std::vector<TL> const& bs, int& failures) {
  long long n = 0, admitted = 0;
  auto body = [&](TL const& a) {
    engine::Layout const A = build(a);
    Modes const ac = ref_coalesce(a.m);
    for (TL const& b : bs) {
      ++n;
      engine::Layout const B = build(b);
      engine::Ctx cx;
      engine::Layout const R = engine::composition(A, B, cx);
      std::string why;
      bool const exists = comp_exists(a.m, b.m, why);
      CHECK_OR(!cx.err == exists, "composition(" << fmt(A) << "," << fmt(B) << ") "
                                                 << (exists ? "failed: " + engine::describe(cx.err)
                                                            : "= " + fmt(R) + ", but " + why));
      if (cx.err || !exists) continue;
      ++admitted;
      Modes const r = leaves(R);
      bool ok = size_of(r) == size_of(b.m);
      for (i64 i = 0, sb = size_of(b.m); ok && i < sb; ++i) ok = ev(r, i) == ev(a.m, ev(b.m, i));
      CHECK_OR(ok, "composition(" << fmt(A) << "," << fmt(B) << ") = " << fmt(R) << " is not A(B(i))");
      CHECK_OR(refines(B, 0, R, 0), "composition(" << fmt(A) << "," << fmt(B) << ") = " << fmt(R)
                                                   << " does not follow B's structure");
    }
  };
  for (TL const& a : as) {
    if (failures >= kMaxFailures) break;
    body(a);
  }
  return {n, admitted};
}
}  // namespace

// Three families of pairs (2.4 million in all): A of rank <= 2 (size <= 16,
// strides 0..6, 8) with B of one or two leaves (size <= 8); A of rank <= 2
// (size <= 12) with B of three leaves ((x,x),x) (size <= 8); A of rank 3
// (size <= 8) with every B of size <= 6.
TEST(Exhaustive, Composition) {
  Timer t;
  int failures = 0;
  std::vector<i64> const b6 = {0, 1, 2, 3, 4, 6};
  std::vector<TL> const a1 = collect({"x", "(x,x)"}, 16, {0, 1, 2, 3, 4, 5, 6, 8}, kPairAOne);
  std::vector<TL> const b1 = collect({"x", "(x)", "(x,x)"}, 8, b6, kPairBOne);
  std::vector<TL> const a2 = collect({"x", "(x,x)"}, 12, {0, 1, 2, 3, 4, 6}, kPairAOne);
  std::vector<TL> const b2 = collect({"((x,x),x)"}, 8, b6, kPairBOne);
  std::vector<TL> const a3 = collect({"(x,x,x)"}, 8, kPairABig, kPairAOne);
  std::vector<TL> const b3 = collect(kPairB, 6, b6, kPairBOne);
  long long n = 0, admitted = 0;
  for (auto const& [as, bs] : {std::pair{&a1, &b1}, std::pair{&a2, &b2}, std::pair{&a3, &b3}}) {
    auto const [pn, pa] = check_compositions(*as, *bs, failures);
    n += pn;
    admitted += pa;
  }
  report("composition: pairs", n, t.s());
  report("composition: admissible pairs", admitted, t.s());
}

// Named counterexamples to the interval condition of admissibility.md: B's
// leaves 2:1, 2:2, 2:3 (resp. 2:3, 2:4, 2:6) have disjoint intervals inside
// A's first mode 6 (resp. 12) and each is left divisible, yet their offsets add
// up past that mode: A(B(1,1,1)) = A(6) = 7 (resp. A(13) = 14), while the sum
// over the leaves is 6 (resp. 13). No layout is A o B; the engine must refuse.
TEST(Exhaustive, CompositionCarryCounterexamples) {
  for (auto const& [a, b] : {std::pair{TL{"(x,x)", {{6, 1}, {2, 7}}}, TL{"(x,x,x)", {{2, 1}, {2, 2}, {2, 3}}}},
                             std::pair{TL{"(x,x)", {{12, 1}, {2, 13}}}, TL{"(x,x,x)", {{2, 3}, {2, 4}, {2, 6}}}}}) {
    std::string why;
    EXPECT_FALSE(comp_exists(a.m, b.m, why));
    engine::Ctx cx;
    engine::Layout const R = engine::composition(build(a), build(b), cx);
    EXPECT_TRUE(cx.err) << "composition(" << fmt(a) << "," << fmt(b) << ") = " << fmt(R) << ", but " << why;
  }
}

// =================================================================================================
// logical_divide, logical_product
// =================================================================================================

TEST(Exhaustive, LogicalDivide) {
  Timer t;
  std::vector<TL> const as = collect(kPairA, kPairASize, kPairABig, kPairAOne);
  std::vector<TL> const bs = collect({"x", "(x,x)"}, kPairBSize, {0, 1, 2, 3, 4}, kPairBOne);
  long long n = 0, admitted = 0;
  int failures = 0;
  for (TL const& a : as) {
    engine::Layout const A = build(a);
    Modes const ac = ref_coalesce(a.m);
    i64 const sa = size_of(a.m);
    for (TL const& b : bs) {
      ++n;
      engine::Layout const B = build(b);
      engine::Ctx cx;
      engine::Layout const D = engine::logical_divide(A, engine::tiler_of(B), cx);
      auto call = [&] { return "logical_divide(" + fmt(A) + "," + fmt(B) + ")"; };
      // The reference: B* (closed form) and the composition oracle on (B, B*).
      Modes bstar;
      bool exists = ref_complement(b.m, sa, bstar);
      Modes bb = b.m;
      bb.insert(bb.end(), bstar.begin(), bstar.end());
      std::string why = "no complement";
      exists = exists && comp_exists(a.m, bb, why);
      CHECK_OR(!cx.err == exists, call() << (exists ? " failed: " + engine::describe(cx.err) : " = " + fmt(D) + ", but " + why));
      if (cx.err || !exists) continue;
      ++admitted;
      // The definition from the engine's own pieces.
      engine::Ctx c2;
      engine::Layout const C = engine::complement(B, engine::sint(sa), c2);
      engine::Error e;
      engine::Layout const E = engine::composition(A, engine::Builder(e).add(B).add(C).done(), c2);
      CHECK_OR(!c2.err && fmt(D) == fmt(E), call() << " = " << fmt(D) << ", A o (B,B*) = " << fmt(E));
      // Pointwise against A.
      Modes const d = leaves(D);
      bool ok = size_of(d) == size_of(bb) && engine::rank(D) == 2 && node_size(D, engine::node_end(D, 1)) == size_of(bstar);
      for (i64 i = 0, n2 = size_of(bb); ok && i < n2; ++i) ok = ev(d, i) == ev(a.m, ev(bb, i));
      CHECK_OR(ok, call() << " = " << fmt(D) << " is not A((B,B*)(i)) with B* = " << str(bstar));
    }
  }
  report("logical_divide: pairs", n, t.s());
  report("logical_divide: admissible pairs", admitted, t.s());
}

TEST(Exhaustive, LogicalProduct) {
  Timer t;
  std::vector<TL> const as = collect(kPairA, kPairASize, kPairABig, kPairAOne);
  std::vector<TL> const bs = collect({"x", "(x,x)"}, kPairBSize, {0, 1, 2, 3, 4}, kPairBOne);
  long long n = 0, admitted = 0;
  int failures = 0;
  for (TL const& a : as) {
    engine::Layout const A = build(a);
    i64 const sa = size_of(a.m);
    for (TL const& b : bs) {
      ++n;
      engine::Layout const B = build(b);
      engine::Ctx cx;
      engine::Layout const P = engine::logical_product(A, engine::tiler_of(B), cx);
      auto call = [&] { return "logical_product(" + fmt(A) + "," + fmt(B) + ")"; };
      Modes astar;
      bool exists = ref_complement(a.m, sa * cosize_of(b.m), astar, true);
      std::string why = "no complement";
      exists = exists && comp_exists(astar, b.m, why);
      CHECK_OR(!cx.err == exists, call() << (exists ? " failed: " + engine::describe(cx.err) : " = " + fmt(P) + ", but " + why));
      if (cx.err || !exists) continue;
      ++admitted;
      engine::Ctx c2;
      engine::Error e;
      engine::Layout const C = engine::complement(A, engine::sint(sa * cosize_of(b.m)), c2, true);
      engine::Layout const E = engine::Builder(e).add(A).add(engine::composition(C, B, c2)).done();
      CHECK_OR(!c2.err && fmt(P) == fmt(E), call() << " = " << fmt(P) << ", (A, A* o B) = " << fmt(E));
      // Pointwise: P(i) == A(i % size(A)) + A*(B(i / size(A))), and mode 0 is A itself.
      Modes const p = leaves(P);
      Modes const sc = ref_coalesce(astar);
      bool ok = size_of(p) == sa * size_of(b.m) && engine::rank(P) == 2 && fmt(engine::mode(P, 0, e)) == fmt(A);
      for (i64 i = 0, n2 = size_of(p); ok && i < n2; ++i) ok = ev(p, i) == ev(a.m, i % sa) + ev(sc, ev(b.m, i / sa));
      CHECK_OR(ok, call() << " = " << fmt(P) << " is not (A, A* o B) with A* = " << str(astar));
    }
  }
  report("logical_product: pairs", n, t.s());
  report("logical_product: admissible pairs", admitted, t.s());
}

// =================================================================================================
// by-mode tilers and the arrangements of the article's tables
// =================================================================================================

TEST(Exhaustive, ByModeArrangements) {
  Timer t;
  std::vector<TL> as = collect({"(x,x)"}, 8, {0, 1, 2, 3, 4}, {0, 5});
  for (TL const& t : collect({"((x,x),x)"}, 8, {0, 1, 2}, {0})) as.push_back(t);
  std::vector<TL> const ts = collect({"x", "(x,x)"}, 4, {0, 1, 2, 3}, {0});
  long long n = 0, admitted = 0;
  int failures = 0;
  engine::Error e;
  auto same = [](engine::Ctx const& c, engine::Layout const& x, engine::Ctx const& d, engine::Layout const& y) {
    return bool(c.err) == bool(d.err) && (c.err || fmt(x) == fmt(y));
  };
  for (TL const& a : as) {
    engine::Layout const A = build(a);
    engine::Layout const A0 = engine::mode(A, 0, e), A1 = engine::mode(A, 1, e);
    for (std::size_t i = 0; i < ts.size(); i += 18) {  // every 18th tiler entry for mode 0
      for (TL const& t1 : ts) {
        ++n;
        engine::Layout const B0 = build(ts[i]), B1 = build(t1);
        engine::Tiler T;
        T.push(engine::kOpen, e);
        T.add(B0, e);
        T.add(B1, e);
        T.push(engine::kClose, e);
        auto args = [&] { return fmt(A) + ",<" + fmt(B0) + "," + fmt(B1) + ">"; };
        // composition
        {
          engine::Ctx c, p0, p1;
          engine::Layout const R = engine::composition(A, T, c);
          engine::Layout const x = engine::composition(A0, B0, p0), y = engine::composition(A1, B1, p1);
          engine::Ctx pc;
          pc.err = p0.err ? p0.err : p1.err;
          CHECK_OR(same(c, R, pc, engine::Builder(e).add(x).add(y).done()), "composition(" << args() << ") = " << fmt(R));
        }
        // divide
        engine::Ctx c0, c1;
        engine::Layout const d0 = engine::logical_divide(A0, engine::tiler_of(B0), c0);
        engine::Layout const d1 = engine::logical_divide(A1, engine::tiler_of(B1), c1);
        engine::Ctx pc;
        pc.err = c0.err ? c0.err : c1.err;
        if (!pc.err) ++admitted;
        auto unpack = [&](engine::Builder& b, engine::Layout const& l) {
          if (engine::rank(l) == 1) b.add(l);
          else
            for (int k = 0; k < engine::rank(l); ++k) b.add(engine::mode(l, k, e));
        };
        {
          engine::Ctx c;
          engine::Layout const L = engine::logical_divide(A, T, c);
          CHECK_OR(same(c, L, pc, engine::Builder(e).add(d0).add(d1).done()), "logical_divide(" << args() << ") = " << fmt(L));
          engine::Ctx cz;
          engine::Layout const Z = engine::zipped_divide(A, T, cz);
          engine::Layout const tile = engine::Builder(e).add(engine::mode(d0, 0, e)).add(engine::mode(d1, 0, e)).done();
          engine::Layout const rest = engine::Builder(e).add(engine::mode(d0, 1, e)).add(engine::mode(d1, 1, e)).done();
          if (!pc.err) {
            // ((TileM,TileN),(RestM,RestN)); ((TileM,TileN),RestM,RestN); (TileM,TileN,RestM,RestN)
            engine::Layout const zt = engine::Builder(e).add(tile).add(rest).done();
            engine::Builder tb(e);
            tb.add(tile);
            unpack(tb, rest);
            engine::Builder fb(e);
            unpack(fb, tile);
            unpack(fb, rest);
            engine::Ctx ct, cf;
            engine::Layout const Td = engine::tiled_divide(A, T, ct), Fd = engine::flat_divide(A, T, cf);
            CHECK_OR(!cz.err && fmt(Z) == fmt(zt), "zipped_divide(" << args() << ") = " << fmt(Z) << ", expected " << fmt(zt));
            CHECK_OR(!ct.err && fmt(Td) == fmt(tb.done()), "tiled_divide(" << args() << ") = " << fmt(Td));
            CHECK_OR(!cf.err && fmt(Fd) == fmt(fb.done()), "flat_divide(" << args() << ") = " << fmt(Fd));
          } else {
            CHECK_OR(bool(cz.err), "zipped_divide(" << args() << ") = " << fmt(Z) << " but a mode's divide fails");
          }
        }
        // product
        engine::Ctx q0, q1;
        engine::Layout const p0 = engine::logical_product(A0, engine::tiler_of(B0), q0);
        engine::Layout const p1 = engine::logical_product(A1, engine::tiler_of(B1), q1);
        engine::Ctx qc;
        qc.err = q0.err ? q0.err : q1.err;
        {
          engine::Ctx c;
          engine::Layout const L = engine::logical_product(A, T, c);
          CHECK_OR(same(c, L, qc, engine::Builder(e).add(p0).add(p1).done()), "logical_product(" << args() << ") = " << fmt(L));
          if (!qc.err) {
            engine::Layout const first = engine::Builder(e).add(engine::mode(p0, 0, e)).add(engine::mode(p1, 0, e)).done();
            engine::Layout const second = engine::Builder(e).add(engine::mode(p0, 1, e)).add(engine::mode(p1, 1, e)).done();
            engine::Ctx cz, ct, cf;
            engine::Layout const Z = engine::zipped_product(A, T, cz), Tp = engine::tiled_product(A, T, ct),
                             Fp = engine::flat_product(A, T, cf);
            engine::Builder tb(e);
            tb.add(first);
            unpack(tb, second);
            engine::Builder fb(e);
            unpack(fb, first);
            unpack(fb, second);
            CHECK_OR(!cz.err && fmt(Z) == fmt(engine::Builder(e).add(first).add(second).done()),
                     "zipped_product(" << args() << ") = " << fmt(Z));
            CHECK_OR(!ct.err && fmt(Tp) == fmt(tb.done()), "tiled_product(" << args() << ") = " << fmt(Tp));
            CHECK_OR(!cf.err && fmt(Fp) == fmt(fb.done()), "flat_product(" << args() << ") = " << fmt(Fp));
          }
        }
      }
    }
  }
  // blocked/raked: rank-2 A and B; mode k is (A_k, P_k) / (P_k, A_k) with
  // P = complement(A, size(A)*cosize(B)) o B.
  std::vector<TL> const bs = collect({"(x,x)"}, 6, {0, 1, 2, 3, 4}, {0});
  long long nb = 0;
  for (TL const& a : as) {
    engine::Layout const A = build(a);
    for (TL const& b : bs) {
      ++nb;
      engine::Layout const B = build(b);
      engine::Ctx c;
      engine::Layout const P =
          engine::composition(engine::complement(A, engine::sint(size_of(a.m) * cosize_of(b.m)), c, true), B, c);
      for (bool raked : {false, true}) {
        engine::Ctx cb;
        engine::Layout const X = raked ? engine::raked_product(A, B, cb) : engine::blocked_product(A, B, cb);
        auto call = [&] { return std::string(raked ? "raked" : "blocked") + "_product(" + fmt(A) + "," + fmt(B) + ")"; };
        CHECK_OR(bool(cb.err) == bool(c.err), call() << (cb.err ? " failed: " + engine::describe(cb.err) : " = " + fmt(X)));
        if (c.err || cb.err) continue;
        engine::Builder want(e);
        for (int k = 0; k < 2; ++k) {
          engine::Layout const ak = engine::mode(A, k, e), pk = engine::mode(P, k, e);
          want.add(raked ? engine::Builder(e).add(pk).add(ak).done() : engine::Builder(e).add(ak).add(pk).done());
        }
        CHECK_OR(fmt(X) == fmt(want.done()), call() << " = " << fmt(X));
      }
    }
  }
  report("by-mode: (A, <B0,B1>) cases", n, t.s());
  report("by-mode: cases whose per-mode divides succeed", admitted, t.s());
  report("blocked/raked: pairs", nb, t.s());
}

// =================================================================================================
// static vs dynamic integers
// =================================================================================================

namespace {
// The same result type: structure, which integers are static, and their
// values (what the typed API's fingerprint check compares).
bool same_structure(engine::Layout const& x, engine::Layout const& y) {
  if (x.ntok != y.ntok || x.nleaf != y.nleaf) return false;
  for (int t = 0; t < x.ntok; ++t)
    if (x.tok[t] != y.tok[t]) return false;
  auto same = [](engine::Int a, engine::Int b) { return a.is_static == b.is_static && (!a.is_static || a.v == b.v); };
  for (int k = 0; k < x.nleaf; ++k)
    if (!same(x.shape[k], y.shape[k]) || !same(x.stride[k], y.stride[k])) return false;
  return true;
}

// Does a dynamic integer of t (under st) hold a degenerate value: a shape 1
// or a stride 0? The structure of a result cannot depend on such a value.
bool degenerate(TL const& t, Stat st) {
  bool const ds = st == dyn_shapes || st == all_dynamic, dd = st == dyn_strides || st == all_dynamic;
  for (auto const& m : t.m)
    if ((ds && m.s == 1) || (dd && m.d == 0)) return true;
  return false;
}

// The typed library on dynamic arguments, modelled on the engine: a
// compile-time (symbolic) pass on the static facts, where each dynamic
// integer is a placeholder; a compile error if it fails. At run time the
// engine on the real values; tessel::error if it fails or if it builds another
// structure than the compile-time pass. The result takes its static integers
// from the compile-time pass and its dynamic ones from the run time.
// This compares it with the same operation on static integers.
void static_vs_dynamic(bool degenerate_values, i64 amax, std::vector<i64> const& strides, bool fallback = true) {
  Timer t;
  long long n = 0;
  std::vector<TL> const as = collect({"x", "(x,x)", "(x,x,x)"}, amax, strides, {0, 5});
  // (B with a negative stride too: a product reads A* along its last mode, of span the largest
  // reach of A; with dynamic integers that was the last dynamic reach until session 12.)
  std::vector<TL> const bs = collect({"x", "(x,x)"}, 4, {0, 1, 2, 3, -1}, {0});
  using Op = std::function<engine::Layout(engine::Layout const&, engine::Layout const&, engine::Ctx&)>;
  std::vector<std::pair<char const*, Op>> const ops = {
      {"composition", [](auto const& a, auto const& b, engine::Ctx& c) { return engine::composition(a, b, c); }},
      {"complement", [](auto const& a, auto const& b, engine::Ctx& c) { return engine::complement(a, engine::size_int(b, c.err), c); }},
      {"logical_divide", [](auto const& a, auto const& b, engine::Ctx& c) { return engine::logical_divide(a, engine::tiler_of(b), c); }},
      {"zipped_divide", [](auto const& a, auto const& b, engine::Ctx& c) { return engine::zipped_divide(a, engine::tiler_of(b), c); }},
      {"logical_product", [](auto const& a, auto const& b, engine::Ctx& c) { return engine::logical_product(a, engine::tiler_of(b), c); }},
      {"blocked_product", [](auto const& a, auto const& b, engine::Ctx& c) { return engine::blocked_product(a, b, c); }},
      {"raked_product", [](auto const& a, auto const& b, engine::Ctx& c) { return engine::raked_product(a, b, c); }},
      {"coalesce", [](auto const& a, auto const&, engine::Ctx& c) { return engine::coalesce(a, c); }},
      {"complement", [](auto const& a, auto const&, engine::Ctx& c) { return engine::complement(a, c); }},
      {"right_inverse", [](auto const& a, auto const&, engine::Ctx& c) { return engine::right_inverse(a, c); }},
      {"left_inverse", [](auto const& a, auto const&, engine::Ctx& c) { return engine::left_inverse(a, c); }},
  };
  char const* const stat_name[] = {"static", "dynamic shapes", "dynamic strides", "all dynamic"};
  enum Kind { compile_error, runtime_error, accepts_inadmissible, different_function, nkinds };
  char const* const kind_name[] = {"a compile error where static integers succeed",
                                   "a run-time error where static integers succeed",
                                   "a result where static integers give a compile error (inadmissible)",
                                   "a different function than with static integers"};
  std::vector<std::array<long long, nkinds>> count(ops.size(), std::array<long long, nkinds>{});
  std::vector<std::array<std::string, nkinds>> first(ops.size());
  std::vector<long long> past_domain(ops.size(), 0);
  long long past_domain_admitted = 0, past_domain_refused = 0;
  // Operations whose result is A read at the points of another layout W
  // (composition: B; the divides: B and its complement).
  auto reads_a = [&](std::size_t o) {
    std::string const op = ops[o].first;
    return op == "composition" || op == "logical_divide" || op == "zipped_divide";
  };
  // W, the index into A at each point of the result: the same operation on
  // the identity size(A):1. A size-1 mode of A that is dynamic is not dropped
  // before A is extended past its size, as a static one is (composition(1:5,
  // 2:1) is 2:5 with a dynamic 1, _2:_0 with a static one), so the values
  // past A's size are a convention. The identity has a dynamic size, so that
  // a size 1 is not dropped and it extends as i -> i.
  auto index_into_a = [&](std::size_t o, TL const& a, TL const& b, Stat st, Modes& wv) {
    engine::Ctx ci;
    TL const id{"x", {{size_of(a.m), 1}}};
    engine::Layout const W = ops[o].second(build(id, dyn_shapes), build(b, st), ci);
    wv = leaves(W);
    return !ci.err;
  };
  long long fitted = 0, as_cute = 0;  // results of the by-values path given the result type  // values that differ only where A is read past its size
  auto note = [&](std::size_t o, Kind k, std::string const& what) {
    if (count[o][k]++ == 0) first[o][k] = what;
  };
  for (TL const& a : as) {
    for (TL const& b : bs) {
      for (std::size_t o = 0; o < ops.size(); ++o) {
        bool const unary = o >= 7;
        if (unary && &b != &bs.front()) continue;
        engine::Ctx cs;
        engine::Layout const S = ops[o].second(build(a), build(b), cs);
        // Static integers in, static integers out (CuTe prints them as _N).
        if (!cs.err && !degenerate_values) {
          for (int k = 0; k < S.nleaf; ++k) {
            EXPECT_TRUE(S.shape[k].is_static && S.stride[k].is_static)
                << ops[o].first << "(" << fmt(a) << (o >= 7 ? "" : "," + fmt(b)) << ") = " << fmt(S) << " has a dynamic integer";
          }
        }
        for (Stat st : {dyn_shapes, dyn_strides, all_dynamic}) {
          if ((degenerate(a, st) || (!unary && degenerate(b, st))) != degenerate_values) continue;
          ++n;
          engine::Ctx real, sym;
          real.strict = true;  // the typed API's run-time pass uses no value-based fallbacks
          real.follow = true;  // and makes the compile-time pass's structural choices
          sym.symbolic = true;
          engine::Layout const Y = ops[o].second(build(a, st, true), build(b, st, true), sym);
          auto call = [&] {
            return std::string(ops[o].first) + "(" + fmt(a) + (unary ? "" : "," + fmt(b)) + ") with " + stat_name[st] + ": ";
          };
          auto sres = [&] { return cs.err ? engine::describe(cs.err) : fmt(S); };
          if (sym.err) {
            if (!cs.err) note(o, compile_error, call() + engine::describe(sym.err) + "; static " + sres());
            continue;
          }
          engine::Layout D = ops[o].second(build(a, st), build(b, st), real);
          bool typed_ok = !real.err && same_structure(Y, D);
          // Where that fails, bridge.hpp's recover: on the host, CuTe's arithmetic in the type's
          // structure (the follow pass without its conditions) where it is a fit of the engine's
          // own answer (with its by-values fallbacks); then the strict pass that skips degenerate
          // modes; then the engine's answer given the result type (engine::fit) if it can spell it.
          engine::Ctx loose;
          engine::Layout D2;
          if (!typed_ok && fallback) {
            D2 = ops[o].second(build(a, st), build(b, st), loose);
            engine::Ctx cute;
            cute.strict = cute.follow = cute.unchecked = true;
            engine::Layout const C = ops[o].second(build(a, st), build(b, st), cute);
            bool const flat = o >= 7 || o == 1;  // (coalesce, complement, the inverses)
            if (!loose.err && !cute.err && same_structure(Y, C) && engine::same_fit(C, D2, flat)) {
              D = C;
              real = cute;
              typed_ok = true;
              ++as_cute;
            }
          }
          if (!typed_ok) {
            engine::Ctx skip;
            skip.strict = true;
            engine::Layout const D3 = ops[o].second(build(a, st), build(b, st), skip);
            if (!skip.err && same_structure(Y, D3)) {
              D = D3;
              real = skip;
              typed_ok = true;
            }
          }
          if (!typed_ok && fallback) {
            engine::Layout F = Y;
            if (!loose.err && engine::fit(F, D2)) {
              D = F;
              real = loose;
              typed_ok = true;
              ++fitted;
            }
          }
          auto dres = [&] {
            return real.err ? engine::describe(real.err)
                   : typed_ok ? fmt(D)
                              : "structure mismatch (compile time " + fmt(Y) + ", run time " + fmt(D) + ")";
          };
          if (cs.err) {
            // Inadmissible with static integers only because of how A is
            // extended past its size: a convention, counted.
            Modes wv;
            bool past = false;
            if (degenerate_values && reads_a(o) && index_into_a(o, a, b, st, wv))
              for (i64 j : values(wv)) past = past || j >= size_of(a.m);
            if (typed_ok && past) ++past_domain_admitted;
            else if (typed_ok) note(o, accepts_inadmissible, call() + dres() + "; static " + sres());
            continue;
          }
          if (!typed_ok) {
            // Refused only because A is read past its size, where a dynamic
            // size-1 mode extends differently: a convention, counted apart.
            Modes wv;
            bool past = false;
            if (degenerate_values && reads_a(o) && index_into_a(o, a, b, st, wv))
              for (i64 j : values(wv)) past = past || j >= size_of(a.m);
            if (past) ++past_domain_refused;
            else note(o, runtime_error, call() + dres() + "; static " + sres());
            continue;
          }
          engine::Layout T = Y;  // the typed result
          for (int k = 0; k < T.nleaf; ++k) {
            if (!T.shape[k].is_static) T.shape[k] = D.shape[k];
            if (!T.stride[k].is_static) T.stride[k] = D.stride[k];
          }
          Modes const sv = leaves(S), tv = leaves(T);
          std::string const op = ops[o].first;
          bool same = size_of(sv) == size_of(tv);
          if (op == "left_inverse") {
            // Defined only for injective L, and only on L's image: R(L(i)) == i
            // (its size is not determined: any R that covers the image will do).
            same = true;
            if (injective(a.m))
              for (i64 i = 0; same && i < size_of(a.m); ++i) same = ev(a.m, i) < size_of(tv) && ev(tv, ev(a.m, i)) == i;
          } else if (reads_a(o)) {
            // Where the result reads A past its size, its value is a convention
            // (see index_into_a): compare where A is read inside its domain.
            i64 const na = size_of(a.m);
            Modes wv;
            same = same && index_into_a(o, a, b, st, wv) && size_of(wv) == size_of(sv);
            for (i64 i = 0; same && i < size_of(sv); ++i) {
              if (ev(wv, i) < na) same = ev(sv, i) == ev(tv, i);
              else if (ev(sv, i) != ev(tv, i)) ++past_domain[o];
            }
          } else {
            same = same && values(sv) == values(tv);
          }
          if (!same)
            note(o, different_function, call() + fmt(T) + (fmt(T) != fmt(D) ? " (the run-time pass computed " + fmt(D) + ")" : "") +
                                            "; static " + sres());
        }
      }
    }
  }
  // Asserted: never silently wrong (a different function, or a result where
  // static integers are refused). Counted and printed, not asserted: inputs that
  // static integers admit but dynamic ones refuse (at compile time, or at run
  // time when only the by-values search or a run-time-only degenerate value
  // would admit them) - the typed API is stricter than the mathematics there,
  // a known limitation (docs/ALGEBRA.md).
  for (std::size_t o = 0; o < ops.size(); ++o)
    for (int k = 0; k < nkinds; ++k) {
      bool const limitation = k == compile_error || k == runtime_error;
      if (limitation) {
        if (count[o][k]) std::printf("  known limitation: %s: %s in %lld runs, e.g. %s\n", ops[o].first,
                                     kind_name[k], count[o][k], first[o][k].c_str());
        continue;
      }
      EXPECT_EQ(count[o][k], 0) << ops[o].first << ": " << kind_name[k] << " in " << count[o][k] << " runs, e.g. "
                                << first[o][k];
    }
  for (std::size_t o = 0; o < ops.size(); ++o)
    if (past_domain[o])
      std::printf("  %s: %lld values differ only where A is read past its size (the extension convention)\n",
                  ops[o].first, past_domain[o]);
  std::printf("  %lld results came from CuTe's arithmetic in the result type, checked against the engine's own\n", as_cute);
  std::printf("  %lld results came from the by-values path, fitted to the result type\n", fitted);
  std::printf("  %lld results admitted, and %lld refused, only by how a dynamic size-1 mode extends A past its size\n",
              past_domain_admitted, past_domain_refused);
  report(degenerate_values ? "static vs dynamic (degenerate values): runs" : "static vs dynamic: runs", n, t.s());
}
}  // namespace

// Dynamic integers that are not size-1 shapes or zero strides.
TEST(Exhaustive, StaticVsDynamic) { static_vs_dynamic(false, 8, {0, 1, 2, 3, 4}); }

// Dynamic integers that are size-1 shapes or zero strides at run time (a
// dynamic batch of 1, a broadcast stride 0 known only at run time).
// DISABLED: dynamic shapes that are 1 at run time change where A is extended
// past its size (composition(1:_5, _2:_1) is 2:_5 with a dynamic 1, _2:_0 with
// a static one; the engine extends the coalesced mode, as CuTe). Open issue.
TEST(Exhaustive, StaticVsDynamicDegenerateValues) { static_vs_dynamic(true, 6, {0, 1, 2}); }
