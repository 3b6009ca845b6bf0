// CuTe's cluster helpers in atom/copy_sm90.hpp: the device ones compile for
// sm_90a (a kernel that uses each, not launched here), and the host one,
// initialize_preferred_cluster_launch, gives CuTe's verdict for each condition
// (run by ctest without a GPU: *_host.cu).
#include <cstdio>

#include <tessel/atom/copy_sm90.hpp>

using namespace tessel;

__global__ void cluster_names_kernel(unsigned* out) {
  __shared__ unsigned word;
  dim3 const g = cluster_grid_dims(), c = cluster_id_in_grid(), b = block_id_in_cluster(), s = cluster_shape();
  unsigned const elected = elect_one_sync();
  unsigned const remote = set_block_rank(cast_smem_ptr_to_uint(&word), block_rank_in_cluster() ^ 1u);
  out[threadIdx.x] = g.x + c.y + b.z + s.x + elected + remote;
}

int main() {
  int bad = 0;
  auto expect = [&](bool got, bool want, char const* what) {
    if (got != want) std::printf("FAIL: %s\n", what), ++bad;
  };
  expect(initialize_preferred_cluster_launch(nullptr, dim3(8, 4, 1), dim3(4, 2, 1), dim3(2, 1, 1)), true, "valid");
  expect(initialize_preferred_cluster_launch(nullptr, dim3(8, 4, 1), dim3(4, 4, 4), dim3(2, 1, 4)), false, "64 CTAs preferred");
  expect(initialize_preferred_cluster_launch(nullptr, dim3(8, 4, 1), dim3(2, 2, 1), dim3(0, 1, 1)), false, "empty fallback");
  expect(initialize_preferred_cluster_launch(nullptr, dim3(8, 70000, 1), dim3(2, 2, 1), dim3(2, 1, 1)), false, "grid.y over 2^16");
  expect(initialize_preferred_cluster_launch(nullptr, dim3(6, 4, 1), dim3(4, 2, 1), dim3(2, 1, 1)), false, "preferred does not divide grid");
  expect(initialize_preferred_cluster_launch(nullptr, dim3(8, 4, 1), dim3(4, 2, 1), dim3(3, 1, 1)), false, "fallback does not divide");
  expect(initialize_preferred_cluster_launch(nullptr, dim3(8, 4, 2), dim3(4, 2, 2), dim3(2, 1, 1)), false, "different z");
  expect(initialize_preferred_cluster_launch(nullptr, dim3(32, 1, 1), dim3(32, 1, 1), dim3(1, 1, 1)), true, "32 CTAs");
  std::printf("cluster_names_host: %s\n", bad ? "FAILED" : "ok");
  return bad ? 1 : 0;
}
