"""bench/gpu/sass_stats.py's counts over a cuobjdump -sass listing (the lines' form as cuobjdump 13 prints them)."""
import io
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "gpu"))
import sass_stats  # noqa: E402

LISTING = """
\t\tFunction : _Z4copyPKfPf
\t.headerflags\t@"EF_CUDA_ACCELERATORS EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"
        /*0000*/                   LDC R1, c[0x0][0x28] ;                           /* 0x00000a00ff017b82 */
                                                                                    /* 0x000e240000000800 */
        /*0010*/                   EXIT ;                                           /* 0x000000000000794d */
\t\tFunction : _Z6kernelv
        /*0000*/                   BSSY B0, 0x330 ;                                 /* 0x000002f000007945 */
        /*0010*/              @!UP0 BRA 0x200 ;                                     /* 0x0000000000008947 */
        /*0020*/               @UP1 ULDC UR4, c[0x0][0x10] ;                        /* 0x0000040000047ab9 */
        /*0030*/                   STL [R1+0x8], R2 ;                               /* 0x0000080201007387 */
        /*0040*/                   LDL.64 R12, [R1+0x8] ;                           /* 0x00000800010c7983 */
        /*0050*/                   QGMMA.64x192x32.F32.E4M3.E4M3 R24, gdesc[UR4], R24, gsb0 ;  /* 0x0000000418187df3 */
        /*0060*/                @P0 HGMMA.64x128x16.F32.BF16 R24, gdesc[UR8], R24 ;  /* 0x0000000818187df3 */
        /*0070*/                   EXIT ;                                           /* 0x000000000000794d */
"""


def test_counts():
    rows = dict(sass_stats.kernels(io.StringIO(LISTING)))
    assert rows["_Z4copyPKfPf"] == dict(n=2, up=0, ur=0, bssy=0, local=0, gmma=0)
    assert rows["_Z6kernelv"] == dict(n=8, up=2, ur=3, bssy=1, local=2, gmma=2)


def test_cli_leaves_out_kernels_without_mma_unless_all():
    script = os.path.join(ROOT, "bench", "gpu", "sass_stats.py")
    out = subprocess.run([sys.executable, script], input=LISTING, capture_output=True, text=True, check=True).stdout
    assert "_Z6kernelv" in out and "_Z4copyPKfPf" not in out
    out = subprocess.run([sys.executable, script, "--all"], input=LISTING, capture_output=True, text=True, check=True).stdout
    assert "_Z6kernelv" in out and "_Z4copyPKfPf" in out
