// Must not compile: each thread's 4 halves are fewer than the 8 halves
// (16 bytes) that one UniversalCopy<uint128_t> moves, so the tiled copy
// cannot use the atom (tessel::TiledCopy says so; the control gives 8).
#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>

int main() {
  using namespace tessel;
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  using Val = Layout<Shape<_1, _8>>;
#else
  using Val = Layout<Shape<_1, _4>>;
#endif
  auto tc = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, Layout<Shape<_16, _8>, Stride<_8, _1>>{}, Val{});
  return int(size(tc.get_layoutS_TV())) > 0 ? 0 : 1;
}
