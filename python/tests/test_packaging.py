"""The package that the README's two builds make carries what tessel.cuda builds its kernels from:
every source file that cuda.py's _units names (and _capi.cuh, which they share) is in
python/CMakeLists.txt's list of files copied beside the module and in setup.py's package
data, and setup.py's build_py puts tessel's headers into the package where cuda.py's
_include_dir finds them (setup.py build_py into a temporary folder: copies only, no compiler)."""
import importlib.util
import os
import re
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PKG = os.path.join(ROOT, "python", "tessel")


def load_cuda(path):
    spec = importlib.util.spec_from_file_location("tessel_cuda_packaging_" + str(abs(hash(path))), path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # cuda.py imports torch only inside its functions
    return mod


def unit_sources():
    cuda = load_cuda(os.path.join(PKG, "cuda.py"))
    names = {"_capi.cuh"}
    for kernels in ("attention", "gemm", "grouped"):
        names |= {src for src, _, _ in cuda._units(kernels)[1]}
    return names


def test_sources_exist():
    for name in unit_sources():
        assert os.path.isfile(os.path.join(PKG, name)), name


def test_cmake_copies_every_source():
    text = open(os.path.join(ROOT, "python", "CMakeLists.txt")).read()
    m = re.search(r"set\(_tessel_py_files([^)]*)\)", text)
    assert m, "python/CMakeLists.txt: no set(_tessel_py_files ...)"
    listed = set(m.group(1).split())
    missing = unit_sources() - listed
    assert not missing, f"python/CMakeLists.txt does not copy {sorted(missing)} beside the module"


def test_setup_build_py_ships_sources_and_headers(tmp_path):
    pytest.importorskip("setuptools")
    lib = tmp_path / "lib"
    egg = tmp_path / "egg"
    egg.mkdir()
    r = subprocess.run([sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(egg), "build_py", "--build-lib", str(lib)], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
    assert r.returncode == 0, r.stdout[-2000:]
    pkg = lib / "tessel"
    missing = [n for n in sorted(unit_sources()) if not (pkg / n).is_file()]
    assert not missing, f"setup.py's package lacks {missing}"
    for header in ("tessel/kernels/attention_sm90.cuh", "tessel/kernels/gemm_sm90.cuh", "tessel/tessel.hpp"):
        assert (pkg / "include" / header).is_file(), header
    # the installed copy of cuda.py finds those headers (no TESSEL_INCLUDE_DIR, no checkout beside it)
    old = os.environ.pop("TESSEL_INCLUDE_DIR", None)
    try:
        assert os.path.realpath(load_cuda(str(pkg / "cuda.py"))._include_dir()) == os.path.realpath(str(pkg / "include"))
    finally:
        if old is not None:
            os.environ["TESSEL_INCLUDE_DIR"] = old


def test_cache_key_moves_with_the_sources(tmp_path):
    """The cache folder's hash covers the sources and flags but not where the include folder lives: a copy of the
    headers elsewhere gives the same key; a changed header gives another."""
    import shutil
    cuda = load_cuda(os.path.join(PKG, "cuda.py"))
    inc = cuda._include_dir()
    srcs = [os.path.join(PKG, "_capi.cuh")]
    copy = tmp_path / "elsewhere" / "include"
    shutil.copytree(inc, copy)
    key = cuda._source_hash(srcs, inc, cuda._flags(inc))
    assert cuda._source_hash(srcs, str(copy), cuda._flags(str(copy))) == key
    with open(copy / "tessel" / "config.hpp", "a") as f:
        f.write("\n// changed\n")
    assert cuda._source_hash(srcs, str(copy), cuda._flags(str(copy))) != key


def test_build_jobs(monkeypatch):
    cuda = load_cuda(os.path.join(PKG, "cuda.py"))
    monkeypatch.delenv("TESSEL_CUDA_JOBS", raising=False)
    assert cuda._build_jobs(8) == 8
    monkeypatch.setenv("TESSEL_CUDA_JOBS", "2")
    assert cuda._build_jobs(8) == 2
    assert cuda._build_jobs(1) == 1
    for bad in ("0", "-1", "two"):
        monkeypatch.setenv("TESSEL_CUDA_JOBS", bad)
        with pytest.raises(ValueError, match="TESSEL_CUDA_JOBS"):
            cuda._build_jobs(8)
