#include <cstdlib>
#include <cstdio>
#include <cassert>
#include <thrust/host_vector.h>
#include <thrust/device_vector.h>
#include <array>
#include <cmath>
#include <iostream>
#include <type_traits>
#include <cutlass/layout/layout.h>
#include <cutlass/numeric_types.h>
#include <cutlass/complex.h>
#include "cutlass/util/GPU_Clock.hpp"
#include <cuda.h>
int main() {
  thrust::host_vector<float> h(1024);
  for (int j = 0; j < 1024; ++j) h[j] = j;
  thrust::device_vector<float> d = h;
  thrust::host_vector<float> r = d;
  GPU_Clock timer; timer.start();
  printf("%f %f\n", r[3], timer.seconds());
}
