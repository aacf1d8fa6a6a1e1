"""The live table's way in from inside Discord: the Activity (issue 47, item 3).

Discord opens the Activity's page in its frame (`GET /table/activity`; the Developer
Portal's URL mapping sends the Activity's root, `/`, to the table's `/table`, which serves
the same page). Its script, Discord's Embedded App SDK bundled by scripts/build-activity,
asks Discord to authorize the member, and the bot exchanges the code for a token with the
application's client secret (`POST /table/activity/token`). With that token the page asks
for the table (`POST /table/activity/session`): the bot asks Discord whose token it is, finds
the match played in the Activity's channel or thread, and answers with that member's own
signed link (a watcher's when they have no seat), which the page opens in the same frame.

Nothing here trusts the page: the member is who Discord says owns the token, and a token
that Discord doesn't confirm, a page claiming another member, or a channel without one
game being played is refused in one line in the member's language, and nothing changes.
"""

from __future__ import annotations

import html
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import aiohttp
import discord
from aiohttp import web

from bot.play.model import MatchRecord, MatchStatus
from bot.process.app import TabletopBot
from bot.storage import StorageError
from cogs.desk.desk import desk_of_bot
from cogs.wording import i18n
from cogs.wording.i18n import _
from cogs.wording.language import MEMBER_LANGUAGE

log = logging.getLogger(__name__)

# The bundle scripts/build-activity makes, served with the table's other static files.
BUNDLE = Path(__file__).resolve().parent / "static" / "activity.js"
# A request from the page is a few short fields; anything longer is not the page's.
MAX_BODY = 4096
# The page runs its one script from this origin and talks only to it; Discord frames it, so
# no frame-ancestors rule. Nothing it is given (a code, a token, a link) may be cached.
PAGE_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "Content-Security-Policy": (
        "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'"
    ),
}
NOT_KEPT = {"Cache-Control": "no-store"}
# Discord's answers take tens to hundreds of ms; one that takes longer than this fails.
DISCORD_TIMEOUT = aiohttp.ClientTimeout(total=10)


class TableLinks(Protocol):
    """The live table's signed links (cogs/live/links.py): the tokens of a member's own
    page and of the watchers' page."""

    def member(self, match_id: int, user_id: int, language: str) -> str: ...

    def watch(self, match_id: int) -> str: ...


class Refused(Exception):
    """A way in that is refused: `text` is the one line the member reads, `why` the log's."""

    def __init__(self, text: str, why: str, status: int = 403) -> None:
        super().__init__(why)
        self.text, self.why, self.status = text, why, status


def add_activity_routes(app: web.Application, bot: TabletopBot, links: TableLinks) -> None:
    """Serve the Activity on the live table's app (called when `settings.activity`)."""
    activity = Activity(bot, links)
    for path in ("/table", "/table/", "/table/activity"):
        app.router.add_get(path, activity.page)
    app.router.add_post("/table/activity/token", activity.token)
    app.router.add_post("/table/activity/session", activity.session)
    app.on_cleanup.append(activity.close)
    if not BUNDLE.is_file():
        log.error("the Activity's script is missing: run scripts/build-activity")


@dataclass(frozen=True, slots=True)
class Member:
    """Who Discord says a token belongs to."""

    user_id: int
    # The language they chose with /games mylanguage, else their Discord app's (None: one
    # we don't speak; the match's server's is used).
    language: str | None


