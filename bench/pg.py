"""A PostgreSQL server of the bench's own, as the tests start one (tests/postgres.py), but
durable (fsync and synchronous commits on) so the figures are a host's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tests.postgres import PostgresServer


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A new database on a new server on a Unix socket; its DATABASE_URL."""
    server = PostgresServer(durable=True)
    server.start()
    try:
        yield server.url(server.create_database())
    finally:
        server.stop()
