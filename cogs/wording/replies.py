"""The platform's own wording of bot/'s kinds: refusals, lobby notices, why a match
ended, and failures. Each is worded when shown, in the language of the message built."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.core.failure_log import outage_of
from bot.errors import Notice, NotSaved, Refusal, SavedNotShown
from bot.play.model import EndReason
from cogs.wording.command_mentions import command
from cogs.wording.i18n import _, lazy_gettext, ngettext, number
from cogs.wording.names import shown
from cogs.wording.pace_words import pace_set
from cogs.wording.words import GameTexts, ai_level, join_names, seat_names

TextsOf = Callable[[str], GameTexts | None]

REFUSALS = {
    "already_in_lobby": lazy_gettext("You're already in this lobby."),
    "table_full": lazy_gettext("The table is full ({count} players)."),
    "not_in_lobby": lazy_gettext("You're not in this lobby."),
    "host_cancels": lazy_gettext("Only the host can cancel the lobby."),
    "unknown_button": lazy_gettext("That button isn't known here."),
    "join_before_ai": lazy_gettext("Join the lobby first; then you can add AI players."),
    "host_removes_ai": lazy_gettext("Only the host can remove AI players."),
    "no_ai_to_remove": lazy_gettext("There is no AI player to remove."),
    "host_starts": lazy_gettext("Only the host can start the game."),
    "host_sets_pace": lazy_gettext("Only the host can change the pace."),
    "quarantined": lazy_gettext(
        "This game's saved state is damaged, so it can't go on. The host or a moderator can "
        "end it with {reset}."
    ),
    "already_started": lazy_gettext("This game has already started; the next one is yours!"),
    "under_way": lazy_gettext("The game is already under way: play on at the table."),
    "not_your_seat_button": lazy_gettext(
        "That button is for players whose seat the AI took; you're not in this game."
    ),
    "stale_lobby_button": lazy_gettext(
        "That button is out of date: the lobby has changed. Use its current buttons."
    ),
    "not_playing": lazy_gettext("You're not playing in this game."),
    "already_playing_seat": lazy_gettext("You're already playing your seat."),
    "not_started": lazy_gettext("The game hasn't started yet."),
    "watching": lazy_gettext("You're not playing in this game. Watch along, or join the next one!"),
    "stale_button": lazy_gettext(
        "That button is out of date: the game has moved on. Use the table's current buttons."
    ),
    "nothing_waiting": lazy_gettext("Nothing is waiting on you right now."),
    "already_ended": lazy_gettext("This game has already ended."),
    "not_in_dms": lazy_gettext("Games are played in server channels, not in direct messages."),
    "no_game_here": lazy_gettext("No game is open in this channel."),
    "no_rematch": lazy_gettext("There's no finished game to play again here."),
    "rematch_open": lazy_gettext("The rematch lobby is already open: join it below."),
    "no_such_game_here": lazy_gettext("No game is open in this channel. Start one with {start}."),
    "not_away": lazy_gettext("You aren't away right now."),
    "hint_busy": lazy_gettext("The AI is busy thinking for many tables: ask again in a moment."),
    "not_practice": lazy_gettext(
        "Hints are only given at practice tables: start one with the practice option."
    ),
    "games_not_in_dms": lazy_gettext(
        "Games, their lists and leaderboards live in server channels, not in DMs."
    ),
    "no_such_game": lazy_gettext("There is no such game here."),
    # A match's button or page from another database or server (`cogs.tools.match_here`).
    "other_database": lazy_gettext("That match belongs to a database this bot no longer keeps."),
    "old_button": lazy_gettext(
        "That button belongs to a game this bot no longer keeps. Use a current table: "
        "each game's table command posts this channel's again."
    ),
    "not_this_server": lazy_gettext("This server has no such match."),
    "match_gone": lazy_gettext("That match is no longer here."),
    "other_channel": lazy_gettext("That game is in another channel."),
    "out_of_date": lazy_gettext("That button is out of date; use the command again."),
    "start_in_channel": lazy_gettext(
        "Start a game in a channel: each game gets a thread of its own from there."
    ),
    "no_round": lazy_gettext("There is no round {round} in this game's log (rounds: {known})."),
    "no_hand": lazy_gettext("You're not playing in this game, so you have no hand."),
    "nothing_hidden": lazy_gettext("Nothing is hidden in this game: it's all on the table."),
    "no_rated_game": lazy_gettext("{name} hasn't finished a rated game here yet."),
    "live_off": lazy_gettext("The live table isn't served by this bot now."),
    "no_activity_here": lazy_gettext(
        "The table can't open inside Discord here: open it in a browser instead."
    ),
    # The Watch button's refusals (`bot.play.watching`).
    "watch_no_thread": lazy_gettext(
        "This match is played in its channel, so there is no thread to watch."
    ),
    "watch_ended": lazy_gettext("This match has ended; its result is in {thread}."),
    "watch_seated": lazy_gettext("You have a seat in this match, so you follow it already."),
    "watch_double_click": lazy_gettext(
        "That press was taken already. To undo it, wait a moment and press again."
    ),
    "watch_full": lazy_gettext("This match has as many watchers as it can take ({count})."),
    "watch_not_added": lazy_gettext("Discord wouldn't add you to the thread; try again later."),
    "game_and_size": lazy_gettext("Name a game and a size together to set a table size."),
    # What only moderators (`cogs.tools.checks.moderator_only`) or a game's host may do.
    "host_or_moderator_resets": lazy_gettext(
        "Only the game's host or a moderator (Manage Messages) can end this game."
    ),
    "moderators_list": lazy_gettext(
        "Only moderators (Manage Messages) can list the server's games."
    ),
    "moderators_pings": lazy_gettext(
        "Only moderators (Manage Messages) can change this server's pings."
    ),
    "moderators_tables": lazy_gettext(
        "Only moderators (Manage Messages) can choose where this server's games go."
    ),
    "moderators_export": lazy_gettext(
        "Only moderators (Manage Messages) can export the server's results."
    ),
    "moderators_language": lazy_gettext(
        "Only moderators (Manage Messages) can change this server's language."
    ),
    "moderators_season": lazy_gettext("Only moderators (Manage Messages) can start a new season."),
    "moderators_house": lazy_gettext("Only moderators (Manage Messages) can set house rules."),
    "moderators_queues": lazy_gettext("Only moderators (Manage Messages) can change the queues."),
}


def _title(texts_of: TextsOf, game: str | None) -> str:
    """A game's title; a game whose plug-in the host removed shows its key."""
    if game is None:
        return _("A game")
    texts = texts_of(game)
    return texts.title if texts is not None else game


