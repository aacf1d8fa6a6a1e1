"""Practice tables (issue 30, item 3), as members click them: a table started with the
practice option says so, each member on their turn gets a private Hint saying what the hard
AI would do and why (never on the public table) in their own language, a Hint off one's
turn or by a watcher is refused politely (from an old table: tests/bot/play/test_practice.py), a
table without the option has no Hint, and a practice match played out is kept unrated."""

from __future__ import annotations

import pytest

from bot.play.practice import is_practice
from engines.base import GAMES
from tests.cogs.games.test_flip7 import play_one, play_to_end, until_hit_or_stay
from tests.cogs.helpers import acting_name, buttons, embed_text, table_of
from tests.cogs.players import open_game, public_table
from tests.cogs.wording.test_languages import _server as language_server


async def _start(world, game, names, **options):
    channel, people = world.channel, world.people
    host = people[names[0]]
    assert (await host.slash(channel, f"{game} start", **options)).acknowledged
    for name in names[1:]:
        assert (await people[name].click(table_of(channel, host), label="Join")).acknowledged
    lobby = table_of(channel, host)
    assert (await host.click(lobby, label="Start")).acknowledged
    record = await world.env.bot.storage.open_match_in_channel(channel.id)
    world.match = record.id
    return lobby


async def _record(world):
    return await world.env.bot.storage.get_match(world.match)


def _public(world, viewer) -> str:
    """Everything `viewer` can read in the channel that is not private to them."""
    return "\n".join(
        embed_text(message)
        for message in world.channel.history(viewer=viewer)
        if not message.flags.ephemeral
    )


async def _hint(person, table):
    result = await person.click(table, label="Hint")
    assert result.acknowledged and result.ephemeral
    return result.response.content


@pytest.mark.game_seed(3)
async def test_a_flip7_practice_hint_is_private_and_gives_the_odds(world):
    lobby = await _start(world, "flip7", ("alice", "bob"), goal=50, practice=True)
    assert "Practice table: unrated" in embed_text(lobby)
    record = await _record(world)
    assert is_practice(record) and record.extra.unrated is True
    table = await until_hit_or_stay(world.channel, world.people)
    assert "Practice table: unrated" in embed_text(table)
    actor = acting_name(table)
    other = "bob" if actor == "alice" else "alice"
    line = await _hint(world.people[actor], table)
    assert line.startswith(("💡 Hit:", "💡 Stay:")), line
    assert "chance to bust" in line and "on average" in line
    for viewer in ("alice", "bob", "carol"):
        assert "chance to bust" not in _public(world, world.people[viewer])
    # Not bob's turn: a polite no, privately.
    refused = await _hint(world.people[other], table)
    assert refused == f"It's {actor}'s turn, not yours."
    # A watcher is not playing; once the turn passes, the one who asked gets no more.
    assert "not playing" in await _hint(world.people["carol"], table)
    await play_one(world.channel, world.people)
    table = table_of(world.channel, world.people["alice"])
    now = acting_name(table)
    assert now == other  # the seed's first hit passes the turn
    assert await _hint(world.people[actor], table) == f"It's {now}'s turn, not yours."


@pytest.mark.game_seed(3)
async def test_a_table_without_the_practice_option_has_no_hint(world):
    lobby = await _start(world, "flip7", ("alice", "bob"), goal=50)
    assert "Practice table" not in embed_text(lobby)
    table = await until_hit_or_stay(world.channel, world.people)
    assert "Hit" in buttons(table) and "Hint" not in buttons(table)
    assert not is_practice(await _record(world))


@pytest.mark.game_seed(5)
async def test_a_practice_match_played_out_is_kept_unrated(world):
    await _start(world, "flip7", ("alice", "bob"), goal=50, practice=True)
    await play_to_end(world.env, world.channel, world.people)
    storage = world.env.bot.storage
    summary = await storage.standings.match_summary(world.match)
    assert summary is not None and summary.end_how == "unrated"
    board = await storage.standings.leaderboard(world.guild.id, "flip7", limit=10)
    assert not board


@pytest.mark.game_seed(2)
async def test_a_sink_or_swim_hint_names_the_pick_and_its_tide(world):
    await _start(world, "sinkorswim", ("alice", "bob", "carol"), practice=True)
    table = table_of(world.channel, world.people["alice"])
    record = await _record(world)
    game = GAMES["sinkorswim"].from_dict(record.state)
    for seat, name in enumerate(("alice", "bob", "carol")):
        line = await _hint(world.people[name], table)
        hint = GAMES["sinkorswim"].hint(game, seat)
        assert line.startswith(f"💡 Play {hint.data['card']}:"), line
        assert "tide card" in line
        assert line.removeprefix("💡 ") not in _public(world, world.people["dave"])
    assert "not playing" in await _hint(world.people["dave"], table)


@pytest.mark.game_seed(4)
async def test_a_sequence_hint_names_the_cell_and_its_line(world):
    await _start(world, "sequence", ("alice", "bob"), practice=True)
    table = table_of(world.channel, world.people["alice"])
    record = await _record(world)
    game = GAMES["sequence"].from_dict(record.state)
    seat = game.to_act()[0]
    name = record.seats[seat].name
    hint = GAMES["sequence"].hint(game, seat)
    line = await _hint(world.people[name], table)
    assert line.startswith("💡 Play ") and f" on {hint.data['cell']}" in line, line
    assert line.removeprefix("💡 ") not in _public(world, world.people[name])


async def test_each_member_reads_their_hint_in_their_own_language(simcord_env):
    """On an English server, members whose apps are in English, Vietnamese and Indonesian
    ask at once (Sink or Swim's picks are simultaneous): each hint is in its reader's
    language, from the real catalogs."""
    place = await language_server(simcord_env)
    channel, people = place.channel, place.people
    await open_game(
        channel, people["ann"], [people["bao"], people["citra"]], "sinkorswim", practice=True
    )
    table = public_table(channel, people["ann"])
    starts = {"ann": "💡 Play ", "bao": "💡 Đánh ", "citra": "💡 Mainkan "}
    for name, start in starts.items():
        assert (await _hint(people[name], table)).startswith(start)
