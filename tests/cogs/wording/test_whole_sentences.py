"""Issue 26, item 2: every sentence is whole in the catalog, never glued from translated
pieces: why a match ended, the result's heading, the lobby's seat count."""

from __future__ import annotations

import pytest

from cogs.ui.layout import Part
from cogs.wording import i18n
from cogs.wording.replies import ENDED, ended_text
from tests.cogs.helpers import part, table_of
from tests.conftest import tables_in_channels

DATA = {"name": "ann"}


@pytest.mark.parametrize("language", ["en", "vi", "id"])
@pytest.mark.parametrize("reason", sorted(ENDED))
def test_i26_each_end_reason_is_a_whole_sentence_of_its_own(reason, language):
    with i18n.reading(language):
        told = ended_text(reason, DATA)
        whole = i18n._(ENDED[reason].value).format(**DATA)
    assert told == whole  # the catalog's own sentence, nothing around it
    assert told[0].isupper() and told.endswith(".")
    if "{name}" in ENDED[reason].value:
        assert "ann" in told


@pytest.mark.parametrize(
    ("game", "language", "sizes"),
    [
        ("sequence", "en", "1 player seated · for 2, 3, 4 or 6 players"),
        ("sinkorswim", "en", "1 player seated · for 3 to 5 players"),
        ("sequence", "vi", "Đã có 1 người chơi · dành cho 2, 3, 4 hoặc 6 người"),
        ("sinkorswim", "id", "1 pemain sudah duduk · untuk 3 sampai 5 pemain"),
    ],
)
async def test_i26_a_lobby_counts_its_seats_and_the_sizes_the_game_plays_with(
    simcord_env, game, language, sizes
):
    guild = simcord_env.create_guild(preferred_locale=language)
    await tables_in_channels(simcord_env, guild)
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    assert (await ann.slash(channel, f"{game} start")).acknowledged
    heading = part(table_of(channel, ann), Part.HEADING)
    assert sizes in heading
    assert "–" not in heading.split("\n", 1)[1]  # no "1 of 2–6" that reads as a fraction
