// Must not compile: the product of two static integers that does not fit in
// their type (65536 * 65536 in int). tests/compile_fail/check.cmake compiles it
// with TESSEL_COMPILE_FAIL_CONTROL (a product that fits: must compile) and
// without (must fail, naming "integer overflow").
#include <tessel/tessel.hpp>

int main() {
  using namespace tessel;
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto n = size(make_shape(Int<65536>{}, Int<32767>{}));
#else
  auto n = size(make_shape(Int<65536>{}, Int<65536>{}));
#endif
  return int(n) == 0;
}
