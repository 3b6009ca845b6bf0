// Must not compile: (4,6,8):(2,3,5) o 6:3, the example of
// docs/ADMISSIBILITY.md that CuTe gets silently wrong (it returns
// (2,3):(6,3)). The stride 3 stops inside A's first mode 4 but does not divide
// it. tests/compile_fail/check.cmake compiles this file with
// TESSEL_COMPILE_FAIL_CONTROL (B = 6:2, which must compile) and without
// (which must fail, naming "stride divisibility").
#include <tessel/tessel.hpp>

int main() {
  using namespace tessel;
  auto a = make_layout(Shape<_4, _6, _8>{}, Stride<_2, _3, _5>{});
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto b = Layout<_6, _2>{};
#else
  auto b = Layout<_6, _3>{};
#endif
  auto c = composition(a, b);
  return int(size(c)) == 6 ? 0 : 1;
}
