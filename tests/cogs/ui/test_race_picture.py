"""The race in a picture (issue 39, item 3): each player's running total by round (Sequence
Numbers: SEQUENCES by turn), read from the match's events, drawn with Pillow and attached
to the result."""

from __future__ import annotations

import io
import itertools
import math
from collections import Counter

import pytest
from PIL import Image

from cogs.desk.desk import desk_of_bot
from cogs.desk.race import EVENTS_READ, race_of
from cogs.games.flip7.race import race as flip7_race
from cogs.games.flip7.race import totals_by_round as flip7_totals
from cogs.games.sequence.board import TEAM_FILL, cell_centre, render_board
from cogs.games.sequence.race import TURN_ENDS as SEQUENCE_TURN_ENDS
from cogs.games.sequence.race import lines_by_turn
from cogs.games.sequence.race import race as sequence_race
from cogs.games.sinkorswim.race import totals_by_round as sink_totals
from cogs.ui.card_faces import contrast
from cogs.ui.fonts import regular
from cogs.ui.race_picture import (
    END_MARKER,
    GOAL,
    LINE_COLOURS,
    PAD,
    SHAPES,
    WIDTH,
    Race,
    RaceLine,
    apart,
    draw_race,
    nice_step,
    point_ticks,
    scale,
    value_ticks,
    within,
)
from cogs.ui.trend_picture import BAND, MIDLINE
from cogs.wording import i18n
from engines.base import GAMES
from engines.flip7_fast.simulate import play_plain
from engines.sequence_numbers.scoring import longest_line
from engines.sink_or_swim.ai import choose as sink_choose
from engines.sink_or_swim.game import new_game as new_sink_game
from tests.cogs.desk.test_rematch import finished_game, result_of
from tests.cogs.games.test_sequence import open_table as open_sequence
from tests.cogs.games.test_sequence import play_to_end as sequence_to_end
from tests.cogs.helpers import pictures
from tests.cogs.players import open_game, play_to_end
from tests.cogs.wording.test_languages import _server as language_server


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
    lines = tuple(
        RaceLine(f"Player {i} with a long name", (0, 5 * i, 9 * i, 30)) for i in range(24)
    )
    image = Image.open(io.BytesIO(draw_race(Race(lines, "Round", "Points"))))
    assert image.format == "PNG" and image.width == WIDTH
    assert image.height > 240 + 12 * 22  # a legend row for every two players
    first = draw_race(Race(lines[:2], "Round", "Points"))
    second = draw_race(Race((lines[1], lines[0]), "Round", "Points"))
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


async def test_the_result_of_a_sequence_match_carries_the_race(world):
    people = world.people
    table = await open_sequence(world.channel, people, names=("alice", "bob"))
    assert table is not None
    await sequence_to_end(world.env, world.channel, people, {}, turns=200)
    result = world.channel.history(viewer=people["carol"])[-1]
    attachments = {a.filename: a for a in result.attachments}
    image = Image.open(io.BytesIO(await attachments["race.png"].read()))
    assert image.format == "PNG" and image.width == WIDTH


# -- issue 46, item 5: Sequence Numbers' race shows who was ahead, in the chips' colours ----


def _sequence_by_engine(players: int, seed: int):
    """A strong-AI Sequence match, with each team's longest line read from the engine's own
    board after every turn (before the first, too) and the turns that completed a SEQUENCE."""
    info = GAMES["sequence"]
    game = info.new_game([f"P{i}" for i in range(players)], seed)
    teams = range(game.num_teams)
    events = list(game.opening_events())
    longest = [[longest_line(game.chips, team)] for team in teams]
    scored: list[list[int]] = [[] for _ in teams]
    while acting := game.to_act():
        for seat in acting:
            before = list(game.sequences)
            made = game.apply(seat, info.choose_ai(game, seat, "strong"))
            events += made
            if not any(event.kind in SEQUENCE_TURN_ENDS for event in made):
                continue  # an exchange, or a card chosen before its cell
            for team in teams:
                longest[team].append(longest_line(game.chips, team))
                if game.sequences[team] > before[team]:
                    scored[team].append(len(longest[team]) - 1)
    return game, events, longest, scored


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (4, 5), (6, 6)])
def test_i46_5_sequence_race_plots_each_teams_longest_line_by_turn(players, seed):
    """One line a team (team-mates no longer hide one another), its longest line of chips
    as the engine's board had it after every turn, a ring at each SEQUENCE; the winner's
    line reaches the goal line of five."""
    game, events, longest, scored = _sequence_by_engine(players, seed)
    assert lines_by_turn(events, game.num_teams) == (longest, scored)
    names = [f"P{i}" for i in range(players)]
    with i18n.reading("en"):
        race = sequence_race(events, game.view(None).teams, names)
    assert len(race.lines) == game.num_teams  # one line a team, not a seat
    assert (race.across, race.up, race.first, race.goal) == ("Turn", "Longest line of chips", 0, 5)
    assert all(line.values[0] == 0 for line in race.lines)
    assert any(0 < a < b for line in race.lines for a, b in itertools.pairwise(line.values))
    winner = game.team_of(game.winners()[0])
    assert race.lines[winner].values[-1] >= 5 and race.lines[winner].marks
    if players == 4:
        assert race.lines[0].name == "Team Blue (P0, P2)"


