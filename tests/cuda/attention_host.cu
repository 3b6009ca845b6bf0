// The attention kernel's host-side layout checks (issue 26), run by ctest on the CI machine, which has no
// GPU: every configuration that tessel::cuda::attention and the Python entry launch by default (16-bit
// d64/d128/d256, causal and not, AttentionShortConfig for short non-causal d128, FP8 e4m3 d128/d256) must
// pass the checks its launch makes (launch_attention: check_q_ring, check_v_transpose, check_p_conversion,
// check_o_store_xor, check_o_wide), so that a configuration change that breaks one of the kernel's layout assumptions
// fails here, before any GPU run. is_tile_ring, which two of them share, is also shown to say no: a ring
// whose stage step is off, and a tile that is not the ring's stage.
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
          bool KA, bool SW, bool Sn, int EX, int QS, bool NE, bool St, bool Ee, bool Ew>
struct WithWide<att::AttentionConfig<T, H, C, BN, S, O, P, Dy, E, Co, PR, CR, EM, Ch, RE, SR, KA, SW, Sn, EX, QS, NE, St, Ee, Ew>> {
  using type = att::AttentionConfig<T, H, C, BN, S, O, P, Dy, E, Co, PR, CR, EM, Ch, RE, SR, KA, SW, Sn, EX, QS, NE, St, Ee, true>;
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
  using Cfg = att::AttentionConfig<bfloat16_t, 128, true>;  // QStages_ 2 by default (attention_default_q_stages)
  typename Cfg::SmemLayoutQRing ring;
  typename Cfg::SmemTileQ tile;
  int const bm = Cfg::BM::value, d = Cfg::kHeadDim;
  expect(Cfg::kQStages == 2, "16-bit d128 causal has two Q buffers", "ring");
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
  std::printf("O's direct stores as 16-byte vectors (EpiWide_)\n");
  wide_both_masks<bfloat16_t, 64>("bf16 d64 epi-wide");
  wide_both_masks<bfloat16_t, 128>("bf16 d128 epi-wide");
  wide_both_masks<bfloat16_t, 256>("bf16 d256 epi-wide");
  wide_both_masks<float_e4m3_t, 128>("e4m3 d128 epi-wide");
  ring_refusals();
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
