"""Tables as Discord's Components v2 show them: one container per table, its text in named
parts, a picture at full width, and the controls right under the prompt they answer.

Each part carries a fixed component id, so a test (or a reader of the raw message) finds
"the players" or "the prompt" by name rather than by position.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

import discord

TEXT_LIMIT = 4000  # Discord's limit on all text displays of one message together
COMPONENT_LIMIT = 40  # Discord's limit on the components of one message, nested ones too
BUTTONS_PER_ROW = 5
# A table whose match has ended, a closed lobby's and a result's alike.
ENDED_COLOUR = discord.Colour.dark_grey()


class Part(IntEnum):
    """The parts of a table, as component ids (each at most once in a message)."""

    NOTICE = 1
    HEADING = 2
    PLAYERS = 3
    EARLIER = 4  # the round that ended, while the table still retells it
    STORY = 5  # the round in play
    PROMPT = 6
    RESULT = 7
    PICTURE = 8
    SCORES = 9
    TRICK = 10
    FOOTNOTE = 11
    CLOCK = 12  # the match's pace and when the running turn ends
    AWAY = 13  # the members whose clocks stop, and until when
    PRACTICE = 14  # a practice table says so: unrated, with hints
    WATCHING = 15  # how many members watch the match from its thread
    HOUSE = 16  # a lobby says which house rules it started from


MENU_IDS = 1000  # component ids from here up are select menus; the parts stay below
MENU_ID_SPAN = 1_000_000_000  # Discord's component ids are 32-bit


def menu_id(version: int) -> int:
    """A select menu's component id, new with every drawing of the table (the match version
    it was drawn at). A client may keep a menu's last pick by its component id (SimCord's
    preview does, and sends a pick only when it differs): a new menu in the old one's place
    must not inherit it, or picking the same option twice in a row would send nothing."""
    return MENU_IDS + version % MENU_ID_SPAN


@dataclass(slots=True)
class Text:
    part: Part
    text: str
    trim: bool = False  # the oldest lines give way when the message runs over TEXT_LIMIT


@dataclass(slots=True)
class Picture:
    """An attached image shown at the container's full width."""

    filename: str
    description: str | None = None


@dataclass(slots=True)
class Rule:
    """A thin line between parts."""


Block = Text | Picture | Rule


@dataclass(slots=True)
class Layout:
    """One table: an accent colour and its blocks, top to bottom."""

    colour: discord.Colour
    blocks: list[Block] = field(default_factory=list)

    def text(self, part: Part, text: str, *, trim: bool = False) -> Layout:
        if text:
            self.blocks.append(Text(part, text, trim))
        return self

    def before(self, part: Part, text: str, anchor: Part) -> Layout:
        """Add a text just above the `anchor` part (at the foot when there is none)."""
        at = next(
            (i for i, b in enumerate(self.blocks) if isinstance(b, Text) and b.part == anchor),
            len(self.blocks),
        )
        self.blocks.insert(at, Text(part, text))
        return self

    def rule(self) -> Layout:
        if self.blocks and not isinstance(self.blocks[-1], Rule):
            self.blocks.append(Rule())
        return self

    def picture(self, filename: str, description: str | None = None) -> Layout:
        self.blocks.append(Picture(filename, description))
        return self

    def texts(self) -> Iterator[Text]:
        return (block for block in self.blocks if isinstance(block, Text))

    def length(self) -> int:
        return sum(len(block.text) for block in self.texts())

    def fit(self, budget: int = TEXT_LIMIT) -> None:
        """Drop the oldest lines of the trimmable parts ("…" stands for them) until the
        text fits Discord's limit; the other parts are short by design."""
        for block in self.texts():
            if not block.trim:
                continue
            lines = block.text.split("\n")
            while self.length() > budget and len(lines) > 1:
                rest = lines[1:] if lines[0] == "…" else lines
                lines = ["…", *rest[1:]]
                block.text = "\n".join(lines)
        if self.length() > budget:  # only a pathological name could get here
            for block in self.texts():
                over = self.length() - budget
                if over > 0:
                    block.text = block.text[: max(1, len(block.text) - over - 1)] + "…"


def control_rows(items: list[discord.ui.Item[Any]]) -> list[discord.ui.ActionRow[Any]]:
    """Buttons five to a row, each select menu on a row of its own, in the given order."""
    rows: list[discord.ui.ActionRow[Any]] = []
    buttons: list[discord.ui.Item[Any]] = []
    for item in items:
        if item.width < BUTTONS_PER_ROW:
            buttons.append(item)
            if len(buttons) == BUTTONS_PER_ROW:
                rows.append(discord.ui.ActionRow(*buttons))
                buttons = []
            continue
        if buttons:
            rows.append(discord.ui.ActionRow(*buttons))
            buttons = []
        rows.append(discord.ui.ActionRow(item))
    if buttons:
        rows.append(discord.ui.ActionRow(*buttons))
    return rows


def layout_view(
    layout: Layout, controls: list[discord.ui.Item[Any]], notice: str | None = None
) -> discord.ui.LayoutView:
    """The layout as a view that discord.py neither stores nor times out (see
    TableMessage.view): a notice above the container, the controls at its foot."""
    layout.fit(TEXT_LIMIT - len(notice or ""))
    view = discord.ui.LayoutView(timeout=None)
    if notice:
        view.add_item(discord.ui.TextDisplay(notice, id=Part.NOTICE))
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=layout.colour)
    for block in layout.blocks:
        if isinstance(block, Text):
            container.add_item(discord.ui.TextDisplay(block.text, id=block.part))
        elif isinstance(block, Picture):
            item = discord.MediaGalleryItem(
                f"attachment://{block.filename}", description=block.description
            )
            container.add_item(discord.ui.MediaGallery(item, id=Part.PICTURE))
        else:
            container.add_item(discord.ui.Separator())
    for row in control_rows(controls):
        container.add_item(row)
    view.add_item(container)
    view.stop()
    return view