def _near(pixel, colour, within=12) -> bool:
    return sum((a - b) ** 2 for a, b in zip(pixel, colour, strict=False)) <= within**2


def _chip_colour(board: Image.Image, cell: str) -> tuple[int, int, int]:
    """The colour of the chip on `cell` in the board picture, read below its number."""
    row, column = "ABCDEFGHIJ".index(cell[0]), int(cell[1:]) - 1
    x, y = cell_centre(row, column)
    return board.convert("RGB").getpixel((x, y + 20))


def test_i46_5_sequence_race_is_drawn_in_the_chips_colours_of_the_board():
    """Each team's line is the colour its chips have in the board picture (Ann's blue chip,
    Ann's blue line), not the palette's colour for its place."""
    game, events, _longest, _scored = _sequence_by_engine(4, 5)
    board = Image.open(io.BytesIO(render_board(game.view(None))))
    with i18n.reading("en"):
        race = sequence_race(events, game.view(None).teams, ["Ann", "Bao", "Cleo", "Dan"])
    picture = Image.open(io.BytesIO(draw_race(race))).convert("RGB")
    pixels = list(picture.get_flattened_data())
    for team in range(game.num_teams):
        cell = next(e.data["cell"] for e in events if e.kind == "play" and e.data["team"] == team)
        chip = _chip_colour(board, cell)
        assert race.lines[team].colour is not None and _near(chip, race.lines[team].colour)
        assert sum(_near(pixel, chip) for pixel in pixels) > 300  # its line, markers, legend
    assert not any(_near(pixel, LINE_COLOURS[0], 4) for pixel in pixels)


async def test_i46_5_a_sequence_result_draws_a_line_a_team(world):
    """Played as members would, two members and two AI seats in teams: the result's picture
    is the teams' race (one line a team, in the chips' colours), drawn in the table's
    language."""
    people = world.people
    await open_sequence(world.channel, people, names=("alice", "bob"), ais=2)
    await play_to_end(world.env, world.channel, [people["alice"], people["bob"]])
    result = result_of(world.channel, people["carol"])
    attachments = {a.filename: a for a in result.attachments}
    png = await attachments["race.png"].read()
    record = await world.env.bot.storage.latest_match_in_channel(world.channel.id, "sequence")
    game = GAMES["sequence"].from_dict(record.state)
    logged = [e for _, e in await world.env.bot.matches.reads.events(record.id, EVENTS_READ)]
    renderer = desk_of_bot(world.env.bot).renderers["sequence"]
    with i18n.reading("en"):
        race = race_of(renderer, record, game, logged)
        assert race is not None and png == draw_race(race)
    assert [line.colour for line in race.lines] == [TEAM_FILL["Blue"], TEAM_FILL["Orange"]]
    assert [line.name.split(" (")[0] for line in race.lines] == ["Team Blue", "Team Orange"]


# -- issue 46, item 8: the race picture's scale --------------------------------------------


def test_i46_8_ticks_are_round_values():
    """Round values on both axes, whatever the scores: no more 0 / 113 / 227."""
    assert value_ticks(0, 227) == [0, 50, 100, 150, 200, 250]
    assert value_ticks(-1, 9) == [-2, 0, 2, 4, 6, 8, 10]
    assert value_ticks(0, 5) == [0, 1, 2, 3, 4, 5]
    assert value_ticks(0, 1000) == [0, 200, 400, 600, 800, 1000]
    assert point_ticks(1, 9) == list(range(1, 10))  # every round of a short match
    assert point_ticks(0, 88) == [0, 10, 20, 30, 40, 50, 60, 70, 80]  # a long Sequence match
    assert all(nice_step(span, 6) in (1, 2, 5, 10, 20, 50, 100, 200) for span in range(1, 900))


def _rows(picture: Image.Image, colour, share: float) -> list[int]:
    """The rows of the plot where at least `share` of the pixels are `colour`."""
    width, height = picture.size
    pixels = picture.load()
    span = range(60, width - 30)
    return [
        y for y in range(height) if sum(pixels[x, y] == colour for x in span) >= share * len(span)
    ]


