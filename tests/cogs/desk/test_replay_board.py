"""A Sequence Numbers replay shows the board at every step (issue 46, item 4): the picture
the live table draws for that moment, under the table's text, and a sentence for every
step, a card or a row chosen in a member's hand included; read in English, Vietnamese and
Indonesian by members whose Discord is in those languages."""

from __future__ import annotations

import re

import discord
import pytest

from bot.play.replay import step_and_marks
from bot.play.replay_log import kept
from cogs.games.sequence.board import render_board
from playground.sim_locales import client_locales
from tests.cogs.desk.test_replay_games import _finished, _opened
from tests.cogs.desk.test_replay_view import step_of
from tests.cogs.helpers import embed_text, is_layout
from tests.cogs.players import fresh
from tests.cogs.server.test_standings import page_buttons

pytestmark = pytest.mark.game_seed(7)  # the same deal every run: alice against Ada (AI)

# A step's move as the replay tells it, in the language of the member reading it: a
# chip played (or removed), and the steps of alice's hand that made no event.
PLAYED = {
    "en": re.compile(r"^> \S+(?: \(AI\))? played .+\.$"),
    "vi": re.compile(r"^> \S+(?: \(AI\))? đánh .+\.$"),
    "id": re.compile(r"^> \S+(?: \(AI\))? memainkan .+\.$"),
}
CHOSE = {"en": "> alice chose ", "vi": "> alice chọn ", "id": "> alice memilih "}
NEXT = {"en": "Next step", "vi": "Bước sau", "id": "Langkah berikutnya"}
FOOTER = {"vi": "Bước {step}/{count}", "id": "Langkah {step} dari {count}"}


def _told(page: discord.Message) -> list[str]:
    """The lines above the table that tell the step's move."""
    description = page.embeds[0].description or ""
    return [line for line in description.split("\n") if line.startswith("> ")]


async def _board(page: discord.Message) -> bytes:
    """The board the step shows: its embed's image, the picture attached to it."""
    (attachment,) = page.attachments
    assert attachment.filename == "board.png"
    assert page.embeds[0].image.url == "attachment://board.png"
    assert "Sequence Numbers" in attachment.description  # the board in words, for screen readers
    return await attachment.read()


def _live_board_message(world) -> discord.Message:
    """The live table as the match left it: its last board, in the channel."""
    for message in reversed(world.channel.history(viewer=world.people["dave"])):
        if is_layout(message) and [a.filename for a in message.attachments] == ["board.png"]:
            return message
    raise AssertionError("no table with a board")


async def test_i46_4_every_step_of_a_sequence_replay_shows_the_board_and_tells_its_move(world):
    result, record = await _finished(world, "sequence")
    first, moves = await kept(world.env.bot.storage, record)
    page = await _opened(world, result, "sequence")
    quiet = 0
    for index in range(len(moves) + 1):
        if index:
            button = page_buttons(page)["Next step"]
            assert (await world.people["dave"].click(page, custom_id=button.custom_id)).acknowledged
            page = fresh(world.channel, world.people["dave"], page.id)
        assert step_of(embed_text(page)) == (index, len(moves))
        step, _marks = step_and_marks("sequence", first, moves, index)
        # The board of that moment, drawn by the live table's own drawer.
        assert await _board(page) == render_board(step.game.view(None)), index
        told = _told(page)
        if not index:
            assert not told and "as dealt, before the first move" in embed_text(page)
            continue
        assert len(told) >= 1, (index, embed_text(page))
        if step.events:
            assert PLAYED["en"].match(told[0]) or "has no legal move" in told[0], told
        else:  # a step of alice's hand: a card (or a row) chosen, said so
            quiet += 1
            assert told[0].startswith(CHOSE["en"]) or " went back " in told[0], told
    assert quiet >= len(moves) // 4  # alice's turns took a card, then a cell
    # The last step is the board the live table was left with.
    (live,) = _live_board_message(world).attachments
    assert await _board(page) == await live.read()


@pytest.mark.parametrize("language", ["vi", "id"])
async def test_i46_4_a_sequence_replay_is_told_in_the_readers_language(world, language):
    """dave reads the replay in his Discord's language: the steps' sentences, the board
    and the buttons; the server stays in English."""
    result, record = await _finished(world, "sequence")
    _first, moves = await kept(world.env.bot.storage, record)
    client_locales(world.env).set(world.people["dave"], language)
    opened = await world.people["dave"].click(result, label="Replay")  # the server's words
    assert opened.acknowledged and opened.ephemeral
    page = opened.response.message
    seen_played = seen_chose = False
    for index in range(1, 7):  # the first moves: the AI's plays and alice's card choices
        button = page_buttons(page)[NEXT[language]]
        assert (await world.people["dave"].click(page, custom_id=button.custom_id)).acknowledged
        page = fresh(world.channel, world.people["dave"], page.id)
        text = embed_text(page)
        assert FOOTER[language].format(step=index, count=len(moves)) in text
        assert await _board(page)
        told = _told(page)
        assert told, text
        seen_played |= bool(PLAYED[language].match(told[0]))
        seen_chose |= told[0].startswith(CHOSE[language])
        assert " played " not in text and " chose " not in text  # nothing left in English
    assert seen_played and seen_chose
