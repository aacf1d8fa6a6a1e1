"""Members playing any game by its buttons' ids rather than their words, so the same
moves work whatever language the table is in; and what each member was shown."""

from __future__ import annotations

from typing import Any

import discord

from engines.base import GAMES
from engines.sequence_numbers import Exchange, Pass
from tests.cogs.helpers import components, embed_text, is_layout, selects


def public_table(channel: Any, viewer: Any) -> discord.Message:
    """The newest public table message with buttons or selects: the live table."""
    for message in reversed(channel.history(viewer=viewer)):
        if (
            (message.embeds or is_layout(message))
            and not message.flags.ephemeral
            and components(message)
        ):
            return message
    raise AssertionError("no live table")


def fresh(channel: Any, person: Any, message_id: int) -> discord.Message:
    return next(m for m in channel.history(viewer=person) if m.id == message_id)


async def click_id(person: Any, message: discord.Message, ending: str) -> Any:
    """Click the button whose custom id ends with `ending` (":join", ":p12")."""
    for item in components(message):
        if isinstance(item, discord.Button) and (item.custom_id or "").endswith(ending):
            result = await person.click(message, custom_id=item.custom_id)
            assert result.acknowledged, ending
            return result
    raise AssertionError(f"no button {ending} in {embed_text(message)}")


async def press(person: Any, message: discord.Message, code: str) -> Any:
    """Click the button, or pick the select option, that carries move `code`."""
    for item in components(message):
        if isinstance(item, discord.Button) and (item.custom_id or "").endswith(f":{code}"):
            return await click_id(person, message, f":{code}")
    menu = next(m for m in selects(message) if code in [o.value for o in m.options])
    result = await person.select(message, [code], custom_id=menu.custom_id)
    assert result.acknowledged, code
    return result


async def open_game(channel: Any, host: Any, others: list[Any], key: str, **options: Any) -> None:
    assert (await host.slash(channel, f"{key} start", **options)).acknowledged
    for person in others:
        await click_id(person, public_table(channel, host), ":join")
    started = await click_id(host, public_table(channel, host), ":start")
    assert not started.ephemeral, started.response.content


def _steps(key: str, action: Any, message: discord.Message) -> list[str]:
    """The clicks a move takes: one, or in Sequence Numbers a card, maybe a row, a cell."""
    if key != "sequence" or isinstance(action, Exchange | Pass):
        return [action.code]
    return [f"c.{action.card}", f"r.{action.cell[0]}", action.code]


async def play_step(
    env: Any, channel: Any, people: list[Any], one: bool = False, level: str | None = None
) -> bool:
    """The members the game waits on each make the strongest AI level's move (or `level`'s),
    from the table or from their private hand (`one`: only the first of them); False once no
    match is open."""
    storage = env.bot.storage
    if channel.is_thread:
        record = await storage.match_in_thread(channel.id)
    else:
        record = await storage.open_match_in_channel(channel.id)
    if record is None or not record.is_open or record.state is None:
        return False
    info = GAMES[record.game]
    game = info.from_dict(record.state)
    waiting = [s for s in game.to_act() if record.seats[s].ai is None]
    for seat in waiting if info.simultaneous and not one else waiting[:1]:
        person = next(p for p in people if p.id == record.seats[seat].user_id)
        action = info.choose_ai(game, seat, level or info.ai_levels[-1])
        table = public_table(channel, person)
        hand = [
            i for i in components(table) if (getattr(i, "custom_id", "") or "").startswith("hand:")
        ]
        message = table
        if hand:
            opened = await person.click(table, custom_id=hand[0].custom_id)
            message = fresh(channel, person, opened.response.id)
        for code in _steps(record.game, action, message):
            ids = [getattr(i, "custom_id", "") or "" for i in components(message)]
            values = [o.value for m in selects(message) for o in m.options]
            if not any(i.endswith(f":{code}") for i in ids) and code not in values:
                continue  # a row step the hand skipped (a card with one row)
            await press(person, message, code)
            message = fresh(channel, person, message.id)  # edited in place
    return True


async def play_to_end(
    env: Any, channel: Any, people: list[Any], limit: int = 3000, level: str | None = None
) -> None:
    for _ in range(limit):
        if not await play_step(env, channel, people, level=level):
            return
    raise AssertionError("the game did not end")


def shown_text(message: discord.Message) -> str:
    """Everything a message shows: its text and embeds, button labels, select options."""
    parts = [embed_text(message)]
    for item in components(message):
        parts.append(getattr(item, "label", None) or "")
        parts.append(getattr(item, "placeholder", None) or "")
        parts += [o.label for o in getattr(item, "options", [])]
    return "\n".join(part for part in parts if part)


def seen_by(channel: Any, person: Any) -> tuple[list[str], list[str]]:
    """What `person` was shown in the channel: (public texts, their private texts)."""
    public, private = [], []
    for message in channel.history(viewer=person):
        (private if message.flags.ephemeral else public).append(shown_text(message))
    return public, private
