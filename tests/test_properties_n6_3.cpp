// Exhaustive shape properties (see properties.hpp): the structures with 6
// integers, part 3 of 3 (233 in all; a third each keeps this file's compile
// time and memory near the others').
#include "properties.hpp"

TEST(Properties, ShapesWith6IntegersPart3) { tessel_test::run_structures<6, 2, 3>(); }
