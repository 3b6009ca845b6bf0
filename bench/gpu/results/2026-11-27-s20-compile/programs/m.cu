#include <cute/tensor.hpp>
using namespace cute;
template <int N>
__global__ void k(int* out) {
#if OP == 0
  auto l = make_layout(make_shape(Int<N*8>{}, Int<64>{}), LayoutRight{});
  out[0] = l(3, 5);
#elif OP == 1
  auto l = logical_divide(make_layout(make_shape(Int<N*8>{}, Int<64>{})), make_shape(Int<8>{}, Int<16>{}));
  out[0] = l(3);
#elif OP == 2
  auto l = composition(make_layout(make_shape(Int<N*8>{}, Int<64>{}), LayoutRight{}), make_layout(make_shape(Int<4>{}, Int<8>{}), make_stride(Int<8>{}, Int<1>{})));
  out[0] = l(3);
#elif OP == 3
  auto l = blocked_product(make_layout(make_shape(Int<N>{}, Int<4>{})), make_layout(make_shape(Int<2>{}, Int<8>{})));
  out[0] = l(3);
#elif OP == 4
  Tensor t = make_tensor(make_gmem_ptr(out), make_shape(Int<N*8>{}, Int<64>{}));
  auto tt = local_tile(t, make_shape(Int<8>{}, Int<16>{}), make_coord(blockIdx.x, blockIdx.y));
  tt(threadIdx.x) = 1;
#endif
}
template <int... I> void launch(std::integer_sequence<int, I...>) { (k<I + 1><<<1, 1>>>(nullptr), ...); }
#ifndef NK
#define NK 21
#endif
#ifndef OP
#define OP 1
#endif
int main() { launch(std::make_integer_sequence<int, NK>{}); }
