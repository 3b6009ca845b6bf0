// The attention kernel's host-side layout checks (issue 26), run by ctest on the CI machine, which has no
// GPU: every configuration that tessel::cuda::attention and the Python entry launch by default (16-bit
// d64/d128/d256, causal and not, AttentionShortConfig for short d128 (both masks), FP8 e4m3 d128/d256) must
// pass the checks its launch makes (launch_attention: check_q_ring, check_v_transpose, check_p_conversion,
// check_o_store_xor, check_o_wide), so that a configuration change that breaks one of the kernel's layout assumptions
// fails here, before any GPU run. is_tile_ring, which two of them share, is also shown to say no: a ring
// whose stage step is off, and a tile that is not the ring's stage.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <type_traits>

#include <tessel/kernels/attention_sm90.cuh>

using namespace tessel;
namespace att = tessel::kernels::attention_sm90;

static int passed = 0, failed = 0;

static void expect(bool ok, char const* what, char const* config) {
  if (ok) {
    ++passed;
  } else {
    ++failed;
    std::printf("FAIL %s: %s\n", config, what);
  }
}

template <class Cfg>
void config(char const* name) {
  expect(att::check_q_ring<Cfg>(), "check_q_ring", name);
  expect(att::check_v_transpose<Cfg>(), "check_v_transpose", name);
  expect(att::check_p_conversion<Cfg>(), "check_p_conversion", name);
  expect(att::check_o_store_xor<Cfg>(), "check_o_store_xor", name);
  expect(att::check_o_wide<Cfg>(), "check_o_wide", name);
}

// Cfg with EpiWide_ on (O's direct stores as 16-byte vectors, not a default; session 19), every other parameter Cfg's.
template <class Cfg>
struct WithWide;
template <class T, int H, bool C, int BN, int S, bool O, bool P, bool Dy, bool E, int Co, int PR, int CR, int EM, int Ch, bool RE, int SR,
          bool KA, bool SW, bool Sn, int EX, int QS, bool NE, bool St, bool Ee, bool Ew, bool SK>
struct WithWide<att::AttentionConfig<T, H, C, BN, S, O, P, Dy, E, Co, PR, CR, EM, Ch, RE, SR, KA, SW, Sn, EX, QS, NE, St, Ee, Ew, SK>> {
  using type = att::AttentionConfig<T, H, C, BN, S, O, P, Dy, E, Co, PR, CR, EM, Ch, RE, SR, KA, SW, Sn, EX, QS, NE, St, Ee, true, SK>;
};
template <class T, int D>
void wide_both_masks(char const* name) {
  std::printf("%s\n", name);
  config<typename WithWide<att::AttentionConfig<T, D, false>>::type>(name);
  config<typename WithWide<att::AttentionConfig<T, D, true>>::type>(name);
}

template <class T, int D>
void both_masks(char const* name) {
  std::printf("%s\n", name);
  config<att::AttentionConfig<T, D, false>>(name);
  config<att::AttentionConfig<T, D, true>>(name);
}

// is_tile_ring refuses what is not a ring of its tile: a step one element off, and another tile.
void ring_refusals() {
  using Cfg = att::AttentionShortConfig<bfloat16_t, 128, true>;  // two Q buffers (session 19's d128 causal default)
  typename Cfg::SmemLayoutQRing ring;
  typename Cfg::SmemTileQ tile;
  int const bm = Cfg::BM::value, d = Cfg::kHeadDim;
  expect(Cfg::kQStages == 2, "16-bit d128 causal short has two Q buffers", "ring");
  expect(att::is_tile_ring(ring, tile, bm, d, Cfg::kQStages, Cfg::kTileQ), "the Q ring is a ring of its tile", "ring");
  expect(!att::is_tile_ring(ring, tile, bm, d, Cfg::kQStages, Cfg::kTileQ + 1), "a step one element off is refused", "ring");
  auto const shifted = [&](int m, int c) { return (long long)tile(m, c) + 1; };
  expect(!att::is_tile_ring(ring, shifted, bm, d, 1, Cfg::kTileQ), "another tile is refused", "ring");
}

