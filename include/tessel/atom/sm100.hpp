// tessel/atom/sm100.hpp: the Blackwell (sm_100) names that CUTLASS's own headers
// refer to beside CuTe's, so that those headers compile in the CuTe drop-in.
// tessel has no sm_100 instructions:
// - the TMA operations SM100_TMA_2SM_LOAD, SM100_TMA_2SM_LOAD_MULTICAST,
//   SM100_TMA_LOAD_2D_GATHER4, SM100_TMA_LOAD_MULTICAST_2D_GATHER4 and
//   SM100_TMA_STORE_2D_SCATTER4 are declared, not defined: naming them works
//   (CUTLASS tests is_base_of_v against them), any other use is a compile error;
// - UMMA::MXF8F6F4Format and UMMA::MXF4Format are the data-type codes of the
//   tcgen05.mma instruction descriptor (PTX ISA, "Instruction descriptor" of
//   .kind::mxf8f6f4 and .kind::mxf4): values only.
#pragma once

#include <cstdint>

#include "../config.hpp"

namespace TESSEL_NAMESPACE {

struct SM100_TMA_2SM_LOAD;
struct SM100_TMA_2SM_LOAD_MULTICAST;
struct SM100_TMA_LOAD_2D_GATHER4;
struct SM100_TMA_LOAD_MULTICAST_2D_GATHER4;
struct SM100_TMA_STORE_2D_SCATTER4;

namespace UMMA {
// The A/B type field of a .kind::mxf8f6f4 instruction descriptor.
enum class MXF8F6F4Format : std::uint8_t { E4M3 = 0, E5M2 = 1, E2M3 = 3, E3M2 = 4, E2M1 = 5, INVALID = 7 };
// The A/B type field of a .kind::mxf4 (and mxf4nvf4) instruction descriptor.
enum class MXF4Format : std::uint8_t { E2M1 = 1 };
}  // namespace UMMA

}  // namespace TESSEL_NAMESPACE
