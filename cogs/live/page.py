"""The live table's page: a small HTML shell in the viewer's language, which the page's
script (static/table.js) fills from the WebSocket's frames. Every address in it is relative,
so the page works under any path prefix (the Activity serves it under /.proxy/)."""

from __future__ import annotations

import html
import json

from cogs.wording.i18n import _, reading

STATIC_VERSION = "4"  # bumped when table.js or table.css change, so browsers load them anew


def chrome_texts() -> dict[str, str]:
    """The page's own words, for its script, in the language being read."""
    return {
        "connecting": _("Connecting…"),
        "live": _("Live: the table follows the match as it is played."),
        "reconnecting": _("Connection lost. Reconnecting…"),
        "ended": _("This match has ended: the table shows how it finished."),
        "clock": _("Time left for this turn: {time}"),
        "play": _("Play"),
        "nothing": _("Nothing for you to do right now."),
    }


def shell(language: str, token: str, watching: bool) -> str:
    """The page for one link: its texts in `language`, its socket named by `token`."""
    with reading(language):
        title = _("Live table")
        heading_moves = _("Your moves")
        heading_hand = _("Your hand")
        heading_happened = _("What just happened")
        texts = json.dumps(chrome_texts(), ensure_ascii=False).replace("</", "<\\/")
        connecting = _("Connecting…")
    hand = (
        ""
        if watching
        else f"""<section id="hand-box" aria-labelledby="hand-heading" hidden>
  <h2 id="hand-heading">{html.escape(heading_hand)}</h2><div id="hand"></div></section>"""
    )
    moves = (
        ""
        if watching
        else f"""<section id="moves-box" aria-labelledby="moves-heading">
  <h2 id="moves-heading">{html.escape(heading_moves)}</h2>
  <div id="moves"></div><p id="refused" role="alert"></p></section>"""
    )
    return f"""<!doctype html>
<html lang="{html.escape(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{html.escape(title)}</title>
<link rel="icon" href="../static/icon.svg">
<link rel="stylesheet" href="../static/table.css?v={STATIC_VERSION}">
<script src="../static/table.js?v={STATIC_VERSION}" defer></script>
</head>
<body>
<header><h1 id="title">{html.escape(title)}</h1>
<p id="you"></p>
<p id="status" role="status" aria-live="polite">{html.escape(connecting)}</p>
<p id="clock" hidden></p></header>
<main id="live" data-token="{html.escape(token)}" data-watching="{str(watching).lower()}">
<section id="table-box" aria-label="{html.escape(title)}"><div id="table"></div></section>
{moves}
{hand}
<section id="happened-box" aria-labelledby="happened-heading">
  <h2 id="happened-heading">{html.escape(heading_happened)}</h2>
  <ul id="happened" aria-live="polite"></ul></section>
</main>
<script type="application/json" id="texts">{texts}</script>
</body>
</html>
"""


def refused_page(language: str, line: str) -> str:
    """A link that opens nothing: one short line, in the reader's language."""
    with reading(language):
        title = _("Live table")
    return f"""<!doctype html>
<html lang="{html.escape(language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="stylesheet" href="../static/table.css?v={STATIC_VERSION}"></head>
<body><main><p class="refused">{html.escape(line)}</p></main></body></html>
"""
