"""The live table's links, signed with itsdangerous: a member's for one match and one member
(their hand, their moves), a watcher's for one match (what everyone may see).

A link names the database it was made by, so a link from a replaced database (whose match
ids may now name other matches) reaches nothing. It holds no expiry of its own: a member's
link plays until the match ends, then shows its final table read-only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from itsdangerous import BadSignature, URLSafeSerializer

SALT = "tabletop-live-table"


class BadLink(Exception):
    """A link that opens nothing: forged, damaged, or made by another database."""


@dataclass(frozen=True, slots=True)
class Pass:
    """What a valid link lets in: the match, and the member (None: a watcher) in their
    language when the link says one."""

    match_id: int
    user_id: int | None
    language: str | None

    @property
    def watching(self) -> bool:
        return self.user_id is None


class Links:
    def __init__(self, secret: str, database: str) -> None:
        self.database = database
        self._signer = URLSafeSerializer(secret, salt=SALT)

    def member(self, match_id: int, user_id: int, language: str) -> str:
        """The token of a member's own link to a match."""
        payload = {"m": match_id, "u": user_id, "db": self.database, "l": language}
        return str(self._signer.dumps(payload))

    def watch(self, match_id: int) -> str:
        """The token of the match's public link."""
        return str(self._signer.dumps({"m": match_id, "db": self.database}))

    def read(self, token: str) -> Pass:
        """What `token` lets in; BadLink for a forged one or another database's."""
        try:
            payload: Any = self._signer.loads(token)
        except BadSignature:
            raise BadLink("forged") from None
        if not isinstance(payload, dict) or payload.get("db") != self.database:
            raise BadLink("elsewhere")
        match_id, user_id, language = payload.get("m"), payload.get("u"), payload.get("l")
        if not isinstance(match_id, int) or not isinstance(user_id, int | None):
            raise BadLink("forged")
        return Pass(match_id, user_id, language if isinstance(language, str) else None)
