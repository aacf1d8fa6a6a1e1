"""The live table's web server: its own aiohttp app on TABLE_HOST:TABLE_PORT (never the
health port: /healthz and /metrics are not served here), every path under /table/.

- `GET /table/m/{token}`, `GET /table/w/{token}`: a member's page, the watchers' page.
- `GET /table/ws?t={token}&v={last version seen}`: the page's WebSocket. The server sends a
  frame per change of the match (cogs/live/frames.py), the first a snapshot unless the page
  resumes after a version the bus still keeps; the page sends moves,
  `{"t":"move","code":…,"stamp":…}`, played through the match service as a click is (same
  lock, checks and refusals; the Discord table shows the change through the desk).
- `GET /table/static/…`, `GET /table/card/{face}.png`,
  `GET /table/picture/{token}/{version}/{name}`: the page's script and style, a card's face,
  the table's picture of a version.

A bad link, a bad frame or a refused move is answered in one short line in the viewer's
language, logged once, and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from bot.core.settings import SettingsError
from bot.errors import Refusal
from bot.play.bus import Subscription
from bot.play.matches import MatchService
from bot.play.model import MatchRecord
from cogs.live.frames import Frames, Viewer
from cogs.live.links import BadLink, Links, Pass
from cogs.live.markup import plain
from cogs.live.page import refused_page, shell
from cogs.tools.renderers import Renderers
from cogs.ui.card_faces import draw_face
from cogs.ui.face import Face
from cogs.wording import i18n
from cogs.wording.i18n import _, reading
from cogs.wording.language import Languages
from cogs.wording.replies import failure_answer
from engines.base import GAMES

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
OPENING_AT_ONCE = 8  # sockets admitted at the same moment; the rest wait their turn
# Connections taken from the listening socket in one turn of the event loop (and queued
# there): a thousand pages reconnecting at once come in a few dozen at a time, so the
# clicks in Discord are served between them.
ACCEPT_AT_ONCE = 32
FRAME_LIMIT = 4096  # bytes a frame from the page may hold
READ_LIMIT = 65536  # beyond this aiohttp itself closes the socket (a frame too big to answer)
CODE = re.compile(r"[A-Za-z0-9_.\-]{1,100}")
HEADERS = {
    "Referrer-Policy": "no-referrer",  # the address is the key: never hand it on
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self'; style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'"
    ),
}


@dataclass(frozen=True, slots=True)
class Admitted:
    """A link that opens a match: the match as it was read, and who views it."""

    link: Pass
    record: MatchRecord
    viewer: Viewer


class LinkRefused(Exception):
    """A link that opens nothing, with the line that says so (in the reader's language)."""


class TableServer:
    def __init__(
        self,
        matches: MatchService,
        renderers: Renderers,
        languages: Languages,
        host: str,
        port: int,
        public_url: str | None,
        secret: str,
        seen: Callable[[int, int], None] = lambda match_id, user_id: None,
    ) -> None:
        self.matches, self.renderers, self.languages = matches, renderers, languages
        # Told of each member who moves from a page: they are at the table (no reminder).
        self.seen = seen
        self.host, self.port, self.public_url = host, port, public_url
        self.links = Links(secret, matches.reads.instance)
        self.frames = Frames(renderers)
        self._faces: dict[str, bytes] = {}
        self._sockets: set[web.WebSocketResponse] = set()
        self._opening = asyncio.Semaphore(OPENING_AT_ONCE)
        self.app = web.Application()
        self.app.router.add_get("/table/m/{token}", self._page)
        self.app.router.add_get("/table/w/{token}", self._page)
        self.app.router.add_get("/table/ws", self._socket)
        self.app.router.add_get("/table/card/{face}.png", self._card)
        self.app.router.add_get("/table/picture/{token}/{version}/{name}", self._picture)
        self.app.router.add_static("/table/static/", STATIC)
        self._runner: web.AppRunner | None = None

    # -- starting, stopping, links ---------------------------------------------------------

    async def start(self) -> None:
        """Listen (more routes, such as the Activity's, are added before this); after a
        `stop`, again on the port bound before, so the links given out still lead here."""
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, backlog=ACCEPT_AT_ONCE)
        try:
            await site.start()
        except OSError as error:
            await self._runner.cleanup()
            self._runner = None
            why = os.strerror(error.errno) if error.errno else str(error)
            raise SettingsError(
                f"TABLE_PORT {self.port}: can't listen on {self.host} ({why})."
            ) from None
        self.port = self._runner.addresses[0][1]  # the port bound (0 asks for any)
        log.info("the live table is served on http://%s:%d/table/", self.host, self.port)

    async def hang_up(self) -> None:
        """Close every page's socket; each page reconnects by itself, naming the last
        version it drew."""
        for socket in list(self._sockets):
            with contextlib.suppress(Exception):
                await socket.close(code=1001)

    async def stop(self) -> None:
        """Hang up every page and stop listening."""
        await self.hang_up()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def base(self) -> str:
        """Where the links point: TABLE_URL, else this server's own address."""
        if self.public_url:
            return self.public_url.rstrip("/")
        return f"http://{self.host}:{self.port}"

    def member_link(self, match_id: int, user_id: int, language: str) -> str:
        return f"{self.base}/table/m/{self.links.member(match_id, user_id, language)}"

    def watch_link(self, match_id: int) -> str:
        return f"{self.base}/table/w/{self.links.watch(match_id)}"

    # -- who may see what --------------------------------------------------------------------

    async def admit(self, token: str, asked: str | None) -> Admitted:
        """The match and viewer a link opens; LinkRefused (worded in `asked`, the page's
        language, or English) for a forged link, another database's, a match no longer kept
        or a member no longer seated."""
        refusing = i18n.supported(asked) or i18n.SOURCE
        try:
            link = self.links.read(token)
        except BadLink as error:
            log.info("live table: a link refused (%s)", error)
            with reading(refusing):
                raise LinkRefused(
                    _(
                        "This link doesn't open any table. Ask for a new one with “Open in a "
                        "browser” on the match's table."
                    )
                ) from None
        known = self.matches.known_change(link.match_id)  # a page reconnecting reads nothing
        record = known.record if known is not None else None
        if record is None:
            record = await self.matches.reads.get_match(link.match_id)
        if record is None:
            log.info("live table: a link to match %s, which is not kept", link.match_id)
            with reading(refusing):
                raise LinkRefused(_("This match is no longer kept, so its table can't be shown."))
        seat = None
        if link.user_id is not None:
            seat = record.seat_of(link.user_id)
            if seat is None:
                log.info("live table: user %s has no seat in match %s", link.user_id, record.id)
                with reading(refusing):
                    raise LinkRefused(
                        _("This link was for a seat that is no longer in this match.")
                    )
        language = (
            i18n.supported(link.language)
            or i18n.supported(asked)
            or await self.languages.server(record.guild_id)
        )
        return Admitted(link, record, Viewer(seat, language, token))

    @staticmethod
    def _asked(request: web.Request) -> str | None:
        """The language a page asks for: `?l=`, else the browser's first one we have."""
        asked = request.query.get("l")
        if i18n.supported(asked):
            return asked
        for part in request.headers.get("Accept-Language", "").split(","):
            found = i18n.supported(part.split(";")[0].strip())
            if found:
                return found
        return None

    # -- the page, its pictures ------------------------------------------------------------

    async def _page(self, request: web.Request) -> web.Response:
        watching = request.path.startswith("/table/w/")
        try:
            admitted = await self.admit(request.match_info["token"], self._asked(request))
        except LinkRefused as refused:
            language = i18n.supported(self._asked(request)) or i18n.SOURCE
            return web.Response(
                status=403,
                text=refused_page(language, str(refused)),
                content_type="text/html",
                headers=HEADERS,
            )
        if admitted.link.watching != watching:  # a member's token on the watchers' path
            raise web.HTTPNotFound()
        page = shell(admitted.viewer.language, admitted.viewer.token, watching)
        return web.Response(text=page, content_type="text/html", headers=HEADERS)

    async def _card(self, request: web.Request) -> web.Response:
        name = request.match_info["face"]
        png = self._faces.get(name)
        if png is None:
            face = self._face(name)
            if face is None:
                raise web.HTTPNotFound()
            png = self._faces[name] = await asyncio.to_thread(draw_face, face)
        return web.Response(
            body=png, content_type="image/png", headers={"Cache-Control": "max-age=86400"}
        )

    def _face(self, name: str) -> Face | None:
        for key in GAMES:
            renderer = self.renderers.get(key)
            for face in renderer.faces if renderer is not None else ():
                if face.name == name:
                    return face
        return None

    async def _picture(self, request: web.Request) -> web.Response:
        try:
            admitted = await self.admit(request.match_info["token"], None)
            version = int(request.match_info["version"])
        except (LinkRefused, ValueError):
            raise web.HTTPNotFound() from None
        language = i18n.supported(request.query.get("l")) or admitted.viewer.language
        match_id, name = admitted.record.id, request.match_info["name"]
        latest = self.matches.latest_change(match_id)
        png = await self.frames.picture(latest, match_id, version, language, name)
        if png is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=png, content_type="image/png", headers={"Cache-Control": "max-age=86400"}
        )

    # -- the socket ------------------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        # Uncompressed: a frame is a few KB, and compressing it would cost every socket a
        # compressor of its own and every page the same frame compressed again.
        socket = web.WebSocketResponse(heartbeat=30, max_msg_size=READ_LIMIT, compress=False)
        page = _Page(socket)
        # Pages connecting at once (a thousand after a restart of the proxy) are let in a
        # few at a time, so the clicks in Discord go on between them rather than behind.
        async with self._opening:
            await socket.prepare(request)
            self._sockets.add(socket)
            opened = await self._open(page, request)
        try:
            if opened is not None:
                await self._serve(page, *opened)
        finally:
            self._sockets.discard(socket)
        return socket

    async def _serve(self, page: _Page, admitted: Admitted, subscription: Subscription) -> None:
        socket = page.socket
        sender = asyncio.create_task(self._send_changes(page, admitted, subscription))
        told = False  # a bad frame is logged once per socket
        try:
            async for message in socket:
                if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    continue
                problem = await self._heard(admitted, message.data)
                if problem is None:
                    continue
                line, why = problem
                if why and not told:
                    told = True
                    log.info("live table: match %s, %s", admitted.record.id, why)
                await page.say("refused", line)
        finally:
            subscription.close()
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)

    async def _open(
        self, page: _Page, request: web.Request
    ) -> tuple[Admitted, Subscription] | None:
        """The viewer a socket's link admits and their subscription to the match, from the
        version the page says it drew last; None once the page is told why not."""
        since_text = request.query.get("v", "")
        since = int(since_text) if since_text.isdigit() else None
        try:
            admitted = await self.admit(request.query.get("t", ""), self._asked(request))
            subscription = await self.matches.follow(admitted.record.id, since)
        except LinkRefused as refused:
            await page.bye(str(refused))
            return None
        except Exception as error:  # the database can't be read now: the page tries again
            self.matches.failures.report(error, "opening a live table's socket failed")
            await page.socket.close(code=1011)
            return None
        if subscription is None:
            with reading(admitted.viewer.language):
                await page.bye(_("This match is no longer kept, so its table can't be shown."))
            return None
        return admitted, subscription

    async def _send_changes(
        self, page: _Page, admitted: Admitted, subscription: Subscription
    ) -> None:
        """A frame for each change the page is handed, in order."""
        try:
            async for delivery in subscription:
                # Sent straight from the drawing: a frame kept in a local between changes
                # would hold a few KB per open socket for nothing.
                await page.send(
                    await self.frames.frame(
                        delivery.change, delivery.snapshot, admitted.viewer, self.matches.clock()
                    )
                )
        except ConnectionError:
            return  # the page went away
        except Exception as error:  # a fault: logged; the page reconnects for a snapshot
            what = f"drawing the live table of match {admitted.record.id} failed"
            self.matches.failures.report(error, what)
            await page.socket.close(code=1011)

    async def _heard(self, admitted: Admitted, data: Any) -> tuple[str, str] | None:
        """A frame from the page: a move played, or why not (the line to answer and, for a
        frame that is no move at all, what to log)."""
        with reading(admitted.viewer.language):
            size = len(data) if isinstance(data, bytes) else len(str(data).encode())
            if size > FRAME_LIMIT:
                return _("That message was too long to read; nothing was changed."), "too long"
            move = _move_of(data)
            if move is None:
                return _("That message couldn't be read; nothing was changed."), "not a move"
            code, stamp = move
            link = admitted.link
            try:
                if link.user_id is None:
                    raise Refusal("watching")
                self.seen(link.match_id, link.user_id)
                await self.matches.play(
                    link.match_id, link.user_id, stamp, code, self.matches.publish
                )
            except Refusal as refusal:
                return plain(self.renderers.refusal(refusal)), ""
            except Exception as error:
                what = f"a move on the live table of match {link.match_id} by user {link.user_id}"
                self.matches.failures.report(error, f"{what} failed")
                return plain(failure_answer(error, move=True)), ""
        return None


class _Page:
    """One page's socket, sent to by its changes and its refusals in turn."""

    def __init__(self, socket: web.WebSocketResponse) -> None:
        self.socket = socket
        self._sending = asyncio.Lock()

    async def send(self, frame: str) -> None:
        async with self._sending:
            await self.socket.send_str(frame)

    async def say(self, kind: str, text: str) -> None:
        await self.send(json.dumps({"t": kind, "text": text}, ensure_ascii=False))

    async def bye(self, text: str) -> None:
        await self.say("bye", text)
        await self.socket.close()


def _move_of(data: Any) -> tuple[str, int] | None:
    """The move code and stamp of a frame shaped as a move, else None."""
    if not isinstance(data, str):
        return None
    try:
        frame = json.loads(data)
    except ValueError:
        return None
    if not isinstance(frame, dict) or set(frame) != {"t", "code", "stamp"} or frame["t"] != "move":
        return None
    code, stamp = frame["code"], frame["stamp"]
    if not isinstance(code, str) or not CODE.fullmatch(code):
        return None
    if not isinstance(stamp, int) or isinstance(stamp, bool) or not 0 <= stamp < 2**53:
        return None
    return code, stamp
