// Must not compile: the int16 tensor (2):(4) holds int16 elements 0 and 4.
// Seen as int32, upcast gives (2):(2), whose elements are int16 0,1 and 4,5:
// bytes outside the tensor's elements (CuTe's unchecked recast makes that view).
// tests/compile_fail/check.cmake compiles this file twice: with
// TESSEL_COMPILE_FAIL_CONTROL defined ((2,2):(1,4): int16 0,1 and 4,5, which
// are the int32 elements 0 and 2, must compile) and without (which must fail,
// naming the problem: "recast: the new elements would not be whole elements").
#include <cstdint>

#include <tessel/tessel.hpp>

int main() {
  using namespace tessel;
  alignas(16) static std::int16_t data[8] = {};
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto t = make_tensor(&data[0], Layout<Shape<_2, _2>, Stride<_1, _4>>{});
#else
  auto t = make_tensor(&data[0], Layout<_2, _4>{});
#endif
  auto r = recast<std::int32_t>(t);
  return int(size(r)) == 2 ? 0 : 1;
}
