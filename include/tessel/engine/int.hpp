// tessel/engine/int.hpp: the engine's integers. Each leaf integer carries its
// value and whether it is static (known at compile time); arithmetic is
// checked for 64-bit overflow (an error, never a wrapped value) and keeps
// CuTe's static-ness rules.
#pragma once

#include "error.hpp"

namespace TESSEL_NAMESPACE::engine {

using i64 = long long;

inline constexpr int kMaxLeaves = 32;
inline constexpr int kMaxTokens = 96;

// A leaf integer: its value and whether it is static (known at compile time).
struct Int {
  i64 v = 0;
  bool is_static = true;
};
TESSEL_HOST_DEVICE_NOFORCE constexpr Int sint(i64 v) { return {v, true}; }
TESSEL_HOST_DEVICE_NOFORCE constexpr bool known(Int a, i64 k) { return a.is_static && a.v == k; }

// ---- checked arithmetic -----------------------------------------------------------------

struct Arith {
  Error* err;
  TESSEL_HOST_DEVICE_NOFORCE constexpr i64 fail(i64 a, i64 b) const {
    if (!*err) *err = {Err::overflow, a, b, 0};
    return 0;
  }
  TESSEL_HOST_DEVICE_NOFORCE constexpr i64 mul(i64 a, i64 b) const {
    if (a == 0 || b == 0) return 0;
    i64 r = static_cast<i64>(static_cast<unsigned long long>(a) * static_cast<unsigned long long>(b));
    if (r / b != a || (a == -1 && b == (-9223372036854775807LL - 1)) || (b == -1 && a == (-9223372036854775807LL - 1))) return fail(a, b);
    return r;
  }
  TESSEL_HOST_DEVICE_NOFORCE constexpr i64 add(i64 a, i64 b) const {
    if ((b > 0 && a > 9223372036854775807LL - b) || (b < 0 && a < (-9223372036854775807LL - 1) - b)) return fail(a, b);
    return a + b;
  }
  // Static-ness follows CuTe: static op static is static; a static 0 absorbs products.
  TESSEL_HOST_DEVICE_NOFORCE constexpr Int mul(Int a, Int b) const {
    if (known(a, 0) || known(b, 0)) return sint(0);
    return {mul(a.v, b.v), a.is_static && b.is_static};
  }
  TESSEL_HOST_DEVICE_NOFORCE constexpr Int add(Int a, Int b) const { return {add(a.v, b.v), a.is_static && b.is_static}; }
};

TESSEL_HOST_DEVICE_NOFORCE constexpr i64 iabs(i64 a) { return a < 0 ? -a : a; }
TESSEL_HOST_DEVICE_NOFORCE constexpr i64 sgn(i64 a) { return (a > 0) - (a < 0); }
TESSEL_HOST_DEVICE_NOFORCE constexpr i64 cdiv(i64 a, i64 b) { return b <= 0 ? 0 : a / b + (a % b != 0 ? 1 : 0); }  // a >= 0, b > 0; no overflow

}  // namespace tessel::engine
