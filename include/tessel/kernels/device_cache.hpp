// tessel/kernels/device_cache.hpp: values that belong to one GPU (its SM count,
// a kernel's shared-memory attribute, an occupancy query), computed once per
// device and shared by every host thread:
//   static PerDevice<int> sms;
//   int n = sms.get(dev, [&] { return query(dev); });   // make() runs once per device
// A one-time static (`static int n = query();`) holds the first device's value
// for every device, and a plain array written without a lock is a data race
// when two host threads launch at once; PerDevice takes a lock around the
// first computation of each device's value and hands out copies. Also a figure
// of a device read from its attributes (dram_gbps_per_sm, where the CUDA runtime
// is there: the .cuh headers that use it include it). Host code only.
#pragma once

#include <mutex>

#if __has_include(<cuda_runtime.h>)
#  include <cuda_runtime.h>
#  define TESSEL_DEVICE_CACHE_HAS_CUDA_RUNTIME 1
#endif

#include "../config.hpp"

namespace TESSEL_NAMESPACE::kernels {

template <class T>
class PerDevice {
 public:
  static constexpr int kMaxDevices = 64;

  // The value for device dev, computed by make() (which returns T) the first
  // time; make() is not called again for that device unless it threw.
  template <class Make>
  T get(int dev, Make&& make) {
    if (dev < 0 || dev >= kMaxDevices) fail("kernels::PerDevice: device index outside 0..63");
    std::lock_guard<std::mutex> lock(mutex_);
    if (!set_[dev]) {
      value_[dev] = make();
      set_[dev] = true;
    }
    return value_[dev];
  }
  // Device dev's value set to v (a value that changes, as a raised kernel attribute).
  void set(int dev, T const& v) {
    if (dev < 0 || dev >= kMaxDevices) fail("kernels::PerDevice: device index outside 0..63");
    std::lock_guard<std::mutex> lock(mutex_);
    value_[dev] = v;
    set_[dev] = true;
  }
  // Whether device dev's value has been computed.
  bool has(int dev) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return dev >= 0 && dev < kMaxDevices && set_[dev];
  }
  // Forget device dev's value (one that must be asked for again, a failed query say).
  void forget(int dev) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (dev >= 0 && dev < kMaxDevices) set_[dev] = false;
  }
  // Forget every device's value (tests: a second device is a device whose value is not there yet).
  void reset() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (bool& s : set_) s = false;
  }

 private:
  mutable std::mutex mutex_;
  T value_[kMaxDevices] = {};
  bool set_[kMaxDevices] = {};
};

#if defined(TESSEL_DEVICE_CACHE_HAS_CUDA_RUNTIME)
// A card's peak DRAM bandwidth per SM in GB/s (double data rate: 2 x memory clock x bus width / SMs),
// or 0 where the attributes are not known. (The dense GEMM's raster, the grouped GEMM's cluster and the
// copy's tile buffers are chosen by it.)
inline double dram_gbps_per_sm(int dev, int sms) {
  int khz = 0, bits = 0;
  if (cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, dev) != cudaSuccess ||
      cudaDeviceGetAttribute(&bits, cudaDevAttrGlobalMemoryBusWidth, dev) != cudaSuccess || sms <= 0 || khz <= 0 || bits <= 0) {
    (void)cudaGetLastError();
    return 0;
  }
  return 2.0 * khz * 1e3 * (bits / 8.0) / 1e9 / sms;
}
#endif

}  // namespace tessel::kernels
