"""Members of a SimCord server with their own Discord client language.

SimCord sends every interaction with `locale` and `guild_locale` "en-US". Its backend
hands each gateway event to the listeners in `backend.subscribers`, in order, and the
bot's gateway feed (one of them) copies the payload as it reads it. A listener placed
first can therefore give INTERACTION_CREATE the `locale` of the member who interacted,
and the server's preferred locale as `guild_locale`, before the bot sees the event. The
bot is not touched: it reads what real Discord would send it.

Used by the tests and by the playground: `client_locales(env).set(member, "vi")`.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import Any

_ATTACHED: weakref.WeakKeyDictionary[Any, ClientLocales] = weakref.WeakKeyDictionary()


class ClientLocales:
    """The client language of each member of one simulated Discord."""

    def __init__(self, env: Any) -> None:
        self._backend = env.backend
        self._locales: dict[int, str] = {}
        self._backend.subscribers.insert(0, self._stamp)

    def set(self, member: Any, locale: str) -> None:
        """From now on `member` interacts from a client in `locale` ("vi", "id", "en-US")."""
        self._locales[member.id] = locale

    def _stamp(self, event: str, payload: Mapping[str, Any]) -> None:
        if event != "INTERACTION_CREATE" or not isinstance(payload, dict):
            return
        user = (payload.get("member") or {}).get("user") or payload.get("user") or {}
        locale = self._locales.get(int(user.get("id", 0)))
        if locale is not None:
            payload["locale"] = locale
        if payload.get("guild_id") is not None:
            guild = self._backend.get_guild(int(payload["guild_id"]))
            payload["guild_locale"] = guild.preferred_locale


def client_locales(env: Any) -> ClientLocales:
    """The one `ClientLocales` of this SimCord env, made on first use."""
    found = _ATTACHED.get(env)
    if found is None:
        found = _ATTACHED[env] = ClientLocales(env)
    return found