def refusal_text(refusal: Refusal, texts_of: TextsOf) -> str:
    """What to tell the member whose request was refused."""
    kind, data = refusal.kind, refusal.data
    if kind == "illegal_move":
        texts = texts_of(data["game"])
        names = seat_names(data["seats"])
        if texts is None:
            return _("That move isn't allowed right now.")
        return texts.error(data["error"], names)
    if kind == "not_your_turn":
        return _("It's {names}'s turn, not yours.").format(
            names=join_names(seat_names(data["seats"]))
        )
    if kind == "channel_full":
        return ngettext(
            "This channel already has {count} open game, as many as it may hold. Join it, "
            "or start yours in another channel.",
            "This channel already has {count} open games, as many as it may hold. Join one, "
            "or start yours in another channel.",
            data["limit"],
        ).format(count=number(data["limit"]))
    if kind == "member_full":
        return ngettext(
            "You're already seated in {count} open game on this server, as many as one "
            "member may be. Finish or leave one first ({mine} lists them).",
            "You're already seated in {count} open games on this server, as many as one "
            "member may be. Finish or leave one first ({mine} lists them).",
            data["limit"],
        ).format(count=number(data["limit"]), mine=command("games mine"))
    if kind == "too_few_players":
        return _(
            "{title} needs at least {least} players: {missing} more, or add AI players."
        ).format(title=_title(texts_of, data["game"]), least=data["least"], missing=data["missing"])
    if kind == "away_cap":
        return ngettext(
            "You can be away at most {most} days in any {window}; you have {count} day left.",
            "You can be away at most {most} days in any {window}; you have {count} days left.",
            data["count"],
        ).format(count=number(data["count"]), most=data["most"], window=data["window"])
    if kind == "wrong_game":
        return _("This channel is playing {title}; join it with {join}.").format(
            title=_title(texts_of, data["game"]), join=command(f"{data['game']} join")
        )
    template = REFUSALS.get(kind)
    if template is None:
        return _("That isn't possible right now.")
    return template.format(**data, **_commands_in(data))


def _commands_in(data: Mapping[str, Any]) -> dict[str, str]:
    """The commands a refusal may point to, named for its reader."""
    named = {"reset": command("games reset")}
    if "game" in data:
        named["start"] = command(f"{data['game']} start")
    return named


