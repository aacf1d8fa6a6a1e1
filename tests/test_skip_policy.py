"""A skip fails the run unless EXPECTED_SKIPS declares it for this machine."""

import pytest

A_SKIP = """
import pytest

def test_needs_a_tool():
    pytest.skip("no such tool here")

def test_runs():
    assert True
"""


def _run(pytester: pytest.Pytester) -> pytest.RunResult:
    # An ini file of its own pins rootdir here: a config file higher up (say in /tmp) would
    # otherwise become rootdir and lengthen every node id the policy names.
    pytester.makeini("[pytest]\n")
    pytester.makepyfile(test_tool=A_SKIP)
    return pytester.runpytest("-p", "tests.skip_policy", "-p", "no:asyncio", "-rs")


def test_an_undeclared_skip_fails_the_run_and_is_named(pytester, monkeypatch):
    monkeypatch.delenv("EXPECTED_SKIPS", raising=False)
    result = _run(pytester)
    result.assert_outcomes(passed=1, skipped=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "*skips not declared in EXPECTED_SKIPS*",
            "test_tool.py::test_needs_a_tool: *no such tool*",
        ]
    )


def test_a_skip_declared_for_this_machine_passes(pytester, monkeypatch):
    monkeypatch.setenv("EXPECTED_SKIPS", "test_other.py::*, test_tool.py::test_needs_*")
    result = _run(pytester)
    result.assert_outcomes(passed=1, skipped=1)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.no_fnmatch_line("*skips not declared*")
