// Each TMA op of atom/copy_sm90.hpp issues exactly its own instruction: one kernel per
// (op, rank), compiled to PTX by tests/cuda/ptx/check_tma_ops.sh, which counts the
// cp.async.bulk.tensor instructions of each kernel (a load that also issued a store, or none,
// fails). Not run: PTX only.
#include <cstdint>

#include <tessel/atom/copy_sm90.hpp>

namespace {
constexpr std::uint64_t kHint = 0x1000000000000000ull;
}

#define TESSEL_TMA_PROBE(N, ...)                                                                            \
  __global__ void probe_load_##N(void const* d, std::uint64_t* bar, int x) {                               \
    __shared__ alignas(128) char s[1024];                                                                 \
    tessel::SM90_TMA_LOAD::copy(d, bar, kHint, s, __VA_ARGS__);                                            \
  }                                                                                                       \
  __global__ void probe_multicast_##N(void const* d, std::uint64_t* bar, int x) {                          \
    __shared__ alignas(128) char s[1024];                                                                 \
    tessel::SM90_TMA_LOAD_MULTICAST::copy(d, bar, std::uint16_t(3), kHint, s, __VA_ARGS__);                \
  }                                                                                                       \
  __global__ void probe_store_##N(void const* d, int x) {                                                  \
    __shared__ alignas(128) char s[1024];                                                                 \
    tessel::SM90_TMA_STORE::copy(d, s, __VA_ARGS__);                                                       \
  }

TESSEL_TMA_PROBE(1, x)
TESSEL_TMA_PROBE(2, x, x + 1)
TESSEL_TMA_PROBE(3, x, x + 1, x + 2)
TESSEL_TMA_PROBE(4, x, x + 1, x + 2, x + 3)
TESSEL_TMA_PROBE(5, x, x + 1, x + 2, x + 3, x + 4)
