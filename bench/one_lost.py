"""If the reader lost one tile, would the reading say so?

A reading called `ok` with a tile left out scores a hand short, and no player checks it: the
worst thing the recogniser can do. The tables it reads wrong today are few and each is lost
in its own way, so how well the doubt rules guard against a lost tile is measured here on
the many it reads right: for every rendered table (vision/world.py, seeds --seed on), or
with --real every labelled real photo (bench/vision.py's), whose tiles are all read, each
tile in turn is taken out of what the verifier believed (as if it had never been
outlined), and the rest is judged as the recogniser judges it (the look beside the tiles
read, the spotter's places, the unexplained face):

  found again   the look beside the tiles read finds it, and the total is right
  missing       the reading says a tile may be missing, or is unreadable
  asked         `check` for another reason (a doubtful tile): the player looks at the
                tiles marked, and may not see that one is gone
  silent        called `ok` with the tile's pips missing

With --unspotted the spotter's places on the tile are taken out too: a tile no look saw (the
spotter misses about one in a hundred), guarded by the unexplained face alone.

Silent is the figure to bring down, and "asked" next. Told by whether the spotter was sure
of the tile lost (a sure spot with no tile read already says a tile may be missing) and by
how many tiles the table has. `--models DIR` reads with a trial's models (bench/models.py).
Run from the repository root: .venv/bin/python bench/one_lost.py --count 50
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402

from bench import models  # noqa: E402
from bench.facets import band  # noqa: E402
from training.realsets import all_photos  # noqa: E402
from vision import light, load_photo  # noqa: E402
from vision.doubt import MAY_BE_MISSING, SEEN_NOT_READ  # noqa: E402
from vision.reading import ReadingContext  # noqa: E402
from vision.shapes import centred  # noqa: E402
from vision.world import render_world  # noqa: E402

OUTCOMES = ("found again", "missing", "asked", "silent")


def outcomes(
    image, set_max: int, truth: int, recognise, unspotted: bool = False
) -> list[tuple[str, str, str]] | None:
    """For each tile the reading of ``image`` believed, the outcome of losing it, whether
    the spotter was sure of it, and the table's size band; None when the whole reading is
    wrong (``truth``: the right total). ``unspotted``: the spotter's places on the tile are
    lost with it, as if no look had seen it."""
    lit = light.lit(image)
    context = ReadingContext(set_max=set_max)
    found = recognise.believe(lit, set_max)
    whole = recognise.judged(image, lit, found, context)
    if whole.status == "unreadable" or whole.pip_total != truth:
        return None
    size = band(len(found.believed), (5, 13), " tiles")
    answer = []
    for lost in found.believed:
        rest = [b for b in found.believed if b is not lost]
        proposed = _unseen(found.proposed, lost.candidate.corners) if unspotted else found.proposed
        reading = recognise.judged(
            image, lit, replace(found, proposed=proposed, believed=rest), context
        )
        if reading.status != "unreadable" and reading.pip_total == truth:
            outcome = "found again"
        elif reading.status == "unreadable" or {MAY_BE_MISSING, SEEN_NOT_READ} & set(
            reading.reasons
        ):
            outcome = "missing"
        elif reading.status == "check":
            outcome = "asked"
        else:
            outcome = "silent"
        sure = any(centred(m, lost.candidate.corners) for m in found.proposed.sure_middles)
        answer.append((outcome, "spotter sure" if sure else "spotter unsure", size))
    return answer


def _unseen(proposed, corners):
    """What was proposed, without the spotter's places whose middle lies in ``corners``."""

    def away(spots):
        return [s for s in spots if not centred(s.mean(axis=0), corners)]

    return replace(
        proposed, sure_spots=away(proposed.sure_spots), faint_spots=away(proposed.faint_spots)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=910000, help="the first table's seed")
    parser.add_argument("--count", type=int, default=100, help="tables (100)")
    parser.add_argument("--models", type=Path, help="read with the models found here")
    parser.add_argument(
        "--unspotted", action="store_true", help="the spotter's places on a tile lost with it"
    )
    parser.add_argument("--real", action="store_true", help="the labelled real photos instead")
    parser.add_argument("--silent", action="store_true", help="list each loss not said missing")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    models.read_with(args.models)
    recognise = sys.modules["vision.recognise"]
    groups: dict[str, Counter] = defaultdict(Counter)
    wrong = 0
    photos = _real() if args.real else _tables(args.seed, args.count)
    for name, image, set_max, truth in photos:
        answer = outcomes(image, set_max, truth, recognise, args.unspotted)
        if answer is None:
            wrong += 1
            continue
        for outcome, sure, size in answer:
            for group in ("all", sure, size):
                groups[group][outcome] += 1
            if outcome not in ("found again", "missing") and args.silent:
                print(f"  {name}: a tile lost, {outcome} ({sure}, {size})", flush=True)
        print(name, end="\r", file=sys.stderr, flush=True)
    what = "real photos" if args.real else f"tables {args.seed}..{args.seed + args.count - 1}"
    print(f"{what}: {wrong} read wrong left out (and any bare table)")
    print(f"{'tiles lost one at a time':28} {'lost':>6} " + " ".join(f"{o:>12}" for o in OUTCOMES))
    for group in sorted(groups, key=lambda g: (g != "all", g)):
        counts = groups[group]
        total = sum(counts.values())
        shares = " ".join(f"{counts[o] / total:>12.1%}" for o in OUTCOMES)
        print(f"{group:28} {total:>6} {shares}")


def _tables(seed: int, count: int):
    """The rendered tables with tiles face up: a name, the photo, the set, the right total."""
    for s in range(seed, seed + count):
        photo = render_world(s, size=(1920, 1080))
        if not photo.meta.get("empty"):
            truth = sum(t.tile.pips for t in photo.tiles if t.face_up)
            yield f"seed {s}", photo.image, photo.set_max, truth


def _real():
    """The labelled real photos measured by bench/vision.py, as _tables gives its own."""
    for photo in (p for p in all_photos() if p.measured):
        yield photo.name, load_photo(photo.path), photo.set_max, photo.pip_total


if __name__ == "__main__":
    main()
