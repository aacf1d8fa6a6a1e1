"""`/sequence`: Sequence Numbers in a channel — the start command, the public table with the
board picture, and each player's private hand (G10).

The table shows the board, each team's SEQUENCE count, whose turn it is and the last card;
hands live in ephemeral messages opened by the table's "Your hand" button or
`/sequence hand`, where the player chooses a card and then a cell.
"""

from __future__ import annotations

import asyncio
import io
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Sequence as Items
from typing import Any

import discord
from discord.ext import commands

from bot.play.model import MatchRecord
from cogs.games.api import (
    Choice,
    GameCommands,
    GameRenderer,
    HandButton,
    Layout,
    MoveButton,
    MoveSelect,
    Part,
    Race,
    StartWords,
    TableMessage,
    add_game,
    cards_in_words,
    drawn_for_the_page,
    menu_id,
    slash,
    slash_text,
    turns,
)
from cogs.games.sequence.analysis_words import analysis_line
from cogs.games.sequence.board import render_board
from cogs.games.sequence.faces import FACES, face
from cogs.games.sequence.race import race
from cogs.games.sequence.texts import TEXTS, card_label, choice_words, team_name, team_words
from cogs.wording import i18n
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _, ngettext, number
from cogs.wording.words import logged_lines
from engines.base import Decision, Event, Game, IllegalMove, Judged
from engines.sequence_numbers import COLOURS, Exchange, SequenceGame
from engines.sequence_numbers.actions import ChooseCard
from engines.sequence_numbers.cards import MINUS
from engines.sequence_numbers.game import required_count, team_count
from engines.sequence_numbers.views import HandCard, SequenceView, TeamView

KEY = "sequence"
COLOUR = discord.Colour.from_rgb(0, 114, 178)
TEAM_EMOJI = {"Blue": "🔵", "Orange": "🟠", "Green": "🟢"}
BOARD_FILE = "board.png"
EVENTS_SHOWN = 4
BUTTONS_UP_TO = 5  # a cell step with more choices than this becomes a select menu
CACHED_BOARDS = 16


def _cards(cards: int) -> str:
    return ngettext("{count} card", "{count} cards", cards).format(count=number(cards))


def _sequences(sequences: int) -> str:
    return ngettext("{count} SEQUENCE", "{count} SEQUENCES", sequences).format(
        count=number(sequences)
    )


def _chips(chips: int) -> str:
    return ngettext("{count} chip", "{count} chips", chips).format(count=number(chips))


def _team_line(team: TeamView, view: SequenceView, names: list[str]) -> str:
    emoji = TEAM_EMOJI.get(team.colour, "⚪")
    members = [names[s] for s in team.seats]
    who = (
        f"**{members[0]}**"
        if len(members) == 1
        else f"**{team_name(team.index, view, names)}** ({', '.join(members)})"
    )
    done = view.sequences[team.index]
    return f"{emoji} {who} — {done}/{_sequences(view.required)}"


class BoardCache:
    """Recently drawn boards by their drawn content: a step that moves no chip redraws nothing."""

    def __init__(self, size: int = CACHED_BOARDS) -> None:
        self.size = size
        self._pngs: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()

    async def png(self, view: SequenceView) -> bytes:
        """The board drawn in the reader's language (its corners' word)."""
        key = (view.board, view.locked, view.last_move, view.teams, i18n.reader())
        png = self._pngs.get(key)
        if png is None:
            png = await asyncio.to_thread(render_board, view)
            self._pngs[key] = png
            while len(self._pngs) > self.size:
                self._pngs.popitem(last=False)
        self._pngs.move_to_end(key)
        return png


