"""`python -m playground` (run by `scripts/play`): every game in a browser, no Discord.

The real bot (the same `create_bot`, cogs, storage and timers as production) runs against
SimCord's simulated Discord: one server, a #games channel and a few members. SimCord's
preview serves that channel on 127.0.0.1 as a Discord-like page; its address carries a
secret, the only way in. Switch "Viewing as" to play every seat, or add AI seats and play
one. Ctrl+C ends it.

A developer's tool beside the application, not part of it: it drives the bot from outside.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
import tempfile
import time
import webbrowser
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.core.settings import Settings
from bot.process.app import TabletopBot
from cogs.app import create_bot, draw_every_card
from cogs.desk.threads import TABLES_WHERE
from cogs.wording.i18n import LANGUAGES
from engines.base import GAMES
from playground.sim_locales import client_locales
from playground.terminal import next_step, quiet_start_up

# The members, each with their Discord app's language: what only they see (their hand,
# "not your turn", the rules) is in it; the table is in the server's language (--locale).
MEMBERS = (
    ("ann", "en-US"),
    ("bao", "vi"),
    ("citra", "id"),
    ("dan", "en-GB"),
    ("eve", "vi"),
    ("fay", "id"),
)
MEMBER_NAMES = tuple(name for name, _locale in MEMBERS)
# Seconds between AI moves. The preview shows a click's outcome once the bot is idle, AI
# moves included, so a long delay only makes each click slower; the table retells them.
PLAYGROUND_AI_DELAY = 0.3
# How long the page waits for the bot to settle after a click: room for many AI moves.
SETTLE_SECONDS = 120.0


@dataclass(frozen=True, slots=True)
class PlaygroundOptions:
    game: str | None = None  # a game key: its lobby is posted by the first member
    members: int = 3
    ai: int = 0  # AI seats added to that lobby
    database: Path | None = None  # None: a temporary database, gone at the end
    seed: int | None = None  # fixes the deals, for pictures and bug reports
    port: int = 0  # 0: any free port
    ai_delay: float = PLAYGROUND_AI_DELAY
    turn_timeout: float = 3600.0  # people here play every seat, so give them time
    locale: str = "en"  # the server's language: the table, lobby, results and pings
    width: int = 1100
    height: int = 900
    # Raise the bot's unhandled errors when the playground ends (tests); an interactive
    # session only logs them, so Ctrl+C stays one clean line.
    raise_bot_errors: bool = True
    # Cards as pictures: the bot makes its emojis at start, as on Discord (off: cards as text).
    card_emojis: bool = True
    # The live table beside the page (off: the bot as a host without TABLE_PORT runs it).
    live_table: bool = True


@dataclass(slots=True)
class Playground:
    """A running playground: the bot, the simulated server and the page's address."""

    bot: TabletopBot
    env: Any  # simcord.Env
    guild: Any
    channel: Any
    members: list[Any]
    preview: Any  # simcord.Preview
    notes: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return self.preview.url

    @property
    def table_url(self) -> str | None:
        """Where the live table is served (its pages open from each table's "Open in a
        browser" button); None when the bot serves none."""
        live: Any = self.bot.get_cog("LiveTable")
        return f"{live.server.base}/table/" if live is not None else None

    def member(self, name: str) -> Any:
        return next(m for m in self.members if m.name == name)

    async def next_step(self) -> str:
        """What a newcomer does next in the page, for the terminal."""
        for record in await self.bot.storage.open_matches():
            if record.channel_id == self.channel.id:
                return next_step(record)
        return next_step(None)


def check_options(options: PlaygroundOptions) -> None:
    """Refuse impossible combinations in one line, before anything starts."""
    if not 1 <= options.members <= len(MEMBER_NAMES):
        raise ValueError(f"--members must be 1 to {len(MEMBER_NAMES)}")
    if options.game is not None and options.game not in GAMES:
        raise ValueError(f"--game must be one of {', '.join(sorted(GAMES))}")
    if options.ai and options.game is None:
        raise ValueError("--ai needs --game: AI seats are added to that game's lobby")
    if options.locale not in LANGUAGES:
        raise ValueError(f"--locale must be one of {', '.join(LANGUAGES)}")
    if not 0 <= options.ai_delay <= 10:
        raise ValueError("--ai-delay must be 0 to 10 seconds")
    if options.game is not None:
        most = GAMES[options.game].max_players
        if options.ai < 0 or 1 + options.ai > most:
            raise ValueError(f"--ai must be 0 to {most - 1} for {options.game}")


