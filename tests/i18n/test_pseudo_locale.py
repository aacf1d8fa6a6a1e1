"""Every text through the catalogs: in a pseudo-language made from the template at test
time (every letter accented, every text 40 % longer), whole AI games of all three games
are drawn (each table, each seat's hand, every prompt and option, every event, the rules,
the lobby and the result) with every refusal and platform answer. Any plain English letter
left is a text that never went through a catalog; every message must still fit Discord."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import discord
import pytest

from bot.errors import Notice, NotSaved, Refusal, SavedNotShown
from bot.play.lobby import AI_NAMES
from bot.storage import EndReason, MatchRecord, MatchStatus, Seat
from cogs.desk.lobby import lobby_table
from cogs.desk.result import ended_table, result_message
from cogs.games.flip7 import Flip7Renderer
from cogs.games.flip7.texts import TEXTS as FLIP7
from cogs.games.sequence import SequenceRenderer
from cogs.games.sinkorswim.texts import TEXTS as SINK
from cogs.tools import permissions
from cogs.ui.components import GameRenderer, TableMessage
from cogs.ui.layout import Picture, Text
from cogs.wording import i18n
from cogs.wording.replies import (
    ENDED,
    NOTICES,
    REFUSALS,
    ended_text,
    failure_answer,
    notice_text,
    refusal_text,
)
from cogs.wording.words import event_text
from engines import flip7
from engines.base import GAMES, AnyGameInfo, Event, Game, IllegalMove, packaged_games
from tests.conformance.contract import layout_within_limits
from tests.engines.sequence_numbers.test_sequence_texts import _refusals as sequence_refusals
from tests.engines.sink_or_swim.test_sos_texts import REFUSALS as SINK_REFUSALS
from tests.i18n.catalogs import PSEUDO, english_letters, pseudo_translations

MEMBERS = ["Ann", "Bao", "Citra", "Dan", "Eve", "Fay"]
ALLOWED = [*MEMBERS, *AI_NAMES, *packaged_games(), "Joker", "genius", "zap", "zz"]

# Discord's limits on what one message may hold.
LIMITS = {"title": 256, "description": 4096, "field name": 256, "field value": 1024}
FOOTER, FIELDS, EMBED_TOTAL, CONTENT = 2048, 25, 6000, 2000
LABEL, OPTION, PLACEHOLDER = 80, 100, 150


@pytest.fixture(scope="module", autouse=True)
def pseudo_language() -> Iterator[None]:
    i18n.install(PSEUDO, pseudo_translations())
    with i18n.reading(PSEUDO):
        yield
    i18n.forget(PSEUDO)


class Seen:
    """Every text drawn, checked for English and for Discord's limits as it comes."""

    def __init__(self) -> None:
        self.count = 0

    def text(self, text: str | None, where: str) -> None:
        if not text:
            return
        self.count += 1
        leaked = english_letters(text, ALLOWED)
        assert not leaked, f"English in {where}: {leaked} in {text!r}"

    def embed(self, embed: discord.Embed) -> None:
        self.text(embed.title, "a title")
        self.text(embed.description, "a description")
        assert len(embed.title or "") <= LIMITS["title"]
        assert len(embed.description or "") <= LIMITS["description"]
        assert len(embed.fields) <= FIELDS
        for field in embed.fields:
            self.text(field.name, "a field's name")
            self.text(field.value, "a field's value")
            assert len(field.name or "") <= LIMITS["field name"], field.name
            assert len(field.value or "") <= LIMITS["field value"], field.value
        self.text(embed.footer.text, "a footer")
        assert len(embed.footer.text or "") <= FOOTER
        assert len(embed) <= EMBED_TOTAL

    def table(self, table: TableMessage | None) -> None:
        if table is None:
            return
        self.text(table.content, "a message")
        assert len(table.content or "") <= CONTENT
        for embed in table.embeds:
            self.embed(embed)
        assert sum(len(embed) for embed in table.embeds) <= EMBED_TOTAL
        if table.layout is not None:
            self.layout(table)
        for file in table.files:
            self.text(file.description, "a picture's description")
        for item in table.items:
            self.item(getattr(item, "item", item))

    def layout(self, table: TableMessage) -> None:
        """Each text and picture of a layout, and the layout as sent within Discord's
        limits (components, text, parts kept whole)."""
        assert table.layout is not None
        for block in table.layout.blocks:
            if isinstance(block, Text):
                self.text(block.text, f"the {block.part.name.lower()} part")
            elif isinstance(block, Picture):
                self.text(block.description, "a picture's description")
        layout_within_limits(table, "a layout")

    def item(self, item: Any) -> None:
        if isinstance(item, discord.ui.Button):
            self.text(item.label, "a button")
            assert len(item.label or "") <= LABEL
        elif isinstance(item, discord.ui.Select):
            self.text(item.placeholder, "a select's placeholder")
            assert len(item.placeholder or "") <= PLACEHOLDER
            for option in item.options:
                self.text(option.label, "a select option")
                assert len(option.label) <= OPTION


