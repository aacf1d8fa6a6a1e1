"""Reading what a member sees: the table message, its buttons and selects."""

from __future__ import annotations

import re
from typing import Any

import discord


def components(message: discord.Message) -> list[Any]:
    found = []
    for row in message.components:
        found.extend(getattr(row, "children", [row]))
    return found


def buttons(message: discord.Message) -> dict[str, Any]:
    return {c.label: c for c in components(message) if isinstance(c, discord.Button)}


def selects(message: discord.Message) -> list[discord.SelectMenu]:
    return [c for c in components(message) if isinstance(c, discord.SelectMenu)]


def table_of(channel, viewer) -> discord.Message:
    """The newest message in the channel with an embed that `viewer` can see (public)."""
    for message in reversed(channel.history(viewer=viewer)):
        if message.embeds and not message.flags.ephemeral:
            return message
    raise AssertionError("no table message")


def embed_text(message: discord.Message) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
        parts.append(embed.footer.text or "")
    return "\n".join(parts)


def acting_name(message: discord.Message) -> str | None:
    """Whose decision the table waits on, as the footer tells everyone: it starts with their
    name ("bob: hit or stay?", "bob holds The Zero and must hit."). Test names have no spaces."""
    footer = message.embeds[0].footer.text if message.embeds else None
    if not footer or footer.startswith("🤖"):
        return None
    return re.split(r"[: ]", footer, maxsplit=1)[0]


async def seat_three(world, game="flip7"):
    """alice opens `game`, bob and carol join, alice starts; the table message."""
    channel, people = world.channel, world.people
    host = people["alice"]
    await host.slash(channel, f"{game} start")
    for name in ("bob", "carol"):
        assert (await people[name].click(table_of(channel, host), label="Join")).acknowledged
    assert (await host.click(table_of(channel, host), label="Start")).acknowledged
    return table_of(channel, host)


def pings(world, viewer) -> list[str]:
    """The mentions and reminders up in the channel, oldest first."""
    shown = [m.content or "" for m in world.channel.history(viewer=viewer) if not m.embeds]
    return [text for text in shown if "your turn" in text or "seconds left" in text]
