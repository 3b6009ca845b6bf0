// tessel/engine/error.hpp: the engine's error codes (tessel::engine::Err,
// Error, message(), name()). The list itself, TESSEL_ENGINE_ERRORS, lives in
// ../int/error.hpp, below the typed layers, so that the integer and tuple
// layers raise the same named errors (integer overflow) as the engine.
#pragma once

#include "../int/error.hpp"
