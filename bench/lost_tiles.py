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

and again by how plainly the tile's pips show in the photo (pips_showing): most tiles lost
are among the few whose pips barely show.

With --counter, also how the pip counter alone reads each tile from its true outline
shaken as the finder draws one (4% of its width): right, and wrong but sure
(REFINED_SURE), by the same widths, by the table's light (under a glaring lamp it is
wrong far more often), by the pips' colours (a set printing each value in its own
colour: a yellow six or a grey twelve on an ivory face fades under a warm or glaring
lamp) and by how plainly the pips show. `--models DIR` reads with a trial's models
(bench/models.py: those DIR holds, the shipped ones otherwise). Run from the repository root:
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
from vision.shapes import centred, fill_outline, outline_width  # noqa: E402
from vision.thresholds import DARK, REFINED_SURE, SPOT_SIDES, SPOTTED_PEAK  # noqa: E402
from vision.world import render_world  # noqa: E402

SHOWING = (5, 10, 20)
"""The bands of how plainly a tile's pips show in the photo: the colour difference (CIE76
delta E) between its fainter half's pips and their face. Below 5 a pip barely shows to the
eye; a yellow six on an ivory face under a warm lamp, or pips washed out by glare."""
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


def pips_showing(photo) -> list[str]:
    """Each face-up tile of the rendered ``photo``: how plainly its fainter half's pips show,
    as a SHOWING band. A pip's colour is the mean round its centre (the truth's), its face's
    the median of the half's middle, pips left out; a half with no pips is not judged."""
    lab = cv2.cvtColor(photo.image.astype(np.float32) / 255, cv2.COLOR_BGR2Lab)
    answer = []
    for truth in (t for t in photo.tiles if t.face_up):
        corners = np.float32(truth.corners)
        step = max(1, round(outline_width(corners) * 0.03))
        differences = [
            _pips_against_face(lab, half, pips, step)
            for half, pips in zip(_halves_of(corners), truth.pips, strict=True)
            if len(pips)
        ]
        answer.append(band(min(differences), SHOWING, " dE") if differences else "no pips")
    return answer


def _halves_of(c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each half of a face outline, the ends[0] half first."""
    middle = (c[:2] + c[[3, 2]]) / 2  # the divider's left and right ends
    return np.float32([c[0], c[1], middle[1], middle[0]]), np.float32([*middle, c[2], c[3]])


def _pips_against_face(lab: np.ndarray, half: np.ndarray, pips: np.ndarray, step: int) -> float:
    """The median over a half's pips of their colour's distance from the face's (the
    middle four fifths of the half, pips left out)."""
    face = np.zeros(lab.shape[:2], np.uint8)
    fill_outline(face, half, 255, grown=0.8)
    for x, y in np.int32(np.round(pips)):
        cv2.circle(face, (int(x), int(y)), 4 * step, 0, -1)
    if np.count_nonzero(face) < 5:
        return float("inf")
    face_colour = np.median(lab[face > 0], axis=0)
    height, width = lab.shape[:2]
    distances = []
    for x, y in np.int32(np.round(pips)):
        if 0 <= x < width and 0 <= y < height:
            round_it = lab[max(0, y - step) : y + step + 1, max(0, x - step) : x + step + 1]
            distances.append(np.linalg.norm(round_it.reshape(-1, 3).mean(axis=0) - face_colour))
    return float(np.median(distances)) if distances else float("inf")


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
    showing: dict[str, Counter] = defaultdict(Counter)
    alone: dict[str, Counter] = defaultdict(Counter)
    alone_lit: dict[str, Counter] = defaultdict(Counter)
    alone_pips: dict[str, Counter] = defaultdict(Counter)
    alone_showing: dict[str, Counter] = defaultdict(Counter)
    rng = np.random.default_rng(0)
    for n, seed in enumerate(range(args.seed, args.seed + args.count), 1):
        photo = render_world(seed, size=(1920, 1080))
        shown = pips_showing(photo)
        for (width, stage), shows in zip(lost_in(photo), shown, strict=True):
            stages[width][stage] += 1
            showing[shows][stage] += 1
        if args.counter:
            lit, pips = photo.meta.get("light", "-"), photo.meta.get("pip_colours", "-")
            read_alone = counted_alone(photo, rng)
            for (width, right, sure_wrong), shows in zip(read_alone, shown, strict=True):
                groups = (alone[width], alone_lit[lit], alone_pips[pips], alone_showing[shows])
                for group in groups:
                    group.update(tiles=1, right=right, sure_wrong=sure_wrong)
        print(f"\rtable {n} of {args.count}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    bands = _in_order(stages)
    every = sum(stages.values(), Counter())
    _print_stages("tile width", {b: stages[b] for b in bands} | {"all": every})
    print("\nby how plainly the pips show (delta E of the tile's fainter half)")
    _print_stages("pips show", {b: showing[b] for b in _in_order(showing)})
    if args.counter:
        print("\nthe pip counter alone, from each tile's true outline shaken by 4% of its width")
        _print_alone("tile width", {b: alone[b] for b in bands})
        print()
        _print_alone("light", dict(sorted(alone_lit.items())))
        print()
        _print_alone("pips", dict(sorted(alone_pips.items())))
        print()
        _print_alone("pips show", {b: alone_showing[b] for b in _in_order(alone_showing)})


def _in_order(bands) -> list[str]:
    """Bands such as "0-40 px" and "90+ px" from the lowest; words such as "no pips" last."""

    def low(name: str) -> float:
        number = name.split("-")[0].split("+")[0]
        return float(number) if number.replace(".", "").isdigit() else float("inf")

    return sorted(bands, key=low)


def _print_stages(kind: str, rows: dict[str, Counter]) -> None:
    print(f"{kind:12}{'tiles':>7}" + "".join(f"{s:>14}" for s in STAGES))
    for name, row in rows.items():
        total = sum(row.values())
        cells = "".join(f"{row[s]:>7} {row[s] / total:>6.1%}" for s in STAGES)
        print(f"{name:12}{total:>7}{cells}")


def _print_alone(kind: str, rows: dict[str, Counter]) -> None:
    print(f"{kind:12}{'tiles':>7}{'right':>9}{'sure wrong':>12}")
    for name, row in rows.items():
        right = row["right"] / row["tiles"]
        print(f"{name:12}{row['tiles']:>7}{right:>9.1%}{row['sure_wrong']:>12}")


if __name__ == "__main__":
    main()
