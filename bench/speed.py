"""How long the recogniser takes to read a plain mat at 1920x1080 on one core; and, with
`--against DIR`, how much quicker or slower another checkout of the project reads the same
mats, photo by photo.

    .venv/bin/python bench/speed.py [--photos 30] [--rounds 3] [--slant] [--against DIR]

The mats are vision/synth.py's, seeds 1000 on (bench/vision.py's "mats straight down"; at
25-55 degrees from 3000 on with `--slant`). This machine's speed drifts by a fifth within an
hour (docs/vision.md, Speed): the same code read a mat's median in 142 ms one morning and
200 ms an hour later, more than most changes move it. So with `--against` both codes stay
loaded, each in a process of its own, and read every mat in turn, the one going first
changing from mat to mat: the drift falls on both alike, and the figure to go by is the
median of the mat-by-mat differences. Only one process reads at a time. DIR is a checkout
of this project (a `git worktree` at another commit) whose vision/ is read instead of this
one's; both run with this checkout's Python.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.mats import mats  # noqa: E402


def serve(code: Path) -> None:
    """Read mats for the parent: a line in ("SEED SLANT"), the milliseconds out."""
    sys.path.insert(0, str(code))
    import cv2

    cv2.setNumThreads(1)
    from vision.recognise import recognise
    from vision.synth import render

    recognise(render(999)[0], set_max=12)  # the models loaded before the first timing
    print("ready", flush=True)
    for line in sys.stdin:
        seed, slant = line.split()
        image, _ = render(int(seed), slant=float(slant))
        start = time.perf_counter()
        recognise(image, set_max=12)
        print(f"{(time.perf_counter() - start) * 1000:.2f}", flush=True)


class Reader:
    """A process that reads mats with the vision/ of ``code``."""

    def __init__(self, code: Path) -> None:
        self.code = code
        environment = dict(os.environ, OMP_NUM_THREADS="1")
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(code)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=environment,
        )
        if self._answer() != "ready":
            raise SystemExit(f"bench/speed.py: {code} could not read a mat (see above)")

    def read(self, seed: int, slant: float) -> float:
        self.process.stdin.write(f"{seed} {slant}\n")
        self.process.stdin.flush()
        return float(self._answer())

    def _answer(self) -> str:
        line = self.process.stdout.readline().strip()
        if not line:
            raise SystemExit(f"bench/speed.py: the reader of {self.code} stopped (see above)")
        return line

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def figures(name: str, ms: list[float]) -> str:
    return (
        f"{name:<28} median {statistics.median(ms):6.1f} ms   mean {statistics.mean(ms):6.1f}"
        f"   fastest {min(ms):6.1f}   slowest {max(ms):6.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", type=int, default=30, help="mats to read (default 30)")
    parser.add_argument("--rounds", type=int, default=3, help="times each is read (default 3)")
    parser.add_argument("--slant", action="store_true", help="mats at 25-55 degrees")
    parser.add_argument("--against", type=Path, help="another checkout, read in turn")
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return
    if args.photos < 1 or args.rounds < 1:
        parser.error("--photos and --rounds: 1 or more")
    if args.against and not (args.against / "vision" / "recognise.py").is_file():
        parser.error(f"--against {args.against}: no checkout of this project there")
    codes = {"this checkout": ROOT}  # each code's name in the figures, and its folder
    if args.against:
        codes[str(args.against)] = args.against.resolve()
    readers = [Reader(code) for code in codes.values()]
    times: list[list[float]] = [[] for _ in readers]
    todo = mats(args.photos, args.slant) * args.rounds
    try:
        for n, (seed, slant) in enumerate(todo):
            order = range(len(readers)) if n % 2 == 0 else reversed(range(len(readers)))
            for i in order:
                times[i].append(readers[i].read(seed, slant))
            print(f"\r{n + 1} of {len(todo)} mats read", end="", file=sys.stderr, flush=True)
    finally:
        print(file=sys.stderr)
        for reader in readers:
            reader.close()
    kind = "at 25-55 degrees" if args.slant else "straight down"
    rounds = "once" if args.rounds == 1 else f"{args.rounds} times"
    mats_read = "1 mat" if args.photos == 1 else f"{args.photos} mats"
    print(f"{mats_read} {kind}, 1920x1080, each read {rounds}, one core")
    for name, ms in zip(codes, times, strict=True):
        print(figures(name, ms))
    if args.against:
        differences = sorted(b - a for a, b in zip(*times, strict=True))
        quarter = len(differences) // 4
        print(
            f"{args.against} minus this checkout, mat by mat: median "
            f"{statistics.median(differences):+.1f} ms (half of the mats between "
            f"{differences[quarter]:+.1f} and {differences[-quarter - 1]:+.1f})"
        )


if __name__ == "__main__":
    main()
