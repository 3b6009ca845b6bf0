#include <cute/layout.hpp>
#include <cstdio>
using namespace cute;
int main(int argc, char**) {
  auto s = make_shape(256 * argc, 512);
#if VAR == 0
  auto l = tiled_divide(make_layout(s), make_shape(Int<128>{}, Int<64>{}));
#elif VAR == 1
  auto l = logical_divide(make_layout(s), make_shape(Int<128>{}, Int<64>{}));
#elif VAR == 2
  auto l = zipped_divide(make_layout(s), make_shape(Int<128>{}, Int<64>{}));
#elif VAR == 3
  auto l = zipped_divide(make_layout(s), make_tile(Layout<Int<128>>{}, Layout<Int<64>>{}));
#endif
  printf("%d\n", int(l(3)));
}
