// Must not compile: the tiled copy's 16x8 tile does not divide the static
// 32x4 tensor, so a thread's partition would reach outside it (CuTe does not
// check; tessel::TiledCopy rejects it). The control partitions a 32x8 tensor.
#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>

int main() {
  using namespace tessel;
  static float data[256] = {};
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto s = make_tensor(&data[0], Layout<Shape<_32, _8>>{});
#else
  auto s = make_tensor(&data[0], Layout<Shape<_32, _4>>{});
#endif
  auto tc = make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>{}, Layout<Shape<_16, _8>>{});
  auto part = tc.get_slice(3).partition_S(s);
  return int(size(part.layout())) > 0 ? 0 : 1;
}
