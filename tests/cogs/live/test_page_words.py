"""Issue 47, item 6: every sentence on the live table's page comes from the catalogs. In a
pseudo-language (every letter accented), the page's own words, the table, the hand, the
moves and what happened, for a member and a watcher of each game, hold no English letter
(names, game keys and data aside)."""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import aiohttp
import pytest

from cogs.live.page import chrome_texts
from cogs.wording import i18n
from tests.cogs.live.pages import Socket
from tests.cogs.players import open_game
from tests.conftest import NAMES
from tests.i18n.catalogs import PSEUDO, english_letters, pseudo_translations

ALLOWED = [*NAMES, "flip7", "sinkorswim", "sequence", "SEQUENCE"]


@pytest.fixture
def pseudo_language() -> Iterator[None]:
    i18n.install(PSEUDO, pseudo_translations())
    yield
    i18n.forget(PSEUDO)


class _Words(HTMLParser):
    """The text a page shows and reads aloud: its text and its pictures' alt texts."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []

    def handle_data(self, data: str) -> None:
        self.words.append(data)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.words += [value or "" for name, value in attrs if name in ("alt", "title")]


def _shown(html: str | None) -> str:
    words = _Words()
    words.feed(html or "")
    return " ".join(words.words)


def _english(frame: dict[str, Any]) -> list[str]:
    texts = [_shown(frame["html"]["table"]), _shown(frame["html"]["hand"]), frame["you"]]
    texts += [_shown(line) for line in frame["happened"]]
    for move in frame["moves"]:
        texts += [move.get("label", ""), move.get("placeholder", "")]
        texts += [
            option["label"] + " " + (option["detail"] or "") for option in move.get("options", [])
        ]
    return english_letters("\n".join(texts), ALLOWED)


@pytest.mark.parametrize("key", ["flip7", "sinkorswim", "sequence"])
async def test_i47_6_the_page_speaks_only_from_the_catalogs(world, live, pseudo_language, key):
    alice, bob, carol = (world.people[name] for name in ("alice", "bob", "carol"))
    await open_game(world.channel, alice, [bob, carol], key)
    record = (await world.env.bot.storage.open_matches())[0]
    acting = None
    for seat, held in enumerate(record.seats):
        socket = await Socket.open(live, live.links.member(record.id, held.user_id, PSEUDO))
        frame = await socket.table_at(record.version)
        await socket.close()
        assert not _english(frame), (key, seat, _english(frame))
        acting = acting or (frame if frame["moves"] else None)
    assert acting is not None  # a member's moves were read too
    watcher = await Socket.open(live, live.links.watch(record.id), language=PSEUDO)
    frame = await watcher.table_at(record.version)
    await watcher.close()
    assert not _english(frame), (key, "watching", _english(frame))
    page_url = f"http://127.0.0.1:{live.port}/table/m/"
    token = live.links.member(record.id, alice.id, PSEUDO)
    async with aiohttp.ClientSession() as session, session.get(page_url + token) as page:
        shell = await page.text()
    assert not english_letters(_shown(shell.split("<body>", 1)[1].split("<script", 1)[0]), ALLOWED)
    with i18n.reading(PSEUDO):
        assert not english_letters(" ".join(chrome_texts().values()), [*ALLOWED, "time"])
