"""Cards as pictures wherever a card is shown, once the emojis are synced: Flip 7's rows,
its select options and its round summary; Sink or Swim's hand, its pick buttons and the
reveal; Sequence Numbers' hand and its card buttons. Each emoji is the application's own,
its name the card's value; a table of 24 seats stays within Discord's limits, its
longest rows in text."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.storage import Seat
from cogs.desk.desk import desk_of_bot
from cogs.ui.layout import TEXT_LIMIT, Part
from engines.flip7 import new_game as new_flip7
from engines.flip7.cards import card_from_label
from tests.cogs.games import test_flip7, test_sequence, test_sink_or_swim
from tests.cogs.helpers import components, embed_text, part, table_of

pytestmark = pytest.mark.card_emojis
EMOJI = re.compile(r"<:([a-z0-9_]+):(\d+)>")


async def synced(world) -> dict[str, int]:
    assert await world.env.bot.emoji_sync
    return {e.name: e.id for e in world.env.backend.application_emojis.values()}


def emojis_in(text: str) -> list[tuple[str, int]]:
    return [(name, int(emoji_id)) for name, emoji_id in EMOJI.findall(text)]


async def test_flip7_rows_and_summary_show_the_cards(world, stacked_flip7):
    made = await synced(world)
    stacked_flip7(["5", "9", "3", "4", "12", "5", "6", "9", "3", "4", "8", "7", "2"])
    await test_flip7.open_table(world.channel, world.people)
    table = table_of(world.channel, world.people["alice"])
    rows = part(table, Part.PLAYERS)
    shown = emojis_in(rows)
    assert [name for name, _ in shown] == ["f7_5", "f7_9", "f7_3"]
    assert all(made[name] == emoji_id for name, emoji_id in shown)
    assert "`5`" not in rows  # the picture stands for the card, its name the value
    for _ in range(60):  # play on until a round's summary shows
        table = table_of(world.channel, world.people["alice"])
        earlier = part(table, Part.EARLIER)
        if earlier:
            break
        await test_flip7.play_one(world.channel, world.people)
    assert emojis_in(earlier), earlier


async def test_flip7_select_options_carry_the_card_pictures(world):
    made = await synced(world)
    renderer = desk_of_bot(world.env.bot).renderers["flip7"]
    deck = [card_from_label(label) for label in ("5", "9", "Steal", "3", "4")]
    game = new_flip7(["alice", "bob", "carol"], 1, deck=deck, dealer=2)
    while (
        decision := game.decision(game.to_act()[0])
    ) is not None and decision.kind != "steal_card":
        game.apply(decision.seat, decision.options[0])
    assert decision is not None
    record = await open_record(world, game)
    (menu,) = renderer.option_items(record, game, decision)
    options = menu.item.options
    assert options and all(option.emoji is not None for option in options)
    assert {option.emoji.id for option in options} <= set(made.values())
    assert all(option.label for option in options)  # the text label stays


async def open_record(world, game):
    await test_flip7.open_table(world.channel, world.people)
    return await world.env.bot.storage.open_match_in_channel(world.channel.id)


async def test_sink_or_swim_hand_buttons_and_reveal_show_the_cards(world):
    made = await synced(world)
    await test_sink_or_swim.open_table(world)
    hand = await test_sink_or_swim.open_hand(world, world.people["alice"])
    shown = emojis_in(embed_text(hand))
    assert len([name for name, _ in shown if name.startswith("sos_w")]) == 12
    assert any(name.startswith("sos_t") for name, _ in shown)  # the trick's tide cards
    picks = [item for item in components(hand) if (item.custom_id or "").startswith("mv:")]
    assert len(picks) == 12
    for button in picks:
        card = button.custom_id.rsplit(":p", 1)[1]
        assert button.emoji.name == f"sos_w{card}" and button.emoji.id == made[button.emoji.name]
        assert button.label.startswith(card)  # the text label stays
    _record, game = await test_sink_or_swim.state(world)
    for seat, name in enumerate(test_sink_or_swim.PLAYERS):
        card = game.view(seat).hand[0].card
        await test_sink_or_swim.pick(world, world.people[name], card)
    table = table_of(world.channel, world.people["alice"])
    reveal = [name for name, _ in emojis_in(part(table, Part.TRICK))]
    assert len([name for name in reveal if name.startswith("sos_w")]) >= 3, reveal


async def test_sequence_hand_and_card_buttons_show_the_cards(world):
    made = await synced(world)
    await test_sequence.open_table(world.channel, world.people)
    table = test_sequence.board_of(world.channel, world.people["alice"])
    person = world.people[test_sequence.acting_name(table)]
    hand = await test_sequence.open_hand(world.channel, person)
    text = embed_text(hand)
    assert len([name for name, _ in emojis_in(text) if name.startswith("seq_")]) >= 5
    cards = [i for i in components(hand) if ":c." in (i.custom_id or "")]
    assert cards and all(button.emoji.id == made[button.emoji.name] for button in cards)
    assert all(button.label for button in cards)


async def test_a_24_seat_flip7_table_stays_within_discords_limits(world):
    """Every seat holding six long cards: rows fall back to text where pictures would not
    fit, and the table goes out (SimCord holds a message to Discord's limits)."""
    await synced(world)
    renderer = desk_of_bot(world.env.bot).renderers["flip7"]
    await test_flip7.open_table(world.channel, world.people)
    record = await world.env.bot.storage.open_match_in_channel(world.channel.id)
    names = [f"player{seat:02d}_with_a_long_name" for seat in range(24)]
    game = new_flip7(names, 1, dealer=23)
    long_row = [card_from_label(label) for label in ("1", "2", "3", "−10", "÷2", "11")]
    for row in game.rows:
        row[:] = long_row
    wide = replace(record, seats=[Seat(name, user_id=seat + 1) for seat, name in enumerate(names)])
    message = await renderer.table(wide, game)
    assert message.layout.length() <= TEXT_LIMIT
    (rows,) = [block.text for block in message.layout.texts() if block.part == Part.PLAYERS]
    assert rows.count("\n") == 23
    assert EMOJI.search(rows) and "`÷2`" in rows  # pictures where they fit, text beyond
    channel = world.env.bot.get_channel(world.channel.id)
    sent = await channel.send(**message.to_send())
    assert sent.id
