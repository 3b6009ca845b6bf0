// the final defaults are the configurations timed in call 3: causal = lz's (RE, SkipRescale_ 2), short and long = fin's
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
namespace att = tessel::kernels::attention_sm90;
template <class T, bool C, int BN, int St, bool EpiTma, int QS, bool NE, bool RE, int SR>
using Cfg = att::AttentionConfig<T, 128, C, BN, St, true, false, C, EpiTma, 2, 24, 240, 0, 1, RE, SR, true, true, C, 2, QS, NE>;
template <class T>
constexpr bool ok = std::is_same_v<att::AttentionConfig<T, 128, true>, Cfg<T, true, 128, 2, true, 2, false, true, 2>> &&
                    std::is_same_v<att::AttentionShortConfig<T, 128, false>, Cfg<T, false, 128, 2, true, 2, true, false, 1>> &&
                    std::is_same_v<att::AttentionConfig<T, 128, false>, Cfg<T, false, 192, 2, false, 1, false, true, 1>>;
static_assert(ok<tessel::bfloat16_t> && ok<tessel::half_t>, "final defaults");
int main() { return 0; }