class Activity:
    def __init__(self, bot: TabletopBot, links: TableLinks) -> None:
        self.bot = bot
        self.links = links
        self.settings = bot.settings
        self._http: aiohttp.ClientSession | None = None

    # -- the page ----------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.Response:
        """The Activity's page, in the language the member's Discord app asks for; its
        every address is relative, so it works under Discord's proxy as on the table's own."""
        language = accepted(request.headers.get("Accept-Language", ""))
        with i18n.reading(language):
            body = PAGE.format(
                language=language,
                title=html.escape(_("The live table")),
                client=self.bot.application_id or "",
                opening=html.escape(_("Opening the table…")),
                failed=html.escape(_("The table could not be opened: close it and try again.")),
            )
        return web.Response(text=body, content_type="text/html", headers=PAGE_HEADERS)

    # -- the code, exchanged for a token -------------------------------------------------

    async def token(self, request: web.Request) -> web.Response:
        """Exchange the member's code (the SDK's authorize) for an access token, with the
        application's client secret, which never leaves the bot."""
        fields = await read_fields(request)
        language = i18n.supported(fields.get("locale")) or i18n.SOURCE
        with i18n.reading(language):
            try:
                access_token = await self.exchange(fields)
            except Refused as refusal:
                return refused(refusal, request)
        return web.json_response({"access_token": access_token}, headers=NOT_KEPT)

    async def exchange(self, fields: dict[str, str]) -> str:
        code = fields.get("code")
        if not code:
            raise not_confirmed("no code")
        form = {
            "client_id": str(self.bot.application_id),
            "client_secret": self.settings.client_secret or "",
            "grant_type": "authorization_code",
            "code": code,
        }
        status, data = await self.discord("POST", "/oauth2/token", data=form)
        token = data.get("access_token") if status == 200 else None
        if not isinstance(token, str) or not token:
            raise not_confirmed(f"Discord refused the code ({status})")
        return token

    # -- the member's table ----------------------------------------------------------------

    async def session(self, request: web.Request) -> web.Response:
        """The table of the match played in the Activity's channel: the member's own link,
        or the watchers' when they have no seat."""
        fields = await read_fields(request)
        with i18n.reading(i18n.supported(fields.get("locale")) or i18n.SOURCE):
            try:
                member = await self.member(fields)
                with i18n.reading(member.language or i18n.SOURCE):
                    match = await self.match_here(fields.get("channel_id", ""), member)
            except Refused as refusal:
                return refused(refusal, request)
        if match.seat_of(member.user_id) is None:
            url = f"w/{self.links.watch(match.id)}"
        else:
            language = member.language or await desk_of_bot(self.bot).languages.server(
                match.guild_id
            )
            url = f"m/{self.links.member(match.id, member.user_id, language)}"
        log.info("activity: user %s opened match %s", member.user_id, match.id)
        return web.json_response({"url": url}, headers=NOT_KEPT)

    async def member(self, fields: dict[str, str]) -> Member:
        """The member Discord says owns the token, who must be the one the page names."""
        access_token = fields.get("access_token", "")
        if not access_token:
            raise not_confirmed("no token")
        headers = {"Authorization": f"Bearer {access_token}"}
        status, data = await self.discord("GET", "/users/@me", headers=headers)
        owner = data.get("id") if status == 200 else None
        if not isinstance(owner, str) or not owner.isdigit():
            raise not_confirmed(f"Discord refused the token ({status})")
        if fields.get("user_id") != owner:
            raise Refused(
                _("This sign-in is another Discord account's: close the table and open it again."),
                f"the page named user {fields.get('user_id')!r}, the token is user {owner}'s",
            )
        user_id = int(owner)
        try:
            chosen = await MEMBER_LANGUAGE.read(self.bot.matches.scoped, user_id)
        except StorageError as error:  # their Discord app's language serves meanwhile
            self.bot.matches.failures.report(error, f"reading the language of user {user_id}")
            chosen = None
        return Member(user_id, chosen or i18n.supported(fields.get("locale")))

    async def match_here(self, channel_text: str, member: Member) -> MatchRecord:
        """The one match being played in the channel or thread (in a channel, its threads'
        too): when there are several, the one the member plays in."""
        channel_id = int(channel_text) if channel_text.isdigit() else 0
        reads = self.bot.matches.reads
        in_thread = await reads.match_in_thread(channel_id) if channel_id else None
        if in_thread is not None:
            playing = [in_thread] if in_thread.status == MatchStatus.PLAYING else []
        elif channel_id:
            playing = [
                m
                for m in await reads.open_matches_in_channel(channel_id)
                if m.status == MatchStatus.PLAYING
            ]
        else:
            playing = []
        playing = [m for m in playing if await self.may_see(m, member.user_id)]
        seated = [m for m in playing if m.seat_of(member.user_id) is not None]
        if len(playing) == 1:
            return playing[0]
        if len(seated) == 1:
            return seated[0]
        if not playing:
            raise Refused(
                _("No game is being played here. Start one, then open the table again."),
                f"no game in channel {channel_text!r}",
                404,
            )
        raise Refused(
            _(
                "Several games are being played here: open the table from your game's own "
                "thread, with its Open the table button."
            ),
            f"{len(playing)} games in channel {channel_text!r}",
            409,
        )

    async def may_see(self, match: MatchRecord, user_id: int) -> bool:
        """Whether the member may see the match's table: a member of its server who can see
        its channel. A server this process doesn't serve (another process's shard) tells
        only whether they are its member."""
        guild = self.bot.get_guild(match.guild_id)
        try:
            if guild is None:
                await self.bot.http.get_member(match.guild_id, user_id)
                return True
            member = guild.get_member(user_id) or await guild.fetch_member(user_id)
        except discord.NotFound:
            return False
        except discord.HTTPException as error:
            raise unreachable(f"the member could not be read ({error.status})") from None
        place = guild.get_channel_or_thread(match.played_in)
        return place is None or place.permissions_for(member).view_channel

    # -- Discord's API ---------------------------------------------------------------------

    async def discord(self, method: str, path: str, **request: Any) -> tuple[int, dict[str, Any]]:
        """Ask Discord's API (`settings.discord_api`); its status and JSON answer."""
        if self._http is None:
            self._http = aiohttp.ClientSession(timeout=DISCORD_TIMEOUT)
        url = self.settings.discord_api.rstrip("/") + path
        try:
            async with self._http.request(method, url, **request) as answer:
                data = await answer.json(content_type=None) if answer.status < 500 else {}
                return answer.status, data if isinstance(data, dict) else {}
        except (aiohttp.ClientError, TimeoutError, json.JSONDecodeError) as error:
            raise unreachable(f"Discord's {path} failed ({type(error).__name__})") from None

    async def close(self, _app: web.Application) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None


