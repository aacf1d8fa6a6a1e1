"""Every sentence about tournaments: the sign-up message, the round calls, the standings,
the refusals. Each is whole in the catalog; names are shown as typed."""

from __future__ import annotations

from typing import Any

from bot.errors import Refusal
from bot.play.model import EndReason, TournamentTable
from bot.storage import TournamentRecord
from bot.tournament.document import Document
from bot.tournament.formats import Standing
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _, lazy_gettext, ngettext, number
from cogs.wording.names import shown
from cogs.wording.pace_words import pace_name

FORMAT_NAMES = {
    "swiss": lazy_gettext("Swiss rounds"),
    "knockout": lazy_gettext("Knockout"),
    "round_robin": lazy_gettext("Round robin"),
}

STATES = {
    "signing_up": lazy_gettext("Sign-up is open."),
    "checking_in": lazy_gettext("Check-in is open: entrants, press Check in before the start."),
    "running": lazy_gettext("Under way."),
    "paused": lazy_gettext("Paused by a moderator: the next round waits."),
    "finished": lazy_gettext("Finished."),
    "cancelled": lazy_gettext("Cancelled."),
}

REFUSALS = {
    "no_tournament": lazy_gettext("There's no such tournament in this server."),
    "tournament_closed": lazy_gettext("Sign-up for this tournament has closed."),
    "tournament_already_in": lazy_gettext("You're already signed up for this tournament."),
    "tournament_not_in": lazy_gettext("You're not an entrant of this tournament."),
    "tournament_no_check_in": lazy_gettext("Check-in isn't open now."),
    "tournament_checked_in": lazy_gettext("You're checked in already. See you at the start!"),
    "tournament_under_way": lazy_gettext("This tournament is already under way."),
    "tournament_over": lazy_gettext("This tournament is over."),
    "tournament_not_running": lazy_gettext("This tournament isn't running, so it can't pause."),
    "tournament_dropped_already": lazy_gettext("That member plays no further rounds already."),
    "tournament_left_already": lazy_gettext("You play no further rounds already."),
    "tournament_moderators": lazy_gettext("Only moderators (Manage Messages) can run tournaments."),
    "tournament_table_settled": lazy_gettext("That table is settled already."),
    "tournament_replay_nobody": lazy_gettext(
        "Nobody at that table plays on, so it can't be replayed. Count it as unplayed instead."
    ),
}

# A standing's line for an entrant who plays no further, by why.
DROPS = {
    "no_check_in": lazy_gettext("{line} (out: did not check in)"),
    "missed_table": lazy_gettext("{line} (out: missed a whole table)"),
    "left": lazy_gettext("{line} (out: left)"),
    "removed": lazy_gettext("{line} (out: removed by a moderator)"),
}

# What `/games tournament mine` tells an entrant who plays no further, by why.
MINE_DROPS = {
    "no_check_in": lazy_gettext(
        "You play no further rounds in this tournament: you did not check in before the start."
    ),
    "missed_table": lazy_gettext(
        "You play no further rounds in this tournament: you missed a whole table."
    ),
    "left": lazy_gettext("You play no further rounds in this tournament: you dropped out."),
    "removed": lazy_gettext(
        "You play no further rounds in this tournament: a moderator removed you."
    ),
}

CANCELLED = {
    "too_few_entrants": lazy_gettext(
        "The tournament was cancelled: too few entrants were left at the start."
    ),
    "round_robin_too_big": lazy_gettext(
        "The tournament was cancelled: a round robin takes at most 8 entrants."
    ),
    "nothing_played": lazy_gettext(
        "The tournament was cancelled: no table was played to a result."
    ),
}

# How a table ended without a result, as the moderator asked to choose reads it.
NO_RESULT_HOW = {
    EndReason.THREAD_DELETED: lazy_gettext("Its thread was deleted."),
    EndReason.THREAD_CLOSED: lazy_gettext("Its thread was closed."),
    EndReason.CHANNEL_DELETED: lazy_gettext("Its channel was deleted."),
    EndReason.RESET_BY_HOST: lazy_gettext("It was reset."),
    EndReason.RESET_BY_MODERATOR: lazy_gettext("It was reset."),
    EndReason.EVERY_PLAYER_LEFT: lazy_gettext("Every player left it."),
    "damaged": lazy_gettext("Its match was damaged and can't be played on."),
}


def refusal_text(error: Refusal) -> str | None:
    """A tournament refusal in the reader's words; None for one that isn't a tournament's."""
    data = error.data
    if error.kind == "tournament_full":
        return ngettext(
            "This tournament is full: it takes {count} entrant.",
            "This tournament is full: it takes {count} entrants.",
            data["limit"],
        ).format(count=number(data["limit"]))
    if error.kind == "tournament_table_size":
        sizes = ", ".join(number(size) for size in data["sizes"])
        return _("Tables of this game may seat {sizes} players.").format(sizes=sizes)
    if error.kind == "tournament_entry_limit":
        return _("The entry limit must be from {low} to {high}.").format(
            low=number(data["low"]), high=number(data["high"])
        )
    template = REFUSALS.get(error.kind)
    return str(template) if template is not None else None


