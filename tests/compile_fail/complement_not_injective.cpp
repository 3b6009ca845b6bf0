// Must not compile: the complement of (2,2):(1,1), which is not injective
// (no layout can fill the holes of a layout that hits an index twice).
// tests/compile_fail/check.cmake compiles this file with
// TESSEL_COMPILE_FAIL_CONTROL ((2,2):(1,2), which must compile) and without
// (which must fail, naming the condition).
#include <tessel/tessel.hpp>

int main() {
  using namespace tessel;
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto a = make_layout(Shape<_2, _2>{}, Stride<_1, _2>{});
#else
  auto a = make_layout(Shape<_2, _2>{}, Stride<_1, _1>{});
#endif
  auto c = complement(a, Int<24>{});
  return int(size(c)) >= 1 ? 0 : 1;
}