def _record(key: str, seats: int, options: dict[str, Any]) -> MatchRecord:
    """A match whose last seat is an AI from the start and whose second the AI plays for
    its absent member, so both ways of being an AI are drawn."""
    names = [*MEMBERS, *(f"{MEMBERS[i % len(MEMBERS)]}{i}" for i in range(len(MEMBERS), seats))]
    chairs = [Seat(names[i], user_id=100 + i) for i in range(seats - 1)]
    chairs.append(Seat(AI_NAMES[0], ai=GAMES[key].ai_levels[-1]))
    if seats > 2:
        chairs[1].ai = GAMES[key].ai_levels[-1]
    return MatchRecord(
        id=1,
        guild_id=1,
        channel_id=1,
        game=key,
        host_id=100,
        status=MatchStatus.PLAYING,
        version=0,
        seats=chairs,
        options=options,
        state=None,
        log=[],
    )


async def _play(
    renderer: GameRenderer, record: MatchRecord, seen: Seen, seed: int, hands: bool
) -> Game:
    """One AI game drawn at every move: the table, each seat's hand and every event."""
    info = GAMES[record.game]
    seen.table(lobby_table(record, renderer))
    game = info.new_game([s.name for s in record.seats], seed, **record.options)
    record.log = [Event("match.start", {"players": len(record.seats)}), *game.opening_events()]
    names = renderer.names(record)
    rng = random.Random(seed)
    for step in range(3000):
        if game.outcome() is not None:
            break
        seen.table(await renderer.table(record, game))
        if hands or step < 40:
            for seat in range(len(record.seats)):
                seen.table(await renderer.private(record, game, seat))
        seat = rng.choice(game.to_act())
        events = game.apply(seat, info.choose_ai(game, seat, rng.choice(info.ai_levels)))
        for event in events:
            seen.text(event_text(renderer.texts, event, names), f"event {event.kind}")
        record.log = [*record.log, *events][-80:]
        record.version += 1
    for event in (
        Event("match.timeout", {"seat": 0}),
        Event("match.handover", {"seat": 0, "missed": 3}),
        Event("match.returned", {"seat": 0}),
        Event("match.left", {"seat": 0}),
        Event("match.abandoned", {"seat": 0}),
    ):
        seen.text(event_text(renderer.texts, event, names), event.kind)
    record.status = MatchStatus.FINISHED
    seen.table(await renderer.table(record, game))
    seen.table(result_message(record, game, renderer.texts))
    return game


def _richest(info: AnyGameInfo, seats: int) -> dict[str, Any]:
    """Options that draw the most in the fewest moves at a table of `seats`: every switch
    on, the lowest bound (a short game), and the last choice the rules take there."""
    chosen: dict[str, Any] = {}
    for option in info.options:
        if isinstance(option.default, bool):
            candidates: tuple[Any, ...] = (True,)
        elif option.choices:
            candidates = tuple(reversed(option.choices))
        else:
            candidates = (option.low,)
        chosen[option.name] = next(
            (value for value in candidates if _dealt(info, seats, {**chosen, option.name: value})),
            option.default,
        )
    return {name: value for name, value in chosen.items() if value is not None}


def _dealt(info: AnyGameInfo, seats: int, options: dict[str, Any]) -> bool:
    try:
        info.new_game([f"P{seat}" for seat in range(seats)], 1, **info.check_options(options))
    except IllegalMove:
        return False
    return True


def _tables() -> list[tuple[str, int, str]]:
    """For every game the engines package (a 4th is drawn here with no line written for
    it): its largest table with the richest options, and its smallest with the defaults."""
    return [
        (key, seats, size)
        for key in sorted(packaged_games())
        for seats, size in (
            (GAMES[key].seat_counts()[-1], "largest"),
            (GAMES[key].seat_counts()[0], "smallest"),
        )
    ]


@pytest.mark.parametrize(("key", "seats", "size"), _tables())
async def test_every_table_hand_and_event_is_translated_and_fits(key, seats, size, simcord_env):
    info = GAMES[key]
    renderer = simcord_env.bot.get_cog("Desk").renderers[key]
    options = _richest(info, seats) if size == "largest" else {}
    seen = Seen()
    record = _record(key, seats, options)
    # A game that draws pictures draws its hands for the first moves only (Pillow is slow).
    await _play(renderer, record, seen, seats, hands=not renderer.draws_pictures)
    for option in info.options:
        if isinstance(option.default, bool):
            values: tuple[Any, ...] = (False, True)
        else:
            values = (option.default, *option.choices, option.low, option.high)
        for value in values:
            if value is not None:
                seen.embed(renderer.rules({option.name: value}))
    seen.embed(renderer.rules(options))
    assert seen.count > 100


