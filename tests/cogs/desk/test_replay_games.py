"""The Replay button on a finished Sink or Swim and Sequence Numbers match (issue 39's test
list): the last step shows the result's own figures, every page button leads where it says
and is off where it leads nowhere, and no step before the end shows a card the public table
would not show at that moment."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.play.replay import step_and_marks
from bot.play.replay_log import kept
from bot.storage import MatchRecord, MatchStatus
from cogs.games.sinkorswim import SinkOrSwimRenderer
from cogs.games.sinkorswim.texts import TEXTS
from engines.base import GAMES
from engines.sink_or_swim import SinkOrSwimGame
from tests.cogs.desk.test_rematch import result_of
from tests.cogs.desk.test_replay_view import step_of
from tests.cogs.games.test_sink_or_swim import NUMBER, SCORE
from tests.cogs.helpers import embed_text, table_of
from tests.cogs.players import fresh, play_to_end
from tests.cogs.server.test_standings import page_buttons

pytestmark = pytest.mark.game_seed(7)  # every match dealt alike, so each path is fixed

# A result's place line ("🥇 **Bao (AI)** — 4 points", "🥈 **alice** — 0 SEQUENCES") and a
# replay table's row for the same player: Sink or Swim's "▫️ 🤖 **Bao (AI)** · tide **2** ·
# 🛟 2 · 4 points" (struck through when out of the round), Sequence's "🟠 **Ada (AI)** —
# 1/1 SEQUENCE".
RESULT_ROWS = {
    "sinkorswim": re.compile(r"\*\*(?P<name>[^*]+)\*\* — (?P<figure>[-−]?\d+) points?$", re.M),
    "sequence": re.compile(r"\*\*(?P<name>[^*]+)\*\* — (?P<figure>\d+) SEQUENCES?$", re.M),
}
TABLE_ROWS = {
    "sinkorswim": re.compile(
        r"^(?:▫️|💀) (?:🤖 )?(?:\*\*|~~)(?P<name>[^*~]+)(?:\*\*|~~) · .* · "
        r"(?P<figure>[-−]?\d+) points?$",
        re.M,
    ),
    "sequence": re.compile(r"\*\*(?P<name>[^*]+)\*\* — (?P<figure>\d+)/\d+ SEQUENCES?$", re.M),
}
TITLES = {"sinkorswim": "Sink or Swim", "sequence": "Sequence Numbers"}
# Small tables: Sink or Swim with three seats (so three rounds), Sequence Numbers with two.
AIS = {"sinkorswim": 2, "sequence": 1}


async def _finished(world: Any, key: str) -> tuple[discord.Message, MatchRecord]:
    """alice plays `key` against AI seats at the simple AI's level, to the result; the
    result message and the finished match."""
    channel, alice = world.channel, world.people["alice"]
    assert (await alice.slash(channel, f"{key} start")).acknowledged
    for _ in range(AIS[key]):
        assert (await alice.click(table_of(channel, alice), label="Add AI")).acknowledged
    assert (await alice.click(table_of(channel, alice), label="Start")).acknowledged
    await play_to_end(world.env, channel, [alice], level="simple")
    record = await world.env.bot.storage.latest_match_in_channel(channel.id, key)
    assert record is not None and record.status == MatchStatus.FINISHED
    return result_of(channel, alice), record


async def _opened(world: Any, result: discord.Message, key: str) -> discord.Message:
    """dave, a member of the server who did not play, opens the replay from the result."""
    opened = await world.people["dave"].click(result, label="Replay")
    assert opened.acknowledged and opened.ephemeral
    page = opened.response.message
    assert f"Replay of {TITLES[key]}" in embed_text(page)
    return page


async def _turn(world: Any, page: discord.Message, way: str) -> discord.Message:
    """dave clicks the page button `way` (back, next, first, last, or a label such as
    "Previous round"); the page as edited."""
    dave = world.people["dave"]
    button = page_buttons(page)[way]
    assert not button.disabled, f"{way} is off on {step_of(embed_text(page))}"
    turned = await dave.click(page, custom_id=button.custom_id)
    assert turned.acknowledged
    return fresh(world.channel, dave, page.id)


def _figures(pattern: re.Pattern[str], text: str) -> dict[str, int]:
    """Each player's figure by name, as `pattern` reads it from `text`."""
    found = {m["name"]: int(m["figure"].replace("−", "-")) for m in pattern.finditer(text)}
    assert found, text
    return found


def _off(page: discord.Message) -> set[str]:
    """The labels of the page buttons that are disabled."""
    return {button.label for button in page_buttons(page).values() if button.disabled}


# Each game's jumps under the step buttons, as its events mark them.
BACKS = {"sinkorswim": {"Previous round", "Previous trick"}, "sequence": {"Previous turn"}}
ONS = {"sinkorswim": {"Next round", "Next trick"}, "sequence": {"Next turn"}}


@pytest.mark.parametrize("key", ["sinkorswim", "sequence"])
async def test_i39_the_replays_last_step_shows_the_results_figures(world, key):
    result, record = await _finished(world, key)
    first, moves = await kept(world.env.bot.storage, record)
    assert len(moves) == record.extra.replay_moves
    page = await _opened(world, result, key)
    assert step_of(embed_text(page)) == (0, len(moves))
    last = await _turn(world, page, "last")
    text = embed_text(last)
    assert step_of(text) == (len(moves), len(moves))
    told = _figures(RESULT_ROWS[key], embed_text(result))
    assert _figures(TABLE_ROWS[key], text) == told and len(told) == len(record.seats)
    winner = max(told, key=told.__getitem__)
    assert f"{winner} wins!" in embed_text(result) and f"{winner} wins with " in text
    # The step drawn is the game saved at the end, not one rebuilt differently.
    step, _marks = step_and_marks(key, first, moves, len(moves))
    assert step.game.to_dict() == GAMES[key].from_dict(record.state).to_dict()
    if key == "sinkorswim":  # every round's points, adding up to the totals of the result
        assert "· final" in text
        rounds = re.findall(r"^R\d+: (.*)$", text, re.M)
        assert len(rounds) == len(record.seats)
        for name, total in told.items():
            scored = [
                int(re.search(rf"{re.escape(name)} ([-−+]?\d+)", row)[1].replace("−", "-"))
                for row in rounds
            ]
            assert sum(scored) == total, (name, rounds)


