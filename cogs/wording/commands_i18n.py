"""Slash commands in each member's language, from the same gettext catalogs as the rest.

Command, group and option names are marked `slash("command", "join")`: their catalog
entries carry the context "command", apart from sentences that happen to read the same.
Descriptions and choices are marked `slash_text(...)`. discord.py asks the translator for
every Discord locale when the tree syncs; English is the source and needs no entry.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from cogs.wording import i18n

NAME_LIMIT = 32  # Discord's limit on a command, group or option name
TEXT_LIMIT = 100  # and on a description or a choice's name
NAMES = {Where.command_name, Where.group_name, Where.parameter_name}
NAME_MARKS = "-_'"  # besides letters and digits, what Discord allows in a name


def slash(context: str, name: str) -> app_commands.locale_str:
    """A command, group or option name, looked up under `context` ("command")."""
    return app_commands.locale_str(name, context=context)


def slash_text(text: str, **values: object) -> app_commands.locale_str:
    """A command's description or a choice's name. With `values`, `text` is a template: the
    English shows it filled in, and each translation is filled in with the same values."""
    if not values:
        return app_commands.locale_str(text)
    return app_commands.locale_str(text.format(**values), template=text, values=values)


def valid_name(text: str) -> str | None:
    """`text` as Discord accepts a name (lower case, no spaces, at most 32 letters, digits,
    "-", "_" or "'"), or None when it can't be one: then the English name is shown."""
    name = unicodedata.normalize("NFC", text.strip().lower().replace(" ", "-"))
    if not 1 <= len(name) <= NAME_LIMIT:
        return None
    if not all(char.isalnum() or char in NAME_MARKS for char in name):
        return None
    return name


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = i18n.supported(locale.value)
        if language is None or language == i18n.SOURCE:
            return None
        where = context.location
        msgctxt = string.extras.get("context")
        source = string.extras.get("template", string.message)
        if msgctxt is not None:
            text = i18n.pgettext(msgctxt, source, language)
        else:
            text = i18n.catalog(language).gettext(source)
        if text == source:
            return None  # not translated yet: Discord shows the English
        if "values" in string.extras:
            text = text.format(**string.extras["values"])
        if where in NAMES:
            return valid_name(text)
        return text[:TEXT_LIMIT]


@dataclass(frozen=True)
class StartWords:
    """How a game's `/<key> start` reads: its description, each lobby option's name and
    description as members see them, and names for the values of options that have
    choices. The options themselves (ranges, choices, defaults) come from the game's
    GameInfo, never copied here."""

    description: app_commands.locale_str
    options: Mapping[str, tuple[app_commands.locale_str, app_commands.locale_str]] = field(
        default_factory=dict
    )
    choices: Mapping[str, Mapping[int, app_commands.locale_str]] = field(default_factory=dict)
