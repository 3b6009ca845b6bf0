// tessel/algebra/bridge.hpp: between typed layouts and the engine's layout
// values. The typed algebra runs the engine at compile time on the static
// facts of its arguments (every integer static: the whole result; otherwise
// its structure and static parts), then, for dynamic arguments, once more at
// run time to fill the dynamic integers. One implementation serves both.
#pragma once

#include <cstdint>

#include "../layout/layout.hpp"
#include "../engine/tiler.hpp"
#include "../engine/message.hpp"
#include "../engine/by_values.hpp"

namespace TESSEL_NAMESPACE::detail {

// ---- typed -> value ------------------------------------------------------------------------------

// One integer: static, or dynamic (a placeholder in the symbolic pass).
template <class T>
TESSEL_HOST_DEVICE constexpr engine::Int to_int(T const& x, bool sym) {
  if constexpr (StaticInt<T>) return {static_cast<engine::i64>(T::value), true};
  else return {sym ? 1 : static_cast<engine::i64>(x), false};
}

// (The elements through get_leaf and a helper, not get<I> and a lambda: fewer instantiations and
// overload resolutions per node, which every typed algebra call pays at compile time.)
template <class S, class D>
TESSEL_HOST_DEVICE constexpr void put(engine::Layout& l, S const& s, D const& d, bool sym, engine::Error& e);
template <class S, class D, std::size_t... I>
TESSEL_HOST_DEVICE constexpr void put_elems(engine::Layout& l, S const& s, D const& d, bool sym, engine::Error& e,
                                            std::index_sequence<I...>) {
  (put(l, get_leaf<I>(s), get_leaf<I>(d), sym, e), ...);
}
template <class S, class D>
TESSEL_HOST_DEVICE constexpr void put(engine::Layout& l, S const& s, D const& d, bool sym, engine::Error& e) {
  if constexpr (is_tuple_v<S>) {
    l.open(e);
    put_elems(l, s, d, sym, e, std::make_index_sequence<tuple_size_v<S>>{});
    l.close(e);
  } else {
    l.leaf(to_int(s, sym), to_int(d, sym), e);
  }
}

// A typed layout, an IntTuple (its compact column-major layout) or an integer as a value.
template <class L>
TESSEL_HOST_DEVICE constexpr engine::Layout to_rt(L const& x, bool sym) {
  engine::Layout l;
  engine::Error e;
  if constexpr (is_layout_v<L>) put(l, x.shape(), x.stride(), sym, e);
  else put(l, x, compact_col_major(x), sym, e);
  return l;
}

// A tiler: a layout, an integer N (N:1), `_`, or a tuple of tilers (by mode).
template <class T>
TESSEL_HOST_DEVICE constexpr void put_tiler(engine::Tiler& t, T const& x, bool sym, engine::Error& e);
template <class T, std::size_t... I>
TESSEL_HOST_DEVICE constexpr void put_tiler_elems(engine::Tiler& t, T const& x, bool sym, engine::Error& e,
                                                  std::index_sequence<I...>) {
  (put_tiler(t, get_leaf<I>(x), sym, e), ...);
}
template <class T>
TESSEL_HOST_DEVICE constexpr void put_tiler(engine::Tiler& t, T const& x, bool sym, engine::Error& e) {
  if constexpr (is_underscore_v<T>) {
    t.push(engine::kUnderscore, e);
  } else if constexpr (is_tuple_v<T>) {
    t.push(engine::kOpen, e);
    put_tiler_elems(t, x, sym, e, std::make_index_sequence<tuple_size_v<T>>{});
    t.push(engine::kClose, e);
  } else if constexpr (is_layout_v<T>) {
    t.add(to_rt(x, sym), e);
  } else {
    t.add_int(to_int(x, sym), e);
  }
}
template <class T>
TESSEL_HOST_DEVICE constexpr engine::Tiler to_tiler(T const& x, bool sym) {
  engine::Tiler t;
  engine::Error e;
  put_tiler(t, x, sym, e);
  return t;
}

// ---- value -> typed ------------------------------------------------------------------------------

template <class T> struct dyn_of { using type = int; };
template <DynamicInt T> struct dyn_of<T> { using type = T; };
template <class... T> struct dyn_of<tuple<T...>> { using type = std::common_type_t<int, typename dyn_of<T>::type...>; };
template <class S, class D> struct dyn_of<Layout<S, D>> {
  using type = std::common_type_t<typename dyn_of<S>::type, typename dyn_of<D>::type>;
};
// The integer type of a result's dynamic integers: int, or wider if an argument's is.
template <class... A> using dyn_t = std::common_type_t<int, typename dyn_of<std::remove_cvref_t<A>>::type...>;

// The type of a static integer v: C<int(v)> where it fits in an int, else C<v>.
template <engine::i64 v, bool Small = (v >= INT32_MIN && v <= INT32_MAX)> struct static_int_of { using type = C<int(v)>; };
template <engine::i64 v> struct static_int_of<v, false> { using type = C<v>; };

// Where each node of a result layout's token list finds its children and
// leaves, computed once per result (not at every node that is built).
struct node_table {
  int nkids[engine::kMaxTokens] = {};  // the number of children of the node opened at token t
  int first[engine::kMaxTokens] = {};  // where its children start in kid
  int kid[engine::kMaxTokens] = {};    // the children's token positions, grouped by parent
  int leaf[engine::kMaxTokens] = {};   // the leaf number of the leaf at token t
};
TESSEL_HOST_DEVICE constexpr node_table make_node_table(engine::Layout const& l) {
  node_table t;
  int n = 0, leaves = 0;
  for (int b = 0; b < l.ntok; ++b) {
    if (l.tok[b] == engine::kLeaf) {
      t.leaf[b] = leaves++;
    } else if (l.tok[b] == engine::kOpen) {
      t.first[b] = n;
      int const e = engine::node_end(l, b);
      for (int c = b + 1; c < e - 1; c = engine::node_end(l, c)) t.kid[n++] = c, ++t.nkids[b];
    }
  }
  return t;
}
// The table of H::value.layout (H: a pass).
template <class H> inline constexpr node_table node_table_of = make_node_table(H::value.layout);

// All-static results: the typed IntTuple (shapes or strides) of the node at
// token B of H::value.layout, spelled by class templates (no function is
// instantiated per node).
template <class H, int B, bool Strides, bool Leaf = (H::value.layout.tok[B] == engine::kLeaf)>
struct built;
template <class H, int B, bool Strides>
struct built<H, B, Strides, true> {
  static constexpr int k = node_table_of<H>.leaf[B];
  using type = typename static_int_of<(Strides ? H::value.layout.stride[k] : H::value.layout.shape[k]).v>::type;
};
template <class H, int B, bool Strides, class Seq> struct built_tuple;
template <class H, int B, bool Strides, std::size_t... I>
struct built_tuple<H, B, Strides, std::index_sequence<I...>> {
  using type = tuple<typename built<H, node_table_of<H>.kid[node_table_of<H>.first[B] + I], Strides>::type...>;
};
template <class H, int B, bool Strides>
struct built<H, B, Strides, false> : built_tuple<H, B, Strides, std::make_index_sequence<node_table_of<H>.nkids[B]>> {};

// The typed layout of an all-static result.
template <class H>
using static_result_t = Layout<typename built<H, 0, false>::type, typename built<H, 0, true>::type>;

// The typed IntTuple (shapes or strides) of the node at token B of H::value.layout:
// static integers from the compile-time pass, dynamic ones from src, whose
// src.template leaf<Strides, k>() is the value of leaf k (the run-time engine
// result here, a fast-path plan in fast_path.hpp).
template <class H, int B, bool Strides, class Dyn, class Src>
TESSEL_HOST_DEVICE constexpr auto build(Src const& src);

template <class H, int B, bool Strides, class Dyn, class Src, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto build_children(Src const& src, std::index_sequence<I...>) {
  return make_tuple(build<H, node_table_of<H>.kid[node_table_of<H>.first[B] + I], Strides, Dyn>(src)...);
}

template <class H, int B, bool Strides, class Dyn, class Src>
TESSEL_HOST_DEVICE constexpr auto build(Src const& src) {
  if constexpr (H::value.layout.tok[B] == engine::kLeaf) {
    constexpr int k = node_table_of<H>.leaf[B];
    constexpr engine::Int x = Strides ? H::value.layout.stride[k] : H::value.layout.shape[k];
    if constexpr (x.is_static) {
      return typename static_int_of<x.v>::type{};
    } else {
      auto const v = src.template leaf<Strides, k>();
      // The stride of a mode of size 1 reaches no value: where it does not fit
      // in Dyn, 0 is the same function. Any other value that does not fit is an
      // overflow, not a truncation. Without overflow checks (device code, as
      // CuTe; TESSEL_NO_CHECKS) the value is narrowed as it is: the select would
      // cost a 64-bit product, two compares and a register live across a
      // kernel's main loop (sgemm_2's k-tile stride), and the truncated stride
      // of a size-1 mode reaches no element either.
      if constexpr (Strides && TESSEL_OVERFLOW_CHECKS) {
        if (!fits_in<Dyn>(v) && src.template leaf<false, k>() == 1) return Dyn(0);
      }
      return narrow<Dyn>(v);
    }
  } else {
    return build_children<H, B, Strides, Dyn>(src, std::make_index_sequence<node_table_of<H>.nkids[B]>{});
  }
}

// The leaves of an engine result computed at run time.
struct engine_leaves {
  engine::Layout const& rv;
  template <bool Strides, int k>
  TESSEL_HOST_DEVICE constexpr engine::i64 leaf() const { return Strides ? rv.stride[k].v : rv.shape[k].v; }
};

template <class H, class Dyn>
TESSEL_HOST_DEVICE constexpr auto from_rt(engine::Layout const& rv) {
  engine_leaves const src{rv};
  return raw_layout(build<H, 0, false, Dyn>(src), build<H, 0, true, Dyn>(src));
}


// pad_to_rank<R>(L): L with _1:_0 modes appended up to rank R (CuTe's append<R>).
template <int R, class S, class D>
TESSEL_HOST_DEVICE constexpr auto pad_to_rank(Layout<S, D> const& l) {
  if constexpr (Layout<S, D>::rank >= R) {
    return l;
  } else {
    return pad_to_rank<R>(append(l, Layout<Int<1>, Int<0>>{}));
  }
}

// ---- errors --------------------------------------------------------------------------------------

// Compile-time reports: the failing numbers appear in the names of these
// templates in the compiler's instantiation trace. Each assertion fails whenever
// its report is instantiated (failed_v is false for every value: a condition on
// the numbers themselves let left_inverse((_3,2,_6):(_-1,20,_12)), whose failing
// stride is -1, pass stride < 0 and return _1:_0).
template <engine::i64... V> inline constexpr bool failed_v = false;
template <engine::i64 stride, engine::i64 shape, engine::i64 mode> struct composition_stride_vs_shape_of_mode {
  static_assert(failed_v<stride, shape, mode>, "tessel::composition: stride divisibility fails: B's stride must be divisible by the product "
                            "of A's leading shapes and, where it stops inside a mode of A, divide that mode's shape");
};
template <engine::i64 rest_shape, engine::i64 factor, engine::i64 mode> struct composition_shape_not_divisible_by {
  static_assert(failed_v<rest_shape, factor, mode>, "tessel::composition: shape divisibility fails: A's shapes must divide B's shape "
                                "up to the last mode B needs");
};
template <engine::i64 leaves, engine::i64 span> struct composition_modes_of_B_overlap {
  static_assert(failed_v<leaves, span>, "tessel::composition: B's modes overlap inside A's modes, so A o B is not left-distributive");
};
template <engine::i64 stride, engine::i64 covered> struct complement_stride_inside_covered_span {
  static_assert(failed_v<stride, covered>, "tessel::complement: the layout is not injective");
};
template <engine::i64 stride, engine::i64 span> struct complement_stride_not_multiple_of_span {
  static_assert(failed_v<stride, span>, "tessel::complement: sorted by stride, each stride must be a multiple of the previous "
                            "shape*stride (the image is not a tractable chain)");
};
template <engine::i64 postcondition, engine::i64 b, engine::i64 c> struct complement_breaks_postcondition {
  static_assert(failed_v<postcondition, b, c>, "tessel::complement: the strides are not a chain, and the layout that CuTe's floor "
                                   "divisions give breaks a postcondition of complement (1: (A, R) not injective, "
                                   "2: R not ordered, 3: (A, R) ends at c, before the cotarget b); "
                                   "see docs/ADMISSIBILITY.md");
};
template <engine::i64 stride, engine::i64 covered> struct left_inverse_stride_not_multiple_of_covered {
  static_assert(failed_v<stride, covered>, "tessel::left_inverse: sorted by stride, each stride must be a multiple of the size covered so far");
};
template <engine::i64 stride, engine::i64 gaps> struct product_B_negative_stride_not_multiple_of_gaps {
  static_assert(failed_v<stride, gaps>, "tessel: a product's B has a negative stride that is not a multiple of the size of the "
                            "gaps of A's image, so A* o B would read A* below 0 inside them (docs/ADMISSIBILITY.md)");
};
template <engine::i64 modes, engine::i64 rank> struct tiler_has_more_modes_than_layout {
  static_assert(failed_v<modes, rank>, "tessel: the tiler or profile has more modes than the layout");
};
template <engine::Err E> struct engine_error {
  static_assert(E == engine::Err::none, "tessel: layout algebra failed (overflow, capacity, negative stride or dynamic strides where static ones are needed)");
};

template <engine::Err Code, engine::i64 A, engine::i64 B, engine::i64 Cc>
TESSEL_HOST_DEVICE constexpr void static_report() {
  constexpr engine::Error E{Code, A, B, Cc};
  if constexpr (E.code == engine::Err::stride_divisibility) (void)sizeof(composition_stride_vs_shape_of_mode<E.a, E.b, E.c>);
  else if constexpr (E.code == engine::Err::shape_divisibility) (void)sizeof(composition_shape_not_divisible_by<E.a, E.b, E.c>);
  else if constexpr (E.code == engine::Err::not_distributive) (void)sizeof(composition_modes_of_B_overlap<E.a, E.b>);
  else if constexpr (E.code == engine::Err::not_injective) (void)sizeof(complement_stride_inside_covered_span<E.a, E.b>);
  else if constexpr (E.code == engine::Err::complement_chain) (void)sizeof(complement_stride_not_multiple_of_span<E.a, E.b>);
  else if constexpr (E.code == engine::Err::complement_postcondition) (void)sizeof(complement_breaks_postcondition<E.a, E.b, E.c>);
  else if constexpr (E.code == engine::Err::left_inverse_divisibility) (void)sizeof(left_inverse_stride_not_multiple_of_covered<E.a, E.b>);
  else if constexpr (E.code == engine::Err::product_negative_stride) (void)sizeof(product_B_negative_stride_not_multiple_of_gaps<E.a, E.b>);
  else if constexpr (E.code == engine::Err::rank_mismatch) (void)sizeof(tiler_has_more_modes_than_layout<E.a, E.b>);
  else (void)sizeof(engine_error<E.code>);
}

#if !TESSEL_ON_DEVICE
// The host's throw, out of line and cold: "tessel: " and engine::describe's text.
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_engine_error(engine::Error const& e) {
  char m[error::max_message + 1] = "tessel: ";
  int const head = 8;
  engine::describe_to(m + head, int(sizeof m) - head, e);
  throw named_error(e.code, m);
}
#endif

TESSEL_HOST_DEVICE void runtime_report(engine::Error const& e) {
#if TESSEL_ON_DEVICE
#if TESSEL_DEVICE_MESSAGES  // (config.hpp: a printf in a kernel serializes its wgmma)
  printf("tessel: %s [%lld %lld %lld]\n", engine::message(e.code), e.a, e.b, e.c);
#else
  (void)e;
#endif
  __trap();
#else
  throw_engine_error(e);
#endif
}

// ---- running an operation --------------------------------------------------------------------------

struct result {
  engine::Layout layout;
  engine::Error err;
};

// The compile-time pass of Op on the argument types.
template <class Op, class... A>
struct pass {
  static constexpr bool all_static = (true && ... && is_static_v<A>);
  static constexpr result value = Op::run(!all_static, false, A{}...);
};

// A fingerprint of a result's structure and static integers, to check that the
// run-time pass built what the compile-time pass typed.
TESSEL_HOST_DEVICE constexpr unsigned long long structure_hash(engine::Layout const& l) {
  unsigned long long h = 1469598103934665603ull;
  auto mix = [&](unsigned long long x) { h = (h ^ x) * 1099511628211ull; };
  for (int t = 0; t < l.ntok; ++t) mix(static_cast<unsigned char>(l.tok[t]));
  for (int k = 0; k < l.nleaf; ++k) {  // and which integers are static, with their values
    mix(l.shape[k].is_static ? static_cast<unsigned long long>(l.shape[k].v) * 2 + 1 : 0);
    mix(l.stride[k].is_static ? static_cast<unsigned long long>(l.stride[k].v) * 2 + 1 : 0);
  }
  return h ^ static_cast<unsigned long long>(l.ntok);
}

// Results that are one function of a 1-D index, whose modes carry no meaning of their own
// (complement, the inverses, coalesce): engine::same_fit compares them as one function.
template <class Op> inline constexpr bool one_function_v = false;

// The operations whose run-time pass admits a leaf of B that stops inside a mode of A without
// dividing it where the leaf stays inside that mode (engine::Ctx::inside): composition, whose
// every mode is then exactly A o (that mode of B) in CuTe's arithmetic, the answer recover
// returned (engine::same_fit of CuTe's pass and the engine's own), found by a local test without
// the recovery's passes. (Not the divides and products: their pass that follows skips a B or A*
// mode of run-time size 1 in the complement where CuTe's arithmetic, and so recover, does not.)
template <class Op> inline constexpr bool inside_leaves_v = false;

// The run-time pass of a typed call: the engine on the real values, every structural choice the
// compile-time pass's (Ctx::follow), every condition tested on the values.
TESSEL_HOST_DEVICE_NOFORCE constexpr engine::Ctx follow_pass() {
  engine::Ctx cx;
  cx.strict = true;
  cx.follow = true;
  return cx;
}

// Where the run-time pass fails or builds another structure (degenerate run-time values: a size
// 1, a stride 0, a negative stride where the compile-time pass could not see its sign), the
// result is found here, or the error named:
//  1. the engine's own answer (the pass of `tessel eval`: value-based choices and fallbacks; it
//     names the error where there is none), and CuTe's arithmetic in the type's structure (the
//     follow pass without its conditions): that one where it is a fit of the engine's answer
//     (engine::same_fit: each mode the same function), so that a mode whose run-time size is 1
//     keeps its place and its stride as in CuTe;
//  2. the strict pass that skips such modes, where it builds the type's structure;
//  3. engine::fit, the engine's answer spelled in the type's structure.
// In device code none (no value-based search there, and one engine pass in the kernel): the
// pass that follows skips such modes itself there (Ctx::by_values), as the strict pass did.
#if !TESSEL_ON_DEVICE
#define TESSEL_COLD_PATH [[gnu::cold, gnu::noinline]]
#else
#define TESSEL_COLD_PATH
#endif
template <class Op, class... A>
TESSEL_COLD_PATH TESSEL_HOST_DEVICE_NOFORCE engine::Layout recover(result const& first, A const&... a) {
  using H = pass<Op, A...>;
  constexpr unsigned long long expected = structure_hash(H::value.layout);
#if !TESSEL_ON_DEVICE
  result const loose = Op::run(false, false, a...);
  if (!loose.err) {
    engine::Ctx cx = follow_pass();
    cx.unchecked = true;
    result const cute = Op::run_in(cx, a...);
    if (!cute.err && structure_hash(cute.layout) == expected && engine::same_fit(cute.layout, loose.layout, one_function_v<Op>))
      return cute.layout;
  }
  result const skip = Op::run(false, true, a...);
  if (!skip.err && structure_hash(skip.layout) == expected) return skip.layout;
  engine::Layout typed = H::value.layout;
  if (!loose.err && engine::fit(typed, loose.layout)) return typed;
  // The engine's own answer names the error (a strict pass may stop at another one); where the
  // engine has a result that the type cannot spell (left_inverse((3,1):(-5,16)): CuTe's answer,
  // as with static integers), the condition the type's layout failed, else the mismatch.
  runtime_report(loose.err                                                        ? loose.err
                 : first.err && first.err.code != engine::Err::structure_mismatch ? first.err
                                                                                  : engine::Error{engine::Err::structure_mismatch, 0, 0, 0});
#else
  (void)expected;
  ((void)a, ...);
  runtime_report(first.err ? first.err : engine::Error{engine::Err::structure_mismatch, 0, 0, 0});
#endif
  return first.layout;
}
#undef TESSEL_COLD_PATH

// The general path for dynamic arguments: run the engine once more at run time on the real
// values, following the compile-time pass's structural choices, and fill the dynamic integers
// of the type the compile-time pass built (checked by the structure fingerprint).
template <class Op, class... A>
TESSEL_HOST_DEVICE constexpr auto run_op_engine(A const&... a) {
  using H = pass<Op, A...>;
  engine::Ctx cx = follow_pass();
  cx.inside = inside_leaves_v<Op>;
  result r = Op::run_in(cx, a...);
#if !defined(TESSEL_NO_CHECKS)
  constexpr unsigned long long expected = structure_hash(H::value.layout);
  if (r.err || structure_hash(r.layout) != expected) r.layout = recover<Op>(r, a...);
#elif !TESSEL_ON_DEVICE
  // Without checks an admissible call still gets its answer: where degenerate values stop the
  // pass that follows (a product's A with a mode of run-time size 1), the pass that skips them.
  if (r.err) r = Op::run(false, true, a...);
#endif
  return from_rt<H, dyn_t<A...>>(r.layout);
}

}  // namespace tessel::detail
