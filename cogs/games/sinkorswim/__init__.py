"""`/sinkorswim`: Sink or Swim in a channel — the start command, the public table and the
private hand.

Every player picks at once and in secret (S4.2): the table only says *who* has picked, and
each hand with its pick lives in an ephemeral message opened by the table's "Pick a card"
button or `/sinkorswim hand` (S8).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord.ext import commands

from bot.play.model import MatchRecord
from cogs.games.api import (
    GameCommands,
    GameRenderer,
    HandButton,
    Layout,
    MoveButton,
    Part,
    Race,
    StartWords,
    TableMessage,
    add_game,
    cards_in_words,
    drawn_for_the_page,
    parts_in_words,
    rounds,
    slash,
    slash_text,
    tricks,
)
from cogs.games.sinkorswim.analysis_words import analysis_line
from cogs.games.sinkorswim.faces import FACES, tide, weather
from cogs.games.sinkorswim.race import race
from cogs.games.sinkorswim.story import last_round_told, round_summary
from cogs.games.sinkorswim.texts import TEXTS, Cards
from cogs.wording.i18n import _, ngettext
from cogs.wording.words import is_legacy, logged_lines, names_at_each, names_of, points, signed
from engines.base import Event, Game, Judged
from engines.sink_or_swim import Pick, SinkOrSwimGame
from engines.sink_or_swim.views import SinkOrSwimView, TrickView

KEY = "sinkorswim"
COLOUR = discord.Colour.from_rgb(41, 128, 185)
OUT_COLOUR = discord.Colour.from_rgb(52, 73, 94)
# What the table retells after a reveal, by event kind, with the mark it gets. The reveal
# itself and the tide cards taken are drawn from the view; the round's points are retold
# in full by story.py.
NEWS = {
    "match.timeout": "⏰",
    "match.handover": "🤖",
    "match.left": "🤖",
    "match.returned": "🙋",
    "lost_belt": "🛟",
    "eliminated": "💀",
    "round_end": "🏁",
    "hands_passed": "🔄",
}  # not the game's end: the result message announces the winner, once


def _belts_mark(belts: float) -> str:
    """A card's belts, joined to the card so a line never wraps between them: a no-break
    space before the mark, a word joiner between ½ and the belt."""
    return {1.0: "\u00a0🛟", 0.5: "\u00a0½\u2060🛟"}.get(belts, "")


def _trick_line(view: SinkOrSwimView, shown: Callable[[int], str] = str) -> str:
    low, high = (shown(card) for card in view.tide_cards)
    return _(
        "Tide cards 🌊 **{low}** and 🌊 **{high}** — the highest weather card takes **{low}**, "
        "the second highest takes **{high}**."
    ).format(low=low, high=high)


class SinkOrSwimRenderer(GameRenderer):
    faces = FACES
    """Draws the table from the spectator's view and each hand from its seat's own view."""

    round_start = "round_start"
    step_groups = (rounds("round_start"), tricks("reveal"))

    def race(self, game: Game, events: Sequence[Event], names: list[str]) -> Race | None:
        return race(events, names)

    async def table(self, record: MatchRecord, game: Game) -> TableMessage:
        assert isinstance(game, SinkOrSwimGame)
        view = game.view(None)
        stage = _("final") if view.is_over else _("trick {trick} of 12").format(trick=view.trick)
        heading = [
            "## "
            + _("🌊 {title} — round {round} of {rounds} · {stage}").format(
                title=self.texts.title, round=view.round, rounds=view.rounds, stage=stage
            )
        ]
        if not view.is_over and view.tide_cards:
            with cards_in_words():  # the heading is what a notification's preview shows
                heading.append(_trick_line(view, self.tide_card))
            due = record.turn_due  # a replay draws a finished match: no deadline
            if due and record.is_open and any(record.seats[s].ai is None for s in game.to_act()):
                heading.append(
                    _("⏳ Picks close <t:{at}:R>; a late player plays their lowest.").format(
                        at=int(due.at)
                    )
                )
        layout = Layout(COLOUR).text(Part.HEADING, "\n".join(heading))
        layout.text(Part.PLAYERS, self._players(record, view))
        layout.rule()
        for part, told in self._told(record, view):
            layout.text(part, told, trim=True)
        if len(view.round_scores) > 1:
            layout.text(Part.SCORES, self._round_scores(record, view))
        items: list[discord.ui.Item[Any]] = []
        if record.is_open and not view.is_over:
            layout.text(Part.PROMPT, self._waiting(record, game))
            items.append(HandButton(record.ref, label=_("Pick a card")))
        parts_in_words(layout, lambda: self._told(record, view))
        return TableMessage(items=items, layout=layout)

    def _told(self, record: MatchRecord, view: SinkOrSwimView) -> list[tuple[Part, str]]:
        """The last trick revealed and what followed, and the round that ended while the
        table still retells it."""
        told: list[tuple[Part, str]] = []
        if view.last_trick is not None:
            revealed = _("Round {round}, trick {trick} — revealed").format(
                round=view.last_trick.round, trick=view.last_trick.trick
            )
            lines = self._reveal(record, view.last_trick)
            told.append((Part.TRICK, f"**{revealed}**\n" + "\n".join(lines)))
        summary = self._round_told(record)
        if summary is not None:
            told.append((Part.EARLIER, summary))
        return told

    def _round_scores(self, record: MatchRecord, view: SinkOrSwimView) -> str:
        names = self.names(record)
        rows = [
            # TRANSLATORS: a short label for round {round} in the table of round scores.
            _("R{round}:").format(round=number)
            + " "
            + " · ".join(
                f"{name} {signed(points)}" for name, points in zip(names, row, strict=True)
            )
            for number, row in enumerate(view.round_scores, start=1)
        ]
        return "**" + _("Round scores") + "**\n" + "\n".join(rows)

    def _round_told(self, record: MatchRecord) -> str | None:
        """Why each player scored what they did in the round that ended, until the next
        trick is revealed (and under the last round, once the game is over)."""
        logged = record.log or []
        if any(is_legacy(event) for event in logged):  # saved before events were data
            return None
        told = last_round_told(logged)
        if told is None:
            return None
        named = names_at_each(record.seats, logged)[told]
        ended = [event for event in logged[told] if event.kind == "round_end"]
        heading = _("Round {round}: how it ended").format(round=ended[-1].data["round"])
        summary = round_summary(logged[told], named, Cards(self.card))
        return f"**{heading}**\n" + "\n".join(summary)

    @staticmethod
    def _waiting(record: MatchRecord, game: SinkOrSwimGame) -> str:
        """The prompt: who the trick waits for, and where to pick."""
        waiting = game.to_act()
        humans = [s for s in waiting if record.seats[s].ai is None]
        if humans:
            asked = _("Waiting for {names} to pick.").format(names=names_of(humans, record))
            if drawn_for_the_page():  # the page shows each member's hand itself
                return f"**{asked}**"
            return f"**{asked}**\n-# " + _("Press “Pick a card” to see your hand.")
        if waiting:
            return "-# " + _("🤖 {names} picking…").format(names=names_of(waiting, record))
        return "-# " + _("Everyone has picked.")

    def _players(self, record: MatchRecord, view: SinkOrSwimView) -> str:
        rows = []
        names = self.names(record)
        for seat, player in enumerate(view.players):
            name = names[seat]
            bot_mark = "🤖 " if record.seats[seat].ai else ""
            total = points(player.score)
            if player.eliminated:
                rows.append(
                    _("💀 {bot}~~{name}~~ · out of this round · {total}").format(
                        bot=bot_mark, name=name, total=total
                    )
                )
                continue
            mark = "▫️" if view.is_over else "✅" if player.picked else "⏳"
            tide = (
                _("tide **{tide}**").format(tide=self.tide_card(player.showing))
                if player.showing
                else _("no tide")
            )
            rows.append(f"{mark} {bot_mark}**{name}** · {tide} · 🛟 {player.belts} · {total}")
        return "\n".join(rows)

    def _reveal(self, record: MatchRecord, last: TrickView) -> list[str]:
        """Who played what, who took which tide card, then what followed (S4.3–S6)."""
        names = self.names(record)
        plays = sorted(last.plays, key=lambda pair: -pair[1])
        lines = [
            "🃏 "
            + " · ".join(
                f"{names[seat]} {self.card(weather(card), f'**{card}**')}" for seat, card in plays
            ),
            "🌊 "
            + " · ".join(
                _("{name} takes **{tide}**").format(name=names[seat], tide=self.tide_card(tide))
                for seat, tide in last.took
            ),
        ]
        news = self._news(record)
        timeouts = [line for line in news if line.startswith(NEWS["match.timeout"])]
        return timeouts + lines + [line for line in news if line not in timeouts]

    def _news(self, record: MatchRecord) -> list[str]:
        """The logged events since the latest reveal (and the time-outs that led to it)."""
        logged = [e for e in record.log or [] if not is_legacy(e)]  # old sentences: not news
        reveals = [i for i, e in enumerate(logged) if e.kind == "reveal"]
        if not reveals:
            return []
        start = reveals[-1]
        while start > 0 and logged[start - 1].kind in ("match.timeout", "picked", "repicked"):
            start -= 1
        since = logged[start:]  # a suffix of the log, so each event's names are as then
        lines = logged_lines(self.texts, since, record.seats)
        return [
            f"{NEWS[e.kind]} {line}" for e, line in zip(since, lines, strict=True) if e.kind in NEWS
        ]

    async def private(self, record: MatchRecord, game: Game, seat: int) -> TableMessage | None:
        assert isinstance(game, SinkOrSwimGame)
        view = game.view(seat)
        me = view.players[seat]
        embed = discord.Embed(
            title=_("Your hand — round {round}, trick {trick}").format(
                round=view.round, trick=view.trick
            ),
            colour=COLOUR,
        )
        lines = self._last_trick_lines(view, seat)
        tide = (
            _("tide **{tide}**").format(tide=self.tide_card(me.showing))
            if me.showing
            else _("no tide card")
        )
        lines.append(
            ngettext(
                "You show {tide} and have 🛟 **{belts}** belt afloat.",
                "You show {tide} and have 🛟 **{belts}** belts afloat.",
                me.belts,
            ).format(tide=tide, belts=me.belts)
        )
        items: list[discord.ui.Item[Any]] = []
        if me.eliminated:
            embed.colour = OUT_COLOUR
            lines.append(_("💀 You're out of this round. Your cards pass on when it ends."))
        else:
            lines += self._pick_lines(record, game, view)
            items = [
                MoveButton(
                    record.ref,
                    game.epoch(),
                    Pick(card.card).code,
                    label=f"{card.card}{_belts_mark(card.belts)}",
                    emoji=self.card_emoji(weather(card.card)),
                    style=discord.ButtonStyle.success
                    if card.card == view.pick
                    else discord.ButtonStyle.secondary,
                )
                for card in view.hand
            ]
        cards = " · ".join(
            f"{self.card(weather(c.card), str(c.card))}{_belts_mark(c.belts)}" for c in view.hand
        )
        embed.description = "\n".join(lines)
        embed.add_field(
            name=_("Your cards ({count})").format(count=len(view.hand)),
            value=cards or "—",
            inline=False,
        )
        embed.set_footer(text=_("🛟 a whole belt · ½🛟 half a belt. Only you can see this."))
        return TableMessage([embed], items)

    def analysis_line(self, step: int, judged: Judged, names: list[str], seat: int) -> str:
        return analysis_line(step, judged, lambda card: self.card(weather(card), f"**{card}**"))

    def tide_card(self, card: int) -> str:
        """A tide card in a line: its emoji, or its number (the sentence makes it bold)."""
        return self.card(tide(card), str(card))

    def _last_trick_lines(self, view: SinkOrSwimView, seat: int) -> list[str]:
        last = view.last_trick
        if last is None or last.round != view.round:
            return []
        mine = dict(last.plays).get(seat)
        if mine is None:
            return []
        took = dict(last.took).get(seat)
        if took:
            return [
                _("Last trick you played **{card}** and took tide **{tide}**.").format(
                    card=self.card(weather(mine), str(mine)), tide=self.tide_card(took)
                )
            ]
        return [
            _("Last trick you played **{card}** and took no tide card.").format(
                card=self.card(weather(mine), str(mine))
            )
        ]

    def _pick_lines(
        self, record: MatchRecord, game: SinkOrSwimGame, view: SinkOrSwimView
    ) -> list[str]:
        lines = [_trick_line(view, self.tide_card)]
        if view.pick is None:
            lines.append(_("👉 **Tap a card to pick it.** Nobody sees it before the reveal."))
        else:
            lines.append(
                _("✅ **You picked {card}.** You may change it until the last pick is in.").format(
                    card=self.card(weather(view.pick), str(view.pick))
                )
            )
        # Who is still to pick lives on the table: a hand that showed it would need an
        # edit (a call to Discord) at every other member's pick.
        return lines


class SinkOrSwim(
    GameCommands,
    group_name=slash("command", "sinkorswim"),
    group_description=slash_text("Sink or Swim: secret picks against the rising tide"),
):
    start_words = StartWords(slash_text("Open a Sink or Swim lobby in this channel"))


async def setup(bot: commands.Bot) -> None:
    await add_game(bot, SinkOrSwimRenderer(KEY, TEXTS), SinkOrSwim)