def _settings(options: PlaygroundOptions, folder: Path) -> Settings:
    return Settings(
        token="playground",
        database_path=options.database or folder / "playground.sqlite3",
        turn_timeout=options.turn_timeout,
        lobby_timeout=86400,
        ai_delay=options.ai_delay,
        game_seed=options.seed,
        card_emojis=options.card_emojis,
        # The live table (a match as a web page) beside SimCord's page, on any free port.
        table_port=0 if options.live_table else None,
        table_host="127.0.0.1",
    )


async def _emoji_pictures(bot: TabletopBot, env: Any) -> dict[str, tuple[str, bytes]]:
    """The cards' emojis as the preview's pictures, once the bot's sync has made them:
    SimCord keeps an emoji's name, not its image, so the page is handed each picture at
    the address Discord's CDN would serve it from."""
    if bot.emoji_sync is None or not await bot.emoji_sync:
        return {}
    from simcord.backend.cdn import CDN_BASE

    drawn = {
        picture.name: picture.png for picture in await asyncio.to_thread(bot.app_emojis.pictures)
    }
    return {
        f"{CDN_BASE}/emojis/{emoji.id}.png": ("image/png", drawn[emoji.name])
        for emoji in env.backend.application_emojis.values()
        if emoji.name in drawn
    }


async def _open_lobby(place: Playground, game: str, ai: int) -> None:
    """The first member opens `game`'s lobby, as a person would with /<game> start."""
    host = place.members[0]
    result = await host.slash(place.channel, f"{game} start")
    if result.ephemeral:  # refused, e.g. a match kept in --db already runs here
        place.notes.append(f"{host.name} tried /{game} start: {_text_of(result)}")
        return
    for _seat in range(ai):
        lobby = place.channel.last_message
        await host.click(lobby, custom_id=lobby_button(lobby, "ai"))


def lobby_button(message: Any, action: str) -> str:
    """The custom id of a lobby's `action` button ("join", "ai", "start"): found by what it
    does, since its label is worded in the server's language."""
    found = [
        custom_id
        for custom_id in _custom_ids(message.components)
        if custom_id.startswith("lobby:") and custom_id.endswith(f":{action}")
    ]
    if len(found) != 1:
        raise LookupError(f"the lobby has no single {action} button: {found}")
    return found[0]


def _custom_ids(components: Sequence[Any]) -> Iterator[str]:
    for component in components:
        custom_id = getattr(component, "custom_id", None)
        if custom_id:
            yield custom_id
        yield from _custom_ids(getattr(component, "children", ()))


async def _repost_tables(place: Playground) -> bool:
    """A match kept in the database from an earlier run: post its table again."""
    for record in await place.bot.storage.open_matches():
        if record.channel_id == place.channel.id:
            await place.members[0].slash(place.channel, f"{record.game} table")
            place.notes.append(f"Continued the {record.game} match kept in the database.")
            return True
    return False


def _text_of(result: Any) -> str:
    response = getattr(result, "response", None)
    return getattr(response, "content", None) or "refused"


async def serve_table_beside(bot: TabletopBot) -> None:
    """Serve the live table from the playground rather than from within the bot: SimCord
    counts whatever the bot starts as the bot's work and waits for it to settle after each
    click, and a page's socket waits for its page as long as it is open. Listening again
    from here (on the same port) makes the pages the outside world they are."""
    live: Any = bot.get_cog("LiveTable")
    if live is not None:
        await live.server.stop()
        await live.server.start()


def _draw_mentions_in_embeds() -> None:
    """Discord draws member mentions in embed descriptions and field values as names;
    SimCord 3.2's preview prints them raw (`<@123…>`). Ask it to draw them as Discord does."""
    from simcord.preview import _markdown

    for part in ("embed_description", "embed_field_value"):
        policy = getattr(_markdown, "_FIELD_POLICIES", {}).get(part)
        if policy is not None:
            policy["mentions"] = True


