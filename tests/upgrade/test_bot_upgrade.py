"""The real bot started on a database the previous version wrote: every open match is
restored, its table drawn (old sentence logs included), and each one plays on to a
result that reaches the leaderboard."""

from __future__ import annotations

import pytest

from bot.core.settings import Settings
from bot.play.matches import Change
from bot.play.sessions import load_game
from bot.storage import MatchStatus
from cogs.ui.components import TableMessage
from cogs.wording.words import LEGACY_TEXT, is_legacy
from engines.base import GAMES
from tests.upgrade.saved import build_v1_database


@pytest.fixture
def settings(tmp_path):
    path = tmp_path / "data" / "bot.sqlite3"
    path.parent.mkdir()
    return Settings(
        token="test-token", database_path=build_v1_database(path), ai_delay=0, game_seed=1
    )


async def _noop(change: Change) -> None:
    return None


async def test_saved_matches_draw_and_play_to_the_leaderboard(simcord_env):
    bot = simcord_env.bot
    matches, desk = bot.matches, bot.get_cog("Desk")
    records = await matches.reads.open_matches()
    assert sorted({r.game for r in records if r.status == MatchStatus.PLAYING}) == sorted(
        ["flip7", "sequence", "sinkorswim"]
    )
    old_sentences_shown = 0
    for record in records:
        table = await desk.tables.table_now(Change(record, load_game(record)))
        assert table.layout is not None and not table.embeds  # drawn in the new layout
        text = table_text(table)
        assert (record.status == MatchStatus.LOBBY) == ("— lobby" in text), text
        # The long-passed deadlines fired at start-up, so logs mix the old version's
        # sentences with new events; the sentences still show as they were written.
        # They are read from match_events, where the upgrade kept them as {"text": ...}.
        old = [str(e.data[LEGACY_TEXT]) for e in record.log or [] if is_legacy(e)]
        old_sentences_shown += sum(sentence in text for sentence in old)
    assert old_sentences_shown
    for record in [r for r in records if r.status == MatchStatus.PLAYING]:
        info = GAMES[record.game]
        for _ in range(3000):
            current, game = await matches.current(record.id)
            seat = game.to_act()[0]
            action = info.choose_ai(game, seat, info.ai_levels[-1])
            change = await matches.play(
                record.id, current.seats[seat].user_id, game.epoch(), action.code, _noop
            )
            if not change.record.is_open:
                break
        assert change.record.status == MatchStatus.FINISHED, record.game
        board = await matches.standings.leaderboard(record.guild_id, record.game)
        assert board, record.game


def table_text(table: TableMessage) -> str:
    """All the text a table message shows: its notice and its layout's parts."""
    assert table.layout is not None
    return "\n".join([table.content or "", *(block.text for block in table.layout.texts())])
