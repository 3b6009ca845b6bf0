// tessel/kernels/stream_k_workspace.cuh: the host side of a stream-K tail (scheduler.cuh's StreamKTail), shared by
// the GEMMs (gemm_sm90.cuh) and the attention forward (attention_sm90.cuh):
//   - stream_k_workspace(dev, stream, slots, slot_floats, ws): the fp32 partial sums and the flags of a launch,
//     one workspace per device and stream;
//   - stream_capturing(stream): whether the stream is being captured into a CUDA graph, where no tail is taken;
//   - last_wave_tail(positions, workers, k_tiles, ws): the tail of a persistent walk, its last partial wave.
// Host code only.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <mutex>
#include <vector>

#include "../config.hpp"
#include "scheduler.cuh"

namespace TESSEL_NAMESPACE::kernels::detail {

// One per device and stream (launches on one stream run in turn, whichever kernel they are; two streams never
// share one): `slots` partial slots of `slot_floats` fp32 values each and a flag per slot, the flags zero between
// launches (each launch's heads reset the flags they read). Allocated on a stream's first launch with a tail;
// where a launch needs more slots or larger ones, reallocated to the larger of the old and the new in each
// (so that launches of different kernels on one stream settle on one workspace) once that stream's work is done.
struct StreamKWorkspace {
  float* partials = nullptr;
  int* flags = nullptr;
  long long slots = 0, slot_floats = 0;
};
inline cudaError_t stream_k_workspace(int dev, cudaStream_t stream, long long slots, long long slot_floats, StreamKWorkspace& out) {
  struct Entry {
    int dev;
    cudaStream_t stream;
    StreamKWorkspace ws;
  };
  static std::mutex mutex;
  static std::vector<Entry> entries;
  std::lock_guard<std::mutex> lock(mutex);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    Entry& e = entries[i];
    if (e.dev != dev || e.stream != stream) continue;
    if (e.ws.slots >= slots && e.ws.slot_floats >= slot_floats) {
      out = e.ws;
      return cudaSuccess;
    }
    slots = e.ws.slots > slots ? e.ws.slots : slots;
    slot_floats = e.ws.slot_floats > slot_floats ? e.ws.slot_floats : slot_floats;
    cudaError_t err = cudaStreamSynchronize(stream);  // the old one's last reader is done
    if (err == cudaSuccess) err = cudaFree(e.ws.partials);
    if (err == cudaSuccess) err = cudaFree(e.ws.flags);
    entries.erase(entries.begin() + long(i));
    if (err != cudaSuccess) return err;
    break;
  }
  StreamKWorkspace ws;
  ws.slots = slots, ws.slot_floats = slot_floats;
  cudaError_t err = cudaMalloc(&ws.partials, std::size_t(slots * slot_floats) * sizeof(float));
  if (err != cudaSuccess) return err;
  err = cudaMalloc(&ws.flags, std::size_t(slots) * sizeof(int));
  if (err == cudaSuccess) err = cudaMemset(ws.flags, 0, std::size_t(slots) * sizeof(int));
  if (err != cudaSuccess) {
    cudaFree(ws.partials);
    return err;
  }
  entries.push_back({dev, stream, ws});
  out = ws;
  return cudaSuccess;
}

// Whether work on `stream` is being captured into a CUDA graph (or cannot be told: an error counts as yes).
// A stream-K tail is not taken then: its workspace is allocated on first use and belongs to the stream
// it was allocated for, neither of which a graph replayed later (perhaps on another stream) can keep to.
inline bool stream_capturing(cudaStream_t stream) {
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  cudaError_t const err = cudaStreamIsCapturing(stream, &status);
  if (err != cudaSuccess) {
    (void)cudaGetLastError();  // the query's own error is not the caller's
    return true;
  }
  return status != cudaStreamCaptureStatusNone;
}

// The stream-K tail of a persistent walk of `positions` on `workers` CTAs (clusters): its last partial wave,
// positions from (positions / workers) workers on, split into k_tiles k-iterations each among all the workers,
// the partials and flags in ws (a slot per CTA).
inline StreamKTail last_wave_tail(int positions, int workers, int k_tiles, StreamKWorkspace const& ws) {
  StreamKTail t;
  t.begin = positions / workers * workers, t.tiles = positions - t.begin, t.workers = workers, t.k_tiles = k_tiles;
  t.partials = ws.partials, t.flags = ws.flags;
  return t;
}

}  // namespace TESSEL_NAMESPACE::kernels::detail