@pytest.mark.parametrize("key", ["sinkorswim", "sequence"])
async def test_i39_a_replay_steps_every_way_and_stops_at_either_end(world, key):
    result, record = await _finished(world, key)
    first, moves = await kept(world.env.bot.storage, record)
    count = len(moves)
    marks = [{"round_start"}] if key == "sinkorswim" else []
    _end, found = step_and_marks(key, first, moves, len(moves), marks)
    page = await _opened(world, result, key)
    # step 0: nowhere further back
    assert _off(page) == {"First step", "Previous step", *BACKS[key]}
    second = await _turn(world, page, "next")
    assert step_of(embed_text(second)) == (1, count) and "\n> " in embed_text(second)
    assert _off(second) == set()
    assert step_of(embed_text(await _turn(world, second, "back"))) == (0, count)
    last = await _turn(world, fresh(world.channel, world.people["dave"], page.id), "last")
    assert step_of(embed_text(last)) == (count, count)
    assert _off(last) == {"Next step", "Last step", *ONS[key]}  # nowhere further on
    before = await _turn(world, last, "back")
    assert step_of(embed_text(before)) == (count - 1, count)
    # the step before the end: the last trick (or turn) is still ahead, no other round
    assert _off(before) == ({"Next round"} if key == "sinkorswim" else set())
    last = await _turn(world, before, "next")
    assert step_of(embed_text(last)) == (count, count)
    dealt = await _turn(world, last, "first")  # ⏮️ is the deal, from anywhere
    assert step_of(embed_text(dealt))[0] == 0
    if key == "sequence":
        return
    # Sink or Swim: a round per seat; ⏪ leads to each round's first step, then the deal.
    (starts,) = found
    assert len(starts) == len(record.seats) - 1  # each round after the first, by its move
    shown = await _turn(world, dealt, "last")
    for number in range(len(starts) + 1, 1, -1):
        shown = await _turn(world, shown, "Previous round")
        text = embed_text(shown)
        assert step_of(text)[0] == starts[number - 2], text
        assert f"round {number} of {len(starts) + 1} · trick 1 of 12" in text
        assert f"> Round {number} of {len(starts) + 1} begins." in text  # the move told
    dealt = await _turn(world, shown, "Previous round")
    assert step_of(embed_text(dealt))[0] == 0


def _card_numbers(text: str) -> set[int]:
    """Weather-card numbers a text may show: 13–60 (tide cards, tricks, rounds and belts
    are 12 or less), with scores left out as the leak checks of test_sink_or_swim do."""
    return {int(n) for n in NUMBER.findall(SCORE.sub("", text)) if int(n) >= 13}


def _secret(game: SinkOrSwimGame) -> set[int]:
    """The cards the table would not show at this step: every card still in a hand (a pick
    made is still in it until the reveal), less those a trick has revealed (a hand passed on
    may hold them again)."""
    revealed = {card for trick in game.history for _seat, card in trick["plays"]}
    return {card for seat in range(len(game.names)) for card in game.hand(seat)} - revealed


async def test_i39_no_sink_or_swim_replay_step_shows_a_hand_or_pick_before_the_end(world):
    result, record = await _finished(world, "sinkorswim")
    first, moves = await kept(world.env.bot.storage, record)
    renderer = SinkOrSwimRenderer("sinkorswim", TEXTS)
    page = await _opened(world, result, "sinkorswim")
    picks_hidden = 0
    for index in range(len(moves)):  # every step before the end
        if index:
            page = await _turn(world, page, "next")
        assert step_of(embed_text(page))[0] == index
        body = page.embeds[0].description or ""  # the footer's page numbers are not cards
        game = step_and_marks("sinkorswim", first, moves, index)[0].game
        assert isinstance(game, SinkOrSwimGame)
        secret = _secret(game)
        assert not _card_numbers(body) & secret, (index, _card_numbers(body) & secret, body)
        public = game.view(None)
        # What the public view holds is drawn: who has picked (not what), the tide cards.
        assert "Picks close" not in body  # a replay is not live: no deadline to tell
        marks = re.findall(r"^(✅|⏳|💀) ", body, re.M)  # a row a seat, in seat order
        assert marks == [
            "💀" if player.eliminated else "✅" if player.picked else "⏳"
            for player in public.players
        ], body
        for seat in range(len(public.players)):
            pick = game.picks[seat]
            if pick is not None and pick >= 13 and pick in secret:
                picks_hidden += 1
        for tide in public.tide_cards:
            assert f"🌊 **{tide}**" in body
        # The check can fail: the seat's own hand, as its private message draws it, would.
        if index == 0:
            hand = await renderer.private(record, game, 0)
            assert hand is not None
            drawn = "\n".join(f"{f.name}\n{f.value}" for f in hand.embeds[0].fields)
            mine = {card for card in game.hand(0) if card >= 13} & secret
            assert mine and _card_numbers(drawn) >= mine
    assert picks_hidden  # steps where a pick was made and not yet revealed were checked
