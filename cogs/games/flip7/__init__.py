"""`/flip7`: Flip 7: With a Vengeance in a channel — the start command and the table's look."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord.ext import commands

from bot.play.events import TIMED_OUT
from bot.play.model import MatchRecord
from cogs.games.api import (
    GameCommands,
    GameRenderer,
    Layout,
    MoveButton,
    Part,
    Race,
    StartWords,
    TableMessage,
    add_game,
    cards_in_words,
    parts_in_words,
    rounds,
    slash,
    slash_text,
)
from cogs.games.flip7.analysis_words import analysis_line
from cogs.games.flip7.choice_words import choice_words
from cogs.games.flip7.faces import FACES, face
from cogs.games.flip7.race import race
from cogs.games.flip7.story import moved, round_summary, text_chip
from cogs.games.flip7.texts import TEXTS, card_effect, card_label
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _, lazy_gettext, ngettext, number
from cogs.wording.words import event_text, is_legacy, names_at_each, signed
from engines.base import Decision, Event, Game, Judged
from engines.flip7 import GOAL_OPTION, HIT, STAY, Flip7Game
from engines.flip7.actions import ChooseCard, ChoosePlayer
from engines.flip7.cards import is_number
from engines.flip7.views import Flip7View

KEY = "flip7"
COLOUR = discord.Colour.from_rgb(231, 76, 60)
EVENTS_SHOWN = 6
EVENTS_BESIDE_SUMMARY = 1
STORY_ROOM = 13  # player lines and story lines together, before the story gives way


STATUSES = {
    "active": lazy_gettext("🟢 in"),
    "stayed": lazy_gettext("✋ stayed"),
    "busted": lazy_gettext("💥 busted"),
    "flip7": lazy_gettext("🌟 FLIP 7"),
}


def _status(status: str) -> str:
    shown = STATUSES.get(status)
    return str(shown) if shown is not None else status


# Room for the player lines and for a round's retelling in the table's 4,000 characters;
# beyond it the longest rows show their cards as text (a card's emoji takes ~30 characters).
PLAYERS_ROOM = 2400
SUMMARY_ROOM = 1200
# From this many seats a round's summary names its cards in words: with a picture on each
# of its lines, a table of eight grew past 600 px at the playground's width.
SUMMARY_PICTURES_UP_TO = 7


def _worth_telling(logged: list[Event], part: slice, room: int) -> list[int]:
    """Which of the round's events the table tells, at most `room` (and every time-out):
    every one when they fit. Else the latest (up to EVENTS_SHOWN, in at least half the
    room) and, before them, the round's first events that changed a row beyond what the
    row shows (busts, actions, modifiers: what the deal did), oldest first; a plain number
    flipped or a stay is already on the table. Every time-out is told whatever the room:
    the bot's move for an absent member is followed at once by the next cards dealt, and
    the member looks for it."""
    everything = range(part.start, part.stop)
    if len(everything) <= room:
        return list(everything)
    latest = min(EVENTS_SHOWN, room - room // 2)
    worth = [i for i in everything[:-latest] if not _shown_by_the_rows(logged[i])]
    first = worth[: room - latest]
    latest = max(latest, min(EVENTS_SHOWN, room - len(first)))  # room the first left over
    told = set(first) | set(everything[-latest:])
    told.update(i for i in everything if logged[i].kind == TIMED_OUT)
    return sorted(told)


def _left_out(part: slice, told: list[int]) -> tuple[int, int]:
    """How many of the round's events the table leaves out, and where in `told` the
    sentence that says so goes: at the widest gap between told events, or above them."""
    gaps = [(b - a - 1, n + 1) for n, (a, b) in enumerate(itertools.pairwise(told))]
    gaps.append((told[0] - part.start if told else part.stop - part.start, 0))
    _widest, at = max(gaps)
    return part.stop - part.start - len(told), at


def _skipped(count: int) -> str:
    return ngettext(
        "{count} more event of this round is not shown here: {log} tells the whole round.",
        "{count} more events of this round are not shown here: {log} tells the whole round.",
        count,
    ).format(count=number(count), log=command("flip7 log"))


def _section(heading: str, lines: list[str]) -> str:
    return "\n".join([f"**{heading}**", *lines])


def _shown_by_the_rows(event: Event) -> bool:
    if event.kind in ("stay", "round_start"):
        return True
    return event.kind == "flip" and is_number(event.data["card"])


class Flip7Renderer(GameRenderer):
    faces = FACES
    round_start = "round_start"
    step_groups = (rounds("round_start"),)

    def race(self, game: Game, events: Sequence[Event], names: list[str]) -> Race | None:
        assert isinstance(game, Flip7Game)
        return race(events, names, game.goal)

    async def table(self, record: MatchRecord, game: Game) -> TableMessage:
        assert isinstance(game, Flip7Game)
        view = game.view(None)
        names = self.names(record)
        mode = _(" · brutal") if view.brutal else ""
        heading = _("{title} — round {round}").format(
            title=self.texts.title, round=number(view.round)
        )
        about = _(
            "Goal **{goal}**{mode} · 🃏 dealer **{dealer}** · draw pile **{draw}** · "
            "discards {discards}"
        ).format(
            goal=number(view.goal),
            mode=mode,
            dealer=names[view.dealer],
            draw=number(view.draw_pile),
            discards=number(view.discard_pile),
        )
        layout = Layout(COLOUR).text(Part.HEADING, f"## {heading}\n{about}")
        acting = game.to_act() if record.is_open else []
        layout.text(Part.PLAYERS, "\n".join(self._player_lines(view, names, acting)))
        layout.rule()
        for part, told in self._story(record, view):
            layout.text(part, told, trim=True)
        items: list[discord.ui.Item[Any]] = []
        if acting:
            seat = acting[0]
            decision = game.decision(seat)
            if record.seats[seat].ai:
                layout.text(
                    Part.PROMPT, "-# " + _("🤖 {name} is thinking…").format(name=names[seat])
                )
            elif decision is not None:
                asked = self.texts.decision(decision, names)
                card = decision.data.get("card")
                effect = card_effect(card) if card is not None else None
                effect_line = f"-# {effect}" if effect else ""
                layout.text(Part.PROMPT, "\n".join(filter(None, [f"**{asked}**", effect_line])))
                items = self._controls(record, game, decision)
        parts_in_words(layout, lambda: self._story(record, view))
        return TableMessage(items=items, layout=layout)

    def analysis_line(self, step: int, judged: Judged, names: list[str], seat: int) -> str:
        return analysis_line(
            step, judged, names, seat, lambda card: self.card(face(card), card_label(card))
        )

    def choice_line(self, asked: Decision, action: Any, names: list[str]) -> str | None:
        return choice_words(asked, action, names, self.card)

    def chip(self, card: int) -> str:
        """A card in a line: its emoji, or its name as text."""
        return self.card(face(card), text_chip(card))

    def _player_lines(self, view: Flip7View, names: list[str], acting: list[int]) -> list[str]:
        """One line per player: whose turn, name, status, the row as chips, this round's
        score and the total. Where pictures would run past the players' room, the longest
        rows show their cards as text."""

        def line(seat: int, chip: Callable[[int], str]) -> str:
            player = view.players[seat]
            pointer = "▶️" if seat in acting else "▫️"
            row = " ".join(chip(card) for card in player.row) or "—"
            score = _("**{score}** · total {total}").format(
                score=signed(player.round_score), total=signed(player.total)
            )
            return f"{pointer} **{names[seat]}** {_status(player.status)} · {row} · {score}"

        seats = range(len(view.players))
        lines = [line(seat, self.chip) for seat in seats]
        longest_first = sorted(seats, key=lambda seat: -len(lines[seat]))
        for seat in longest_first:
            if sum(len(text) + 1 for text in lines) <= PLAYERS_ROOM:
                break
            lines[seat] = line(seat, text_chip)
        return lines

    def option_detail(self, option: Any, view: Any, names: list[str]) -> str | None:
        """Under each player to choose: their row and scores, so nobody must look up."""
        if not isinstance(option, ChoosePlayer) or not isinstance(view, Flip7View):
            return None
        player = view.players[option.seat]
        row = " ".join(card_label(card) for card in player.row) or "—"  # a select: plain text
        return _("{row} · this round {score} · total {total}").format(
            row=row, score=signed(player.round_score), total=signed(player.total)
        )

    def option_emoji(self, option: Any, view: Any) -> discord.PartialEmoji | None:
        if not isinstance(option, ChooseCard) or not isinstance(view, Flip7View):
            return None
        return self.card_emoji(face(view.players[option.seat].row[option.index]))

    def _story(self, record: MatchRecord, view: Flip7View) -> list[tuple[Part, str]]:
        """What just happened, and why: the round so far; and once a round has ended, why
        each player scored what they did, until every member has had a turn in the next."""
        logged = record.log or []
        if any(is_legacy(event) for event in logged):  # saved before events were data
            lines = self.recent_lines(record, EVENTS_SHOWN)
            return [(Part.STORY, _section(_("Last events"), lines))] if lines else []
        named = names_at_each(record.seats, logged)
        finished, current = self._rounds(record, view, logged)
        told: list[tuple[Part, str]] = []
        if finished is not None:
            ended = [event for event in logged[finished] if event.kind == "round_end"]
            heading = _("Round {round}: how it ended").format(round=ended[-1].data["round"])
            summary = round_summary(logged[finished], named[finished], self.chip)
            crowded = len(view.players) > SUMMARY_PICTURES_UP_TO
            if crowded or sum(len(text) + 1 for text in summary) > SUMMARY_ROOM:
                summary = round_summary(logged[finished], named[finished])
            told.append((Part.EARLIER, _section(heading, summary)))
        if current is not None and current.stop > current.start:
            if told:
                # Beside the last round's retelling only what room is left (at least the
                # newest event), in small print: the rows show the rest, and the buttons
                # stay in sight.
                room = STORY_ROOM - len(view.players) - len(told[0][1].split("\n")) + 1
                newest = _worth_telling(logged, current, max(EVENTS_BESIDE_SUMMARY, room))
                # In words: an emoji would make a line of small print taller, and these
                # lines stay small so the buttons stay in sight.
                with cards_in_words():
                    lines = [f"-# {event_text(self.texts, logged[i], named[i])}" for i in newest]
                told.append((Part.STORY, "\n".join(lines)))
                return told
            # Fewer lines at a bigger table, so its buttons stay in sight.
            room = max(EVENTS_SHOWN // 2, STORY_ROOM - len(view.players))
            shown = _worth_telling(logged, current, room)
            lines = [event_text(self.texts, logged[i], named[i]) for i in shown]
            count, at = _left_out(current, shown)
            if count:
                lines.insert(at, f"-# {_skipped(count)}")
            told.append((Part.STORY, _section(_("This round"), lines)))
        return told

    def _rounds(
        self, record: MatchRecord, view: Flip7View, logged: list[Event]
    ) -> tuple[slice | None, slice | None]:
        """Where the log holds the finished round the table still retells (None once every
        member still in the next round has taken a turn) and the round in play (None after
        the game's last round)."""
        starts = [i for i, event in enumerate(logged) if event.kind == "round_start"]
        begins = starts[-1] if starts else 0
        current = slice(begins, len(logged))
        if any(event.kind == "round_end" for event in logged[current]):  # the last round
            return current, None
        finished = slice(starts[-2] if len(starts) > 1 else 0, begins)
        if not any(event.kind == "round_end" for event in logged[finished]):
            return None, current
        took_turns = moved(logged[current])
        waiting = [
            seat
            for seat, player in enumerate(view.players)
            if player.status == "active"
            and record.seats[seat].user_id is not None
            and record.seats[seat].ai is None
            and seat not in took_turns
        ]
        return (finished if waiting else None), current

    def finished_round_shown(self, record: MatchRecord, game: Game) -> bool:
        assert isinstance(game, Flip7Game)
        finished, current = self._rounds(record, game.view(None), record.log or [])
        return finished is not None and current is not None

    def _controls(
        self, record: MatchRecord, game: Game, decision: Decision
    ) -> list[discord.ui.Item[Any]]:
        if decision.kind != "hit_or_stay":
            return self.option_items(
                record,
                game,
                decision,
                self.label_texts.decision(decision, self.label_names(record)),
            )
        buttons = (
            (HIT, _("Hit"), "🃏", discord.ButtonStyle.success),
            (STAY, _("Stay"), "✋", discord.ButtonStyle.secondary),
        )
        return [
            MoveButton(
                record.ref,
                game.epoch(),
                action.code,
                label=label,
                emoji=emoji,
                style=style,
                disabled=action not in decision.options,
            )
            for action, label, emoji, style in buttons
        ]


class Flip7(
    GameCommands,
    group_name=slash("command", "flip7"),
    group_description=slash_text("Flip 7: With a Vengeance, the press-your-luck card game"),
):
    start_words = StartWords(
        slash_text("Open a Flip 7 lobby in this channel"),
        {
            "goal": (
                slash("command", "goal"),
                slash_text(
                    "Points to win ({low}–{high}, default {default})",
                    low=GOAL_OPTION.low,
                    high=GOAL_OPTION.high,
                    default=GOAL_OPTION.default,
                ),
            ),
            "brutal": (slash("command", "brutal"), slash_text("Brutal mode")),
        },
    )


async def setup(bot: commands.Bot) -> None:
    await add_game(bot, Flip7Renderer(KEY, TEXTS), Flip7)