// AttentionShortConfig is the default configuration with its tiles changed (BN 128, O through TMA stores, two Q
// buffers, the next tile looked up early, O rescaled after P V's wait, no wide direct stores) and every other
// parameter the default's.
template <class T>
constexpr bool short_follows_defaults() {
  using D = att::AttentionConfig<T, 128, false>;
  using S = att::AttentionShortConfig<T, 128, false>;
  return S::BN::value == 128 && S::kEpiTma && S::kQStages == 2 && S::kNextEarly && S::kStages == D::kStages &&
         S::kDynamic == D::kDynamic && S::kConsumers == D::kConsumers && S::kProducerRegs == D::kProducerRegs &&
         S::kConsumerRegs == D::kConsumerRegs && S::kKAhead == D::kKAhead && S::kOverlap == D::kOverlap &&
         S::kSplitWait == D::kSplitWait && !S::kRescaleEarly && S::kSkipRescale == D::kSkipRescale && S::kChains == D::kChains &&
         S::kStagger == D::kStagger && !S::kEpiWide;
}
static_assert(short_follows_defaults<bfloat16_t>() && short_follows_defaults<half_t>(),
              "AttentionShortConfig: the default configuration with its tiles changed");
// Session 20: 16-bit d128 causal's default is the configuration timed in call 1 (BN 192, one Q buffer, O from
// registers as 16-byte vectors, dynamic scheduling), and its short configuration session 19's causal default (BN
// 128, two Q buffers, O through TMA stores); d128's non-causal default takes the stream-K tail, its short
// configuration and d64's and d256's 16-bit defaults do not; FP8's non-causal defaults do.
template <class T>
constexpr bool causal_d128_as_timed() {
  using New = att::AttentionConfig<T, 128, true, 192, 2, true, false, true, false, 2, 24, 240, 0, 1, true, 2, true, true, true, 2, 1, false, false, false,
                                   true, false>;
  using Old = att::AttentionConfig<T, 128, true, 128, 2, true, false, true, true, 2, 24, 240, 0, 1, true, 2, true, true, true, 2, 2, false, false, false,
                                   false, false>;
  return std::is_same_v<att::AttentionConfig<T, 128, true>, New> && std::is_same_v<att::AttentionShortConfig<T, 128, true>, Old> &&
         att::AttentionConfig<T, 128, false>::kStreamK && !att::AttentionConfig<T, 64, false>::kStreamK &&
         !att::AttentionConfig<T, 256, false>::kStreamK && !att::AttentionShortConfig<T, 128, false>::kStreamK &&
         att::AttentionConfig<float_e4m3_t, 128, false>::kStreamK && att::AttentionConfig<float_e4m3_t, 256, false>::kStreamK &&
         !att::AttentionConfig<float_e4m3_t, 128, true>::kStreamK;
}
static_assert(causal_d128_as_timed<bfloat16_t>() && causal_d128_as_timed<half_t>(), "session 20's d128 defaults");

// The stream-K tail (StreamK_, session 20): where launch_attention applies and chooses it, and that its walks take
// every key block of the tail's tiles once, each later piece a worker's first, for the issue's shapes (2048 tiles of
// d128, 1024 of d256, 2752 of d64's BM 192 on 132 SMs), fewer tiles than workers, and the bench's forced cases.
void stream_k_tail() {
  std::printf("stream-K tail\n");
  struct Shape {
    int tiles, blocks, workers;
    bool applies, chosen;
  };
  Shape const shapes[] = {{2048, 16, 132, true, false}, {2048, 11, 132, true, false}, {2048, 22, 132, true, true},
                          {2048, 86, 132, true, true},  {1024, 103, 132, true, true}, {1024, 64, 132, true, true},
                          {2752, 64, 132, true, true},  {2752, 8, 132, true, false},  {1980, 16, 132, false, false},
                          {66, 33, 132, true, true},    {16, 5, 5, true, false},     {4, 1, 3, false, false}};
  for (Shape const& s : shapes) {
    char name[96];
    std::snprintf(name, sizeof name, "%d tiles of %d blocks on %d workers", s.tiles, s.blocks, s.workers);
    expect(att::attention_tail_applies(s.tiles, s.blocks, s.workers) == s.applies, "attention_tail_applies", name);
    expect(att::attention_choose_tail(s.tiles, s.blocks, s.workers) == s.chosen, "attention_choose_tail", name);
    if (!s.applies) continue;
    tessel::kernels::StreamKTail t;
    t.begin = s.tiles / s.workers * s.workers, t.tiles = s.tiles - t.begin, t.workers = s.workers, t.k_tiles = s.blocks;
    expect(tessel::kernels::check_stream_k_tail(t) == 0, "check_stream_k_tail", name);
  }
  static_assert(att::AttentionConfig<bfloat16_t, 128, false, 192, 2, true, false, false, false, 2, 24, 240, 0, 1, true, 1, true, true, false, 2, 1,
                                     false, false, false, true, true>::kStreamK &&
                    !att::AttentionConfig<bfloat16_t, 128, true>::template with_tiles<128, true, 2, false, true, true>::kStreamK,
                "StreamK_: non-causal static configurations only");
}

