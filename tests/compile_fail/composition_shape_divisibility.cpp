// Must not compile: seed 000's B = 70:4 on the row-major (2,6,10,14). The
// stride 4 is admissible (as for the article's 60:4), but the remaining shape
// 70 is not divisible by A's remaining 3: no layout equals j -> A(4j) on
// [0,70) (CuTe: "Static shape_div failure"). tests/compile_fail/check.cmake
// compiles this file with TESSEL_COMPILE_FAIL_CONTROL (B = 60:4, which must
// compile) and without (which must fail, naming "shape divisibility").
#include <tessel/tessel.hpp>

int main() {
  using namespace tessel;
  auto s2 = make_shape(Int<2>{}, Int<6>{}, Int<10>{}, Int<14>{});
  auto a2 = make_layout(s2, GenRowMajor{});
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto b2 = make_layout(make_shape(Int<60>{}), make_stride(Int<4>{}));
#else
  auto b2 = make_layout(make_shape(Int<70>{}), make_stride(Int<4>{}));
#endif
  auto c2 = composition(a2, b2);
  return int(size(c2)) == 60 ? 0 : 1;
}
