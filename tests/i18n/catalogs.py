"""Reading the catalogs for the checks: the template, each language's .po, the terms a
translation may keep, and the pseudo-language made from the template at test time."""

from __future__ import annotations

import io
import math
import re
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from cogs.wording.i18n import DOMAIN, LANGUAGES, LOCALES

TEMPLATE = LOCALES / "messages.pot"
KEPT = LOCALES / "kept-as-is.txt"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# Discord markup a translation keeps as it is: mentions, channels, timestamps, with their
# placeholders ("<@{user}>", "<t:{at}:R>").
# Discord markup (mentions, command mentions, timestamps), and a command written out by its
# pseudo-translated name ("/xgames xreset"): the reader's own name for it, not English.
MARKUP = re.compile(r"<[^<>]*>|(?<![\w/])/x[\w'-]+(?: x[\w'-]+)*")
UNTOUCHED = re.compile(r"(\{[^{}]*\}|<[^<>]*>)")


def po_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language)


def template() -> Catalog:
    return read(TEMPLATE)


def catalog(language: str) -> Catalog:
    return read(po_path(language), language)


def kept_terms() -> list[str]:
    lines = KEPT.read_text(encoding="utf-8").splitlines()
    return sorted((line for line in lines if line and not line.startswith("#")), key=len)[::-1]


def forms(message: Message) -> list[str]:
    """The English texts of a message: one, or singular and plural."""
    return list(message.id) if isinstance(message.id, tuple | list) else [message.id]


def translations(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string]


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def words_left(text: str, kept: Iterable[str]) -> str:
    """The letters of `text` that a translator would translate: placeholders, markup and
    the kept terms taken out."""
    rest = UNTOUCHED.sub(" ", text)
    for term in kept:
        rest = rest.replace(term, " ")
    return "".join(re.findall(r"[A-Za-z]+", rest))


# -- the pseudo-language ---------------------------------------------------------------------

LOWER = "áƀçđéƒğĥíĵķĺɱñóþʠŕšţúṽŵẋýž"
UPPER = "ÁƁÇĐÉƑĞĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ"
ACCENTED = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", LOWER + UPPER)
PSEUDO = "pseudo"


def pseudo(text: str, tag: str = "") -> str:
    """`text` with every letter accented and 40 % longer, placeholders and markup kept:
    no English letter survives, and layouts meet longer languages. `tag` marks whose
    catalog a text came from ("⟦vi:…⟧")."""
    parts = UNTOUCHED.split(text)
    shown = "".join(
        part if UNTOUCHED.fullmatch(part) else part.translate(ACCENTED) for part in parts
    )
    mark = f"⟦{tag}:" if tag else "⟦"
    return mark + shown + "·" * math.ceil(len(text) * 0.4) + "⟧"


def pseudo_name(name: str, tag: str) -> str:
    """A command's name in a tagged pseudo-language, still a name Discord accepts."""
    return f"{tag or 'x'}{name}"[:32]


def pseudo_translations(tag: str = "") -> Translations:
    """Every message of the template, pseudo-translated, compiled in memory."""
    made = Catalog(locale="en", domain=DOMAIN)
    for message in template():
        if not message.id:
            continue
        texts = forms(message)
        if message.context == "command":
            string: str | tuple[str, ...] = pseudo_name(texts[0], tag)
        elif len(texts) > 1:
            string = tuple(pseudo(t, tag) for t in texts)
        else:
            string = pseudo(texts[0], tag)
        made.add(message.id, string, context=message.context)
    buffer = io.BytesIO()
    write_mo(buffer, made)
    buffer.seek(0)
    return Translations(fp=buffer, domain=DOMAIN)


def english_letters(text: str, allowed: Iterable[str]) -> list[str]:
    """The English words left in a text built in the pseudo-language: any run of plain
    letters once names, data and Discord markup are taken out."""
    rest = MARKUP.sub(" ", text)
    for word in sorted(allowed, key=len, reverse=True):
        rest = rest.replace(word, " ")
    rest = re.sub(r"\b[A-J](10|[1-9])?\b", " ", rest)  # Sequence Numbers' cells and rows
    return re.findall(r"[A-Za-z]+", rest)


def english_fragments() -> set[str]:
    """Pieces of the English source texts long enough to tell English showing through in a
    translated message: text between placeholders, without the terms kept as they are."""
    kept = kept_terms()
    found: set[str] = set()
    for message in template():
        if not message.id or message.context:
            continue
        for text in forms(message):
            for piece in UNTOUCHED.split(text):
                if UNTOUCHED.fullmatch(piece):
                    continue
                piece = piece.strip(" .,:;!?()—–-*`\n")
                if len(words_left(piece, kept)) >= 8 and " " in piece:
                    found.add(piece)
    return found


LANGUAGES_TRANSLATED = tuple(language for language in LANGUAGES if language != "en")
