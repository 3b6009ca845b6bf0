// tessel/compat/tessel_cute_compat.hpp: the switch every header of the CuTe drop-in includes first.
//
// The drop-in (README "Compiling CuTe programs against tessel"): with `-I <tessel>/include/tessel/compat`
// a CuTe program's `#include <cute/...>` finds the headers of compat/cute/, which compile tessel's
// headers into namespace `cute` (config.hpp's TESSEL_NAMESPACE), with `tessel` an alias of it.
#pragma once

#if defined(TESSEL_NAMESPACE) && !defined(TESSEL_CUTE_COMPAT)
#  error "tessel: a <tessel/...> header was included before a <cute/...> header of the CuTe drop-in, so tessel is already compiled into namespace tessel. Include the <cute/...> headers first, or define TESSEL_CUTE_COMPAT for the whole program."
#endif
#ifndef TESSEL_CUTE_COMPAT
#  define TESSEL_CUTE_COMPAT 1
#endif
