"""Benchmark the recogniser, above all on photos of sources it has never seen.

    .venv/bin/python bench/vision.py [--loso [--seeds S ...] | --no-real] [--world N --world-seed S]
                                     [--empty N] [--synthetic N] [--oblique N] [--misses]
                                     [--spoiled] [--by FACET ...] [--models DIR] [--folds DIR]
                                     [--size WIDTHxHEIGHT] [--jitter SEED]

Real photos (../shared/data/realphotos-dev and the single photos of train-real) are told
per source (the repository a photo came from). With `--loso` each source is read by a
verifier and a pip counter trained without it (training/verifier.py and
training/pip_counter.py `--exclude`, cached in .cache/folds; the spotter is trained on
rendered photos alone): that table, its mean and its worst source decide vision changes, not
the dev-set total.
Rendered sets: vision/world.py's tables at a seed that training and tuning never used
(`--world-seed`; the bare tables the renderer draws among them, about one in twenty, on a
line of their own, where unreadable is a right reading), bare tables with no tile
(`--empty`), and vision/synth.py's mats straight down and at a slant, all at 1920x1080
or at `--size` (4032x3024: a phone's 12 MP photo). Columns: photos;
exact (the right total and not unreadable); tile F1 (half F1 where only halves are
labelled); silent wrong (a wrong total with status ok); check; unreadable; median
milliseconds. With `--spoiled` the real photos are read again as
a phone or a dark room may spoil them (SPOILS: JPEG at quality 40, dim, too bright, half
size, turned a quarter, blurred), a line each: how far the figures hold beyond the photos
as they came. With `--seeds` the left-out sources are read again by folds trained the same
way from other seeds, a line each: how much the table owes to one training run. With `--by`
the world tables with tiles are told again by how they were made (bench/facets.py: the
light, the tiles' style, the table, the slant, the smallest tile's size, the focus, a
spinner), a group a line: where a change wins and loses. `--models DIR` reads with a
trial's models (verifier, pips, spotter, refiner: those DIR has; the shipped ones
otherwise), and
`--folds DIR` keeps its folds apart from the shipped models' (a fold is made once per
folder, not again when its trainer changes). `--jitter SEED` reads every photo with a
quarter of its values one grey level up or down: kept with `--readings` and set beside a
plain run's (bench/readings.py), the photos read otherwise are the noise a trial's moves
are judged against. Run with
one OpenCV thread (the default here) for one-core figures; the peak memory is the process's
high-water mark (ru_maxrss).
"""

from __future__ import annotations

import argparse
import importlib
import resource
import statistics
import sys
import time
import zlib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from bench import models, readings  # noqa: E402
from bench.facets import FACETS  # noqa: E402
from bench.mats import mats  # noqa: E402
from training import realsets  # noqa: E402
from training.realsets import LabelledPhoto, all_photos  # noqa: E402
from vision import load_photo, recognise  # noqa: E402
from vision.synth import render  # noqa: E402

FOLDS = ROOT / ".cache" / "folds"


class Tally:
    def __init__(self, name: str) -> None:
        self.name = name
        self.photos = self.exact = self.silent = self.check = self.unreadable = 0
        self.true_pos = self.found = self.truth = 0
        self.halves_only = False
        self.ms: list[float] = []
        self.misses: list[str] = []
        self.readings: list[dict] = []  # one per photo, for --readings and --against

    def add(self, label, image, total, set_max, tiles=None, halves=None, max_tiles=None, detail=""):
        """Read one photo and count its reading; the reading and the milliseconds it took
        are returned, for a group of a facet (count) to count too."""
        if JITTER is not None:
            image = jittered(image, JITTER, label)
        started = time.perf_counter()
        result = recognise(image, set_max=set_max, max_tiles=max_tiles)
        ms = (time.perf_counter() - started) * 1000
        self.count(label, result, ms, total, tiles, halves, detail)
        return result, ms

    def count(self, label, result, ms, total, tiles=None, halves=None, detail=""):
        self.ms.append(ms)
        one = readings.reading(
            self.name, label, total, result.pip_total, result.status, result.reasons
        )
        self.readings.append(one)
        right = readings.right(one)
        self.photos += 1
        self.exact += right
        self.silent += readings.silent(one)
        self.check += result.status == "check"
        self.unreadable += result.status == "unreadable"
        if tiles is not None:
            self._match(Counter(t.tile for t in result.tiles), Counter(tiles))
        elif halves is not None:
            self.halves_only = True
            got = Counter(end for t in result.tiles for end in t.ends if end)
            self._match(got, Counter(halves))
        if not right:
            why = "; ".join(result.reasons)
            self.misses.append(
                f"{label}{detail}: {total} read as {result.pip_total} [{result.status}] {why}"
            )

    def _match(self, got: Counter, want: Counter) -> None:
        self.true_pos += sum((got & want).values())
        self.found += sum(got.values())
        self.truth += sum(want.values())

    @property
    def f1(self) -> float:
        precision = self.true_pos / self.found if self.found else 1.0
        recall = self.true_pos / self.truth if self.truth else 1.0
        return 2 * precision * recall / (precision + recall) if precision + recall else 0.0

    def share(self, count: int) -> str:
        return f"{count / self.photos:6.1%}" if self.photos else "     -"

    def line(self) -> str:
        f1 = f"{self.f1:.3f}{'h' if self.halves_only else ' '}" if self.truth else "   -  "
        return (
            f"{self.name:38s} {self.photos:4d} {self.share(self.exact)} {f1:>7s}"
            f" {self.share(self.silent)} {self.share(self.check)} {self.share(self.unreadable)}"
            f" {statistics.median(self.ms) if self.ms else 0:7.0f}"
        )