def heading(record: TournamentRecord, title: str) -> str:
    return _("🏆 Tournament #{number}: {title}").format(number=record.id, title=title)


def terms_line(record: TournamentRecord) -> str:
    terms = Document(record).terms
    values = {
        "format": str(FORMAT_NAMES.get(terms.format, terms.format)),
        "count": number(terms.rounds),
        "size": number(terms.table_size),
        "pace": pace_name(terms.pace),
    }
    if terms.format == "swiss" and terms.rated:
        template = ngettext(
            "{format}, {count} round, tables of {size}, pace: {pace}, rated.",
            "{format}, {count} rounds, tables of {size}, pace: {pace}, rated.",
            terms.rounds,
        )
    elif terms.format == "swiss":
        template = ngettext(
            "{format}, {count} round, tables of {size}, pace: {pace}, unrated.",
            "{format}, {count} rounds, tables of {size}, pace: {pace}, unrated.",
            terms.rounds,
        )
    elif terms.rated:
        template = _("{format}, tables of {size}, pace: {pace}, rated.")
    else:
        template = _("{format}, tables of {size}, pace: {pace}, unrated.")
    return template.format(**values)


def start_line(record: TournamentRecord) -> str:
    return _("Starts {when} ({relative}); check-in opens 15 minutes before.").format(
        when=f"<t:{int(record.starts_at)}:f>", relative=f"<t:{int(record.starts_at)}:R>"
    )


def entrants_line(record: TournamentRecord) -> str:
    doc = Document(record)
    count, limit = len(doc.entrants), doc.terms.entry_limit
    if record.state == "checking_in":
        checked = sum(1 for e in doc.entrants if e.checked_in)
        return ngettext(
            "{checked} of {count} entrant checked in.",
            "{checked} of {count} entrants checked in.",
            count,
        ).format(checked=number(checked), count=number(count))
    return ngettext(
        "{count} entrant (at most {limit}).", "{count} entrants (at most {limit}).", count
    ).format(count=number(count), limit=number(limit))


def state_line(record: TournamentRecord, rounds: int) -> str:
    doc = Document(record)
    if record.state in ("running", "paused") and doc.awaiting:
        return _(
            "Round {round} of {rounds} waits for a moderator's choice on a table that ended "
            "without a result."
        ).format(round=number(doc.round), rounds=number(max(rounds, doc.round)))
    if record.state == "running" and doc.round:
        return _("Round {round} of {rounds} is being played.").format(
            round=number(doc.round), rounds=number(max(rounds, doc.round))
        )
    if record.state == "cancelled":
        reason = doc.data.get("ended", {}).get("reason")
        if reason in CANCELLED:
            return str(CANCELLED[reason])
        name = doc.data.get("ended", {}).get("name")
        if name:
            return _("Moderator {name} cancelled the tournament.").format(name=shown(name))
    return str(STATES.get(record.state, record.state))


def round_call(number_: int, rounds: int, mentions: list[str]) -> str:
    return _("Round {round} of {rounds} begins: {players}, your tables are below.").format(
        round=number(number_), rounds=number(max(rounds, number_)), players=", ".join(mentions)
    )


def table_label(tournament_id: int | None, mark: TournamentTable | None) -> str | None:
    """ "Tournament #1 · round 2 of 3 · table 1" for a tournament's table; None otherwise."""
    if tournament_id is None or mark is None:
        return None
    round_, table, rounds = mark.round, mark.table, mark.rounds
    return _("Tournament #{number} · round {round} of {rounds} · table {table}").format(
        number=tournament_id,
        round=number(round_),
        rounds=number(max(rounds if isinstance(rounds, int) else round_, round_)),
        table=number(table),
    )


def missed_check_in(mentions: list[str]) -> str:
    return ngettext(
        "{members}: you did not check in before the start, so you play no rounds in this "
        "tournament.",
        "{members}: you did not check in before the start, so you play no rounds in this "
        "tournament.",
        len(mentions),
    ).format(members=", ".join(mentions))


def table_card(number_: int, table: int, names: list[str]) -> str:
    return _("Round {round}, table {table}: {players}").format(
        round=number(number_), table=number(table), players=", ".join(names)
    )


def check_in_call(mentions: list[str], starts_at: float) -> str:
    return _(
        "Check-in is open: {players}, press Check in on the tournament's message before "
        "{when}, or you won't be seated."
    ).format(players=", ".join(mentions), when=f"<t:{int(starts_at)}:t>")


def points_text(points: float) -> str:
    whole = round(points)
    return number(whole) if abs(points - whole) < 1e-9 else f"{points:.1f}"


