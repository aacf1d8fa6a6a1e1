"""One setting of a server, a channel or a member, kept as a key of the scoped settings
(doors.ScopedSettings) with its default: the module that owns it declares it once, as
`Setting(MEMBER, "notify", None, owner=__name__)` (Red's `Config` registers a key with its
default so). A new setting is that line in its module and the command that sets it: no
migration, no edit here or in the backends. A key is owned by one module: declaring it
again elsewhere fails at import."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from bot.storage.doors import CHANNEL, MEMBER, SERVER, ScopedSettings

T = TypeVar("T")

SCOPES = (SERVER, CHANNEL, MEMBER)

# (scope, key) -> the module that owns it.
_OWNERS: dict[tuple[str, str], str] = {}


class SettingTaken(ValueError):
    """A key of a scope declared by a second module."""


def _any(value: object) -> bool:
    return True


def is_bool(value: object) -> bool:
    return isinstance(value, bool)


def is_text(value: object) -> bool:
    return isinstance(value, str)


def one_of(*choices: object) -> Callable[[object], bool]:
    """Takes a stored value that is one of `choices` (a retired choice reads as the default)."""
    return lambda value: isinstance(value, str | int) and value in choices


@dataclass(frozen=True)
class Setting(Generic[T]):
    scope: str
    key: str
    default: T
    owner: str  # the module that declares it, and alone reads and writes it
    # Whether a stored value is one this setting takes (any other reads as the default).
    accepts: Callable[[Any], bool] = field(default=_any, compare=False)

    def __post_init__(self) -> None:
        if self.scope not in SCOPES:
            raise ValueError(f"no scope {self.scope!r}: one of {SCOPES}")
        owner = _OWNERS.setdefault((self.scope, self.key), self.owner)
        if owner != self.owner:
            raise SettingTaken(f"{self.scope} setting {self.key!r} is {owner}'s")

    def of(self, kept: Mapping[str, Any]) -> T:
        """Its value among the keys already read for one scope (`ScopedSettings.scoped`)."""
        value = kept.get(self.key)
        return self.default if value is None or not self.accepts(value) else value

    async def read(self, door: ScopedSettings, scope_id: int) -> T:
        return self.of(await door.scoped(self.scope, scope_id))

    async def write(self, door: ScopedSettings, scope_id: int, value: T | None) -> None:
        """Keep `value` for this server, channel or member; None forgets it, and the
        default applies again."""
        await door.set_scoped(self.scope, scope_id, self.key, value)


def owners() -> dict[tuple[str, str], str]:
    """Every key declared so far, with its owner (for a test, and a host's curiosity)."""
    return dict(_OWNERS)
