// CuTe's <cute/util/print_tensor.hpp> in the drop-in: the tessel headers that define its names (README "Compiling CuTe
// programs against tessel"). Includes what the CuTe header makes visible; edit freely.
#pragma once
#include "../../tessel_cute_compat.hpp"
#include "../../../tessel.hpp"
#include "../../../atom/atom.hpp"
#include "../../../atom/copy_sm90.hpp"
#include "../../../atom/tma_copy.hpp"
#include "../../../numeric/cutlass_types.hpp"
#include "../../../atom/sm100.hpp"
#include "../../../atom/pretty_print.hpp"
