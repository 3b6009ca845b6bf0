// Must not compile: a 16-byte copy atom on 8 halves that are not contiguous
// (stride 2) cannot form its register (the control's halves are contiguous).
#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>

int main() {
  using namespace tessel;
  alignas(16) static half_t data[16] = {};
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto s = make_tensor(&data[0], Layout<_8, _1>{});
#else
  auto s = make_tensor(&data[0], Layout<_8, _2>{});
#endif
  auto d = make_tensor<half_t>(Shape<_8>{});
  copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, s, d);
  return 0;
}
