"""What SimCord 3.2 does not simulate of an Activity, stood in for at the HTTP boundary.

SimCord models no Activity: no Entry Point command (command type 4; its bulk update
refuses the `handler` field), no create or edit of one global command, and no
LAUNCH_ACTIVITY answer (interaction callback type 12, which it answers 400). So the tests
wrap the same two transports the delay harness wraps (SimCord's HTTP client and webhook
adapter): every request is recorded as the bot sent it, those three are answered here as
Discord answers them, and everything else goes on to SimCord unchanged.

The OAuth2 side (the code exchanged for a token, and whose token it is) is not the bot's
Discord connection at all: `OAuthStandIn` is a small HTTP server the bot's `discord_api`
points at, with the codes and tokens a test gives it.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from simcord.backend.errors import BackendError
from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter, _raise_for

GLOBAL_COMMANDS = "/applications/{application_id}/commands"
ONE_GLOBAL_COMMAND = "/applications/{application_id}/commands/{command_id}"
CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
ENTRY_POINT = 4
LAUNCH_ACTIVITY = 12


@dataclass
class Sent:
    """One request the bot sent Discord: its method, route template, concrete path, JSON."""

    method: str
    route: str
    path: str
    json: Any


@dataclass
class DiscordBoundary:
    """The requests the bot sent, and the Entry Point Discord holds (None: none yet)."""

    sent: list[Sent] = field(default_factory=list)
    entry_point: dict[str, Any] | None = None
    # Discord's answer to LAUNCH_ACTIVITY where the application has no Activity turned on.
    launch_refused: bool = False
    _ids: int = 9_000_000

    def of(self, method: str, route: str) -> list[Sent]:
        return [s for s in self.sent if (s.method, s.route) == (method, route)]

    def _registered(self, entry: dict[str, Any], application_id: str) -> dict[str, Any]:
        self._ids += 1
        kept = self.entry_point["id"] if self.entry_point else str(self._ids)
        self.entry_point = {**entry, "id": kept, "application_id": application_id, "version": "1"}
        return self.entry_point

    def answer(self, sent: Sent, route: Any) -> tuple[bool, Any]:
        """(True, Discord's answer) for what SimCord doesn't model; otherwise (False, what
        this adds to SimCord's answer)."""
        found = re.search(r"/applications/(\d+)", route.url)
        application_id = found.group(1) if found else ""
        key = (sent.method, sent.route)
        if key == ("PUT", GLOBAL_COMMANDS):
            entries = [c for c in sent.json if c.get("type") == ENTRY_POINT]
            if self.entry_point is not None and not entries:
                # Discord keeps an application's Entry Point out of reach of bulk updates.
                _raise_for(BackendError(400, 50240, "You cannot remove this app's Entry Point"))
            return False, [self._registered(e, application_id) for e in entries]
        if key == ("GET", GLOBAL_COMMANDS):
            return False, [self.entry_point] if self.entry_point else []
        if key == ("POST", GLOBAL_COMMANDS) and sent.json.get("type") == ENTRY_POINT:
            return True, self._registered(sent.json, application_id)
        if key == ("PATCH", ONE_GLOBAL_COMMAND) and self.entry_point is not None:
            return True, self._registered({**self.entry_point, **sent.json}, application_id)
        if key == ("POST", CALLBACK) and (sent.json or {}).get("type") == LAUNCH_ACTIVITY:
            if self.launch_refused:
                _raise_for(BackendError(400, 50035, "Invalid Form Body"))
            interaction_id = str(route.webhook_id)
            instance = {"id": f"i-{interaction_id}"}
            return True, {
                "interaction": {
                    "id": interaction_id,
                    "type": 3,
                    "activity_instance_id": instance["id"],
                },
                "resource": {"type": LAUNCH_ACTIVITY, "activity_instance": instance},
            }
        return False, None


@contextlib.contextmanager
def discord_boundary() -> Iterator[DiscordBoundary]:
    """Record every request to SimCord, answering what it doesn't simulate (see above)."""
    boundary = DiscordBoundary()
    real_http, real_hook = FakeHTTPClient.request, FakeWebhookAdapter.request

    async def through(real: Any, client: Any, route: Any, args: tuple[Any, ...], kw: Any) -> Any:
        body = kw.get("json", kw.get("payload"))
        sent = Sent(route.method, route.path, route.url, body)
        boundary.sent.append(sent)
        answered, answer = boundary.answer(sent, route)
        if answered:
            return answer
        if (sent.method, sent.route) == ("PUT", GLOBAL_COMMANDS):  # SimCord takes the others
            kw["json"] = [c for c in sent.json if c.get("type") != ENTRY_POINT]
        result = await real(client, route, *args, **kw)
        if (sent.method, sent.route) in (("PUT", GLOBAL_COMMANDS), ("GET", GLOBAL_COMMANDS)):
            result = [*result, *answer]  # SimCord's commands, and the Entry Point
        return result

    async def http_request(self: Any, route: Any, *args: Any, **kw: Any) -> Any:
        return await through(real_http, self, route, args, kw)

    async def hook_request(self: Any, route: Any, *args: Any, **kw: Any) -> Any:
        return await through(real_hook, self, route, args, kw)

    FakeHTTPClient.request = http_request  # type: ignore[method-assign]
    FakeWebhookAdapter.request = hook_request  # type: ignore[method-assign]
    try:
        yield boundary
    finally:
        FakeHTTPClient.request = real_http  # type: ignore[method-assign]
        FakeWebhookAdapter.request = real_hook  # type: ignore[method-assign]


@dataclass
class OAuthStandIn:
    """Discord's OAuth2 token exchange and /users/@me, for the codes and tokens given."""

    client_id: str = ""
    client_secret: str = ""
    codes: dict[str, str] = field(default_factory=dict)  # code -> access token
    owners: dict[str, dict[str, Any]] = field(default_factory=dict)  # token -> user
    asked: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    url: str = ""

    async def token(self, request: web.Request) -> web.Response:
        form = {k: str(v) for k, v in (await request.post()).items()}
        self.asked.append(("token", form))
        known = (form.get("client_id"), form.get("client_secret")) == (
            self.client_id,
            self.client_secret,
        )
        token = self.codes.get(form.get("code", ""))
        if not known:
            return web.json_response({"error": "invalid_client"}, status=401)
        if form.get("grant_type") != "authorization_code" or token is None:
            return web.json_response({"error": "invalid_grant"}, status=400)
        granted = {"access_token": token, "token_type": "Bearer", "scope": "identify"}
        return web.json_response({**granted, "expires_in": 604800})

    async def me(self, request: web.Request) -> web.Response:
        bearer = request.headers.get("Authorization", "").removeprefix("Bearer ")
        self.asked.append(("me", {"token": bearer}))
        owner = self.owners.get(bearer)
        if owner is None:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response(owner)

    def asked_for(self, what: str) -> list[dict[str, str]]:
        return [fields for name, fields in self.asked if name == what]


@contextlib.asynccontextmanager
async def oauth_stand_in() -> Any:
    stand_in = OAuthStandIn()
    app = web.Application()
    app.router.add_post("/api/v10/oauth2/token", stand_in.token)
    app.router.add_get("/api/v10/users/@me", stand_in.me)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    stand_in.url = f"http://127.0.0.1:{port}/api/v10"
    try:
        yield stand_in
    finally:
        await runner.cleanup()
