// Must not compile: 3 int16 (6 bytes) are not a whole number of int32, so the
// static layout 3:1 of int16 cannot be recast to int32 (CuTe's unchecked
// recast would make a view of one int32 and a half). tests/compile_fail/check.cmake
// compiles this file twice: with TESSEL_COMPILE_FAIL_CONTROL defined (4 int16,
// which must compile) and without (which must fail, naming the problem:
// "recast: the layout does not divide").
#include <cstdint>

#include <tessel/tessel.hpp>

int main() {
  using namespace tessel;
  alignas(16) static std::int16_t data[8] = {};
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto t = make_tensor(&data[0], Layout<_4, _1>{});
#else
  auto t = make_tensor(&data[0], Layout<_3, _1>{});
#endif
  auto r = recast<std::int32_t>(t);
  return int(size(r)) == 2 ? 0 : 1;
}
