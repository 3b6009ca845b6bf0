// tessel/engine/coalesce.hpp: coalesce, filter_zeros and filter (by profile too).
#pragma once

#include "context.hpp"

namespace TESSEL_NAMESPACE::engine {

// ---- coalesce ----------------------------------------------------------------------------------------
// coalesce(L): the same function on [0, size(L)) with the fewest modes:
// flatten, drop size-1 modes, merge s0:d0 ++ s1:s0*d0 into s0*s1:d0. A mode is
// dropped or merged only when that is known statically. No condition: always defined.
// Merge::cute (coalesce, filter, results): as CuTe, a mode merges into the next
// one only when the next one's shape is static, so that dynamic shapes keep
// their place (coalesce((_2,_4,6)) = (_8,6):(_1,_8)). Merge::any (the walks of
// composition and the inverses, which need A's function, not its structure):
// whenever the strides match. Merge::values (the run-time pass of composition,
// when the walk on the others fails): whenever the values match, also where a
// stride is dynamic (the same function, also past the size; a dynamic size 1
// is kept, as the run-time pass keeps it).
enum class Merge { cute, any, values };
TESSEL_HOST_DEVICE_NOFORCE constexpr Modes coalesce_modes(Modes const& in, Ctx& cx, Merge rule = Merge::cute) {
  Modes out;
  if (in.n == 0) return out;
  // Walk from the back like CuTe, building the result in reverse.
  Int rs[kMaxLeaves] = {}, rd[kMaxLeaves] = {};
  int n = 0;
  rs[0] = in.s[in.n - 1]; rd[0] = in.d[in.n - 1]; n = 1;
  for (int i = in.n - 2; i >= 0; --i) {
    Int s = in.s[i], d = in.d[i];
    Int& fs = rs[n - 1];
    Int& fd = rd[n - 1];
    if (known(s, 1)) continue;
    if (n == 1 && known(fs, 1)) { fs = s; fd = d; continue; }
    Int sd = cx.ar().mul(s, d);
    // The merge condition d(i+1) == s(i)*d(i) must be known statically.
    if (sd.v == fd.v && (rule == Merge::values || (sd.is_static && fd.is_static && (rule == Merge::any || fs.is_static)))) {
      fs = cx.ar().mul(s, fs);
      fd = d;
      continue;
    }
    rs[n] = s; rd[n] = d; ++n;
  }
  if (n == 1 && known(rs[0], 1)) return out;  // everything had size 1: _1:_0
  for (int k = n - 1; k >= 0; --k) out.push(rs[k], rd[k], cx.err);
  return out;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout coalesce(Layout const& l, Ctx& cx) {
  return from_modes(coalesce_modes(flat_modes(l), cx), cx.err);
}

// coalesce(L, profile): coalesce at the terminals of the profile (by mode).
// Condition: rank(profile) <= rank(L).
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout coalesce_by(Layout const& l, Layout const& prof, int pb, Ctx& cx, bool filter_zeros_first);
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout filter(Layout const& l, Ctx& cx);

TESSEL_HOST_DEVICE_NOFORCE constexpr Layout coalesce_by(Layout const& l, Layout const& prof, int pb, Ctx& cx, bool filt) {
  if (prof.tok[pb] != kOpen) return filt ? filter(l, cx) : coalesce(l, cx);
  int pe = node_end(prof, pb);
  int m = 0;
  for (int t = pb + 1; t < pe - 1; t = node_end(prof, t)) ++m;
  int r = rank(l);
  if (m > r) { cx.fail(Err::rank_mismatch, m, r); return l; }
  Builder b(cx.err);
  int i = 0;
  for (int t = pb + 1; t < pe - 1; t = node_end(prof, t), ++i) b.add(coalesce_by(mode(l, i, cx.err), prof, t, cx, filt));
  for (; i < r; ++i) b.add(mode(l, i, cx.err));
  return b.done();
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout coalesce(Layout const& l, Layout const& profile, Ctx& cx) {
  return coalesce_by(l, profile, 0, cx, false);
}

// filter_zeros(L): shape 1 where the stride is a static 0.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout filter_zeros(Layout const& l) {
  Layout r = l;
  for (int k = 0; k < r.nleaf; ++k)
    if (known(r.stride[k], 0)) r.shape[k] = sint(1);
  return r;
}
// filter(L) = coalesce(filter_zeros(L)): the modes that move, coalesced.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout filter(Layout const& l, Ctx& cx) { return coalesce(filter_zeros(l), cx); }
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout filter(Layout const& l, Layout const& profile, Ctx& cx) {
  return coalesce_by(l, profile, 0, cx, true);
}

}  // namespace tessel::engine
