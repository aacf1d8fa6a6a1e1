"""The bot's command tree: discord.py's, plus the application's Entry Point.

An Activity opens from its application's Entry Point command (command type 4,
PRIMARY_ENTRY_POINT), which discord.py 2.7 doesn't model, so it is sent as Discord's own
JSON. An application has at most one, always global, and Discord refuses a bulk update of
the global commands that would remove it. So a global sync sends the Entry Point with the
other commands when the Discord layer gives one; when it gives none and Discord refuses the
update, the Entry Point Discord already has (the Developer Portal makes one when Activities
are turned on) is kept by sending it back unchanged. A sync to one server (DEV_GUILD_ID)
leaves global commands alone; the given Entry Point is then put in place by itself.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.abc import Snowflake
from discord.http import Route

log = logging.getLogger(__name__)

ENTRY_POINT = 4  # the command type PRIMARY_ENTRY_POINT
INVALID_FORM_BODY = 50035  # Discord's code for a command it can't take
# What an existing command's JSON holds that a bulk update may send back.
KEPT_FIELDS = (
    "name",
    "name_localizations",
    "description",
    "description_localizations",
    "type",
    "handler",
    "integration_types",
    "contexts",
    "default_member_permissions",
    "nsfw",
)

# The Entry Point's JSON, worded with the tree's translator (None when it has none).
EntryPoint = Callable[[app_commands.Translator | None], Awaitable[dict[str, Any]]]


class CommandTree(app_commands.CommandTree[Any]):
    def __init__(self, client: discord.Client, **options: Any) -> None:
        super().__init__(client, **options)
        # Set by the Discord layer when the table opens inside Discord (cogs/live/).
        self.entry_point: EntryPoint | None = None

    async def sync(self, *, guild: Snowflake | None = None) -> list[app_commands.AppCommand]:
        if guild is not None:
            synced = await super().sync(guild=guild)
            if self.entry_point is not None:
                await self.put_entry_point(await self.entry_point(self.translator))
            return synced
        if self.client.application_id is None:
            raise app_commands.MissingApplicationID
        payload = [await self._payload_of(command) for command in self.get_commands()]
        if self.entry_point is not None:
            payload.append(await self.entry_point(self.translator))
        http = self.client.http
        try:
            try:
                data = await http.bulk_upsert_global_commands(self.client.application_id, payload)
            except discord.HTTPException as refused:
                kept = await self._kept_entry_point(refused, payload)
                data = await http.bulk_upsert_global_commands(
                    self.client.application_id, [*payload, kept]
                )
        except discord.HTTPException as error:
            if error.status == 400 and error.code == INVALID_FORM_BODY:  # as discord.py's sync
                raise app_commands.CommandSyncFailure(error, self.get_commands()) from None
            raise
        return [app_commands.AppCommand(data=d, state=self._state) for d in data]

    async def _payload_of(self, command: Any) -> dict[str, Any]:
        """A command's JSON as discord.py's own sync sends it."""
        if self.translator is not None:
            payload: dict[str, Any] = await command.get_translated_payload(self, self.translator)
            return payload
        return dict(command.to_dict(self))

    async def _kept_entry_point(
        self, refused: discord.HTTPException, payload: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """The Entry Point Discord has, to send back, when it refused an update without one;
        any other refusal is raised as it came."""
        if refused.status != 400 or any(c.get("type") == ENTRY_POINT for c in payload):
            raise refused
        assert self.client.application_id is not None
        existing = await self.client.http.get_global_commands(self.client.application_id)
        entry = next((c for c in existing if c.get("type") == ENTRY_POINT), None)
        if entry is None:
            raise refused
        log.info("kept the application's Entry Point command %r in the sync", entry.get("name"))
        return {key: entry[key] for key in KEPT_FIELDS if key in entry}

    async def put_entry_point(self, entry: dict[str, Any]) -> None:
        """Make `entry` the application's Entry Point: the one Discord has is edited into
        it (an application has one at most), or it is created."""
        application_id = self.client.application_id
        if application_id is None:
            raise app_commands.MissingApplicationID
        http = self.client.http
        existing = await http.get_global_commands(application_id)
        current = next((c for c in existing if c.get("type") == ENTRY_POINT), None)
        if current is None:
            await http.upsert_global_command(application_id, entry)
            return
        changes = {key: value for key, value in entry.items() if key != "type"}
        route = Route(
            "PATCH",
            "/applications/{application_id}/commands/{command_id}",
            application_id=application_id,
            command_id=current["id"],
        )
        await http.request(route, json=changes)