def not_confirmed(why: str) -> Refused:
    return Refused(
        _("Discord didn't confirm who you are: close the table and open it again."), why, 401
    )


def unreachable(why: str) -> Refused:
    return Refused(_("Discord can't be reached just now: try again in a moment."), why, 502)


def refused(refusal: Refused, request: web.Request) -> web.Response:
    """One line for the member, one for the log; nothing else happens."""
    log.info("activity: %s refused: %s", request.path, refusal.why)
    return web.json_response({"text": refusal.text}, status=refusal.status, headers=NOT_KEPT)


async def read_fields(request: web.Request) -> dict[str, str]:
    """The page's JSON object of short strings; anything else reads as no fields, which
    the steps after refuse (no code, no token, no channel)."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        return {}
    raw = await request.content.read(MAX_BODY + 1)
    try:
        data = json.loads(raw) if len(raw) <= MAX_BODY else None
    except (ValueError, UnicodeDecodeError):
        data = None
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def accepted(header: str) -> str:
    """The first of our languages an Accept-Language header names (English when none)."""
    for part in header.split(","):
        language = i18n.supported(part.split(";")[0].strip())
        if language is not None:
            return language
    return i18n.SOURCE


PAGE = """<!doctype html>
<html lang="{language}" data-client="{client}" data-failed="{failed}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
  html {{ color-scheme: dark; background: #313338; color: #dbdee1; }}
  html {{ font: 16px system-ui, sans-serif; }}
  body {{ display: grid; place-items: center; min-height: 100vh; margin: 0; }}
  #status {{ max-width: 32em; padding: 1em; text-align: center; }}
  html[data-state="refused"] #status {{ color: #fff; }}
</style>
</head>
<body>
<p id="status" role="status" aria-live="polite">{opening}</p>
<script src="static/activity.js"></script>
</body>
</html>
"""
