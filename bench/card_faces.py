"""Draw every card face of the three games (the application emojis' pictures); print the
time per face (p50/p99) and the pictures' sizes.

python -m bench.card_faces [--rounds 5]
"""

from __future__ import annotations

import argparse
import time

from bench.harness import p50_p99, positive
from cogs.games.flip7.faces import FACES as FLIP7
from cogs.games.sequence.faces import FACES as SEQUENCE
from cogs.games.sinkorswim.faces import FACES as SINK_OR_SWIM
from cogs.ui.card_faces import draw_face

EVERY_FACE = (*FLIP7, *SINK_OR_SWIM, *SEQUENCE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=positive, default=5)
    rounds = parser.parse_args().rounds
    times: list[float] = []
    sizes: list[int] = []
    whole = time.perf_counter()
    for _ in range(rounds):
        for face in EVERY_FACE:
            start = time.perf_counter()
            png = draw_face(face)
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(png))
    whole_ms = (time.perf_counter() - whole) * 1000 / rounds
    p50, p99 = p50_p99(times)
    faces = len(EVERY_FACE)
    print(f"faces: {faces} drawn {rounds} times; all of them once: {whole_ms:.0f} ms")
    print(f"per face: p50 {p50:.2f} ms, p99 {p99:.2f} ms")
    total = sum(sizes[:faces])
    print(f"png bytes: total {total / 1024:.1f} KB, largest {max(sizes) / 1024:.2f} KB")


if __name__ == "__main__":
    main()
