// tessel/kernels/pipeline.cuh: the shared-memory pipeline of a warp-specialised
// Hopper kernel: Stages buffers, each with a "full" mbarrier (completed by the
// producer's arrive.expect_tx and the TMA's transaction bytes) and an "empty"
// mbarrier (completed by the consumers' releases, from every CTA of a cluster
// when the buffers are filled by multicast):
//
//   PipelineState st;                          // stage index and phase, one per role
//   producer: pipe.producer_acquire(st, bytes);  TMA loads on pipe.full(st);  st.advance();
//   consumer: pipe.consumer_wait(st);  ... read stage st.index ...;  pipe.consumer_release(st.index);  st.advance();
//
// The phase bookkeeping is PipelineState's alone: a stage's phase flips each
// time the index wraps, the producer waits for the empty barrier's previous
// phase (phase ^ 1: free from the start), the consumers for the full barrier's
// current one. Device code for sm_90 (mbarriers, mapa and remote arrives).
#pragma once

#include <cstdint>

#include "../atom/copy_sm90.hpp"
#include "sm90_common.cuh"

namespace TESSEL_NAMESPACE::kernels {

// A position in a ring of Stages buffers: the buffer and the parity of its current phase.
template <int Stages>
struct PipelineState {
  static_assert(Stages >= 1, "PipelineState: at least one stage");
  int index = 0;
  int phase = 0;
  TESSEL_HOST_DEVICE void advance() {
    if (++index == Stages) index = 0, phase ^= 1;
  }
  // n advances at once (n >= 0): a consumer passing over the stages of a tile that another
  // consumer takes (the ping-pong GEMM); the phase flips once per wrap of the index.
  TESSEL_HOST_DEVICE void advance(int n) {
    int const i = index + n;
    phase ^= (i / Stages) & 1;
    index = i % Stages;
  }
};

// An arrive on the mbarrier at the same shared-memory offset as bar in CTA
// `rank` of this cluster (mapa + remote arrive). The arrive has the default
// semantics (release at CTA scope), which is all a consumer's release needs:
// the reads it orders are the retired wgmmas of this CTA, and the buffer is
// next written by a TMA issued after the peer's producer has seen the barrier
// complete. `.release.cluster` made every release a cluster-wide fence and
// clusters of 2 2.2x slower than none (H100, bench/RESULTS.md, 2026-11-26).
TESSEL_DEVICE void arrive_barrier_in_cta(std::uint64_t& bar, std::uint32_t rank) {
#if defined(TESSEL_ARCH_TMA)
  std::uint32_t const local = ::tessel::detail::smem_u32(&bar);
  std::uint32_t remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(remote) : "r"(local), "r"(rank));
  asm volatile("mbarrier.arrive.shared::cluster.b64 _, [%0];\n" ::"r"(remote) : "memory");
#else
  (void)bar, (void)rank;
  ::tessel::detail::missing_tma("arrive_barrier_in_cta needs device code for sm_90 or later");
#endif
}

// The barriers of a TMA -> consumer pipeline of Stages buffers, in shared memory
// (2 * Stages 8-byte words from `barriers`).
template <int Stages>
struct TmaPipeline {
  std::uint64_t* full_;   // [Stages]
  std::uint64_t* empty_;  // [Stages]
  int cluster_;           // CTAs whose consumers release each buffer (1: this CTA only)

  TESSEL_DEVICE TmaPipeline(std::uint64_t* barriers, int cluster) : full_(barriers), empty_(barriers + Stages), cluster_(cluster) {}

  // One thread, before any use (then a fence and a CTA or cluster barrier, see
  // init_fence): a full barrier completes on the producer's one arrive (plus its
  // bytes); an empty one on consumer_arrivals arrives from each CTA of the cluster.
  TESSEL_DEVICE void init(int consumer_arrivals) const {
    for (int s = 0; s < Stages; ++s) {
      initialize_barrier(full_[s], 1);
      initialize_barrier(empty_[s], consumer_arrivals * cluster_);
    }
    fence_barrier_init();
  }

