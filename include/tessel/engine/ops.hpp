// tessel/engine/ops.hpp: the one table of the algebra's operations.
//
// Each row: X(ID, NAME, K0, K1, CALL, ARGS, HELP)
//   ID    the operation's identifier (op_ID in the typed library)
//   NAME  the name users call it by (several rows may share a name; they
//         differ in their number of arguments)
//   K0,K1 the kinds of its arguments (Kind below; K1 = none for one argument)
//   CALL  the engine call, over the converted arguments a0, a1 and the context cx
//   ARGS  the arguments as the help shows them
//   HELP  one line: what it computes
// From this table are built: the typed library's op_* structs
// (algebra/algebra.hpp), the text evaluator's dispatch and the checker
// (text/), and the help text. Adding an operation is one row (plus, in the
// typed library, its public function with its documentation).
#pragma once

#include "coalesce.hpp"
#include "complement.hpp"
#include "composition.hpp"
#include "derived.hpp"
#include "inverse.hpp"
#include "tiler.hpp"

namespace TESSEL_NAMESPACE::engine {

// How an argument is read: a layout; a tiler (a layout, a by-mode tiler
// <...>, or an IntTuple meaning stride-1 entries); a size (complement's
// cotarget: an IntTuple or layout, read as a layout whose shape counts: its
// size, and its modes for the result's structure); none (no argument).
enum class Kind { layout, tiler, size, none };

#define TESSEL_ALGEBRA_OPS(X)                                                                                         \
  X(coalesce, "coalesce", layout, none, engine::coalesce(a0, cx), "L",                                                \
    "the same function on [0,size(L)) with the fewest modes")                                                       \
  X(coalesce_by, "coalesce", layout, layout, engine::coalesce(a0, a1, cx), "L,profile",                             \
    "coalesce each mode of L at the terminals of profile")                                                          \
  X(filter_zeros, "filter_zeros", layout, none, engine::filter_zeros(a0), "L", "stride-0 modes get shape 1")          \
  X(filter, "filter", layout, none, engine::filter(a0, cx), "L", "coalesce(filter_zeros(L)): the modes that move")     \
  X(filter_by, "filter", layout, layout, engine::filter(a0, a1, cx), "L,profile", "filter each mode at the profile")  \
  X(composition, "composition", layout, tiler, engine::composition(a0, a1, cx), "A,B", "A o B: R(c) = A(B(c))")       \
  X(complement, "complement", layout, none, engine::complement(a0, cx), "A",                                          \
    "the ordered layout filling A's holes up to cosize(A)")                                                         \
  X(complement_to, "complement", layout, size, engine::complement(a0, a1, cx), "A,M",                                \
    "the ordered layout filling A's holes up to M")                                                                 \
  X(right_inverse, "right_inverse", layout, none, engine::right_inverse(a0, cx), "L",                                \
    "the largest R with L(R(i)) = i")                                                                               \
  X(left_inverse, "left_inverse", layout, none, engine::left_inverse(a0, cx), "L", "R with R(L(i)) = i")              \
  X(logical_divide, "logical_divide", layout, tiler, engine::logical_divide(a0, a1, cx), "A,tiler",                  \
    "A o (B, complement(B, size(A))) by mode")                                                                      \
  X(zipped_divide, "zipped_divide", layout, tiler, engine::zipped_divide(a0, a1, cx), "A,tiler",                     \
    "((tiles...),(rests...))")                                                                                      \
  X(tiled_divide, "tiled_divide", layout, tiler, engine::tiled_divide(a0, a1, cx), "A,tiler",                        \
    "((tiles...),rests...)")                                                                                        \
  X(flat_divide, "flat_divide", layout, tiler, engine::flat_divide(a0, a1, cx), "A,tiler", "(tiles...,rests...)")    \
  X(logical_product, "logical_product", layout, tiler, engine::logical_product(a0, a1, cx), "A,tiler",               \
    "(A, complement(A, size(A)*cosize(B)) o B) by mode")                                                            \
  X(zipped_product, "zipped_product", layout, tiler, engine::zipped_product(a0, a1, cx), "A,tiler",                  \
    "((A's modes...),(products...))")                                                                               \
  X(tiled_product, "tiled_product", layout, tiler, engine::tiled_product(a0, a1, cx), "A,tiler",                     \
    "((A's modes...),products...)")                                                                                 \
  X(flat_product, "flat_product", layout, tiler, engine::flat_product(a0, a1, cx), "A,tiler",                        \
    "(A's modes...,products...)")                                                                                   \
  X(blocked_product, "blocked_product", layout, layout, engine::blocked_product(a0, a1, cx), "A,B",                  \
    "mode k = (A_k, P_k), P = complement(A, size(A)*cosize(B)) o B")                                                \
  X(raked_product, "raked_product", layout, layout, engine::raked_product(a0, a1, cx), "A,B", "mode k = (P_k, A_k)")  \
  X(nullspace, "nullspace", layout, none, engine::nullspace(a0, cx), "L", "the coordinates L sends to 0")             \
  X(max_common_layout, "max_common_layout", layout, layout, engine::max_common_layout(a0, a1, cx), "A,B",            \
    "the largest R with A(R(i)) = B(R(i)) = i")                                                                     \
  X(make_ordered_layout, "make_ordered_layout", layout, layout, engine::make_ordered_layout(a0, a1, cx),            \
    "shape,order", "the compact layout whose strides grow in the given order")

// Identifiers of the rows, in table order.
// An operation's result must be a layout whose size and values fit in 64
// bits, else it is the error Err::overflow (not a result whose values wrap).
// Not in the symbolic pass, whose dynamic integers are placeholders. Every
// user of the table calls it on CALL's result (the typed library, the text library).
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout in_range(Layout const& l, Ctx& cx) {
  if (!cx.err && !cx.symbolic) (void)value_range(l, cx.err);
  return l;
}

// An operation's arguments must have sizes that fit in 64 bits (a layout; each
// entry of a tiler), else Err::overflow: the first condition of every
// operation, before the operation's own. (Tested inside the operations, an
// argument's size overflowed only where the pass multiplied its shapes: the
// all-static pass coalesces A's static modes and met the overflow, the run-time
// pass of the same values kept them apart and named another condition, or
// none; found by fuzz/fuzz_typed.cpp:
// composition((5,(2251799813685248,1125899906842624)):(64,(8,18014398509481984)),4:2).)
// In the symbolic pass only static shapes count (the run-time pass tests the rest).
TESSEL_HOST_DEVICE_NOFORCE constexpr bool size_fits(Layout const& l, Ctx& cx) {
  Error e;
  Arith ar{&e};
  i64 n = 1;
  for (int k = 0; k < l.nleaf && !e; ++k)
    if (cx.checkable(l.shape[k])) n = ar.mul(n, l.shape[k].v);
  if (e) cx.fail(e.code, e.a, e.b, e.c);
  return !e;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr bool size_fits(Tiler const& t, Ctx& cx) {
  for (int j = 0; j < t.nent; ++j)
    if (!size_fits(t.ent[j], cx)) return false;
  return true;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr bool size_fits(int, Ctx&) { return true; }  // (no second argument)
TESSEL_HOST_DEVICE_NOFORCE constexpr bool size_fits(Int, Ctx&) { return true; }  // (an integer cotarget)
template <class A1>
TESSEL_HOST_DEVICE_NOFORCE constexpr bool args_fit(Layout const& a0, A1 const& a1, Ctx& cx) {
  return !cx.err && size_fits(a0, cx) && size_fits(a1, cx);
}

// TESSEL_RUN_ROW(CALL): a row's call as every user of the table runs it, on the
// converted arguments a0, a1 and the context cx in scope: the arguments'
// sizes, the operation, the range of its result.
#define TESSEL_RUN_ROW(CALL) \
  ::tessel::engine::in_range(::tessel::engine::args_fit(a0, a1, cx) ? (CALL) : ::tessel::engine::Layout{}, cx)

enum class OpId : int {
#define TESSEL_OP_ENUM(ID, ...) ID,
  TESSEL_ALGEBRA_OPS(TESSEL_OP_ENUM)
#undef TESSEL_OP_ENUM
  count
};

// A row of the table as data (name, arity, kinds, help), for dispatch and help.
struct OpInfo {
  OpId id;
  char const* name;
  int arity;
  Kind k0, k1;
  char const* args;
  char const* help;
};
inline constexpr OpInfo kOps[] = {
#define TESSEL_OP_INFO(ID, NAME, K0, K1, CALL, ARGS, HELP) \
  {OpId::ID, NAME, Kind::K1 == Kind::none ? 1 : 2, Kind::K0, Kind::K1, ARGS, HELP},
    TESSEL_ALGEBRA_OPS(TESSEL_OP_INFO)
#undef TESSEL_OP_INFO
};

}  // namespace tessel::engine
