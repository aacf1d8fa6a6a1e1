"""Table messages and the buttons and selects on them, shared by every game.

Buttons are DynamicItems whose custom ids carry the match (and, for moves, the moment
they belong to), so they keep working after a restart and stale ones can be told apart.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Protocol, Self, runtime_checkable

import discord

from bot.play.model import MatchRecord
from bot.process.app import Interaction
from bot.process.app_emojis import AppEmojis
from cogs.ui.desk_handle import ClickHandler, desk_of
from cogs.ui.face import CardShown, Face
from cogs.ui.layout import TEXT_LIMIT, Layout, Part, layout_view, menu_id
from cogs.ui.persistent import Persistent
from cogs.ui.race_picture import Race
from cogs.ui.step_groups import StepGroup
from cogs.wording.i18n import _
from cogs.wording.names import plain
from cogs.wording.words import GameTexts, logged_lines, seat_names
from engines.base import Decision, Event, Game, Judged

SELECT_LIMIT = 25


_IN_WORDS: ContextVar[bool] = ContextVar("cards_in_words", default=False)


@contextlib.contextmanager
def cards_in_words() -> Iterator[None]:
    """Within it (this task only), every renderer names cards in message text in words:
    to word again a text that the cards' pictures would push past one of Discord's limits."""
    token = _IN_WORDS.set(True)
    try:
        yield
    finally:
        _IN_WORDS.reset(token)


_ON_PAGE: ContextVar[bool] = ContextVar("on_the_live_table", default=False)


@contextlib.contextmanager
def on_the_live_table() -> Iterator[None]:
    """Within it (this task only), tables are drawn for the live table's page, which shows
    the viewer's hand and moves itself: a prompt names no Discord button to press."""
    token = _ON_PAGE.set(True)
    try:
        yield
    finally:
        _ON_PAGE.reset(token)


def drawn_for_the_page() -> bool:
    """Whether the table being drawn is the live table's (see `on_the_live_table`)."""
    return _ON_PAGE.get()


_AS_MARKS: ContextVar[bool] = ContextVar("cards_as_marks", default=False)
# A card in text drawn for the live table: its face's name, whether its words go beside the
# picture, and its words, between private-use characters no name or sentence holds (the
# page turns each into the card's picture with its words as the alt text).
CARD_OPEN, CARD_SPLIT, CARD_CLOSE = "\ue000", "\ue001", "\ue002"


@contextlib.contextmanager
def cards_as_marks() -> Iterator[None]:
    """Within it (this task only), every renderer shows a card in message text as a mark
    the live table turns into the card's picture (cogs/live/markup.py), whether or not the
    application's emojis are synced."""
    token = _AS_MARKS.set(True)
    try:
        yield
    finally:
        _AS_MARKS.reset(token)


def pictures_within(shown: Sequence[str], words: Sequence[str], room: int) -> list[str]:
    """Lines to join with newlines into at most `room` characters where they can be: `shown`
    are the lines with the cards' pictures, `words` the same lines with the cards in words.
    The lines whose pictures take the most room fall back to words first, until the text
    fits; what is still too long is left for the caller to cut (by whole lines)."""
    lines = list(shown)
    size = len("\n".join(lines))
    for index in sorted(range(len(lines)), key=lambda i: len(words[i]) - len(shown[i])):
        if size <= room:
            break
        size -= len(lines[index]) - len(words[index])
        lines[index] = words[index]
    return lines


def fitted_lines(draw: Callable[[], list[str]], room: int) -> list[str]:
    """The lines `draw` words, to join with newlines into at most `room` characters: with
    the cards' pictures when they fit; else drawn again in words, the oldest lines that
    don't fit even so left out, and the pictures kept on the lines where room allows."""
    lines = draw()
    if len("\n".join(lines)) <= room:
        return lines
    with cards_in_words():
        words = draw()
    while len(words) > 1 and len("\n".join(words)) > room:
        lines, words = lines[1:], words[1:]
    return pictures_within(lines, words, room)


