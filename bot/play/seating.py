"""Who sits where: opening a lobby, its buttons (join, leave, AI seats, start, cancel), and
during a game a member leaving (the AI takes the seat) or taking their seat back."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Collection

from bot.core.settings import Settings
from bot.errors import Notice, Refusal
from bot.play import house as house_rules
from bot.play import lobby
from bot.play.away_marks import keep_marks
from bot.play.changes import Change, Publisher, refusal
from bot.play.events import ABANDONED, LEFT, RETURNED, STARTED
from bot.play.house import HouseRules
from bot.play.lobby import LobbyRequest
from bot.play.practice import is_practice, mark_practice
from bot.play.replay_log import keep_first
from bot.play.sessions import Sessions
from bot.rules.away import current
from bot.rules.pace import PAUSABLE
from bot.storage import Deadline, EndReason, MatchExtra, MatchRecord, MatchStatus, NewMatch, Seat
from bot.storage.doors import CHANNEL, SERVER, AwayPeriods, ScopedSettings
from engines.base import GAMES, Event, Game, GameInfo, IllegalMove


def engine_names(seats: list[Seat]) -> list[str]:
    """The seats' names as the engine gets them: told apart where a member and an AI seat
    share one ("Bao" and "Bao#2"); the engine never shows them, tables name seats."""
    names: list[str] = []
    for seat in seats:
        name, copy = seat.name, 1
        while name in names:
            copy += 1
            name = f"{seat.name}#{copy}"
        names.append(name)
    return names


def give_back(record: MatchRecord, seat: int) -> list[Event]:
    """A member plays the seat the AI played for them again."""
    record.seats[seat].ai = None
    record.extra.missed.pop(str(seat), None)
    record.extra.ai_from.pop(str(seat), None)
    return [Event(RETURNED, {"seat": seat})]


class Seating:
    def __init__(self, sessions: Sessions, settings: Settings) -> None:
        self.sessions = sessions
        self.scoped: ScopedSettings = sessions.doors.scoped  # house rules
        self.away: AwayPeriods = sessions.doors.away
        self.settings = settings
        self._seeds = None if settings.game_seed is None else random.Random(settings.game_seed)
        # Told of every member who takes a seat in a lobby (its host, a join, a rematch), once
        # saved; each returns at once (the queues give up the member's place in that game's).
        self.seated: list[Callable[[MatchRecord, int], None]] = []

    def _tell_seated(self, record: MatchRecord, user_ids: Collection[int]) -> None:
        for user_id in user_ids:
            for listener in self.seated:
                listener(record, user_id)

    async def house(self, guild_id: int, channel_id: int, game: str) -> HouseRules:
        """The game's house rules in this channel: the channel's over the server's."""
        key = house_rules.setting_key(game)
        server = (await self.scoped.scoped(SERVER, guild_id)).get(key)
        channel = (await self.scoped.scoped(CHANNEL, channel_id)).get(key)
        wider = house_rules.from_stored(game, server)
        return house_rules.from_stored(game, channel).over(wider)

    async def open_lobby(self, lobby: LobbyRequest) -> MatchRecord:
        """A new lobby, its host seated. It starts from the house rules of its channel
        (`lobby.house`, read here when not given): the host's options and pace win over
        them, and the game's defaults fill in the rest."""
        now = self.sessions.clock()
        limit = self.settings.channel_match_limit
        if await self.sessions.reads.open_count_in_channel(lobby.channel_id) >= limit:
            raise Refusal("channel_full", limit=limit)
        await self.check_member_limit(lobby.guild_id, lobby.host_id)
        house = (
            lobby.house
            if lobby.house is not None
            else await self.house(lobby.guild_id, lobby.channel_id, lobby.game)
        )
        defaults = {o.name: o.default for o in GAMES[lobby.game].options if o.default is not None}
        kept = house_rules.used(house, lobby.options, lobby.pace)
        extra = MatchExtra(where=lobby.where)
        if lobby.practice:
            mark_practice(extra)
        if not kept.empty:
            extra.house = kept.to_stored()
        record = await self.sessions.writes.create_match(
            NewMatch(
                guild_id=lobby.guild_id,
                channel_id=lobby.channel_id,
                game=lobby.game,
                host_id=lobby.host_id,
                seats=[Seat(name=lobby.host_name, user_id=lobby.host_id)],
                options={**defaults, **house.options, **lobby.options},
                deadline_at=now + self.settings.lobby_timeout,
                pace=lobby.pace or house.pace or "live",
                extra=extra,
            ),
            now=now,
        )
        expiry = Deadline(record.id, "lobby", 0, now + self.settings.lobby_timeout)
        self.sessions.planner.plan(record, None, expiry, now)
        self._tell_seated(record, [lobby.host_id])
        return record

    async def check_member_limit(self, guild_id: int, user_id: int) -> None:
        """Refuse a seat to a member already seated in as many open matches as allowed."""
        limit = self.settings.member_match_limit
        if len(await self.sessions.reads.member_match_ids(guild_id, user_id)) >= limit:
            raise Refusal("member_full", limit=limit)

    async def rematch(
        self, match_id: int, user_id: int, user_name: str, answer: Publisher
    ) -> Change:
        """A new lobby in a finished match's channel with its options and pace, its members seated
        again and AI seats at the same levels, for the host to start: the old host while
        they are among the players, else the player who asked (else the first player)."""
        old = await self.sessions.reads.get_match(match_id)
        members = [] if old is None else [s for s in old.seats if s.user_id is not None]
        if old is None or old.status != MatchStatus.FINISHED or not members:
            raise Refusal("no_rematch")
        ids = [seat.user_id for seat in members]
        host = next((who for who in (old.host_id, user_id) if who in ids), ids[0])
        assert host is not None
        members.sort(key=lambda seat: seat.user_id != host)  # the host's seat comes first
        opened = await self.sessions.reads.open_matches_in_channel(old.channel_id)
        if any(record.extra.rematch_of == old.id for record in opened):
            raise Refusal("rematch_open")  # a second click on Rematch
        record = await self.open_lobby(
            LobbyRequest(
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                game=old.game,
                host_id=host,
                host_name=members[0].name,
                options=dict(old.options),
                pace=old.pace,
                where=old.extra.where,
                practice=is_practice(old),
            ),
        )
        info = GAMES[old.game]
        async with self.sessions.session(record.id):
            record.extra.rematch_of = old.id
            record.seats.extend(Seat(name=s.name, user_id=s.user_id) for s in members[1:])
            for seat in old.seats:
                if seat.user_id is None and seat.ai is not None:
                    lobby.add_ai(record, info, host, seat.ai)
            change = await self.sessions.commit(record, None, [], answer, Notice("rematch"))
        self._tell_seated(record, [user for user in ids if user is not None])
        return change

    async def lobby_action(
        self,
        match_id: int,
        user_id: int,
        user_name: str,
        action: str,
        answer: Publisher,
        stamp: int | None = None,
        present: Collection[str] = (),
    ) -> Change:
        """Join, leave, add or remove an AI, start or cancel — the lobby's buttons. During
        a game, join takes back a seat the AI played, and leave hands one to the AI.

        `stamp` is the match version the button was drawn at (None: a typed command). Adding
        or removing an AI is refused from a stale button, so a double click does it once;
        the other buttons are harmless to repeat. `present`: names of members known to be
        in the server, which a new AI seat is not given."""
        async with self.sessions.session(match_id):
            record, game = await self.sessions.current(match_id)
            if game is not None:
                if action == "leave":
                    return await self._leave_game(record, game, user_id, answer)
                if action in ("join", "reclaim"):
                    return await self._reclaim(record, game, user_id, answer, action)
                if record.seat_of(user_id) is not None:  # a second click on Start, say
                    raise Refusal("under_way")
                raise Refusal("already_started")
            if stamp is not None and stamp != record.version and action in ("ai", "unai"):
                raise Refusal("stale_lobby_button")
            info = GAMES[record.game]
            events: list[Event] = []
            if action == "join" and record.seat_of(user_id) is None:
                await self.check_member_limit(record.guild_id, user_id)
            if action == "start":
                game, events = self._start(record, info, user_id)
                await self._mark_away(record)
                notice = Notice("started")
            else:
                notice = lobby.step(record, info, action, user_id, user_name, present)
            change = await self.sessions.commit(record, game, events, answer, notice)
            if action == "join":
                self._tell_seated(record, [user_id])
            return change

    async def _leave_game(
        self, record: MatchRecord, game: Game, user_id: int, answer: Publisher
    ) -> Change:
        """A player walks away mid-game: the AI takes the seat, so nobody waits on them.
        The result rates the leaver as a quitter; when no member is left, the match ends."""
        seat = record.seat_of(user_id)
        if seat is None:
            raise Refusal("not_playing")
        name = record.seats[seat].name
        record.seats[seat] = Seat(name=name, ai=GAMES[record.game].ai_levels[-1])
        # Kept so the result rates the leaver as a quitter; the seat is no longer theirs.
        record.extra.left[str(seat)] = user_id
        record.extra.ai_from[str(seat)] = record.version + 1
        if any(s.user_id is not None for s in record.seats):
            events = [Event(LEFT, {"seat": seat})]
            notice = Notice("left_game", {"name": name})
        else:
            events = [Event(ABANDONED, {"seat": seat})]
            record.end(EndReason.EVERY_PLAYER_LEFT)
            notice = Notice("everyone_left_game")
        return await self.sessions.commit(record, game, events, answer, notice)

    async def _reclaim(
        self, record: MatchRecord, game: Game, user_id: int, answer: Publisher, action: str
    ) -> Change:
        """A member whose seat the AI took after missed turns plays it again."""
        seat = record.seat_of(user_id)
        if seat is None and action == "reclaim":
            raise Refusal("not_your_seat_button")
        if seat is None:
            raise Refusal("already_started")
        if record.seats[seat].ai is None:
            raise Refusal("already_playing_seat")
        events = give_back(record, seat)
        return await self.sessions.commit(record, game, events, answer, Notice("welcome_back"))

    async def set_pace(self, match_id: int, user_id: int, pace: str, answer: Publisher) -> Change:
        """The lobby's pace select (host only). A stale or repeated pick is harmless: it
        sets the pace the host picked, whatever the lobby's version."""
        async with self.sessions.session(match_id):
            record, game = await self.sessions.current(match_id)
            if game is not None:
                raise Refusal("already_started")
            notice = lobby.set_pace(record, user_id, pace)
            return await self.sessions.commit(record, None, [], answer, notice)

    async def deal(self, match_id: int, answer: Publisher) -> Change | None:
        """Start a table seated by the bot (a tournament's): no host starts it. None when
        it has begun already (a restart dealing what may have been dealt)."""
        async with self.sessions.session(match_id):
            record, game = await self.sessions.current(match_id)
            if game is not None:
                return None
            game, events = self._deal(record, GAMES[record.game])
            await self._mark_away(record)
            return await self.sessions.commit(record, game, events, answer, Notice("started"))

    async def _mark_away(self, record: MatchRecord) -> None:
        """A game beginning at a pace that pauses marks its members away now (their days
        away as stored, whoever set them before taking the seat), so their clocks stop from
        the first turn exactly as for a member who goes away mid-match."""
        if record.pace not in PAUSABLE:
            return
        now = self.sessions.clock()
        marks: dict[str, float] = {}
        for seat in record.seats:
            if seat.user_id is None:
                continue
            periods = await self.away.away_periods(seat.user_id, now)
            ongoing = current(periods, now)
            if ongoing is not None:
                marks[str(seat.user_id)] = ongoing.ends_at
        keep_marks(record, marks)

    def _start(self, record: MatchRecord, info: GameInfo, user_id: int) -> tuple[Game, list[Event]]:
        """The host starts the lobby's game: deal it, with its opening events."""
        lobby.check_start(record, info, user_id)
        return self._deal(record, info)

    def _deal(self, record: MatchRecord, info: GameInfo) -> tuple[Game, list[Event]]:
        game = self.new_game(record, info)
        record.status = MatchStatus.PLAYING
        record.state = game.to_dict()
        keep_first(record, game)
        return game, [Event(STARTED, {"players": len(record.seats)}), *game.opening_events()]

    def new_game(self, record: MatchRecord, info: GameInfo) -> Game:
        names = engine_names(record.seats)
        try:
            options = info.check_options(record.options)
            return info.new_game(names, self._next_seed(), **options)
        except IllegalMove as error:
            raise refusal(record, error) from None

    def _next_seed(self) -> int:
        return secrets.randbits(32) if self._seeds is None else self._seeds.getrandbits(32)
