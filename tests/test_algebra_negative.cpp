// Negative strides across the algebra, exhaustively on small layouts, on the
// run-time engine (the one behind the typed library and `tessel eval`).
//
// Layouts: every flat layout of rank 1 or 2 (and the rank-1 tuple) with
// shapes 1..6, size <= 6, and strides in -4..4 (binary operations: A of size
// <= 6 with strides in -3..3, B of size <= 4 with strides in -2..2), at least
// one stride negative. For every operation, each result is
// either a named error or meets the operation's definition, checked from its
// values here (never silently wrong):
//   coalesce         R(i) == L(i) for i < size(L), same size;
//   composition      R(i) == A(B(i)) for i < size(B), A read past its domain
//                    (and below 0) as CuTe reads it: x % s, x / s in C++,
//                    the last mode taking the rest;
//   left_inverse     R(L(i)) == i for an injective L; for another L,
//                    L(R(L(i))) == L(i) (CuTe's quasi-inverse);
//   right_inverse    L(R(i)) == i for i < size(R);
//   complement       named error (negative strides are refused) or the
//                    postconditions: R strictly increasing, R(i) != A(j)
//                    for i >= 1;
//   logical_divide   mode 0 is A o B: D0(i) == A(B(i));
//   logical_product  mode 0 is A; for injective A and B the result is
//                    injective on its domain;
//   blocked/raked    the same values as logical_product's, paired per mode.
// CuTe's answers on these are compared by tests/cute_compat/random_compare.py
// (docs/CUTE_DIFFERENCES.md); here the point is that no result is wrong.
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <set>
#include <vector>

#include <tessel/engine/engine.hpp>

