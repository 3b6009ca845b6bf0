// tessel/tessel.hpp: the core library (layouts, algebra, tensors, swizzles).
// Swap `#include <cute/tensor.hpp>` for this header and `cute::` for
// `tessel::`. The atoms, like CuTe's, have their own header:
// <tessel/atom/atom.hpp> (for <cute/atom/mma_atom.hpp>, <cute/atom/copy_atom.hpp>).
#pragma once

#include "config.hpp"
#include "int/integral.hpp"
#include "tuple/tuple.hpp"
#include "tuple/int_tuple.hpp"
#include "int/traits.hpp"
#include "tuple/sequence.hpp"
#include "tuple/algorithms.hpp"
#include "tuple/restructure.hpp"
#include "tuple/functional.hpp"
#include "layout/layout.hpp"
#include "layout/print.hpp"
// to_string(x) / layout_table(l) and engine::describe(error), tessel's own (they need <string>). The
// CuTe drop-in, whose headers include this one, leaves them out, as CuTe has none of them: there
// include <tessel/layout/to_string.hpp> and <tessel/engine/describe.hpp>.
#if !defined(TESSEL_CUTE_COMPAT)
#include "layout/to_string.hpp"
#include "engine/describe.hpp"
#endif
#include "algebra/algebra.hpp"
#include "algebra/helpers.hpp"
#include "algebra/basis.hpp"
#include "tensor/tensor.hpp"
#include "tensor/algorithm.hpp"
#include "tensor/counting.hpp"
#include "tensor/reduce.hpp"
#include "numeric/complex.hpp"
#include "container/array.hpp"
#include "swizzle/swizzle.hpp"
#include "swizzle/composed_layout.hpp"
#include "swizzle/copy.hpp"
#include "swizzle/composed_algebra.hpp"
#include "swizzle/mixed_bits.hpp"
#include "container/bit_field.hpp"
#include "container/array_subbyte.hpp"
#include "kernels/threadblock.hpp"
