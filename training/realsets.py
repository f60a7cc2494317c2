"""The labelled real photos in ../shared/data, one record per photo, with its source.

realphotos-dev: whole-tile labels (`a|b;...`) and the hand's total; train-real: a box and a
pip count for every non-blank half (YOLO or Pascal-VOC files), and the total. The source is
the repository a photo came from (owner/repo): the unit a leave-one-source-out fold leaves
out.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field
from pathlib import Path

from companion.tiles import Tile

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


SAME_PHOTOS = {"hartmannr76/pip-tracker-client": "sdwalker62/InternYOLOv8"}
"""Sources that hold the same photographer's photos as another, so they leave together."""


@dataclass(frozen=True)
class HalfBox:
    """A labelled half in image pixels: x0, y0, x1, y1 and its pips."""

    x0: float
    y0: float
    x1: float
    y1: float
    pips: int

    def holds(self, x: float, y: float, grow: float = 0.0) -> bool:
        dx, dy = (self.x1 - self.x0) * grow, (self.y1 - self.y0) * grow
        return self.x0 - dx <= x <= self.x1 + dx and self.y0 - dy <= y <= self.y1 + dy


@dataclass(frozen=True)
class LabelledPhoto:
    path: Path
    source: str  # owner/repo
    pip_total: int
    set_max: int
    tiles: list[Tile] | None = None  # every face-up tile, when labelled so
    halves: list[int] | None = None  # every non-blank half's pips, when labelled so
    boxes: list[HalfBox] = field(default_factory=list)
    measured: bool = True  # False: a training mosaic, never measured

    @property
    def name(self) -> str:
        return f"{self.source}:{self.path.name}"

    @property
    def fold(self) -> str:
        """The unit a leave-one-source-out fold leaves out: the source, except where two
        sources share photos (SOURCES.md: example1.jpg is a photo of the Roboflow set)."""
        return SAME_PHOTOS.get(self.source, self.source)


def dev_photos(root: Path = DATA / "realphotos-dev") -> list[LabelledPhoto]:
    labels = root / "labels.csv"
    if not labels.is_file():
        return []
    photos = []
    for row in csv.DictReader(labels.open()):
        tiles = [Tile.parse(t) for t in row["tiles"].split(";") if t]
        photos.append(
            LabelledPhoto(
                path=root / row["file"],
                source=row["source"].split(":")[0],
                pip_total=int(row["pip_total"]),
                set_max=6 if row.get("set_hint") == "d6" else 12,
                tiles=tiles,
            )
        )
    return photos


def train_photos(root: Path | None = None) -> list[LabelledPhoto]:
    """Every train-real photo (in ``root``, DATA/train-real unless told); the augmented 2x2
    mosaics (Roboflow's train split) are for training only (`measured` False): they are
    crops, not photos of a hand."""
    root = root or DATA / "train-real"
    labels = root / "labels.csv"
    if not labels.is_file():
        return []
    names = _class_names(root)
    photos = []
    for row in csv.DictReader(labels.open()):
        path = root / row["file"]
        tiles = [Tile.parse(t) for t in row["tiles"].split(";") if t] or None
        photos.append(
            LabelledPhoto(
                path=path,
                source=row["source"].split(":")[0],
                pip_total=int(row["pip_total"]),
                set_max=12,
                tiles=tiles,
                halves=[int(h) for h in row["halves"].split(";") if h],
                boxes=_boxes(path, names),
                measured=row.get("split") != "train",
            )
        )
    return photos


def _class_names(root: Path) -> list[str]:
    names: list[str] = []
    for data in root.glob("*/annotations/data.yaml"):
        lines = data.read_text().splitlines()
        at = lines.index("names:") if "names:" in lines else -1
        for line in lines[at + 1 :]:
            if not line.startswith("- "):
                break
            names.append(line[2:].strip())
    return names


def _boxes(image: Path, names: list[str]) -> list[HalfBox]:
    """The half boxes of one photo, from its YOLO text file or its Pascal-VOC JSON."""
    import cv2

    annotations = image.parent.parent.parent / "annotations"
    yolo = annotations / image.parent.name / (image.stem + ".txt")
    if yolo.is_file():
        height, width = cv2.imread(str(image), cv2.IMREAD_REDUCED_GRAYSCALE_2).shape[:2]
        width, height = width * 2, height * 2
        boxes = []
        for line in yolo.read_text().split("\n"):
            parts = line.split()
            if len(parts) != 5:
                continue
            cls, cx, cy, w, h = int(parts[0]), *map(float, parts[1:])
            pips = int(names[cls].split("-")[1])
            boxes.append(
                HalfBox(
                    (cx - w / 2) * width,
                    (cy - h / 2) * height,
                    (cx + w / 2) * width,
                    (cy + h / 2) * height,
                    pips,
                )
            )
        return boxes
    voc = image.parent.parent / "annotations" / (image.stem + ".json")
    if voc.is_file():
        objects = json.loads(voc.read_text())["annotation"]["object"]
        return [
            HalfBox(
                float(o["bndbox"]["xmin"]),
                float(o["bndbox"]["ymin"]),
                float(o["bndbox"]["xmax"]),
                float(o["bndbox"]["ymax"]),
                int(o["name"].split("-")[1]),
            )
            for o in objects
        ]
    return []


def all_photos() -> list[LabelledPhoto]:
    return dev_photos() + train_photos()
