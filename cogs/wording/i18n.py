"""The translation catalogs' loader, and the one place a text is looked up for its reader.

Each message is built for one reader: whoever builds it sets that reader's language with
`reading(language)` (or `set_reader` for the rest of an interaction's task), and every
`_()` / `ngettext()` inside looks the text up in that language's gettext catalog. A module
constant is marked with `lazy_gettext`, so it is looked up each time it is used, never at
import. Catalogs live in `locales/<language>/LC_MESSAGES/messages.mo`, compiled by
`scripts/i18n compile` from the `.po` files the translators edit.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from datetime import UTC, datetime, time
from decimal import Decimal
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_time
from babel.numbers import format_decimal, format_percent
from babel.support import LazyProxy, Translations

SOURCE = "en"  # the language the code is written in, and the fallback
DOMAIN = "messages"
LOCALES = Path(__file__).resolve().parents[2] / "locales"


def _compiled_languages() -> tuple[str, ...]:
    """Every language with a compiled catalog under locales/, English first: a new
    language is a new catalog, not code."""
    found = {path.parts[-3] for path in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return (SOURCE, *sorted(found - {SOURCE}))


LANGUAGES = _compiled_languages()

_reader: ContextVar[str] = ContextVar("reader_language", default=SOURCE)
_catalogs: dict[str, gettext.NullTranslations] = {}


class _Lookups(dict[str, Callable[[str], str]]):
    """Each language's gettext, found once: a table render looks up dozens of texts."""

    def __missing__(self, language: str) -> Callable[[str], str]:
        found = self[language] = catalog(language).gettext
        return found


_gettext = _Lookups()


def catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of `language`, loaded once; English reads its own catalog too,
    so its plural forms and any rewording come from there."""
    found = _catalogs.get(language)
    if found is None:
        found = Translations.load(str(LOCALES), [language], DOMAIN)
        _catalogs[language] = found
        _gettext.pop(language, None)
    return found


def install(language: str, translations: gettext.NullTranslations) -> None:
    """Use `translations` for `language` (a catalog compiled elsewhere, such as a test's
    pseudo-locale); `forget` drops it again."""
    _catalogs[language] = translations
    _gettext.pop(language, None)


def forget(language: str) -> None:
    _catalogs.pop(language, None)
    _gettext.pop(language, None)


def own_name(language: str) -> str:
    """A language's name in itself ("Tiếng Việt"), from Babel's locale data."""
    try:
        name = Locale.parse(language).get_display_name(language)
    except (UnknownLocaleError, ValueError):
        return language
    return name[:1].upper() + name[1:] if name else language


def supported(tag: str | None) -> str | None:
    """Our language for a Discord locale tag ("en-US", "vi", "id"), or None."""
    if not tag:
        return None
    base = str(tag).replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES or base in _catalogs else None


def reader() -> str:
    """The language of the message being built."""
    return _reader.get()


@contextlib.contextmanager
def reading(language: str) -> Iterator[None]:
    """Build one message for a reader of `language`."""
    token = _reader.set(language)
    try:
        yield
    finally:
        _reader.reset(token)


def set_reader(language: str) -> None:
    """Set the reader for the rest of the current task (one interaction's handling)."""
    _reader.set(language)


def _(message: str) -> str:
    """`message` in the reader's language."""
    return _gettext[_reader.get()](message)


def ngettext(singular: str, plural: str, number: int) -> str:
    """The form of a counted text that fits `number` in the reader's language."""
    return catalog(_reader.get()).ngettext(singular, plural, number)


def pgettext(context: str, message: str, language: str | None = None) -> str:
    """`message` in its `context` (a command's name, say), in `language` or the reader's."""
    return catalog(language or _reader.get()).pgettext(context, message)


def lazy_gettext(message: str) -> LazyProxy:
    """A text marked at import and looked up at each use, for whoever reads it then."""
    return LazyProxy(_, message, enable_cache=False)


_number_locales: dict[str, Locale] = {}


def _number_locale(language: str) -> Locale:
    """Babel's locale data for `language`; a language Babel doesn't know (a test's pseudo
    language) writes numbers as English does."""
    found = _number_locales.get(language)
    if found is None:
        try:
            found = Locale.parse(language)
        except (UnknownLocaleError, ValueError):
            found = Locale.parse(SOURCE)
        _number_locales[language] = found
    return found


@functools.lru_cache(maxsize=8192)
def _number(value: float, language: str) -> str:
    return format_decimal(value, locale=_number_locale(language))


def number(value: float) -> str:
    """A number written the reader's way ("1,000" in English, "1.000" in Vietnamese).
    Tables show the same few numbers again and again, so each is formatted once."""
    return _number(value, _reader.get())


def percent(value: float, *, tenths: bool = False) -> str:
    """A share as a percentage, written the reader's way ("40%", "40 %"); with `tenths`, to
    a tenth of a percent where there is one ("84.3%", "84,3%", "100%")."""
    if tenths:
        share = Decimal(str(round(value * 100, 1))) / 100
        locale = _number_locale(_reader.get())
        return format_percent(share, locale=locale, decimal_quantization=False)
    return format_percent(value, locale=_number_locale(_reader.get()))


def day(timestamp: float) -> str:
    """A day written the reader's way ("Dec 1, 2026", "1 thg 12, 2026"), in UTC, for where
    Discord's own timestamps are not shown (a select's option)."""
    when = datetime.fromtimestamp(timestamp, UTC)
    return format_date(when, format="medium", locale=_number_locale(_reader.get()))


def time_of_day(at: time) -> str:
    """A time of day written the reader's way ("10:00 PM", "22:00", "22.00")."""
    return format_time(at, format="short", locale=_number_locale(_reader.get()))
