"""Discord's delays put back into SimCord, for the click benches and for tests.

SimCord answers every REST and webhook call at once and replaces discord.py's HTTP client,
so its rate-limit handling never runs. `delayed_discord(env)` wraps the two transports
SimCord installs (`FakeHTTPClient.request`, every REST call; `FakeWebhookAdapter.request`,
interaction callbacks and the edits and follow-ups made with an interaction's token) so that:

- every call takes a round trip (`Delays.round_trip`, give or take `jitter` of it, from a
  seeded random): half before SimCord applies it, half after, as a request travels to
  Discord and its answer back;
- each rate-limit bucket (route and major parameter, as discord.py keys them) holds
  `Limit.calls` calls per `Limit.window` seconds; the call past it waits for the window to
  free a place and then goes through, as discord.py waits out a 429's `retry_after`;
- an interaction's token works for `token_lifetime` seconds (Discord: 15 minutes); a
  webhook call made with it later fails with 401 "Invalid Webhook Token" (code 50027), as
  Discord fails it;
- every call is logged with its route, and every press is timed from the moment the member
  pressed to its own answer: the callback that shows something (a bare defer is no answer)
  or, after a defer, the first edit or follow-up made with its token;
- `refuse(status, kind=..., route=..., times=...)` makes the next calls of a bucket kind (or of
  one route, "PATCH /channels/{channel_id}/messages/{message_id}") fail as Discord fails them,
  before SimCord applies anything: 404 Unknown Message (10008), 403 Missing Permissions
  (50013), any other status with code 0. A 429 is answered with its `retry_after`, and the
  call is made again once that has passed and goes through, as discord.py's own client does
  (SimCord replaces that client, so its retries never run); the refused call is logged too.

The waits are real-time timers the bot's own task awaits, scheduled outside SimCord's
virtual clock: SimCord sees a task of the bot's waiting on something it doesn't recognise,
so it keeps waiting for the bot before a click returns, however loaded the machine (waits in
a thread pool, or in tasks SimCord doesn't own, let a click return before the table was
edited, and a test then read a stale table). They are not `asyncio.sleep`s: those are
virtual timers under SimCord, and while SimCord moves its clock it counts a task sleeping
so as parked but one waiting on a lock held by that task as stuck, so two clicks of one
match would deadlock it. SimCord's clock therefore doesn't move during the delays: the bot's
own timers (the deferral of a click still busy after 2 s) don't fire meanwhile, and SimCord's
3 s for a first answer is not enforced; a press whose first callback came later than that
is counted late instead (`Press.late`). Tokens age on SimCord's clock (`env.advance_time`).
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import random
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from discord.http import Route
from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter
from simcord.results import InteractionResult

from bot.play.matches import MatchService
from bot.storage.doors import MatchWrites

DM_CHANNEL = 1  # Discord's channel type of a direct message
DEFERRALS = (5, 6)  # callback types that only acknowledge: a deferred message or update
SETTLE_TIMEOUT = 120.0  # seconds SimCord waits for the bot: beyond any window's wait
FIRST_ANSWER = 3.0  # seconds Discord gives an interaction for its first callback


@dataclass(frozen=True)
class Limit:
    """A bucket's size: `calls` per `window` seconds."""

    calls: int
    window: float


# What Discord's X-RateLimit headers report for these routes today (they are not promised,
# and Discord may change them); "other" is about the global limit of 50 calls a second.
LIMITS = {
    "channel messages": Limit(5, 5.0),
    "webhook messages": Limit(5, 2.0),
    "thread": Limit(5, 5.0),
    "DMs": Limit(5, 5.0),
    "interaction callback": Limit(5, 1.0),
    "other": Limit(50, 1.0),
}


@dataclass(frozen=True)
class Delays:
    """What the harness puts back: a round trip per call (seconds, ± `jitter` of it), the
    buckets' sizes by kind, and an interaction token's lifetime."""

    round_trip: float = 0.1
    jitter: float = 0.2
    limits: dict[str, Limit] = field(default_factory=lambda: dict(LIMITS))
    token_lifetime: float = 15 * 60
    seed: int = 0


