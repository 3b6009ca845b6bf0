// tessel/engine/trace.hpp: the steps the engine takes, for the explainer.
//
// An operation that is given a trace sink (Ctx::trace) reports each condition
// it tests, with the numbers it tested, as it tests them. `tessel check`
// (text/check) puts these events into words; it decides nothing itself, so
// the explanation cannot disagree with the engine. With no sink (the default,
// every typed call, constant evaluation) a step costs one null test; in device
// code steps compile to nothing.
#pragma once

#include "value.hpp"

namespace TESSEL_NAMESPACE::engine {

// The core operations that report their steps (op_begin's a).
enum class Core : int { composition, complement, right_inverse, left_inverse };

// What happened. a..e: the numbers of the step, as listed.
enum class Step : int {
  op_begin,         // a core operation starts: a = Core, l0, l1 = its arguments (l1 may be null), b = M for complement
  op_end,           // it ends: l0 = its result (null on error)
  // composition A o B
  comp_coalesced,   // l0 = A coalesced (the modes B walks over)
  comp_leaf,        // a leaf N:r of B: a = N, b = r, c = leaf index
  comp_zero_stride, // r == 0: the leaf is N:0 (no condition)
  comp_one_mode,    // A has one mode: the leaf is N : r*d; a = N, b = r*d
  comp_stride,      // at A's mode i (shape M, stride dm): a = i, b = M, c = the stride left c = |r|/p, d = ok, e = dm
  comp_shape,       // at A's mode i: a = i, b = q (what is left of N), c = F = min(ceil(M/c), q) (what this mode takes), d = ok
  comp_used_up,     // at A's mode i: N is used up; a = i
  comp_last,        // the last (unbounded) mode takes the rest: a = q, b = stride
  comp_by_values,   // divisibility failed; the function was searched by values: a = found
  comp_carry,       // disjointness at bounded mode i: a = i, b = largest digit sum B's leaves put there, c = M, d = ok
  comp_carry_skip,  // the digit test does not apply (a = 1: a leaf has a negative stride, 2: a leaf was found from values)
  comp_points,      // the point-by-point check: a = points, b = ok, c = first failing point, d = 1 if not run (too many points)
  // complement(A, M)
  compl_sorted,     // l0 = A's modes that move, sorted by stride; a = M
  compl_step,       // mode k of the sorted modes: a = k, b = stride d, c = span covered so far,
                    // e = 1 a multiple, 2 not a multiple (CuTe's floor division, checked at the end), 0 fails
  compl_checked,    // outside the chain, R's postconditions checked by values: a = the first that fails (0: none,
                    // -1: too large to check here), b, c = its numbers, d = inside a product, l0 = R
  compl_nothing,    // nothing moves: the result is M's compact layout
  // inverses
  rinv_step,        // right_inverse: mode k continues the chain: a = k, b = shape, c = stride
  rinv_end,         // right_inverse: the chain ends at a = next stride wanted
  linv_step,        // left_inverse: mode k (by stride): a = k, b = stride, c = size covered, d = ok
  linv_search,      // left_inverse: searched by values: a = found
  // tilers
  tiler_mode,       // a by-mode tiler applies entry to mode a of A
};

struct Event {
  Step step;
  i64 a = 0, b = 0, c = 0, d = 0, e = 0;
  Layout const* l0 = nullptr;
  Layout const* l1 = nullptr;
};

// Receives the events of an evaluation (host only).
struct TraceSink {
  virtual void on(Event const& e) = 0;
  virtual ~TraceSink() = default;
};

}  // namespace tessel::engine