JITTER: int | None = None
"""--jitter SEED: every photo is read jittered (jittered), at that seed."""


def jittered(image: np.ndarray, seed: int, label: str) -> np.ndarray:
    """The photo with a quarter of its values moved one grey level up or down at random, at
    ``seed`` and the photo's ``label``: a change no eye can see, as a shrink done another way
    or a rounding is. Read so, compared with a plain run, the photos read otherwise are what a
    change that should move nothing still moves (the noise a trial is judged against)."""
    draw = np.random.default_rng([seed, zlib.crc32(label.encode())]).random(image.shape)
    step = (draw < 0.125).astype(np.int16) - (draw >= 0.875)
    return np.clip(image.astype(np.int16) + step, 0, 255).astype(np.uint8)


HEADER = (
    f"{'set':38s} {'n':>4s} {'exact':>6s} {'F1':>7s} {'silent':>6s} {'check':>6s}"
    f" {'unread':>6s} {'ms':>7s}"
)


SPOILS = {
    "JPEG at quality 40": lambda image: cv2.imdecode(
        cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 40])[1], cv2.IMREAD_COLOR
    ),
    "dim (55% of the light)": lambda image: cv2.convertScaleAbs(image, alpha=0.55),
    "too bright (150% of the light)": lambda image: cv2.convertScaleAbs(image, alpha=1.5),
    "half the size": lambda image: cv2.resize(
        image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA
    ),
    "turned a quarter (the phone held the other way)": lambda image: cv2.rotate(
        image, cv2.ROTATE_90_CLOCKWISE
    ),
    "blurred (a shaky hand)": lambda image: cv2.GaussianBlur(
        image, (0, 0), max(image.shape[:2]) / 600
    ),
}
"""What a phone or a dark room may do to a photo (--spoiled): each real photo is read again so
spoilt, as a check on how far the table's figures hold beyond the photos as they came."""


def read_real(photos: list[LabelledPhoto], name: str, spoil=None) -> Tally:
    tally = Tally(name)
    for photo in photos:
        image = load_photo(photo.path)
        if spoil is not None:
            image = spoil(image)
        tally.add(photo.name, image, photo.pip_total, photo.set_max, photo.tiles, photo.halves)
    return tally


def per_source(loso: bool, seed: int, spoil=None) -> list[Tally]:
    photos = [p for p in all_photos() if p.measured]
    if not photos:
        print(f"no labelled real photos in {realsets.DATA}: the rendered sets only", flush=True)
    trained_on = {p.fold for p in all_photos() if p.boxes}
    tallies = []
    for source in sorted({p.source for p in photos}):
        mine = [p for p in photos if p.source == source]
        fold = mine[0].fold
        label = source
        if loso and fold in trained_on:
            _use_models(fold, seed)
            label += " *"
        tallies.append(read_real(mine, label, spoil))
        _use_models(None, seed)
    return tallies


