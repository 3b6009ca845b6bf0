// tessel/atom/atom.hpp: the atom layer: MMA and copy atoms, their tilings
// over threads (TiledMMA, TiledCopy), gemm, copy and copy_if with atoms,
// print_latex and print_svg of atoms and tilings, the Hopper GMMA shared-memory
// layout atoms, wgmma (mma_sm90.hpp) and its descriptors.
#pragma once

#include "numeric.hpp"
#include "mma_ops.hpp"
#include "mma_traits.hpp"
#include "mma_atom.hpp"
#include "mma_sm70.hpp"
#include "mma_sm75.hpp"
#include "mma_sm80_f64.hpp"
#include "mma_sm80_int.hpp"
#include "mma_sm89.hpp"
#include "copy_ops.hpp"
#include "copy_traits.hpp"
#include "copy_atom.hpp"
#include "copy_sm75.hpp"
#include "copy_sm90_stsm.hpp"
#include "copy_sm90_bulk.hpp"
#include "copy_policy.hpp"
#include "cooperative_copy.hpp"
#include "cooperative_gemm.hpp"
#include "print_latex.hpp"
#include "print_svg.hpp"
#include "gmma.hpp"
#include "gmma_desc.hpp"
#include "mma_sm90.hpp"