@contextlib.asynccontextmanager
async def playground(options: PlaygroundOptions) -> AsyncIterator[Playground]:
    """Run the bot against a simulated server with the page served; close everything after."""
    import simcord  # the play extra: only the playground and the tests need it

    check_options(options)
    _draw_mentions_in_embeds()
    if options.card_emojis:
        await asyncio.to_thread(draw_every_card)
    with tempfile.TemporaryDirectory(prefix="tabletop-playground-") as folder:
        bot = create_bot(_settings(options, Path(folder)))
        try:
            async with simcord.run(
                bot, settle_timeout=SETTLE_SECONDS, check_errors=options.raise_bot_errors
            ) as env:
                assert bot.user is not None  # SimCord has logged the bot in
                await bot.user.edit(username="Tabletop")
                # Fixed ids, so a match kept with --db finds its channel and players again.
                guild = env.create_guild(
                    "Playground",
                    id=1_000_000_000_000_001,
                    preferred_locale="en-US" if options.locale == "en" else options.locale,
                )
                channel = guild.create_text_channel("games", topic="Every game, no Discord.")
                await serve_table_beside(bot)
                # The preview shows one channel and can't open a thread, so the playground's
                # games are played in the channel (a thread per match is the bot's default).
                await TABLES_WHERE.write(bot.storage, guild.id, "channel")
                members = []
                for name, locale in MEMBERS[: options.members]:
                    member = guild.add_member(env.create_user(name, global_name=name.capitalize()))
                    client_locales(env).set(member, locale)
                    members.append(member)
                async with env.preview(
                    channel,
                    viewers=members,
                    layout="channel",
                    width=options.width,
                    height=options.height,
                    port=options.port,
                    assets=await _emoji_pictures(bot, env),
                ) as preview:
                    place = Playground(bot, env, guild, channel, members, preview)
                    continued = await _repost_tables(place)
                    if options.game is not None and not continued:
                        await _open_lobby(place, options.game, options.ai)
                    await preview.refresh()
                    yield place
        finally:
            live: Any = bot.get_cog("LiveTable")
            if live is not None:  # SimCord stops no cog: the table's server is stopped here
                await live.server.stop()
            await bot.shutdown_storage()


def parse_options(argv: Sequence[str] | None = None) -> tuple[PlaygroundOptions, bool]:
    parser = argparse.ArgumentParser(
        prog="scripts/play",
        description="Play every game in a browser: the real bot on a simulated Discord server.",
    )
    parser.add_argument("--game", choices=sorted(GAMES), help="open this game's lobby")
    parser.add_argument(
        "--members", type=int, default=3, help="members in the server (1-6, default 3)"
    )
    parser.add_argument("--ai", type=int, default=0, help="AI seats to add to the lobby")
    parser.add_argument(
        "--locale",
        choices=LANGUAGES,
        default="en",
        help="the server's language: tables, lobbies, results, pings (default en)",
    )
    parser.add_argument(
        "--db", type=Path, help="SQLite file that keeps games between runs (default: temporary)"
    )
    parser.add_argument("--seed", type=int, help="fix the deals (the same seed, the same cards)")
    parser.add_argument(
        "--ai-delay",
        type=float,
        default=PLAYGROUND_AI_DELAY,
        help=f"seconds between AI moves (default {PLAYGROUND_AI_DELAY:g})",
    )
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: any)")
    parser.add_argument(
        "--no-open", action="store_true", help="print the address, don't open a browser"
    )
    parser.add_argument(
        "--text-cards", action="store_true", help="cards as text, not pictures (no emojis)"
    )
    args = parser.parse_args(argv)
    options = PlaygroundOptions(
        game=args.game,
        members=args.members,
        ai=args.ai,
        locale=args.locale,
        database=args.db,
        seed=args.seed,
        port=args.port,
        ai_delay=args.ai_delay,
        raise_bot_errors=False,
        card_emojis=not args.text_cards,
    )
    try:
        check_options(options)
    except ValueError as error:
        parser.error(str(error))
    return options, not args.no_open


def _has_desktop() -> bool:
    return sys.platform in ("darwin", "win32") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    )


async def serve(options: PlaygroundOptions, open_browser: bool) -> None:
    started = time.perf_counter()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    async with playground(options) as place:
        names = ", ".join(m.name for m in place.members)
        print(f"Playground ready in {time.perf_counter() - started:.1f} s: #games with {names}.")
        for note in place.notes:
            print(note)
        print("Open this address (it is the only key to the page; keep it to yourself):")
        print(f"  {place.url}", flush=True)
        if place.table_url is not None:
            print(
                f"The live table is served beside it ({place.table_url}): once a game starts, "
                "press “Open in a browser” on its table, as any member, for their own page."
            )
        print(await place.next_step())
        print("Ctrl+C ends the playground.", flush=True)
        if open_browser and _has_desktop():
            with contextlib.suppress(webbrowser.Error):
                webbrowser.open(place.url)
        closed = asyncio.ensure_future(place.preview.wait_closed())
        stopping = asyncio.ensure_future(stop.wait())
        await asyncio.wait({closed, stopping}, return_when=asyncio.FIRST_COMPLETED)
        for task in (closed, stopping):
            task.cancel()
    if options.database is not None:
        print(f"Stopped. Games are kept in {options.database}.")
    else:
        print("Stopped.")


def main(argv: Sequence[str] | None = None) -> int:
    options, open_browser = parse_options(argv)
    quiet_start_up()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    asyncio.run(serve(options, open_browser))
    return 0
