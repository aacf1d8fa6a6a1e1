"""What one viewer of a live table is sent for one change: the table as the game draws it
(cogs.desk.drawing's public table, the viewer's own hand from the renderer's `private`),
the moves that viewer may make now, what just happened and the turn's clock, worded in the
viewer's language.

A frame is built from the viewer's seat alone: a watcher's from the public table only, a
member's from the public table and their own seat's hand. Frames are kept per version, seat
and language, so a hundred watchers of one match cost one drawing.
"""

from __future__ import annotations

import asyncio
import html
import json
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.play.changes import Change
from bot.play.published import MatchChange
from cogs.desk.drawing import draw_table
from cogs.live.markup import card_src, inline, plain, to_html
from cogs.tools.renderers import Renderers
from cogs.ui.components import (
    MoveButton,
    MoveSelect,
    TableMessage,
    cards_as_marks,
    on_the_live_table,
)
from cogs.ui.layout import Layout, Picture, Rule, Text
from cogs.wording.i18n import _, reading
from cogs.wording.names import plain as plain_name
from cogs.wording.words import logged_lines
from engines.base import GAMES

KEPT_FRAMES = 512  # frames kept (a version × seat × language each)
KEPT_PICTURES = 64  # pictures kept (the Sequence board of a version, in a language)
RECENT = 5  # lines of what happened a snapshot carries (a change carries its own events)
STYLES = {
    discord.ButtonStyle.primary: "primary",
    discord.ButtonStyle.success: "success",
    discord.ButtonStyle.danger: "danger",
}


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who a socket shows the match to: a seat (None: a watcher), in a language, through a
    link (whose token the pictures' addresses carry)."""

    seat: int | None
    language: str
    token: str


class Frames:
    def __init__(self, renderers: Renderers) -> None:
        self.renderers = renderers
        self._frames: OrderedDict[tuple[Any, ...], asyncio.Future[str]] = OrderedDict()
        self._pictures: OrderedDict[tuple[int, int, str, str], bytes] = OrderedDict()

    async def frame(self, change: MatchChange, snapshot: bool, viewer: Viewer, now: float) -> str:
        """The frame (JSON text) `viewer` is sent for `change`, at `now` on the bot's clock
        (the page counts the turn's clock down from it, whatever its own clock says). The
        pages that ask for one frame at once wait for one drawing of it."""
        key = (
            change.match_id,
            change.version,
            viewer.seat,
            viewer.language,
            viewer.token,
            snapshot,
        )
        drawing = self._frames.get(key)
        if drawing is None:
            drawing = asyncio.ensure_future(self._drawn(change, snapshot, viewer))
            self._frames[key] = drawing
            while len(self._frames) > KEPT_FRAMES:
                self._frames.popitem(last=False)
        self._frames.move_to_end(key)
        try:
            found = await asyncio.shield(drawing)
        except Exception:
            self._frames.pop(key, None)  # drawn again by the next page that asks
            raise
        return f'{found[:-1]},"now":{json.dumps(now)}}}'  # the frame's JSON, written once

    async def _drawn(self, change: MatchChange, snapshot: bool, viewer: Viewer) -> str:
        with reading(viewer.language), cards_as_marks(), on_the_live_table():
            return json.dumps(await self._build(change, snapshot, viewer), ensure_ascii=False)

    async def picture(
        self, change: MatchChange | None, match_id: int, version: int, language: str, name: str
    ) -> bytes | None:
        """A picture of the table at `version`, in `language`: drawn when first asked for
        while its version is the latest (`change`), then kept (a page asks as soon as its
        frame arrives; one asking for a version already replaced gets the new frame next)."""
        key = (match_id, version, language, name)
        if key not in self._pictures and change is not None and change.version == version:
            with reading(language):
                drawn = Change(change.record, change.game, list(change.events))
                await self._keep_pictures(change, await draw_table(drawn, self.renderers), language)
        return self._pictures.get(key)

    async def _build(self, change: MatchChange, snapshot: bool, viewer: Viewer) -> dict[str, Any]:
        drawn = Change(change.record, change.game, list(change.events))
        drawn.watching, drawn.published = change.watching, change
        table = await draw_table(drawn, self.renderers)
        table.pictures = []  # drawn when a page asks for them (`picture`), not per frame
        hand = await self._hand(change, viewer.seat)
        items = table.items + (hand.items if hand is not None else [])
        moves = self._moves(items) if self.may_act(change, viewer.seat) else []

        def picture_url(name: str) -> str:
            return f"../picture/{viewer.token}/{change.version}/{name}?l={viewer.language}"

        return {
            "t": "table",
            "v": change.version,
            "snapshot": snapshot,
            "title": self.renderers.title(change.game_key),
            "html": {
                "table": message_html(table, picture_url),
                "hand": message_html(hand, picture_url) if hand is not None else None,
            },
            "moves": moves,
            "happened": self._happened(change, snapshot),
            "clock": self._clock(change),
            "open": change.is_open,
            "seat": viewer.seat,
            "you": self._you(change, viewer.seat),
        }

    async def _keep_pictures(self, change: MatchChange, table: TableMessage, language: str) -> None:
        """The table's pictures (the Sequence board), drawn off the event loop by the
        renderer's own drawing, kept for the page to load by address."""
        for draw in table.pictures:
            drawn = await draw()
            key = (change.match_id, change.version, language, drawn.filename)
            drawn.fp.seek(0)
            self._pictures[key] = drawn.fp.read()
            while len(self._pictures) > KEPT_PICTURES:
                self._pictures.popitem(last=False)
        table.pictures = []

    async def _hand(self, change: MatchChange, seat: int | None) -> TableMessage | None:
        """The seat's own hand while the match is open (never another seat's)."""
        renderer = self.renderers.get(change.game_key)
        if seat is None or renderer is None or change.game is None or not change.is_open:
            return None
        return await renderer.private(change.record, change.game, seat)

    @staticmethod
    def may_act(change: MatchChange, seat: int | None) -> bool:
        """Whether `seat` has a move to make now (a simultaneous game's seat may change its
        pick until the last is in)."""
        if seat is None or change.game is None or not change.is_open:
            return False
        if seat in change.to_act():
            return True
        info = GAMES.get(change.game_key)
        return bool(info is not None and info.simultaneous and change.game.legal_actions(seat))

    @staticmethod
    def _moves(items: list[discord.ui.Item[Any]]) -> list[dict[str, Any]]:
        """The drawn move buttons and menus as the page's controls (the table's other
        buttons, such as the hand's or a hint's, have no place on the page)."""
        moves: list[dict[str, Any]] = []
        for item in items:
            if isinstance(item, MoveButton) and not item.item.disabled:
                button = item.item
                moves.append(
                    {
                        "kind": "button",
                        "code": item.code,
                        "stamp": item.stamp,
                        "label": button.label or "",
                        "style": STYLES.get(button.style, "secondary"),
                        **_emoji(button.emoji),
                    }
                )
            elif isinstance(item, MoveSelect):
                menu = item.item
                options = [
                    {
                        "code": option.value,
                        "label": option.label,
                        "detail": option.description,
                        **_emoji(option.emoji),
                    }
                    for option in menu.options
                    if option.value != "-"
                ]
                if options:
                    moves.append(
                        {
                            "kind": "select",
                            "stamp": item.stamp,
                            "placeholder": menu.placeholder or _("Choose"),
                            "options": options,
                        }
                    )
        return moves

    def _happened(self, change: MatchChange, snapshot: bool) -> list[str]:
        """What just happened, as the table's story words it (HTML lines): the change's
        events; a snapshot's, the match's latest."""
        texts = self.renderers.texts_of(change.game_key)
        if texts is None:
            return []
        events = list(change.events) if not snapshot else (change.record.log or [])[-RECENT:]
        if not events:
            return []
        return [to_html(line) for line in logged_lines(texts, events, change.record.seats)]

    @staticmethod
    def _clock(change: MatchChange) -> dict[str, float] | None:
        """When the running member turn ends (an AI's turn has no clock)."""
        seats = change.record.seats
        waiting = [s for s in change.to_act() if seats[s].ai is None and seats[s].user_id]
        if change.deadline is None or not waiting:
            return None
        return {"due": change.deadline}

    @staticmethod
    def _you(change: MatchChange, seat: int | None) -> str:
        if seat is None or seat >= len(change.record.seats):
            return _("You are watching this match.")
        return _("You play as {name}.").format(name=plain_name(change.record.seats[seat].name))


def _emoji(emoji: discord.PartialEmoji | None) -> dict[str, Any]:
    """A control's emoji: a card's picture (decorative: the label says the card), or a
    plain emoji."""
    if emoji is None:
        return {}
    if emoji.id is not None and emoji.name:
        return {"card": {"src": card_src(emoji.name), "alt": ""}}
    return {"emoji": str(emoji)}


def message_html(message: TableMessage, picture_url: Callable[[str], str]) -> str:
    """A table message (a layout, or the embeds of a hand) as HTML; text is escaped by the
    markdown converter, pictures are loaded by address."""
    out: list[str] = []
    if message.content:
        out.append(f'<div class="notice">{to_html(message.content)}</div>')
    if message.layout is not None:
        out.append(_layout_html(message.layout, picture_url))
    out += [_embed_html(embed) for embed in message.embeds]
    return "".join(out)


def _layout_html(layout: Layout, picture_url: Callable[[str], str]) -> str:
    out = [f'<div class="layout" style="--accent:#{layout.colour.value:06x}">']
    for block in layout.blocks:
        if isinstance(block, Text):
            out.append(f'<div class="part part-{block.part.name.lower()}">')
            out.append(to_html(block.text) + "</div>")
        elif isinstance(block, Picture):
            alt = html.escape(plain(block.description or ""))
            src = html.escape(picture_url(block.filename))
            out.append(f'<img class="picture" src="{src}" alt="{alt}">')
        elif isinstance(block, Rule):
            out.append("<hr>")
    out.append("</div>")
    return "".join(out)


def _embed_html(embed: discord.Embed) -> str:
    colour = embed.colour.value if embed.colour is not None else 0x5865F2
    out = [f'<div class="layout embed" style="--accent:#{colour:06x}">']
    if embed.title:
        out.append(f"<h3>{inline(embed.title)}</h3>")
    if embed.description:
        out.append(to_html(embed.description))
    for field in embed.fields:
        out.append(f'<div class="field"><h4>{html.escape(plain(field.name or ""))}</h4>')
        out.append(to_html(field.value or "") + "</div>")
    if embed.footer.text:
        out.append(f'<p class="small">{html.escape(plain(embed.footer.text))}</p>')
    out.append("</div>")
    return "".join(out)
