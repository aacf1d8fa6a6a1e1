"""Flip 7's steps that make no event, as a replay tells them: the player whose row a Swap,
Steal or Discard goes to, and the first card a Swap takes (the next step's event names both
cards swapped). Pure, like texts.py: the engine, the cards' faces and the catalogs."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.games.flip7.faces import face
from cogs.games.flip7.texts import card_label
from cogs.ui.face import CardShown, in_words
from cogs.wording.i18n import _
from engines.base import Action, Decision
from engines.flip7.actions import ChooseCard, ChoosePlayer

PLAYER_STEPS = ("swap_player", "steal_player", "discard_player")


def choice_words(
    asked: Decision, action: Action, names: Sequence[str], shown: CardShown = in_words
) -> str | None:
    """The step `action` answered `asked` with, in a sentence; None for a decision whose
    answer makes events of its own (those tell it)."""
    card = asked.data.get("card")
    if not isinstance(card, int) or not 0 <= asked.seat < len(names):
        return None
    name, played = names[asked.seat], shown(face(card), card_label(card))
    if isinstance(action, ChoosePlayer) and asked.kind in PLAYER_STEPS:
        if action.seat == asked.seat:
            return _("{name} chose their own row for {card}.").format(name=name, card=played)
        return _("{name} chose {player}'s row for {card}.").format(
            name=name, player=names[action.seat], card=played
        )
    if isinstance(action, ChooseCard) and asked.kind == "swap_card":
        return _("{name} chose the first card for {card}.").format(name=name, card=played)
    return None