@dataclass(slots=True)
class Call:
    """One call as Discord saw it: its bucket's kind, its route, when it started and ended
    (perf_counter seconds), the time it waited on its bucket, and the HTTP status of its
    failure (None: it went through)."""

    kind: str
    route: str
    started: float
    ended: float
    waited: float
    failed: int | None = None


@dataclass(slots=True)
class Press:
    """A member's press (an interaction): when it was made, and when its answer arrived."""

    token: str
    pressed: float
    acknowledged: float | None = None  # the first callback, a defer or an answer
    answered: float | None = None

    @property
    def late(self) -> bool:
        """Whether Discord would have failed the press: no callback within 3 s."""
        return self.acknowledged is None or self.acknowledged - self.pressed > FIRST_ANSWER

    @property
    def to_answer(self) -> float:
        if self.answered is None:
            raise AssertionError("the press got no answer")
        return self.answered - self.pressed


@dataclass(frozen=True)
class _Response:
    """Just enough of an HTTP response for discord.HTTPException."""

    status: int
    reason: str = "Error"
    headers: dict[str, str] = field(default_factory=dict)


# What Discord answers with, by status: its error code and message.
REFUSALS = {
    401: (50027, "Invalid Webhook Token"),
    403: (50013, "Missing Permissions"),
    404: (10008, "Unknown Message"),
    429: (0, "You are being rate limited."),
}


def refusal(status: int) -> discord.HTTPException:
    """The error discord.py raises for Discord's answer `status` (NotFound for 404, ...)."""
    code, message = REFUSALS.get(status, (0, "Internal Server Error"))
    response: Any = _Response(status)
    data = {"code": code, "message": message}
    if status == 403:
        return discord.Forbidden(response, data)
    if status == 404:
        return discord.NotFound(response, data)
    if status >= 500:
        return discord.DiscordServerError(response, data)
    return discord.HTTPException(response, data)


@dataclass(slots=True)
class _Refusing:
    """Calls still to refuse: those of a bucket kind, or of one route, `times` more."""

    status: int
    kind: str | None
    route: str | None
    times: int
    retry_after: float

    def matches(self, kind: str, route: str) -> bool:
        return self.times > 0 and self.kind in (None, kind) and self.route in (None, route)


