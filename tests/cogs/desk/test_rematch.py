"""The end of a match, as its players see it: one result message with every place, and a
Rematch button that seats the same players again with the same options."""

from __future__ import annotations

from bot.storage import MatchStatus
from cogs.ui.layout import Part
from cogs.wording.standing_words import place_mark
from engines.base import GAMES
from tests.cogs.games.test_flip7 import open_table, play_to_end
from tests.cogs.helpers import buttons, embed_text, part, table_of


def result_of(channel, viewer):
    """The newest message with a Rematch button: the result of the match just played."""
    for message in reversed(channel.history(viewer=viewer)):
        if "Rematch" in buttons(message):
            return message
    raise AssertionError("no result message")


async def finished_game(world, names=("alice", "bob"), **options):
    channel, people = world.channel, world.people
    await open_table(channel, people, names=names, **options)
    await play_to_end(world.env, channel, people)
    return result_of(channel, people[names[0]])


async def test_the_result_ranks_everyone_once_and_points_to_the_leaderboard(world):
    channel, people = world.channel, world.people
    result = await finished_game(world, names=("alice", "bob", "carol"))
    lines = part(result, Part.RESULT).split("\n")
    record = await world.env.bot.storage.latest_match_in_channel(channel.id, "flip7")
    outcome = GAMES["flip7"].from_dict(record.state).outcome()
    by_place = sorted(range(3), key=lambda seat: (outcome.places[seat], seat))
    for line, seat in zip(lines, by_place, strict=True):  # best first, ties sharing a medal
        assert line.startswith(f"{place_mark(outcome.places[seat])} **{record.seats[seat].name}**")
        assert line.endswith(f"{outcome.scores[seat]} points")
    assert "/games leaderboard" in part(result, Part.FOOTNOTE)
    story = await people["dave"].click(result, label="Match story")  # anyone may read it
    assert story.ephemeral and "alice" in embed_text(story.response.message)
    announced = [m for m in channel.history(viewer=people["carol"]) if "win" in embed_text(m)]
    assert announced == [result]  # the table itself does not repeat it


async def test_rematch_seats_the_same_players_and_ai_with_the_same_options(world):
    channel, people = world.channel, world.people
    alice, bob = people["alice"], people["bob"]
    await alice.slash(channel, "flip7 start", goal=50, brutal=True)
    await bob.click(table_of(channel, alice), label="Join")
    await alice.click(table_of(channel, alice), label="Add AI")
    await alice.click(table_of(channel, alice), label="Start")
    await play_to_end(world.env, channel, people)
    result = result_of(channel, alice)

    asked = await bob.click(result, label="Rematch")
    assert asked.acknowledged and not asked.ephemeral
    lobby = table_of(channel, alice)
    seated = part(lobby, Part.PLAYERS).split("\n")
    assert len(seated) == 3
    assert f"<@{alice.id}> 👑" in seated[0] and f"<@{bob.id}>" in seated[1]
    assert "🤖 Ada" in seated[2]
    assert "goal 50" in part(lobby, Part.HEADING) and "brutal" in part(lobby, Part.HEADING)
    assert "Rematch!" in embed_text(lobby)

    again = await alice.click(result, label="Rematch")  # a second click opens nothing new
    assert again.ephemeral and "already open" in again.response.content
    started = await alice.click(table_of(channel, alice), label="Start")
    assert started.acknowledged and not started.ephemeral
    record = await world.env.bot.storage.open_match_in_channel(channel.id)
    assert record.status == MatchStatus.PLAYING and record.options == {"goal": 50, "brutal": True}
    assert [seat.user_id for seat in record.seats] == [alice.id, bob.id, None]


async def test_a_host_who_left_hands_the_rematch_to_whoever_asks(world):
    channel, people = world.channel, world.people
    alice, bob, carol = people["alice"], people["bob"], people["carol"]
    await open_table(channel, people, names=("alice", "bob", "carol"))
    left = await alice.slash(channel, "flip7 leave")
    assert left.ephemeral
    await play_to_end(world.env, channel, people)
    await carol.click(result_of(channel, carol), label="Rematch")
    seated = part(table_of(channel, carol), Part.PLAYERS).split("\n")
    assert f"<@{carol.id}> 👑" in seated[0] and f"<@{bob.id}>" in seated[1]
    assert f"<@{alice.id}>" not in "\n".join(seated)  # she left; an AI plays her seat again
    assert len(seated) == 3 and "🤖" in seated[2]


async def test_a_rematch_while_another_game_is_open_opens_beside_it(world):
    channel, people = world.channel, world.people
    result = await finished_game(world)
    await people["carol"].slash(channel, "sinkorswim start")
    again = await people["bob"].click(result, label="Rematch")
    assert again.acknowledged and not again.ephemeral
    twice = await people["bob"].click(result, label="Rematch")
    assert twice.ephemeral  # a second click opens nothing more
    games = [r.game for r in await world.env.bot.storage.open_matches_in_channel(channel.id)]
    assert sorted(games) == ["flip7", "sinkorswim"]


def test_tied_players_share_a_place_and_teams_are_ranked_as_one():
    from bot.storage import MatchRecord, Seat
    from cogs.desk.result import standings
    from cogs.games.flip7.texts import TEXTS
    from engines.base import ranked

    def record(names):
        seats = [Seat(name=name, user_id=index + 1) for index, name in enumerate(names)]
        return MatchRecord(1, 1, 1, "flip7", 1, MatchStatus.FINISHED, 3, seats, {}, None)

    tied = standings(record(["ann", "bao", "cai"]), ranked([0, 2], [210, 150, 210]), TEXTS)
    assert tied == ["🥇 **ann** — 210 points", "🥇 **cai** — 210 points", "🥉 **bao** — 150 points"]
    fourth = standings(record(["ann", "bao", "cai", "dan"]), ranked([0], [9, 7, 5, 3]), TEXTS)
    assert fourth[-1] == "4. **dan** — 3 points"
    four = ranked([1, 3], [1, 2, 1, 2], teams=[0, 1, 0, 1])
    teams = standings(record(["ann", "bao", "cai", "dan"]), four, TEXTS)
    assert teams == ["🥇 **bao and dan** — 2 points", "🥈 **ann and cai** — 1 point"]


async def test_a_bystander_may_ask_for_the_rematch_but_is_not_seated(world):
    channel, people = world.channel, world.people
    result = await finished_game(world)
    asked = await people["dave"].click(result, label="Rematch")
    assert asked.acknowledged and not asked.ephemeral
    seated = part(table_of(channel, people["dave"]), Part.PLAYERS)
    assert f"<@{people['alice'].id}> 👑" in seated and f"<@{people['bob'].id}>" in seated
    assert f"<@{people['dave'].id}>" not in seated  # they can press Join like anyone


async def test_i28_a_rematch_keeps_the_old_matchs_pace(world):
    channel, people = world.channel, world.people
    result = await finished_game(world, pace="relaxed")
    asked = await people["alice"].click(result, label="Rematch")
    assert asked.acknowledged and not asked.ephemeral
    assert "pace: relaxed" in part(table_of(channel, people["alice"]), Part.HEADING)
    record = await world.env.bot.storage.open_match_in_channel(channel.id)
    assert record.status == MatchStatus.LOBBY and record.pace == "relaxed"
