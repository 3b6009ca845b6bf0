// tessel/tessel.hpp: the whole library. Swap `#include <cute/tensor.hpp>` for
// this header and `cute::` for `tessel::`.
#pragma once

#include "config.hpp"
#include "int/integral.hpp"
#include "tuple/tuple.hpp"
#include "tuple/int_tuple.hpp"
#include "layout/layout.hpp"
#include "layout/print.hpp"
#include "algebra/algebra.hpp"
#include "tensor/tensor.hpp"
#include "tensor/algorithm.hpp"
#include "swizzle/swizzle.hpp"
#include "swizzle/composed_layout.hpp"
#include "swizzle/copy.hpp"
#include "kernels/threadblock.hpp"
#include "atom/atom.hpp"
