"""Every bench in bench/ runs at a tiny size, prints each of its figures as a number, and
exits; one whose run fails exits non-zero at once instead of hanging on what it opened.

Each runs as a host runs it (`python -m bench.<name>`), in a process of its own, so a
thread left open (an aiosqlite connection, a PostgreSQL server) would show as a timeout."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60  # seconds; each tiny run takes about 1-2 s here
NUMBER = r"(\d[\d,]*(?:\.\d+)?)"

# Each bench at its tiny size, and one pattern per figure it prints (a number per group).
INTERACTIONS = [
    rf"matches in play at once: {NUMBER}",
    rf"moves: {NUMBER} in {NUMBER} s -> {NUMBER} moves/s",
    rf"moves per second of click-to-answer time: {NUMBER}",
    rf"time per move \(click to answer\): p50 {NUMBER} ms, p99 {NUMBER} ms",
    rf"peak memory of the whole process .*: {NUMBER} MB",
]
INTERACTIONS_HARD_AI = [
    *INTERACTIONS,
    rf"without hard AI seats: {NUMBER} clicks, p50 {NUMBER} ms, p99 {NUMBER} ms; "
    rf"AI moves meanwhile: {NUMBER}; AI decisions' time on the event loop: {NUMBER}, "
    rf"mean {NUMBER} ms, longest {NUMBER} ms",
    rf"beside {NUMBER} tables of four hard AI seats: {NUMBER} clicks, p50 {NUMBER} ms, "
    rf"p99 {NUMBER} ms; AI moves meanwhile: {NUMBER}; AI decisions' time on the event loop: "
    rf"{NUMBER}, mean {NUMBER} ms, longest {NUMBER} ms",
]
RESTORE = [
    rf"live matches restored: {NUMBER}",
    rf"restart \(open the database, re-arm every timer\): {NUMBER} s",
    rf"restart to the first answered click: {NUMBER} s",
    rf"memory the restart added per match: -?{NUMBER} KB",
    rf"peak memory of the whole process .*: {NUMBER} MB",
]
QUERIES = (
    "leaderboard, page 1",
    "leaderboard, page 20",
    "leaderboard, all-time",
    "leaderboard size",
    "member stats",
    "rating trend (10)",
    "history, server page",
    "history, page 50",
    "history, member page",
    "history, member+game",
    "history size, server",
    "history size, member",
    "match summary",
    "match events (story)",
)
STANDINGS = [
    rf"{NUMBER} finished matches, {NUMBER} members: built in {NUMBER} s, {NUMBER} MB",
    *(rf"{re.escape(query)} +{NUMBER} +{NUMBER}" for query in QUERIES),
    rf"a plain move's save: p50 {NUMBER} ms; a finishing move with results and ratings: "
    rf"p50 {NUMBER} ms; added -?{NUMBER} ms",
]
SLOW_DATABASE = [
    rf"{NUMBER} saves of {NUMBER} matches at once, {NUMBER} ms/statement",
    rf"max {NUMBER} s, p50 {NUMBER} s, all within 3 s: True",
]
BOARD_RENDER = [
    rf"renders: {NUMBER}  chips on board: {NUMBER}  locked: {NUMBER}",
    rf"p50: {NUMBER} ms  p99: {NUMBER} ms",
    rf"png size: {NUMBER} KB",
]
CARD_FACES = [
    rf"faces: {NUMBER} drawn {NUMBER} times; all of them once: {NUMBER} ms",
    rf"per face: p50 {NUMBER} ms, p99 {NUMBER} ms",
    rf"png bytes: total {NUMBER} KB, largest {NUMBER} KB",
]
CARD_EMOJIS = [
    rf"every REST call delayed {NUMBER} ms",
    rf"start without the sync: logged in after {NUMBER} s with {NUMBER} calls",
    *(
        rf"{start} with the sync: logged in after {NUMBER} s with {NUMBER} calls; sync done "
        rf"after {NUMBER} s \(pictures shown: True\): {made}"
        for start, made in (
            ("first start", "199 emoji calls, 198 emojis made"),
            ("restart", "1 emoji calls, 0 emojis made"),  # the list alone
        )
    ),
]
REPLAY = [
    rf"{game} with {NUMBER} seats: {NUMBER} moves; opening a step \({NUMBER} steps\): "
    rf"p50 {NUMBER} ms, p99 {NUMBER} ms"
    for game in ("flip7", "sinkorswim", "sequence")
] + [
    rf"{game} with {NUMBER} seats: analysing a seat \({NUMBER} decisions over {NUMBER} seats\): "
    rf"p50 {NUMBER} ms, p99 {NUMBER} ms"
    for game in ("flip7", "sinkorswim", "sequence")
]
AI_STRENGTH_FLIP7 = [
    rf"{NUMBER} games from seed",
    *(
        rf"{mode}: hard vs {opponent}: {NUMBER}% win share \(95% interval ±{NUMBER}%\)"
        for mode in ("normal", "brutal")
        for opponent in ("stay-at-26", "strong")
    ),
    rf"hard decisions: {NUMBER}, p50 {NUMBER} ms, p99 {NUMBER} ms",
]
AI_STRENGTH_SINKORSWIM = [
    rf"{NUMBER} games from seed",
    rf"hard vs strong: {NUMBER}% win share \(95% interval ±{NUMBER}%\)",
    rf"hard decisions: {NUMBER}, p50 {NUMBER} ms, p99 {NUMBER} ms",
]
AI_STRENGTH_SEQUENCE = [
    rf"{NUMBER} games per table from seed",
    *(
        rf"{table}: hard vs strong: {NUMBER}% win share \(95% interval ±{NUMBER}%\)"
        for table in ("2 players", "2 teams of 2")
    ),
    rf"hard decisions: {NUMBER}, p50 {NUMBER} ms, p99 {NUMBER} ms",
]
TOURNAMENT = [
    rf"pairing a swiss round of {NUMBER} entrants: p50 {NUMBER} ms, p99 {NUMBER} ms",
    rf"standings of a {NUMBER}-entrant tournament: p50 {NUMBER} ms, p99 {NUMBER} ms",
]
GRACEFUL_STOP = [
    rf"runs: {NUMBER}, {NUMBER} tables, SIGTERM after {NUMBER} moves",
    rf"SIGTERM to exit: p50 {NUMBER} s, max {NUMBER} s",
    rf"the bot's own stop \(log lines stopping to stopped\): max {NUMBER} s",
    rf"exit codes: \{{0: {NUMBER}\}}",
    rf"clicks told made: {NUMBER}; the click after the signal: told restarting {NUMBER}, "
    rf"met the closed bot {NUMBER}; unanswered {NUMBER}; other answers 0",
    r"the moves saved are the moves told made: True",
]
LIVE_TABLE = [
    rf"one match: {NUMBER} pages, {NUMBER} moves; save to page p50 {NUMBER} ms, p99 {NUMBER} ms",
    rf"{NUMBER} sockets over {NUMBER} matches, {NUMBER} moves; "
    rf"save to page p50 {NUMBER} ms, p99 {NUMBER} ms",
    rf"memory per open socket {NUMBER} KB resident, {NUMBER} KB of Python objects",
    rf"run 1 quiet: {NUMBER} clicks; click to answer p50 {NUMBER} ms, p99 {NUMBER} ms",
    rf"run 1 storm: {NUMBER} clicks; click to answer p50 {NUMBER} ms, p99 {NUMBER} ms",
    rf"{NUMBER} times {NUMBER} sockets reconnected, slowest {NUMBER} s",
    rf"click p99 while reconnecting / quiet, per run: {NUMBER}",
]
CLICK_DELAYS = [
    *(
        rf"{game}: {NUMBER} moves; click to answer p50 {NUMBER} ms, p99 {NUMBER} ms"
        for game in ("flip7", "sinkorswim")
    ),
    *(rf"{game}: lock held per move p50 {NUMBER} ms" for game in ("flip7", "sinkorswim")),
    *(rf"{game}: calls per move {NUMBER}" for game in ("flip7", "sinkorswim")),
    *(
        rf"{game}: lock held beyond the save p50 {NUMBER} ms, p99 {NUMBER} ms"
        for game in ("flip7", "sinkorswim", "lobby join", "lobby start")
    ),
    rf"lobby join: {NUMBER} clicks; click to answer p50 {NUMBER} ms, p99 {NUMBER} ms",
    rf"lobby start: {NUMBER} clicks; click to answer p50 {NUMBER} ms, p99 {NUMBER} ms",
    rf"five simultaneous Sink or Swim picks: all decided after {NUMBER} s; late: {NUMBER}",
]
RATERS = (
    "Plackett-Luce, tied ranks (before)",
    "Plackett-Luce, mean of the tie's orders (now)",
    "BradleyTerryFull",
    "ThurstoneMostellerFull",
)
RATING_TIES = [
    rf"ties of new players at 2-8 seats: {NUMBER} results, {NUMBER} tied seats",
    *(
        rf"{re.escape(rater)}: tied seats not between their neighbours {NUMBER}; "
        rf"equal tied pairs left unequal {NUMBER} of {NUMBER}"
        for rater in RATERS
    ),
    *(rf"{re.escape(rater)}: an 8-seat winner's change {NUMBER}" for rater in RATERS),
    rf"{NUMBER} leagues of {NUMBER} games, {NUMBER}% with a tie",
    *(
        rf"{re.escape(rater)}: pairs ordered right {NUMBER}% of {NUMBER}; "
        rf"rank correlation {NUMBER}"
        for rater in RATERS
    ),
    *(
        rf"24 seats with a tie of {size}: p50 {NUMBER} ms, p99 {NUMBER} ms; "
        rf"mu off the exact mean by {NUMBER}"
        for size in (5, 6)
    ),
]
QUEUE_SEATING = [
    rf"(?:SQLite|PostgreSQL): {NUMBER} open matches and {NUMBER} queued members in one server "
    rf"\(written in {NUMBER} s\)",
    rf"/games queue answers: {NUMBER}, p50 {NUMBER} ms, p99 {NUMBER} ms",
    rf"seatings \(the answer that opens a table\): {NUMBER}, p50 {NUMBER} ms, p99 {NUMBER} ms",
]
OPEN_TABLES = [
    rf"(?:SQLite|PostgreSQL): {NUMBER} open lobbies with a free seat \(and {NUMBER} full\) "
    rf"in {NUMBER} channels of one server",
    rf"/games open, its answer: p50 {NUMBER} ms, p99 {NUMBER} ms",
    rf"the next page, its answer: p50 {NUMBER} ms, p99 {NUMBER} ms",
    rf"the listing alone \(count and page\), first page: p50 {NUMBER} ms, p99 {NUMBER} ms",
    rf"the listing alone \(count and page\), last page: p50 {NUMBER} ms, p99 {NUMBER} ms",
]
LONG_MATCH_SAVES = [
    rf"one match of {NUMBER} members, {NUMBER} moves, each move's save timed",
    rf"saves at its start, moves 1-{NUMBER}: median {NUMBER} ms",
    rf"saves at its end, moves {NUMBER}-{NUMBER}: median {NUMBER} ms",
    rf"end / start: {NUMBER}",
    rf"the match row's extra column: {NUMBER} bytes, then {NUMBER} bytes",
    rf"the match row's game state: {NUMBER} bytes, then {NUMBER} bytes",
]
# name: the command line, the figures' patterns, and the counts the tiny size asks for (the
# first number of the figure at that index, as the bench counts it back).
TINY = {
    "interactions": (
        ["bench.interactions", "--matches", "4", "--channels", "2", "--moves", "20"],
        INTERACTIONS,
        {0: 4, 1: 20},
    ),
    "interactions-hard-ai": (
        [
            "bench.interactions",
            *("--matches", "2", "--channels", "1", "--moves", "20"),
            *("--hard-matches", "3", "--ai-delay", "0.05"),
        ],
        INTERACTIONS_HARD_AI,
        {0: 2, 1: 20, 5: 20, 6: 3},
    ),
    "interactions-in-channels": (
        ["bench.interactions", "--matches", "2", "--moves", "20", "--in-channels"],
        INTERACTIONS,
        {0: 2, 1: 20},
    ),
    "interactions-postgresql": (
        ["bench.interactions", "--matches", "2", "--moves", "20", "--postgresql"],
        INTERACTIONS,
        {0: 2, 1: 20},
    ),
    "click_delays": (
        ["bench.click_delays", "--moves", "4", "--round-trip", "0.01"],
        CLICK_DELAYS,
        {0: 4, 1: 4, 10: 4, 11: 2},
    ),
    "live_table": (
        [
            "bench.live_table",
            *("--pages", "4", "--sockets", "9", "--matches", "3", "--moves", "6"),
            *("--clicks", "3", "--runs", "1", "--round-trip", "0.01"),
        ],
        LIVE_TABLE,
        {0: 4, 1: 9, 3: 3, 4: 3},
    ),
    "restore": (["bench.restore", "--matches", "5"], RESTORE, {0: 5}),
    "restore-postgresql": (["bench.restore", "--matches", "5", "--postgresql"], RESTORE, {0: 5}),
    "restore-daily": (["bench.restore", "--matches", "5", "--pace", "daily"], RESTORE, {0: 5}),
    "restore-daily-postgresql": (
        ["bench.restore", "--matches", "5", "--pace", "daily", "--postgresql"],
        RESTORE,
        {0: 5},
    ),
    "standings": (
        ["bench.standings", "--matches", "300", "--members", "20", "--repeat", "5"],
        STANDINGS,
        {0: 300},
    ),
    "slow_database": (
        ["bench.slow_database", "--matches", "3", "--delay", "0.01"],
        SLOW_DATABASE,
        {0: 3},
    ),
    "open_tables": (
        # With Discord's delays put back (a short round trip); the PostgreSQL run is without
        [
            "bench.open_tables",
            "--lobbies",
            "30",
            "--channels",
            "3",
            "--repeat",
            "3",
            "--round-trip",
            "0.01",
        ],
        OPEN_TABLES,
        {0: 30},
    ),
    "open_tables-postgresql": (
        [
            "bench.open_tables",
            "--lobbies",
            "30",
            "--channels",
            "3",
            "--repeat",
            "3",
            "--postgresql",
        ],
        OPEN_TABLES,
        {0: 30},
    ),
    "board_render": (["bench.board_render", "--renders", "3"], BOARD_RENDER, {0: 3}),
    "card_faces": (["bench.card_faces", "--rounds", "1"], CARD_FACES, {0: 198}),
    "card_emojis": (["bench.card_emojis", "--delay", "0"], CARD_EMOJIS, {0: 0}),
    # issue 49, item 3: one match's saves at its start and its end (moves 1-10 and 51-60)
    "long_match_saves": (
        ["bench.long_match_saves", "--moves", "60", "--window", "10"],
        LONG_MATCH_SAVES,
        {0: 6, 1: 10, 2: 51},
    ),
    "replay": (["bench.replay", "--steps", "3"], REPLAY, {0: 24, 1: 5, 2: 2, 3: 24, 4: 5, 5: 2}),
    # the bot's ties misplace no tied seat (index 2: its line)
    "rating_ties": (
        ["bench.rating_ties", "--leagues", "1", "--games", "30"],
        RATING_TIES,
        {0: 84, 2: 0, 9: 1},
    ),
    "tournament": (["bench.tournament", "--entrants", "40"], TOURNAMENT, {0: 40, 1: 40}),
    "ai_strength-flip7": (
        ["bench.ai_strength", "--game", "flip7", "--games", "20"],
        AI_STRENGTH_FLIP7,
        {0: 20},
    ),
    "ai_strength-sinkorswim": (
        ["bench.ai_strength", "--game", "sinkorswim", "--games", "4"],
        AI_STRENGTH_SINKORSWIM,
        {0: 4},
    ),
    "graceful_stop": (
        ["bench.graceful_stop", "--runs", "1", "--matches", "2", "--moves", "6"],
        GRACEFUL_STOP,
        {0: 1, 3: 1},
    ),
    # 30 lobbies and the 2 tables the queue opened; 10 members waiting; 4 answers, 2 seatings
    "queue_seating": (
        ["bench.queue_seating", "--lobbies", "30", "--queued", "10", "--tables", "2"],
        QUEUE_SEATING,
        {0: 32, 1: 4, 2: 2},
    ),
    "queue_seating-postgresql": (
        [
            "bench.queue_seating",
            *("--lobbies", "30", "--queued", "10", "--tables", "2", "--postgresql"),
        ],
        QUEUE_SEATING,
        {0: 32, 1: 4, 2: 2},
    ),
    "ai_strength-sequence": (
        ["bench.ai_strength", "--game", "sequence", "--games", "4"],
        AI_STRENGTH_SEQUENCE,
        {0: 4},
    ),
}


@pytest.fixture
def scratch() -> Iterator[Path]:
    """The benches' temporary folder (TMPDIR): their databases and PostgreSQL servers live
    in it, so the test sees what a run left behind. Open to the postgres user, as root runs
    the server as that user."""
    folder = Path(tempfile.mkdtemp(prefix="tabletop-bench-test-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def run_bench(args: list[str], scratch: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TMPDIR": str(scratch), "PYTHONUNBUFFERED": "1"}
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


def figures(output: str, patterns: list[str]) -> list[list[float]]:
    """The numbers of each pattern's figure; fails on a figure not printed."""
    found = []
    for pattern in patterns:
        match = re.search(pattern, output)
        assert match, f"no figure like {pattern!r} in:\n{output}"
        found.append([float(group.replace(",", "")) for group in match.groups()])
    return found


