"""Slash commands made from a game's lobby options (`/<game> start`, `/games house <game>`):
one parameter per option, each unset unless the member sets it, worded by the game's
`StartWords`, then the command's own parameters."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from inspect import Parameter, Signature
from typing import Any

import discord
from discord import app_commands

from cogs.wording.commands_i18n import StartWords
from engines.base import AnyGameInfo, Option


@dataclass(frozen=True)
class Extra:
    """A parameter a command built from a game's options has besides them (`pace`)."""

    name: str
    shown: app_commands.locale_str  # its name as members read it: slash("command", ...)
    annotation: Any
    description: app_commands.locale_str
    default: Any = None
    choices: list[app_commands.Choice[Any]] | None = None


def game_options_command(
    name: app_commands.locale_str,
    description: app_commands.locale_str,
    callback: Callable[..., Coroutine[Any, Any, None]],
    info: AnyGameInfo,
    words: StartWords,
    extras: Sequence[Extra],
) -> app_commands.Command[Any, ..., None]:
    """A command whose parameters are the lobby options of `info` (each unset by default: an
    int in its range, one of its choices, or a bool), worded by `words`, then `extras`;
    `callback(interaction, **chosen)` gets them by their names."""
    parameters = [Parameter("interaction", Parameter.POSITIONAL_OR_KEYWORD)]
    parameters[0] = parameters[0].replace(annotation=discord.Interaction)
    parameters += [
        Parameter(o.name, Parameter.KEYWORD_ONLY, default=None, annotation=_annotation(o))
        for o in info.options
    ]
    parameters += [
        Parameter(e.name, Parameter.KEYWORD_ONLY, default=e.default, annotation=e.annotation)
        for e in extras
    ]
    callback.__signature__ = Signature(parameters)  # type: ignore[attr-defined]
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=name, description=description, callback=callback
    )
    command = app_commands.guild_only()(command)
    renamed = {o.name: words.options[o.name][0] for o in info.options}
    renamed.update({e.name: e.shown for e in extras})
    command = app_commands.rename(**renamed)(command)
    described = {o.name: words.options[o.name][1] for o in info.options}
    described.update({e.name: e.description for e in extras})
    command = app_commands.describe(**described)(command)
    named: dict[str, list[app_commands.Choice[Any]]] = {
        o.name: [app_commands.Choice(name=words.choices[o.name][v], value=v) for v in o.choices]
        for o in info.options
        if o.choices
    }
    named.update({e.name: e.choices for e in extras if e.choices is not None})
    return app_commands.choices(**named)(command)


def _annotation(option: Option) -> Any:
    """The parameter type Discord checks the option against."""
    if isinstance(option.default, bool):
        return bool | None
    kind: Any = int  # an option with choices is checked against them instead of a range
    if not option.choices and (option.low is not None or option.high is not None):
        kind = app_commands.Range[int, option.low, option.high]
    return kind | None  # unset: as the house rules say, else the game's default
