"""Moving through a replay (issue 46, item 7): labelled buttons that do what their icons say
(⏮️ first step, ◀️ previous, ▶️ next, ⏭️ last), and under them jumps over the runs of steps
each game's events mark: Flip 7's rounds, Sink or Swim's rounds and tricks, Sequence
Numbers' turns. A member clicks them from the result's Replay button, as on Discord."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.play.replay import step_and_marks
from bot.play.replay_log import kept
from tests.cogs.desk.test_rematch import finished_game
from tests.cogs.desk.test_replay_games import _finished
from tests.cogs.desk.test_replay_view import step_of
from tests.cogs.helpers import embed_text
from tests.cogs.players import fresh
from tests.cogs.server.test_standings import page_buttons

pytestmark = pytest.mark.game_seed(7)  # every match dealt alike, so each path is fixed

STEP_ROW = [("⏮️", "First step"), ("◀️", "Previous step"), ("▶️", "Next step"), ("⏭️", "Last step")]


async def _replay(world: Any, result: discord.Message) -> discord.Message:
    """dave, who did not play, opens the replay from the result: step 0."""
    opened = await world.people["dave"].click(result, label="Replay")
    assert opened.acknowledged and opened.ephemeral
    return opened.response.message


async def _press(world: Any, page: discord.Message, label: str) -> discord.Message:
    """dave presses the button `label`; the page as it was edited in place."""
    button = page_buttons(page)[label]
    assert not button.disabled, f"{label} is off at {step_of(embed_text(page))}"
    assert (await world.people["dave"].click(page, custom_id=button.custom_id)).acknowledged
    return fresh(world.channel, world.people["dave"], page.id)


def _rows(page: discord.Message) -> list[list[tuple[str, str]]]:
    """The page's buttons as they are laid out: (emoji, label) per row."""
    return [
        [(str(button.emoji), button.label) for button in row.children]
        for row in page.components
        if isinstance(row, discord.ActionRow)
    ]


def _off(page: discord.Message) -> set[str]:
    """The labels of the buttons that lead nowhere from this step (greyed out)."""
    return {button.label for button in page_buttons(page).values() if button.disabled}


async def test_i46_7_a_flip7_replay_jumps_a_round_at_a_time_and_each_button_does_what_it_shows(
    world,
):
    result = await finished_game(world, names=("alice", "bob"), goal=150)
    record = await world.env.bot.storage.latest_match_in_channel(world.channel.id, "flip7")
    first, moves = await kept(world.env.bot.storage, record)
    _step, (starts,) = step_and_marks("flip7", first, moves, 0, [{"round_start"}])
    assert len(starts) >= 2  # three rounds at least: no round reaches 150
    page = await _replay(world, result)
    assert _rows(page) == [STEP_ROW, [("⏪", "Previous round"), ("⏩", "Next round")]]
    assert _off(page) >= {"First step", "Previous step", "Previous round"}
    for number, start in enumerate(starts, start=2):  # ⏩: each round's first step in turn
        page = await _press(world, page, "Next round")
        text = embed_text(page)
        assert step_of(text) == (start, len(moves))
        assert f"Flip 7: With a Vengeance — round {number}" in text
        assert f"> Round {number} begins; " in text, text
    assert "Next round" in _off(page)  # the last round: none after it
    page = await _press(world, page, "Next step")  # into the last round
    page = await _press(world, page, "Previous round")  # back to where that round began
    assert step_of(embed_text(page))[0] == starts[-1]
    page = await _press(world, page, "Previous round")  # at a round's start: the one before
    assert step_of(embed_text(page))[0] == starts[-2]
    page = await _press(world, page, "Next step")
    page = await _press(world, page, "First step")  # ⏮️: the deal, not the round's start
    assert step_of(embed_text(page))[0] == 0
    assert "as dealt, before the first move" in embed_text(page)
    page = await _press(world, page, "Last step")
    assert step_of(embed_text(page)) == (len(moves), len(moves))
    assert _off(page) == {"Next step", "Last step", "Next round"}


async def test_i46_7_a_sink_or_swim_replay_jumps_a_trick_or_a_round_at_a_time(world):
    result, record = await _finished(world, "sinkorswim")
    first, moves = await kept(world.env.bot.storage, record)
    _step, (rounds, reveals) = step_and_marks(
        "sinkorswim", first, moves, 0, [{"round_start"}, {"reveal"}]
    )
    page = await _replay(world, result)
    assert _rows(page) == [
        STEP_ROW,
        [
            ("⏪", "Previous round"),
            ("⏩", "Next round"),
            ("⏪", "Previous trick"),
            ("⏩", "Next trick"),
        ],
    ]
    for trick, reveal in enumerate(reveals[:12], start=1):  # ⏩ a trick: each reveal in turn
        page = await _press(world, page, "Next trick")
        text = embed_text(page)
        assert step_of(text)[0] == reveal
        assert re.search(rf"^> Trick {trick} revealed: ", text, re.M), text
        if reveal in rounds:
            break  # the round ended early: this reveal began the next round
    page = await _press(world, page, "Previous trick")
    assert step_of(embed_text(page))[0] == max(r for r in reveals if r < reveal)
    page = await _press(world, page, "First step")
    assert step_of(embed_text(page))[0] == 0
    for number, start in enumerate(rounds, start=2):  # ⏩ a round: each round's first step
        page = await _press(world, page, "Next round")
        text = embed_text(page)
        assert step_of(text)[0] == start
        assert f"round {number} of {len(rounds) + 1} · trick 1 of 12" in text
        assert f"> Round {number} of {len(rounds) + 1} begins." in text
    assert "Next round" in _off(page) and "Next trick" not in _off(page)


async def test_i46_7_a_sequence_replay_jumps_a_turn_at_a_time_past_the_hands_steps(world):
    """A member's turn is several steps (a card, maybe a row, a cell): ⏩ lands on each
    turn's play, so a viewer can follow the board a move at a time."""
    result, record = await _finished(world, "sequence")
    first, moves = await kept(world.env.bot.storage, record)
    _step, (plays,) = step_and_marks(
        "sequence", first, moves, 0, [{"play", "plus", "minus", "pass"}]
    )
    assert len(plays) < len(moves)  # alice's card choices are steps of their own
    page = await _replay(world, result)
    assert _rows(page) == [STEP_ROW, [("⏪", "Previous turn"), ("⏩", "Next turn")]]
    for play in plays:
        page = await _press(world, page, "Next turn")
        text = embed_text(page)
        assert step_of(text)[0] == play
        told = [line for line in text.split("\n") if line.startswith("> ")]
        assert " played " in told[0] or "has no legal move" in told[0], told
    assert _off(page) == {"Next step", "Last step", "Next turn"}  # the winning play: the end
    page = await _press(world, page, "Previous turn")
    assert step_of(embed_text(page))[0] == plays[-2]
