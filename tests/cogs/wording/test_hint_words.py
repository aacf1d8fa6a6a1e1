"""Every kind of practice hint the games give is worded, in every language: each hint of
many seeded hard-AI games becomes one finished line for the seat that asked."""

from __future__ import annotations

import pytest

from cogs.games.flip7.texts import TEXTS as FLIP7
from cogs.games.sequence.texts import TEXTS as SEQUENCE
from cogs.games.sinkorswim.texts import TEXTS as SINK_OR_SWIM
from cogs.wording import i18n
from cogs.wording.i18n import LANGUAGES
from engines.base import GAMES

GAMES_TEXTS = {
    "flip7": (FLIP7, (3, 6)),
    "sinkorswim": (SINK_OR_SWIM, (3, 5)),
    "sequence": (SEQUENCE, (2, 4, 6)),
}


@pytest.mark.parametrize("key", list(GAMES_TEXTS))
def test_every_hint_kind_reads_as_one_finished_line(key):
    texts, tables = GAMES_TEXTS[key]
    info = GAMES[key]
    assert info.hint is not None
    worded: dict[str, set[str]] = {}
    for players in tables:
        for seed in range(4):
            game = info.new_game([f"p{n}" for n in range(players)], seed)
            names = [f"p{n}" for n in range(players)]
            for _step in range(500):
                if game.is_over:
                    break
                seat = game.to_act()[0]
                hint = info.hint(game, seat)
                for language in LANGUAGES:
                    i18n.set_reader(language)
                    line = texts.hint(hint, game.view(seat), names)
                    assert line and "{" not in line and "\n" not in line, (language, hint, line)
                    worded.setdefault(language, set()).add(hint.kind)
                game.apply(seat, info.choose_ai(game, seat, "hard"))
    i18n.set_reader("en")
    assert len({frozenset(kinds) for kinds in worded.values()}) == 1  # each language alike
    assert len(worded["en"]) >= {"flip7": 2, "sinkorswim": 1, "sequence": 4}[key]


def test_a_flip7_target_hint_gives_its_reason():
    """Issue 36 item 9: a hint for a card aimed at a player says why, not only whom."""
    info = GAMES["flip7"]
    assert info.hint is not None
    found = 0
    for seed in range(8):
        game = info.new_game(["p0", "p1", "p2", "p3"], seed)
        while not game.is_over and found < 5:
            seat = game.to_act()[0]
            hint = info.hint(game, seat)
            if hint.kind == "choose_target":
                i18n.set_reader("en")
                line = FLIP7.hint(hint, game.view(seat), ["p0", "p1", "p2", "p3"])
                assert "round score" in line and "on average" in line, line
                if not hint.data["mine"]:
                    assert "chance to win the game" in line, line
                found += 1
            game.apply(seat, info.choose_ai(game, seat, "hard"))
    assert found  # seeded games reach such a choice
