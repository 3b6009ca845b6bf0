// The Hopper attention forward of issue 26 (tessel/kernels/attention_sm90.cuh)
// on the GPU: correctness against a reference computed on the GPU, then timings.
//   attention_bench [--small] [--no-time] [--time-only] [--describe] [--reps N] [--pause-ms N]
// Correctness, as FlashAttention-3's tests: the reference in fp32 (double
// arithmetic, rounded to the input type at the end) and the same computation
// in the input precision (Q*scale, S and P rounded to the input type, as
// PyTorch's attention in bf16/fp16 does); a case passes when
//   max |O - O_ref| <= 2 * max |O_low - O_ref| + atol
// (atol: twice the rounding of 0.3 + x in the input type over the reference's
// values, FA3's fwd_atol), the log-sum-exp is within 1e-5 relative (plus 1e-5
// absolute) of the reference's, and every output element was written (O is
// poisoned with NaN first). Sweep: head dims, causal and not, GQA ratios,
// ragged lengths. --small: the small cases only (for compute-sanitizer).
// Timing: the issue's table (batch x seqlen = 16k tokens, heads x head dim =
// 2048), bf16, median of N (default 30) runs after 5 warm-up runs, CUDA
// events, TFLOP/s counting 4 B H S^2 D (halved for causal); --pause-ms N: the
// GPU idle N ms before each case's warm-up (every case from the same power state).
// One configuration per build: CI compiles (no GPU) variant 0, bf16 d64
// non-causal; -DTESSEL_ATTN_VARIANT=0..8 picks another (bf16 d64/d128/d256
// non-causal and causal, fp16 d64 causal, d128 non-causal, d256 causal),
// 9..12 FP8 (e4m3 in with descales, bf16 out; d128/d256 non-causal and causal),
// 13 fp16 d128 causal (the dynamic scheduler's fp16 form):
// bench/gpu/attention_run.sh builds all of them in parallel.
// FP8 as FlashAttention-3 tests it: inputs e4m3 with descales of (batch, kv head)
// in [0.5, 2); the fp32 reference computes with the dequantized inputs (double);
// the low-precision one as FA3's PyTorch reference (bf16 dequantized inputs, K
// times the scale in bf16, scores rounded to bf16, P normalised, rounded to bf16
// and then to e4m3, O accumulated in fp32 from bf16 V and rounded to bf16); the
// same bound. Fixed lengths only (the kernel takes no cu_seqlens in FP8). The
// timings include the V^T pass (prepare_vt), also timed alone.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <tessel/kernels/attention_sm90.cuh>

using namespace tessel;
namespace att = tessel::kernels::attention_sm90;

#define CK(x)                                                                                      \
  do {                                                                                             \
    cudaError_t e_ = (x);                                                                          \
    if (e_ != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));   \
      std::exit(2);                                                                                \
    }                                                                                              \
  } while (0)

namespace {

// ---- inputs and references ----------------------------------------------------------------------

__device__ float hash_normal(unsigned long long i, unsigned seed) {
  // a sum of 4 uniforms in [-1, 1), scaled to unit variance (a cheap stand-in for a normal draw)
  float s = 0.f;
  for (int r = 0; r < 4; ++r) {
    unsigned long long x = (i * 4 + r) * 0x9E3779B97F4A7C15ull + seed * 0xD1B54A32D192ED03ull;
    x ^= x >> 33, x *= 0xff51afd7ed558ccdull, x ^= x >> 33, x *= 0xc4ceb9fe1a85ec53ull, x ^= x >> 33;
    s += float(x >> 40) / float(1 << 23) - 1.f;
  }
  return s * 0.8660254f;
}

template <class T>
__global__ void fill_kernel(T* p, long long n, unsigned seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
    p[i] = T(hash_normal((unsigned long long)i, seed));
}
template <class T>
__global__ void poison_kernel(T* p, long long n) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
    p[i] = T(__int_as_float(0x7fc00000));
}

template <class T>
__device__ float rnd(float x) {
  return float(T(x));
}

// The descales of a reference (FP8: (batch, kv head) arrays; null: 1).
struct RefDescales {
  float const *q = nullptr, *k = nullptr, *v = nullptr;
};

// One block per (row, head, batch). Low = false: double arithmetic; Low = true:
// the input precision (q * scale, the scores, P and O rounded to T; FP8, see
// the top: in bf16 (TO) with P also rounded to e4m3).
template <class T, class TO, bool Low>
__global__ void ref_kernel(T const* q, T const* k, T const* v, float* o, float* lse, float* scratch, int sq, int sk, int hq, int hkv, int D,
                           float scale, bool causal, RefDescales ds) {
  constexpr bool kFp8 = sizeof(T) == 1;
  int const i = blockIdx.x, h = blockIdx.y, b = blockIdx.z, hk = h / (hq / hkv);
  float const dq = ds.q ? ds.q[b * hkv + hk] : 1.f, dk = ds.k ? ds.k[b * hkv + hk] : 1.f, dv = ds.v ? ds.v[b * hkv + hk] : 1.f;
  // an input value (dequantized; Low: in TO)
  auto in = [](T x, float d) { return Low && kFp8 ? rnd<TO>(float(x) * d) : float(x) * d; };
  T const* qr = q + (((long long)b * sq + i) * hq + h) * D;
  float* s = scratch + (((long long)b * hq + h) * sq + i) * sk;
  __shared__ double red[128];
  double mx = -INFINITY;
  for (int j = threadIdx.x; j < sk; j += blockDim.x) {
    T const* kr = k + (((long long)b * sk + j) * hkv + hk) * D;
    double acc = 0;
    float accf = 0.f;
    for (int d = 0; d < D; ++d) {
      if (Low && kFp8) accf += in(qr[d], dq) * rnd<TO>(in(kr[d], dk) * scale);
      else if (Low) accf += rnd<T>(float(qr[d]) * scale) * float(kr[d]);
      else acc += double(float(qr[d]) * dq) * double(float(kr[d]) * dk);
    }
    double sc = Low ? double(rnd<TO>(accf)) : acc * scale;
    if (causal && j > i + (sk - sq)) sc = -INFINITY;
    s[j] = float(sc);
    if (!Low) s[j] = float(sc);  // the double score's float (the max and exps below use the double again)
    mx = fmax(mx, sc);
  }
  red[threadIdx.x] = mx;
  __syncthreads();
  for (int w = 64; w > 0; w /= 2) {
    if (threadIdx.x < w) red[threadIdx.x] = fmax(red[threadIdx.x], red[threadIdx.x + w]);
    __syncthreads();
  }
  mx = red[0];
  __syncthreads();
  double sum = 0;
  if (mx != -INFINITY) {
    for (int j = threadIdx.x; j < sk; j += blockDim.x) {
      // recompute the double score for the fp32 reference (exact), use the stored one for Low
      double sc;
      if (Low) {
        sc = s[j];
      } else {
        T const* kr = k + (((long long)b * sk + j) * hkv + hk) * D;
        double acc = 0;
        for (int d = 0; d < D; ++d) acc += double(float(qr[d]) * dq) * double(float(kr[d]) * dk);
        sc = acc * scale;
        if (causal && j > i + (sk - sq)) sc = -INFINITY;
      }
      double const e = exp(sc - mx);
      sum += e;
      s[j] = float(e);  // unnormalised for the fp32 reference (its own float rounding only)
    }
  }
  red[threadIdx.x] = sum;
  __syncthreads();
  for (int w = 64; w > 0; w /= 2) {
    if (threadIdx.x < w) red[threadIdx.x] += red[threadIdx.x + w];
    __syncthreads();
  }
  sum = red[0];
  __syncthreads();
  if (threadIdx.x == 0 && lse) lse[((long long)b * hq + h) * sq + i] = sum > 0 ? float(mx + log(sum)) : -INFINITY;
  float* orow = o + (((long long)b * sq + i) * hq + h) * D;
  for (int d = threadIdx.x; d < D; d += blockDim.x) {
    double acc = 0;
    float accf = 0.f;
    if (sum > 0)
      for (int j = 0; j < sk; ++j) {
        float const vv = in(v[(((long long)b * sk + j) * hkv + hk) * D + d], dv);
        if (Low) {
          float pj = rnd<TO>(float(s[j] / sum));
          if (kFp8) pj = rnd<T>(pj);
          accf += pj * vv;
        } else {
          acc += double(s[j]) * vv;
        }
      }
    orow[d] = Low ? rnd<TO>(accf) : float(acc / (sum > 0 ? sum : 1.0));
  }
}

