// Exhaustive shape properties (see properties.hpp): the 89 structures with 5 integers.
#include "properties.hpp"

TEST(Properties, ShapesWith5Integers) { tessel_test::run_structures<5>(); }
