// Must not compile: left_inverse((_3,2,_6):(_-1,20,_12)) (the 2 and the 20
// dynamic). The compile-time pass fails the divisibility condition on the static
// stride -1 (a left inverse needs positive strides); its report asserted
// "stride < 0", which held for the failing stride -1, so the call compiled and
// returned _1:_0 (found by tests/cute_compat/dynamic_compare.py, session 12).
// tests/compile_fail/check.cmake compiles this file with
// TESSEL_COMPILE_FAIL_CONTROL (the stride _1, which must compile) and without
// (which must fail, naming the condition).
#include <tessel/tessel.hpp>

int main(int argc, char**) {
  using namespace tessel;
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto l = make_layout(make_shape(_3{}, 2, _6{}), make_stride(_1{}, 3 * argc, _6{}));
#else
  auto l = make_layout(make_shape(_3{}, 2, _6{}), make_stride(Int<-1>{}, 20 * argc, _12{}));
#endif
  auto r = left_inverse(l);
  return int(r(l(1))) == 1 ? 0 : 1;
}
