// CuTe's <cute/util/print.hpp> in the drop-in: the tessel headers that define its names (README "Compiling CuTe
// programs against tessel"). Includes what the CuTe header makes visible; edit freely.
#pragma once
#include "../../tessel_cute_compat.hpp"
#include "../../../config.hpp"
#include "../../../cute_macros.hpp"
#include "../../../int/integral.hpp"
#include "../../../int/traits.hpp"
#include "../../../tuple/tuple.hpp"
#include "../../../tuple/int_tuple.hpp"
#include "../../../tuple/sequence.hpp"
#include "../../../tuple/algorithms.hpp"
#include "../../../atom/pretty_print.hpp"