LEARNED = ("verifier", "pips")
"""The learned stages taught on real photos too (training.verifier, training.pip_counter): a
fold leaves a source out of them. The spotter and refiner are taught on rendered photos
alone."""
MODELS: Path | None = None
"""A trial's models to read with (--models), where it has them; the shipped ones otherwise."""


def _use_models(fold: str | None, seed: int) -> None:
    """Read with the learned stages trained without ``fold`` (None: the shipped ones)."""
    folds = {} if fold is None else {name: _fold_model(name, fold, seed) for name in LEARNED}
    models.read_with(MODELS, **folds)


def _fold_model(name: str, fold: str, seed: int) -> Path:
    """A learned stage trained on everything but ``fold``, made once and kept in FOLDS."""
    out = FOLDS / f"{name}-without-{fold.replace('/', '__')}-seed{seed}.onnx"
    if not out.is_file():
        trainer = "training.verifier" if name == "verifier" else "training.pip_counter"
        print(f"training the {name} model without {fold} ...", file=sys.stderr, flush=True)
        importlib.import_module(trainer).build({fold}, seed, quick=False, out=out, quiet=True)
    return out


def world(
    count: int,
    seed: int,
    empty: bool = False,
    by: dict[str, dict[str, Tally]] | None = None,
    size: tuple[int, int] = (1920, 1080),
) -> list[Tally]:
    """The rendered tables at seeds ``seed``.. (``empty``: every one bare). Of a mixed set,
    the tables the renderer drew bare (face-down tiles, clutter, no tile face up) are told
    apart: read as unreadable they are read as they should be (the no-tile target), which
    the exact column, a total read, does not count. ``by``: for each facet
    (bench/facets.py), a tally for each group, filled here with the tables that have tiles."""
    from vision.world import render_world

    name = f"world, no tiles (seeds {seed}..)" if empty else f"world (seeds {seed}..)"
    tally, bare = Tally(name), Tally("  of those, drawn with no tile face up")
    for s in range(seed, seed + count):
        photo = render_world(s, size=size, empty=True if empty else None)
        truth = [t.tile for t in photo.tiles]
        total = sum(t.pips for t in truth)
        into = bare if photo.meta.get("empty") and not empty else tally
        label, detail = f"seed {s}", f" {photo.meta}"
        result, ms = into.add(label, photo.image, total, photo.set_max, truth, detail=detail)
        if into is not tally:
            continue
        for facet, groups in (by or {}).items():
            group = FACETS[facet](photo.meta)
            groups.setdefault(group, Tally(f"  {group}")).count(
                label, result, ms, total, truth, detail=detail
            )
    return [tally, bare] if bare.photos else [tally]


def synthetic(count: int, slanted: bool, size: tuple[int, int] = (1920, 1080)) -> Tally:
    tally = Tally("mats at 25-55°" if slanted else "mats straight down")
    for seed, slant in mats(count, slanted):
        image, truth = render(seed, size=size, slant=slant)
        tiles = [t.tile for t in truth]
        tally.add(f"seed {seed}", image, sum(t.pips for t in tiles), 12, tiles)
    return tally


def summary(tallies: list[Tally]) -> str:
    exact = [t.exact / t.photos for t in tallies if t.photos]
    worst = min(tallies, key=lambda t: t.exact / t.photos)
    photos = sum(t.photos for t in tallies)
    silent = sum(t.silent for t in tallies) / photos
    return (
        f"mean exact over sources {statistics.mean(exact):.1%}; worst {worst.name}"
        f" {worst.exact / worst.photos:.1%}; {sum(t.exact for t in tallies)} of {photos} photos"
        f" right, silent wrong {silent:.1%}"
    )


