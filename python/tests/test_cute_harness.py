"""tests/cute_compat/harness.py's reading of a GoogleTest program's output (parse_gtest): passed, skipped by the
test itself (GTEST_SKIP), failed, crashed. The harness runs CuTe's own test files; these outputs are written here."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "tests", "cute_compat"))
import harness  # noqa: E402


def gtest_output(ok, skipped=(), failed=()):
    lines = [f"[==========] Running {len(ok) + len(skipped) + len(failed)} tests from 1 test suite."]
    for name in ok:
        lines += [f"[ RUN      ] S.{name}", f"[       OK ] S.{name} (0 ms)"]
    for name in skipped:
        lines += [f"[ RUN      ] S.{name}", "x.cu:1: Skipped", f"[  SKIPPED ] S.{name} (0 ms)"]
    for name in failed:
        lines += [f"[ RUN      ] S.{name}", "x.cu:2: Failure", f"[  FAILED  ] S.{name} (0 ms)"]
    lines.append(f"[==========] {len(ok) + len(skipped) + len(failed)} tests from 1 test suite ran. (1 ms total)")
    lines.append(f"[  PASSED  ] {len(ok)} tests.")
    if skipped:
        lines.append(f"[  SKIPPED ] {len(skipped)} tests, listed below:")
        lines += [f"[  SKIPPED ] S.{name}" for name in skipped]
    if failed:
        lines.append(f"[  FAILED  ] {len(failed)} tests, listed below:")
        lines += [f"[  FAILED  ] S.{name}" for name in failed]
    return "\n".join(lines) + "\n"


def parse(out, rc):
    r = harness.Result("device", "f.cu")
    harness.parse_gtest(r, out, rc)
    return r


def test_all_passed():
    r = parse(gtest_output(["a", "b"]), 0)
    assert (r.run, r.passed, r.total, r.skipped, r.failed_checks) == ("ok", 2, 2, 0, 0)


def test_skipped_by_the_test_is_not_a_failure():
    r = parse(gtest_output(["a", "b"], skipped=["c"]), 0)
    assert (r.run, r.passed, r.total, r.skipped) == ("ok", 2, 3, 1)
    assert "skipped by the test 1" in r.line()


def test_a_failure_beside_skips_fails():
    r = parse(gtest_output(["a"], skipped=["c"], failed=["d"]), 1)
    assert r.run == "failed" and r.failed_checks == 1 and "S.d" in r.note


def test_a_crash_is_not_ok():
    r = parse("[ RUN      ] S.a\nSegmentation fault\n", -11)
    assert r.run.startswith("crash")
