"""The one place a refusal or a failure becomes an answer: a handler that raises `Refusal`
anywhere has it worded for the member who asked, privately, and stops there; a request
that failed is told whether it happened, and the failure is logged for the host.

A slash command just raises: the command tree's error hook answers it (the Desk's
`answer_failure`). A component handler is wrapped in `@answers_refusals`; the table's
buttons go through `Clicks`, whose guard also defers a slow click, and answer the same way."""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from bot.errors import Refusal
from bot.process.app import Interaction
from bot.process.failure_log import FailureLog
from cogs.desk.match_choice import answer_choice
from cogs.desk.renderers import Renderers
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
        try:
            await handler(room, interaction, *args, **kwargs)
        except Refusal as error:
            await answer_refusal(room.renderers, interaction, error)

    return run


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
