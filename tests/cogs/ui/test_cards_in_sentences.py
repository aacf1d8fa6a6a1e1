"""Cards as pictures in the sentences that name them, once the emojis are synced (issue 40,
item 3): a practice hint, `/<game> log`, the match story and a replay step of each game
carry the application's card emojis inside their whole sentences (the emoji's name is the
value), labels and placeholders keep naming cards in words, and the longest story and log
of a 24-seat Flip 7 game stay within Discord's limits, lines in words where pictures would
not fit."""

from __future__ import annotations

import random
import re
from itertools import pairwise
from types import SimpleNamespace

import discord
import pytest

from bot.storage import Seat
from cogs.desk.desk import desk_of_bot
from cogs.desk.shared_commands import DESCRIPTION_LIMIT
from cogs.desk.story import PAGE_CHARS, _chapters, _paged
from cogs.games.sequence.faces import face as sequence_face
from cogs.games.sequence.texts import card_label as sequence_label
from cogs.ui.components import cards_in_words, fitted_lines
from cogs.ui.layout import Part
from cogs.wording.words import event_text, names_at_each
from engines.base import GAMES
from engines.flip7 import HIT
from engines.flip7 import new_game as new_flip7
from engines.sequence_numbers.cards import FULL_DECK
from tests.cogs.desk.test_practice import _hint, _start
from tests.cogs.desk.test_rematch import result_of
from tests.cogs.games import test_flip7
from tests.cogs.helpers import (
    components,
    embed_text,
    part,
    parts,
    pings,
    prompt,
    selects,
    table_of,
    walk,
)
from tests.cogs.players import fresh, open_game, play_step, play_to_end, press
from tests.cogs.server.test_standings import page_buttons

pytestmark = pytest.mark.card_emojis
EMOJI = re.compile(r"<:([a-z0-9_]+):(\d+)>")
BROKEN = re.compile(r"<:[a-z0-9_]*(?::\d*)?$|^[a-z0-9_]*:\d+>")  # markup cut in two
PLAYERS = {"flip7": ("alice", "bob"), "sinkorswim": ("alice", "bob", "carol")}
PREFIX = {"flip7": "f7_", "sinkorswim": "sos_", "sequence": "seq_"}


async def synced(world) -> dict[str, int]:
    assert await world.env.bot.emoji_sync
    return {e.name: e.id for e in world.env.backend.application_emojis.values()}


def pictures_in(text: str, made: dict[str, int]) -> list[str]:
    """The card emojis `text` shows, by name, each the application's own."""
    found = EMOJI.findall(text)
    assert all(made[name] == int(emoji_id) for name, emoji_id in found), found
    return [name for name, _id in found]


# -- hints ---------------------------------------------------------------------------------


@pytest.mark.game_seed(2)
async def test_a_sink_or_swim_hint_shows_its_weather_and_tide_cards(world):
    made = await synced(world)
    await _start(world, "sinkorswim", ("alice", "bob", "carol"), practice=True)
    table = table_of(world.channel, world.people["alice"])
    record = await world.env.bot.storage.get_match(world.match)
    hint = GAMES["sinkorswim"].hint(GAMES["sinkorswim"].from_dict(record.state), 0)
    line = await _hint(world.people["alice"], table)
    shown = pictures_in(line, made)
    assert line.startswith(f"💡 Play <:sos_w{hint.data['card']}:"), line
    if hint.data["tide"] is not None:
        assert f"sos_t{hint.data['tide']}" in shown, line
    assert "of the AI's guesses" in line  # the sentence stays whole around its cards


@pytest.mark.game_seed(4)
async def test_a_sequence_hint_shows_the_card_to_play(world):
    made = await synced(world)
    await _start(world, "sequence", ("alice", "bob"), practice=True)
    table = table_of(world.channel, world.people["alice"])
    record = await world.env.bot.storage.get_match(world.match)
    game = GAMES["sequence"].from_dict(record.state)
    seat = game.to_act()[0]
    hint = GAMES["sequence"].hint(game, seat)
    line = await _hint(world.people[record.seats[seat].name], table)
    assert pictures_in(line, made) == [sequence_face(hint.data["card"]).name], line
    assert f" on {hint.data['cell']}" in line


