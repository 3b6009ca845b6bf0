"""tessel.cuda for the bench scripts beside this file: python/tessel/cuda.py of this checkout, loaded without the
tessel package's compiled module (cuda.py needs none of it). One module object for every script of a process.
  from tessel_cuda_module import tcuda"""
import importlib.util
import os

_spec = importlib.util.spec_from_file_location(
    "tessel_cuda", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python", "tessel", "cuda.py"))
tcuda = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tcuda)
