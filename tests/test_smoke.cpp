#include <gtest/gtest.h>
#include <tessel/tessel.hpp>

TEST(Smoke, HeaderCompiles) { SUCCEED(); }
