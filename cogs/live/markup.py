"""The Discord markdown the tables are written in, as HTML for the live table.

The tables use a small part of Discord's markdown: headings (`#`, `##`, `###`), small print
(`-#`), list items (`- `), quotes (`> `), **bold**, *italics* (or _italics_), __underline__,
~~strikethrough~~, `code`, Discord's timestamps (`<t:…:R>`), command and channel mentions,
backslash escapes (names are escaped as typed), and the cards' marks
(cogs.ui.components.cards_as_marks). Every piece of text is HTML-escaped here, once, as it is
written out: nothing a member typed ever reaches the page as markup.
"""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime

from babel import UnknownLocaleError
from babel.dates import format_datetime

from cogs.ui.components import CARD_CLOSE, CARD_OPEN, CARD_SPLIT
from cogs.wording import i18n

_TOKEN = re.compile(
    r"(?P<escape>\\[^\sA-Za-z0-9])"
    rf"|(?P<card>{CARD_OPEN}[^{CARD_CLOSE}]*{CARD_CLOSE})"
    r"|(?P<time><t:(?P<at>-?\d{1,12})(?::(?P<style>[tTdDfFR]))?>)"
    r"|(?P<command></(?P<name>[^:>]{1,64}):\d+>)"
    r"|(?P<mention><(?:@[!&]?|#)\d+>)"
    r"|(?P<code>`[^`\n]+`)"
    r"|(?P<mark>\*\*|__|~~|\*|_)"
)
_TAGS = {"**": "strong", "__": "u", "~~": "s", "*": "em", "_": "em"}
_LIST_ITEM = re.compile(r"^\s*[-*] (?=\S)")
_TIME_STYLES = {"t": "short", "T": "medium", "d": "short", "D": "long", "f": "medium", "F": "full"}
_TIME_STYLES["R"] = "short"


def card_src(face: str) -> str:
    """A card's picture, relative to the page (/table/m/… and /table/w/… alike)."""
    return f"../card/{face}.png"


def plain(text: str) -> str:
    """The text a markdown line reads as, without its marks (an alt text, a short line)."""
    text = re.sub(rf"{CARD_OPEN}[^{CARD_SPLIT}]*{CARD_SPLIT}.{CARD_SPLIT}", "", text)
    text = text.replace(CARD_CLOSE, "")
    text = re.sub(r"</([^:>]{1,64}):\d+>", r"/\1", text)
    text = re.sub(r"^(#{1,3}|-#|>) ", "", text, flags=re.M)
    text = re.sub(r"(\*\*|__|~~|`)", "", text)
    text = re.sub(r"(?<![\\\w])[*_](?=\S)|(?<=\S)[*_](?!\w)", "", text)
    return re.sub(r"\\([^\sA-Za-z0-9])", r"\1", text)


def to_html(markdown: str) -> str:
    """A text of a table (one part, one field) as HTML: a block per line, list items
    gathered in one list."""
    out: list[str] = []
    items: list[str] = []
    for line in markdown.split("\n"):
        if _LIST_ITEM.match(line):
            items.append(f"<li>{inline(_LIST_ITEM.sub('', line, count=1))}</li>")
            continue
        if items:
            out.append("<ul>" + "".join(items) + "</ul>")
            items = []
        out.append(_block(line))
    if items:
        out.append("<ul>" + "".join(items) + "</ul>")
    return "".join(out)


def _block(line: str) -> str:
    for mark, tag in (("### ", "h5"), ("## ", "h4"), ("# ", "h3")):
        if line.startswith(mark):
            return f"<{tag}>{inline(line[len(mark) :])}</{tag}>"
    if line.startswith("-# "):
        return f'<p class="small">{inline(line[3:])}</p>'
    if line.startswith("> "):
        return f"<blockquote>{inline(line[2:])}</blockquote>"
    if not line.strip():
        return '<p class="gap"></p>'
    return f"<p>{inline(line)}</p>"


def inline(text: str) -> str:
    """One line's inline markdown as HTML."""
    tokens: list[tuple[str, str]] = []  # (kind, html or the mark)
    at = 0
    for found in _TOKEN.finditer(text):
        if found.start() > at:
            tokens.append(("text", html.escape(text[at : found.start()])))
        tokens.append(_token(found))
        at = found.end()
    if at < len(text):
        tokens.append(("text", html.escape(text[at:])))
    return _paired(tokens)


def _token(found: re.Match[str]) -> tuple[str, str]:
    kind = found.lastgroup or ""
    whole = found.group(0)
    if found.group("escape"):
        return "text", html.escape(whole[1:])
    if found.group("card"):
        return "text", _card(whole[1:-1])
    if found.group("time"):
        return "text", _time(int(found.group("at")), found.group("style") or "f")
    if found.group("command"):
        return "text", f"<code>/{html.escape(found.group('name'))}</code>"
    if found.group("mention"):
        return "text", "#" if whole.startswith("<#") else "@"
    if found.group("code"):
        return "text", f"<code>{html.escape(whole[1:-1])}</code>"
    return "mark", found.group(kind)


def _paired(tokens: list[tuple[str, str]]) -> str:
    """Marks that close a span wrap it; a mark left alone reads as itself."""
    out: list[str] = []
    index = 0
    while index < len(tokens):
        kind, value = tokens[index]
        if kind == "mark":
            closing = next(
                (j for j in range(index + 1, len(tokens)) if tokens[j] == ("mark", value)), None
            )
            if closing is not None and closing > index + 1:
                tag = _TAGS[value]
                out.append(f"<{tag}>{_paired(tokens[index + 1 : closing])}</{tag}>")
                index = closing + 1
                continue
            out.append(html.escape(value))
        else:
            out.append(value)
        index += 1
    return "".join(out)


def _card(mark: str) -> str:
    face, words, text = [*mark.split(CARD_SPLIT, 2), "", ""][:3]
    alt = plain(text)
    picture = (
        f'<img class="card" src="{html.escape(card_src(face))}" alt="{html.escape(alt)}" '
        f'title="{html.escape(alt)}">'
    )
    if words == "1":
        return f'{picture}<span class="card-words">{inline(text)}</span>'
    return picture


def _time(at: int, style: str) -> str:
    """A Discord timestamp, written in the reader's language (a relative one as the moment
    itself: the page's script writes it as "in 40 seconds" and keeps it current)."""
    when = datetime.fromtimestamp(at, UTC)
    try:
        shown = format_datetime(when, _TIME_STYLES.get(style, "short"), locale=i18n.reader())
    except (ValueError, LookupError, UnknownLocaleError):  # a language Babel doesn't know
        shown = when.strftime("%Y-%m-%d %H:%M")
    return (
        f'<time class="ts" datetime="{when.isoformat()}" data-t="{at}" data-s="{style}">'
        f"{html.escape(shown)}</time>"
    )
