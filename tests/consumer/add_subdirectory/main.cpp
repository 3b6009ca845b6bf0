#include <tessel/tessel.hpp>

int main() {
  tessel::print(tessel::make_layout(tessel::Int<8>{}));  // expected: _8:_1
  return 0;
}
