"""The race in a picture (issue 39, item 3): each player's running total by round (Sequence
Numbers: SEQUENCES by turn), read from the match's events, drawn with Pillow and attached
to the result."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from cogs.games.flip7.race import totals_by_round as flip7_totals
from cogs.games.sequence.race import sequences_by_turn as sequence_race
from cogs.games.sinkorswim.race import totals_by_round as sink_totals
from cogs.ui.race_picture import WIDTH, draw_race
from engines.base import GAMES
from engines.flip7_fast.simulate import play_plain
from engines.sink_or_swim.ai import choose as sink_choose
from engines.sink_or_swim.game import new_game as new_sink_game
from tests.cogs.helpers import pictures
from tests.cogs.test_rematch import finished_game
from tests.cogs.test_sequence import open_table as open_sequence
from tests.cogs.test_sequence import play_to_end as sequence_to_end


def test_flip7_totals_by_round_end_at_the_final_scores():
    game, events = play_plain(["a", "b", "c"], 7, ["simple", "strong", "hard"])
    series = flip7_totals(events, 3)
    outcome = game.outcome()
    assert outcome is not None
    rounds = sum(event.kind == "round_end" for event in events)
    assert rounds >= 2 and all(len(values) == rounds for values in series)
    assert [values[-1] for values in series] == list(outcome.scores)


def test_sink_or_swim_totals_by_round_end_at_the_final_scores():
    game = new_sink_game(["a", "b", "c", "d"], 3)
    events = []
    while not game.is_over:
        for seat in game.to_act():
            events += game.apply(seat, sink_choose(game, seat, "simple"))
    series = sink_totals(events, 4)
    outcome = game.outcome()
    assert outcome is not None
    assert all(len(values) == game.rounds for values in series)
    assert [values[-1] for values in series] == list(outcome.scores)


def test_the_picture_fits_a_phone_and_draws_each_player_in_a_colour():
    lines = [(f"Player {i} with a long name", [0, 5 * i, 9 * i, 30]) for i in range(24)]
    image = Image.open(io.BytesIO(draw_race(lines)))
    assert image.format == "PNG" and image.width == WIDTH
    assert image.height > 240 + 12 * 22  # a legend row for every two players
    first, second = draw_race(lines[:2]), draw_race([lines[1], lines[0]])
    assert first != second  # the colours follow the seats


async def test_the_result_of_a_flip7_match_carries_the_race(world):
    result = await finished_game(world, names=("alice", "bob", "carol"))
    record = await world.env.bot.storage.latest_match_in_channel(world.channel.id, "flip7")
    game = GAMES["flip7"].from_dict(record.state)
    assert game.outcome() is not None
    attachments = {a.filename: a for a in result.attachments}
    race = attachments["race.png"]
    image = Image.open(io.BytesIO(await race.read()))
    assert image.format == "PNG" and image.width == WIDTH
    assert any(item.media.url.endswith("race.png") for _holder, item in pictures(result))


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (4, 5)])
def test_sequence_sequences_by_turn_end_at_the_final_counts(players, seed):
    """Each seat's line is its team's SEQUENCES after every turn, from 0, ending at the
    final count; team-mates run the same line."""
    info = GAMES["sequence"]
    game = info.new_game([f"P{i}" for i in range(players)], seed)
    events, turns = [], 0
    while acting := game.to_act():
        for seat in acting:
            made = game.apply(seat, info.choose_ai(game, seat, "strong"))
            events += made
            turns += any(event.kind in ("play", "plus", "minus", "pass") for event in made)
    series = sequence_race(events, players)
    assert all(len(values) == turns + 1 and values[0] == 0 for values in series)
    assert [values[-1] for values in series] == [
        game.sequences[game.team_of(seat)] for seat in range(players)
    ]
    assert all(a <= b for values in series for a, b in itertools.pairwise(values))
    if players == 4:
        assert series[0] == series[2] and series[1] == series[3]  # teams of seats 0+2, 1+3


async def test_the_result_of_a_sequence_match_carries_the_race(world):
    people = world.people
    table = await open_sequence(world.channel, people, names=("alice", "bob"))
    assert table is not None
    await sequence_to_end(world.env, world.channel, people, {}, turns=200)
    result = world.channel.history(viewer=people["carol"])[-1]
    attachments = {a.filename: a for a in result.attachments}
    image = Image.open(io.BytesIO(await attachments["race.png"].read()))
    assert image.format == "PNG" and image.width == WIDTH
