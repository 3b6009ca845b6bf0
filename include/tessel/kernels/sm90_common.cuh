// tessel/kernels/sm90_common.cuh: what the Hopper kernels (gemm_sm90*, attention_sm90*) share
// beyond the pipeline and the scheduler: the wgmma kind of an input type, the warpgroup register reallocation (setmaxnreg, with
// the producer's and the consumers' counts as the configurations' parameters), named barriers and describe()'s
// line for a TMA box. Compile with nvcc.
#pragma once

#include <cstdio>

#include "../atom/atom.hpp"
#include "../atom/tma.hpp"
#include "../config.hpp"

namespace TESSEL_NAMESPACE::kernels {

// The f32-accumulating wgmma kind of an input type (half_t, bfloat16_t).
template <class T> struct wgmma_kind;
template <> struct wgmma_kind<half_t> { using type = GMMA::ptx::f32f16f16; };
template <> struct wgmma_kind<bfloat16_t> { using type = GMMA::ptx::f32bf16bf16; };

// setmaxnreg: this warpgroup's registers per thread down (a producer) or up (the consumers) to Regs.
template <int Regs>
TESSEL_DEVICE void setmaxnreg_dec() {
#if defined(TESSEL_ARCH_WGMMA)
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(Regs) : "memory");
#endif
}
template <int Regs>
TESSEL_DEVICE void setmaxnreg_inc() {
#if defined(TESSEL_ARCH_WGMMA)
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(Regs) : "memory");
#endif
}

// Programmatic dependent launch: a grid launched with
// cudaLaunchAttributeProgrammaticStreamSerialization may start once every CTA of
// the grid before it on the stream has called launch_dependent_grids (or ended);
// wait_prior_grids blocks the calling thread until that grid has completed and its
// writes are visible (at once for a grid launched without the attribute).
TESSEL_DEVICE void launch_dependent_grids() {
#if defined(TESSEL_ARCH_WGMMA)
  asm volatile("griddepcontrol.launch_dependents;\n" ::: "memory");
#endif
}
TESSEL_DEVICE void wait_prior_grids() {
#if defined(TESSEL_ARCH_WGMMA)
  asm volatile("griddepcontrol.wait;\n" ::: "memory");
#endif
}

// Named barriers (ids 1..15; 0 is __syncthreads') among n threads, a multiple of 32: bar.sync waits
// for all n, bar.arrive counts this thread and goes on.
TESSEL_DEVICE void named_barrier_sync(int id, int n) { asm volatile("bar.sync %0, %1;\n" ::"r"(id), "r"(n) : "memory"); }
TESSEL_DEVICE void named_barrier_arrive(int id, int n) { asm volatile("bar.arrive %0, %1;\n" ::"r"(id), "r"(n) : "memory"); }

// One line of describe(): a tensor map's rank, box, swizzle and boxes per tile (and its error, if any).
inline void describe_tma_box(char const* what, TMA::Params const& q) {
  std::printf("  TMA %s: rank %d, box (", what, q.rank);
  for (int d = 0; d < q.rank; ++d) std::printf("%s%u", d ? "," : "", q.box[d]);
  int runs = 1;
  for (int r = 0; r < q.rest; ++r) runs *= q.rest_extent[r];
  std::printf("), swizzle %d, %d box(es) per tile%s%s\n", q.swizzle, runs, q.error ? ", error: " : "", q.error ? q.error : "");
}

}  // namespace TESSEL_NAMESPACE::kernels