def standing_line(standing: Standing, names: dict[int, str], why: str | None) -> str:
    name = shown(names.get(standing.user_id, str(standing.user_id)))
    line = ngettext(
        "{rank}. **{name}**: {points} points, opponents' points {opponents}, "
        "{tables} table, {wins} won",
        "{rank}. **{name}**: {points} points, opponents' points {opponents}, "
        "{tables} tables, {wins} won",
        standing.tables,
    ).format(
        rank=number(standing.rank),
        name=name,
        points=points_text(standing.points),
        opponents=points_text(standing.tiebreak),
        tables=number(standing.tables),
        wins=number(standing.wins),
    )
    template = DROPS.get(why or "")
    return template.format(line=line) if template is not None else line


def champion_call(title: str, podium: list[str]) -> str:
    if len(podium) >= 3:
        return _(
            "The {title} tournament is over! Champion: {first}. Second: {second}. Third: {third}."
        ).format(title=title, first=podium[0], second=podium[1], third=podium[2])
    return _("The {title} tournament is over! Champion: {first}.").format(
        title=title, first=podium[0]
    )


def standings_hint() -> str:
    return _("See every place with {standings}, and the podium in {hall}.").format(
        standings=command("games tournament standings"), hall=command("games season hall")
    )


def ties_hint() -> str:
    return _(
        "Equal points are ranked by opponents' points, then tables won, then rating before "
        "the tournament, then sign-up order."
    )


def announced(number_: int) -> str:
    return _(
        "Tournament #{number} is announced below. Start it early with {start}, pause it with "
        "{pause}, or call it off with {cancel}."
    ).format(
        number=number_,
        start=command("games tournament start"),
        pause=command("games tournament pause"),
        cancel=command("games tournament cancel"),
    )


def joined(record: TournamentRecord, title: str) -> str:
    return _("You're signed up for tournament #{number} ({title}). {when}").format(
        number=record.id, title=title, when=start_line(record)
    )


def no_result_ask(moderator: str, waiting: dict[str, Any], due_at: float | None) -> str:
    """The question to the moderator running the tournament, for a table without a result."""
    lines = [
        _("{moderator}: round {round}, table {table} ended without a result.").format(
            moderator=moderator, round=number(waiting["round"]), table=number(waiting["table"])
        )
    ]
    how = NO_RESULT_HOW.get(waiting.get("reason", ""))
    if how is not None:
        lines.append(str(how))
    lines.append(
        _(
            "Replay it (a new thread, the same seats), or count it as unplayed (its seats "
            "share the points of all its places equally, and nobody is out). Nothing of it "
            "counts, and the next round waits, until you choose."
        )
    )
    if due_at is not None:
        lines.append(
            _("If nobody chooses by {when}, it counts as unplayed.").format(
                when=f"<t:{int(due_at)}:f>"
            )
        )
    else:
        lines.append(_("If nobody chooses before the round's time is up, it counts as unplayed."))
    return " ".join(lines)


def replayed(waiting: dict[str, Any]) -> str:
    return _(
        "Round {round}, table {table} ended without a result. Moderator {name} had it "
        "replayed: the new table is below."
    ).format(
        round=number(waiting["round"]), table=number(waiting["table"]), name=shown(waiting["name"])
    )


def counted_unplayed(waiting: dict[str, Any]) -> str:
    """The closed question, once the table counts as unplayed (chosen, or by the clock)."""
    values = {"round": number(waiting["round"]), "table": number(waiting["table"])}
    if waiting.get("name"):
        return _(
            "Round {round}, table {table} ended without a result. Moderator {name} counted it "
            "as unplayed: its seats share the points, and nobody is out."
        ).format(name=shown(waiting["name"]), **values)
    return _(
        "Round {round}, table {table} ended without a result. Nobody chose in time, so it "
        "counts as unplayed: its seats share the points, and nobody is out."
    ).format(**values)


def unplayed_notice(moderator: str, waiting: dict[str, Any], asked: bool) -> str:
    """The moderator running the tournament hears that the round's clock decided."""
    values = {
        "moderator": moderator,
        "round": number(waiting["round"]),
        "table": number(waiting["table"]),
    }
    if asked:
        return _(
            "{moderator}: nobody chose for round {round}, table {table} before the round's "
            "time was up, so it counts as unplayed: its seats share the points, and nobody "
            "is out."
        ).format(**values)
    return _(
        "{moderator}: round {round}, table {table} ended without a result after the round's "
        "time was up, so it counts as unplayed: its seats share the points, and nobody is out."
    ).format(**values)


def table_choice_done(choice: str) -> str:
    if choice == "replay":
        return _("Done: the table is played again in a new thread, with the same seats.")
    return _("Done: the table counts as unplayed, and nobody is out.")


def choice_cancelled(waiting: dict[str, Any]) -> str:
    return _(
        "Round {round}, table {table} ended without a result. The tournament was cancelled, "
        "so there is nothing left to choose."
    ).format(round=number(waiting["round"]), table=number(waiting["table"]))
