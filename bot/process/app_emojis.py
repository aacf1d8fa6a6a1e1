"""The application's emojis made from pictures the Discord layer draws (the cards' faces),
kept in step with them at start.

At start the bot lists its application emojis and makes the missing ones: a picture whose
hash the database doesn't hold under its name (new, or redrawn) replaces the emoji of that
name; an emoji recorded but gone from Discord is made again. A restart with nothing redrawn
makes no call beyond the list. With several processes one syncs at a time (the database's
`exclusive`); the others wait, then find nothing left to make. The sync runs after login, in
the background, so the start doesn't wait for it; until it ends, and for good if Discord
refuses an emoji (the limit reached, no permission), tables show cards as text: no
pictures at all rather than some, with one log line saying why.

It names no game: it syncs whatever pictures it is given."""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import discord

from bot.storage import StorageError
from bot.storage.doors import StoredEmojis

log = logging.getLogger(__name__)

SYNC_LOCK = 0x7AB1E3E0  # the advisory lock's key: other locks of the bot use other keys


@dataclass(frozen=True, slots=True)
class Picture:
    """One emoji to have: its name and its PNG."""

    name: str
    png: bytes

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.png).hexdigest()[:32]


PictureSource = Callable[[], Sequence[Picture]]
"""Draws pictures (called off the event loop: drawing takes a moment)."""


class AppEmojis:
    """The emojis the tables may show, by name; empty (cards as text) until a sync ends
    well, and for good after one that didn't."""

    def __init__(self) -> None:
        self.sources: list[PictureSource] = []
        self._by_name: dict[str, discord.PartialEmoji] = {}
        self.calls = 0  # Discord calls the last sync made (a restart's: one, the list)

    def add_source(self, source: PictureSource) -> None:
        self.sources.append(source)

    def get(self, name: str) -> discord.PartialEmoji | None:
        return self._by_name.get(name)

    def __len__(self) -> int:
        return len(self._by_name)

    def pictures(self) -> list[Picture]:
        return [picture for source in self.sources for picture in source()]

    async def sync(self, client: discord.Client, storage: StoredEmojis) -> bool:
        """Make the emojis the pictures need; True when every one is there to show."""
        pictures = await asyncio.to_thread(self.pictures)
        if not pictures:
            return True
        self.calls = 0
        try:
            async with storage.exclusive(SYNC_LOCK):
                made = await self._sync(client, storage, pictures)
        except discord.HTTPException as error:
            log.warning(
                "cards are shown as text: Discord refused an application emoji (%s %s)",
                error.status,
                error.text or type(error).__name__,
            )
            return False
        except StorageError as error:
            log.warning("cards are shown as text: the emojis' records failed (%s)", error)
            return False
        self._by_name = made
        log.info("%d application emojis ready (%d Discord calls)", len(made), self.calls)
        return True

    async def _sync(
        self, client: discord.Client, storage: StoredEmojis, pictures: Sequence[Picture]
    ) -> dict[str, discord.PartialEmoji]:
        recorded = await storage.app_emojis()
        self.calls += 1
        listed = {emoji.name: emoji for emoji in await client.fetch_application_emojis()}
        made: dict[str, discord.PartialEmoji] = {}
        for picture in pictures:
            there = listed.get(picture.name)
            if there is not None and recorded.get(picture.name) == (picture.digest, there.id):
                made[picture.name] = _partial(there)
                continue
            if there is not None:  # another picture, or one this database never made
                self.calls += 1
                await there.delete()
            self.calls += 1
            emoji = await client.create_application_emoji(name=picture.name, image=picture.png)
            await storage.save_app_emoji(picture.name, picture.digest, emoji.id)
            made[picture.name] = _partial(emoji)
        wanted = {picture.name for picture in pictures}
        for name in set(recorded) - wanted:  # a picture no longer drawn
            gone = listed.get(name)
            if gone is not None and gone.id == recorded[name][1]:
                self.calls += 1
                await gone.delete()
            await storage.forget_app_emoji(name)
        return made


def _partial(emoji: discord.Emoji) -> discord.PartialEmoji:
    return discord.PartialEmoji(name=emoji.name, id=emoji.id, animated=emoji.animated)
