"""One set of checks every registered game must pass, so a new game gets them without
writing them (OpenSpiel runs one simulation test over all its games). Each check raises
AssertionError naming the game, the seed and the step; `test_conformance_catches.py` shows
each one catching a game broken on purpose."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from typing import Any

from bot.storage import MatchRecord, MatchStatus, Seat
from cogs.ui.components import GameRenderer, TableMessage
from cogs.ui.layout import COMPONENT_LIMIT, TEXT_LIMIT
from cogs.wording.words import COMMON_ERRORS, event_text
from engines.base import Decision, Event, Game, GameInfo, IllegalMove, Outcome

CODE = re.compile(r"[A-Za-z0-9_.-]{1,40}")
REASON = re.compile(r"(?!finished$)[a-z][a-z_]*")
GENERIC_REFUSAL = "That move isn't allowed right now."
STEP_LIMIT = 5000
RELOAD_EVERY = 7  # moves between the twin's reloads (and comparisons)
WRONG_VALUES = (True, 1.5, "1", None)  # each is a wrong type for any field of an action
EMBED_TOTAL, DESCRIPTION, FIELD_VALUE, FIELD_NAME, FIELDS = 6000, 4096, 1024, 256, 25
LABEL, OPTIONS, ROWS = 80, 25, 5
ACTION_ROW, TEXT_DISPLAY = 1, 10  # Discord's component types


def tables(info: GameInfo, seed: int) -> Iterator[Game]:
    """New games to play: every player count with the defaults, then every value each
    option allows (its choices, its bounds, both truth values) at the smallest table whose
    deal the rules accept with it."""
    counts = range(info.min_players, info.max_players + 1)
    for players in counts:
        game = deal(info, players, {}, seed + players)
        if game is not None:
            yield game
    for option in info.options:
        if isinstance(option.default, bool):
            values: tuple[Any, ...] = (False, True)
        elif option.choices:
            values = option.choices
        else:
            values = tuple(v for v in (option.low, option.high) if v is not None)
        for value in values:
            dealt = (
                deal(info, players, {option.name: value}, seed + players) for players in counts
            )
            game = next((game for game in dealt if game is not None), None)
            assert game is not None, f"{info.key}: no table takes {option.name}={value!r}"
            yield game


def deal(info: GameInfo, players: int, options: dict[str, Any], seed: int) -> Game | None:
    """A new game, or None where the rules refuse these options at this table."""
    try:
        checked = info.check_options(options)
        return info.new_game([f"P{seat}" for seat in range(players)], seed, **checked)
    except IllegalMove:
        return None


class Seen:
    """What a game's play produced, for checking that every kind has words."""

    def __init__(self) -> None:
        self.events: dict[str, Event] = {}
        self.decisions: dict[str, Decision] = {}
        self.errors: dict[str, IllegalMove] = {}
        self.states: list[Game] = []
        # moves that made no event (a card chosen before its cell), by decision and move
        self.quiet: dict[tuple[str, str], tuple[Decision, Any]] = {}


def play(info: GameInfo, game: Game, seed: int, seen: Seen, keep_every: int = 25) -> None:
    """Random legal play to the end, checking the contract at every step; a twin played
    by move codes and reloaded from JSON every few moves must stay the same game."""
    rng = random.Random(seed)
    twin = info.from_dict(game.to_dict())
    for event in game.opening_events():
        seen.events.setdefault(event.kind, event)
    for step in range(STEP_LIMIT):
        where = f"{info.key} seed {seed} step {step}"
        check_state(info, game, where)
        if step % keep_every == 0:
            seen.states.append(info.from_dict(game.to_dict()))
        if game.is_over:
            return
        seat = rng.choice(game.to_act())
        decision = game.decision(seat)
        assert decision is not None and decision.options, where
        seen.decisions.setdefault(decision.kind, decision)
        check_refusals(info, game, seat, decision, seen, where)
        action = rng.choice(decision.options)
        events = game.apply(seat, action)
        for event in events:
            seen.events.setdefault(event.kind, event)
        if not events:
            seen.quiet.setdefault((decision.kind, type(action).__name__), (decision, action))
        twin.apply(seat, info.action_from_code(action.code))
        if step % RELOAD_EVERY == 0:
            assert twin.to_dict() == game.to_dict(), f"{where}: a reloaded game went astray"
            twin = info.from_dict(twin.to_dict())
    raise AssertionError(f"{info.key} seed {seed}: no end after {STEP_LIMIT} moves")


