// Session 17 (helper attn, call 2; call 1's tl.cu with other configurations): the per-tile timeline of the d128 attention kernels (scratch, not a test). Built against
// a copy of include/ with timeline.diff applied: consumer thread 0 of each warpgroup stamps clock64() per tile at
// 0 the tile loop's top, 1 Q waited for, 2 the first K waited for, 3 the first S = Q K^T retired, 4 its softmax and
// conversion done, 5 the loop over the other blocks done, 6 the last P V retired, 7 the epilogue done (slot 8: the
// tile's key blocks). bf16, batch x S = 16k tokens, 16 heads x 128; 20 warm-up launches, then one stamped launch.
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <vector>
#define TESSEL_ATTN_TL_TILES 48
__device__ long long g_tl[132 * 2 * TESSEL_ATTN_TL_TILES * 16];
#define TESSEL_ATTN_TL_BUF g_tl
#include <tessel/kernels/attention_sm90.cuh>

namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;

__global__ void fill(T* x, long long n, unsigned seed) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < n; i += 256ll * gridDim.x) {
    unsigned h = unsigned(i) * 2654435761u ^ seed;
    h ^= h >> 13; h *= 0x5bd1e995u; h ^= h >> 15;
    x[i] = T(float(h % 2001u) / 1000.f - 1.f);
  }
}

static double med(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <class Cfg>
void run(char const* name, int S, bool causal) {
  int const B = 16384 / S, H = 16, D = 128;
  long long const n = (long long)B * S * H * D;
  T *q, *k, *v, *o;
  cudaMalloc(&q, n * 2); cudaMalloc(&k, n * 2); cudaMalloc(&v, n * 2); cudaMalloc(&o, n * 2);
  fill<<<1024, 256>>>(q, n, 1u); fill<<<1024, 256>>>(k, n, 2u); fill<<<1024, 256>>>(v, n, 3u);
  att::AttentionArgs<T> a;
  a.q = q, a.k = k, a.v = v, a.o = o, a.batch = B, a.sq = S, a.sk = S, a.hq = H, a.hkv = H, a.head_dim = D, a.causal = causal;
  a.set_contiguous();
  for (int i = 0; i < 20; ++i) att::launch_attention<Cfg>(a, nullptr);
  static std::vector<long long> h(sizeof(g_tl) / 8);
  std::fill(h.begin(), h.end(), 0ll);
  cudaMemcpyToSymbol(g_tl, h.data(), sizeof(g_tl));
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0); cudaEventCreate(&e1);
  cudaEventRecord(e0);
  cudaError_t err = att::launch_attention<Cfg>(a, nullptr);
  cudaEventRecord(e1);
  cudaError_t err2 = cudaDeviceSynchronize();
  float ms = 0; cudaEventElapsedTime(&ms, e0, e1);
  cudaMemcpyFromSymbol(h.data(), g_tl, sizeof(g_tl));
  double const flop = 4.0 * B * H * double(S) * S * D * (causal ? 0.5 : 1.0);
  std::printf("== %s S=%d %s: launch %s / %s, %.4f ms (%.1f TFLOP/s, stamped launch)\n", name, S, causal ? "causal" : "non-causal",
              cudaGetErrorString(err), cudaGetErrorString(err2), ms, flop / ms * 1e-9);
  int const TT = TESSEL_ATTN_TL_TILES;
  for (int wg = 0; wg < 2; ++wg) {
    std::vector<double> gspan;
    long long smax = 0;
    std::vector<double> qw, kw, s1, sm1, loopb, lpv, epi, gap, over, tiles, span, firstq, tailend, blocksv;
    long long gmin = (1ll << 62), gmax = 0;  // globaltimer (ns), comparable across SMs
    std::vector<long long> ends;
    for (int c = 0; c < 132; ++c) {
      long long const* r = &h[((c * 2 + wg) * TT) * 16];
      int nt = 0;
      while (nt < TT && r[nt * 16 + 7] != 0) ++nt;
      if (nt == 0) continue;
      tiles.push_back(nt);
      gmin = std::min(gmin, r[9]);
      gmax = std::max(gmax, r[(nt - 1) * 16 + 10]);
      ends.push_back(r[(nt - 1) * 16 + 10]);
      span.push_back(double(r[(nt - 1) * 16 + 7] - r[0]));
      gspan.push_back(double(r[(nt - 1) * 16 + 10] - r[9]));
      smax = std::max(smax, r[9]);
      firstq.push_back(double(r[1] - r[0]));
      for (int t = 0; t < nt; ++t) {
        long long const* x = &r[t * 16];
        int const bl = int(x[8]);
        if (bl < 1) continue;
        blocksv.push_back(bl);
        if (t > 0) qw.push_back(double(x[1] - x[0]));
        kw.push_back(double(x[2] - x[1]));
        s1.push_back(double(x[3] - x[2]));
        sm1.push_back(double(x[4] - x[3]));
        if (bl > 1) loopb.push_back(double(x[5] - x[4]) / (bl - 1));
        lpv.push_back(double(x[6] - x[5]));
        epi.push_back(double(x[7] - x[6]));
        if (t + 1 < nt) gap.push_back(double(x[16] - x[7]));
      }
    }
    double const lb = med(loopb);
    // the tile's cycles beyond its blocks at the loop's rate (the top of the tile to the epilogue's end, plus the gap)
    for (int c = 0; c < 132; ++c) {
      long long const* r = &h[((c * 2 + wg) * TT) * 16];
      for (int t = 1; t + 1 < TT && r[(t + 1) * 16 + 7] != 0; ++t) {
        long long const* x = &r[t * 16];
        if (x[8] < 1) continue;
        over.push_back(double(x[16] - x[0]) - lb * double(x[8]));
      }
    }
    long long emin = *std::min_element(ends.begin(), ends.end());
    double const cyc_per_ns = med(span) / med(gspan);
    std::printf("  wg %d: %zu CTAs, tiles/CTA median %.0f (min %.0f, max %.0f), blocks/tile median %.1f; SM clock about %.2f GHz (cycles / globaltimer)\n", wg,
                tiles.size(), med(tiles), *std::min_element(tiles.begin(), tiles.end()), *std::max_element(tiles.begin(), tiles.end()), med(blocksv), cyc_per_ns);
    std::printf("    medians in cycles: Q wait (tiles > 0) %.0f, first K wait %.0f, first S %.0f, first softmax %.0f, loop per block %.0f, "
                "last PV %.0f, epilogue %.0f, gap to next tile %.0f; per-tile overhead beyond blocks x loop rate %.0f (%.2f blocks)\n",
                med(qw), med(kw), med(s1), med(sm1), lb, med(lpv), med(epi), med(gap), med(over), med(over) / lb);
    std::printf("    first tile: Q wait %.0f cycles; CTA spans (cycles) median %.0f, max %.0f; globaltimer: first tile start to last end %.1f us "
                "(launch %.1f us), CTA ends spread %.1f us (%.1f%%), CTA starts spread %.1f us\n",
                med(firstq), med(span), *std::max_element(span.begin(), span.end()), (gmax - gmin) * 1e-3, ms * 1e3, double(gmax - emin) * 1e-3,
                100.0 * double(gmax - emin) / double(gmax - gmin), (smax - gmin) * 1e-3);
  }
  cudaFree(q); cudaFree(k); cudaFree(v); cudaFree(o);
}