class SequenceRenderer(GameRenderer):
    faces = FACES
    draws_pictures = True
    step_groups = (turns("play", "plus", "minus", "pass"),)  # a turn ends with its play

    def __init__(self) -> None:
        super().__init__(KEY, TEXTS)
        self.boards = BoardCache()

    def race(self, game: Game, events: Items[Event], names: list[str]) -> Race | None:
        assert isinstance(game, SequenceGame)
        return race(events, game.view(None).teams, names)

    # -- the public table ---------------------------------------------------------------

    async def table(self, record: MatchRecord, game: Game) -> TableMessage:
        assert isinstance(game, SequenceGame)
        view = game.view(None)
        names = self.names(record)
        with cards_in_words():  # the heading is what a notification's preview shows
            discard = self.shown(view.discard_top) if view.discard_top else "—"
            about = _(
                "🃏 Last card: {last} · 🗑️ discard **{discard}** · 📚 draw pile {cards}"
            ).format(
                last=self._last_card(view, names, self.shown),
                discard=discard,
                cards=_cards(view.draw_pile),
            )
        layout = Layout(COLOUR).text(Part.HEADING, f"## {self.texts.title}\n{about}")
        acting = record.seats[view.turn] if record.is_open and not view.is_over else None
        turn_team = game.team_of(view.turn) if acting is not None else None
        lines = [
            ("▶️ " if team.index == turn_team else "") + _team_line(team, view, names)
            for team in view.teams
        ]
        layout.text(Part.PLAYERS, "\n".join(lines))
        alt = self._alt_text(view, names)
        layout.picture(BOARD_FILE, alt)
        recent = self._recent(record)
        if recent:
            layout.text(Part.STORY, f"**{_('Last events')}**\n" + "\n".join(recent), trim=True)
        items: list[discord.ui.Item[Any]] = []
        if acting is not None:
            layout.rule()
            if acting.ai:
                thinking = _("🤖 {name} is thinking…").format(name=names[view.turn])
                layout.text(Part.PROMPT, f"-# {thinking}")
            else:
                if drawn_for_the_page():  # the page shows the hand and its moves below
                    asked = _("{name}: your turn.").format(name=names[view.turn])
                else:
                    asked = _("{name}: your turn — tap “Your hand” to play.").format(
                        name=names[view.turn]
                    )
                due = record.turn_due
                clock = f"\n-# ⏱️ <t:{int(due.at)}:R>" if due else ""
                layout.text(Part.PROMPT, f"**{asked}**{clock}")
            items.append(HandButton(record.ref, label=_("Your hand")))

        language = i18n.reader()  # the table's: the picture is drawn later, when sent

        async def picture() -> discord.File:  # drawn when sent, off the match lock
            with i18n.reading(language):
                png = await self.boards.png(view)
            return discord.File(io.BytesIO(png), filename=BOARD_FILE, description=alt)

        return TableMessage(items=items, layout=layout, pictures=[picture])

    def _recent(self, record: MatchRecord) -> list[str]:
        """The last events as sentences, but not a win: the result message announces it."""
        logged = (record.log or [])[-EVENTS_SHOWN - 1 :]
        lines = logged_lines(self.texts, logged, record.seats)
        told = [line for event, line in zip(logged, lines, strict=True) if event.kind != "win"]
        return told[-EVENTS_SHOWN:]

    def _alt_text(self, view: SequenceView, names: list[str]) -> str:
        """The board in words, for members who can't see the picture."""
        chips = [
            _("{team}: {chips}, {sequences}").format(
                team=team_name(team.index, view, names),
                chips=_chips(sum(owner == team.index for row in view.board for owner in row)),
                sequences=_sequences(view.sequences[team.index]),
            )
            for team in view.teams
        ]
        last = self._last_card(view, names).replace("**", "")
        return _("Sequence Numbers board. {teams}. Last card: {last}.").format(
            teams="; ".join(chips), last=last
        )[:1024]

    def shown(self, card: str) -> str:
        """A card in message text: its picture, or its label."""
        return self.card(face(card), card_label(card))

    @staticmethod
    def _last_card(
        view: SequenceView, names: list[str], shown: Callable[[str], str] = card_label
    ) -> str:
        last = view.last_move
        if last is None:
            return "—"
        if last.kind == "minus":
            return _("{name}: **{card}**, removed {cell}").format(
                name=names[last.seat], card=shown(MINUS), cell=last.cell
            )
        return _("{name}: **{card}** on {cell}").format(
            name=names[last.seat], card=shown(last.card), cell=last.cell
        )

    # -- the hand view ------------------------------------------------------------------

    async def private(self, record: MatchRecord, game: Game, seat: int) -> TableMessage | None:
        assert isinstance(game, SequenceGame)
        view = game.view(seat)
        names = self.names(record)
        assert view.team is not None and view.hand is not None
        team = view.teams[view.team]
        emoji = TEAM_EMOJI.get(team.colour, "")
        title = (
            _("Your hand")
            if len(team.seats) == 1
            else _("Your hand — {team}").format(team=team_name(team.index, view, names))
        )
        embed = discord.Embed(title=f"{title} {emoji}", colour=COLOUR)
        lines = [self._card_line(card, view) for card in view.hand]
        embed.description = "\n".join(lines) or _("No cards.")
        items: list[discord.ui.Item[Any]] = []
        decision = game.decision(seat)
        if record.seats[seat].ai:
            embed.set_footer(
                text=_(
                    "🤖 The AI plays your seat now. Press “I'm back: my seat” on the table, "
                    "or use {join}, to play it again."
                ).format(join=command("sequence join"))
            )
        elif decision is None:
            embed.set_footer(
                text=_("Waiting for {name}. This hand updates itself on your turn.").format(
                    name=names[view.turn]
                )
            )
        else:
            embed.add_field(
                name=_("▶️ Your turn"), value=self.texts.decision(decision, names), inline=False
            )
            items = self._controls(record, game, view, decision)
        return TableMessage([embed], items)

    def choice_line(self, asked: Decision, action: Any, names: list[str]) -> str | None:
        return choice_words(asked, action, names, self.card)

    def analysis_line(self, step: int, judged: Judged, names: list[str], seat: int) -> str:
        return analysis_line(
            step,
            judged,
            lambda code: self.card(face(code), f"`{card_label(code)}`"),
            lambda team, seats: team_words(team, seats, names),
        )

    def _card_line(self, card: HandCard, view: SequenceView) -> str:
        name = self.card(face(card.code), f"`{card_label(card.code)}`")
        if card.code == "P":
            return name + " " + (_("➕ any empty cell") if card.playable else _("➕ no empty cell"))
        if card.code == "M":
            if card.playable:
                return name + " " + _("➖ remove an opponent chip")
            return name + " " + _("➖ remove an opponent chip (none can be removed now)")
        cells = " · ".join(c.cell if c.free else f"~~{c.cell}~~" for c in card.cells)
        if card.dead:
            hint = _(" — exchange it first") if not view.exchange_used else ""
            return f"{name} = **{card.answer}** → {cells} 💀 " + _("dead") + hint
        return f"{name} = **{card.answer}** → {cells}"

    def _controls(
        self, record: MatchRecord, game: SequenceGame, view: SequenceView, decision: Decision
    ) -> list[discord.ui.Item[Any]]:
        epoch = game.epoch()
        names = self.label_names(record)
        steps = [o for o in decision.options if o.code != "back"]
        back: list[discord.ui.Item[Any]] = [
            MoveButton(
                record.ref, epoch, o.code, label=self.texts.option(o, view, names), emoji="↩️"
            )
            for o in decision.options
            if o.code == "back"
        ]
        if decision.kind == "choose_cell" and len(steps) > BUTTONS_UP_TO:
            options = [Choice(o.code, self.texts.option(o, view, names)) for o in steps]
            placeholder = self.label_texts.decision(decision, names)
            menu = MoveSelect(
                record.ref,
                epoch,
                options,
                placeholder=placeholder,
                component_id=menu_id(record.version),
            )
            return [menu, *back]
        buttons: list[discord.ui.Item[Any]] = []
        for option in steps:
            exchange = isinstance(option, Exchange)
            card = option.card if isinstance(option, ChooseCard) else None
            buttons.append(
                MoveButton(
                    record.ref,
                    epoch,
                    option.code,
                    label=self.texts.option(option, view, names)[:80],
                    emoji="♻️" if exchange else self.card_emoji(face(card)) if card else None,
                    style=discord.ButtonStyle.secondary
                    if exchange
                    else discord.ButtonStyle.primary,
                )
            )
        return [*buttons, *back]

    # -- the lobby ----------------------------------------------------------------------

    def lobby_fields(self, record: MatchRecord) -> list[tuple[str, str]]:
        """The seating as teams will be dealt and what wins, or why the count can't start."""
        players = len(record.seats)
        if players < 2:
            return []
        teams = record.options.get("teams")
        if teams == 3 and players not in (3, 6):
            more = 6 - players
            hint = (
                _("{more} more (or add AI players)").format(more=more)
                if more > 0
                else _("fewer players")
            )
            return [
                (
                    _("⚠️ Teams"),
                    _("Three teams of two need 6 players: {hint}.").format(hint=hint),
                )
            ]
        try:
            teams_made = team_count(players, teams)
        except IllegalMove as error:
            return [(_("⚠️ Teams"), self.texts.error(error, self.names(record)))]
        rows = []
        names = self.names(record)
        for team in range(teams_made):
            members = [n for i, n in enumerate(names) if i % teams_made == team]
            rows.append(f"{TEAM_EMOJI[COLOURS[team]]} {', '.join(members)}")
        needed = required_count(players, record.options.get("sequences"))
        wins = _("{sequences} wins") if needed == 1 else _("{sequences} win")
        goal = wins.format(sequences=_sequences(needed))
        if players == 6 and teams_made == 3 and needed == 2:
            goal += _(" — most such games fill the board and end in a draw; 1 is suggested")
        return [(_("Teams"), "\n".join(rows) + f"\n*{goal}*")]


class Sequence(
    GameCommands,
    group_name=slash("command", "sequence"),
    group_description=slash_text("Sequence Numbers: sums onto a 10×10 board, in teams"),
):
    # Unset options follow the player count when the game starts.
    start_words = StartWords(
        slash_text("Open a Sequence Numbers lobby here"),
        {
            "teams": (
                slash("command", "teams"),
                slash_text("With 6 players: two teams of three (default) or three of two"),
            ),
            "sequences": (
                slash("command", "sequences"),
                slash_text("SEQUENCES needed to win (default: 1 with 2–3 players, 2 with 4–6)"),
            ),
        },
        {
            "teams": {
                2: slash_text("6 players: two teams of three"),
                3: slash_text("6 players: three teams of two"),
            },
            "sequences": {1: slash_text("1 SEQUENCE"), 2: slash_text("2 SEQUENCES")},
        },
    )


async def setup(bot: commands.Bot) -> None:
    await add_game(bot, SequenceRenderer(), Sequence)
