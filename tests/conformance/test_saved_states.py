"""Every registered game, Nim included, refuses a damaged saved state with BadState and
nothing else: real saved states, with a field removed, retyped, cut short or padded, either
load as a game that keeps the contract or are refused as damaged. The bot quarantines a
match on BadState only, so any other error out of a `from_dict` would be a bug left
hidden; here it fails instead."""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tests.nim.engine  # noqa: F401  (registers Nim beside the engines' own games)
from engines.base import GAMES, BadState
from tests.conformance.contract import check_state, tables

JUNK = (None, True, False, -1, 0, 1, 2, 7, 250, 1.5, "", "x", [], [0], [[]], {}, {"x": 1})
STATES_KEPT = 12  # saved states per game the mutations start from
STEPS = 400  # most moves played while collecting them


@cache
def saved_states(key: str) -> tuple[dict[str, Any], ...]:
    """States saved along random legal play at every table size and option."""
    info = GAMES[key]
    rng = random.Random(key)
    states: list[dict[str, Any]] = []
    for game in tables(info, 1):
        for _ in range(STEPS):
            states.append(game.to_dict())
            if game.is_over:
                break
            seat = rng.choice(game.to_act())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    return tuple(rng.sample(states, min(STATES_KEPT, len(states))))


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a saved state (keys and indices)."""
    found = [path] if path else []
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return found
    for key, inner in items:
        found.extend(_places(inner, (*path, key)))
    return found


@st.composite
def damaged(draw: st.DrawFn, key: str) -> dict[str, Any]:
    """A real saved state cut short, or with one to three fields damaged."""
    state = copy.deepcopy(draw(st.sampled_from(saved_states(key))))
    if draw(st.booleans()):
        return {name: state[name] for name in list(state)[: draw(st.integers(0, len(state)))]}
    for _ in range(draw(st.integers(1, 3))):
        places = _places(state)
        if not places:
            break
        *parents, last = draw(st.sampled_from(places))
        holder = state
        for step in parents:
            holder = holder[step]
        _damage(draw, holder, last)
    return state


def _damage(draw: st.DrawFn, holder: Any, last: Any) -> None:
    how = draw(st.sampled_from(("remove", "retype", "cut", "pad")))
    value = holder[last]
    if how == "remove":
        del holder[last]
    elif how == "cut" and isinstance(value, list | str):
        holder[last] = value[: draw(st.integers(0, max(0, len(value) - 1)))]
    elif how == "cut" and isinstance(value, dict):
        kept = list(value)[: draw(st.integers(0, max(0, len(value) - 1)))]
        holder[last] = {name: value[name] for name in kept}
    elif how == "pad" and isinstance(value, list):
        value.append(copy.deepcopy(draw(st.sampled_from(JUNK))))
    else:
        holder[last] = copy.deepcopy(draw(st.sampled_from(JUNK)))


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_damaged_saved_state_is_refused_as_bad_state_only(key: str, data: st.DataObject):
    info = GAMES[key]
    state = data.draw(damaged(key))
    try:
        game = info.from_dict(copy.deepcopy(state))
    except BadState:
        return
    check_state(info, game, f"{key} loaded from {state!r}")


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("state", [{}, {"schema": 2}, {"names": ["a", "b"]}], ids=repr)
def test_an_empty_or_truncated_saved_state_is_refused_as_bad_state(key: str, state: dict):
    with pytest.raises(BadState):
        GAMES[key].from_dict(state)
