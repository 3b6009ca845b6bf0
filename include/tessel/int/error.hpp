// tessel/int/error.hpp: the engine's error codes (tessel::engine::Err), kept
// below the typed layers so that every layer reports the same named errors.
// Every failing operation reports one code with the numbers involved;
// message() says the condition in words (engine/describe.hpp adds the
// numbers, host only). named_error is what host code throws for them.
#pragma once

#include "../config.hpp"

namespace TESSEL_NAMESPACE::engine {

using i64 = long long;

// The engine's errors, one row each: X(name, message). The numbers a, b, c
// an error carries are listed beside it. From this list come the enum Err,
// message() and name() (and so every binding's names for the codes).
#define TESSEL_ENGINE_ERRORS(X)                                                                                    \
  X(none, "ok")                                                                                                     \
  /* an integer result does not fit in 64 bits: the operands a, b */                                                \
  X(overflow, "integer overflow")                                                                                   \
  /* the structure exceeds the engine's capacity */                                                                 \
  X(too_large, "layout too large for the engine")                                                                   \
  /* a shape entry a is zero or negative */                                                                         \
  X(shape_not_positive, "a shape entry is zero or negative (shapes must be >= 1)")                                  \
  /* composition: stride a does not divide / is not divided by shape b of A's coalesced mode c */                   \
  X(stride_divisibility,                                                                                            \
    "composition: stride divisibility fails (B's stride must be divisible by the product of A's leading shapes "   \
    "and, where it stops inside a mode, divide that mode's shape)")                                                 \
  /* composition: shape a of B is not divisible by b (A's coalesced mode c) */                                     \
  X(shape_divisibility,                                                                                             \
    "composition: shape divisibility fails (A's remaining shapes must divide B's shape up to its last needed mode)") \
  /* composition: B's a leaves carry into each other inside A's modes (span b) */                                  \
  X(not_distributive, "composition: B's modes overlap inside A's modes (A o B is not left-distributive over B)")    \
  /* complement: stride a falls inside the span b already covered */                                               \
  X(not_injective, "complement: the layout is not injective")                                                       \
  /* complement: stride a is not a multiple of b */                                                                 \
  X(complement_chain,                                                                                               \
    "complement: sorted by stride, each stride must be a multiple of the previous shape*stride (outside that "      \
    "chain the answer is checked by its values, which is done on the host and at compile time up to a size)")       \
  /* complement outside the chain: CuTe's layout (floor divisions) breaks postcondition a (1 overlaps A, 2 not */  \
  /* ordered, 3 (A,R) ends at c, before the cotarget b) */                                                          \
  X(complement_postcondition,                                                                                       \
    "complement: the strides are not a chain (each a multiple of the previous shape*stride), and the layout that "  \
    "CuTe's floor divisions give breaks a postcondition of complement")                                            \
  /* complement: a negative stride a */                                                                             \
  X(negative_stride, "complement: negative strides are not supported")                                              \
  /* left_inverse: stride a is not a multiple of b (or a is negative) */                                             \
  X(left_inverse_divisibility,                                                                                      \
    "left_inverse: sorted by stride, each stride must be a multiple of the size covered so far")                   \
  /* a tiler or profile of a modes for a layout of rank b */                                                        \
  X(rank_mismatch, "the tiler or profile has more modes than the layout")                                           \
  /* an operation that needs static strides got a dynamic one (mode a) */                                           \
  X(dynamic_unsupported, "this operation needs static strides")                                                     \
  /* a malformed argument (tuple operations: c names the fault, see tuple_ops.hpp) */                               \
  X(bad_argument, "bad argument")                                                                                   \
  /* the run-time values give the result another structure than its type */                                        \
  X(structure_mismatch,                                                                                             \
    "the run-time values give the result another structure than its type (a dynamic integer is 1 or 0 where the "  \
    "type needs a mode, and no layout of the type's structure is the result)")                                      \
  /* zipped/tiled/flat: a mode kept by `_` has rank a, not 2 */                                                     \
  X(zip_not_rank2,                                                                                                  \
    "zipped/tiled/flat divide or product: a mode that the tiler keeps with `_` must have rank 2 to be split into "  \
    "(tile, rest) (CuTe: zip2_by's leaf level must be rank-2)")                                                     \
  /* left_inverse of a L whose modes that move overlap: L(a) = L(c) = b for two indices a != c (c = -1: too large) */ \
  X(left_inverse_not_injective,                                                                                     \
    "left_inverse: the layout is not injective (sorted by stride, a stride lies below the span of the mode before "  \
    "it), so no R has R(L(i)) = i")                                                                                 \
  /* a product whose B has the negative stride a, not a multiple of b, the size of the gaps of A's image */     \
  X(product_negative_stride,                                                                                        \
    "product: B has a negative stride that is not a multiple of the size of the gaps of A's image, so A* o B "     \
    "would read complement(A, size(A)*cosize(B)) below 0 inside those gaps, where it is not defined")

enum class Err : int {
#define TESSEL_ERR_ENUM(NAME, MESSAGE) NAME,
  TESSEL_ENGINE_ERRORS(TESSEL_ERR_ENUM)
#undef TESSEL_ERR_ENUM
  count
};

struct Error {
  Err code = Err::none;
  i64 a = 0, b = 0, c = 0;
  TESSEL_HOST_DEVICE_NOFORCE constexpr explicit operator bool() const { return code != Err::none; }
};

// The condition an error code stands for, in words.
TESSEL_HOST_DEVICE_NOFORCE constexpr char const* message(Err e) {
  switch (e) {
#define TESSEL_ERR_MESSAGE(NAME, MESSAGE) \
  case Err::NAME: return MESSAGE;
    TESSEL_ENGINE_ERRORS(TESSEL_ERR_MESSAGE)
#undef TESSEL_ERR_MESSAGE
    case Err::count: break;
  }
  return "unknown error";
}

// The code's name ("stride_divisibility"), for bindings and machine-readable output.
TESSEL_HOST_DEVICE_NOFORCE constexpr char const* name(Err e) {
  switch (e) {
#define TESSEL_ERR_NAME(NAME, MESSAGE) \
  case Err::NAME: return #NAME;
    TESSEL_ENGINE_ERRORS(TESSEL_ERR_NAME)
#undef TESSEL_ERR_NAME
    case Err::count: break;
  }
  return "unknown";
}

}  // namespace tessel::engine

namespace TESSEL_NAMESPACE {

// The exception for an engine error on the host (a tessel::error, so code
// that catches tessel::error catches it): code names the condition (the
// same code the engine and the text library report), what() says it with
// its numbers ("tessel: integer overflow [a and b]").
struct named_error : error {
  engine::Err code;
  named_error(engine::Err c, char const* what) noexcept : error(what), code(c) {}
  template <class S>
    requires requires(S const& s) { static_cast<char const*>(s.c_str()); }
  named_error(engine::Err c, S const& what) noexcept : error(what.c_str()), code(c) {}
};

}  // namespace tessel
