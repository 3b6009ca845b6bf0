"""Shared fixtures: the tessel CLI (for conformance) and the public cases.

Run with the package on the path: PYTHONPATH=build/python python3 -m pytest python/tests
(scripts/test.sh does this). TESSEL_CLI names the `tessel` tool; the default is
build/tools/tessel next to the module's build tree.
"""
import json
import os
import shutil

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CONFORMANCE = os.environ.get("TESSEL_CONFORMANCE_DIR", os.path.join(ROOT, "..", "shared", "conformance"))


def find_cli():
    cli = os.environ.get("TESSEL_CLI")
    if cli:
        return cli
    import tessel
    build = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(tessel.__file__))))
    for c in (os.path.join(build, "tools", "tessel"), os.path.join(ROOT, "build", "tools", "tessel")):
        if os.path.exists(c):
            return c
    return shutil.which("tessel")


def load_cases():
    path = os.path.join(CONFORMANCE, "cases_public.jsonl")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.fixture(scope="session")
def cli():
    c = find_cli()
    if not c or not os.path.exists(c):
        pytest.fail("the tessel tool is not built (cmake --build build --target tessel_cli) and TESSEL_CLI is not set")
    return c