// Session 16's d128 defaults but KAhead_ and NextEarly_ (capi_w2.cu's form).
template <bool C, int BN, bool EpiTma, int QS, bool KA, bool NE>
using Cfg = att::AttentionConfig<T, 128, C, BN, 2, true, false, att::attention_default_dynamic(128, C), EpiTma, 2, 24, 240, 0,
                                 att::attention_default_chains(128, C), att::attention_default_rescale_early(128, C),
                                 att::attention_default_skip_rescale(128, C), KA, att::attention_default_split_wait(128, C),
                                 att::attention_default_snake(128, C), att::attention_default_epi_xor(128, C), QS, NE>;

int main() {
  run<Cfg<false, 128, true, 2, false, false>>("short, session 16 (no k-ahead, no next-early)", 2048, false);
  run<Cfg<false, 128, true, 2, true, false>>("short + k-ahead", 2048, false);
  run<att::AttentionShortConfig<T, 128, false>>("short, new default (k-ahead, next-early)", 2048, false);
  run<Cfg<true, 128, true, 2, false, false>>("causal, session 16", 2048, true);
  run<Cfg<true, 128, true, 2, true, false>>("causal + k-ahead", 2048, true);
  run<att::AttentionConfig<T, 128, true>>("causal, new default (k-ahead, next-early)", 2048, true);
  run<Cfg<false, 192, false, 1, false, false>>("long non-causal BN 192, session 16", 8192, false);
  run<att::AttentionConfig<T, 128, false>>("long non-causal BN 192, new default (next-early)", 8192, false);
  return 0;
}
