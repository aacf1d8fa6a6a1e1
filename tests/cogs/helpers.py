"""Reading what a member sees: the table message, its buttons and selects."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord

from cogs.ui.layout import Part


def walk(items: Any) -> Iterator[Any]:
    """Every component of a message, nested ones too (containers, rows, sections)."""
    for item in items:
        yield item
        yield from walk(getattr(item, "children", []))
        accessory = getattr(item, "accessory", None)
        if accessory is not None:
            yield accessory


def components(message: discord.Message) -> list[Any]:
    """The message's interactive items: buttons and selects, wherever they sit."""
    return [
        c for c in walk(message.components) if isinstance(c, discord.Button | discord.SelectMenu)
    ]


def buttons(message: discord.Message) -> dict[str, Any]:
    return {c.label: c for c in components(message) if isinstance(c, discord.Button)}


def selects(message: discord.Message) -> list[discord.SelectMenu]:
    return [c for c in components(message) if isinstance(c, discord.SelectMenu)]


def moves_open(message: discord.Message) -> bool:
    """Whether the message still offers a move (a move button, a choice or a hand)."""
    ids = [getattr(item, "custom_id", "") or "" for item in components(message)]
    return any(i.startswith(("mv:", "ms:", "hand:")) for i in ids)


def is_layout(message: discord.Message) -> bool:
    return bool(message.flags.components_v2)


def table_of(channel, viewer) -> discord.Message:
    """The newest public message with an embed or a layout that `viewer` can see."""
    for message in reversed(channel.history(viewer=viewer)):
        if (message.embeds or is_layout(message)) and not message.flags.ephemeral:
            return message
    raise AssertionError("no table message")


def parts(message: discord.Message) -> dict[int, str]:
    """The text displays of a layout by their component id (see cogs.ui.layout.Part)."""
    return {
        item.id: item.content
        for item in walk(message.components)
        if isinstance(item, discord.TextDisplay)
    }


def part(message: discord.Message, name: Part) -> str:
    """One named part of a layout; empty when the table doesn't show it."""
    return parts(message).get(int(name), "")


def pictures(message: discord.Message) -> list[tuple[Any, discord.MediaGalleryItem]]:
    """The media gallery items a layout shows, each with the component it sits directly in
    (the container, for a picture at the container's full width)."""
    found = []
    for holder in walk(message.components):
        for child in getattr(holder, "children", []):
            if isinstance(child, discord.MediaGalleryComponent):
                found += [(holder, item) for item in child.items]
    return found


def embed_text(message: discord.Message) -> str:
    """All the text a message shows: content, embeds and a layout's text displays."""
    texts = [message.content or ""]
    for embed in message.embeds:
        texts += [embed.title or "", embed.description or ""]
        texts += [f"{f.name}\n{f.value}" for f in embed.fields]
        texts.append(embed.footer.text or "")
    texts += [
        item.content for item in walk(message.components) if isinstance(item, discord.TextDisplay)
    ]
    return "\n".join(texts)


def prompt(message: discord.Message) -> str:
    """What the table asks, without the small-print marker ("bob: hit or stay?")."""
    shown = part(message, Part.PROMPT) if is_layout(message) else None
    if shown is None and message.embeds:
        shown = message.embeds[0].footer.text
    first = (shown or "").split("\n", 1)[0]
    return first.removeprefix("-# ").removeprefix("**").removesuffix("**")


def round_score(message: discord.Message, name: str) -> int:
    """`name`'s score this round on a Flip 7 table, as its players part shows it to everyone
    ("▶️ **bob** 🟢 in · `9` `12` · **21** · total 0")."""
    for line in part(message, Part.PLAYERS).split("\n"):
        found = re.search(r"\*\*([+−-]?[\d,.]+)\*\* · total", line)
        if found and f"**{name}**" in line:
            return int(re.sub(r"[,.]", "", found[1]).replace("−", "-"))
    raise AssertionError(f"the table shows no round score for {name}")


def acting_name(message: discord.Message) -> str | None:
    """Whose decision the table waits on, as the prompt tells everyone: it starts with their
    name ("bob: hit or stay?", "bob holds The Zero and must hit."). Test names have no spaces."""
    asked = prompt(message)
    if not asked or asked.startswith("🤖"):
        return None
    return re.split(r"[: ]", asked, maxsplit=1)[0]


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


# Alice, bob and carol at a brutal Flip 7: alice's first hit and her five after bob and carol
# stay make seven different numbers, a Flip 7 (its bonus asked of her as a select menu).
BRUTAL_FLIP7_DECK = ["1", "2", "3", "4", "5", "6", "8", "9", "10"]


async def alice_makes_a_brutal_flip7(world: Any) -> None:
    """Play the BRUTAL_FLIP7_DECK (stacked by the caller) to alice's Flip 7."""
    channel, people = world.channel, world.people
    alice, bob, carol = people["alice"], people["bob"], people["carol"]
    await alice.slash(channel, "flip7 start", brutal=True)
    for person in (bob, carol):
        assert (await person.click(table_of(channel, alice), label="Join")).acknowledged
    assert (await alice.click(table_of(channel, alice), label="Start")).acknowledged
    assert (await alice.click(table_of(channel, alice), label="Hit")).acknowledged  # 4
    for person in (bob, carol):
        assert (await person.click(table_of(channel, person), label="Stay")).acknowledged
    for _ in range(5):  # 5, 6, 8, 9, 10: seven numbers
        assert (await alice.click(table_of(channel, alice), label="Hit")).acknowledged