async def test_a_flip7_hint_shows_the_card_its_swap_would_take(world, stacked_flip7):
    """bob draws Swap and chooses alice's row: the hint names the card to take as its
    picture, while the select beneath keeps naming every card in words."""
    made = await synced(world)
    stacked_flip7(["5", "9", "3", "Swap", "4", "6", "7", "8"])
    await _start(world, "flip7", ("alice", "bob"), practice=True)
    alice, bob = world.people["alice"], world.people["bob"]
    assert (await alice.click(table_of(world.channel, alice), label="Hit")).acknowledged
    assert (await bob.click(table_of(world.channel, bob), label="Hit")).acknowledged
    table = table_of(world.channel, bob)
    assert "-# Swap: two face-up cards" in embed_text(table)  # small print stays in words
    await press(bob, table, "p0")
    table = table_of(world.channel, bob)
    line = await _hint(bob, table)
    assert line.startswith("💡 The hard AI would choose: alice's <:f7_"), line
    assert pictures_in(line, made)[0] in ("f7_5", "f7_3")
    (menu,) = selects(table)
    assert not EMOJI.search(menu.placeholder or "")
    assert all(not EMOJI.search(option.label) for option in menu.options)
    assert {option.emoji.name for option in menu.options} == {"f7_5", "f7_3"}


# -- the log, the story and the replay -----------------------------------------------------


async def _played(world, key: str, names: tuple[str, ...]):
    people = [world.people[name] for name in names]
    await open_game(world.channel, people[0], people[1:], key)
    return people


@pytest.mark.game_seed(3)
@pytest.mark.parametrize("key", ["flip7", "sinkorswim", "sequence"])
async def test_the_log_story_and_replay_show_the_cards(world, key):
    made = await synced(world)
    people = await _played(world, key, PLAYERS.get(key, ("alice", "bob")))
    host = people[0]
    for _ in range(4):
        await play_step(world.env, world.channel, people)
    logged = await host.slash(world.channel, f"{key} log")
    assert logged.ephemeral
    told = embed_text(logged.response.message)
    assert any(name.startswith(PREFIX[key]) for name in pictures_in(told, made)), told
    assert not BROKEN.search(told)

    await play_to_end(world.env, world.channel, people)
    result = result_of(world.channel, host)
    # The story: past its first page (who played, how it ended), the rounds in sentences.
    opened = await world.people["dave"].click(result, label="Match story")
    story = opened.response.message
    texts = []
    for _ in range(3):
        story = fresh(world.channel, world.people["dave"], story.id)
        texts.append(embed_text(story))
        following = page_buttons(story).get("next")
        if following is None or following.disabled:
            break
        turned = await world.people["dave"].click(story, custom_id=following.custom_id)
        assert turned.acknowledged
    chapters = "\n".join(texts[1:])
    assert any(name.startswith(PREFIX[key]) for name in pictures_in(chapters, made)), chapters
    for text in texts:
        assert len(text) < 6000 and not BROKEN.search(text)

    # The replay: a step tells its move and draws the table, both with the cards' pictures.
    opened = await world.people["dave"].click(result, label="Replay")
    first = opened.response.message
    for _ in range(4):
        nxt = page_buttons(fresh(world.channel, world.people["dave"], first.id))["next"]
        assert (
            await world.people["dave"].click(
                fresh(world.channel, world.people["dave"], first.id), custom_id=nxt.custom_id
            )
        ).acknowledged
    step = fresh(world.channel, world.people["dave"], first.id)
    (embed,) = step.embeds
    assert embed.description and "> " in embed.description
    assert any(name.startswith(PREFIX[key]) for name in pictures_in(embed.description, made)), (
        embed.description
    )
    assert len(embed.description) <= 4096 and not BROKEN.search(embed.description)
    assert all(not EMOJI.search(getattr(item, "label", "") or "") for item in components(step))


