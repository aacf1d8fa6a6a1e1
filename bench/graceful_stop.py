"""`python -m bench.graceful_stop [--runs 5] [--matches 4] [--moves 60]`: how long `python -m
bot` takes to exit after a SIGTERM that lands in a burst of clicks, and what the clicks met.

Each run starts `python -m bot` on SimCord's simulated Discord (tests/service/fake_discord.py,
SQLite in a temporary folder), plays `--matches` Flip 7 tables in turn, click after click,
and sends SIGTERM once `--moves` clicks were told "made". It prints the time from the signal
to the exit (the drain of the clicks in flight, the timers stopped, the database closed),
the exit code, and how the clicks were answered; every run checks that each click told
"made" is in the database.
"""

from __future__ import annotations

import argparse
import signal
import sqlite3
import tempfile
import time
from collections import Counter
from datetime import datetime
from pathlib import Path

from bench.harness import p50_p99, positive
from tests.service.test_python_m_bot import Bot


def logged_stop(bot: Bot) -> float:
    """Seconds from the bot's "stopping" log line to its "stopped" one (the drain, the
    timers, the database and Discord closed), from the JSON log's own times."""
    times = {
        line["message"]: datetime.fromisoformat(line["time"])
        for line in bot.log()
        if line["logger"] in ("bot", "bot.process.service")
    }
    began = times["stopping: finishing the interactions in flight"]
    return (times["stopped; the database is closed"] - began).total_seconds()


def one_run(folder: Path, matches: int, moves: int) -> tuple[float, float, int, Counter[str]]:
    database = folder / "tabletop.sqlite3"
    bot = Bot(database)
    try:
        started = {int(m): v for m, v in bot.ask(op="burst", matches=matches)["versions"].items()}
        bot.wait_for(lambda _l: sum(line.get("told") == "made" for line in bot.lines) >= moves)
        asked = time.perf_counter()
        bot.process.send_signal(signal.SIGTERM)
        code = bot.process.wait(60)
        took = time.perf_counter() - asked
    finally:
        bot.kill()
    told = Counter(line["told"] for line in bot.lines if "told" in line)
    made = Counter(line["match"] for line in bot.lines if line.get("told") == "made")
    sent = Counter(line["sent"] for line in bot.lines if "sent" in line)
    answered = Counter(line["match"] for line in bot.lines if "told" in line)
    told["cut off"] = sum((sent - answered).values())
    with sqlite3.connect(database) as db:
        versions = dict(db.execute("SELECT id, version FROM matches").fetchall())
    wrong = [m for m, v in started.items() if versions[m] != v + made[m]]
    if wrong:
        raise SystemExit(f"the moves saved are not the moves told made in matches {wrong}")
    return took, logged_stop(bot), code, told


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=positive, default=5)
    parser.add_argument("--matches", type=positive, default=4)
    parser.add_argument("--moves", type=positive, default=60)
    args = parser.parse_args()
    times: list[float] = []
    inside: list[float] = []
    codes: Counter[int] = Counter()
    answers: Counter[str] = Counter()
    for _run in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="tabletop-stop-") as folder:
            took, stop, code, told = one_run(Path(folder), args.matches, args.moves)
        times.append(took)
        inside.append(stop)
        codes[code] += 1
        answers += told
    p50, _p99 = p50_p99(times)
    print(f"runs: {args.runs}, {args.matches} tables, SIGTERM after {args.moves} moves")
    print(f"SIGTERM to exit: p50 {p50:.3f} s, max {max(times):.3f} s")
    print(f"the bot's own stop (log lines stopping to stopped): max {max(inside):.3f} s")
    print(f"exit codes: {dict(codes)}")
    print(
        f"clicks told made: {answers['made']}; the click after the signal: told restarting "
        f"{answers['restarting']}, met the closed bot {answers['closed']}; unanswered "
        f"{answers['cut off']}; other answers {answers['other'] + answers['error']}"
    )
    print("the moves saved are the moves told made: True")


if __name__ == "__main__":
    main()
