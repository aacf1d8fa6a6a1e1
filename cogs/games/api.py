"""The whole plug-in API: what a game's folder under cogs/games/ implements, and the parts it
draws with. A plug-in imports from here (and words its sentences with `cogs.wording.i18n` and
the helpers of `cogs.wording.words`); nothing else of the Discord layer is its business.

A game's folder, `cogs/games/<key>/` beside its engine `engines/<package>/`, holds:

- `texts.py`: one object meeting `GameTexts` (its title, every event, decision, option,
  refusal and setting worded, and the short rules), named `TEXTS` by convention. It imports
  no Discord, so a test can word a whole game.
- `__init__.py`: a `GameRenderer` subclass drawing the public table (and, where the game
  hides something, a seat's private view) as a `TableMessage` laid out with `Layout` and
  `Part`, its controls `MoveButton`, `MoveSelect` or `HandButton` carrying the move codes
  the engine gives; a `GameCommands` subclass whose `group_name` is the game's key and whose
  `start_words` word `/<key> start` (its options come from the engine's GameInfo); and an
  extension `setup(bot)` that calls `add_game(bot, renderer, commands_cog)`.
- anything else the game needs to draw (a story of its rounds, a board picture, what its
  race picture plots: a `Race` of `RaceLine`s), its own.

A table drawn for the live table's page (`drawn_for_the_page()`) names no Discord button in
its prompt: the page shows the viewer's hand and moves itself.

A renderer's `step_groups` (made with `rounds`, `tricks` or `turns` from the engine's event
kinds) give its replay the jumps a round, a trick or a turn at a time; its `choice_line`
words a move that made no event (a card picked before its cell) for the replay.

The bot loads every package under cogs/games/ at start and checks each has its engine.
"""

from __future__ import annotations

from cogs.games.commands import GameCommands, StartWords, add_game
from cogs.ui.components import (
    Choice,
    GameRenderer,
    HandButton,
    MoveButton,
    MoveSelect,
    TableMessage,
    cards_in_words,
    drawn_for_the_page,
    parts_in_words,
)
from cogs.ui.layout import Layout, Part, menu_id
from cogs.ui.race_picture import Race, RaceLine
from cogs.ui.step_groups import StepGroup, rounds, tricks, turns
from cogs.wording.commands_i18n import slash, slash_text
from cogs.wording.words import GameTexts

__all__ = [
    "Choice",
    "GameCommands",
    "GameRenderer",
    "GameTexts",
    "HandButton",
    "Layout",
    "MoveButton",
    "MoveSelect",
    "Part",
    "Race",
    "RaceLine",
    "StartWords",
    "StepGroup",
    "TableMessage",
    "add_game",
    "cards_in_words",
    "drawn_for_the_page",
    "menu_id",
    "parts_in_words",
    "rounds",
    "slash",
    "slash_text",
    "tricks",
    "turns",
]