// FP8's exponential on the FMA pipe (ExpEmu_, detail::exp2_poly) on the host, against exp2 in double at every x of
// a 2^-12 grid over [-130, 10] (573,441 values) and at -inf: relative error <= 1e-4 from x = -126 (2^x the smallest
// normal float) up; below, 0 <= y <= 2^-126, and exactly 0 below -126.5 and at -inf (never a wrapped exponent).
// The GPU's (its flush of subnormals aside, the same float operations) is checked by attention_bench's FP8 sweep.
void exp2_poly_accuracy() {
  std::printf("exp2_poly\n");
  double worst = 0;
  long long bad = 0;
  for (long long i = 0; i <= (140ll << 12); ++i) {
    float const x = -130.f + float(i) / 4096.f;
    float const y = att::detail::exp2_poly(x);
    double const ref = std::exp2(double(x));
    if (!(y >= 0.f) || !std::isfinite(y)) ++bad;
    else if (x >= -126.f) worst = std::max(worst, std::fabs(double(y) - ref) / ref);
    else if (y > 0x1p-126f || (x < -126.5f && y != 0.f)) ++bad;
  }
  expect(bad == 0 && worst <= 1e-4, "exp2_poly's relative error within 1e-4, 0 below", "exp2_poly");
  expect(att::detail::exp2_poly(-INFINITY) == 0.f, "exp2_poly(-inf) == 0", "exp2_poly");
  expect(att::detail::exp2_poly(0.f) >= 0.9999f && att::detail::exp2_poly(8.75f) <= 431.f, "exp2_poly(0), exp2_poly(8.75)", "exp2_poly");
  std::printf("  largest relative error %.3g over [-126, 10]\n", worst);
}

int main() {
  both_masks<bfloat16_t, 64>("bf16 d64");
  both_masks<bfloat16_t, 128>("bf16 d128");
  both_masks<bfloat16_t, 256>("bf16 d256");
  both_masks<half_t, 64>("fp16 d64");
  both_masks<half_t, 128>("fp16 d128");
  both_masks<half_t, 256>("fp16 d256");
  both_masks<float_e4m3_t, 128>("e4m3 d128");
  both_masks<float_e4m3_t, 256>("e4m3 d256");
  std::printf("short configurations\n");
  config<att::AttentionShortConfig<bfloat16_t, 128, false>>("bf16 d128 short");
  config<att::AttentionShortConfig<half_t, 128, false>>("fp16 d128 short");
  config<att::AttentionShortConfig<bfloat16_t, 128, true>>("bf16 d128 causal short");
  config<att::AttentionShortConfig<half_t, 128, true>>("fp16 d128 causal short");
  std::printf("O's direct stores as 16-byte vectors (EpiWide_)\n");
  wide_both_masks<bfloat16_t, 64>("bf16 d64 epi-wide");
  wide_both_masks<bfloat16_t, 128>("bf16 d128 epi-wide");
  wide_both_masks<bfloat16_t, 256>("bf16 d256 epi-wide");
  wide_both_masks<float_e4m3_t, 128>("e4m3 d128 epi-wide");
  ring_refusals();
  stream_k_tail();
  exp2_poly_accuracy();
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