class DelayedDiscord:
    """The calls, presses and lock holds of a run (see the module's docstring)."""

    def __init__(self, env: simcord.Env, delays: Delays) -> None:
        self.env = env
        self.delays = delays
        self.calls: list[Call] = []
        self.presses: list[Press] = []
        self.lock_holds: list[float] = []  # seconds each match lock was held
        self.lock_spans: list[tuple[float, float]] = []  # each hold's start and end
        self.saves: list[float] = []  # seconds each save of a change took (watch_saves)
        self._by_token: dict[str, Press] = {}
        self._tokens_made: dict[str, float] = {}  # token -> SimCord's clock at its press
        self._buckets: dict[str, deque[float]] = {}
        self._random = random.Random(delays.seed)
        self._refusing: list[_Refusing] = []

    def refuse(
        self,
        status: int,
        *,
        kind: str | None = None,
        route: str | None = None,
        times: int = 1,
        retry_after: float = 0.05,
    ) -> None:
        """Make the next `times` calls of bucket `kind` (and/or of `route`, as `Call.route`
        names it) fail with `status`, as Discord would answer them; a 429 says to retry after
        `retry_after` seconds, and the retry goes through."""
        if kind is None and route is None:
            raise ValueError("name the calls to refuse: a bucket kind, a route, or both")
        self._refusing.append(_Refusing(status, kind, route, times, retry_after))

    def _refused(self, kind: str, route: str) -> _Refusing | None:
        """The refusal the call meets, if any (one of its times used up)."""
        for refusing in self._refusing:
            if refusing.matches(kind, route):
                refusing.times -= 1
                return refusing
        return None

    def calls_under_locks(self) -> list[Call]:
        """The calls made while a match lock was held (a call started inside a hold)."""
        return [
            call
            for call in self.calls
            if any(start < call.started < end for start, end in self.lock_spans)
        ]

    def kind_of(self, route: Route) -> str:
        """The bucket kind a route's calls count against."""
        path = route.path
        if path.startswith("/interactions/"):
            return "interaction callback"
        if path.startswith("/webhooks/"):
            return "webhook messages"
        if path.startswith("/users/@me/channels"):
            return "DMs"
        if "thread" in path or (route.method == "PATCH" and path == "/channels/{channel_id}"):
            return "thread"
        if path.startswith("/channels/{channel_id}/messages"):
            channel = self.env.backend.channels.get(int(route.channel_id or 0))
            direct = channel is not None and channel.type == DM_CHANNEL
            return "DMs" if direct else "channel messages"
        return "other"

    def _now(self) -> float:
        return self.env.now().timestamp()

    def _round_trip(self) -> float:
        spread = self.delays.jitter * self._random.uniform(-1.0, 1.0)
        return max(0.0, self.delays.round_trip * (1.0 + spread))

    def _place_in(self, route: Route, kind: str) -> float:
        """Seconds until the call's bucket has room for it (its place is taken at once, so
        calls made together queue in order)."""
        limit = self.delays.limits.get(kind, self.delays.limits["other"])
        starts = self._buckets.setdefault(
            f"{route.key}:{route.major_parameters}", deque(maxlen=limit.calls)
        )
        now = time.perf_counter()
        start = now if len(starts) < limit.calls else max(now, starts[0] + limit.window)
        starts.append(start)
        return start - now

    def _check_token(self, route: Route) -> None:
        made = self._tokens_made.get(str(route.webhook_token))
        expired = made is not None and self._now() - made > self.delays.token_lifetime
        if expired and route.path.startswith("/webhooks/"):
            raise refusal(401)

    async def call(self, send: Callable[[], Any], route: Route, answers: bool) -> Any:
        """Make one call the way Discord takes it; `answers`: whether, made with an
        interaction's token, it shows that interaction's answer. A 429 is waited out and
        the call made again (see `refuse`)."""
        kind = self.kind_of(route)
        while True:
            refused = self._refused(kind, f"{route.method} {route.path}")
            if refused is None or refused.status != 429:
                return await self._call(send, route, answers, kind, refused)
            try:
                await self._call(send, route, answers, kind, refused)
            except discord.HTTPException as error:
                if error.status != 429:
                    raise
                await real_wait(refused.retry_after)

    async def _call(
        self,
        send: Callable[[], Any],
        route: Route,
        answers: bool,
        kind: str,
        refused: _Refusing | None,
    ) -> Any:
        waited = self._place_in(route, kind)
        started = time.perf_counter()
        if waited:
            await real_wait(waited)
        trip = self._round_trip()
        await real_wait(trip / 2)
        failed = None
        try:
            self._check_token(route)
            if refused is not None:
                raise refusal(refused.status)
            return await send()
        except discord.HTTPException as error:
            failed = error.status
            raise
        finally:
            await real_wait(trip / 2)
            ended = time.perf_counter()
            name = f"{route.method} {route.path}"
            self.calls.append(Call(kind, name, started, ended, waited, failed))
            press = self._by_token.get(str(route.webhook_token))
            callback = route.path.startswith("/interactions/")
            if callback and failed is None and press is not None and press.acknowledged is None:
                press.acknowledged = ended
            if answers and failed is None and press is not None and press.answered is None:
                press.answered = ended

    def pressed(self, token: str) -> None:
        press = Press(token, time.perf_counter())
        self.presses.append(press)
        self._by_token[token] = press
        self._tokens_made[token] = self._now()

    def since(self, mark: int) -> Counter[str]:
        """Calls by route from call number `mark` on."""
        return Counter(call.route for call in self.calls[mark:])

    def kinds_since(self, mark: int) -> Counter[str]:
        """Calls by bucket kind from call number `mark` on."""
        return Counter(call.kind for call in self.calls[mark:])


async def real_wait(seconds: float) -> None:
    """Wait `seconds` of real time, in a way SimCord counts as the bot's work in progress
    (see the module's docstring): the timer is set outside SimCord's scope, so it runs on
    the loop's real clock, while the bot's task awaits its future."""
    loop = asyncio.get_running_loop()
    woken = loop.create_future()
    contextvars.Context().run(loop.call_later, seconds, _wake, woken)
    await woken


def _wake(woken: asyncio.Future[None]) -> None:
    if not woken.done():
        woken.set_result(None)


