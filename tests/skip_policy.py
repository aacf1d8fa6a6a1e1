"""No test is skipped quietly. A few fault tests need root's `chattr` or a namespace from
`unshare`; where those are missing they skip, and a run with such a skip fails unless the
machine declares it: EXPECTED_SKIPS lists the test ids (fnmatch patterns, separated by
spaces or commas) that may skip there."""

from __future__ import annotations

import fnmatch
import os
import re

import pytest

ENV = "EXPECTED_SKIPS"


class SkipPolicy:
    def __init__(self, declared: str) -> None:
        self.declared = [p for p in re.split(r"[\s,]+", declared) if p]
        self.undeclared: list[tuple[str, str]] = []

    def _note(self, report: pytest.CollectReport | pytest.TestReport) -> None:
        if not report.skipped or hasattr(report, "wasxfail"):
            return
        if any(fnmatch.fnmatchcase(report.nodeid, p) for p in self.declared):
            return
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        self.undeclared.append((report.nodeid, reason))

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self._note(report)

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        self._note(report)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self.undeclared and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.undeclared:
            return
        terminalreporter.section(f"skips not declared in {ENV}: the run fails", red=True)
        for nodeid, reason in self.undeclared:
            terminalreporter.write_line(f"{nodeid}: {reason}")


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(SkipPolicy(os.environ.get(ENV, "")), "skip-policy")
