"""An analysis read as a player reads it (issue 46, item 7): its accuracy a percentage in
every language, each step it names opening that same step of the replay, and each game's
figures in the game's own terms: Flip 7's card aimed and "yourself", the points one more
card should score, a Sink or Swim pick's estimated belts lost, a Sequence Numbers play's
rank among the plays open to it (never the AI's internal points)."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.play.replay import step_and_marks
from bot.play.replay_log import kept
from engines.sequence_numbers import Play
from playground.sim_locales import client_locales
from tests.cogs.desk.test_analysis_games import _finished
from tests.cogs.desk.test_rematch import finished_game
from tests.cogs.desk.test_replay_view import step_of
from tests.cogs.helpers import buttons, embed_text
from tests.cogs.players import fresh
from tests.cogs.server.test_standings import page_buttons

pytestmark = pytest.mark.game_seed(7)  # every match dealt alike, so each path is fixed

# The accuracy as each language writes a percentage, to a tenth where there is one.
ACCURACY = {
    "en": re.compile(r"^\*\*Accuracy: \d{1,3}(\.\d)?%\*\* over \d+ decisions? of yours "),
    "vi": re.compile(r"^\*\*Độ chính xác: \d{1,3}(,\d)?%\*\*, tính trên \d+ quyết định "),
    "id": re.compile(r"^\*\*Akurasi: \d{1,3}(,\d)?%\*\* untuk \d+ keputusanmu "),
}


async def _analysis(world: Any, result: discord.Message) -> discord.Message:
    """alice opens her analysis from the result (its first page)."""
    opened = await world.people["alice"].click(result, label="Analysis")
    assert opened.acknowledged and opened.ephemeral
    return opened.response.message


def _lines(page: discord.Message) -> list[str]:
    """The decisions a page of an analysis lists, a line each."""
    lines = (page.embeds[0].description or "").split("\n")
    return [line for line in lines if line.startswith(("✅", "⚠️"))]


async def _every_line(world: Any, page: discord.Message) -> list[str]:
    """Every line of alice's analysis, turning its pages with ▶️ to the last."""
    lines = _lines(page)
    while not page_buttons(page)["next"].disabled:
        button = page_buttons(page)["next"]
        assert (await world.people["alice"].click(page, custom_id=button.custom_id)).acknowledged
        page = fresh(world.channel, world.people["alice"], page.id)
        lines += _lines(page)
    return lines


async def test_i46_7_an_analysis_step_opens_that_step_of_the_replay(world):
    result = await finished_game(world, names=("alice", "bob"))
    page = await _analysis(world, result)
    steps = [label for label in buttons(page) if label and label.startswith("Step ")]
    assert steps  # the costliest decisions, each a button
    record = await world.env.bot.storage.latest_match_in_channel(world.channel.id, "flip7")
    _first, moves = await kept(world.env.bot.storage, record)
    for label in steps:
        step = int(label.removeprefix("Step "))
        assert f"⚠️ {label}: " in embed_text(page)  # the line and its button agree
        opened = await world.people["alice"].click(page, label=label)
        assert opened.ephemeral
        shown = embed_text(opened.response.message)
        assert step_of(shown) == (step, len(moves))  # "Step 7" opens "Step 7 of 40"
        assert moves[step - 1].seat == 0  # the move analysed: alice's own, told there
        told = [line for line in shown.split("\n") if line.startswith("> ")]
        assert told[0].startswith("> alice "), told


async def test_i46_7_the_accuracy_is_a_percentage_read_right_in_each_language(world):
    result = await finished_game(world, names=("alice", "bob"))
    for language in ("en", "vi", "id"):
        client_locales(world.env).set(world.people["alice"], language)
        text = (await _analysis(world, result)).embeds[0].description or ""
        first = text.split("\n")[0]
        assert ACCURACY[language].match(first), first
        assert "100%" in first  # what a full score means, said beside it
        if language == "id":  # "63,1 dari 49 keputusan" read as "63.1 out of 49"
            assert " dari " not in first