NOTICES = {
    "joined": lazy_gettext("{name} joined."),
    "left_lobby_closed": lazy_gettext("{name} left. The lobby is closed."),
    "left_new_host": lazy_gettext("{name} left; {host} is the host now."),
    "left": lazy_gettext("{name} left."),
    "cancelled": lazy_gettext("The host cancelled the game."),
    "started": lazy_gettext("The game has started!"),
    "left_game": lazy_gettext("{name} left; the AI plays their seat."),
    "everyone_left_game": lazy_gettext("Everyone left, so the game ended."),
    "welcome_back": lazy_gettext("Welcome back! Your seat is yours again."),
    "lobby_expired": lazy_gettext("Nobody started this lobby in time, so it closed."),
    "rematch": lazy_gettext("Rematch! The same players are seated; the host can start."),
    "time_up": lazy_gettext("The round's time is up, so the AI finished this table."),
}


NAMED = ("name", "host")  # the data of a notice or an end that are members' names


def named(data: Mapping[str, Any]) -> dict[str, Any]:
    """`data` with each member's name escaped to read as typed."""
    return {key: shown(value) if key in NAMED else value for key, value in data.items()}


def ai_name(name: str) -> str:
    return _("{name} (AI)").format(name=name)


def notice_text(notice: Notice, ended: str) -> str:
    """A lobby or seat notice; `ended` is the worded reason, for a match just ended."""
    data = named(notice.data)
    if notice.kind == "ai_joined":
        return _("{name} joined as a {level} AI.").format(
            name=ai_name(data["name"]), level=ai_level(data["level"])
        )
    if notice.kind == "ai_left":
        return _("{name} left.").format(name=ai_name(data["name"]))
    if notice.kind == "pace_set":
        return pace_set(data["pace"])
    if notice.kind == "ended":
        return ended
    template = NOTICES.get(notice.kind)
    return template.format(**data) if template is not None else ""


# Why a match ended, each a whole sentence of its own.
ENDED = {
    EndReason.EVERYONE_LEFT: lazy_gettext("Everyone left, so the lobby closed."),
    EndReason.HOST_CANCELLED: lazy_gettext("The host cancelled the game."),
    EndReason.EVERY_PLAYER_LEFT: lazy_gettext("Every player left, so the game ended."),
    EndReason.LOBBY_EXPIRED: lazy_gettext("Nobody started the lobby in time, so it closed."),
    EndReason.NOBODY_READY: lazy_gettext("Nobody pressed Ready in time, so the table closed."),
    EndReason.RESET_BY_HOST: lazy_gettext("The host, {name}, ended the game."),
    EndReason.RESET_BY_MODERATOR: lazy_gettext("Moderator {name} ended the game."),
    EndReason.THREAD_DELETED: lazy_gettext("The game's thread was deleted, so the game ended."),
    EndReason.THREAD_CLOSED: lazy_gettext("The game's thread was closed, so the game ended."),
    EndReason.CHANNEL_DELETED: lazy_gettext("The game's channel was deleted, so the game ended."),
    EndReason.TOURNAMENT_CANCELLED: lazy_gettext(
        "Moderator {name} cancelled the tournament, so this table ended."
    ),
}


def ended_text(reason: EndReason | None, data: Mapping[str, Any]) -> str:
    """Why a match ended, as one sentence. A match ended before reasons were kinds shows
    its words as they were written then (EndReason.TEXT)."""
    if reason == EndReason.TEXT:
        return str(data.get("text", ""))
    template = None if reason is None else ENDED.get(reason)
    return template.format(**named(data)) if template is not None else _("The game ended.")


UNEXPECTED_FAILURE = lazy_gettext(
    "Something went wrong on the bot's side, and nothing changed. Please try again."
)
NOT_SAVED = lazy_gettext(
    "Your move was not made: the bot couldn't save it, so nothing changed. "
    "Please try again in a moment."
)
NOT_DONE = lazy_gettext(
    "That wasn't done: the bot can't use its database just now, so nothing changed. "
    "Please try again in a moment."
)
# Told to a click or command that came in while the bot is stopping (a restart, an upgrade):
# it was not taken, so nothing changed.
RESTARTING = lazy_gettext(
    "The bot is restarting, so that wasn't done and nothing changed. "
    "Please try again in a few seconds."
)
SAVED_NOT_SHOWN = lazy_gettext(
    "Your move was made and saved, but the table couldn't be updated. Use {table} to see it."
)


def failure_answer(error: BaseException, *, move: bool = False) -> str:
    """What to tell the member when their request failed: whether it happened or not. A
    change is saved whole or not at all, so each answer can say exactly what happened: a
    save that failed, or a database that can't be used (on a load too), changed nothing."""
    if isinstance(error, SavedNotShown):
        return SAVED_NOT_SHOWN.format(table=command(f"{error.args[0]} table"))
    if isinstance(error, NotSaved) or outage_of(error) is not None:
        return str(NOT_SAVED if move else NOT_DONE)
    return str(UNEXPECTED_FAILURE)
