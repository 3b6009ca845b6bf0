// Exhaustive shape properties (see properties.hpp): the 34 structures with 4 integers.
#include "properties.hpp"

TEST(Properties, ShapesWith4Integers) { tessel_test::run_structures<4>(); }
