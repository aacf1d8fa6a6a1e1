"""The host's log lines: readable text by default, or with `LOG_FORMAT=json` one JSON object
per line (time, level, logger, message, match, guild, shard) for a log collector.

Which match, server and shard a line is about comes from context variables that the code
handling a click or a timer sets for the duration (`log_context`), so every line written
meanwhile, the libraries' included, carries them without each call passing them on: the
record factory (`install_record_context`) stamps them on each record as it is made.

The JSON lines carry the same text as the plain ones: the message after `RedactSecrets`
(bot.process.app) has removed tokens, and never a hand or a game state, which no line writes.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Iterator
from contextvars import ContextVar, Token
from datetime import UTC, datetime
from typing import Any

MATCH: ContextVar[int | None] = ContextVar("log_match", default=None)
GUILD: ContextVar[int | None] = ContextVar("log_guild", default=None)
SHARD: ContextVar[int | None] = ContextVar("log_shard", default=None)
_FIELDS = (("match_id", MATCH), ("guild_id", GUILD), ("shard", SHARD))

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


@contextlib.contextmanager
def log_context(**values: int | None) -> Iterator[None]:
    """Lines written inside are about this match_id / guild_id / shard (each optional);
    the values before come back on the way out."""
    variables = dict(_FIELDS)
    tokens: list[tuple[ContextVar[int | None], Token[int | None]]] = []
    for name, value in values.items():
        variable = variables[name]
        tokens.append((variable, variable.set(value)))
    try:
        yield
    finally:
        for variable, token in reversed(tokens):
            variable.reset(token)


_installed = False


def install_record_context() -> None:
    """Stamp every record, when it is made, with the match, server and shard of the code
    that logs it: a handler that formats later (or elsewhere) still has them."""
    global _installed
    if _installed:
        return
    make = logging.getLogRecordFactory()

    def with_context(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = make(*args, **kwargs)
        for name, variable in _FIELDS:
            setattr(record, name, variable.get())
        return record

    logging.setLogRecordFactory(with_context)
    _installed = True


class JsonFormatter(logging.Formatter):
    """One JSON object per record, on one line (a traceback goes in "exception")."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name, variable in _FIELDS:
            line[name] = getattr(record, name, variable.get())
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line["exception"] = record.exc_text
        return json.dumps(line, ensure_ascii=False, default=str)


def formatter_for(log_format: str) -> logging.Formatter:
    return JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT)