namespace {

namespace engine = tessel::engine;
using engine::i64;

struct Flat {
  std::vector<i64> s, d;
  bool tuple = false;  // (x) or (x,x): a tuple; x: an integer layout
};

engine::Layout build(Flat const& f) {
  engine::Layout l;
  engine::Error e;
  if (f.tuple) l.open(e);
  for (std::size_t k = 0; k < f.s.size(); ++k) l.leaf(engine::sint(f.s[k]), engine::sint(f.d[k]), e);
  if (f.tuple) l.close(e);
  return l;
}

// Every layout of the patterns x, (x), (x,x) with size <= smax and strides in
// [-dmax, dmax], with a negative stride when neg.
void for_each(bool neg, std::function<void(Flat const&)> const& f, i64 smax = 6, i64 dmax = 4) {
  for (int pat = 0; pat < 3; ++pat) {
    int const n = pat == 2 ? 2 : 1;
    Flat t;
    t.tuple = pat > 0;
    t.s.assign(n, 1);
    t.d.assign(n, 0);
    std::function<void(int, i64)> shapes;
    std::function<void(int)> strides = [&](int k) {
      if (k == n) {
        bool has_neg = false;
        for (int j = 0; j < n; ++j) has_neg = has_neg || t.d[j] < 0;
        if (has_neg == neg) f(t);
        return;
      }
      for (i64 d = -dmax; d <= dmax; ++d) { t.d[k] = d; strides(k + 1); }
    };
    shapes = [&](int k, i64 prod) {
      if (k == n) { strides(0); return; }
      for (i64 s = 1; prod * s <= smax; ++s) { t.s[k] = s; shapes(k + 1, prod * s); }
    };
    shapes(0, 1);
  }
}

i64 ev(engine::Layout const& l, i64 x) {
  engine::Error e;
  i64 const v = engine::eval(l, x, e);
  EXPECT_FALSE(e);
  return v;
}
i64 sz(engine::Layout const& l) {
  engine::Error e;
  return engine::size(l, e);
}
bool injective(engine::Layout const& l) {
  std::set<i64> seen;
  for (i64 i = 0, n = sz(l); i < n; ++i)
    if (!seen.insert(ev(l, i)).second) return false;
  return true;
}
// The values of the mode at top-level position m of l.
engine::Layout mode_of(engine::Layout const& l, int m) {
  engine::Error e;
  return engine::mode(l, m, e);
}
std::string str(engine::Layout const& l) {
  std::string s;
  for (int k = 0; k < l.nleaf; ++k) s += std::to_string(l.shape[k].v) + ":" + std::to_string(l.stride[k].v) + " ";
  return s;
}

struct Count {
  long results = 0, errors = 0;
  void print(char const* what) const { std::printf("[negative] %-16s %6ld results, %6ld named errors\n", what, results, errors); }
};

#define CHECK_NEG(cond, msg)                                      \
  do {                                                            \
    if (!(cond)) {                                                \
      ADD_FAILURE() << msg;                                       \
      if (++failures > 20) return;                                \
    }                                                             \
  } while (0)

TEST(Negative, Unary) {
  int failures = 0;
  Count co, li, ri, cm;
  for_each(true, [&](Flat const& f) {
    if (failures > 20) return;
    engine::Layout const L = build(f);
    i64 const n = sz(L);
    {
      engine::Ctx cx;
      engine::Layout const R = engine::coalesce(L, cx);
      ASSERT_FALSE(cx.err);
      ++co.results;
      CHECK_NEG(sz(R) == n, "coalesce size " << str(L));
      for (i64 i = 0; i < n; ++i) CHECK_NEG(ev(R, i) == ev(L, i), "coalesce " << str(L) << " at " << i);
    }
    {
      engine::Ctx cx;
      engine::Layout const R = engine::left_inverse(L, cx);
      if (cx.err) {
        ++li.errors;
      } else {
        ++li.results;
        bool const inj = injective(L);
        for (i64 i = 0; i < n; ++i) {
          i64 const x = ev(L, i);
          if (inj) CHECK_NEG(ev(R, x) == i, "left_inverse " << str(L) << " -> " << str(R) << " at " << i);
          else CHECK_NEG(ev(L, ev(R, x)) == x, "left_inverse (not injective) " << str(L) << " -> " << str(R) << " at " << i);
        }
      }
    }
    {
      engine::Ctx cx;
      engine::Layout const R = engine::right_inverse(L, cx);
      if (cx.err) {
        ++ri.errors;
      } else {
        ++ri.results;
        for (i64 i = 0, m = sz(R); i < m; ++i)
          CHECK_NEG(ev(L, ev(R, i)) == i, "right_inverse " << str(L) << " -> " << str(R) << " at " << i);
      }
    }
    for (i64 M : {i64(0), i64(12), i64(24)}) {
      engine::Ctx cx;
      engine::Layout const R = M == 0 ? engine::complement(L, cx) : engine::complement(L, engine::sint(M), cx);
      if (cx.err) { ++cm.errors; continue; }
      ++cm.results;
      for (i64 i = 1, m = sz(R); i < m; ++i) {
        CHECK_NEG(ev(R, i) > ev(R, i - 1), "complement not increasing " << str(L) << " -> " << str(R));
        for (i64 j = 0; j < n; ++j) CHECK_NEG(ev(R, i) != ev(L, j), "complement meets A " << str(L) << " -> " << str(R));
      }
    }
  });
  co.print("coalesce");
  li.print("left_inverse");
  ri.print("right_inverse");
  cm.print("complement");
  EXPECT_GT(li.results, 0);
}

TEST(Negative, Binary) {
  int failures = 0;
  Count comp, div, prod, blk;
  // A: size <= 6, strides in [-3, 3]; B: size <= 4, strides in [-2, 2] (a few
  // seconds at -O0); every pair with a negative stride in A or B.
  std::vector<Flat> as, bs;
  for (bool neg : {true, false}) {
    for_each(neg, [&](Flat const& f) { as.push_back(f); }, 6, 3);
    for_each(neg, [&](Flat const& f) { bs.push_back(f); }, 4, 2);
  }
  for (Flat const& fa : as) {
    engine::Layout const A = build(fa);
    bool a_neg = false;
    for (i64 d : fa.d) a_neg = a_neg || d < 0;
    for (Flat const& fb : bs) {
      bool b_neg = false;
      for (i64 d : fb.d) b_neg = b_neg || d < 0;
      if (!a_neg && !b_neg) continue;  // (the positive cases: test_algebra_exhaustive)
      if (failures > 20) return;
      engine::Layout const B = build(fb);
      i64 const nb = sz(B);
      {
        engine::Ctx cx;
        engine::Layout const R = engine::composition(A, engine::tiler_of(B), cx);
        if (cx.err) {
          ++comp.errors;
        } else {
          ++comp.results;
          CHECK_NEG(sz(R) == nb, "composition size " << str(A) << " o " << str(B));
          for (i64 i = 0; i < nb; ++i)
            CHECK_NEG(ev(R, i) == ev(A, ev(B, i)), "composition " << str(A) << " o " << str(B) << " -> " << str(R) << " at " << i);
        }
      }
      {
        engine::Ctx cx;
        engine::Layout const R = engine::logical_divide(A, engine::tiler_of(B), cx);
        if (cx.err) {
          ++div.errors;
        } else {
          ++div.results;
          engine::Layout const D0 = mode_of(R, 0);
          CHECK_NEG(sz(D0) == nb, "logical_divide tile size " << str(A) << " / " << str(B));
          for (i64 i = 0; i < nb; ++i)
            CHECK_NEG(ev(D0, i) == ev(A, ev(B, i)), "logical_divide " << str(A) << " / " << str(B) << " -> " << str(R) << " at " << i);
        }
      }
      bool const both_injective = injective(A) && injective(B);
      {
        engine::Ctx cx;
        engine::Layout const R = engine::logical_product(A, engine::tiler_of(B), cx);
        if (cx.err) {
          ++prod.errors;
        } else {
          ++prod.results;
          engine::Layout const P0 = mode_of(R, 0);
          for (i64 i = 0, n = sz(A); i < n; ++i) CHECK_NEG(ev(P0, i) == ev(A, i), "logical_product mode 0 " << str(A));
          if (both_injective) CHECK_NEG(injective(R), "logical_product not injective " << str(A) << " x " << str(B) << " -> " << str(R));
        }
      }
      for (bool raked : {false, true}) {
        engine::Ctx cx;
        engine::Layout const R = raked ? engine::raked_product(A, B, cx) : engine::blocked_product(A, B, cx);
        if (cx.err) { ++blk.errors; continue; }
        ++blk.results;
        CHECK_NEG(sz(R) == sz(A) * nb, "blocked/raked size " << str(A) << " x " << str(B));
        if (both_injective) CHECK_NEG(injective(R), (raked ? "raked" : "blocked") << "_product not injective " << str(A) << " x " << str(B) << " -> " << str(R));
      }
    }
  }
  comp.print("composition");
  div.print("logical_divide");
  prod.print("logical_product");
  blk.print("blocked/raked");
  EXPECT_GT(comp.results, 0);
  EXPECT_GT(prod.results, 0);
}

}  // namespace