def _callback_answers(kwargs: dict[str, Any]) -> bool:
    """Whether an interaction callback shows something (not a bare defer)."""
    payload = kwargs.get("payload")
    for part in kwargs.get("multipart") or []:
        if part.get("name") == "payload_json":
            payload = json.loads(part["value"])
    return not (isinstance(payload, dict) and payload.get("type") in DEFERRALS)


class _TimedLock(asyncio.Lock):
    """A match lock that notes how long each hold lasted, and when (its span)."""

    def __init__(self, holds: list[float], spans: list[tuple[float, float]]) -> None:
        super().__init__()
        self._holds = holds
        self._spans = spans
        self._since = 0.0

    async def acquire(self) -> bool:  # type: ignore[override]
        await super().acquire()
        self._since = time.perf_counter()
        return True

    def release(self) -> None:
        now = time.perf_counter()
        self._holds.append(now - self._since)
        self._spans.append((self._since, now))
        super().release()


@contextmanager
def delayed_discord(env: simcord.Env, delays: Delays | None = None) -> Iterator[DelayedDiscord]:
    """SimCord with Discord's delays, while the block runs (see the module's docstring)."""
    harness = DelayedDiscord(env, delays or Delays())
    http_request, webhook_request = FakeHTTPClient.request, FakeWebhookAdapter.request
    backend = env.backend
    new_interaction = backend.new_interaction

    async def rest(client: FakeHTTPClient, route: Route, **kwargs: Any) -> Any:
        return await harness.call(lambda: http_request(client, route, **kwargs), route, False)

    async def webhook(
        adapter: FakeWebhookAdapter, route: Route, session: Any, **kwargs: Any
    ) -> Any:
        answers = not route.path.startswith("/interactions/") or _callback_answers(kwargs)
        send = lambda: webhook_request(adapter, route, session, **kwargs)  # noqa: E731
        return await harness.call(send, route, answers)

    def interaction(*args: Any, **kwargs: Any) -> Any:
        record = new_interaction(*args, **kwargs)
        harness.pressed(record.token)
        return record

    settle_timeout = env.settle_timeout
    FakeHTTPClient.request = rest  # type: ignore[method-assign,assignment]
    FakeWebhookAdapter.request = webhook  # type: ignore[method-assign,assignment]
    backend.new_interaction = interaction  # type: ignore[method-assign]
    env.settle_timeout = max(settle_timeout, SETTLE_TIMEOUT)
    try:
        yield harness
    finally:
        FakeHTTPClient.request = http_request  # type: ignore[method-assign]
        FakeWebhookAdapter.request = webhook_request  # type: ignore[method-assign]
        backend.new_interaction = new_interaction  # type: ignore[method-assign]
        env.settle_timeout = settle_timeout


async def press_together(
    env: simcord.Env, presses: Sequence[Callable[[], Awaitable[InteractionResult]]]
) -> list[InteractionResult]:
    """Make every press at the same moment, as members far apart may: each but the last is
    handed to the bot without waiting for it to settle (SimCord runs one press at a time
    and settles after each), the last then waits for the bot to settle all of them."""
    settle = env._settle_internal

    async def not_yet(**_: Any) -> None:
        return None

    env._settle_internal = not_yet  # type: ignore[method-assign]
    try:
        made = [await press() for press in presses[:-1]]
    finally:
        env._settle_internal = settle  # type: ignore[method-assign]
    return [*made, await presses[-1]()]


def watch_locks(harness: DelayedDiscord, matches: MatchService) -> None:
    """Time every hold of the bot's match locks made from now on."""
    matches.time_locks(lambda: _TimedLock(harness.lock_holds, harness.lock_spans))


def watch_saves(harness: DelayedDiscord, storage: MatchWrites) -> None:
    """Time every save of a change (the store's `save`: the move, its events, deadline and
    results in one transaction), so a lock's hold can be told apart from its save."""
    save = storage.save

    async def timed(*args: Any, **kwargs: Any) -> None:
        started = time.perf_counter()
        try:
            await save(*args, **kwargs)
        finally:
            harness.saves.append(time.perf_counter() - started)

    storage.save = timed  # type: ignore[method-assign]
