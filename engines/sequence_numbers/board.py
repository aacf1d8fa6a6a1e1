"""The fixed 10 x 10 board of rule G3, its cell names and the straight lines through it.

Cells are indexed 0..99 row by row; a cell is named by row letter and column number
("A1".."J10") everywhere a person or a code sees it.
"""

from __future__ import annotations

from engines.base import IllegalMove

SIZE = 10
ROWS = "ABCDEFGHIJ"
FREE = 0  # marks the four corner free spaces in NUMBERS

# Rule G3, row A to row J; FREE marks the corners.
NUMBERS: tuple[tuple[int, ...], ...] = (
    (FREE, 44, 33, 34, 29, 43, 23, 1, 16, FREE),
    (22, 7, 30, 14, 3, 38, 28, 32, 18, 47),
    (27, 35, 31, 41, 25, 46, 17, 11, 39, 36),
    (37, 26, 19, 47, 12, 4, 15, 48, 9, 8),
    (42, 21, 48, 10, 20, 6, 24, 22, 19, 2),
    (15, 17, 5, 18, 8, 37, 29, 30, 21, 12),
    (43, 40, 9, 3, 44, 34, 40, 13, 1, 41),
    (7, 24, 39, 31, 2, 11, 45, 35, 16, 25),
    (26, 45, 13, 14, 4, 23, 28, 5, 38, 32),
    (FREE, 10, 42, 46, 36, 20, 6, 33, 27, FREE),
)

CORNERS: frozenset[int] = frozenset({0, 9, 90, 99})

# The four directions of a SEQUENCE (G1): across, down, and both diagonals.
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, 1), (1, -1))


def cell_name(index: int) -> str:
    """ "A1".."J10" for a cell index."""
    return f"{ROWS[index // SIZE]}{index % SIZE + 1}"


def parse_cell(name: object) -> int:
    """The cell index of "A1".."J10" (case-insensitive); IllegalMove("bad_cell") otherwise."""
    if not isinstance(name, str):
        raise IllegalMove("bad_cell", cell=repr(name))
    text = name.strip().upper()
    if len(text) >= 2 and text[0] in ROWS and text[1:].isdigit():
        column = int(text[1:])
        if 1 <= column <= SIZE and text[1:] == str(column):
            return ROWS.index(text[0]) * SIZE + column - 1
    raise IllegalMove("bad_cell", cell=repr(name))


def number_at(index: int) -> int | None:
    """The number printed on a cell, None for a corner free space."""
    value = NUMBERS[index // SIZE][index % SIZE]
    return None if value == FREE else value


def _cells_by_number() -> dict[int, tuple[int, int]]:
    found: dict[int, list[int]] = {}
    for index in range(SIZE * SIZE):
        number = number_at(index)
        if number is not None:
            found.setdefault(number, []).append(index)
    return {number: (cells[0], cells[1]) for number, cells in found.items()}


# Every number 1-48 is on exactly two cells (G3): an equation card may go on either.
CELLS_BY_NUMBER: dict[int, tuple[int, int]] = _cells_by_number()


def _lines() -> tuple[tuple[int, ...], ...]:
    """Every maximal straight line of at least five cells, in all four directions."""
    lines = []
    for dr, dc in DIRECTIONS:
        for start in range(SIZE * SIZE):
            r, c = divmod(start, SIZE)
            if 0 <= r - dr < SIZE and 0 <= c - dc < SIZE:
                continue  # not the first cell of its line
            line = []
            while 0 <= r < SIZE and 0 <= c < SIZE:
                line.append(r * SIZE + c)
                r, c = r + dr, c + dc
            if len(line) >= 5:
                lines.append(tuple(line))
    return tuple(lines)


LINES: tuple[tuple[int, ...], ...] = _lines()

# Every five-cell window, and the windows through each cell, for the AI's line counting.
WINDOWS: tuple[tuple[int, ...], ...] = tuple(
    line[i : i + 5] for line in LINES for i in range(len(line) - 4)
)
WINDOWS_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(w for w, window in enumerate(WINDOWS) if cell in window) for cell in range(SIZE * SIZE)
)
