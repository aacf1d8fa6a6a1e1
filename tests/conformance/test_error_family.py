"""Every registered game, Nim included, tells its failures apart by class: a code that
names no move is a BadCode, a setting the game lacks is a BadOption, and both are still
refusals (`IllegalMove`) for the code that only answers them."""

from __future__ import annotations

import pytest

import tests.nim.engine  # noqa: F401  (registers Nim beside the engines' own games)
from engines.base import GAMES, BadCode, BadOption, BadState, IllegalMove


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("code", ["", "zz", "no such move", "p999.Z9"])
def test_a_code_no_move_has_is_a_bad_code(key: str, code: str) -> None:
    with pytest.raises(BadCode) as refused:
        GAMES[key].action_from_code(code)
    assert refused.value.kind == "bad_code"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_setting_the_game_lacks_is_a_bad_option(key: str) -> None:
    with pytest.raises(BadOption) as refused:
        GAMES[key].check_options({"no_such_setting": 1})
    assert (refused.value.kind, refused.value.data) == (
        "unknown_option",
        {"option": "no_such_setting"},
    )


@pytest.mark.parametrize("key", sorted(GAMES))
def test_an_option_out_of_its_range_is_a_bad_option(key: str) -> None:
    info = GAMES[key]
    for option in info.options:
        with pytest.raises(BadOption) as refused:
            info.check_options({option.name: "not a value"})
        assert refused.value.kind == "bad_option"


def test_every_failure_is_still_a_refusal_and_told_apart() -> None:
    kinds = (BadCode, BadOption, BadState)
    assert all(issubclass(kind, IllegalMove) for kind in kinds)
    assert not any(issubclass(one, other) for one in kinds for other in kinds if one != other)
