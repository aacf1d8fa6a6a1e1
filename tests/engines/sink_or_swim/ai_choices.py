"""A record of the Sink or Swim AIs' choices over seeded games (issue 46, item 2).

The hard and strong AIs were made faster without changing what they pick. Each game's every
decision (seat, the cards it could pick, the card chosen) is hashed into one digest per game;
`ai_choices.json` holds the digests the AIs made before the speed-up, and the test replays
the games and compares. Regenerate only when a change of the AIs' play is meant:

    .venv/bin/python -m tests.engines.sink_or_swim.ai_choices          # write the fixture
    .venv/bin/python -m tests.engines.sink_or_swim.ai_choices --check  # replay all games
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from engines.sink_or_swim.ai import AI_LEVELS, choose
from engines.sink_or_swim.game import new_game

FIXTURE = Path(__file__).with_name("ai_choices.json")
GAMES = 300


def table(seed: int) -> tuple[int, list[str]]:
    """The seat count (3, 4, 5 in turn) and each seat's level, rotated over the levels."""
    players = 3 + seed % 3
    return players, [AI_LEVELS[(seed + seat) % len(AI_LEVELS)] for seat in range(players)]


def choices_digest(seed: int) -> str:
    """Play game `seed` to its end and hash every decision its AI seats made."""
    players, levels = table(seed)
    game = new_game([f"P{seat}" for seat in range(players)], seed)
    record: list[tuple[int, list[int], int]] = []
    while not game.is_over:
        for seat in game.to_act():
            decision = game.decision(seat)
            assert decision is not None
            pick = choose(game, seat, levels[seat])
            record.append((seat, [option.card for option in decision.options], pick.card))
            game.apply(seat, pick)
    return hashlib.sha256(json.dumps(record).encode()).hexdigest()


def main() -> None:
    if "--check" in sys.argv[1:]:
        recorded = json.loads(FIXTURE.read_text())
        changed = [seed for seed in range(GAMES) if choices_digest(seed) != recorded[str(seed)]]
        print(f"{GAMES - len(changed)} of {GAMES} games chose as recorded; changed: {changed}")
        raise SystemExit(1 if changed else 0)
    digests = {str(seed): choices_digest(seed) for seed in range(GAMES)}
    FIXTURE.write_text(json.dumps(digests, indent=0) + "\n")
    print(f"wrote {len(digests)} digests to {FIXTURE}")


if __name__ == "__main__":
    main()
