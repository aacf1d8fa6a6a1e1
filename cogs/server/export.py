"""`/games export`: a server's results as a CSV file, one row per seat of every finished
match, for a spreadsheet. The header names the columns as the storage does, the same in
every language, so a file reads the same whoever asked for it."""

from __future__ import annotations

import csv
import gzip
import io
from datetime import UTC, datetime

from bot.storage.standings_data import EXPORT_COLUMNS, ExportRow

ATTACHMENT_LIMIT = 8 * 1024 * 1024  # what Discord takes on any server; larger goes gzipped


def results_csv(rows: list[ExportRow]) -> bytes:
    """The rows as CSV (UTF-8; finished_at, the second column, as an ISO time in UTC)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(EXPORT_COLUMNS)
    for row in rows:
        cells: list[object] = list(row)
        cells[1] = datetime.fromtimestamp(row[1], UTC).isoformat(timespec="seconds")
        writer.writerow(
            [
                "" if cell is None else int(cell) if isinstance(cell, bool) else cell
                for cell in cells
            ]
        )
    return out.getvalue().encode()


def export_file(rows: list[ExportRow], name: str) -> tuple[bytes, str]:
    """The file's bytes and name: `name`.csv, or `name`.csv.gz when too large to attach."""
    data = results_csv(rows)
    if len(data) <= ATTACHMENT_LIMIT:
        return data, f"{name}.csv"
    return gzip.compress(data), f"{name}.csv.gz"