def _size(text: str) -> tuple[int, int]:
    """``--size``'s WIDTHxHEIGHT as a pair of whole px."""
    try:
        width, height = (int(side) for side in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give the size as WIDTHxHEIGHT") from None
    if not (64 <= width <= 8192 and 64 <= height <= 8192):
        raise argparse.ArgumentTypeError(f"{text!r}: each side from 64 to 8192 px")
    return width, height


def main() -> None:
    global MODELS, FOLDS, JITTER  # --models, --folds and --jitter
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loso", action="store_true", help="leave each source out of training")
    parser.add_argument("--seed", type=int, default=7, help="training seed for the folds")
    parser.add_argument(
        "--seeds", type=int, nargs="+", default=[], help="with --loso: other seeds' folds too"
    )
    parser.add_argument(
        "--no-real", action="store_true", help="the rendered sets only: no real photo is read"
    )
    parser.add_argument("--world", type=int, default=100, help="rendered world photos (100)")
    parser.add_argument("--world-seed", type=int, default=900_000, help="their first seed")
    parser.add_argument("--empty", type=int, default=50, help="bare tables, no tile (50)")
    parser.add_argument("--synthetic", type=int, default=50, help="mats straight down (50)")
    parser.add_argument("--oblique", type=int, default=50, help="mats at a slant (50)")
    parser.add_argument(
        "--by",
        nargs="+",
        default=[],
        choices=sorted(FACETS),
        help="the world tables' figures by how they were made, a group a line",
    )
    parser.add_argument(
        "--models", type=Path, help="read with the models found here (the shipped ones otherwise)"
    )
    parser.add_argument(
        "--folds", type=Path, default=FOLDS, help="where the folds are kept (.cache/folds)"
    )
    parser.add_argument(
        "--size",
        type=_size,
        default=(1920, 1080),
        help="the rendered photos' size, WIDTHxHEIGHT (1920x1080; a phone's is 4032x3024)",
    )
    parser.add_argument("--threads", type=int, default=1, help="OpenCV threads (1)")
    parser.add_argument("--misses", action="store_true", help="list every wrong total")
    parser.add_argument(
        "--spoiled", action="store_true", help="read the real photos again, spoilt (SPOILS)"
    )
    parser.add_argument(
        "--jitter",
        type=int,
        metavar="SEED",
        help="read every photo with a grey level of noise at SEED (jittered): the noise floor",
    )
    parser.add_argument("--readings", type=Path, help="keep every photo's reading in this file")
    parser.add_argument(
        "--against", type=Path, help="list the photos read otherwise than in this --readings file"
    )
    args = parser.parse_args()
    MODELS, FOLDS, JITTER = args.models or MODELS, args.folds, args.jitter
    _use_models(None, args.seed)
    before = readings.load(args.against) if args.against else None
    cv2.setNumThreads(args.threads)
    print(HEADER)
    sources = [] if args.no_real else per_source(args.loso, args.seed)
    real_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    tallies = list(sources)
    for tally in sources:
        print(tally.line(), flush=True)
    if sources:
        if args.loso:
            print("* read with a verifier trained without this source's photos")
        print(("leave-one-source-out: " if args.loso else "shipped model: ") + summary(sources))
    if args.loso and args.seeds:
        print(f"  folds at seed {args.seed}: {summary(sources)}")
        for seed in args.seeds:
            again = per_source(True, seed)
            print(f"  folds at seed {seed}: {summary(again)}", flush=True)
            for tally in again if args.misses else ():
                for miss in tally.misses:
                    print(f"    {tally.name} (seed {seed}): {miss}")
    for name, spoil in SPOILS.items() if args.spoiled else ():
        spoilt = per_source(args.loso, args.seed, spoil)
        print(f"  {name}: {summary(spoilt)}", flush=True)
        for tally in spoilt:
            for miss in tally.misses if args.misses else ():
                print(f"    {tally.name} ({name}): {miss}")
    rendered = []
    by: dict[str, dict[str, Tally]] = {facet: {} for facet in args.by if args.world}
    if args.world:
        rendered += world(args.world, args.world_seed, by=by, size=args.size)
    if args.empty:
        rendered += world(args.empty, args.world_seed + 50_000, empty=True, size=args.size)
    if args.synthetic:
        rendered.append(synthetic(args.synthetic, slanted=False, size=args.size))
    if args.oblique:
        rendered.append(synthetic(args.oblique, slanted=True, size=args.size))
    for tally in rendered:
        print(tally.line(), flush=True)
    for facet, groups in by.items():
        print(f"world (seeds {args.world_seed}..) with tiles, by {facet}:")
        for group in sorted(groups):
            print(groups[group].line())
    tallies += rendered
    if args.misses:
        for tally in tallies:
            for miss in tally.misses:
                print(f"  {tally.name}: {miss}")
    every = [r for tally in tallies for r in tally.readings]
    if args.readings:
        readings.save(args.readings, every)
    if before is not None:
        print("\n".join(readings.changes(before, every, args.against.name)))
    if sources:
        print(f"peak memory {real_mb:.0f} MB reading the real photos (up to 12 MP)")
    for name, stage in models.STAGES.items():
        print(f"{name} model {stage.MODEL.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
