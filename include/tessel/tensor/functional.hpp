// tessel/tensor/functional.hpp: CuTe's function objects used as element
// transforms (e.g. the load/store transforms of cooperative_gemm): identity,
// negate and the rest of CuTe's <cute/algorithm/functional.hpp>, which live
// in ../tuple/functional.hpp.
#pragma once

#include "../tuple/functional.hpp"