# -- the longest story and log ---------------------------------------------------------------


def _a_long_flip7_match(seats: int = 24):
    """A 24-seat Flip 7 match played by random legal moves (hits mostly), long names: the
    longest rounds a story or a log can tell."""
    names = [f"player{seat:02d}_with_a_long_name" for seat in range(seats)]
    game = new_flip7(names, 7)
    randomly = random.Random(7)
    events = []
    while not game.is_over and len(events) < 6000:
        seat = game.to_act()[0]
        decision = game.decision(seat)
        assert decision is not None
        options = decision.options
        action = HIT if HIT in options and randomly.random() < 0.8 else randomly.choice(options)
        events += game.apply(seat, action)
    return names, events


async def test_the_longest_flip7_story_and_log_stay_within_discords_limits(world):
    made = await synced(world)
    renderer = desk_of_bot(world.env.bot).renderers["flip7"]
    names, events = _a_long_flip7_match()
    seats = [Seat(name, user_id=seat + 1) for seat, name in enumerate(names)]

    record = SimpleNamespace(seats=seats)  # what the story reads of a match: its seats
    # The story: every page within Discord's limits, no picture cut in two, every line whole.
    chapters = _chapters(renderer.texts, record, events, renderer.round_start)
    pages = _paged(chapters)
    assert len(pages) > len(chapters)  # the longest rounds take several pages
    for page in pages:
        assert len(page.description) <= PAGE_CHARS and len(page) <= 6000
        assert not BROKEN.search(page.description)
    shown = "\n".join(page.description for page in pages)
    assert all(name.startswith("f7_") for name in pictures_in(shown, made)) and EMOJI.search(shown)
    assert sum(len(chapter.lines) for chapter in chapters) == len(events)

    # The log of the longest round: within an embed's description, its oldest lines in
    # words where pictures would not fit, and at least as many lines as in words alone.
    named = names_at_each(seats, events)
    starts = [i for i, event in enumerate(events) if event.kind == "round_start"] + [len(events)]
    longest = max(pairwise(starts), key=lambda pair: pair[1] - pair[0])
    part = range(*longest)

    def told() -> list[str]:
        return [event_text(renderer.texts, events[i], named[i]) for i in part]

    lines = fitted_lines(told, DESCRIPTION_LIMIT)
    with cards_in_words():
        words = told()
    assert len("\n".join(lines)) <= DESCRIPTION_LIMIT
    assert len("\n".join(told())) > DESCRIPTION_LIMIT  # pictures alone would not fit
    assert EMOJI.search("\n".join(lines)) and any(line in words for line in lines)
    kept = len(lines)
    while len("\n".join(words)) > DESCRIPTION_LIMIT:
        words = words[1:]
    assert kept == len(words)  # pictures never cost a line


# -- issue 46, item 6: a card's words beside its picture; first lines in words -------------


def _sequence_labels() -> dict[str, str]:
    """Each Sequence card's emoji name and its words ("seq_19minus10": "19 − 10")."""
    return {sequence_face(card).name: sequence_label(card) for card in dict.fromkeys(FULL_DECK)}


