"""Finishing matches straight through the storage, for the standings tests."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage import EndHow, MatchStatus, NewMatch, ResultRow, Seat, Store
from engines.base import Outcome, ranked


def members(outcome: Outcome, *users: int, kinds: Sequence[str] = ()) -> list[ResultRow]:
    """Result rows of member seats (user ids in seat order) placed as `outcome` says."""
    return [
        ResultRow(
            user,
            seat,
            outcome.scores[seat],
            seat in outcome.winners,
            name=f"p{user}",
            kind=kinds[seat] if kinds else "member",  # type: ignore[arg-type]
            team=outcome.teams[seat],
            place=outcome.places[seat],
        )
        for seat, user in enumerate(users)
    ]


async def finish(
    storage: Store,
    rows: Sequence[ResultRow],
    *,
    now: float,
    channel: int = 10,
    guild: int = 1,
    game: str = "flip7",
    end: EndHow | None = None,
) -> int:
    """A match of `game` in `guild` that ends at `now` with these results; its id."""
    record = await storage.create_match(
        NewMatch(
            guild_id=guild,
            channel_id=channel,
            game=game,
            host_id=1,
            seats=[Seat(r.name or f"s{r.seat}", r.user_id) for r in rows],
            options={},
        ),
        now=now - 100,
    )
    played = end in (None, "played", "unrated")
    record.status, record.version = (MatchStatus.FINISHED if played else MatchStatus.CANCELLED), 1
    await storage.save(record, expected_version=0, now=now, results=rows, end=end)
    return record.id


def win(scores: Sequence[int]) -> Outcome:
    """A free-for-all won by the highest score."""
    best = max(scores)
    return ranked([s for s, score in enumerate(scores) if score == best], scores)
