// Must not compile: a K-major descriptor of an MN-major tile (the control asks
// for the MN-major descriptor of the same tile).
#include <cstdlib>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>

int main() {
  using namespace tessel;
  alignas(1024) static half_t buf[64 * 16];
  auto s = make_tensor(make_smem_ptr(&buf[0]), tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, Shape<_64, _16>{}));
#ifdef TESSEL_COMPILE_FAIL_CONTROL
  auto d = GMMA::make_gmma_desc<GMMA::Major::MN>(s);
#else
  auto d = GMMA::make_gmma_desc<GMMA::Major::K>(s);
#endif
  return int(d.desc_ & 1);
}