  // Producer: waits until stage st.index is free (in every CTA of the cluster)
  // and arms its full barrier for `bytes` bytes of TMA transactions.
  TESSEL_DEVICE void producer_acquire(PipelineState<Stages> const& st, std::uint32_t bytes) const {
    wait_barrier(empty_[st.index], st.phase ^ 1);
    set_barrier_transaction_bytes(full_[st.index], bytes);
  }
  // The full barrier of stage st.index (the TMA loads complete on it).
  TESSEL_DEVICE std::uint64_t& full(PipelineState<Stages> const& st) const { return full_[st.index]; }

  // Consumer: waits until stage st.index has landed.
  TESSEL_DEVICE void consumer_wait(PipelineState<Stages> const& st) const { wait_barrier(full_[st.index], st.phase); }
  // Consumer: one arrive (per releasing thread) on stage `index`'s empty barrier
  // of every CTA of the cluster. Which threads release: the arrive is a release,
  // so it orders the releasing thread's own reads of the stage before the
  // producer's next TMA write into it. Consumers that read the stage with
  // ordinary loads (ld.shared, ldmatrix) release each for itself (init's
  // consumer_arrivals counts them all). One arrive per warp after __syncwarp is
  // ordered too, but compute-sanitizer's racecheck does not follow __syncwarp
  // into another lane's arrive: it reported the reuse as write-after-read
  // hazards for lanes 1-31 (every count a multiple of 31; kernels_host.cu,
  // H200, 2026-11-26). Readers through wgmma (the GEMM) release once per warp
  // after warpgroup_wait.
  // The cluster's size is a run-time value (the GEMM's pairs are chosen per
  // problem): the sizes used (1, the GEMMs' pairs 2) take one or two arrives
  // and no loop; a larger cluster a loop kept rolled (a loop over a run-time
  // count up to 16 was unrolled 16-fold at every release site).
  TESSEL_DEVICE void consumer_release(int index) const {
    if (cluster_ == 1) {
      arrive_barrier(empty_[index]);
    } else if (cluster_ == 2) {
      arrive_barrier_in_cta(empty_[index], 0u);
      arrive_barrier_in_cta(empty_[index], 1u);
    } else {
#pragma unroll 1
      for (int r = 0; r < cluster_; ++r) arrive_barrier_in_cta(empty_[index], std::uint32_t(r));
    }
  }
};

// Turns of Groups warpgroups at a section of code, taken in the order 0, 1, ..., Groups - 1, 0, ...:
// turn k is group k % Groups's (the ping-pong GEMM: one consumer warpgroup issues its main loop's
// wgmmas while the other runs its epilogue, so the tensor cores see one tile's wgmmas after the
// other's). Named barriers first_barrier + g (g < Groups), each between group g (bar.sync: its wait)
// and the group before it (bar.arrive: that group's pass), 2 x 128 threads:
//
//   WarpgroupTurns<2> turns{first_barrier, group};
//   turns.open(any);                                 // once: the last group opens turn 0 (any: there is a turn 0)
//   turns.wait();  ... the section ...;  turns.pass(another);   // another: a turn (anyone's) follows this one
//
// Every arrive meets exactly one wait: the last turn passes to no one (another = false), and turn 0
// is opened only where it exists. A barrier never holds two arrives: group g's next pass to g + 1
// comes after its own next wait, which needs g + 1's turn to have passed on round the ring first.
template <int Groups>
struct WarpgroupTurns {
  static_assert(Groups >= 2, "WarpgroupTurns: two or more warpgroups take turns");
  static constexpr int kThreads = 2 * 128;  // the waiting warpgroup and the passing one
  int first_barrier;  // named barrier ids first_barrier .. first_barrier + Groups - 1
  int group;          // this warpgroup's place in the order, 0 .. Groups - 1

  TESSEL_DEVICE void open(bool any) const {
    if (group == Groups - 1 && any) named_barrier_arrive(first_barrier, kThreads);
  }
  TESSEL_DEVICE void wait() const { named_barrier_sync(first_barrier + group, kThreads); }
  TESSEL_DEVICE void pass(bool another) const {
    if (another) named_barrier_arrive(first_barrier + (group + 1) % Groups, kThreads);
  }
};

}  // namespace tessel::kernels
