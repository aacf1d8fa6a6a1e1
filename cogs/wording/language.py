"""Who reads what, in which language.

The public table, lobby, results and pings are read by the whole server: they are in the
server's language, as its moderators chose with `/games language`, else the server's own
preferred locale when it is one of ours, else English. A private answer is read by one
member: it is in the language they chose with `/games mylanguage`, else their Discord
client's, else the server's. Choices are stored, and kept here once read; while the
database can't be read, a member's private answer is in their client's language.

This module owns both settings (SERVER_LANGUAGE, MEMBER_LANGUAGE: None, not chosen).
"""

from __future__ import annotations

import discord

from bot.core.failure_log import FailureLog
from bot.process.app import Interaction
from bot.storage import StorageError
from bot.storage.doors import MEMBER, SERVER, ScopedSettings
from bot.storage.setting import Setting, is_text
from cogs.wording import i18n

SERVER_LANGUAGE: Setting[str | None] = Setting(SERVER, "language", None, __name__, accepts=is_text)
MEMBER_LANGUAGE: Setting[str | None] = Setting(MEMBER, "language", None, __name__, accepts=is_text)


class Languages:
    def __init__(self, bot: discord.Client, scoped: ScopedSettings, failures: FailureLog) -> None:
        self.bot = bot
        self.scoped = scoped
        self.failures = failures
        self._servers: dict[int, str | None] = {}  # guild -> chosen language, as last read
        self._members: dict[int, str | None] = {}  # member -> chosen language, as last read
        self._clients: dict[int, str] = {}  # member -> their Discord client's, as last seen

    async def server(self, guild_id: int | None) -> str:
        """The language of what the server's channel shows everyone."""
        if guild_id is None:
            return i18n.SOURCE
        return self.server_as_chosen(guild_id, await self.chosen(guild_id))

    async def chosen(self, guild_id: int) -> str | None:
        """The language the server's moderators chose (None: none), read once."""
        if guild_id not in self._servers:
            self._servers[guild_id] = await SERVER_LANGUAGE.read(self.scoped, guild_id)
        return self._servers[guild_id]

    def server_as_chosen(self, guild_id: int, chosen: str | None) -> str:
        """The server's language, given the one its moderators chose (None: none): that
        one, else the server's own preferred locale when it is one of ours, else English."""
        if chosen is not None:
            return chosen
        guild = self.bot.get_guild(guild_id)
        preferred = i18n.supported(str(guild.preferred_locale)) if guild is not None else None
        return preferred or i18n.SOURCE

    async def hear(self, interaction: Interaction) -> bool:
        """The start of every interaction: what is said to this member privately from here
        on is in their language (a public build sets the server's around itself)."""
        i18n.set_reader(await self.member(interaction))
        return True

    async def member(self, interaction: Interaction) -> str:
        """The language of what only the member who interacted reads."""
        user_id = interaction.user.id
        client = i18n.supported(str(interaction.locale))
        if client is not None:
            self._clients[user_id] = client
        if user_id not in self._members:
            try:
                self._members[user_id] = await MEMBER_LANGUAGE.read(self.scoped, user_id)
            except StorageError as error:  # the answer (likely that it failed) still goes out
                self.failures.report(error, f"reading the language of user {user_id} failed")
                return client or i18n.SOURCE
        chosen = self._members[user_id]
        if chosen is not None:
            return chosen
        return client or await self.server(interaction.guild_id)

    async def of_member(self, user_id: int, guild_id: int | None) -> str:
        """The language of what the bot sends a member unasked (a DM): the one they chose,
        else their client's as last seen, else the server's."""
        if user_id not in self._members:
            try:
                self._members[user_id] = await MEMBER_LANGUAGE.read(self.scoped, user_id)
            except StorageError as error:
                self.failures.report(error, f"reading the language of user {user_id} failed")
                return self._clients.get(user_id) or await self.server(guild_id)
        chosen = self._members[user_id] or self._clients.get(user_id)
        return chosen or await self.server(guild_id)

    async def choose_for_server(self, guild_id: int, language: str | None) -> None:
        await SERVER_LANGUAGE.write(self.scoped, guild_id, language)
        self._servers[guild_id] = language

    async def choose_for_member(self, user_id: int, language: str | None) -> None:
        await MEMBER_LANGUAGE.write(self.scoped, user_id, language)
        self._members[user_id] = language
