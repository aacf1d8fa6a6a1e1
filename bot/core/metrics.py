"""The bot's Prometheus metrics (prometheus_client), served on /metrics (bot/process/health.py).

Each bot has a registry of its own, so two bots in one process (a restart in a test) never
share counters. Counters and histograms are updated where the thing happens; what is a
state rather than an event (open matches, pending deadlines, gateway latency) is read
when Prometheus asks, by `Metrics.refresh`, so nothing is kept in step by hand.

Labels are bounded: a game's key, a pace, a refusal kind, a storage error's class, a shard
number; never a member, a server or a match.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable, Iterator

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

# Discord wants an answer within 3 s; the buckets are dense below that.
ANSWER_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
AI_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        self.moves_made = Counter(
            "tabletop_moves_made", "Members' moves applied and saved, by game.", ["game"],
            registry=registry,
        )  # fmt: skip
        self.moves_refused = Counter(
            "tabletop_moves_refused",
            "Members' moves refused (stale button, not their turn, illegal...), by kind.",
            ["kind"],
            registry=registry,
        )
        self.answer_seconds = Histogram(
            "tabletop_interaction_answer_seconds",
            "Time from a click or command reaching the bot to its answer, by kind.",
            ["kind"],
            buckets=ANSWER_BUCKETS,
            registry=registry,
        )
        self.open_matches = Gauge(
            "tabletop_open_matches", "Open matches (lobbies and games) by game and pace.",
            ["game", "pace"], registry=registry,
        )  # fmt: skip
        self.deadlines_pending = Gauge(
            "tabletop_deadlines_pending",
            "Timers armed in this process: deadlines, reminders and AI turns to come.",
            registry=registry,
        )
        self.database_errors = Counter(
            "tabletop_database_errors",
            "Database calls that failed, by kind of failure.",
            ["kind"],
            registry=registry,
        )
        self.gateway_latency = Gauge(
            "tabletop_gateway_latency_seconds",
            "Discord gateway heartbeat latency, by shard.",
            ["shard"],
            registry=registry,
        )
        self.ai_seconds = Histogram(
            "tabletop_ai_decision_seconds",
            "Time an AI seat took to choose a move, by game (its count: decisions made).",
            ["game"],
            buckets=AI_BUCKETS,
            registry=registry,
        )

    @contextlib.contextmanager
    def ai_decision(self, game: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.ai_seconds.labels(game).observe(time.perf_counter() - started)

    def refresh(
        self,
        open_counts: Iterable[tuple[str, str, int]],
        pending: int,
        latencies: Iterable[tuple[int, float]],
    ) -> None:
        """Set the gauges of what is, just before a scrape."""
        self.open_matches.clear()  # a game or pace with none left is dropped, not kept at its last
        for game, pace, count in open_counts:
            self.open_matches.labels(game, pace).set(count)
        self.deadlines_pending.set(pending)
        self.gateway_latency.clear()
        for shard, latency in latencies:
            if latency == latency and latency != float("inf"):  # not yet measured: NaN or inf
                self.gateway_latency.labels(str(shard)).set(latency)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)
