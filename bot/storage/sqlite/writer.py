"""The one writer thread: it commits every waiting write in one transaction."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.storage.errors import DatabaseGone, StaleMatch, StorageBusy, StorageError
from bot.storage.sqlite.database import Opened, file_identity, translate
from bot.storage.sqlite.step import Step
from bot.storage.statements import Statement

WRITE_WAIT = 1.5  # seconds a write may wait for the database before it fails as busy


log = logging.getLogger(__name__)


@dataclass(slots=True)
class Job:
    """One caller's write: statements that commit together or not at all."""

    statements: list[Statement | Step]
    future: asyncio.Future[list[int | None]]
    key: int | None = None  # the match it writes; two jobs on one match never share a batch
    guarded: bool = False  # the first statement must change exactly one row
    want_id: bool = False  # it needs its statements' row ids, so it runs on its own
    # time.perf_counter() by which its transaction must have begun (not time.monotonic(),
    # which a simulated clock may move)
    deadline: float = 0.0

    @property
    def has_steps(self) -> bool:
        return any(callable(statement) for statement in self.statements)


class _Failed(Exception):
    """Inside a batch: one job's write did not apply; the batch is redone one by one."""


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class Writer:
    """The one thread that writes: takes every job waiting, commits them together."""

    def __init__(self, opened: Opened, path: Path, loop: asyncio.AbstractEventLoop) -> None:
        self._db = opened.connection
        self._db.execute("PRAGMA busy_timeout=20").fetchall()
        self.path = path
        self._identity = opened.identity
        self._loop = loop
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._held: list[Job] = []
        self._thread = threading.Thread(target=self._run, name="storage-writer", daemon=True)
        self._thread.start()

    def submit(self, job: Job) -> None:
        self._jobs.put(job)

    def stop(self) -> None:
        self._jobs.put(None)
        self._thread.join()
        self._db.close()

    def _run(self) -> None:
        while True:
            batch = self._next_batch()
            if batch is None:
                return
            self._run_batch(batch)

    def _next_batch(self) -> list[Job] | None:
        """Jobs held back from the last batch, then all that wait now (one per match)."""
        waiting, self._held = self._held, []
        if not waiting:
            first = self._jobs.get()
            if first is None:
                return None
            waiting.append(first)
        with contextlib.suppress(queue.Empty):
            while True:
                job = self._jobs.get_nowait()
                if job is None:
                    self._jobs.put(None)  # stop after this batch
                    break
                waiting.append(job)
        batch: list[Job] = []
        keys: set[int] = set()
        for job in waiting:
            if job.key is not None and job.key in keys:
                self._held.append(job)
                continue
            if job.key is not None:
                keys.add(job.key)
            batch.append(job)
        return batch

    def _finish(self, job: Job, result: Any = None, error: BaseException | None = None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
            self._loop.call_soon_threadsafe(_settle, job.future, result, error)

    def _run_batch(self, batch: list[Job]) -> None:
        now = time.perf_counter()
        late = [job for job in batch if job.deadline < now]
        for job in late:
            self._finish(job, error=StorageBusy())
        batch = [job for job in batch if job.deadline >= now]
        if not batch:
            return
        try:
            self._begin(min(job.deadline for job in batch))
        except StorageError as error:
            for job in batch:
                self._finish(job, error=error)
            return
        try:
            results = self._apply(batch)
            self._db.execute("COMMIT")
        except (sqlite3.Error, _Failed) as error:
            self._rollback()
            if len(batch) > 1:
                for job in batch:  # only the job at fault may fail
                    self._run_batch([job])
                return
            self._finish(batch[0], error=self._error_for(batch[0], error))
            return
        for job, result in zip(batch, results, strict=True):
            self._finish(job, result)

    def _begin(self, deadline: float) -> None:
        """BEGIN IMMEDIATE, retried while another connection writes, until `deadline`."""
        while True:
            self._check_file()
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as error:
                failure = translate(error, self.path)
                if not isinstance(failure, StorageBusy):
                    raise failure from None
                if time.perf_counter() >= deadline:
                    raise failure from None
                time.sleep(0.01)
                continue
            try:
                self._check_file()
            except StorageError:
                self._rollback()
                raise
            return

    def _check_file(self) -> None:
        """Refuse to write into a file that is no longer at the path (deleted or replaced):
        SQLite would go on writing to the unlinked file and lose it all at the next start."""
        try:
            same = file_identity(self.path) == self._identity
        except OSError:
            same = False
        if not same:
            raise DatabaseGone(
                f"the database {str(self.path)!r} was deleted or replaced while the bot ran; "
                "nothing more is saved until it is restored and the bot restarted."
            )

    def _rollback(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.execute("ROLLBACK")

    def _error_for(self, job: Job, error: BaseException) -> BaseException:
        if isinstance(error, _Failed):
            return error.args[0]
        assert isinstance(error, sqlite3.Error)
        return translate(error, self.path)

    def _apply(self, batch: list[Job]) -> list[list[int | None]]:
        """Run the batch's statements, the same statement of every job as one executemany.

        A job that needs row ids or has steps runs on its own (in the same transaction); a
        guarded statement that did not change exactly one row per job fails the batch, which
        is then redone job by job."""
        results: list[list[int | None]] = [[] for _ in batch]
        grouped: dict[str, list[tuple[Any, ...]]] = {}
        guarded: dict[str, int] = {}
        for index, job in enumerate(batch):
            if len(batch) == 1 or job.want_id or job.has_steps:
                results[index] = self._apply_one(job)
                continue
            for position, statement in enumerate(job.statements):
                assert not callable(statement)  # a job with steps runs on its own
                sql, params = statement
                rows = grouped.setdefault(sql, [])
                rows.extend(params if isinstance(params, list) else [tuple(params)])
                if position == 0 and job.guarded:
                    guarded[sql] = guarded.get(sql, 0) + 1
                results[index].append(None)
        for sql, rows in grouped.items():
            cursor = self._db.executemany(sql, rows)
            if sql in guarded and cursor.rowcount != guarded[sql]:
                raise _Failed(StorageError("a batch met a stale match"))
        return results

    def _apply_one(self, job: Job) -> list[int | None]:
        ids: list[int | None] = []
        for position, statement in enumerate(job.statements):
            if callable(statement):
                statement(self._db)
                ids.append(None)
                continue
            sql, params = statement
            if isinstance(params, list):
                self._db.executemany(sql, params)
                ids.append(None)
                continue
            cursor = self._db.execute(sql, params)
            if position == 0 and job.guarded and cursor.rowcount != 1:
                raise _Failed(StaleMatch(params[-2]))
            ids.append(cursor.lastrowid)
        return ids
