"""The Sink or Swim AIs pick as they did before they were made faster (issue 46, item 2)."""

from __future__ import annotations

import json

from tests.engines.sink_or_swim.ai_choices import FIXTURE, choices_digest

# The fixture holds 300 games; the suite replays the first 60 (20 each of 3, 4 and 5 seats,
# every seat level at every seat count) to stay quick. `python -m ...ai_choices --check`
# replays all 300.
REPLAYED = 60


def test_i46_2_the_ais_choose_as_they_did_before_they_were_made_faster():
    recorded = json.loads(FIXTURE.read_text())
    assert len(recorded) >= REPLAYED
    changed = [seed for seed in range(REPLAYED) if choices_digest(seed) != recorded[str(seed)]]
    assert changed == []