@pytest.mark.game_seed(5)
async def test_i46_6_a_sequence_card_keeps_its_sum_beside_its_picture(world):
    """At an emoji's size a Sequence card is a coloured square: the log, the hand, the
    analysis name its sum beside its picture, and the table's heading (what a notification
    shows) names the last card in words alone."""
    made = await synced(world)
    labels = _sequence_labels()
    people = await _played(world, "sequence", ("alice", "bob"))
    for _ in range(3):
        await play_step(world.env, world.channel, people)

    logged = await people[0].slash(world.channel, "sequence log")
    told = embed_text(logged.response.message)
    shown = pictures_in(told, made)
    assert shown and all(name.startswith("seq_") for name in shown), told
    for name, emoji_id in EMOJI.findall(told):
        assert f"<:{name}:{emoji_id}> {labels[name]}" in told, told

    record = await world.env.bot.storage.open_match_in_channel(world.channel.id)
    game = GAMES["sequence"].from_dict(record.state)
    seat = game.to_act()[0]
    holder = people[[p.name for p in people].index(record.seats[seat].name)]
    opened = await holder.click(table_of(world.channel, holder), label="Your hand")
    hand = opened.response.message.embeds[0].description
    for code in game.hands[seat]:
        name = sequence_face(code).name
        assert f"<:{name}:{made[name]}> `{labels[name]}`" in hand, hand

    heading = part(table_of(world.channel, holder), Part.HEADING)
    assert not EMOJI.search(heading), heading
    last = game.view(None).last_move
    assert f"**{sequence_label(last.card)}** on {last.cell}" in heading, heading

    renderer = desk_of_bot(world.env.bot).renderers["sequence"]
    judged = next(
        found
        for action in game.complete_moves(seat)
        if (found := GAMES["sequence"].judge(game, seat, action)) is not None
    )
    line = renderer.analysis_line(1, judged, renderer.names(record), seat)
    for name, emoji_id in EMOJI.findall(line):
        assert f"<:{name}:{emoji_id}> `{labels[name]}`" in line, line
    assert EMOJI.search(line), line


async def test_i46_6_flip7_action_cards_are_named_beside_their_pictures(world, stacked_flip7):
    """A newcomer tells Steal from Discard: a sentence names an action card beside its
    picture ("alice was dealt [⇐] Steal"), while a number's picture, which prints it, stands
    alone."""
    made = await synced(world)
    stacked_flip7(["Steal", "9", "5", "4", "6", "8", "7", "3", "2", "10", "11", "12"])
    await test_flip7.open_table(world.channel, world.people, names=("alice", "bob"))
    alice, bob = world.people["alice"], world.people["bob"]
    for _ in range(3):
        table = table_of(world.channel, alice)
        if prompt(table).startswith("alice"):
            await play_step(world.env, world.channel, [alice, bob])
    logged = await bob.slash(world.channel, "flip7 log")
    told = embed_text(logged.response.message)
    steal = f"<:f7_steal:{made['f7_steal']}> Steal"
    assert any("was dealt" in line and steal in line for line in told.split("\n")), told
    nine = f"<:f7_9:{made['f7_9']}>"
    assert nine in told and f"{nine} 9" not in told, told


@pytest.mark.game_seed(6)
@pytest.mark.parametrize("key", ["flip7", "sinkorswim", "sequence"])
async def test_i46_6_every_public_message_opens_in_words(world, key):
    """Notification previews show a custom emoji as its raw name (":sos_t1:"): every public
    message the bot posts (the table, a turn mention, the result) opens with words, its
    first text naming no card as a picture, while the table's later parts still show them."""
    made = await synced(world)
    people = await _played(world, key, PLAYERS.get(key, ("alice", "bob")))
    for _ in range(6):
        await play_step(world.env, world.channel, people)
    await world.env.advance_time(61)  # the late members' reminders go out
    assert pings(world, people[0])
    table = table_of(world.channel, people[0])
    later = "\n".join(text for pid, text in parts(table).items() if pid != Part.HEADING)
    assert pictures_in(later, made), later
    public = [m for m in world.channel.history(viewer=people[0]) if not m.flags.ephemeral]
    assert len(public) >= 2  # the table and a reminder at least
    for message in public:
        opening = first_text(message)
        assert opening and not EMOJI.search(opening), opening


def first_text(message) -> str:
    """What a notification's preview starts from: the message's content, else its first
    text display (a table's heading) or its embed's title and description."""
    if message.content:
        return message.content
    for item in walk(message.components):
        if isinstance(item, discord.TextDisplay):
            return item.content
    embed = message.embeds[0] if message.embeds else None
    return f"{embed.title or ''}\n{embed.description or ''}" if embed else ""
