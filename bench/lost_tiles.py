"""Where the rendered tables' tiles are lost, stage by stage.

A photo read wrong says that a tile was lost, not where: a change aimed at one stage (the
spotter, the refiner, the pip counter, the verifier) is judged by the tiles it wins back
there. For each face-up tile of the rendered tables (vision/world.py, seeds --seed on) the
first stage that loses it, by the tile's width in the photo:

  not spotted    no peak of the spotter (SPOTTED_PEAK or surer) at its middle
  not proposed   spotted, but no outline round it was proposed (an outline whose halves
                 are counted unsurely is not)
  misread        outlined, but every outline round it was read as another tile
  thrown out     an outline round it read right, left out by the verifier or a rival
  read           the reading has it

With --counter, also how the pip counter alone reads each tile from its true outline
shaken as the finder draws one (4% of its width): right, and wrong but sure
(REFINED_SURE), by the same widths, by the table's light (under a glaring lamp it is
wrong far more often) and by the pips' colours (a set printing each value in its own
colour: a yellow six or a grey twelve on an ivory face fades under a warm or glaring
lamp). `--models DIR` reads with a trial's models (bench/models.py: those DIR holds, the
shipped ones otherwise). Run from the repository root:
.venv/bin/python bench/lost_tiles.py --count 50
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from bench import models  # noqa: E402
from bench.facets import band  # noqa: E402
from vision import counter, light, spot  # noqa: E402
from vision.halves import split_halves  # noqa: E402
from vision.recognise import propose, recognise  # noqa: E402
from vision.shapes import centred, outline_width  # noqa: E402
from vision.thresholds import DARK, REFINED_SURE, SPOT_SIDES, SPOTTED_PEAK  # noqa: E402
from vision.world import render_world  # noqa: E402

STAGES = ("read", "not spotted", "not proposed", "misread", "thrown out")
WIDTHS = (40, 60, 90)
"""The bands of a tile's width in the photo (px at 1920 x 1080), as bench/facets.py's "size"."""


def lost_in(photo) -> list[tuple[str, str]]:
    """Each face-up tile of the rendered ``photo``: its width band and the stage that lost it."""
    image = light.lit(photo.image)
    seen = spot.spot_at(image, SPOT_SIDES)
    candidates = propose(image).candidates
    reading = recognise(photo.image, set_max=photo.set_max)
    answer = []
    for truth in (t for t in photo.tiles if t.face_up):
        corners = np.float32(truth.corners)
        width = band(outline_width(corners), WIDTHS, " px")

        def at(outline) -> bool:
            return centred(np.float32(outline).mean(axis=0), corners)  # noqa: B023

        round_it = [c for c in candidates if at(c.corners)]
        right = [c for c in round_it if sorted(c.ends) == sorted(truth.tile.ends)]
        if any(t.tile == truth.tile and at(t.corners) for t in reading.tiles):
            stage = "read"
        elif not round_it:
            spotted = any(at(rough) for rough, chance in seen if chance >= SPOTTED_PEAK)
            stage = "not proposed" if spotted else "not spotted"
        elif not right:
            stage = "misread"
        else:
            stage = "thrown out"
        answer.append((width, stage))
    return answer


def counted_alone(photo, rng: np.random.Generator) -> list[tuple[str, bool, bool]]:
    """Each face-up tile read by the pip counter alone from its true outline, shaken: its
    width band, whether both halves were read right, and whether wrongly but surely."""
    image = light.lit(photo.image)
    tiles = [t for t in photo.tiles if t.face_up]
    outlines = [
        np.float32(t.corners) + rng.normal(0, 0.04 * outline_width(t.corners), (4, 2))
        for t in tiles
    ]
    faces = [split_halves(image, np.float32(o)) for o in outlines]
    halves = []
    for pair in faces:
        dark = float(np.median(cv2.cvtColor(np.vstack(pair), cv2.COLOR_BGR2GRAY))) < DARK
        halves += [cv2.bitwise_not(face) if dark else face for face in pair]
    counts = counter.count(halves)
    answer = []
    for i, truth in enumerate(tiles):
        one, other = counts[2 * i], counts[2 * i + 1]
        right = sorted((one.pips, other.pips)) == sorted(truth.tile.ends)
        sure = min(one.learned, other.learned) >= REFINED_SURE
        width = band(outline_width(truth.corners), WIDTHS, " px")
        answer.append((width, right, sure and not right))
    return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=910_000, help="the first table (910000)")
    parser.add_argument("--count", type=int, default=50, help="how many tables (50)")
    parser.add_argument("--counter", action="store_true", help="the pip counter alone too")
    parser.add_argument("--models", type=Path, help="read with the models found here")
    args = parser.parse_args()
    models.read_with(args.models)
    cv2.setNumThreads(1)
    stages: dict[str, Counter] = defaultdict(Counter)
    alone: dict[str, Counter] = defaultdict(Counter)
    alone_lit: dict[str, Counter] = defaultdict(Counter)
    alone_pips: dict[str, Counter] = defaultdict(Counter)
    rng = np.random.default_rng(0)
    for n, seed in enumerate(range(args.seed, args.seed + args.count), 1):
        photo = render_world(seed, size=(1920, 1080))
        for width, stage in lost_in(photo):
            stages[width][stage] += 1
        if args.counter:
            lit, pips = photo.meta.get("light", "-"), photo.meta.get("pip_colours", "-")
            for width, right, sure_wrong in counted_alone(photo, rng):
                for group in (alone[width], alone_lit[lit], alone_pips[pips]):
                    group.update(tiles=1, right=right, sure_wrong=sure_wrong)
        print(f"\rtable {n} of {args.count}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    bands = sorted(stages, key=lambda b: float(b.split("-")[0].split("+")[0]))
    print(f"{'tile width':12}{'tiles':>7}" + "".join(f"{s:>14}" for s in STAGES))
    for width in [*bands, "all"]:
        row = sum(stages.values(), Counter()) if width == "all" else stages[width]
        total = sum(row.values())
        cells = "".join(f"{row[s]:>7} {row[s] / total:>6.1%}" for s in STAGES)
        print(f"{width:12}{total:>7}{cells}")
    if args.counter:
        print("\nthe pip counter alone, from each tile's true outline shaken by 4% of its width")
        _print_alone("tile width", {b: alone[b] for b in bands})
        print()
        _print_alone("light", dict(sorted(alone_lit.items())))
        print()
        _print_alone("pips", dict(sorted(alone_pips.items())))


def _print_alone(kind: str, rows: dict[str, Counter]) -> None:
    print(f"{kind:12}{'tiles':>7}{'right':>9}{'sure wrong':>12}")
    for name, row in rows.items():
        right = row["right"] / row["tiles"]
        print(f"{name:12}{row['tiles']:>7}{right:>9.1%}{row['sure_wrong']:>12}")


if __name__ == "__main__":
    main()
