// tessel/engine/context.hpp: the context of one evaluation (symbolic or
// run-time pass, strictness, the first error, and an optional trace sink that
// records the steps the engine takes; see trace.hpp).
#pragma once

#include "value.hpp"
#include "trace.hpp"

namespace TESSEL_NAMESPACE::engine {

// The context of one evaluation. In symbolic mode (the compile-time pass that
// decides the structure of a result with dynamic inputs) dynamic values are
// placeholders: conditions on them are left to the run-time pass.
struct Ctx {
  Error err{};
  bool symbolic = false;
  bool used_fallback = false;  // a leaf was admitted from its values, not by divisibility
  bool strict = false;         // no value-based fallbacks (the run-time pass of a typed call
                               // with dynamic integers must build what the compile-time pass typed)
  bool follow = false;         // the run-time pass of a typed call: every structural choice (a mode
                               // dropped, skipped, a branch taken) is the compile-time pass's, made on
                               // static facts only, as CuTe's dynamic code makes it (a mode whose run-time
                               // size is 1 keeps its place and its stride); the values are the real ones
  bool unchecked = false;      // (with follow) conditions on dynamic values are not tested: CuTe's
                               // arithmetic, whose result the caller compares with the engine's own
  bool inside = false;         // composition: a leaf N:r whose stride c stops inside a mode M of A
                               // without dividing it is admitted where (N-1)*c < M (it stays inside
                               // the mode: exact, CuTe's arithmetic), a local test on the values
                               // (the run-time pass of a typed composition: bridge.hpp)
  TraceSink* trace = nullptr;  // host only: receives the steps (tessel check)
  TESSEL_HOST_DEVICE_NOFORCE constexpr Arith ar() { return Arith{&err}; }
  // Whether a condition on a and b is tested in this pass (in the symbolic pass, or an unchecked
  // one, only on static values).
  TESSEL_HOST_DEVICE_NOFORCE constexpr bool checkable(Int a, Int b = sint(0)) const {
    return !(symbolic || unchecked) || (a.is_static && b.is_static);
  }
  // Whether a structural choice may depend on the run-time values of dynamic integers (not in
  // the symbolic pass, whose values are placeholders, nor in a pass that follows it on the host;
  // in device code, where the typed API has no second pass to fall back on, the pass that follows
  // still skips a mode of run-time size 1 where the compile-time pass kept a place for it, as
  // before: exact by the same conditions, its size-1 strides the skip's).
  TESSEL_HOST_DEVICE_NOFORCE constexpr bool by_values() const { return !symbolic && (!follow || !TESSEL_HOST_ONLY_WORK); }
  TESSEL_HOST_DEVICE_NOFORCE constexpr void fail(Err e, i64 a = 0, i64 b = 0, i64 c = 0) {
    if (!err) err = {e, a, b, c};
  }
  // Report a step to the trace sink, if any (nothing in device code or in
  // constant evaluation).
  TESSEL_HOST_DEVICE_NOFORCE constexpr void note(Step s, i64 a = 0, i64 b = 0, i64 c = 0, i64 d = 0, i64 e = 0,
                                                 Layout const* l0 = nullptr, Layout const* l1 = nullptr) {
#if !TESSEL_ON_DEVICE
    if (!__builtin_is_constant_evaluated() && trace) trace->on(Event{s, a, b, c, d, e, l0, l1});
#else
    (void)s, (void)a, (void)b, (void)c, (void)d, (void)e, (void)l0, (void)l1;
#endif
  }
  TESSEL_HOST_DEVICE_NOFORCE constexpr bool tracing() const {
#if !TESSEL_ON_DEVICE
    return trace != nullptr;
#else
    return false;
#endif
  }
};

// TESSEL_TRACE(cx, step, numbers..., layouts...): report a step if cx has a
// trace sink. A macro, so that without a sink (every typed call, constant
// evaluation) the step's arguments are not even evaluated.
#define TESSEL_TRACE(cx, ...) ((cx).trace ? (cx).note(__VA_ARGS__) : void())

TESSEL_HOST_DEVICE_NOFORCE constexpr Int min_int(Int a, Int b) { return {a.v < b.v ? a.v : b.v, a.is_static && b.is_static}; }

}  // namespace tessel::engine