def check_state(info: GameInfo, game: Game, where: str) -> None:
    """Round trip, who acts, codes, and an outcome that agrees with the end."""
    saved = game.to_dict()
    assert info.from_dict(saved).to_dict() == saved, f"{where}: JSON round trip"
    players = len(game.names)
    acting = game.to_act()
    assert set(acting) <= set(range(players)), f"{where}: to_act {acting}"
    if game.is_over:
        outcome = game.outcome()
        assert outcome is not None and not acting, f"{where}: over without an outcome"
        assert set(outcome.winners) <= set(range(players)), f"{where}: winners"
        assert len(outcome.scores) == players, f"{where}: scores for every seat"
        check_outcome(outcome, where)
        assert all(game.decision(seat) is None for seat in range(players)), where
        return
    assert game.outcome() is None and acting, f"{where}: an outcome before the end"
    for seat in acting:
        decision = game.decision(seat)
        assert decision is not None and decision.seat == seat, f"{where}: {seat} is asked"
        assert list(decision.options) == game.legal_actions(seat), f"{where}: options"
        for option in decision.options:
            assert CODE.fullmatch(option.code), f"{where}: move code {option.code!r}"
            assert info.action_from_code(option.code) == option, f"{where}: {option.code}"


def check_outcome(outcome: Outcome, where: str) -> None:
    """Places and teams for every seat: the winners, and only they, are 1st (all are, on a
    draw), a place is one more than the teams ahead, and a team finishes in one place."""
    players = len(outcome.scores)
    assert len(outcome.places) == len(outcome.teams) == players, f"{where}: places, teams"
    firsts = {seat for seat, place in enumerate(outcome.places) if place == 1}
    assert firsts == (set(outcome.winners) or set(range(players))), f"{where}: 1st place"
    for seat, place in enumerate(outcome.places):
        ahead = {outcome.teams[o] for o, other in enumerate(outcome.places) if other < place}
        assert place == len(ahead) + 1, f"{where}: seat {seat} is {place}th behind {ahead}"
    for team in set(outcome.teams):
        shared = {outcome.places[s] for s in range(players) if outcome.teams[s] == team}
        assert len(shared) == 1, f"{where}: team {team} split over places {shared}"
    # Why it ended, as a kind of the game's own rules (not the default left for old code).
    assert REASON.fullmatch(outcome.reason), f"{where}: ended for {outcome.reason!r}"


def check_refusals(
    info: GameInfo, game: Game, seat: int, decision: Decision, seen: Seen, where: str
) -> None:
    """Only the decision's options are accepted: another seat, a seat that is no int, a
    value of the wrong type and a thing that is no action are refused, changing nothing."""
    before = game.to_dict()
    option = decision.options[0]
    others = [s for s in range(len(game.names)) if s not in game.to_act()]
    attempts: list[tuple[Any, Any]] = [(wrong, option) for wrong in (True, "0", 1.0, None, -1)]
    attempts += [(other, option) for other in others[:1]]
    attempts += [(seat, "not an action"), (seat, None)]
    attempts += [(seat, wrong) for wrong in _wrong_typed(option)]
    for who, what in attempts:
        try:
            game.apply(who, what)
        except IllegalMove as error:
            seen.errors.setdefault(error.kind, error)
        else:
            raise AssertionError(f"{where}: apply({who!r}, {what!r}) was accepted")
    assert game.to_dict() == before, f"{where}: a refused move changed the game"


def _wrong_typed(action: Any) -> list[Any]:
    """Copies of `action` with one field of a wrong type (True for 1, "5" for 5...)."""
    if not dataclasses.is_dataclass(action):
        return []
    copies = []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        for wrong in WRONG_VALUES:
            if type(wrong) is not type(value):
                copies.append(dataclasses.replace(action, **{field.name: wrong}))
    return copies


def check_views(info: GameInfo, game: Game, seed: int, where: str) -> bool:
    """Every seat's view is one it could not tell from a resampled game (OpenSpiel's
    resample_from_infostate): a view that leaks another seat's hidden cards differs, and so
    does a practice hint that reads them. True
    when a resample changed what some other seat sees (hidden cards really moved)."""
    rng = random.Random(seed)
    moved = False
    players = range(len(game.names))
    for seat in players:
        view = game.view(seat)
        assert game.view(seat) == view, f"{where}: view({seat}) is not stable"
        sample = game.resample(seat, rng)
        info.from_dict(sample.to_dict())  # a resample is a state the rules accept
        assert sample.view(seat) == view, f"{where}: seat {seat}'s view shows hidden cards"
        if info.hint is not None and game.decision(seat) is not None:
            hint = info.hint(game, seat)
            assert info.hint(sample, seat) == hint, (
                f"{where}: seat {seat}'s hint reads hidden cards"
            )
        moved = moved or any(sample.view(other) != game.view(other) for other in players)
    return moved


def check_judged(info: GameInfo, renderer: GameRenderer, game: Game, seed: int, where: str) -> None:
    """A game with an analysis values each seat's decision from that seat's view alone (a
    resample judges it the same), in a `Judged` whose cost is the best option's value less
    the one made, and the game has a line of words for it."""
    if info.judge is None:
        return
    rng = random.Random(seed)
    names = [f"P{seat}" for seat in range(len(game.names))]
    for seat in range(len(game.names)):
        decision = game.decision(seat)
        if decision is None:
            continue
        sample = game.resample(seat, rng)
        for action in {decision.options[0], info.choose_ai(game, seat, info.ai_levels[0])}:
            found = info.judge(game, seat, action)
            assert info.judge(sample, seat, action) == found, f"{where}: judge reads hidden cards"
            if found is None:
                continue
            assert found.chosen == action.code and found.best in found.values, where
            gap = found.values[found.best] - found.values[found.chosen]
            assert found.cost >= 0 and abs(found.cost - max(0.0, gap)) < 1e-9, where
            line = renderer.analysis_line(1, found, names, seat)
            assert line and "{" not in line, f"{where}: analysis line {line!r}"