def parts_in_words(layout: Layout, draw: Callable[[], Sequence[tuple[Part, str]]]) -> None:
    """Where the cards' pictures push a table past Discord's limit on its text, the parts
    `draw` makes (the story told under the rows) are drawn again with their cards in words,
    before the oldest lines give way (`Layout.fit`)."""
    if layout.length() <= TEXT_LIMIT:
        return
    with cards_in_words():
        worded = dict(draw())
    for block in layout.texts():
        if block.part in worded:
            block.text = worded[block.part]


@dataclass(slots=True)
class TableMessage:
    """One message's worth of content: a Components v2 layout (a table) or embeds (the
    private and reference messages), interactive items and attachments."""

    embeds: list[discord.Embed] = field(default_factory=list)
    items: list[discord.ui.Item[Any]] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    content: str | None = None
    layout: Layout | None = None
    # Pictures still to draw (the Sequence board): drawn by `draw_pictures` just before
    # sending, so a table decided under the match lock is drawn outside it.
    pictures: list[Callable[[], Awaitable[discord.File]]] = field(default_factory=list)

    async def draw_pictures(self) -> TableMessage:
        """Draw the pictures still to draw into the message's files."""
        while self.pictures:
            self.files.append(await self.pictures.pop(0)())
        return self

    def view(self) -> discord.ui.View | discord.ui.LayoutView:
        """The items as a view that discord.py neither stores nor times out. Every item is
        a DynamicItem, routed by its custom id however old its message; a stored view
        would only hold memory per message and, on a private message, a task sleeping 15
        minutes (discord.py gives ephemeral views that timeout)."""
        if self.layout is not None:
            return layout_view(self.layout, self.items, self.content)
        view = discord.ui.View(timeout=None)
        for item in self.items:
            view.add_item(item)
        view.stop()
        return view

    def to_send(self) -> dict[str, Any]:
        """Keyword arguments for sending this as a new message."""
        if self.layout is not None:  # a v2 message has no content or embeds of its own
            return {"view": self.view(), "files": self.files}
        return {
            "content": self.content,
            "embeds": self.embeds,
            "view": self.view(),
            "files": self.files,
        }

    def to_edit(self, *, with_files: bool = True) -> dict[str, Any]:
        """Keyword arguments for editing a message into this one: what it said before is
        cleared, so an embed table (a lobby, or one drawn before layouts) becomes a layout."""
        arguments: dict[str, Any] = {"view": self.view()}
        if self.layout is not None:
            arguments.update(content=None, embeds=[])
        else:
            arguments.update(content=self.content, embeds=self.embeds)
        if with_files:
            arguments["attachments"] = self.files
        return arguments


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a select menu: the move code it sends, its label, a line under it."""

    code: str
    label: str
    detail: str | None = None
    emoji: discord.PartialEmoji | None = None  # a card's picture beside its label


@runtime_checkable
class ShowsCards(Protocol):
    """Texts of a game with cards, which can show them in their sentences (as pictures)."""

    def showing(self, shown: CardShown) -> GameTexts:
        """These texts with each card their sentences name shown by `shown`; option labels
        still name cards in words."""
        ...


class GameRenderer(ABC):
    """How one game looks on Discord: its table, a seat's private view and its lobby extras.

    A game's plugin subclasses this and draws from the engine's views and its own texts;
    it holds no rules. The Desk serves every registered renderer the same way.
    """

    round_start: str | None = None
    """The event kind that opens a round, for `/<game> log`; None: a game without rounds."""
    draws_pictures = False
    """Whether the table carries a picture, so the bot needs Attach Files in the channel."""
    faces: tuple[Face, ...] = ()
    """Every card of the game as drawn, made the application's emojis at start."""
    step_groups: tuple[StepGroup, ...] = ()
    """The runs of steps a replay jumps over a whole at a time (rounds, tricks, turns),
    each marked by the engine's event kinds; none: the replay jumps only to its ends."""

    def __init__(self, key: str, texts: GameTexts) -> None:
        self.key = key
        # The application's emojis once synced (add_game hands the bot's over); until then,
        # and without them, cards are text.
        self.emojis = AppEmojis()
        self.label_texts = texts
        """The texts for labels, placeholders and select lines, which show no pictures."""
        self.texts = texts.showing(self.card) if isinstance(texts, ShowsCards) else texts
        """The texts for message text: the cards their sentences name shown by `card`."""

    def card_emoji(self, face: Face) -> discord.PartialEmoji | None:
        """The card's emoji, for a button or a select option beside its text label."""
        return self.emojis.get(face.name)

    def card(self, face: Face, text: str) -> str:
        """A card in message text, the one place every sentence's cards are shown: its emoji
        (whose name reads as the value), with `text` beside it where the picture alone would
        not say the card (`Face.needs_words`); or `text` alone (before the emojis are
        synced, without them, and within `cards_in_words`)."""
        if _IN_WORDS.get():
            return text
        if _AS_MARKS.get():
            words = "1" if face.needs_words else "0"
            return f"{CARD_OPEN}{face.name}{CARD_SPLIT}{words}{CARD_SPLIT}{text}{CARD_CLOSE}"
        emoji = self.emojis.get(face.name)
        if emoji is None:
            return text
        return f"{emoji} {text}" if face.needs_words else str(emoji)

    @abstractmethod
    async def table(self, record: MatchRecord, game: Game) -> TableMessage:
        """The public table: everything every member may see, and the acting seat's controls."""

    async def private(self, record: MatchRecord, game: Game, seat: int) -> TableMessage | None:
        """The seat's own hidden view (a hand), or None for a game with nothing hidden."""
        return None

    def finished_round_shown(self, record: MatchRecord, game: Game) -> bool:
        """Whether the table still retells the round that ended last (the new one has barely
        begun); then `/<game> log` shows that round before the new one."""
        return False

    def race(self, game: Game, events: Sequence[Event], names: list[str]) -> Race | None:
        """What the race picture on the result draws: the figure that shows who was ahead,
        read from the finished `game` and the match's events, its lines named from `names`
        (the seats' names as typed) and worded in the reader's language; None: a game that
        draws no race."""
        return None

    def analysis_line(self, step: int, judged: Judged, names: list[str], seat: int) -> str:
        """One decision of a finished match's analysis, the move made against the best, at
        replay step `step`, in a line for the member who played `seat` (who reads it);
        `names` are the seats' names for message text. A game with a judge words its
        kinds; an unknown kind raises KeyError."""
        raise KeyError(judged.kind)

    def choice_line(self, asked: Decision[Any], action: Any, names: list[str]) -> str | None:
        """A move that made no event (a step of a choice: a card picked before its cell) in
        a sentence for a replay, from the decision it answered; None: not worded here."""
        return None

    def lobby_fields(self, record: MatchRecord) -> list[tuple[str, str]]:
        """Extra (name, value) fields for the lobby, such as the teams the seating makes."""
        return []

    def rules(self, options: dict[str, Any]) -> discord.Embed:
        return discord.Embed(
            title=_("{title} — the short rules").format(title=self.texts.title),
            description=self.texts.rules(options),
        )

    # -- helpers for drawing ------------------------------------------------------------

    @staticmethod
    def names(record: MatchRecord) -> list[str]:
        """The seats' names for message text (escaped, so each reads as typed)."""
        return seat_names(record.seats)

    @staticmethod
    def label_names(record: MatchRecord) -> list[str]:
        """The seats' names for labels and placeholders, which Discord shows unformatted."""
        return seat_names(record.seats, plain)

    def recent_lines(self, record: MatchRecord, limit: int) -> list[str]:
        """The last `limit` logged events of the match, as sentences."""
        logged = (record.log or [])[-limit:]
        return logged_lines(self.texts, logged, record.seats)

    def option_items(
        self,
        record: MatchRecord,
        game: Game,
        decision: Decision,
        placeholder: str | None = None,
    ) -> list[discord.ui.Item[Any]]:
        """A decision's options as one select menu (labels from the game's texts, and a
        line under each from `option_detail`)."""
        view = game.view(decision.seat)
        names = self.label_names(record)
        options = [
            Choice(
                option.code,
                self.texts.option(option, view, names),
                self.option_detail(option, view, names),
                self.option_emoji(option, view),
            )
            for option in decision.options
        ]
        return [
            MoveSelect(
                record.ref,
                game.epoch(),
                options,
                placeholder=placeholder,
                component_id=menu_id(record.version),
            )
        ]

    def option_detail(self, option: Any, view: Any, names: list[str]) -> str | None:
        """A short line under a choice (what the chosen player has, say); None: none."""
        return None

    def option_emoji(self, option: Any, view: Any) -> discord.PartialEmoji | None:
        """The picture of the card a choice names, beside its label; None: none."""
        return None


