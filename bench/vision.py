"""Bench the recogniser: synthetic photos it renders, and the real dev photos when present.

    taskset -c 0 .venv/bin/python bench/vision.py [--synthetic 120] [--real DIR] [-v]

Prints, per set: exact pip-total rate, tile precision and recall (tile values matched as a
multiset), mean absolute pip-total error, median ms per photo; then the peak memory (max
RSS) of the process. Asserts nothing: the figures are for docs/vision.md and commit messages.
"""

from __future__ import annotations

import argparse
import csv
import resource
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.tiles import Tile  # noqa: E402
from vision import load_photo, recognise  # noqa: E402
from vision.synth import render  # noqa: E402

REAL = ROOT.parent / "shared" / "data" / "realphotos-dev"

SYNTH_SETS = {
    # name: (set_max, style)
    "d12 coloured": (12, dict(pips="coloured")),
    "d6 ivory/black": (6, dict(pips="black", face="ivory")),
    "d12 rows touching": (12, dict(layout="rows")),
    "d12 tilt 30 glare": (12, dict(tilt=30, glare=True)),
    "d12 white paper": (12, dict(background="paper")),
    "d12 spinner": (12, dict(spinner=True)),
}


class Tally:
    def __init__(self) -> None:
        self.n = self.exact = self.tp = self.fp = self.fn = 0
        self.abs_err: list[int] = []
        self.ms: list[float] = []

    def add(self, truth: list[Tile], got: list[Tile], ms: float) -> bool:
        t, g = Counter(truth), Counter(got)
        tp = sum((t & g).values())
        self.tp += tp
        self.fp += sum(g.values()) - tp
        self.fn += sum(t.values()) - tp
        err = abs(sum(x.pips for x in truth) - sum(x.pips for x in got))
        self.abs_err.append(err)
        self.exact += err == 0
        self.n += 1
        self.ms.append(ms)
        return err == 0

    def line(self, name: str) -> str:
        p = self.tp / max(self.tp + self.fp, 1)
        r = self.tp / max(self.tp + self.fn, 1)
        f1 = 2 * p * r / max(p + r, 1e-9)
        return (
            f"{name:<26} {self.n:>4} {100 * self.exact / max(self.n, 1):>6.1f}% "
            f"{p:>6.3f} {r:>6.3f} {f1:>6.3f} {np.mean(self.abs_err):>6.2f} "
            f"{statistics.median(self.ms):>8.0f}"
        )


HEADER = (
    f"{'set':<26} {'n':>4} {'exact':>7} {'prec':>6} {'recall':>6} {'F1':>6} {'MAE':>6} "
    f"{'med ms':>8}"
)


def bench_synthetic(count: int, verbose: bool) -> dict[str, Tally]:
    out = {}
    per = max(1, count // len(SYNTH_SETS))
    for k, (name, (set_max, style)) in enumerate(SYNTH_SETS.items()):
        tally = Tally()
        for i in range(per):
            seed = 1000 * k + i
            rng = np.random.default_rng(seed)
            from companion.tiles import double_set

            full = double_set(set_max)
            hand = [full[j] for j in rng.choice(len(full), int(rng.integers(1, 11)), False)]
            image, truth = render(hand, seed=seed, **style)
            start = time.perf_counter()
            result = recognise(image, set_max=set_max)
            ms = (time.perf_counter() - start) * 1000
            ok = tally.add([t.tile for t in truth], [t.tile for t in result.tiles], ms)
            if verbose and not ok:
                print(
                    f"  miss {name} seed {seed}: truth {sorted(str(t.tile) for t in truth)} "
                    f"got {sorted(str(t.tile) for t in result.tiles)}"
                )
        out[name] = tally
    return out


def bench_real(folder: Path, verbose: bool) -> dict[str, Tally]:
    out: dict[str, Tally] = defaultdict(Tally)
    with open(folder / "labels.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        truth = [Tile.parse(t) for t in row["tiles"].split(";") if t.strip()]
        set_max = {"d6": 6, "d12": 12}.get(row["set_hint"], 12)
        image = load_photo(folder / row["file"])
        start = time.perf_counter()
        result = recognise(image, set_max=set_max)
        ms = (time.perf_counter() - start) * 1000
        got = [t.tile for t in result.tiles]
        for key in (f"real {row['set_hint']}", "real all"):
            ok = out[key].add(truth, got, ms)
        if verbose and not ok:
            print(
                f"  miss {row['file']}: truth {row['pip_total']} {sorted(map(str, truth))} "
                f"got {result.pip_total} {sorted(map(str, got))}"
            )
    return dict(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--synthetic", type=int, default=120, help="synthetic photos (0: none)")
    parser.add_argument("--real", type=Path, default=REAL, help="the real dev photo folder")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every miss")
    args = parser.parse_args()
    results: dict[str, Tally] = {}
    if args.synthetic:
        results.update(bench_synthetic(args.synthetic, args.verbose))
    if (args.real / "labels.csv").is_file():
        results.update(bench_real(args.real, args.verbose))
    else:
        print(f"(no real photos at {args.real}: skipped)")
    print(HEADER)
    synth = Tally()
    for name, tally in results.items():
        print(tally.line(name))
        if not name.startswith("real"):
            for attr in ("n", "exact", "tp", "fp", "fn"):
                setattr(synth, attr, getattr(synth, attr) + getattr(tally, attr))
            synth.abs_err += tally.abs_err
            synth.ms += tally.ms
    if synth.n:
        print(synth.line("synthetic all"))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MB")


if __name__ == "__main__":
    main()
