"""SEQUENCE detection, counting and locking (rules G1 and G8).

A team's chips, with the four corners counting for everyone, form runs along each of the
four directions. Two different straight lines share at most one cell, so fives on
different lines never conflict; only fives on the same run can overlap by more than one
cell. The largest set of fives pairwise sharing at most one cell therefore takes, from
every run of length L >= 5, fives starting 4 apart: (L - 1) // 4 of them. A line of
nine or ten is two SEQUENCES, thirteen is three.
"""

from __future__ import annotations

from engines.sequence_numbers.board import CORNERS, DIRECTIONS, LINES, SIZE

EMPTY = -1


def fives_in_run(length: int) -> int:
    """How many SEQUENCES a straight run of `length` same-colour cells holds (G8)."""
    return (length - 1) // 4 if length >= 5 else 0


def _owned(chips: list[int], cell: int, team: int) -> bool:
    return cell in CORNERS or chips[cell] == team


def team_runs(chips: list[int], team: int) -> list[tuple[int, ...]]:
    """Every maximal run of five or more cells of `team` (corners count), all directions."""
    runs = []
    for line in LINES:
        run: list[int] = []
        for cell in (*line, None):
            if cell is not None and _owned(chips, cell, team):
                run.append(cell)
                continue
            if len(run) >= 5:
                runs.append(tuple(run))
            run = []
    return runs


def longest_line(chips: list[int], team: int) -> int:
    """The most cells of `team` in one unbroken straight line that could hold a SEQUENCE
    (five cells or more long), a free corner counting as it does toward one, but only in a
    line that holds a chip of the team: 0 before the team has a chip."""
    best = 0
    for line in LINES:
        run, with_chip = 0, False
        for cell in line:
            if not _owned(chips, cell, team):
                run, with_chip = 0, False
                continue
            run += 1
            with_chip = with_chip or cell not in CORNERS
            if with_chip:
                best = max(best, run)
    return best


def count_sequences(chips: list[int], team: int) -> int:
    """A team's SEQUENCE count from scratch (G8)."""
    return sum(fives_in_run(len(run)) for run in team_runs(chips, team))


def locked_cells(chips: list[int], teams: int) -> set[int]:
    """Every chip lying in a complete five of its colour (G8 locking); corners excluded."""
    locked: set[int] = set()
    for team in range(teams):
        for run in team_runs(chips, team):
            locked.update(cell for cell in run if cell not in CORNERS)
    return locked


def runs_through(chips: list[int], cell: int, team: int) -> list[tuple[tuple[int, ...], int]]:
    """For each direction, the run of `team` through `cell` and the SEQUENCES it newly
    makes compared with the two pieces it had before `cell` was filled.

    Only directions where the run holds a complete five are listed.
    """
    found = []
    r0, c0 = divmod(cell, SIZE)
    for dr, dc in DIRECTIONS:
        sides = []
        for sign in (-1, 1):
            side = []
            r, c = r0 + sign * dr, c0 + sign * dc
            while 0 <= r < SIZE and 0 <= c < SIZE and _owned(chips, r * SIZE + c, team):
                side.append(r * SIZE + c)
                r, c = r + sign * dr, c + sign * dc
            sides.append(side)
        before, after = sides
        run = (*reversed(before), cell, *after)
        if len(run) >= 5:
            gained = fives_in_run(len(run)) - fives_in_run(len(before)) - fives_in_run(len(after))
            found.append((run, gained))
    return found
