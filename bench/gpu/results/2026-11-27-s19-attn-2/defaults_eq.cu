// Session 19 (helper attn): the committed defaults are the configurations timed in call 1 (capi_s.cu's libraries:
// st for d64 non-causal, ew for d64 causal and d128 non-causal BN 192, stew for d256, base for d128 causal and the
// short configuration): the old defaults (Stagger_, EpiWide_ off) with the levers set, as the library built them.
//   nvcc -std=c++20 -Iinclude bench/gpu/results/2026-11-27-s19-attn-2/defaults_eq.cu -o /tmp/eq && /tmp/eq
#include <cstdio>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
template <class Cfg, bool St, bool Ew>
struct Set;
template <class T_, int H, bool C, int BN, int S, bool O, bool P, bool Dy, bool E, int Co, int PR, int CR, int EM, int Ch, bool RE, int SR,
          bool KA, bool SW, bool Sn, int EX, int QS, bool NE, bool St0, bool Ee0, bool Ew0, bool St, bool Ew>
struct Set<att::AttentionConfig<T_, H, C, BN, S, O, P, Dy, E, Co, PR, CR, EM, Ch, RE, SR, KA, SW, Sn, EX, QS, NE, St0, Ee0, Ew0>, St, Ew> {
  using type = att::AttentionConfig<T_, H, C, BN, S, O, P, Dy, E, Co, PR, CR, EM, Ch, RE, SR, KA, SW, Sn, EX, QS, NE, St, Ee0, Ew>;
};
// the old default: both levers off
template <int D, bool C>
using Old = typename Set<att::AttentionConfig<T, D, C>, false, false>::type;
template <int D, bool C, bool St, bool Ew>
constexpr bool is = std::is_same_v<att::AttentionConfig<T, D, C>, typename Set<Old<D, C>, St, Ew>::type>;
static_assert(is<64, false, true, false> && is<64, true, false, true>, "d64: st non-causal, ew causal");
static_assert(is<128, false, false, true> && is<128, true, false, false>, "d128: ew BN 192, causal unchanged");
static_assert(is<256, false, true, true> && is<256, true, true, true>, "d256: stew");
static_assert(std::is_same_v<att::AttentionShortConfig<T, 128, false>, Old<128, false>::with_tiles<128, true, 2, true, false>>,
              "the short configuration unchanged");
static_assert(!att::AttentionConfig<tessel::float_e4m3_t, 128, false>::kStagger && !att::AttentionConfig<tessel::float_e4m3_t, 256, true>::kEpiWide,
              "FP8 unchanged");
int main() { std::printf("defaults_eq: the committed defaults are call 1's timed configurations\n"); }
