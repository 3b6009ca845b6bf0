"""Builds the extension module tessel._tessel with CMake (target tessel_python_ext)
for `pip install --no-build-isolation .`. The package's Python files are in python/tessel;
the package also carries the C entry points of tessel.cuda (the .cu and .cuh files beside
cuda.py) and tessel's headers (as tessel/include/tessel), from which tessel.cuda builds its
kernels with nvcc on first use."""
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = os.path.join(ROOT, "build-pip")
        cfg = ["-DCMAKE_BUILD_TYPE=Release", "-DTESSEL_PYTHON=" + sys.executable, "-DTESSEL_BUILD_PYTHON=ON",
               "-DTESSEL_BUILD_TESTS=OFF", "-DTESSEL_BUILD_EXAMPLES=OFF", "-DTESSEL_BUILD_TOOLS=OFF", "-DTESSEL_CUDA=OFF"]
        subprocess.check_call(["cmake", "-S", ROOT, "-B", build] + cfg)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.check_call(["cmake", "--build", build, "--target", "tessel_python_ext", "-j", jobs])
        built = os.path.join(build, "python", "tessel")
        so = [f for f in os.listdir(built) if f.startswith("_tessel") and f.endswith(".so")]
        if not so:
            raise RuntimeError("the CMake build made no _tessel module in " + built)
        dest = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(os.path.join(built, so[0]), dest)


class BuildPy(build_py):
    """The package's files, then tessel's headers into the package (tessel/include/tessel: where
    tessel.cuda's _include_dir looks first)."""

    def run(self):
        super().run()
        dest = os.path.join(self.build_lib, "tessel", "include", "tessel")
        if os.path.isdir(dest):
            shutil.rmtree(dest)
        shutil.copytree(os.path.join(ROOT, "include", "tessel"), dest)


setup(
    packages=["tessel"],
    package_dir={"": "python"},
    package_data={"tessel": ["*.pyi", "py.typed", "*.cu", "*.cuh"]},
    ext_modules=[Extension("tessel._tessel", sources=[])],
    cmdclass={"build_ext": CMakeBuild, "build_py": BuildPy},
    zip_safe=False,
    # setuptools' own build folders beside CMake's, not in the build/ of scripts/test.sh
    options={"build": {"build_base": "build-pip/setuptools"}, "egg_info": {"egg_base": "build-pip"}},
)
