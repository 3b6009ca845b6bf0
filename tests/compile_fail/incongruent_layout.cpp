// Must not compile: the stride (1,2) does not have the structure of the shape
// (2,(2,2)). tests/compile_fail/check.cmake compiles this file twice: with
// TESSEL_COMPILE_FAIL_CONTROL defined (a correct variant, which must compile)
// and without (which must fail, naming the problem: "not congruent").
#include <tessel/tessel.hpp>

int main() {
  using namespace tessel;
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto layout = make_layout(make_shape(2, make_shape(2, 2)), make_stride(1, make_stride(2, 4)));
#else
  auto layout = make_layout(make_shape(2, make_shape(2, 2)), make_stride(1, 2));
#endif
  return int(size(layout)) == 8 ? 0 : 1;
}
