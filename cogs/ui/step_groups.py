"""The runs of a replay's steps that its jump buttons skip a whole at a time: a round, a
trick, a turn. Each game's renderer says which it has by the event kinds of its engine that
mark where a jump lands (Flip 7's "round_start", a Sink or Swim trick's "reveal"), so the
shared replay names no game; the buttons' labels are whole words of the catalog."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from babel.support import LazyProxy

from cogs.wording.i18n import lazy_gettext


@dataclass(frozen=True, slots=True)
class StepGroup:
    """Steps grouped for jumping: a jump lands on a step whose move made an event of one of
    `kinds` (the start of a round, a trick's reveal, a turn's play), the one before or after
    the step shown; `back` and `on` label the two buttons."""

    kinds: frozenset[str]
    back: LazyProxy  # worded for the reader when shown: str(group.back)
    on: LazyProxy


def rounds(*kinds: str) -> StepGroup:
    """Rounds, marked by the event that begins one."""
    return _group(kinds, lazy_gettext("Previous round"), lazy_gettext("Next round"))


def tricks(*kinds: str) -> StepGroup:
    """Tricks, marked by the event that reveals one."""
    return _group(kinds, lazy_gettext("Previous trick"), lazy_gettext("Next trick"))


def turns(*kinds: str) -> StepGroup:
    """Turns, marked by the events that end one (a card played, a pass)."""
    return _group(kinds, lazy_gettext("Previous turn"), lazy_gettext("Next turn"))


def _group(kinds: Collection[str], back: LazyProxy, on: LazyProxy) -> StepGroup:
    return StepGroup(frozenset(kinds), back, on)
