"""The guard a press on a match's button or page meets first: the match it names is of this
bot's database and of this server. A button keeps its match's id; after the database was
replaced that id may name another match, and a page opened in one server must never show
another server's match."""

from __future__ import annotations

from bot.errors import Refusal
from bot.play.model import MatchRecord
from bot.process.app import Interaction
from bot.storage.doors import MatchReads


def same_database(reads: MatchReads, database: str | None, kind: str = "other_database") -> None:
    """Refused (`kind`) when a ref's `database` is not the one this bot runs on; a ref made
    before databases were named (None) is this one's."""
    if database is not None and database != reads.instance:
        raise Refusal(kind)


async def match_here(
    reads: MatchReads, interaction: Interaction, match_id: int, database: str | None = None
) -> MatchRecord:
    """The match, when it is this database's and this server's; else a refusal."""
    same_database(reads, database)
    record = await reads.get_match(match_id)
    if record is None or record.guild_id != interaction.guild_id:
        raise Refusal("not_this_server")
    return record
