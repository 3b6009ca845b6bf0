#include <cstdlib>
#include <cstdio>
#include <cassert>
#include <thrust/host_vector.h>
#include <thrust/device_vector.h>
int main() {
  thrust::host_vector<float> h(1024);
  for (int j = 0; j < 1024; ++j) h[j] = j;
  thrust::device_vector<float> d = h;
  thrust::host_vector<float> r = d;
  printf("%f\n", r[3]);
}
