// tessel/algebra/fast_path.hpp: the typed fast path for tiling with dynamic
// integers, and run_op, which chooses between it and the engine.
//
// With dynamic integers, the general path runs the whole engine once more at
// run time (bridge.hpp: run_op_engine). In device code that costs ~1 KiB
// values in local memory, recursion and a large kernel. For the common tiling
// calls the fast path gets the same result from a few multiplications and
// divisions by constants instead.
//
// It is not a second implementation of the algebra. At compile time, the
// engine's own passes give the result's type (structure and static integers:
// the type the general path builds) and, for each dynamic integer of the
// result, a recipe: "input integer j times c" or "ceil_div(input integer j, c)",
// with c static. At run time only the recipes are evaluated. A plan is used
// only where it agrees with the compile-time pass on every integer (which are
// static and their values); otherwise run_op takes the general path.
//
// Two planners, for composition, logical_divide, zipped_divide, tiled_divide
// and flat_divide (and what is built on them: local_tile, local_partition,
// inner_partition, outer_partition) by a static tiler:
//
//  * by mode (the tiler may nest: a nested tuple goes into the mode's own
//    modes): every mode that a tiler entry divides is one leaf s:d
//    (s and d static or dynamic). The engine computes such a mode as
//    (s:d) o E or (s:d) o (E, complement(E, s)). A one-leaf layout coalesces to
//    s:d (to nothing when s is a static 1: d then counts as a static 0), and
//    its composition with a leaf n:r is n:r*d with no condition to check. So
//    mode i has the structure of B = E or (E, complement(E, s)), B is computed
//    here by the engine at compile time, and leaf k of the result is
//      shape  B's shape k: static, or the last mode of the complement, whose
//             value is ceil_div(s, its stride) (the complement's cotarget is s);
//      stride B's stride k times d.
//    Arranging (zipped, tiled, flat) only moves leaves; the engine's arrange,
//    run at compile time on a layout whose leaves are numbered, gives the order.
//  * linear: every shape of the layout is static (strides may be dynamic), any
//    static tiler (e.g. a TV layout). Then the engine's run-time pass only
//    multiplies the dynamic strides by static numbers, so each result stride is
//    a linear function of them. The engine's run-time pass is run at compile
//    time on probe strides (unit vectors) to read the coefficients, and the
//    plan is kept only when every dynamic result stride is a single term and
//    two further probes (mixed signs) give exactly the predicted values.
//
// Errors. Static conditions fail at compile time, as before (the plan comes
// after the compile-time pass). With static tilers the only run-time failure
// the engine can report on these inputs is an integer overflow. With 32-bit
// dynamic integers and static integers below 2^31 none is possible, and the
// products are not checked. With wider integers every product is checked: on
// the host an overflow (or, in a linear plan, a dynamic stride of 2^31 or more,
// where the engine's intermediate products may overflow) hands the call to the
// general path, which reports the engine's own error; in device code the
// first overflowing product is reported (tessel: integer overflow [c x 0]).
#pragma once

#include "bridge.hpp"

