// tessel/atom/mma_sm80_f64.hpp: Ampere's double-precision mma.sync.aligned.m8n8k4 (sm_80+), as CuTe's
//   SM80_8x8x4_F64F64F64F64_TN   D(8x8, f64) = A(8x4, f64) * B(4x8, f64) + C(8x8, f64)
//   SM80_8x8x4_C64C64C64C64_TN   the same in complex<double>, as four f64 instructions
//                                (re = ar*br - ai*bi + cr, im = ar*bi + ai*br + ci)
//
// Fragments (PTX ISA, "mma.m8n8k4 with .f64"), lane = 4*g + q (g = lane/4, q = lane%4):
//   A: a0 at (m, k) = (g, q)                 -> index m + 8k: q -> 8, g -> 1: ((4,8),1):((8,1),0)
//   B: b0 at (k, n) = (q, g)                 -> index n + 8k: the same
//   C, D: c_i at (m, n) = (g, 2q + i), i < 2 -> index m + 8n: q -> 16, g -> 1, i -> 8: ((4,8),2):((16,1),8)
#pragma once

#include "../numeric/complex.hpp"
#include "mma_ops.hpp"
#include "mma_traits.hpp"

namespace TESSEL_NAMESPACE {

// SM80_8x8x4_F64F64F64F64_TN itself (its instruction and registers): mma_ops.hpp.

struct SM80_8x8x4_C64C64C64C64_TN {
  using DRegisters = complex<double>[2];
  using ARegisters = complex<double>[1];
  using BRegisters = complex<double>[1];
  using CRegisters = complex<double>[2];
  TESSEL_HOST_DEVICE static void fma(complex<double>& d0, complex<double>& d1, complex<double> const& a0,
                                     complex<double> const& b0, complex<double> const& c0, complex<double> const& c1) {
    // Real parts: ar*br + cr, then -ai*bi added; imaginary parts: ar*bi + ci, then ai*br added.
    double re0, re1, im0, im1;
    SM80_8x8x4_F64F64F64F64_TN::fma(re0, re1, a0.real(), b0.real(), c0.real(), c1.real());
    SM80_8x8x4_F64F64F64F64_TN::fma(im0, im1, a0.real(), b0.imag(), c0.imag(), c1.imag());
    SM80_8x8x4_F64F64F64F64_TN::fma(re0, re1, -a0.imag(), b0.imag(), re0, re1);
    SM80_8x8x4_F64F64F64F64_TN::fma(im0, im1, a0.imag(), b0.real(), im0, im1);
    d0 = complex<double>(re0, im0);
    d1 = complex<double>(re1, im1);
  }
};

template <> struct MMA_Traits<SM80_8x8x4_F64F64F64F64_TN>
    : detail::MmaLayouts<double, double, double, double, Shape<_8, _8, _4>, Layout<_32>, Layout<Shape<Shape<_4, _8>, _1>, Stride<Stride<_8, _1>, _0>>,
                         Layout<Shape<Shape<_4, _8>, _1>, Stride<Stride<_8, _1>, _0>>, Layout<Shape<Shape<_4, _8>, _2>, Stride<Stride<_16, _1>, _8>>> {};
template <> struct MMA_Traits<SM80_8x8x4_C64C64C64C64_TN>
    : detail::Retyped<MMA_Traits<SM80_8x8x4_F64F64F64F64_TN>, complex<double>, complex<double>, complex<double>, complex<double>> {};

}  // namespace TESSEL_NAMESPACE