def check_texts(renderer: GameRenderer, seen: Seen, names: list[str]) -> None:
    """Every event, decision, option and refusal kind the game produced has words, and so
    has every move that made no event (a replay tells each step)."""
    texts, key = renderer.texts, renderer.key
    for kind, event in seen.events.items():
        try:
            text = event_text(texts, event, names)
        except (KeyError, LookupError) as error:
            raise AssertionError(f"{key}: no words for event {kind!r}") from error
        assert text and "{" not in text, f"{key}: event {kind!r} reads {text!r}"
    for kind, decision in seen.decisions.items():
        try:
            text = texts.decision(decision, names)
        except (KeyError, LookupError) as error:
            raise AssertionError(f"{key}: no words for decision {kind!r}") from error
        assert text and "{" not in text, f"{key}: decision {kind!r} reads {text!r}"
    for kind, error in seen.errors.items():
        text = texts.error(error, names)
        assert text != GENERIC_REFUSAL or kind in COMMON_ERRORS, f"{key}: refusal {kind!r}"
    for (kind, move), (decision, action) in seen.quiet.items():
        text = renderer.choice_line(decision, action, names)
        assert text and "{" not in text, f"{key}: no replay words for {move} at {kind!r}"


def record_for(info: GameInfo, game: Game) -> MatchRecord:
    seats = [Seat(name, user_id=100 + n) for n, name in enumerate(game.names)]
    return MatchRecord(
        id=1,
        guild_id=1,
        channel_id=1,
        game=info.key,
        host_id=100,
        status=MatchStatus.FINISHED if game.is_over else "playing",
        version=1,
        seats=seats,
        options={},
        state=game.to_dict(),
        log=[],
    )


async def check_render(info: GameInfo, renderer: GameRenderer, game: Game, where: str) -> None:
    """The table and every private view draw, within Discord's limits."""
    record = record_for(info, game)
    within_limits(await renderer.table(record, game), f"{where}: table")
    if not game.is_over:
        for seat in range(len(game.names)):
            private = await renderer.private(record, game, seat)
            if private is not None:
                within_limits(private, f"{where}: seat {seat}'s private view")


def within_limits(message: TableMessage, where: str) -> None:
    """Discord's limits: an embed message's embeds, fields and rows of controls; a layout's
    components (nested ones too) and text, the controls wherever they sit."""
    assert len(message.embeds) <= 10, where
    for embed in message.embeds:
        assert len(embed) <= EMBED_TOTAL, f"{where}: {len(embed)} characters"
        assert len(embed.description or "") <= DESCRIPTION, f"{where}: description"
        assert len(embed.fields) <= FIELDS, f"{where}: {len(embed.fields)} fields"
        for field in embed.fields:
            assert len(field.name or "") <= FIELD_NAME, f"{where}: field name"
            assert len(field.value or "") <= FIELD_VALUE, f"{where}: field {field.name!r}"
    if message.layout is not None:
        rows = layout_within_limits(message, where)
    else:
        rows = message.view().to_components()
        assert len(rows) <= ROWS, f"{where}: {len(rows)} rows of controls"
    for row in rows:
        for component in row.get("components", []):
            assert len(component.get("label") or "") <= LABEL, f"{where}: a label"
            assert len(component.get("custom_id") or "") <= 100, f"{where}: a custom id"
            assert len(component.get("options", [])) <= OPTIONS, f"{where}: a menu"
            for choice in component.get("options", []):
                assert len(choice["label"]) <= LABEL, f"{where}: {choice['label']!r}"


def flat_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component of a message as Discord gets it, nested ones too."""
    for component in components:
        yield component
        yield from flat_components(component.get("components", []))
        if "accessory" in component:
            yield component["accessory"]


def layout_within_limits(message: TableMessage, where: str) -> list[dict[str, Any]]:
    """A Components v2 table as sent: at most 40 components and 4,000 characters of text,
    with every part that may not be trimmed (all but the story) kept whole. Returns its
    action rows."""
    assert message.layout is not None
    whole = [block.text for block in message.layout.texts() if not block.trim]
    sent = list(flat_components(message.view().to_components()))
    assert len(sent) <= COMPONENT_LIMIT, f"{where}: {len(sent)} components"
    text = sum(len(c.get("content") or "") for c in sent if c["type"] == TEXT_DISPLAY)
    assert text <= TEXT_LIMIT, f"{where}: {text} characters of text"
    kept = [block.text for block in message.layout.texts() if not block.trim]
    assert kept == whole, f"{where}: a part that must stay whole was cut to fit"
    return [c for c in sent if c["type"] == ACTION_ROW]
