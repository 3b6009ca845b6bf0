// CuTe's <cute/tensor.hpp> in the drop-in: the tessel headers that define its names (README "Compiling CuTe
// programs against tessel"). Includes what the CuTe header makes visible; edit freely.
#pragma once
#include "../tessel_cute_compat.hpp"
#include "../../tessel.hpp"
#include "../../atom/atom.hpp"
#include "../../atom/copy_sm90.hpp"
#include "../../atom/tma_copy.hpp"
#include "../../numeric/cutlass_types.hpp"
#include "../../atom/sm100.hpp"
#include "../../tensor/debug.hpp"
#include "../../tensor/functional.hpp"
#include "../../numeric/math.hpp"
#include "../../int/type_utils.hpp"
#include "../../container/alignment.hpp"
#include "../../container/bit_field.hpp"
#include "../../swizzle/swizzle_ptr.hpp"
#include "../../int/ratio.hpp"
#include "../../atom/pretty_print.hpp"
