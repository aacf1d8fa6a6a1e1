"""The failure log: an unusable database is told once per kind, then counted once per
interval, without tracebacks; a fault in the bot is logged whole every time."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.core.failure_log import FailureLog, outage_of
from bot.errors import NotSaved, SavedNotShown
from bot.storage import StorageBusy, StorageError

UNREACHABLE = StorageError("the PostgreSQL server can't be reached (ConnectionRefusedError).")


class Clock:
    """The bot's clock as a test moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def warnings_caught(caplog):
    caplog.set_level(logging.WARNING, logger="bot.core.failure_log")


def test_the_first_failure_of_a_kind_is_one_line_without_a_traceback(caplog):
    failures = FailureLog(Clock())
    failures.report(UNREACHABLE, "a click on match 3 failed")
    (line,) = caplog.records
    assert line.levelno == logging.WARNING and line.exc_info is None
    assert line.getMessage() == (
        "the PostgreSQL server can't be reached (ConnectionRefusedError): a click on match 3 failed"
    )


def test_failures_within_the_interval_are_counted_then_told_once(caplog):
    clock = Clock()
    failures = FailureLog(clock, interval=30)
    for _ in range(101):
        failures.report(UNREACHABLE, "a click failed")
        clock.now += 0.1
    assert len(caplog.records) == 1
    clock.now = 1031.0
    failures.report(UNREACHABLE, "a click failed")
    assert [line.getMessage() for line in caplog.records[1:]] == [
        "the PostgreSQL server can't be reached (ConnectionRefusedError): "
        "101 more calls failed in the last 31 s"
    ]
    assert all(line.exc_info is None for line in caplog.records)


def test_each_kind_of_failure_is_told_apart(caplog):
    failures = FailureLog(Clock())
    for _ in range(5):
        failures.report(UNREACHABLE, "a click failed")
        failures.report(StorageBusy(), "a command failed")
    assert [line.getMessage() for line in caplog.records] == [
        "the PostgreSQL server can't be reached (ConnectionRefusedError): a click failed",
        "the database is busy: another connection held it too long: a command failed",
    ]


async def test_the_count_is_told_when_the_interval_ends_without_another_failure(caplog):
    clock = Clock()
    failures = FailureLog(clock, interval=0.05)
    failures.report(UNREACHABLE, "a click failed")
    failures.report(UNREACHABLE, "a click failed")
    clock.now += 30
    await asyncio.sleep(0.1)  # the interval's timer, on the event loop
    assert caplog.records[-1].getMessage().endswith(": 1 more call failed in the last 30 s")
    failures.stop()


async def test_a_quiet_interval_ends_the_outage_and_the_next_failure_is_news(caplog):
    clock = Clock()
    failures = FailureLog(clock, interval=0.05)
    failures.report(UNREACHABLE, "a click failed")
    await asyncio.sleep(0.1)  # no failure in the whole interval: no count to tell
    assert len(caplog.records) == 1
    failures.report(UNREACHABLE, "a command failed")
    assert caplog.records[-1].getMessage().endswith(": a command failed")
    failures.stop()


def test_stopping_tells_what_is_still_counted(caplog):
    failures = FailureLog(Clock())
    for _ in range(3):
        failures.report(UNREACHABLE, "a click failed")
    failures.stop()
    assert caplog.records[-1].getMessage().endswith(": 2 more calls failed in the last 0 s")


def test_a_fault_in_the_bot_keeps_its_traceback_every_time(caplog):
    failures = FailureLog(Clock())
    for _ in range(2):
        try:
            raise KeyError("no such seat")
        except KeyError as error:
            failures.report(error, "a click on match 3 failed")
    assert [line.levelno for line in caplog.records] == [logging.ERROR, logging.ERROR]
    assert all(line.exc_info and line.exc_info[0] is KeyError for line in caplog.records)
    caplog.get_records("call").clear()  # logged on purpose: not a swallowed error


def test_an_outage_is_found_behind_what_it_caused():
    try:
        try:
            raise UNREACHABLE
        except StorageError as error:
            raise NotSaved(3) from error
    except NotSaved as raised:
        assert outage_of(raised) is UNREACHABLE
    assert outage_of(SavedNotShown("flip7")) is None
    assert outage_of(RuntimeError("a bug")) is None
