"""Issue 26, item 1: a member's name is shown as they typed it, wherever it is shown.

Members whose display names are Discord markdown, mentions, headings, quotes, masked
links, a row of emoji or right-to-left text play whole games of every game; then every
message each of them could see (tables, lobby, notices, result, match story, round log,
history, stats, refusals, private hands) is read. In message text each name must read as
typed once Discord's escapes are undone and never be left for Discord to format; in
labels and placeholders (shown unformatted) it must stand unescaped; a name too long for a
table is cut between whole characters.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from engines.base import GAMES
from tests.cogs.helpers import components, embed_text
from tests.cogs.players import click_id, open_game, play_to_end, public_table

EMOJI_ROW = "😀" * 40
RIGHT_TO_LEFT = "مرحبا"
MARKDOWN = (
    "**bold**",
    "||spoiler||",
    "`code`",
    "_under_",
    "~~gone~~",
    "# Heading",
    "> quote",
    "[a](https://x.example)",
    "@everyone",
    "<@123456789012345678>",
)
ISOLATE, END_ISOLATE = "\u2068", "\u2069"


def unescaped(text: str) -> str:
    """What Discord shows of `text`'s escapes: a backslash shows the next character as it
    is; a zero-width space after @ shows nothing."""
    return re.sub(r"\\(.)", r"\1", text).replace("@\u200b", "@")


def labels(message: discord.Message) -> list[str]:
    """The unformatted texts of a message: button labels, placeholders, select options."""
    found: list[str] = []
    for item in components(message):
        found += [getattr(item, "label", None) or "", getattr(item, "placeholder", None) or ""]
        for option in getattr(item, "options", []):
            found += [option.label, option.description or ""]
    return [text for text in found if text]


def everything_seen(channel: Any, people: list[Any]) -> tuple[list[str], list[str]]:
    """(message texts, label texts) of every message any of `people` could see."""
    texts, shown_labels = [], []
    for person in people:
        for message in channel.history(viewer=person):
            texts.append(embed_text(message))
            shown_labels += labels(message)
    return texts, shown_labels


def assert_typed_in_text(texts: list[str], names: tuple[str, ...]) -> None:
    whole = "\n".join(texts)
    for name in names:
        bare = re.search(r"(?<!\\)" + re.escape(name), whole)
        assert bare is None, f"{name!r} is left for Discord to format"
        assert name in unescaped(whole), f"{name!r} is never shown"
    assert f"{ISOLATE}{RIGHT_TO_LEFT}{END_ISOLATE}" in whole
    assert RIGHT_TO_LEFT not in whole.replace(f"{ISOLATE}{RIGHT_TO_LEFT}{END_ISOLATE}", "")
    assert "😀" * 31 + "…" in whole
    assert "😀" * 32 not in whole


def assert_plain_in_labels(shown_labels: list[str]) -> None:
    named = [label for label in shown_labels if any(n in label for n in MARKDOWN)]
    assert named, "no label named a member"
    for label in shown_labels:
        assert "\\" not in label, f"an escape shows in a label: {label!r}"
        assert "\u200b" not in label


async def hostile_members(world: Any, names: tuple[str, ...]) -> list[Any]:
    guild = world.guild
    return [
        guild.add_member(world.env.create_user(f"member{index}"), nick=name)
        for index, name in enumerate(names)
    ]


async def refused_out_of_turn(world: Any, people: list[Any]) -> None:
    """A member who is not to act clicks the table: the answer names whose turn it is."""
    channel = world.channel
    record = await world.env.bot.storage.open_match_in_channel(channel.id)
    waiting = GAMES[record.game].from_dict(record.state).to_act()
    idle = next(p for seat, p in enumerate(people) if seat not in waiting)
    table = public_table(channel, idle)
    move = next(c for c in components(table) if (c.custom_id or "").startswith(("mv:", "ms:")))
    if isinstance(move, discord.SelectMenu):
        refused = await idle.select(table, [move.options[0].value], custom_id=move.custom_id)
    else:
        refused = await idle.click(table, custom_id=move.custom_id)
    assert refused.ephemeral


async def read_the_records(world: Any, key: str, reader: Any, other: Any) -> None:
    """The round log, the history with its match story, the stats, the leaderboard."""
    channel = world.channel
    assert (await reader.slash(channel, f"{key} log")).acknowledged
    assert (await reader.slash(channel, "games history")).acknowledged
    assert (await reader.slash(channel, "games stats", member=other)).acknowledged
    assert (await reader.slash(channel, "games leaderboard")).acknowledged
    result = next(
        m
        for m in reversed(channel.history(viewer=reader))
        if any((c.custom_id or "").startswith("story:") for c in components(m))
    )
    await click_id(
        reader,
        result,
        next(c.custom_id for c in components(result) if (c.custom_id or "").startswith("story:")),
    )


@pytest.mark.game_seed(7)
async def test_i26_names_shown_as_typed_in_every_flip7_surface(world):
    people = await hostile_members(world, (*MARKDOWN, EMOJI_ROW, RIGHT_TO_LEFT))
    channel = world.channel
    await open_game(channel, people[0], people[1:], "flip7", goal=50)
    await refused_out_of_turn(world, people)
    await play_to_end(world.env, channel, people)
    await read_the_records(world, "flip7", people[1], people[0])
    texts, shown_labels = everything_seen(channel, people)
    assert_typed_in_text(texts, MARKDOWN)
    assert_plain_in_labels(shown_labels)


@pytest.mark.game_seed(3)
@pytest.mark.parametrize(
    ("key", "names"),
    [
        ("sinkorswim", ("**bold**", "||spoiler||", "# Heading", EMOJI_ROW, RIGHT_TO_LEFT)),
        ("sequence", ("`code`", "> quote", EMOJI_ROW, RIGHT_TO_LEFT)),
    ],
)
async def test_i26_names_shown_as_typed_in_hands_and_boards(world, key, names):
    people = await hostile_members(world, names)
    channel = world.channel
    await open_game(channel, people[0], people[1:], key)
    await play_to_end(world.env, channel, people)
    await read_the_records(world, key, people[1], people[0])
    texts, shown_labels = everything_seen(channel, people)
    assert_typed_in_text(texts, tuple(n for n in names if n in MARKDOWN))
    assert all("\\" not in label for label in shown_labels)