async def test_i46_7_a_flip7_choice_names_its_card_and_says_yourself_to_its_player(world):
    result = await finished_game(world, names=("alice", "bob"))
    lines = await _every_line(world, await _analysis(world, result))
    aimed = [line for line in lines if " you chose " in line]
    assert aimed, lines  # alice aimed a card in this deal (seeded)
    cards = ("Just One More!", "Flip Four!", "−2", "−4", "−6", "−8", "−10", "÷2")
    for line in aimed:
        assert re.search(r" you chose (yourself|bob) for (.+?): win chance ", line), line
        assert any(f" for {card}: " in line for card in cards), line
        assert "alice" not in line  # the reader is "you", "yourself"
    assert any(" you chose yourself for " in line or "Choosing yourself " in line for line in aimed)
    hits = [line for line in lines if " you hit with " in line or " you stayed with " in line]
    assert hits
    for line in hits:  # the number said with what it is: points, expected on average
        assert re.search(r" points? in your row\. One more card had a \d+% chance to bust ", line)
        assert re.search(r"one more card and then Stay scores [\d.]+ points on average\.", line)


# A costly pick's cost, as each language says it: belts lost, or (with none left, S5) the
# cost of going out counted in belts; over this trick and the rest of the round.
COST = {
    "en": r"(Estimated belts lost|Estimated cost) over this trick and the rest of the round"
    r"(, counted in belts)?: [\d.]+ more than with the hard AI's pick\.$",
    "vi": r"Ước tính (số phao mất|thiệt hại) trong lượt này và phần còn lại của vòng"
    r"(, quy ra phao)?: nhiều hơn [\d,]+ phao so với thẻ AI khó chọn\.$",
    "id": r"Perkiraan (pelampung yang hilang|kerugian) di giliran ini dan sisa ronde"
    r"(, dihitung dalam pelampung)?: [\d,]+ lebih banyak daripada dengan pilihan AI sulit\.$",
}


async def test_i46_7_a_sink_or_swim_pick_costs_belts_estimated_over_the_round(world):
    """One pick can cost more than the one belt a trick takes: the line says the estimate
    runs over the rest of the round, in the reader's language."""
    result = await _finished(world, "sinkorswim", ais=2)
    for language, cost in COST.items():
        client_locales(world.env).set(world.people["alice"], language)
        page = await _analysis(world, result)
        # every page in English; the costliest decisions, on the first, in the others
        lines = await _every_line(world, page) if language == "en" else _lines(page)
        costly = [line for line in lines if line.startswith("⚠️")]
        assert costly
        for line in costly:
            assert re.search(cost, line), line
            assert "Likely" not in line and "Kemungkinan kerugian" not in line


async def test_i46_7_a_sequence_play_ranks_among_the_plays_open_to_it(world):
    result = await _finished(world, "sequence", ais=1)
    record = await world.env.bot.storage.latest_match_in_channel(world.channel.id, "sequence")
    first, moves = await kept(world.env.bot.storage, record)
    lines = await _every_line(world, await _analysis(world, result))
    costly = [line for line in lines if line.startswith("⚠️")]
    assert costly
    for line in costly:
        found = re.match(
            r"⚠️ Step (\d+): you played .+ on [A-J]\d+; (\d+) of the (\d+) plays open to you "
            r"(?:was|were) better\. The best play found",
            line,
        )
        assert found, line
        step, better, plays = (int(found[n]) for n in (1, 2, 3))
        assert 1 <= better < plays
        # The count is the plays alice could make there, as the table offered them.
        before, _marks = step_and_marks("sequence", first, moves, step - 1)
        legal = [m for m in before.game.complete_moves(0) if isinstance(m, Play)]
        assert plays == len(legal), line
        assert " points" not in line and "scores" not in line  # never the AI's unit
