// Must not compile: a static shape entry of zero. tests/compile_fail/check.cmake
// compiles this file twice: with TESSEL_COMPILE_FAIL_CONTROL defined (a correct
// variant, which must compile) and without (which must fail, naming the
// problem: "zero or negative").
#include <tessel/tessel.hpp>

int main() {
  using namespace tessel;
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto layout = make_layout(make_shape(_1{}));
#else
  auto layout = make_layout(make_shape(_0{}));
#endif
  return int(size(layout)) == 1 ? 0 : 1;
}