def _flip7_refusals() -> list[Callable[[], object]]:
    game = flip7.new_game(["a", "b"], 1, deck=["Zero", "5"], dealer=1)
    return [
        lambda: game.apply(5, flip7.HIT),
        lambda: game.apply(1, flip7.HIT),
        lambda: game.apply(0, flip7.STAY),
        lambda: game.apply(0, flip7.ChoosePlayer(0)),
        lambda: flip7.action_from_code("zap"),
        lambda: flip7.new_game(["a"], 1),
        lambda: flip7.new_game(["a", ""], 1),
        lambda: flip7.new_game(["a", "b"], 1, goal=5),
        lambda: flip7.new_game(["a", "b"], 1, brutal="yes"),
        lambda: flip7.new_game(["a", "b"], 1, deck=["Swap"] * 3),
        lambda: flip7.card_from_label("Joker"),
        lambda: GAMES["flip7"].choose_ai(game, 0, "genius"),
        lambda: flip7.Flip7Game.from_dict({**game.to_dict(), "schema": 9}),
    ]


def _errors() -> list[tuple[str, IllegalMove]]:
    found = [("sequence", error) for error in sequence_refusals()]
    calls = [("flip7", call) for call in _flip7_refusals()]
    calls += [("sinkorswim", call) for _kind, call, _word in SINK_REFUSALS]
    for key, call in calls:
        with pytest.raises(IllegalMove) as refused:
            call()
        found.append((key, refused.value))
    # A game the engines package but whose refusals aren't provoked here fails, not passes.
    assert {key for key, _error in found} == packaged_games()
    return found


def test_every_refusal_of_every_game_is_translated():
    renderers = {"flip7": FLIP7, "sinkorswim": SINK, "sequence": SequenceRenderer().texts}
    seen = Seen()
    seats = [Seat(name, user_id=i) for i, name in enumerate(MEMBERS[:4])]
    for key, error in _errors():
        refusal = Refusal("illegal_move", game=key, error=error, seats=seats)
        seen.text(refusal_text(refusal, renderers.get), f"{key} refusal {error.kind}")
    assert seen.count >= 40


def test_every_platform_answer_is_translated():
    """bot/'s refusals, notices and end reasons, worded by cogs/wording/replies.py; failures and
    missing permissions; a lobby and a table that ended early."""
    seen = Seen()
    texts = {"flip7": FLIP7}.get
    data = {"count": 5, "game": "flip7", "least": 2, "missing": 1, "name": "Ann", "host": "Bao"}
    data |= {"round": 3, "known": "1, 2", "thread": "<#1>"}
    data["limit"] = 25
    seats = [Seat("Ann", user_id=1), Seat("Ada", ai="strong")]
    kinds = ["not_your_turn", "channel_full", "member_full", "too_few_players", "wrong_game"]
    for kind in [*REFUSALS, *kinds]:
        seen.text(refusal_text(Refusal(kind, seats=seats, **data), texts), kind)
    for kind in [*NOTICES, "ai_joined", "ai_left", "ended"]:
        notice = Notice(kind, {"name": "Ann", "host": "Bao", "level": "strong"})
        seen.text(notice_text(notice, ended_text(EndReason.RESET_BY_HOST, {"name": "Ann"})), kind)
    for reason in ENDED:
        seen.text(ended_text(reason, {"name": "Ann"}), reason)
    for error in (NotSaved(1), SavedNotShown("flip7"), RuntimeError()):
        seen.text(failure_answer(error), type(error).__name__)
    seen.text(failure_answer(NotSaved(1), move=True), "a move not saved")
    lacking = list(permissions.NAMES)
    seen.text(permissions.cannot_start(lacking), "cannot start")
    seen.text(permissions.saved_not_shown(lacking, "flip7"), "not shown")
    seen.text(permissions.saved_not_shown([], "flip7"), "not shown")
    record = _record("flip7", 3, {"goal": 100, "brutal": True})
    record.status = MatchStatus.LOBBY
    seen.table(lobby_table(record, Flip7Renderer("flip7", FLIP7), "notice"[:0] or None))
    record.end(EndReason.HOST_CANCELLED)
    seen.table(lobby_table(record, Flip7Renderer("flip7", FLIP7)))
    seen.table(ended_table(record, FLIP7.title))
