// Must not compile: (6,2):(1,7) o (3,2):(2,3), the spec's example where CuTe
// and pycute return (3,2):(2,3) although the value at coordinate (2,1) is
// A(7) = 8, not 7: B's modes overlap inside A's first mode.
// tests/compile_fail/check.cmake compiles this file with
// TESSEL_COMPILE_FAIL_CONTROL (B = (3,2):(2,6), which must compile) and
// without (which must fail, naming the overlap).
#include <tessel/tessel.hpp>

int main() {
  using namespace tessel;
  auto a = make_layout(Shape<_6, _2>{}, Stride<_1, _7>{});
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto b = make_layout(Shape<_3, _2>{}, Stride<_2, _6>{});
#else
  auto b = make_layout(Shape<_3, _2>{}, Stride<_2, _3>{});
#endif
  auto c = composition(a, b);
  return int(size(c)) == 6 ? 0 : 1;
}
