/* tests/cute_compat/d2h_hash.c: an LD_PRELOAD library for the harness's tutorial runs (harness.py).
 *
 * CuTe's GEMM tutorials print no verification of their own, so the harness compares what they copy back
 * to the host: after every device-to-host copy through the CUDA runtime (cudaMemcpy, cudaMemcpyAsync:
 * the direction cudaMemcpyDeviceToHost, or cudaMemcpyDefault with a device source and a host
 * destination) this library prints one line to stderr,
 *
 *     D2H <bytes> <FNV-1a 64 of the bytes, hex>
 *
 * The same tutorial built against CuTe and against tessel, run on the same inputs (the tutorials'
 * rand() is unseeded), must print the same lines. The program must link the CUDA runtime as a shared
 * library (nvcc -cudart shared), or there is nothing to interpose. An asynchronous copy is waited for
 * (cudaStreamSynchronize of its stream) before its bytes are hashed, which the program would have done
 * before reading them anyway.
 *
 * Built by the harness: cc -shared -fPIC -O2 d2h_hash.c -o d2h_hash.so -ldl (no CUDA headers needed:
 * the few declarations below are the runtime API's C ABI).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef int cuda_error;      /* cudaError_t */
typedef void* cuda_stream;   /* cudaStream_t */
enum { kHostToHost = 0, kHostToDevice = 1, kDeviceToHost = 2, kDeviceToDevice = 3, kDefault = 4 };

/* cudaPointerAttributes as the runtime (CUDA 11 and later) lays it out: type first. */
struct pointer_attributes {
  int type; /* 0 unregistered, 1 host, 2 device, 3 managed */
  int device;
  void* device_pointer;
  void* host_pointer;
};

typedef cuda_error (*memcpy_fn)(void*, void const*, size_t, int);
typedef cuda_error (*memcpy_async_fn)(void*, void const*, size_t, int, cuda_stream);
typedef cuda_error (*sync_fn)(cuda_stream);
typedef cuda_error (*attr_fn)(struct pointer_attributes*, void const*);

static void* next_symbol(char const* name) {
  void* f = dlsym(RTLD_NEXT, name);
  if (f == NULL) fprintf(stderr, "d2h_hash: %s not found (is the CUDA runtime linked as a shared library?)\n", name);
  return f;
}

/* Whether a copy of direction kind from src to dst lands device bytes in host memory. */
static int device_to_host(void* dst, void const* src, int kind) {
  if (kind == kDeviceToHost) return 1;
  if (kind != kDefault) return 0;
  attr_fn attr = (attr_fn)next_symbol("cudaPointerGetAttributes");
  if (attr == NULL) return 0;
  struct pointer_attributes a = {0, 0, NULL, NULL}, b = {0, 0, NULL, NULL};
  if (attr(&a, src) != 0 || attr(&b, dst) != 0) return 0;
  return (a.type == 2 || a.type == 3) && (b.type == 0 || b.type == 1);
}

static void report(void const* p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  unsigned char const* c = (unsigned char const*)p;
  for (size_t i = 0; i < n; ++i) h = (h ^ c[i]) * 1099511628211ull;
  fprintf(stderr, "D2H %zu %016llx\n", n, (unsigned long long)h);
}

cuda_error cudaMemcpy(void* dst, void const* src, size_t n, int kind) {
  static memcpy_fn real = NULL;
  if (real == NULL) real = (memcpy_fn)next_symbol("cudaMemcpy");
  if (real == NULL) return 1; /* cudaErrorInvalidValue */
  cuda_error e = real(dst, src, n, kind);
  if (e == 0 && n > 0 && device_to_host(dst, src, kind)) report(dst, n);
  return e;
}

cuda_error cudaMemcpyAsync(void* dst, void const* src, size_t n, int kind, cuda_stream s) {
  static memcpy_async_fn real = NULL;
  static sync_fn sync = NULL;
  if (real == NULL) real = (memcpy_async_fn)next_symbol("cudaMemcpyAsync");
  if (sync == NULL) sync = (sync_fn)next_symbol("cudaStreamSynchronize");
  if (real == NULL) return 1;
  cuda_error e = real(dst, src, n, kind, s);
  if (e == 0 && n > 0 && sync != NULL && device_to_host(dst, src, kind) && sync(s) == 0) report(dst, n);
  return e;
}
