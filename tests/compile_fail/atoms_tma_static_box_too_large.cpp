// Must not compile: a static global layout whose TMA box would be 512 elements
// wide (the control's box is 256).
#include <cstdlib>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>
#include <tessel/atom/tma.hpp>

int main() {
  using namespace tessel;
  alignas(16) static float buf[16 * 512];
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto p = TMA::make_tma_params(&buf[0], Layout<Shape<_16, _512>, Stride<_512, _1>>{}, make_layout(Shape<_16, _256>{}, LayoutRight{}),
                                Shape<_16, _256>{});
#else
  auto p = TMA::make_tma_params(&buf[0], Layout<Shape<_16, _512>, Stride<_512, _1>>{}, make_layout(Shape<_16, _512>{}, LayoutRight{}));
#endif
  return p.rank;
}
