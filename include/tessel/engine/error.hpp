// tessel/engine/error.hpp: the engine's error codes. Every failing operation
// reports one code with the numbers involved; message() says the condition in
// words (describe.hpp adds the numbers, host only).
#pragma once

#include "../config.hpp"

namespace tessel::engine {

using i64 = long long;

// Error codes of the engine; every failing operation reports one with the
// numbers involved. message() gives the condition in words.
enum class Err : int {
  none = 0,
  overflow,             // an integer result does not fit in 64 bits
  too_large,            // the structure exceeds the engine's capacity
  shape_not_positive,   // a shape entry is zero or negative
  stride_divisibility,  // composition: stride a does not divide / is not divided by shape b of A's mode c
  shape_divisibility,   // composition: shape a of B is not divisible by b (A's mode c)
  not_distributive,     // composition: B's modes overlap inside A's modes
  not_injective,        // complement: the layout is not injective
  complement_chain,     // complement: stride a is not a multiple of b (image is not a tractable chain)
  negative_stride,      // complement: negative strides
  left_inverse_divisibility,  // left_inverse: stride a is not a multiple of b
  rank_mismatch,        // a tiler or profile has more modes than the layout
  dynamic_unsupported,  // an operation that needs static strides got dynamic ones
  bad_argument,
  structure_mismatch,   // the run-time values give the result another structure than its type
  zip_not_rank2,        // zipped/tiled/flat: a mode kept by `_` is not a (tile, rest) pair
};

struct Error {
  Err code = Err::none;
  i64 a = 0, b = 0, c = 0;
  TESSEL_HOST_DEVICE_NOFORCE constexpr explicit operator bool() const { return code != Err::none; }
};

TESSEL_HOST_DEVICE_NOFORCE constexpr char const* message(Err e) {
  switch (e) {
    case Err::none: return "ok";
    case Err::overflow: return "integer overflow";
    case Err::too_large: return "layout too large for the engine";
    case Err::shape_not_positive: return "a shape entry is zero or negative (shapes must be >= 1)";
    case Err::stride_divisibility: return "composition: stride divisibility fails (B's stride must be divisible by the product of A's leading shapes and, where it stops inside a mode, divide that mode's shape)";
    case Err::shape_divisibility: return "composition: shape divisibility fails (A's remaining shapes must divide B's shape up to its last needed mode)";
    case Err::not_distributive: return "composition: B's modes overlap inside A's modes (A o B is not left-distributive over B)";
    case Err::not_injective: return "complement: the layout is not injective";
    case Err::complement_chain: return "complement: sorted by stride, each stride must be a multiple of the previous shape*stride";
    case Err::negative_stride: return "complement: negative strides are not supported";
    case Err::left_inverse_divisibility: return "left_inverse: sorted by stride, each stride must be a multiple of the size covered so far";
    case Err::rank_mismatch: return "the tiler or profile has more modes than the layout";
    case Err::dynamic_unsupported: return "this operation needs static strides";
    case Err::bad_argument: return "bad argument";
    case Err::zip_not_rank2: return "zipped/tiled/flat divide or product: a mode that the tiler keeps with `_` must have rank 2 to be split into (tile, rest) (CuTe: zip2_by's leaf level must be rank-2)";
    case Err::structure_mismatch: return "the run-time values give the result another structure than its type (a dynamic integer is 1 or 0 where the type needs a mode, and no layout of the type's structure is the result)";
  }
  return "unknown error";
}

}  // namespace tessel::engine