template <class T>
float to_f(T x) {
  return float(x);
}

// ---- one configuration --------------------------------------------------------------------------

struct Totals {
  int passed = 0, failed = 0;
};

template <class T>
struct Buffers {
  using TO = typename att::AttentionArgs<T>::TO;
  T *q = nullptr, *k = nullptr, *v = nullptr;
  TO* o = nullptr;
  float* lse = nullptr;
  void* vt = nullptr;        // FP8: V^T's workspace
  float* descale = nullptr;  // FP8: q, k, v descales, (batch, hkv) each
  void alloc(long long nq, long long nk, long long nlse) {
    CK(cudaMalloc(&q, nq * sizeof(T)));
    CK(cudaMalloc(&k, nk * sizeof(T)));
    CK(cudaMalloc(&v, nk * sizeof(T)));
    CK(cudaMalloc(&o, nq * sizeof(TO)));
    CK(cudaMalloc(&lse, nlse * sizeof(float)));
  }
  // FP8: V^T's workspace and descales in [0.5, 2) (a fixed draw), set on a.
  void fp8(att::AttentionArgs<T>& a, unsigned seed) {
    if constexpr (sizeof(T) == 1) {
      CK(cudaMalloc(&vt, std::max(16LL, att::attention_vt_bytes(a))));
      int const n = a.batch * a.hkv;
      std::vector<float> h(3 * std::size_t(n));
      for (std::size_t i = 0; i < h.size(); ++i) {
        seed = seed * 1103515245u + 12345u;
        h[i] = 0.5f + 1.5f * float((seed >> 8) % 1000u) / 1000.f;
      }
      CK(cudaMalloc(&descale, h.size() * sizeof(float)));
      CK(cudaMemcpy(descale, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
      a.vt = vt;
      a.q_descale = descale, a.k_descale = descale + n, a.v_descale = descale + 2 * n;
      a.q_descale_b = a.k_descale_b = a.v_descale_b = a.hkv;
      a.q_descale_h = a.k_descale_h = a.v_descale_h = 1;
    }
  }
  RefDescales ref_descales() const { return descale ? RefDescales{descale, descale + nds_, descale + 2 * nds_} : RefDescales{}; }
  void set_nds(int n) { nds_ = n; }
  void release() {
    cudaFree(q), cudaFree(k), cudaFree(v), cudaFree(o), cudaFree(lse);
    if (vt) cudaFree(vt);
    if (descale) cudaFree(descale);
  }

 private:
  int nds_ = 0;
};

template <class T>
char const* type_name() {
  return std::is_same_v<T, bfloat16_t> ? "bf16" : sizeof(T) == 1 ? "e4m3" : "fp16";
}

template <class Cfg>
std::string variant_tag() {
  std::string t = Cfg::kPingpong ? " pingpong" : Cfg::kOverlap ? "" : " no-overlap";
  if (Cfg::kExpEmu) t += " exp-emu=" + std::to_string(Cfg::kExpEmu) + "/8";
  if (Cfg::kChains != 1) t += " chains=" + std::to_string(Cfg::kChains);
  if (Cfg::kRescaleEarly) t += " rescale-early";
  if (Cfg::kSkipRescale) t += Cfg::kSkipRescale == 3 ? " skip-rescale=local" : Cfg::kSkipRescale == 2 ? " skip-rescale=slack" : " skip-rescale";
  if (Cfg::kKAhead) t += " k-ahead";
  if (Cfg::kNextEarly) t += " next-early";
  if (Cfg::kStagger) t += " stagger";
  if (Cfg::kEpiEarly) t += " epi-early";
  if (Cfg::kEpiWide) t += " epi-wide";
  if (Cfg::kStreamK) t += " stream-k";
  if (!Cfg::kSplitWait && Cfg::kOverlap) t += " no-split-wait";
  if (Cfg::kSnake && Cfg::kCausal) t += " snake";
  return t + (Cfg::kEpiXor ? " epi-xor" + std::to_string(Cfg::kEpiXor) : std::string()) + (Cfg::kConsumers != 2 ? " BM=" + std::to_string(Cfg::BM::value) : std::string()) + " BN=" + std::to_string(Cfg::BN::value) + " stages=" + std::to_string(Cfg::kStages) + (Cfg::kDynamic ? " dynamic" : " static") + (Cfg::kEpiTma ? " epi-tma" : "");
}

// TESSEL_ATTN_PDL=0: FP8's kernel launched after the V^T pass without programmatic dependent launch.
inline bool dependent_launch_from_env() {
  char const* e = std::getenv("TESSEL_ATTN_PDL");
  return e == nullptr || std::atoi(e) != 0;
}

// FP8: the bytes of V^T's workspace (a.vt, fixed lengths, contiguous V) that differ from
//   vt[((b hkv + h) D + d) skp + 32 q + c] = v[b, 32 q + pi(c), h, d]   (0 for keys past sk; pi = AttentionKeyPerm8)
// computed on the host; 0 for 16-bit types.
template <class T>
long long check_vt(att::AttentionArgs<T> const& a) {
  if constexpr (sizeof(T) != 1) {
    return 0;
  } else {
    long long const skp = att::detail::vt_keys(a.sk), D = a.head_dim;
    std::vector<unsigned char> hv((std::size_t)a.batch * a.sk * a.hkv * D), hvt((std::size_t)att::attention_vt_bytes(a));
    CK(cudaMemcpy(hv.data(), a.v, hv.size(), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hvt.data(), a.vt, hvt.size(), cudaMemcpyDeviceToHost));
    constexpr att::AttentionKeyPerm8 pi{};
    long long bad = 0;
    for (long long b = 0; b < a.batch; ++b)
      for (long long h = 0; h < a.hkv; ++h)
        for (long long d = 0; d < D; ++d)
          for (long long j = 0; j < skp; ++j) {
            long long const key = j / 32 * 32 + int(pi(int(j % 32)));
            unsigned char const want = key < a.sk ? hv[std::size_t(((b * a.sk + key) * a.hkv + h) * D + d)] : 0;
            bad += hvt[std::size_t(((b * a.hkv + h) * D + d) * skp + j)] != want;
          }
    return bad;
  }
}

template <class Cfg>
bool check_case(int batch, int sq, int sk, int hq, int hkv, Totals& tot, int ctas = 0, int stream_k = -1) {
  using T = typename Cfg::Element;
  using TO = typename Cfg::ElementOut;
  int const D = Cfg::kHeadDim;
  long long const nq = (long long)batch * sq * hq * D, nk = (long long)batch * sk * hkv * D, nlse = (long long)batch * hq * sq;
  Buffers<T> buf;
  buf.alloc(nq, nk, nlse);
  static unsigned seed = 7;
  seed += 3;
  fill_kernel<<<256, 256>>>(buf.q, nq, seed);
  fill_kernel<<<256, 256>>>(buf.k, nk, seed + 1);
  fill_kernel<<<256, 256>>>(buf.v, nk, seed + 2);
  poison_kernel<<<256, 256>>>(buf.o, nq);
  poison_kernel<<<256, 256>>>(buf.lse, nlse);
  CK(cudaGetLastError());
  att::AttentionArgs<T> a;
  a.q = buf.q, a.k = buf.k, a.v = buf.v, a.o = buf.o, a.lse = buf.lse;
  a.batch = batch, a.sq = sq, a.sk = sk, a.hq = hq, a.hkv = hkv, a.head_dim = D, a.causal = Cfg::kCausal;
  a.set_contiguous();
  a.ctas = ctas, a.stream_k = stream_k;
  buf.fp8(a, seed);
  buf.set_nds(batch * hkv);
  float const scale = 1.f / std::sqrt(float(D));
  a.dependent_launch = dependent_launch_from_env();
  if (buf.vt) CK(cudaMemset(buf.vt, 0xA5, std::max(16LL, att::attention_vt_bytes(a))));  // FP8: every byte of V^T written
  CK(att::launch_attention<Cfg>(a, nullptr));
  CK(cudaDeviceSynchronize());
  long long const vt_bad = check_vt(a);
  // references
  float *o32, *olow, *lse32, *lselow, *scratch;
  CK(cudaMalloc(&o32, nq * sizeof(float)));
  CK(cudaMalloc(&olow, nq * sizeof(float)));
  CK(cudaMalloc(&lse32, nlse * sizeof(float)));
  CK(cudaMalloc(&lselow, nlse * sizeof(float)));
  CK(cudaMalloc(&scratch, (long long)batch * hq * sq * sk * sizeof(float)));
  dim3 const grid{unsigned(sq), unsigned(hq), unsigned(batch)};
  ref_kernel<T, TO, false><<<grid, 128>>>(buf.q, buf.k, buf.v, o32, lse32, scratch, sq, sk, hq, hkv, D, scale, Cfg::kCausal, buf.ref_descales());
  ref_kernel<T, TO, true><<<grid, 128>>>(buf.q, buf.k, buf.v, olow, lselow, scratch, sq, sk, hq, hkv, D, scale, Cfg::kCausal, buf.ref_descales());
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<TO> ho(nq);
  std::vector<float> h32(nq), hlow(nq), hl(nlse), hl32(nlse), hllow(nlse);
  CK(cudaMemcpy(ho.data(), buf.o, nq * sizeof(TO), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(h32.data(), o32, nq * sizeof(float), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hlow.data(), olow, nq * sizeof(float), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hl.data(), buf.lse, nlse * sizeof(float), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hl32.data(), lse32, nlse * sizeof(float), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hllow.data(), lselow, nlse * sizeof(float), cudaMemcpyDeviceToHost));
  cudaFree(o32), cudaFree(olow), cudaFree(lse32), cudaFree(lselow), cudaFree(scratch);
  buf.release();
  double err = 0, err_low = 0, atol = 0;
  long long bad = 0;
  for (long long i = 0; i < nq; ++i) {
    float const ref = to_f(TO(h32[i]));
    float const x = to_f(ho[i]);
    if (!std::isfinite(x)) {
      ++bad;
      continue;
    }
    err = std::max(err, (double)std::fabs(x - ref));
    err_low = std::max(err_low, (double)std::fabs(hlow[i] - ref));
    float const y = to_f(TO(to_f(TO(ref + 0.3f)) - 0.3f));
    atol = std::max(atol, 2.0 * std::fabs(y - ref));
  }
  double lse_err = 0, lse_err_low = 0;
  long long lse_bad = 0;
  for (long long i = 0; i < nlse; ++i) {
    if (std::isinf(hl32[i]) || std::isinf(hl[i])) {
      if (hl[i] != hl32[i]) ++lse_bad;
      continue;
    }
    if (!std::isfinite(hl[i])) {
      ++lse_bad;
      continue;
    }
    double const e = std::fabs(hl[i] - hl32[i]) / (std::fabs(hl32[i]) + 1.0);
    lse_err = std::max(lse_err, e);
    if (std::isfinite(hllow[i])) lse_err_low = std::max(lse_err_low, std::fabs(hllow[i] - hl32[i]) / (std::fabs(hl32[i]) + 1.0));
  }
  // The causal scheduler hands out every tile once (host), for a few SM counts.
  bool sched_ok = true;
  if constexpr (Cfg::kCausal) {
    int const tm = (sq + Cfg::BM::value - 1) / Cfg::BM::value;
    for (int sms : {1, 7, 132, 100000}) {
      auto const sc = att::detail::make_causal_scheduler(tm, hq, batch, sms, sms % 2 == 0);
      std::vector<int> counts(std::size_t(tm) * hq * batch, 0);
      kernels::count_tiles(sc, counts.data());
      for (int c : counts) sched_ok = sched_ok && c == 1;
      // ... and the static walks (in index order and the snake) of a grid of min(positions, sms) CTAs visit every position once
      int const grid = std::min(sc.positions, sms);
      for (bool snake : {false, true}) {
        std::vector<int> seen(std::size_t(sc.positions), 0);
        for (int c = 0; c < grid; ++c)
          for (auto w = att::attention_walk(sc.positions, c, grid, snake); !w.done(); w.next())
            if (w.position() < sc.positions) ++seen[std::size_t(w.position())];
        for (int c : seen) sched_ok = sched_ok && c == 1;
      }
    }
  }
  // FP8: the scores of the e4m3 wgmma are accumulated with less than fp32's precision
  // (relative errors about 1e-4 of the row's scale): the lse as the output, within
  // twice the low-precision computation's (scores in bf16) plus 1e-5.
  double const lse_bound = Cfg::kFp8 ? 2 * lse_err_low + 1e-5 : 1e-5;
  bool const ok = sched_ok && vt_bad == 0 && bad == 0 && lse_bad == 0 && err <= 2 * err_low + atol && lse_err <= lse_bound;
  std::string const lse_low_note = Cfg::kFp8 ? " (low-precision " + std::to_string(lse_err_low).substr(0, 8) + ")" : std::string();
  std::string const tail_note = ctas > 0 ? " (" + std::to_string(ctas) + " CTAs" + (stream_k > 0 ? ", stream-K tail forced)" : ")") : std::string();
  std::printf("%s %s d%d %-10s%s B=%d Sq=%d Sk=%d Hq=%d Hkv=%d%s: max err %.3g, low-precision %.3g (ratio %.2f), atol %.2g, lse rel %.2g%s%s%s\n",
              ok ? "ok  " : "FAIL", type_name<T>(), D, Cfg::kCausal ? "causal" : "non-causal", variant_tag<Cfg>().c_str(), batch, sq, sk, hq, hkv,
              tail_note.c_str(), err, err_low,
              err_low > 0 ? err / err_low : 0.0, atol, lse_err, lse_low_note.c_str(), bad ? " (unwritten/non-finite outputs)" : "",
              lse_bad ? " (lse -inf/NaN mismatch)" : "");
  if (vt_bad) std::printf("FAIL V^T (prepare_vt): %lld bytes differ from vt[((b hkv + h) D + d) skp + 32 q + c] = v[b, 32 q + pi(c), h, d]\n", vt_bad);
  if (!sched_ok) std::printf("FAIL the causal scheduler (or a static walk) does not hand out every tile once\n");
  (ok ? tot.passed : tot.failed)++;
  return ok;
}

// Variable-length batches (FlashAttention's varlen API): sequences of lengths
// lq[b] (queries) and lk[b] (keys) packed in (total, H, D) tensors, checked
// sequence by sequence against the references of a batch of one (the same
// bound as check_case); rows no sequence covers stay untouched: the packed O
// and lse get 64 guard rows past the last sequence, and a second launch over
// sequences 1 .. B-2 only (the offsets from cu_seqlens + 1) must leave the
// first and last sequences' rows as they were (NaN-poisoned, compared bit for bit).
template <class Cfg>
bool check_varlen(std::vector<int> const& lq, std::vector<int> const& lk, int hq, int hkv, Totals& tot) {
  using T = typename Cfg::Element;
  int const D = Cfg::kHeadDim, B = int(lq.size());
  std::vector<int> cq(B + 1, 0), ck(B + 1, 0);
  for (int b = 0; b < B; ++b) cq[b + 1] = cq[b] + lq[b], ck[b + 1] = ck[b] + lk[b];
  int const tq = cq[B], tk = ck[B], guard = 64;
  int const mq = *std::max_element(lq.begin(), lq.end()), mk = *std::max_element(lk.begin(), lk.end());
  long long const nq = (long long)(tq + guard) * hq * D, nk = (long long)(tk + guard) * hkv * D, nlse = (long long)hq * (tq + guard);
  Buffers<T> buf;
  buf.alloc(nq, nk, nlse);
  int *dcq, *dck;
  CK(cudaMalloc(&dcq, (B + 1) * sizeof(int)));
  CK(cudaMalloc(&dck, (B + 1) * sizeof(int)));
  CK(cudaMemcpy(dcq, cq.data(), (B + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dck, ck.data(), (B + 1) * sizeof(int), cudaMemcpyHostToDevice));
  static unsigned seed = 101;
  seed += 3;
  fill_kernel<<<256, 256>>>(buf.q, nq, seed);
  fill_kernel<<<256, 256>>>(buf.k, nk, seed + 1);
  fill_kernel<<<256, 256>>>(buf.v, nk, seed + 2);
  CK(cudaGetLastError());
  att::AttentionArgs<T> a;
  a.q = buf.q, a.k = buf.k, a.v = buf.v, a.o = buf.o, a.lse = buf.lse;
  a.batch = B, a.hq = hq, a.hkv = hkv, a.head_dim = D, a.causal = Cfg::kCausal;
  a.cu_seqlens_q = dcq, a.cu_seqlens_k = dck, a.max_seqlen_q = mq, a.max_seqlen_k = mk;
  a.total_q = tq + guard, a.total_k = tk + guard;  // the guard rows are part of the tensors, of no sequence
  a.q_head = a.k_head = a.v_head = a.o_head = D;
  a.q_row = a.o_row = (long long)hq * D;
  a.k_row = a.v_row = (long long)hkv * D;
  float const scale = 1.f / std::sqrt(float(D));
  std::vector<T> ho(nq), ho2(nq), hpoison(nq);
  std::vector<float> hl(nlse), hl2(nlse), hlpoison(nlse);
  bool untouched = true;
  for (int pass = 0; pass < 2; ++pass) {
    poison_kernel<<<256, 256>>>(buf.o, nq);
    poison_kernel<<<256, 256>>>(buf.lse, nlse);
    if (pass == 1) {  // sequences 1 .. B-2 only
      a.batch = B - 2, a.cu_seqlens_q = dcq + 1, a.cu_seqlens_k = dck + 1;
    }
    CK(cudaDeviceSynchronize());
    if (pass == 0) {
      CK(cudaMemcpy(hpoison.data(), buf.o, nq * sizeof(T), cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(hlpoison.data(), buf.lse, nlse * sizeof(float), cudaMemcpyDeviceToHost));
    }
    CK(att::launch_attention<Cfg>(a, nullptr));
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy((pass ? ho2 : ho).data(), buf.o, nq * sizeof(T), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy((pass ? hl2 : hl).data(), buf.lse, nlse * sizeof(float), cudaMemcpyDeviceToHost));
    if (B < 3) break;
  }
  auto same_bits = [](auto const& x, auto const& y) { return std::memcmp(&x, &y, sizeof(x)) == 0; };
  // rows of no sequence (the guard), and in pass 1 the first and last sequences' rows, untouched
  for (int pass = 0; pass < (B < 3 ? 1 : 2); ++pass) {
    auto const& o = pass ? ho2 : ho;
    auto const& l = pass ? hl2 : hl;
    for (int r = 0; r < tq + guard; ++r) {
      bool const outside = r >= tq || (pass == 1 && (r < cq[1] || r >= cq[B - 1]));
      if (!outside) continue;
      for (long long i = (long long)r * hq * D; i < (long long)(r + 1) * hq * D; ++i) untouched = untouched && same_bits(o[i], hpoison[i]);
      for (int h = 0; h < hq; ++h) untouched = untouched && same_bits(l[(long long)h * (tq + guard) + r], hlpoison[(long long)h * (tq + guard) + r]);
    }
  }
  // pass 1 computes sequences 1 .. B-2 as pass 0 did, bit for bit
  bool same = true;
  if (B >= 3)
    for (long long i = (long long)cq[1] * hq * D; i < (long long)cq[B - 1] * hq * D; ++i) same = same && same_bits(ho[i], ho2[i]);
  // references, one sequence at a time
  double err = 0, err_low = 0, atol = 0, lse_err = 0;
  long long bad = 0, lse_bad = 0;
  for (int b = 0; b < B; ++b) {
    int const sq = lq[b], sk = lk[b];
    if (sq == 0) continue;
    long long const n = (long long)sq * hq * D;
    float *o32, *olow, *lse32, *scratch;
    CK(cudaMalloc(&o32, n * sizeof(float)));
    CK(cudaMalloc(&olow, n * sizeof(float)));
    CK(cudaMalloc(&lse32, (long long)hq * sq * sizeof(float)));
    CK(cudaMalloc(&scratch, std::max(1LL, (long long)hq * sq * sk) * sizeof(float)));
    dim3 const grid{unsigned(sq), unsigned(hq), 1u};
    T const* q = buf.q + (long long)cq[b] * hq * D;
    T const* k = buf.k + (long long)ck[b] * hkv * D;
    T const* v = buf.v + (long long)ck[b] * hkv * D;
    ref_kernel<T, T, false><<<grid, 128>>>(q, k, v, o32, lse32, scratch, sq, sk, hq, hkv, D, scale, Cfg::kCausal, RefDescales{});
    ref_kernel<T, T, true><<<grid, 128>>>(q, k, v, olow, nullptr, scratch, sq, sk, hq, hkv, D, scale, Cfg::kCausal, RefDescales{});
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::vector<float> h32(n), hlow(n), hl32((long long)hq * sq);
    CK(cudaMemcpy(h32.data(), o32, n * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hlow.data(), olow, n * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hl32.data(), lse32, (long long)hq * sq * sizeof(float), cudaMemcpyDeviceToHost));
    cudaFree(o32), cudaFree(olow), cudaFree(lse32), cudaFree(scratch);
    for (long long i = 0; i < n; ++i) {
      float const ref = to_f(T(h32[i]));
      float const x = to_f(ho[(long long)cq[b] * hq * D + i]);
      if (!std::isfinite(x)) {
        ++bad;
        continue;
      }
      err = std::max(err, (double)std::fabs(x - ref));
      err_low = std::max(err_low, (double)std::fabs(hlow[i] - ref));
      float const y = to_f(T(to_f(T(ref + 0.3f)) - 0.3f));
      atol = std::max(atol, 2.0 * std::fabs(y - ref));
    }
    for (int h = 0; h < hq; ++h)
      for (int i = 0; i < sq; ++i) {
        float const r = hl32[(long long)h * sq + i], x = hl[(long long)h * (tq + guard) + cq[b] + i];
        if (std::isinf(r) || std::isinf(x)) {
          if (x != r) ++lse_bad;
          continue;
        }
        if (!std::isfinite(x)) {
          ++lse_bad;
          continue;
        }
        lse_err = std::max(lse_err, std::fabs(double(x) - r) / (std::fabs(r) + 1.0));
      }
  }
  cudaFree(dcq), cudaFree(dck);
  buf.release();
  bool const ok = untouched && same && bad == 0 && lse_bad == 0 && err <= 2 * err_low + atol && lse_err <= 1e-5;
  std::string lens;
  for (int b = 0; b < B && b < 12; ++b) lens += (b ? "," : "") + std::to_string(lq[b]) + "/" + std::to_string(lk[b]);
  if (B > 12) lens += ",...";
  std::printf("%s %s d%d %-10s%s varlen B=%d (Sq/Sk %s; total %d/%d, max %d/%d) Hq=%d Hkv=%d: max err %.3g, low-precision %.3g (ratio %.2f), "
              "atol %.2g, lse rel %.2g%s%s%s%s\n",
              ok ? "ok  " : "FAIL", type_name<T>(), D, Cfg::kCausal ? "causal" : "non-causal", variant_tag<Cfg>().c_str(), B, lens.c_str(), tq, tk, mq,
              mk, hq, hkv, err, err_low, err_low > 0 ? err / err_low : 0.0, atol, lse_err, bad ? " (unwritten/non-finite outputs)" : "",
              lse_bad ? " (lse -inf/NaN mismatch)" : "", untouched ? "" : " (rows of no sequence written)",
              same ? "" : " (a sub-batch differs from the whole)");
  (ok ? tot.passed : tot.failed)++;
  return ok;
}

// FP8's exponential on the FMA pipe (ExpEmu_, detail::exp2_poly) on the GPU, against exp2 in double at every x of
// a 2^-12 grid over [-130, 10] and at -inf (as attention_host checks it on the host): relative error <= 1e-4 from
// x = -126 (2^x the smallest normal float) up; below, 0 <= y <= 2^-126, and exactly 0 below -126.5 and at -inf.
// errs: [0] the largest relative error, [1] the count of bad values.
__global__ void exp2_check_kernel(float* errs) {
  long long const n = 140ll << 12;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i <= n; i += (long long)gridDim.x * blockDim.x) {
    float const x = i == n ? -INFINITY : -130.f + float(i) / 4096.f;
    float const y = att::detail::exp2_poly(x);
    double const ref = exp2(double(x));
    bool bad = !(y >= 0.f) || !isfinite(y);
    if (x >= -126.f) {
      float const rel = float(fabs(double(y) - ref) / ref);
      atomicMax(reinterpret_cast<int*>(&errs[0]), __float_as_int(rel));
      bad = bad || rel > 1e-4f;
    } else {
      bad = bad || y > 0x1p-126f || (x < -126.5f && y != 0.f);
    }
    if (bad) atomicAdd(&errs[1], 1.f);
  }
}
void exp2_checks(Totals& tot) {
  float* d;
  CK(cudaMalloc(&d, 2 * sizeof(float)));
  CK(cudaMemset(d, 0, 2 * sizeof(float)));
  exp2_check_kernel<<<512, 256>>>(d);
  CK(cudaGetLastError());
  float e[2];
  CK(cudaMemcpy(e, d, sizeof e, cudaMemcpyDeviceToHost));
  cudaFree(d);
  bool const ok = e[1] == 0.f;
  std::printf("%s exp2_poly over [-130, 10] by 2^-12 and -inf: largest relative error %.3g (bound 1e-4), %.0f bad\n", ok ? "ok  " : "FAIL",
              double(e[0]), double(e[1]));
  (ok ? tot.passed : tot.failed)++;
}

template <class Cfg>
void sweep(bool small, Totals& tot) {
  if constexpr (Cfg::kFp8)
    if (Cfg::kExpEmu) exp2_checks(tot);
  struct C {
    int b, sq, sk, hq, hkv;
  };
  // The last two small cases have more tiles than an H100 or H200 has SMs (320 tiles of 16 rows and 16 keys; 280
  // tiles of 2 or 3 key blocks, the last masked, GQA 5): a CTA takes two or three, so that the sanitizers see the Q
  // ring and the dynamic scheduler's tile slots reused, and a tile's first S issued under the previous tile's end
  // (CrossTile_) (and the fp32 reference stays cheap under memcheck).
  std::vector<C> cases = {{2, 113, 203, 4, 2}, {1, 239, 1, 2, 1}, {2, 128, 128, 2, 2}, {4, 16, 16, 80, 16}, {1, 200, 300, 140, 28}};
  if (!small) {
    std::vector<C> more = {{2, 799, 3, 6, 6}, {2, 1023, 1024, 6, 2}, {1, 1024, 1023, 4, 1}, {2, 113, 203, 6, 3}, {1, 4224, 4224, 2, 1},
                           {3, 257, 511, 3, 1}, {1, 64, 2000, 2, 2}};
    cases.insert(cases.end(), more.begin(), more.end());
  }
  for (C const& c : cases) check_case<Cfg>(c.b, c.sq, c.sk, c.hq, c.hkv, tot);
  if constexpr (Cfg::kStreamK) {
    // The stream-K tail forced on a few CTAs (every tail tile in 2 to 5 pieces, a masked last key block, fewer tiles
    // than CTAs), and a case with more CTAs than the tail's blocks (no tail: the plain walk).
    struct T5 {
      int b, sq, sk, hq, hkv, ctas;
    };
    std::vector<T5> tc = {{2, 200, 600, 4, 2, 5}, {2, 113, 203, 4, 2, 3}, {1, 128, 300, 2, 1, 5}, {2, 128, 128, 2, 2, 3}};
    if (!small) {
      std::vector<T5> more = {{2, 1023, 1024, 6, 2, 40}, {1, 4224, 4224, 2, 1, 20}, {3, 257, 511, 3, 1, 10}, {1, 1024, 2048, 4, 4, 7},
                              {2, 2048, 2048, 4, 4, 132}};
      tc.insert(tc.end(), more.begin(), more.end());
    }
    for (T5 const& c : tc) check_case<Cfg>(c.b, c.sq, c.sk, c.hq, c.hkv, tot, c.ctas, 1);
  }
  if constexpr (Cfg::kFp8) return;  // FP8: fixed lengths only
  // varlen (FlashAttention-3's test style): lengths 1 and 0, ragged tails, Sq != Sk per sequence
  check_varlen<Cfg>({1, 0, 137, 128, 300, 65}, {1, 0, 137, 128, 300, 65}, 4, 2, tot);
  check_varlen<Cfg>({5, 200, 129, 0, 64, 1}, {300, 17, 129, 40, 1, 0}, 2, 1, tot);
  if (!small) {
    std::vector<int> lq, lk;  // 12 random lengths in [0, 1100] (a fixed draw), queries and keys apart
    unsigned x = 12345u;
    for (int b = 0; b < 12; ++b) {
      x = x * 1103515245u + 12345u;
      lq.push_back(int((x >> 8) % 1101u));
      x = x * 1103515245u + 12345u;
      lk.push_back(int((x >> 8) % 1101u));
    }
    check_varlen<Cfg>(lq, lk, 6, 2, tot);
    check_varlen<Cfg>(lq, lq, 3, 3, tot);
  }
}

template <class Cfg>
void time_shape(int batch, int s, int reps, int pause_ms) {
  using T = typename Cfg::Element;
  int const D = Cfg::kHeadDim, h = 2048 / D;
  long long const n = (long long)batch * s * h * D;
  Buffers<T> buf;
  buf.alloc(n, n, (long long)batch * h * s);
  fill_kernel<<<1024, 256>>>(buf.q, n, 1);
  fill_kernel<<<1024, 256>>>(buf.k, n, 2);
  fill_kernel<<<1024, 256>>>(buf.v, n, 3);
  att::AttentionArgs<T> a;
  a.q = buf.q, a.k = buf.k, a.v = buf.v, a.o = buf.o, a.lse = buf.lse;
  a.batch = batch, a.sq = s, a.sk = s, a.hq = h, a.hkv = h, a.head_dim = D, a.causal = Cfg::kCausal;
  a.set_contiguous();
  a.dependent_launch = dependent_launch_from_env();
  buf.fp8(a, 5u);
  // --pause-ms: the GPU idle for that long before the warm-up, so that every case starts from the same
  // power state (the H100's clocks fall from 1980 to 1400-1800 MHz within ~0.1 s of sustained attention
  // at its 700 W limit: without a pause a case's clocks depend on the cases timed before it)
  CK(cudaDeviceSynchronize());
  if (pause_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
  for (int i = 0; i < 5; ++i) CK(att::launch_attention<Cfg>(a, nullptr));
  CK(cudaDeviceSynchronize());
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  auto median_ms = [&](auto launch) {  // median of reps runs, CUDA events
    std::vector<float> ts;
    for (int i = 0; i < reps; ++i) {
      CK(cudaEventRecord(e0));
      CK(launch());
      CK(cudaEventRecord(e1));
      CK(cudaEventSynchronize(e1));
      float ms = 0;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      ts.push_back(ms);
    }
    std::sort(ts.begin(), ts.end());
    return ts[ts.size() / 2];
  };
  float const med = median_ms([&] { return att::launch_attention<Cfg>(a, nullptr); });
  // the host's time per launch (20 launches queued, no synchronisation between them)
  auto const h0 = std::chrono::steady_clock::now();
  for (int i = 0; i < 20; ++i) CK(att::launch_attention<Cfg>(a, nullptr));
  double const host_us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - h0).count() / 20;
  CK(cudaDeviceSynchronize());
  double const flops = 4.0 * batch * h * double(s) * s * D / (Cfg::kCausal ? 2 : 1);
  std::string vt_note;
  if constexpr (Cfg::kFp8) {  // the V^T pass alone (part of every launch above; with PDL the kernel starts under the
    // pass's last blocks, so "kernel alone", the launch's time less the pass's, reads a little high)
    float const mv = median_ms([&] { return att::prepare_vt<Cfg::kHeadDim>(a, nullptr); });
    char buf2[160];
    std::snprintf(buf2, sizeof buf2, "; V^T pass %.3f ms (%.1f%%, %.0f GB/s), kernel alone %.1f TFLOP/s", mv, 100.0 * mv / med,
                  2.0 * double(n) / mv / 1e6, flops / (med - mv) / 1e9);
    vt_note = buf2;
  }
  std::printf("time %s d%d %-10s%s B=%d S=%d H=%d: %.3f ms, %.1f TFLOP/s (median of %d)%s; host %.1f us per launch\n", type_name<T>(), D,
              Cfg::kCausal ? "causal" : "non-causal", variant_tag<Cfg>().c_str(), batch, s, h, med, flops / med / 1e9, reps, vt_note.c_str(),
              host_us);
  cudaEventDestroy(e0), cudaEventDestroy(e1);
  buf.release();
}

// The issue's table rows of this head dimension.
template <class Cfg>
void time_table(int reps, int pause_ms) {
  if constexpr (Cfg::kFp8) {  // FP8: the issue's S >= 8192 rows, and 16k
    if constexpr (Cfg::kHeadDim == 128) time_shape<Cfg>(8, 2048, reps, pause_ms);
    time_shape<Cfg>(2, 8192, reps, pause_ms);
    time_shape<Cfg>(1, 16384, reps, pause_ms);
  } else if constexpr (!std::is_same_v<typename Cfg::Element, bfloat16_t>) {
    return;
  } else if constexpr (Cfg::kHeadDim == 64) {
    time_shape<Cfg>(2, 8192, reps, pause_ms);
  } else if constexpr (Cfg::kHeadDim == 128) {
    time_shape<Cfg>(8, 2048, reps, pause_ms);
    time_shape<Cfg>(2, 8192, reps, pause_ms);
    time_shape<Cfg>(1, 16384, reps, pause_ms);
  } else {
    time_shape<Cfg>(2, 8192, reps, pause_ms);
  }
}

// The configuration of a variant: AttentionConfig's defaults of the head
// dimension and mask (attention_default_*), each overridden by a macro:
// -DTESSEL_ATTN_OVERLAP=0 (no intra-warpgroup overlap), -DTESSEL_ATTN_PINGPONG=1,
// -DTESSEL_ATTN_BN=N (keys per block), -DTESSEL_ATTN_STAGES=S (K/V buffers),
// -DTESSEL_ATTN_DYNAMIC=0|1 (dynamic tile scheduling), -DTESSEL_ATTN_EPI_TMA=0|1
// (O through TMA stores), -DTESSEL_ATTN_CONSUMERS=2|3 (consumer warpgroups),
// -DTESSEL_ATTN_PRODUCER_REGS=R, -DTESSEL_ATTN_CONSUMER_REGS=R (setmaxnreg of the producer and consumers),
// -DTESSEL_ATTN_EXP_EMU=E (FP8: E of every 8 exponentials on the FMA pipe),
// -DTESSEL_ATTN_CHAINS=C (partial row maxima), -DTESSEL_ATTN_RESCALE_EARLY=0|1 (O's
// rescale under S's wgmmas), -DTESSEL_ATTN_SKIP_RESCALE=0|1|2|3 (skipped where no maximum moved; 2: maxima kept within a slack;
// 3: as 2, tested first by each thread's own maxima),
// -DTESSEL_ATTN_K_AHEAD=0|1 (the producer loads K one block ahead of V),
// -DTESSEL_ATTN_SPLIT_WAIT=0|1 (P V's wait kept below the softmax),
// -DTESSEL_ATTN_SNAKE=0|1 (the static walk's snake, AttentionWalk),
// -DTESSEL_ATTN_EPI_XOR=0|1|2 (the TMA-store epilogue's offsets: whole, thread XOR value parts, XOR and add with
// 32-bit shared stores), -DTESSEL_ATTN_Q_STAGES=1|2 (Q's buffers), -DTESSEL_ATTN_NEXT_EARLY=0|1 (the next tile's
// lookup under the last P V), -DTESSEL_ATTN_STAGGER=0|1 (a tile's first S issued by the consumer warpgroups one
// after the other), -DTESSEL_ATTN_EPI_EARLY=1 (the TMA-store epilogue's first barrier under the last P V),
// -DTESSEL_ATTN_EPI_WIDE=0|1 (O's direct stores as 16-byte vectors), -DTESSEL_ATTN_STREAM_K=0|1 (the static walk's last
// partial wave split along the keys; the sweep then adds cases with the tail forced on a few CTAs),
// -DTESSEL_ATTN_CROSS_TILE=0|1 (the next tile's first S under the last P V and the epilogue, where it applies).
#if !defined(TESSEL_ATTN_OVERLAP)
#  define TESSEL_ATTN_OVERLAP 1
#endif
#if !defined(TESSEL_ATTN_PINGPONG)
#  define TESSEL_ATTN_PINGPONG 0
#endif
#if !defined(TESSEL_ATTN_STAGES)
#  define TESSEL_ATTN_STAGES 2
#endif
#if defined(TESSEL_ATTN_BN)
#  define TESSEL_ATTN_BN_OF(D, C) TESSEL_ATTN_BN
#else
#  define TESSEL_ATTN_BN_OF(D, C) att::attention_default_bn(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_DYNAMIC)
#  define TESSEL_ATTN_DYN_OF(D, C) (TESSEL_ATTN_DYNAMIC != 0)
#else
#  define TESSEL_ATTN_DYN_OF(D, C) att::attention_default_dynamic(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_EPI_TMA)
#  define TESSEL_ATTN_EPI_OF(D, C) (TESSEL_ATTN_EPI_TMA != 0)
#else
#  define TESSEL_ATTN_EPI_OF(D, C) att::attention_default_epi_tma(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_CONSUMERS)
#  define TESSEL_ATTN_CONS_OF(D, C) TESSEL_ATTN_CONSUMERS
#else
#  define TESSEL_ATTN_CONS_OF(D, C) att::attention_default_consumers(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_PRODUCER_REGS)
#  define TESSEL_ATTN_PREGS(cons) TESSEL_ATTN_PRODUCER_REGS
#else
#  define TESSEL_ATTN_PREGS(cons) att::attention_default_producer_regs(D, cons, TESSEL_ATTN_DYN_OF(D, Causal), sizeof(T))
#endif
#if defined(TESSEL_ATTN_CONSUMER_REGS)
#  define TESSEL_ATTN_CREGS(cons) TESSEL_ATTN_CONSUMER_REGS
#else
#  define TESSEL_ATTN_CREGS(cons) (cons == 3 ? 160 : (504 - TESSEL_ATTN_PREGS(cons)) / 2 / 8 * 8)
#endif
#if !defined(TESSEL_ATTN_EXP_EMU)
#  define TESSEL_ATTN_EXP_EMU 0
#endif
#if defined(TESSEL_ATTN_CHAINS)
#  define TESSEL_ATTN_CHAINS_OF(D, C) TESSEL_ATTN_CHAINS
#else
#  define TESSEL_ATTN_CHAINS_OF(D, C) att::attention_default_chains(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_RESCALE_EARLY)
#  define TESSEL_ATTN_EARLY_OF(D, C) (TESSEL_ATTN_RESCALE_EARLY != 0)
#else
#  define TESSEL_ATTN_EARLY_OF(D, C) att::attention_default_rescale_early(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_K_AHEAD)
#  define TESSEL_ATTN_KAHEAD_OF(D, C) (TESSEL_ATTN_K_AHEAD != 0)
#else
#  define TESSEL_ATTN_KAHEAD_OF(D, C) att::attention_default_k_ahead(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_SPLIT_WAIT)
#  define TESSEL_ATTN_SPLIT_OF(D, C) (TESSEL_ATTN_SPLIT_WAIT != 0)
#else
#  define TESSEL_ATTN_SPLIT_OF(D, C) att::attention_default_split_wait(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_SNAKE)
#  define TESSEL_ATTN_SNAKE_OF(D, C) (TESSEL_ATTN_SNAKE != 0)
#else
#  define TESSEL_ATTN_SNAKE_OF(D, C) att::attention_default_snake(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_EPI_XOR)
#  define TESSEL_ATTN_XOR_OF(D, C) TESSEL_ATTN_EPI_XOR
#else
#  define TESSEL_ATTN_XOR_OF(D, C) att::attention_default_epi_xor(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_Q_STAGES)
#  define TESSEL_ATTN_QS_OF(D, C) TESSEL_ATTN_Q_STAGES
#else
#  define TESSEL_ATTN_QS_OF(D, C) att::attention_default_q_stages(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_NEXT_EARLY)
#  define TESSEL_ATTN_NE_OF(D, C) (TESSEL_ATTN_NEXT_EARLY != 0)
#else
#  define TESSEL_ATTN_NE_OF(D, C) att::attention_default_next_early(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_STAGGER)
#  define TESSEL_ATTN_STAGGER_OF(D, C) (TESSEL_ATTN_STAGGER != 0)
#else
#  define TESSEL_ATTN_STAGGER_OF(D, C) att::attention_default_stagger(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_STREAM_K)
#  define TESSEL_ATTN_SK_OF(D, C) (TESSEL_ATTN_STREAM_K != 0)
#else
#  define TESSEL_ATTN_SK_OF(D, C) att::attention_default_stream_k(D, C, sizeof(T))
#endif
#if !defined(TESSEL_ATTN_EPI_EARLY)
#  define TESSEL_ATTN_EPI_EARLY 0
#endif
#if defined(TESSEL_ATTN_EPI_WIDE)
#  define TESSEL_ATTN_WIDE_OF(D, C) (TESSEL_ATTN_EPI_WIDE != 0)
#else  // as with_tiles: kept only where O leaves from registers
#  define TESSEL_ATTN_WIDE_OF(D, C) (att::attention_default_epi_wide(D, C, sizeof(T)) && !TESSEL_ATTN_EPI_OF(D, C))
#endif
#if defined(TESSEL_ATTN_CROSS_TILE)
#  define TESSEL_ATTN_CROSS_OF(D, C) TESSEL_ATTN_CROSS_TILE
#else
#  define TESSEL_ATTN_CROSS_OF(D, C) att::attention_default_cross_tile(D, C, sizeof(T))
#endif
#if defined(TESSEL_ATTN_SKIP_RESCALE)
#  define TESSEL_ATTN_SKIP_OF(D, C) TESSEL_ATTN_SKIP_RESCALE
#else
#  define TESSEL_ATTN_SKIP_OF(D, C) att::attention_default_skip_rescale(D, C, sizeof(T))
#endif
template <class T, int D, bool Causal>
using ConfigOf = att::AttentionConfig<T, D, Causal, TESSEL_ATTN_BN_OF(D, Causal), TESSEL_ATTN_STAGES, TESSEL_ATTN_OVERLAP != 0,
                                    TESSEL_ATTN_PINGPONG != 0, TESSEL_ATTN_DYN_OF(D, Causal), TESSEL_ATTN_EPI_OF(D, Causal),
                                    TESSEL_ATTN_CONS_OF(D, Causal), TESSEL_ATTN_PREGS(TESSEL_ATTN_CONS_OF(D, Causal)),
                                    TESSEL_ATTN_CREGS(TESSEL_ATTN_CONS_OF(D, Causal)), sizeof(T) == 1 ? TESSEL_ATTN_EXP_EMU : 0,
                                    TESSEL_ATTN_CHAINS_OF(D, Causal), TESSEL_ATTN_EARLY_OF(D, Causal), TESSEL_ATTN_SKIP_OF(D, Causal),
                                    TESSEL_ATTN_KAHEAD_OF(D, Causal), TESSEL_ATTN_SPLIT_OF(D, Causal), TESSEL_ATTN_SNAKE_OF(D, Causal),
                                    TESSEL_ATTN_XOR_OF(D, Causal), TESSEL_ATTN_QS_OF(D, Causal), TESSEL_ATTN_NE_OF(D, Causal),
                                    TESSEL_ATTN_STAGGER_OF(D, Causal), TESSEL_ATTN_EPI_EARLY != 0, TESSEL_ATTN_WIDE_OF(D, Causal),
                                    TESSEL_ATTN_SK_OF(D, Causal), TESSEL_ATTN_CROSS_OF(D, Causal)>;
template <class T, int D, bool Causal>
using Config = ConfigOf<T, D, Causal>;
#if !defined(TESSEL_ATTN_BN) && !defined(TESSEL_ATTN_DYNAMIC) && !defined(TESSEL_ATTN_EPI_TMA) && !defined(TESSEL_ATTN_CONSUMERS) && \
    !defined(TESSEL_ATTN_PRODUCER_REGS) && !defined(TESSEL_ATTN_CONSUMER_REGS) && TESSEL_ATTN_OVERLAP == 1 && TESSEL_ATTN_PINGPONG == 0 && \
    TESSEL_ATTN_STAGES == 2 && TESSEL_ATTN_EXP_EMU == 0 && !defined(TESSEL_ATTN_CHAINS) && !defined(TESSEL_ATTN_RESCALE_EARLY) && \
    !defined(TESSEL_ATTN_SKIP_RESCALE) && !defined(TESSEL_ATTN_K_AHEAD) && !defined(TESSEL_ATTN_SPLIT_WAIT) && !defined(TESSEL_ATTN_SNAKE) && \
    !defined(TESSEL_ATTN_EPI_XOR) && !defined(TESSEL_ATTN_Q_STAGES) && !defined(TESSEL_ATTN_NEXT_EARLY) && !defined(TESSEL_ATTN_STAGGER) && \
    TESSEL_ATTN_EPI_EARLY == 0 && !defined(TESSEL_ATTN_EPI_WIDE) && !defined(TESSEL_ATTN_STREAM_K) && !defined(TESSEL_ATTN_CROSS_TILE)
// Without overrides the bench times exactly what tessel::cuda::attention and tessel.cuda.attention run.
template <int D, bool Causal>
constexpr bool kIsLibraryDefault = std::is_same_v<Config<bfloat16_t, D, Causal>, att::AttentionConfig<bfloat16_t, D, Causal>>;
static_assert(kIsLibraryDefault<64, false> && kIsLibraryDefault<64, true> && kIsLibraryDefault<128, false> && kIsLibraryDefault<128, true> &&
                  kIsLibraryDefault<256, false> && kIsLibraryDefault<256, true>,
              "attention_bench: the default variant is not the library's default configuration");
static_assert(std::is_same_v<Config<float_e4m3_t, 128, false>, att::AttentionConfig<float_e4m3_t, 128, false>> &&
                  std::is_same_v<Config<float_e4m3_t, 256, true>, att::AttentionConfig<float_e4m3_t, 256, true>>,
              "attention_bench: the default FP8 variant is not the library's default configuration");
#endif

struct Options {
  bool small = false, time = true, check = true, describe = false;
  int reps = 30, pause_ms = 0;
};

template <class Cfg>
void run_config(Options const& o, Totals& tot) {
  if (o.describe) att::describe<Cfg>();
  if (o.check) sweep<Cfg>(o.small, tot);
  if (o.time) time_table<Cfg>(o.reps, o.pause_ms);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string const a = argv[i];
    if (a == "--small") o.small = true, o.time = false;
    else if (a == "--no-time") o.time = false;
    else if (a == "--time-only") o.check = false;
    else if (a == "--describe") o.describe = true;
    else if (a == "--reps" && i + 1 < argc) o.reps = std::atoi(argv[++i]);
    else if (a == "--pause-ms" && i + 1 < argc) o.pause_ms = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr, "usage: attention_bench [--small] [--no-time] [--time-only] [--describe] [--reps N] [--pause-ms N]\n");
      return 2;
    }
  }
  Totals tot;
  try {
#if !defined(TESSEL_ATTN_VARIANT) || TESSEL_ATTN_VARIANT == 0
    run_config<Config<bfloat16_t, 64, false>>(o, tot);
#elif TESSEL_ATTN_VARIANT == 1
    run_config<Config<bfloat16_t, 64, true>>(o, tot);
#elif TESSEL_ATTN_VARIANT == 2
    run_config<Config<bfloat16_t, 128, false>>(o, tot);
#elif TESSEL_ATTN_VARIANT == 3
    run_config<Config<bfloat16_t, 128, true>>(o, tot);
#elif TESSEL_ATTN_VARIANT == 4
    run_config<Config<bfloat16_t, 256, false>>(o, tot);
#elif TESSEL_ATTN_VARIANT == 5
    run_config<Config<bfloat16_t, 256, true>>(o, tot);
#elif TESSEL_ATTN_VARIANT == 6
    run_config<Config<half_t, 64, true>>(o, tot);
#elif TESSEL_ATTN_VARIANT == 7
    run_config<Config<half_t, 128, false>>(o, tot);
#elif TESSEL_ATTN_VARIANT == 8
    run_config<Config<half_t, 256, true>>(o, tot);
#elif TESSEL_ATTN_VARIANT == 9
    run_config<Config<float_e4m3_t, 128, false>>(o, tot);
#elif TESSEL_ATTN_VARIANT == 10
    run_config<Config<float_e4m3_t, 128, true>>(o, tot);
#elif TESSEL_ATTN_VARIANT == 11
    run_config<Config<float_e4m3_t, 256, false>>(o, tot);
#elif TESSEL_ATTN_VARIANT == 12
    run_config<Config<float_e4m3_t, 256, true>>(o, tot);
#elif TESSEL_ATTN_VARIANT == 13
    run_config<Config<half_t, 128, true>>(o, tot);
#else
#  error "attention_bench: TESSEL_ATTN_VARIANT is 0..13"
#endif
  } catch (std::exception const& e) {
    std::printf("error: %s\n", e.what());
    return 1;
  }
  std::printf("%d passed, %d failed\n", tot.passed, tot.failed);
  return tot.failed ? 1 : 0;
}
