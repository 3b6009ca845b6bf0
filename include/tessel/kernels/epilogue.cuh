// tessel/kernels/epilogue.cuh: the GEMM epilogue from the accumulators
// straight to global memory, shared by gemm_sm80.cuh and gemm_sm90 (its
// fallback path for beta != 0, fp32 or unaligned C), with a hook:
//
//   epilogue_direct<BM, BN>(acc, tCcC, hook, c, ldc, m0, n0, M, N, vec);
//
// acc: a thread's fp32 accumulators; tCcC: their (row, column) in the (BM, BN)
// tile (the TiledMMA's C partition of the identity tile), values (i, i + 1)
// being columns (c, c + 1) of one row (check_epilogue_pairs, gemm_common.cuh,
// checks that on the host for each configuration). The hook computes what is
// written: D(r, c) = hook(acc, r, c) + hook.beta * C(r, c), rounded to C's type
// by the hardware (gemm_convert.cuh), stored as 2-element vectors where vec
// says C's rows allow them, predicated on the matrix edges.
// LinearCombination {alpha, beta} is the GEMM's own hook; a bias or an
// activation is another struct with the same members.
#pragma once

#include "../layout/layout.hpp"
#include "gemm_convert.cuh"

namespace TESSEL_NAMESPACE::kernels {

// D = alpha * acc + beta * C.
struct LinearCombination {
  float alpha = 1.f, beta = 0.f;
  // the value of accumulator v at (row, column) of the matrix, before beta * C
  TESSEL_HOST_DEVICE float operator()(float v, long long /*row*/, long long /*col*/) const { return alpha * v; }
};

// The (BM, BN) tile at (m0, n0) of the row-major M x N matrix C (ldc) from a
// thread's accumulators (see above).
template <class BM, class BN, class Acc, class Crd, class Hook, class TO>
TESSEL_DEVICE void epilogue_direct(Acc const& acc, Crd const& tCcC, Hook const& hook, TO* c, long long ldc, int m0, int n0, int M, int N,
                                   bool vec) {
  auto const c_tile = make_layout(Shape<BM, BN>{}, make_stride(ldc, Int<1>{}));  // (BM, BN) : (ldc, 1)
  TO* const c0 = c + (long long)m0 * ldc + n0;
  int const mres = M - m0, nres = N - n0;
  float const beta = hook.beta;
  constexpr int kVals = decltype(size(acc.layout()))::value;
  TESSEL_UNROLL
  for (int i = 0; i < kVals; i += 2) {  // values i, i+1: columns c, c+1 of one row
    auto const crd = tCcC(i);
    int const r = int(get<0>(crd)), col = int(get<1>(crd));
    if (r >= mres) continue;
    TO* dst = c0 + c_tile(r, col);
    gemm_convert::store_pair(dst, hook(acc(i), m0 + r, n0 + col), hook(acc(i + 1), m0 + r, n0 + col + 1), beta, col, nres, vec);
  }
}

}  // namespace tessel::kernels
