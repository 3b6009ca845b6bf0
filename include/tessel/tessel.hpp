// tessel/tessel.hpp: the whole library. Swap `#include <cute/tensor.hpp>` for
// this header and `cute::` for `tessel::`.
#pragma once

#include "config.hpp"
#include "int/integral.hpp"
#include "tuple/tuple.hpp"
#include "tuple/int_tuple.hpp"
#include "int/traits.hpp"
#include "tuple/sequence.hpp"
#include "tuple/algorithms.hpp"
#include "layout/layout.hpp"
#include "layout/print.hpp"
#include "algebra/algebra.hpp"
#include "layout/helpers.hpp"
#include "tensor/tensor.hpp"
#include "tensor/algorithm.hpp"
#include "tensor/counting.hpp"
#include "tensor/reduce.hpp"
#include "numeric/complex.hpp"
#include "container/array.hpp"
#include "swizzle/swizzle.hpp"
#include "swizzle/composed_algebra.hpp"
#include "swizzle/threadblock.hpp"