# -- buttons and selects ---------------------------------------------------------------


def parse_ref(ref: str) -> tuple[int, str | None]:
    """A match reference ("12.ab34cd56", or "12" on buttons made before databases had an
    id) as the match id and its database's id."""
    match_id, _, database = ref.partition(".")
    return int(match_id), database or None


def ref_of(match: Any) -> str:
    """The match reference a DynamicItem template captured."""
    return f"{match['match']}.{match['db']}" if match["db"] else match["match"]


class LobbyButton(
    Persistent[discord.ui.Button[Any]],
    template=r"lobby:(?P<match>\d+)(?:\.(?P<db>[0-9a-f]{1,16}))?(?::(?P<stamp>\d+))?:(?P<action>[a-z]+)",
):
    """A lobby (or seat) button. `stamp` is the match version it was drawn at; buttons
    posted before stamps existed carry none."""

    def __init__(
        self,
        ref: str,
        stamp: int | None,
        action: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = (discord.ButtonStyle.secondary),
        disabled: bool = False,
        emoji: str | None = None,
    ) -> None:
        custom_id = f"lobby:{ref}:{action}"
        if stamp is not None:
            custom_id = f"lobby:{ref}:{stamp}:{action}"
        super().__init__(
            discord.ui.Button(
                label=label, style=style, disabled=disabled, emoji=emoji, custom_id=custom_id
            )
        )
        self.match_id, self.database = parse_ref(ref)
        self.stamp, self.action = stamp, action

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        stamp = int(match["stamp"]) if match["stamp"] is not None else None
        return cls(ref_of(match), stamp, match["action"])

    async def clicked(self, interaction: Interaction) -> None:
        clicks = await heard(interaction)
        if await clicks.from_elsewhere(interaction, self.database):
            return
        await clicks.lobby_click(interaction, self.match_id, self.action, self.stamp)