namespace TESSEL_NAMESPACE::detail {

// The tiling operation an op_* struct runs (specialised in algebra.hpp).
enum class Family : int { none, composition, logical_divide, zipped_divide, tiled_divide, flat_divide };
template <class Op> inline constexpr Family family_of = Family::none;

namespace fast {

inline constexpr engine::i64 kSmall = 2147483647;  // 2^31 - 1

TESSEL_HOST_DEVICE_NOFORCE constexpr engine::Layout run_family(Family f, engine::Layout const& a, engine::Tiler const& t, engine::Ctx& cx) {
  switch (f) {
    case Family::composition: return engine::composition(a, t, cx);
    case Family::logical_divide: return engine::logical_divide(a, t, cx);
    case Family::zipped_divide: return engine::zipped_divide(a, t, cx);
    case Family::tiled_divide: return engine::tiled_divide(a, t, cx);
    case Family::flat_divide: return engine::flat_divide(a, t, cx);
    default: break;
  }
  cx.fail(engine::Err::bad_argument);
  return a;
}

// How one dynamic integer of the result is computed from the input layout's
// flattened integers: fixed (the value c), mul (input * c), ceil_div
// (ceil_div(input, c), as the engine's cdiv). The input is shape j, or stride j.
enum class Kind : signed char { fixed, mul, ceil_div };
struct Recipe {
  Kind kind = Kind::fixed;
  bool of_stride = false;
  int j = 0;
  engine::i64 c = 0;
};
TESSEL_HOST_DEVICE_NOFORCE constexpr Recipe fixed(engine::i64 v) { return {Kind::fixed, false, 0, v}; }

struct Plan {
  bool ok = false;
  bool linear = false;  // from the linear planner
  int n = 0;
  Recipe shape[engine::kMaxLeaves];
  Recipe stride[engine::kMaxLeaves];
  // The input leaves whose shape*stride the engine's run-time pass computes (coalescing a mode
  // of several leaves; node_leaves): on the host an overflow there hands the call to the engine.
  bool products[engine::kMaxLeaves] = {};
  TESSEL_HOST_DEVICE_NOFORCE constexpr void push(Recipe s, Recipe d) {
    if (n >= engine::kMaxLeaves) { ok = false; return; }
    shape[n] = s;
    stride[n] = d;
    ++n;
  }
};

// ---- the by-mode planner ----------------------------------------------------------------------

// Leaves [k0, k1) of a, unchanged.
TESSEL_HOST_DEVICE_NOFORCE constexpr void copy_leaves(Plan& p, engine::Layout const& a, int k0, int k1) {
  for (int k = k0; k < k1; ++k)
    p.push(a.shape[k].is_static ? fixed(a.shape[k].v) : Recipe{Kind::ceil_div, false, k, 1},
           a.stride[k].is_static ? fixed(a.stride[k].v) : Recipe{Kind::mul, true, k, 1});
}

// The leaves of the one-leaf mode s:d = leaf k of a, tiled by the static entry E.
TESSEL_HOST_DEVICE_NOFORCE constexpr void entry_leaves(Plan& p, engine::Layout const& a, int k, engine::Layout const& E, bool divide) {
  engine::Ctx cx;
  cx.symbolic = true;
  engine::Int const s = a.shape[k], d = a.stride[k];
  engine::Layout B = E;
  if (divide) {  // as engine::apply_entry: (E, complement(E, size(A_i)))
    engine::Layout ai;
    ai.leaf(s, d, cx.err);
    B = engine::Builder(cx.err).add(E).add(engine::complement(E, engine::size_int(ai, cx.err), cx)).done();
  }
  if (cx.err) { p.ok = false; return; }
  engine::Int const dd = engine::known(s, 1) ? engine::sint(0) : d;
  for (int q = 0; q < B.nleaf; ++q) {
    engine::Int const bs = B.shape[q], r = B.stride[q];
    Recipe rs, rd;
    if (bs.is_static) rs = fixed(bs.v);
    else if (!s.is_static && r.is_static && r.v > 0) rs = {Kind::ceil_div, false, k, r.v};
    else { p.ok = false; return; }
    if (engine::known(r, 0) || engine::known(dd, 0)) {
      rd = fixed(0);
    } else if (r.is_static && dd.is_static) {
      engine::Int const x = cx.ar().mul(r, dd);
      if (cx.err) { p.ok = false; return; }
      rd = fixed(x.v);
    } else if (r.is_static) {
      rd = {Kind::mul, true, k, r.v};
    } else {
      p.ok = false;
      return;
    }
    p.push(rs, rd);
  }
}

// The leaves of the node of several leaves [k0, k1) of a, tiled by the static entry E (the entry's
// layout as engine::entry_layout gives it). The node's shapes are static but for its last leaf
// (the TMA tests' (_4,n):(_1,512) under a tile _128, ((_32,_4,n)) under _128). Strides may be
// dynamic. The engine computes the node as A o B with B = E or (E, complement(E, coalesce(A))):
//  * A coalesced (Merge::cute) merges only static leaves with static strides, so its modes are the
//    static leaves, some merged, then the dynamic leaf n, last and unbounded: its shape is never
//    read by the walk. Each dynamic stride stays the stride of one input leaf (tagged here with
//    its index, never multiplied).
//  * B's leaves are static but for the complement's last, whose shape is ceil_div(P*n, r) with P
//    the product of the node's static shapes and r its stride (static): the cotarget's modes
//    give n itself at stride P, CuTe's rounding ceil_div(P*n, cur) at stride cur. As a recipe:
//    ceil_div(n, r/P) where P divides r, n*(P/r) where r divides P (otherwise not planned).
//  * Each leaf N:r of B walks A's bounded modes with static strides and shapes, as
//    engine::compose_leaf does: every condition is static and checked here (a failure leaves the
//    call to the engine, which reports it). A dynamic N must pass every bounded mode and land on
//    the last one (where it would stop inside a static mode the engine takes min(mode, N) and
//    checks divisibility at run time: not planned). Each result stride is the walk's static
//    stride times one input stride.
//  * The engine's run-time pass then checks that B's leaves do not carry into each other inside
//    A's bounded modes (composition_walk): the dynamic leaf puts no digit there, so the check is
//    on static numbers and is made here.
// Where any of this does not hold the planner returns false and the call takes the engine.
TESSEL_HOST_DEVICE_NOFORCE constexpr bool node_leaves(Plan& p, engine::Layout const& a, int k0, int k1, engine::Layout const& E,
                                                      bool divide) {
  engine::Ctx cx;
  cx.symbolic = true;
  int kn = -1;  // the dynamic shape (the node's last leaf), if any
  engine::i64 P = 1;
  for (int k = k0; k < k1; ++k) {
    if (!a.shape[k].is_static) {
      if (k != k1 - 1) return false;
      kn = k;
    } else {
      if (a.shape[k].v <= 0) return false;
      P = cx.ar().mul(P, a.shape[k].v);
    }
  }
  if (kn < 0 && engine::known(a.shape[k1 - 1], 1)) return false;  // (the walk would keep a static 1 as its last mode)
  // The node as the engine sees it, with each dynamic stride tagged by its leaf's index.
  engine::Layout node;
  engine::Modes flat;
  node.open(cx.err);
  for (int k = k0; k < k1; ++k) {
    node.leaf(a.shape[k], a.stride[k], cx.err);
    flat.push(a.shape[k], a.stride[k].is_static ? a.stride[k] : engine::Int{k, false}, cx.err);
  }
  node.close(cx.err);
  engine::Modes const m = engine::coalesce_modes(flat, cx, engine::Merge::cute);
  if (engine::coalesce_modes(flat, cx, engine::Merge::any).n != m.n || m.n == 0) return false;  // (the engine may walk the other)
  for (int k = k0; k + 1 < k1; ++k) p.products[k] = !engine::known(a.shape[k], 1) && !a.stride[k].is_static;
  for (int i = 0; i + 1 < m.n; ++i)
    if (!m.s[i].is_static) return false;
  engine::Layout B = E;
  if (divide) {
    // complement's chain condition, so that no postcondition is left to check at run time.
    engine::Modes f = engine::flat_modes(engine::filter(E, cx));
    engine::i64 cur = 1;
    for (int n = 0; n < f.n; ++n) {
      int lo = -1;
      for (int j = 0; j < f.n; ++j)
        if (f.s[j].v != 0 && (lo < 0 || f.d[j].v < f.d[lo].v)) lo = j;
      if (engine::known(f.d[lo], 0)) break;
      if (f.d[lo].v < cur || f.d[lo].v % cur != 0) return false;
      cur = cx.ar().mul(f.d[lo].v, f.s[lo].v);
      f.s[lo].v = 0;  // done
    }
    B = engine::Builder(cx.err).add(E).add(engine::complement(E, engine::coalesce(node, cx), cx)).done();
  }
  if (cx.err) return false;
  // Leaf by leaf of B, the walk of engine::compose_leaf over m.
  auto stride_of = [&](engine::Int x, engine::Int d, Recipe& out) {  // x (static) times d
    if (engine::known(x, 0) || engine::known(d, 0)) { out = fixed(0); return true; }
    if (d.is_static) {
      engine::Error e;
      engine::i64 const v = engine::Arith{&e}.mul(x.v, d.v);
      out = fixed(v);
      return !e;
    }
    out = {Kind::mul, true, int(d.v), x.v};
    return true;
  };
  for (int q = 0; q < B.nleaf; ++q) {
    engine::Int const N = B.shape[q], r = B.stride[q];
    if (!r.is_static) return false;
    Recipe rn = fixed(N.v);
    if (!N.is_static) {
      if (kn < 0 || r.v <= 0) return false;
      if (r.v % P == 0) rn = {Kind::ceil_div, false, kn, r.v / P};
      else if (P % r.v == 0) rn = {Kind::mul, false, kn, P / r.v};
      else return false;
    }
    if (r.v == 0) { p.push(rn, fixed(0)); continue; }
    if (m.n == 1) {
      Recipe d;
      if (!stride_of(r, m.d[0], d)) return false;
      p.push(rn, d);
      continue;
    }
    bool const one = engine::known(N, 1);
    engine::Int rest_shape = N;
    engine::i64 rest_stride = r.v;
    int pushed = 0;
    for (int i = 0; i + 1 < m.n; ++i) {
      engine::i64 const M = m.s[i].v, c = engine::iabs(rest_stride);
      if (!one && !(c % M == 0 || (c < M && M % c == 0))) return false;
      engine::i64 const next_shape = engine::cdiv(M, c), next_stride = engine::cdiv(c, M) * engine::sgn(rest_stride);
      if (next_shape == 1 || engine::known(rest_shape, 1)) { rest_stride = next_stride; continue; }
      if (!rest_shape.is_static) return false;  // a dynamic N stopping inside a static mode
      engine::i64 const ns = next_shape < rest_shape.v ? next_shape : rest_shape.v;
      if (ns != 0 && rest_shape.v % ns != 0) return false;
      Recipe d;
      if (!stride_of(engine::sint(rest_stride), m.d[i], d)) return false;
      p.push(fixed(ns), d);
      ++pushed;
      rest_shape = engine::sint(ns ? rest_shape.v / ns : 1);
      rest_stride = next_stride;
    }
    if (pushed == 0 || !engine::known(rest_shape, 1)) {
      Recipe d;
      if (!stride_of(engine::sint(rest_stride), m.d[m.n - 1], d)) return false;
      p.push(rest_shape.is_static ? fixed(rest_shape.v) : rn, d);
    }
  }
  // The carry check of engine::composition_walk, on B's static leaves (the dynamic one passes
  // every bounded mode, so it puts no digit there).
  if (B.nleaf >= 2 && m.n >= 2) {
    engine::i64 digits[engine::kMaxLeaves] = {};
    for (int q = 0; q < B.nleaf; ++q) {
      engine::i64 c = B.stride[q].v, n = B.shape[q].is_static ? B.shape[q].v : 1;
      if (c < 0) return false;
      if (c == 0 || n == 1) continue;
      for (int i = 0; i + 1 < m.n && n > 1; ++i) {
        engine::i64 const M = m.s[i].v;
        if (c >= M) { c /= M; continue; }
        engine::i64 const cnt = M / c < n ? M / c : n;
        digits[i] += c * (cnt - 1);
        n = cnt ? n / cnt : 1;
        c = 1;
      }
    }
    for (int i = 0; i + 1 < m.n; ++i)
      if (digits[i] > m.s[i].v - 1) return false;
  }
  return !cx.err;
}

// Whether the plan agrees with the engine's compile-time pass H: the same
// integers static, with the same values.
TESSEL_HOST_DEVICE_NOFORCE constexpr bool agrees(Plan const& p, engine::Layout const& H) {
  if (p.n != H.nleaf) return false;
  for (int q = 0; q < H.nleaf; ++q) {
    if (H.shape[q].is_static != (p.shape[q].kind == Kind::fixed)) return false;
    if (H.stride[q].is_static != (p.stride[q].kind == Kind::fixed)) return false;
    if (H.shape[q].is_static && H.shape[q].v != p.shape[q].c) return false;
    if (H.stride[q].is_static && H.stride[q].v != p.stride[q].c) return false;
  }
  return true;
}

// The leaves of the tiler node at token b applied to the node of a at tokens [ta, ea), as
// engine::apply_tiler: `_` keeps the node, an entry tiles a node of one leaf, a tuple goes mode by
// mode (a nested tuple into the node's own modes, as far down as the tiler nests; a node of one
// leaf is its own only mode) and a divide keeps the modes beyond it. False where the planner does
// not apply (an entry over a node of several leaves outside node_leaves' case, a tuple longer than the node's rank).
TESSEL_HOST_DEVICE_NOFORCE constexpr bool plan_node(Plan& pre, engine::Layout const& a, int ta, int ea, engine::Tiler const& t, int b,
                                                    bool divide) {
  int const k0 = engine::leaves_before(a, ta), k1 = engine::leaves_before(a, ea);
  signed char const c = t.tok[b];
  if (c == engine::kUnderscore) {
    copy_leaves(pre, a, k0, k1);
    return true;
  }
  if (c != engine::kOpen) {
    if (k1 - k0 != 1)  // a mode of several leaves
      return node_leaves(pre, a, k0, k1, engine::entry_layout(divide ? engine::Op::divide : engine::Op::composition, t, c), divide);
    entry_leaves(pre, a, k0, t.ent[c], divide);
    return pre.ok;
  }
  bool const tuple = a.tok[ta] == engine::kOpen;
  int const close = tuple ? ea - 1 : ea;  // the end of the node's modes
  int m = tuple ? ta + 1 : ta;            // the token where the node's next mode starts
  int const te = engine::tiler_end(t, b);
  for (int tt = b + 1; tt < te - 1; tt = engine::tiler_end(t, tt)) {
    if (m >= close) return false;  // more tiler modes than the node has
    int const me = tuple ? engine::node_end(a, m) : ea;
    if (!plan_node(pre, a, m, me, t, tt, divide)) return false;
    m = me;
  }
  if (divide && m < close) copy_leaves(pre, a, engine::leaves_before(a, m), engine::leaves_before(a, close));  // modes beyond
  return true;
}

TESSEL_HOST_DEVICE_NOFORCE constexpr Plan plan_modes(Family f, engine::Layout const& a, engine::Tiler const& t, engine::Layout const& H) {
  Plan pre;
  pre.ok = true;
  bool const divide = f != Family::composition;
  if (t.ntok == 0 || a.ntok == 0) return {};
  // Mode by mode, as engine::apply_tiler; the modes' results are concatenated.
  if (!plan_node(pre, a, 0, a.ntok, t, 0, divide)) return {};
  if (!pre.ok) return {};
  Plan out;
  if (f == Family::zipped_divide || f == Family::tiled_divide || f == Family::flat_divide) {
    engine::Ctx cx;
    cx.symbolic = true;
    engine::Layout L = engine::logical_divide(a, t, cx);
    if (cx.err || L.nleaf != pre.n) return {};
    for (int k = 0; k < L.nleaf; ++k) {  // number the leaves, then let the engine arrange them
      L.shape[k] = engine::sint(1);
      L.stride[k] = engine::sint(k);
    }
    engine::Arrange const how = f == Family::zipped_divide ? engine::Arrange::zipped
                            : f == Family::tiled_divide ? engine::Arrange::tiled
                                                        : engine::Arrange::flat;
    engine::Layout const R = engine::arrange(how, L, t, cx);
    if (cx.err || R.nleaf != H.nleaf) return {};
    for (int q = 0; q < R.nleaf; ++q) {
      int const k = int(R.stride[q].v);
      if (k < 0 || k >= pre.n) return {};
      out.push(pre.shape[k], pre.stride[k]);
    }
  } else {
    out = pre;
  }
  for (int k = 0; k < engine::kMaxLeaves; ++k) out.products[k] = pre.products[k];
  out.ok = agrees(out, H);
  return out;
}

// ---- the linear planner -------------------------------------------------------------------------

TESSEL_HOST_DEVICE_NOFORCE constexpr bool small_static(engine::Layout const& l) {
  for (int k = 0; k < l.nleaf; ++k) {
    if (l.shape[k].is_static && engine::iabs(l.shape[k].v) > kSmall) return false;
    if (l.stride[k].is_static && engine::iabs(l.stride[k].v) > kSmall) return false;
  }
  return true;
}

// a: the layout of the compile-time pass (placeholders); base: with the
// dynamic integers as run-time values (to be set here).
TESSEL_HOST_DEVICE_NOFORCE constexpr Plan plan_linear(Family f, engine::Layout const& a, engine::Layout const& base, engine::Tiler const& t,
                                     engine::Layout const& H) {
  if (!small_static(a)) return {};
  for (int e = 0; e < t.nent; ++e)
    if (!small_static(t.ent[e])) return {};
  for (int k = 0; k < a.nleaf; ++k)
    if (!a.shape[k].is_static) return {};
  for (int q = 0; q < H.nleaf; ++q)
    if (!H.shape[q].is_static) return {};
  int js[engine::kMaxLeaves] = {};
  int nd = 0;
  for (int k = 0; k < a.nleaf; ++k)
    if (!a.stride[k].is_static) js[nd++] = k;
  if (nd == 0) return {};
  unsigned long long const h = structure_hash(H);
  // The engine's run-time pass (as run_op_engine runs it: follow_pass) on given strides.
  auto probe = [&](engine::i64 const* v, engine::Layout& R) {
    engine::Layout in = base;
    for (int m = 0; m < nd; ++m) in.stride[js[m]].v = v[m];
    engine::Ctx cx = follow_pass();
    R = run_family(f, in, t, cx);
    return !cx.err && structure_hash(R) == h;
  };
  // Coefficients from unit vectors: which input stride, times what.
  int src[engine::kMaxLeaves] = {};
  engine::i64 coef[engine::kMaxLeaves] = {};
  for (int q = 0; q < H.nleaf; ++q) src[q] = -1;
  for (int m = 0; m < nd; ++m) {
    engine::i64 v[engine::kMaxLeaves] = {};
    v[m] = 1;
    engine::Layout R;
    if (!probe(v, R)) return {};
    for (int q = 0; q < H.nleaf; ++q) {
      if (H.stride[q].is_static || R.stride[q].v == 0) continue;
      if (src[q] >= 0) return {};  // two terms
      src[q] = m;
      coef[q] = R.stride[q].v;
    }
  }
  Plan out;
  out.ok = out.linear = true;
  for (int q = 0; q < H.nleaf; ++q) {
    Recipe d = fixed(H.stride[q].v);
    if (!H.stride[q].is_static) {
      if (src[q] < 0 || engine::iabs(coef[q]) > kSmall) return {};
      d = {Kind::mul, true, js[src[q]], coef[q]};
    }
    out.push(fixed(H.shape[q].v), d);
  }
  // Two more probes, with distinct values of both signs, must give what the plan predicts.
  for (int round = 0; round < 2; ++round) {
    engine::i64 v[engine::kMaxLeaves] = {};
    for (int m = 0; m < nd; ++m) v[m] = round == 0 ? 3 + 4 * m : -(5 + 2 * m) * (m % 2 ? -1 : 1);
    engine::Layout R;
    if (!probe(v, R)) return {};
    for (int q = 0; q < H.nleaf; ++q)
      if (!H.stride[q].is_static && R.stride[q].v != coef[q] * v[src[q]]) return {};
  }
  out.ok = out.ok && agrees(out, H);
  return out;
}

// ---- the plan of a call ---------------------------------------------------------------------------

template <class Op, class... A>
struct plan_of {
  static constexpr Plan value = {};
};
template <class Op, class S, class D, class T>
  requires(family_of<Op> != Family::none && is_static_v<T>)
struct plan_of<Op, Layout<S, D>, T> {
  using H = pass<Op, Layout<S, D>, T>;
  static constexpr Plan make() {
    if constexpr (H::value.err.code != engine::Err::none || H::all_static) {
      return {};
    } else {
      engine::Layout const a = to_rt(Layout<S, D>{}, true);
      engine::Tiler const t = to_tiler(T{}, true);
      Plan const p = plan_modes(family_of<Op>, a, t, H::value.layout);
      if (p.ok) return p;
      return plan_linear(family_of<Op>, a, to_rt(Layout<S, D>{}, false), t, H::value.layout);
    }
  }
  static constexpr Plan value = make();
};

// ---- evaluating a plan ------------------------------------------------------------------------------

template <class P, bool Strides, int k>
struct recipe_of {
  static constexpr Recipe value = Strides ? P::value.stride[k] : P::value.shape[k];
};

// Input integer j: stride j or shape j of the flattened layout.
template <bool OfStride, int j, class FS, class FD>
TESSEL_HOST_DEVICE constexpr auto input(FS const& fs, FD const& fd) {
  if constexpr (OfStride) return get<j>(fd); else return get<j>(fs);
}

// The value of result integer k (a shape, or a stride) of plan P. An overflow
// is recorded in e (the engine's numbers: the factor, then the input) and gives 0.
template <class P, bool Strides, int k, class FS, class FD>
TESSEL_HOST_DEVICE constexpr engine::i64 leaf_value(FS const& fs, FD const& fd, engine::Error& e) {
  using R = recipe_of<P, Strides, k>;
  constexpr engine::i64 c = R::value.c;
  if constexpr (R::value.kind == Kind::fixed) {
    return c;
  } else {
    auto const x = input<R::value.of_stride, R::value.j>(fs, fd);
    using X = std::remove_cvref_t<decltype(x)>;
    constexpr bool narrow = sizeof(X) <= 4;
    constexpr unsigned long long xmax = !narrow ? 0
                                        : std::is_signed_v<X> ? (1ull << (8 * sizeof(X) - 1)) - 1
                                                              : (1ull << (8 * sizeof(X))) - 1;
    if constexpr (c == 1) {
      return static_cast<engine::i64>(x);
    } else if constexpr (R::value.kind == Kind::ceil_div) {
      if constexpr (narrow && c > 0 && static_cast<unsigned long long>(c) <= xmax) {  // in X: the same value, cheaper
        return static_cast<engine::i64>(x / X(c) + (x % X(c) != 0 ? 1 : 0));
      } else {
        return engine::cdiv(static_cast<engine::i64>(x), c);
      }
    } else if constexpr (narrow && c >= -kSmall && c <= kSmall) {
      return static_cast<engine::i64>(x) * c;  // |x| < 2^32: no overflow
    } else {
      constexpr engine::i64 mx = 9223372036854775807LL, mn = -mx - 1;
      constexpr engine::i64 lo = c > 0 ? mn / c : c == -1 ? -mx : mx / c;
      constexpr engine::i64 hi = c > 0 ? mx / c : c == -1 ? mx : mn / c;
      engine::i64 const v = static_cast<engine::i64>(x);
      if (v < lo || v > hi) {
        if (!e) e = {engine::Err::overflow, c, v, 0};
        return 0;
      }
      return v * c;
    }
  }
}

// The leaves of a result as the plan P computes them from the argument's flat
// shapes fs and strides fd (detail::build's source on the fast path).
template <class P, class FS, class FD>
struct plan_leaves {
  FS const& fs;
  FD const& fd;
  engine::Error& e;
  template <bool Strides, int k>
  TESSEL_HOST_DEVICE constexpr engine::i64 leaf() const { return leaf_value<P, Strides, k>(fs, fd, e); }
};

// Whether every dynamic stride of a wide (over 32-bit) integer type is below
// 2^31 in magnitude (in a linear plan, the engine's products then cannot overflow).
template <class FD, std::size_t... I>
TESSEL_HOST_DEVICE constexpr bool wide_strides_small(FD const& fd, std::index_sequence<I...>) {
  auto one = [](auto const& x) {
    using X = std::remove_cvref_t<decltype(x)>;
    if constexpr (StaticInt<X> || sizeof(X) <= 4) return true;
    else return static_cast<engine::i64>(x) <= kSmall && static_cast<engine::i64>(x) >= -kSmall;
  };
  return (true && ... && one(get<I>(fd)));
}

// Whether shape*stride fits in 64 bits for every leaf the plan marks (Plan::products).
template <class P, class FS, class FD, std::size_t... I>
TESSEL_HOST_DEVICE constexpr bool products_fit(FS const& fs, FD const& fd, std::index_sequence<I...>) {
  auto one = [](bool marked, auto const& s, auto const& d) {
    using X = std::remove_cvref_t<decltype(d)>;
    if constexpr (StaticInt<X> || sizeof(X) <= 4) {
      return true;
    } else {
      if (!marked) return true;
      engine::Error e;
      (void)engine::Arith{&e}.mul(static_cast<engine::i64>(s), static_cast<engine::i64>(d));
      return !e;
    }
  };
  return (true && ... && one(P::value.products[I], get<I>(fs), get<I>(fd)));
}

template <class Op, class S, class D, class T>
TESSEL_HOST_DEVICE constexpr auto apply(Layout<S, D> const& l, T const& t) {
  using H = pass<Op, Layout<S, D>, T>;
  using P = plan_of<Op, Layout<S, D>, T>;
  using Dyn = dyn_t<Layout<S, D>, T>;
  auto const fs = flatten_to_tuple(l.shape());
  auto const fd = flatten_to_tuple(l.stride());
  engine::Error e{};
  plan_leaves<P, decltype(fs), decltype(fd)> const src{fs, fd, e};
  auto r = raw_layout(build<H, 0, false, Dyn>(src), build<H, 0, true, Dyn>(src));
#if !defined(TESSEL_NO_CHECKS)
#if TESSEL_ON_DEVICE
  if (e) runtime_report(e);
  (void)t;
#else
  if constexpr (P::value.linear) {
    if (!wide_strides_small(fd, std::make_index_sequence<tuple_size_v<decltype(fd)>>{})) return run_op_engine<Op>(l, t);
  }
  if (e) return run_op_engine<Op>(l, t);  // the engine reports its own error
  if (!products_fit<P>(fs, fd, std::make_index_sequence<tuple_size_v<decltype(fd)>>{})) return run_op_engine<Op>(l, t);
  // The engine's first condition: the argument's size fits in 64 bits (engine::args_fit;
  // the plan's products can all fit where it does not).
  {
    engine::Error se;
    (void)engine::size(to_rt(l, false), se);
    if (se) return run_op_engine<Op>(l, t);
  }
#endif
#else
  (void)t;
#endif
  return r;
}

}  // namespace fast

// Whether run_op takes the fast path for these arguments (for tests).
template <class Op, class... A>
inline constexpr bool uses_fast_path = fast::plan_of<Op, std::remove_cvref_t<A>...>::value.ok;

// A typed result with dynamic integers, checked: its size and its values
// (the largest and smallest) fit in 64 bits and in Dyn, the type of its
// dynamic integers (an int result past 2^31 - 1 is an overflow, not a
// truncation). Host code (device code with TESSEL_DEVICE_CHECKS).
template <class Dyn, class R>
TESSEL_HOST_DEVICE constexpr R values_fit(R const& r) {
#if TESSEL_OVERFLOW_CHECKS
  engine::Error e;
  engine::Range const v = engine::value_range(to_rt(r, false), e);
  if (e) runtime_report(e);
  if constexpr (sizeof(Dyn) < sizeof(engine::i64)) {
    (void)narrow<Dyn>(v.size), (void)narrow<Dyn>(v.lo), (void)narrow<Dyn>(v.hi);
  }
#endif
  return r;
}

// Run Op on typed arguments and return the typed result: at compile time for
// static arguments; for dynamic ones by the fast path where it applies, else
// by the engine at run time.
template <class Op, class... A>
TESSEL_HOST_DEVICE constexpr auto run_op(A const&... a) {
  using H = pass<Op, A...>;
  if constexpr (H::value.err.code != engine::Err::none) {
    static_report<H::value.err.code, H::value.err.a, H::value.err.b, H::value.err.c>();
    return Layout<Int<1>, Int<0>>{};
  } else if constexpr (H::all_static) {
    return static_result_t<H>{};
  } else if constexpr (fast::plan_of<Op, A...>::value.ok) {
    return values_fit<dyn_t<A...>>(fast::apply<Op>(a...));
  } else {
#if defined(TESSEL_NO_DEVICE_ENGINE) && TESSEL_ON_DEVICE
    // -DTESSEL_NO_DEVICE_ENGINE: device code must not run the engine (its recursion needs a stack
    // that nvcc cannot size); the instantiation in this error names the operation and its types.
    static_assert(sizeof...(A) == 0, "tessel: this operation on these dynamic arguments runs the layout engine in device code (no fast path applies)");
#endif
    return values_fit<dyn_t<A...>>(run_op_engine<Op>(a...));
  }
}

}  // namespace tessel::detail
