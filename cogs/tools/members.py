"""Who in a server is called what, as far as Discord tells a bot without privileged intents:
members whose username or server nickname starts with a name (the gateway's member query).
Used so that an AI seat is never called like a member who is there."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from itertools import islice

import discord

log = logging.getLogger(__name__)

ASKED_AT_MOST = 3  # names asked about per AI seat; each is one round trip to the gateway
ANSWER_WITHIN = 1.0  # seconds; then the seat is named from the table alone


def _called(member: discord.Member) -> set[str]:
    names = (member.display_name, member.global_name, member.name)
    return {name.casefold() for name in names if name}


async def members_called(guild: discord.Guild, candidates: Iterable[str]) -> list[str]:
    """The first few `candidates`, in order, that a member of `guild` is called (display,
    global or user name, case-insensitively), up to the first one nobody is: those are the
    names an AI seat must not take. Discord not answering in time costs only the check."""
    taken: list[str] = []
    for name in islice(candidates, ASKED_AT_MOST):
        try:
            found = await asyncio.wait_for(
                guild.query_members(query=name, limit=10, cache=False), ANSWER_WITHIN
            )
        except (TimeoutError, discord.ClientException, discord.HTTPException):
            log.debug("members of guild %s called %r could not be looked up", guild.id, name)
            break
        if not any(name.casefold() in _called(member) for member in found):
            break
        taken.append(name)
    return taken
