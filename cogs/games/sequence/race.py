"""Sequence Numbers' race picture (issue 46, item 5): each team's longest line of chips
before the first turn and after every turn, in its chips' colour and shape on the board,
the turns where it completed a SEQUENCE ringed, and five in a row (a SEQUENCE) the goal.

Read from the match's events: a play or a Plus puts the team's chip on its cell, a Minus
takes one off; a turn ends with a play, a Plus, a Minus or a pass, and the `sequence`
events a play makes follow it."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.games.api import Race, RaceLine
from cogs.games.sequence.board import TEAM_FILL, TEAM_SHAPE
from cogs.games.sequence.texts import team_words
from cogs.wording.i18n import _
from engines.base import Event
from engines.sequence_numbers.board import SIZE, parse_cell
from engines.sequence_numbers.scoring import EMPTY, longest_line
from engines.sequence_numbers.views import TeamView

TURN_ENDS = ("play", "plus", "minus", "pass")
FIVE = 5  # chips in a row that make a SEQUENCE (G1)


def lines_by_turn(events: Sequence[Event], teams: int) -> tuple[list[list[int]], list[list[int]]]:
    """Per team: its longest line before the first turn and after each turn; and the turns
    (indices into those lists) at which it completed a SEQUENCE."""
    chips = [EMPTY] * (SIZE * SIZE)
    lines: list[list[int]] = [[0] for _ in range(teams)]
    scored: list[list[int]] = [[] for _ in range(teams)]
    for event in events:
        data = event.data
        if event.kind in ("play", "plus"):
            chips[parse_cell(data["cell"])] = int(data["team"])
        elif event.kind == "minus":
            chips[parse_cell(data["cell"])] = EMPTY
        elif event.kind == "sequence" and 0 <= int(data["team"]) < teams:
            turn = len(lines[0]) - 1  # the play just made, whose turn is the last point
            if turn not in scored[int(data["team"])]:
                scored[int(data["team"])].append(turn)
        if event.kind in TURN_ENDS:
            for team in range(teams):
                lines[team].append(longest_line(chips, team))
    return lines, scored


def team_label(team: TeamView, names: Sequence[str]) -> str:
    """A lone player by name; a team by its colour, with its players."""
    words = team_words(team.index, team.seats, names)
    if len(team.seats) == 1:
        return words
    return f"{words} ({', '.join(names[seat] for seat in team.seats)})"


def race(events: Sequence[Event], teams: Sequence[TeamView], names: Sequence[str]) -> Race:
    """One line per team, named and coloured as the table and the board show it."""
    lines, scored = lines_by_turn(events, len(teams))
    return Race(
        tuple(
            RaceLine(
                team_label(team, names),
                tuple(lines[team.index]),
                TEAM_FILL.get(team.colour),
                TEAM_SHAPE.get(team.colour),
                tuple(scored[team.index]),
            )
            for team in teams
        ),
        # TRANSLATORS: the race picture's axis along the bottom: the turns played.
        across=_("Turn"),
        # TRANSLATORS: the race picture's axis up the side: the most chips a team has in one
        # straight line on the board.
        up=_("Longest line of chips"),
        first=0,
        goal=FIVE,
        # TRANSLATORS: the words on the race picture's goal line at five chips in a row.
        goal_words=_("5 in a row: a SEQUENCE"),
    )
