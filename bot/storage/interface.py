"""The whole store: every door of doors.py together with its lifecycle (created, ping,
close). SQLite (sqlite.Storage, the default) and PostgreSQL (postgres.PostgresStorage, for
several processes) implement it, each with its standings (sqlite.SqliteStandings,
postgres.PostgresStandings). Only the composition root (bot/process/app.py) and what opens
the store (bot/process/opening.py) name `Store`; everything else is typed with its doors."""

from __future__ import annotations

from typing import Protocol

from bot.storage.doors import (
    AwayPeriods,
    Deadlines,
    Doors,
    HeldNotices,
    MatchReads,
    MatchWatchers,
    MatchWrites,
    OpenLobbies,
    Queues,
    SavedChanges,
    ScopedSettings,
    Standings,
    StoredEmojis,
    StoredTournaments,
    TurnNotices,
)

__all__ = ["Lifecycle", "Standings", "Store", "doors_of"]


class Lifecycle(Protocol):
    """The store as a whole: whether this start made it, its health, and its end."""

    created: bool  # this start made the database

    async def ping(self) -> None: ...

    async def close(self) -> None: ...


class Store(
    MatchReads,
    MatchWrites,
    Deadlines,
    AwayPeriods,
    MatchWatchers,
    StoredEmojis,
    StoredTournaments,
    Queues,
    TurnNotices,
    HeldNotices,
    OpenLobbies,
    ScopedSettings,
    SavedChanges,
    Lifecycle,
    Protocol,
):
    """Every write is one transaction, applied whole or not at all (StorageError, rolled
    back); a save is version-checked (StaleMatch); a damaged row comes back quarantined."""

    @property
    def standings(self) -> Standings:
        """Ratings, seasons, history, retention and export."""
        ...


def doors_of(store: Store) -> Doors:
    """The store seen through each of its doors, for the composition root to hand out."""
    return Doors(
        reads=store,
        writes=store,
        deadlines=store,
        away=store,
        watchers=store,
        emojis=store,
        tournaments=store,
        queues=store,
        turn_notices=store,
        held_notices=store,
        lobbies=store,
        scoped=store,
        standings=store.standings,
        changes=store,
    )
