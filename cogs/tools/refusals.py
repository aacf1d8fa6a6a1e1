"""The one place a refusal or a failure becomes an answer: a handler that raises `Refusal`
anywhere has it worded for the member who asked, privately, and stops there; a request
that failed is told whether it happened, and the failure is logged for the host.

Slash commands and component handlers are wrapped in `@answers_refusals`; the table's
buttons go through `Clicks`, whose guard also answers a failure and defers a slow click,
and meets refusals through the same `refusal_answered`. A failure of a slash command
reaches the command tree's error hook (the Desk's `answer_failure`)."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from bot.core.failure_log import FailureLog
from bot.errors import Refusal
from bot.process.app import Interaction
from cogs.tools.match_choice import answer_choice
from cogs.tools.renderers import Renderers
from cogs.ui.components import refuse
from cogs.wording.replies import failure_answer

P = ParamSpec("P")


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
    await refuse(interaction, renderers.refusal(error))


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
    await refuse(interaction, failure_answer(error, move=move))