def test_i46_8_flip7_marks_its_goal_with_a_dashed_line_and_labels_its_axes():
    game, events = play_plain(["Ann", "Bao", "Cleo"], 11, ["strong"] * 3, goal=180)
    with i18n.reading("en"):
        race = flip7_race(events, ["Ann", "Bao", "Cleo"], game.goal)
    assert (race.across, race.up, race.goal, race.goal_words) == (
        "Round",
        "Points",
        180,
        "Goal: 180",
    )
    picture = Image.open(io.BytesIO(draw_race(race))).convert("RGB")
    ticks = [tick for tick, _words in scale(race)]
    grid = _rows(picture, MIDLINE, 0.6)  # the tick values' lines, top to bottom
    dashed = _rows(picture, GOAL, 0.4)  # the goal's dashes (8 px of every 13)
    assert len(grid) == len(ticks) and dashed and ticks[-1] > 180
    # The goal's line lies where 180 lies between the bottom and top ticks' lines.
    top, bottom = grid[0], grid[-1]
    expected = bottom - (bottom - top) * (180 - ticks[0]) / (ticks[-1] - ticks[0])
    assert abs(sum(dashed) / len(dashed) - expected) <= 1.5
    assert not (set(dashed) & set(grid))


def test_i46_8_a_negative_value_is_written_with_the_minus_sign():
    """Sink or Swim's scores may fall below zero: its axis writes "−2", as the texts do, in a
    font that has the sign (Pillow's own would draw a box)."""
    race = Race((RaceLine("a", (-1, 3, 9)), RaceLine("b", (2, 0, 4))), "Round", "Points")
    words = [text for _tick, text in scale(race)]
    assert words[0] == "−2" and not any("-" in text for text in words)
    font = regular(13)
    missing = font.getmask("\ue000")  # a private-use letter no font has
    assert font.getmask("−").getbbox() != missing.getbbox()


def test_i46_8_eight_lines_on_the_same_values_each_show():
    """Eight seats whose lines run on the same values: each line's colour still shows, and
    the eight colours and marker shapes differ clearly from each other and the band."""
    lines = tuple(RaceLine(f"P{i}", (0, 30, 30, 60, 90)) for i in range(8))
    picture = Image.open(io.BytesIO(draw_race(Race(lines, "Round", "Points")))).convert("RGB")
    plot = picture.crop((40, 20, WIDTH - 20, 240))
    counts = Counter(plot.get_flattened_data())
    for colour in LINE_COLOURS:
        assert counts[colour] >= 150, colour
    # Their end markers stand beside the plot, one above the other, none hiding another.
    column = WIDTH - 2 * PAD - 2 * END_MARKER - 2
    ends = Counter(
        picture.crop((column, 20, column + 2 * END_MARKER + 4, 260)).get_flattened_data()
    )
    for colour in LINE_COLOURS:
        assert ends[colour] >= 40, colour
    assert len(set(SHAPES)) == 8
    for one, other in itertools.combinations(LINE_COLOURS, 2):
        assert delta_e(one, other) >= 30, (one, other)
    assert all(contrast(colour, BAND) >= 3 for colour in LINE_COLOURS)


def delta_e(one, other) -> float:
    """CIE76 colour difference: about 2.3 is the least a person sees, 30 plainly apart."""
    return math.dist(_lab(one), _lab(other))


def _lab(rgb):
    def linear(value):
        v = value / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


@pytest.mark.parametrize("language", ["vi", "id"])
async def test_i46_8_the_race_is_worded_in_the_tables_language(simcord_env, language):
    """A Flip 7 match on a Vietnamese (an Indonesian) server: its result's race picture has
    its axes and goal worded in the server's language, from the catalog."""
    place = await language_server(simcord_env, preferred_locale=language)
    ann, bao = place.people["ann"], place.people["bao"]
    await open_game(place.channel, ann, [bao], "flip7", goal=50)
    await play_to_end(simcord_env, place.channel, [ann, bao])
    (result,) = [m for m in place.channel.history(viewer=ann) if m.attachments]
    png = await {a.filename: a for a in result.attachments}["race.png"].read()
    record = await simcord_env.bot.storage.latest_match_in_channel(place.channel.id, "flip7")
    game = GAMES["flip7"].from_dict(record.state)
    logged = [e for _, e in await simcord_env.bot.matches.reads.events(record.id, EVENTS_READ)]
    renderer = desk_of_bot(simcord_env.bot).renderers["flip7"]
    with i18n.reading(language):
        race = race_of(renderer, record, game, logged)
        assert race is not None and png == draw_race(race)
        worded = (i18n._("Round"), i18n._("Points"))
    assert (race.across, race.up) == worded and worded != ("Round", "Points")
    assert race.goal == 50 and race.goal_words != "Goal: 50" and "50" in race.goal_words


def test_i46_8_lines_that_would_touch_sit_side_by_side():
    """Heights closer than the gap move apart around their middle, in their order; heights
    already apart stay where they are; kept within the plot where there is room."""
    assert apart([50, 50, 50], 3) == [47, 50, 53]
    assert apart([10, 11, 100], 3) == [9, 12, 100]
    assert apart([100, 40, 41], 3) == [100, 39, 42]
    placed = within([0, 0, 0, 0], 13, 0, 200)
    assert placed == [0, 13, 26, 39]
