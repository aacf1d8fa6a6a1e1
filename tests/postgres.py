"""A throwaway PostgreSQL server for the test session, from the machine's own binaries.

`initdb` refuses to run as root and CI runs as root, so there the server runs as the
`postgres` user (`runuser`). It listens on a Unix socket in its temporary folder only (no
TCP port at all), so test runs side by side never meet, and nothing outside can reach it.
Durability is off: a test database is thrown away, and fsync would only slow every test."""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

SUPERUSER = "postgres"


def binaries() -> Path:
    """The newest installed server's bin folder (Debian: /usr/lib/postgresql/<n>/bin)."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parts[-3]),
    )
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path is None:
        raise RuntimeError("no PostgreSQL server binaries (initdb): .ci/run installs them")
    return Path(on_path).parent


class PostgresServer:
    def __init__(self, durable: bool = False) -> None:
        # durable: fsync and synchronous commits on, as a host runs it (the benches).
        self.durable = durable
        self.bin = binaries()
        self.root = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
        self.data = self.root / "data"
        self._names = itertools.count()
        self._as_root = os.geteuid() == 0

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", SUPERUSER, "--"] if self._as_root else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        if self._as_root:
            shutil.chown(self.root, user=SUPERUSER)
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-locale",
            "--no-sync",
        )
        self.start_server()

    def start_server(self) -> None:
        """Start (or start again) the initialised server."""
        options = f"-k {self.root} -c listen_addresses='' -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.root / "server.log"),
            "-o",
            options,
            "-w",
            "start",
        )

    def stop_server(self) -> None:
        """Shut the server down as an administrator would; its data stays."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = SUPERUSER) -> str:
        """A DATABASE_URL reaching `database` through the server's socket."""
        return f"postgresql://{SUPERUSER}@/{database}?host={self.root}"

    def create_database(self) -> str:
        name = f"test_{next(self._names)}"
        self._client("createdb", name)
        return name

    def drop_database(self, name: str) -> None:
        self._client("dropdb", "--force", name)

    def _client(self, tool: str, *args: str) -> None:
        where = ["-h", str(self.root), "-U", SUPERUSER]
        subprocess.run([str(self.bin / tool), *where, *args], check=True, capture_output=True)
