// Must not compile: 2 atoms of M = 16 need an M tile of at least 32, not a
// permutation of size 16 (tessel::TiledMMA says so; the control uses 32).
#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>

int main() {
  using namespace tessel;
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  using Perm = Tile<_32, _16, _16>;
#else
  using Perm = Tile<_16, _16, _16>;
#endif
  auto mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2>>{}, Perm{});
  return int(tile_size<0>(mma)) > 0 ? 0 : 1;
}
