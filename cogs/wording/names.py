"""Members' names shown as they typed them.

A display name is the member's own text, so Discord must not read it as markdown, a
mention, a heading or a link: `shown` escapes it for message text (discord.py's
`escape_markdown` and `escape_mentions`, and the `<` that opens a channel, emoji or
timestamp tag). Labels, placeholders and thread names are never read as markdown, so
`plain` only cuts them. Both cut an over-long name between whole characters (a flag or a
family emoji is one), and keep a right-to-left name from turning the sentence around it.
"""

from __future__ import annotations

import functools
import unicodedata

import regex
from discord.utils import escape_markdown, escape_mentions

LONGEST = 32  # characters a person sees (Discord's own limit for a display name)
ELLIPSIS = "…"
_GRAPHEME = regex.compile(r"\X")
_RIGHT_TO_LEFT = {"R", "AL"}
# First-strong isolate and its end: a name keeps its own direction inside any sentence.
_ISOLATE, _END_ISOLATE = "\u2068", "\u2069"


# A table names the same few members again and again: each name is worded once per way.
@functools.lru_cache(maxsize=4096)
def plain(name: str) -> str:
    """The name for a label or a thread's name: cut to `LONGEST` characters, isolated."""
    return _isolated(_cut(name))


@functools.lru_cache(maxsize=4096)
def shown(name: str) -> str:
    """The name for message text: cut, isolated, and escaped so it reads as typed."""
    escaped = escape_mentions(escape_markdown(_cut(name)))
    return _isolated(escaped.replace("<", "\\<"))


def _cut(name: str) -> str:
    characters = _GRAPHEME.findall(name.strip()) or ["?"]
    if len(characters) <= LONGEST:
        return "".join(characters)
    return "".join(characters[: LONGEST - 1]) + ELLIPSIS


def _isolated(name: str) -> str:
    """Wrap a name holding right-to-left letters in a bidi isolate, so "ann" and "bob"
    around it stay in their places; other names are left as they are."""
    if any(unicodedata.bidirectional(c) in _RIGHT_TO_LEFT for c in name):
        return f"{_ISOLATE}{name}{_END_ISOLATE}"
    return name
