# Writes nt.cu: CUTLASS's examples/cute/tutorial/sgemm_sm80.cu without thrust (its main replaced by one call of the
# half-precision TN GEMM on null pointers), then mk2.py writes P00..P16.cu: nt.cu with the kernel body cut before
# each of its statements listed there. Run in an empty folder; nothing of CUTLASS is kept in the repository.
src = open("/work/cutlass/examples/cute/tutorial/sgemm_sm80.cu").read()
src = src.replace("#include <thrust/host_vector.h>", "").replace("#include <thrust/device_vector.h>", "")
i = src.index("int main(")
src = src[:i] + """int main() {
  using namespace cute;
  half_t *A = nullptr, *B = nullptr, *C = nullptr;
  gemm('T', 'N', 5120, 5120, 4096, half_t(1), A, 4096, B, 4096, half_t(0), C, 5120);
}
"""
open("nt.cu", "w").write(src)
