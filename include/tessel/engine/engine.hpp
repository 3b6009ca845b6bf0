// tessel/engine/engine.hpp: the whole engine (the algebra over layout values).
#pragma once

#include "coalesce.hpp"
#include "composition.hpp"
#include "complement.hpp"
#include "inverse.hpp"
#include "tiler.hpp"
#include "derived.hpp"
#include "tuple_ops.hpp"