class MoveButton(
    Persistent[discord.ui.Button[Any]],
    template=r"mv:(?P<match>\d+)(?:\.(?P<db>[0-9a-f]{1,16}))?:(?P<stamp>\d+):(?P<code>[A-Za-z0-9_.\-]+)",
):
    def __init__(
        self,
        ref: str,
        stamp: int,
        code: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        emoji: str | discord.PartialEmoji | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                disabled=disabled,
                emoji=emoji,
                custom_id=f"mv:{ref}:{stamp}:{code}",
            )
        )
        self.match_id, self.database = parse_ref(ref)
        self.stamp, self.code = stamp, code

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(ref_of(match), int(match["stamp"]), match["code"])

    async def clicked(self, interaction: Interaction) -> None:
        clicks = await heard(interaction)
        if await clicks.from_elsewhere(interaction, self.database):
            return
        await clicks.move(interaction, self.match_id, self.stamp, self.code)


class MoveSelect(
    Persistent[discord.ui.Select[Any]],
    template=r"ms:(?P<match>\d+)(?:\.(?P<db>[0-9a-f]{1,16}))?:(?P<stamp>\d+):(?P<slot>\d+)",
):
    """A choice among moves; each option's value is a move code. `slot` keeps ids unique;
    `component_id` (see cogs.ui.layout.menu_id) tells this menu from the one drawn before it."""

    def __init__(
        self,
        ref: str,
        stamp: int,
        options: Sequence[Choice] = (),
        *,
        placeholder: str | None = None,
        slot: int = 0,
        component_id: int | None = None,
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            id=component_id,
            custom_id=f"ms:{ref}:{stamp}:{slot}",
            placeholder=placeholder[:150] if placeholder else None,
            options=[
                discord.SelectOption(
                    label=choice.label[:100],
                    value=choice.code,
                    description=choice.detail[:100] if choice.detail else None,
                    emoji=choice.emoji,
                )
                for choice in options[:SELECT_LIMIT]
            ]
            or [discord.SelectOption(label="-", value="-")],
        )
        super().__init__(select)
        self.match_id, self.database = parse_ref(ref)
        self.stamp = stamp

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(ref_of(match), int(match["stamp"]), slot=int(match["slot"]))

    async def clicked(self, interaction: Interaction) -> None:
        code = self.item.values[0] if self.item.values else ""
        clicks = await heard(interaction)
        if await clicks.from_elsewhere(interaction, self.database):
            return
        await clicks.move(interaction, self.match_id, self.stamp, code)


