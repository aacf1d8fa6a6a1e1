"""The one place a refusal or a failure becomes an answer: a handler that raises `Refusal`
anywhere has it worded for the member who asked, privately, and stops there; a request
that failed is told whether it happened, and the failure is logged for the host.

Slash commands and component handlers are wrapped in `@answers_refusals` (a component
callback without an owner in `refusal_answered`); the table's buttons go through `Clicks`,
whose guard also answers a failure and defers a slow click, and meets refusals through the
same `refusal_answered`. A slash command's refusing checks (`@moderator_only`, which fail
as `Refused`) are run first by the tree's interaction check (`checks_refused`, in the
Desk's `before_command`), since discord.py takes any failed check to its error hook, where
a bot's errors go. A refusal that reaches that hook all the same is answered there too
(`refusal_in`, the Desk's `answer_failure`) and not logged as a failure."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

import discord
from discord import app_commands

from bot.core.failure_log import FailureLog
from bot.errors import Refusal
from bot.process.app import Interaction
from cogs.tools.match_choice import answer_choice
from cogs.tools.renderers import Renderers
from cogs.ui.components import answer_privately
from cogs.wording.replies import failure_answer

P = ParamSpec("P")


class Refused(app_commands.CheckFailure):
    """A slash command's check that refused (`cogs.tools.checks`): discord.py lets a check
    fail only with its own error, which carries the refusal to the tree's error hook."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.kind)
        self.refusal = refusal


async def checks_refused(renderers: Renderers, interaction: Interaction) -> bool:
    """Run a slash command's refusing checks (`Refused`) ahead of discord.py, answering a
    refusal here, the one way; discord.py would take a failed check for an error of the
    bot. Whether one refused. Autocomplete asks nothing of them."""
    command = interaction.command
    if interaction.type != discord.InteractionType.application_command or command is None:
        return False
    try:
        for check in getattr(command, "checks", ()):
            if getattr(check, "refuses", False):
                check(interaction)
    except Refused as refused:
        await answer_refusal(renderers, interaction, refused.refusal)
        return True
    return False


def refusal_in(error: BaseException) -> Refusal | None:
    """The refusal a slash command's error carries, if it is one (not a failure)."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, Refused):
        return error.refusal
    return error if isinstance(error, Refusal) else None


class Room(Protocol):
    """A handler's owner: it knows the games, whose texts word their refusals."""

    renderers: Renderers


R = TypeVar("R", bound=Room)
Handler = Callable[Concatenate[R, Interaction, P], Coroutine[Any, Any, None]]


def answers_refusals(handler: Handler[R, P]) -> Handler[R, P]:
    """Run `handler`; a `Refusal` it raises is answered privately in one short line."""

    @functools.wraps(handler)
    async def run(room: R, interaction: Interaction, *args: P.args, **kwargs: P.kwargs) -> None:
        async with refusal_answered(room.renderers, interaction):
            await handler(room, interaction, *args, **kwargs)

    return run


@asynccontextmanager
async def refusal_answered(renderers: Renderers, interaction: Interaction) -> AsyncIterator[None]:
    """A `Refusal` raised inside is answered privately in one short line, and ends there."""
    try:
        yield
    except Refusal as error:
        await answer_refusal(renderers, interaction, error)


async def answer_refusal(renderers: Renderers, interaction: Interaction, error: Refusal) -> None:
    if error.kind == "several":  # not a refusal: which match is meant is asked instead
        await answer_choice(interaction, error, renderers.title)
        return
    await answer_privately(interaction, renderers.refusal(error))


async def answer_failure(
    interaction: Interaction,
    error: BaseException,
    failures: FailureLog,
    what: str,
    *,
    move: bool = False,
) -> None:
    """A request that failed: logged as `what` (an unusable database quietly, once per kind
    and interval), and answered in one private line saying whether it happened."""
    failures.report(error, what)
    await answer_privately(interaction, failure_answer(error, move=move))
