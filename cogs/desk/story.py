"""A finished match's story, privately and in pages: who played and how it ended, then every
round as `/<game> log` tells it (the same sentences, each seat named as it was then, so a
seat the AI played reads "ann (AI)"), then why the game ended.

Opened from `/games history` or from the "Match story" button the end-of-game message
carries (`story_button`, a `MatchPagesButton`), by anyone in the server.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.play.model import MatchRecord
from bot.process.app import Interaction
from bot.storage.standings_data import MatchSummary
from cogs.desk.rounds import rounds_of
from cogs.tools.match_here import match_here
from cogs.tools.pages import MatchPagesButton, Page, StoredPages, clamp
from cogs.ui.components import cards_in_words, parse_ref
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _, number
from cogs.wording.replies import ended_text
from cogs.wording.standing_words import change_text, place_mark, seat_label
from cogs.wording.words import GameTexts, event_text, join_names, names_at_each

STORY = "story"  # the page kind
PAGE_CHARS = 3800  # under Discord's 4096 for an embed's description, with room for a heading
EVENTS_PER_PART = 25  # a game without rounds is told in parts of this many events
COLOUR = discord.Colour.blurple()


@dataclass(frozen=True, slots=True)
class Chapter:
    heading: str
    lines: list[str]


def story_button(ref: str) -> discord.ui.Item[Any]:
    """The "Match story" button for the match `ref` (`MatchRecord.ref`), labelled in the
    language of the message being built."""
    return MatchPagesButton(STORY, ref, label=_("Match story"))


class Story(StoredPages):
    """The `story` pages: `args` is the match's reference."""

    async def page(self, interaction: Interaction, args: str, wanted: int) -> Page | str:
        record = await match_here(self.reads, interaction, *parse_ref(args))
        summary = await self.standings.match_summary(record.id)
        if summary is None:
            return _("This match hasn't ended yet: {log} tells it so far.").format(
                log=command(f"{record.game} log")
            )
        renderer = self.renderers.get(record.game)
        if renderer is None:
            return _("This bot no longer plays that game, so it can't tell the match.")
        logged = [event for _version, event in await self.standings.match_events(record.id)]
        if not logged:
            return _(
                "This match's story is no longer kept (old match logs are cleared); "
                "its result still counts."
            )
        texts = renderer.texts
        chapters = _chapters(texts, record, logged, renderer.round_start)
        chapters[-1].lines.append(_("**The end:** {how}").format(how=_end(record, summary)))
        pages = [_summary(texts, record, summary), *_paged(chapters)]
        shown = clamp(wanted, len(pages))
        return Page(pages[shown], shown, len(pages))


def _end(record: MatchRecord, summary: MatchSummary) -> str:
    """Why the match ended: played out (with its winners), or how it was cut short."""
    if summary.end_how in ("played", "unrated"):
        winners = [seat_label(s) for s in summary.seats if s.won]
        if not winners:
            return _("The game was played to the end, and it was a draw.")
        return _("The game was played to the end; {names} won.").format(names=join_names(winners))
    if summary.end_how == "reset":
        return ended_text(record.ended_reason, record.ended_data)
    return _("Every member left, so the game was abandoned.")


def _summary(texts: GameTexts, record: MatchRecord, summary: MatchSummary) -> discord.Embed:
    """The first page: when, who in which place with their score and rating change, the end."""
    lines = [f"<t:{int(summary.finished_at)}:f>", ""]
    for seat in sorted(summary.seats, key=lambda s: (s.place or len(summary.seats), s.seat)):
        line = f"{place_mark(seat.place)} **{seat_label(seat)}**"
        if seat.score is not None:
            line += " — " + texts.score(seat.score)
        if seat.shown_after is not None and seat.shown_before is not None:
            line += " · " + _("rating {rating} ({change})").format(
                rating=number(seat.shown_after),
                change=change_text(seat.shown_after - seat.shown_before),
            )
        lines.append(line)
    lines += ["", _("**The end:** {how}").format(how=_end(record, summary))]
    return discord.Embed(
        title=_("{title} — the story of match {id}").format(title=texts.title, id=record.id),
        description="\n".join(lines),
        colour=COLOUR,
    )


def _chapters(
    texts: GameTexts, record: MatchRecord, logged: list[Any], round_start: str | None
) -> list[Chapter]:
    """The match told round by round (a game without rounds in parts), each event in the
    words of `/<game> log`, each seat named as it was then."""
    named = names_at_each(record.seats, logged)
    told = [event_text(texts, event, names) for event, names in zip(logged, named, strict=True)]
    too_long = [i for i, line in enumerate(told) if len(line) > PAGE_CHARS]
    if too_long:  # a line whose cards' pictures won't fit a page names them in words
        with cards_in_words():
            for i in too_long:
                told[i] = event_text(texts, logged[i], named[i])
    if round_start is None:
        return [
            Chapter(
                _("Moves {first}–{last}").format(
                    first=start + 1, last=min(start + EVENTS_PER_PART, len(told))
                ),
                told[start : start + EVENTS_PER_PART],
            )
            for start in range(0, len(told), EVENTS_PER_PART)
        ]
    rounds = rounds_of(logged, round_start)
    if len(rounds) > 1 and logged[0].kind != round_start:
        # The whole log is here: what came before the first round (the start) opens it.
        (_before, opening), (first, part), *rest = rounds
        rounds = [(first, range(opening.start, part.stop)), *rest]
    return [
        Chapter(_("Round {round}").format(round=round_number), [told[i] for i in part])
        for round_number, part in rounds
    ]


def _paged(chapters: list[Chapter]) -> list[discord.Embed]:
    """Each chapter on its own page, a long one on several ("Round 3 (continued)")."""
    pages: list[discord.Embed] = []
    for chapter in chapters:
        heading, lines = chapter.heading, list(chapter.lines)
        while True:
            taken, size = 0, 0
            while taken < len(lines) and size + len(lines[taken]) + 1 <= PAGE_CHARS:
                size += len(lines[taken]) + 1
                taken += 1
            taken = max(taken, 1) if lines else 0
            shown = [line[:PAGE_CHARS] for line in lines[:taken]]
            pages.append(
                discord.Embed(title=heading, description="\n".join(shown) or "—", colour=COLOUR)
            )
            lines = lines[taken:]
            if not lines:
                break
            heading = _("{heading} (continued)").format(heading=chapter.heading)
    return pages
