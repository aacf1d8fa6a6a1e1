"""A match as the layers above play read it: its record, seats and turn, its status and end
reason, its typed fields, and a lobby to open (`LobbyRequest`). The Discord layer imports
these from here, never from bot.storage (tests/test_doors.py keeps it so): the record is
the storage's row type, but what a cog reads of a match is this model, so storage's own
modules can change behind it. The classes are defined in bot/storage/records.py and
bot/storage/match_fields.py (the floor that saves them; bot/'s floors let no lower floor
import this one), and the lobby request in bot/play/lobby.py."""

from bot.play.lobby import LobbyRequest
from bot.storage.match_fields import (
    OPEN_STATUSES,
    EndReason,
    MatchExtra,
    MatchStatus,
    TournamentTable,
)
from bot.storage.records import HeldNotice, MatchRecord, Seat, TurnDue, TurnNotice

__all__ = [
    "OPEN_STATUSES",
    "EndReason",
    "HeldNotice",
    "LobbyRequest",
    "MatchExtra",
    "MatchRecord",
    "MatchStatus",
    "Seat",
    "TournamentTable",
    "TurnDue",
    "TurnNotice",
]