class HandButton(
    Persistent[discord.ui.Button[Any]],
    template=r"hand:(?P<match>\d+)(?:\.(?P<db>[0-9a-f]{1,16}))?",
):
    """Opens the clicking player's private view (their hand) as an ephemeral message."""

    def __init__(self, ref: str, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.primary, custom_id=f"hand:{ref}"
            )
        )
        self.match_id, self.database = parse_ref(ref)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(ref_of(match))

    async def clicked(self, interaction: Interaction) -> None:
        clicks = await heard(interaction)
        if await clicks.from_elsewhere(interaction, self.database):
            return
        await clicks.show_private(interaction, self.match_id)


class HintButton(
    Persistent[discord.ui.Button[Any]],
    template=r"hint:(?P<match>\d+)(?:\.(?P<db>[0-9a-f]{1,16}))?:(?P<stamp>\d+)",
):
    """A practice table's Hint: what the hard AI would do, answered privately to the
    clicking member on their turn. `stamp` is the game's epoch when it was drawn."""

    def __init__(self, ref: str, stamp: int, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                emoji="💡",
                custom_id=f"hint:{ref}:{stamp}",
            )
        )
        self.match_id, self.database = parse_ref(ref)
        self.stamp = stamp

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(ref_of(match), int(match["stamp"]))

    async def clicked(self, interaction: Interaction) -> None:
        clicks = await heard(interaction)
        if await clicks.from_elsewhere(interaction, self.database):
            return
        await clicks.hint(interaction, self.match_id, self.stamp)


class PaceSelect(
    Persistent[discord.ui.Select[Any]],
    template=r"pace:(?P<match>\d+)(?:\.(?P<db>[0-9a-f]{1,16}))?",
):
    """The lobby's pace, for the host to change before Start. It carries no version: a
    stale or repeated pick sets the pace picked, which is harmless."""

    def __init__(
        self,
        ref: str,
        options: Sequence[Choice] = (),
        *,
        chosen: str | None = None,
        component_id: int | None = None,
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            id=component_id,
            custom_id=f"pace:{ref}",
            options=[
                discord.SelectOption(label=c.label[:100], value=c.code, default=c.code == chosen)
                for c in options
            ]
            or [discord.SelectOption(label="-", value="-")],
        )
        super().__init__(select)
        self.match_id, self.database = parse_ref(ref)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(ref_of(match))

    async def clicked(self, interaction: Interaction) -> None:
        pace = self.item.values[0] if self.item.values else ""
        clicks = await heard(interaction)
        if await clicks.from_elsewhere(interaction, self.database):
            return
        await clicks.pace_click(interaction, self.match_id, pace)


DYNAMIC_ITEMS = (LobbyButton, MoveButton, MoveSelect, HandButton, HintButton, PaceSelect)


async def heard(interaction: Interaction) -> ClickHandler:
    """A button's first step: the member's language learnt, then the Desk's clicks."""
    desk = desk_of(interaction.client)
    await desk.languages.hear(interaction)
    return desk.clicks


_RESPONDING: dict[int, asyncio.Lock] = {}


@contextlib.asynccontextmanager
async def responding(interaction: Interaction) -> AsyncIterator[None]:
    """Hold while checking whether an interaction was answered and answering it: a slow
    request is deferred from another task, and the two must never both answer."""
    async with _RESPONDING.setdefault(interaction.id, asyncio.Lock()):
        yield


def done_responding(interaction: Interaction) -> None:
    _RESPONDING.pop(interaction.id, None)


async def answer_privately(interaction: Interaction, message: str) -> None:
    """Answer privately and briefly, whether or not the interaction was answered already.
    A refusal is raised instead, and answered through here by `cogs.tools.refusals`."""
    async with responding(interaction):
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