def left_running(scratch: Path) -> list[str]:
    """Processes still running from the scratch folder (a PostgreSQL server not stopped)."""
    running = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            text = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if str(scratch) in text:
            running.append(text)
    return running


@pytest.mark.parametrize("name", list(TINY))
def test_i26_each_bench_runs_at_a_tiny_size_and_prints_its_figures(name, scratch):
    args, patterns, counts = TINY[name]
    run = run_bench(args, scratch)
    assert run.returncode == 0, run.stderr
    shown = figures(run.stdout, patterns)
    assert {index: shown[index][0] for index in counts} == counts
    assert not left_running(scratch)


@pytest.mark.parametrize("backend", [[], ["--postgresql"]], ids=["sqlite", "postgresql"])
def test_i26_a_bench_whose_run_fails_exits_non_zero_and_closes_what_it_opened(backend, scratch):
    """Matches of goal 50 end long before 10,000 moves: the run fails with the database and
    the server open, and must still exit (an open aiosqlite thread used to keep it alive)."""
    args = ["bench.interactions", "--matches", "1", "--moves", "10000", "--goal", "50"]
    run = run_bench([*args, *backend], scratch)
    assert run.returncode == 1
    assert "every match ended after" in run.stderr
    assert not left_running(scratch)
    assert not list(scratch.glob("tabletop-pg-*"))  # the server's folder was removed


@pytest.mark.parametrize("bench", ["interactions", "restore", "standings", "slow_database"])
def test_i26_a_bench_refuses_an_impossible_size_with_a_usage_line(bench, scratch):
    run = run_bench([f"bench.{bench}", "--matches", "0"], scratch)
    assert run.returncode == 2
    assert "--matches: 0 is not at least 1" in run.stderr
