"""Where things lie: tiles alone, in touching rows (side by side), in lines (end to end) and
in blocks, each group turned any way, none overlapping another, the face-up ones wholly
inside the photo; the hub with the engine and trains leaving its slots; face-down tiles
(also heaped as a boneyard), tiles on edge and clutter, clear of the rest.

Placing works on the canvas (the table from above) and checks every raised corner through
the camera, so a tile near the edge of a slanted photo is still wholly in the frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision import world_clutter
from vision.world_camera import Camera
from vision.world_tiles import tile_corners

OCCUPANCY_STEP = 4  # canvas px per cell of the occupancy grid


@dataclass
class Placed:
    """One tile-shaped object on the canvas: its footprint and the top the camera sees."""

    kind: str  # "face up", "face down" or "on edge"
    item: object  # the Tile, or None
    footprint: np.ndarray  # 4x2 canvas px, corner order as world_tiles.tile_corners
    top: np.ndarray  # 4x2 canvas px: the face, raised by the thickness
    height: float


def plan_groups(rng: np.random.Generator, count: int) -> list[tuple[str, int]]:
    """Split ``count`` tiles into groups: ("single"|"row"|"line"|"block", size)."""
    arrangement = rng.choice(["scattered", "rows", "mixed"], p=[0.35, 0.3, 0.35])
    groups = []
    left = count
    while left > 0:
        if arrangement == "scattered" or left == 1:
            kind = "single" if rng.random() < 0.85 or left == 1 else "row"
        elif arrangement == "rows":
            kind = str(rng.choice(["row", "line", "block"], p=[0.5, 0.2, 0.3]))
        else:
            kind = str(rng.choice(["single", "row", "line", "block"], p=[0.4, 0.3, 0.15, 0.15]))
        size = (
            1 if kind == "single" else int(min(left, rng.integers(2, 9 if kind != "line" else 6)))
        )
        if kind == "block" and size < 4:
            kind = "row"
        groups.append((kind, size))
        left -= size
    return groups


def group_poses(rng, kind: str, items: list, width: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """Centres (around 0, 0) and ``along`` directions of a group's tiles before turning. In
    a line (a train) a double may lie crosswise, as players lay them."""
    gap = width * rng.uniform(0.0, 0.03)
    length = 2 * width
    size = len(items)
    cols = max(2, min(int(np.ceil(np.sqrt(size / 2))) + int(rng.integers(0, 2)), size))
    poses = []
    reach = 0.0  # how far down the line the last tile ends
    for i, item in enumerate(items):
        wobble = np.deg2rad(rng.normal(0, 0.8 if kind != "single" else 0))
        along = np.array([np.sin(wobble), np.cos(wobble)])
        if kind == "row":  # side by side, long edges touching
            c = np.array([i * (width + gap), 0.0])
        elif kind == "line":  # end to end
            crosswise = getattr(item, "is_double", False) and rng.random() < 0.6
            extent = width if crosswise else length
            c = np.array([0.0, reach + extent / 2])
            reach += extent + gap
            if crosswise:
                along = np.array([along[1], -along[0]])
        elif kind == "block":
            c = np.array([(i % cols) * (width + gap), (i // cols) * (length + gap)])
        else:
            c = np.zeros(2)
        if rng.random() < 0.5:  # which end the first number sits at
            along = -along
        poses.append((c, along))
    centre = np.mean([c for c, _ in poses], axis=0)
    return [(c - centre, a) for c, a in poses]


class Table:
    """The canvas's occupancy: what is already lying where."""

    def __init__(self, camera: Camera) -> None:
        self.camera = camera
        w, h = camera.canvas_size
        self.grid = np.zeros((h // OCCUPANCY_STEP + 1, w // OCCUPANCY_STEP + 1), np.uint8)

    def _mask(self, polygons, grow: float) -> np.ndarray:
        mask = np.zeros_like(self.grid)
        for poly in polygons:
            pts = np.round(np.asarray(poly) / OCCUPANCY_STEP * 16).astype(np.int32)
            cv2.fillConvexPoly(mask, cv2.convexHull(pts), 1, cv2.LINE_8, 4)
        if grow > 0:
            k = int(np.ceil(grow / OCCUPANCY_STEP)) * 2 + 1
            mask = cv2.dilate(mask, np.ones((k, k), np.uint8))
        return mask

    def free(self, polygons, grow: float = 0.0) -> bool:
        return not (self._mask(polygons, grow) & self.grid).any()

    def take(self, polygons) -> None:
        self.grid |= self._mask(polygons, 0)


def place_tiles(
    rng,
    camera: Camera,
    table: Table,
    items: list,
    kind: str,
    width: float,
    thickness: float,
    groups: list[tuple[str, int]],
    spacing: float,
    centre_bias: bool = False,
) -> tuple[list[Placed], list]:
    """Lay ``items`` out in ``groups``; return what was placed and what did not fit."""
    placed, left_over = [], []
    queue = list(items)
    w, h = camera.photo_size
    for group_kind, size in groups:
        members = [queue.pop(0) for _ in range(min(size, len(queue)))]
        if not members:
            break
        poses = group_poses(rng, group_kind, members, width)
        for _attempt in range(50):
            if centre_bias:
                aim = np.array([w, h]) * (0.5 + rng.uniform(-0.08, 0.08, 2))
            else:
                aim = rng.uniform(0, 1, 2) * (w, h)
            origin = camera.to_canvas([aim])[0]
            turn = rng.uniform(0, 2 * np.pi)
            if centre_bias:  # a close-up is framed along the tiles, give or take a little
                turn = np.pi * (int(rng.integers(2)) + 0.5 * (w > h)) + rng.normal(0, 0.12)
            rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
            group = []
            for (c, along), item in zip(poses, members, strict=True):
                foot = _footprint(kind, origin + rot @ c, rot @ along, width, thickness)
                top = camera.raised(foot, thickness if kind != "on edge" else width)
                group.append(Placed(kind, item, foot, top, thickness))
            outline = [np.vstack([p.footprint, p.top]) for p in group]
            in_frame = all(camera.in_frame(camera.to_photo(p.top)) for p in group)
            if in_frame and table.free(outline, spacing):
                table.take(outline)
                placed.extend(group)
                break
        else:
            if len(members) > 1:  # the group does not fit whole: try its tiles alone
                more, rest = place_tiles(
                    rng,
                    camera,
                    table,
                    members,
                    kind,
                    width,
                    thickness,
                    [("single", 1)] * len(members),
                    spacing,
                )
                placed.extend(more)
                left_over.extend(rest)
            else:
                left_over.extend(members)
    return placed, left_over + queue


def _footprint(kind, centre, along, width, thickness) -> np.ndarray:
    if kind == "on edge":  # standing on a long edge: as long as a tile, as thin as it is thick
        return tile_corners(centre, along, thickness, 2 * width)
    return tile_corners(centre, along, width)


def place_heap(rng, camera: Camera, table: Table, count: int, width: float, thickness: float):
    """The boneyard: ``count`` tiles face down in a loose heap, lying over each other."""
    w, h = camera.photo_size
    reach = width * np.sqrt(count) * 1.2
    for _attempt in range(30):
        middle = camera.to_canvas([rng.uniform(0.1, 0.9, 2) * (w, h)])[0]
        heap = []
        for _ in range(count):
            r, a = reach * np.sqrt(rng.random()), rng.uniform(0, 2 * np.pi)
            turn = rng.uniform(0, 2 * np.pi)
            centre = middle + r * np.array([np.cos(a), np.sin(a)])
            foot = tile_corners(centre, (np.cos(turn), np.sin(turn)), width)
            heap.append(Placed("face down", None, foot, camera.raised(foot, thickness), thickness))
        outline = [np.vstack([p.footprint, p.top]) for p in heap]
        if table.free(outline, width * 0.25):
            table.take(outline)
            return heap
    return []


def pick(rng, options, weights=None):
    """One of ``options``, drawn with the given weights."""
    p = None if weights is None else np.asarray(weights, float) / np.sum(weights)
    return options[int(rng.choice(len(options), p=p))]


def engine_in_hub(rng, camera: Camera, table: Table, tiles, width, thickness_ratio):
    """The hub with the round's engine, a double, face up in its middle slot."""
    double = next(t for t in tiles if t.is_double)
    w, h = camera.photo_size
    for _attempt in range(20):
        centre = camera.to_canvas([(rng.uniform(0.25, 0.75) * w, rng.uniform(0.25, 0.75) * h)])[0]
        hub = world_clutter.make(rng, "hub", centre, width)
        a = rng.uniform(0, 2 * np.pi)
        foot = tile_corners(centre, (np.cos(a), np.sin(a)), width)
        top = camera.raised(foot, width * thickness_ratio)
        if camera.in_frame(camera.to_photo(top)) and table.free([hub.outline]):
            table.take([hub.outline])
            return Placed("face up", double, foot, top, width * thickness_ratio), hub
    return None, None


def place_negatives(
    rng, camera: Camera, table: Table, width, thickness, closeup, empty
) -> list[Placed]:
    """Tiles face down and tiles standing on edge, kept clear of the face-up tiles."""
    if closeup and rng.random() < 0.8:
        return []
    out: list[Placed] = []
    if rng.random() < (0.6 if empty else 0.35):
        n = int(rng.integers(1, 7))
        groups = plan_groups(rng, n)
        more, _ = place_tiles(
            rng, camera, table, [None] * n, "face down", width, thickness, groups, width * 0.25
        )
        out += more
    if rng.random() < (0.3 if empty else 0.15):
        out += place_heap(rng, camera, table, int(rng.integers(4, 13)), width, thickness)
    if rng.random() < (0.4 if empty else 0.2):
        n = int(rng.integers(1, 8))
        more, _ = place_tiles(
            rng, camera, table, [None] * n, "on edge", width, thickness, [("row", n)], width * 0.25
        )
        out += more
    return out


def place_clutter(rng, camera: Camera, table: Table, width, closeup) -> list[world_clutter.Clutter]:
    """Cards, coins, pencils, a pad, markers and the hub, clear of everything else."""
    n = int(rng.integers(0, 2)) if closeup else int(pick(rng, [0, 1, 2, 3, 5], [3, 3, 2, 1, 1]))
    things = []
    w, h = camera.photo_size
    for _ in range(n):
        kind = pick(rng, world_clutter.CLUTTER, [2, 3, 1.5, 1, 2, 0.7, 1.2])
        for _attempt in range(20):
            centre = camera.to_canvas([rng.uniform(0, 1, 2) * (w, h)])[0]
            thing = world_clutter.make(rng, kind, centre, width)
            if table.free([thing.outline], width * 0.15):
                table.take([thing.outline])
                things.append(thing)
                break
    return things


def place_trains(rng, camera: Camera, table: Table, hub, tiles: list, width, thickness):
    """Trains running out of the hub: a few tiles end to end from some of its slots, doubles
    crosswise now and then. Returns what was laid and the tiles left over."""
    rest = list(tiles)
    placed: list[Placed] = []
    spokes = [hub.spokes[i] for i in rng.permutation(len(hub.spokes))]
    for spoke in spokes[: int(rng.integers(1, 5))]:
        members = rest[: int(rng.integers(1, 5))]
        while members:
            train = _train(rng, camera, hub, spoke, members, width, thickness)
            outline = [np.vstack([p.footprint, p.top]) for p in train]
            # the trains come first after the hub, so only the hub is near: they may touch it
            if all(camera.in_frame(camera.to_photo(p.top)) for p in train) and table.free(outline):
                table.take(outline)
                placed += train
                rest = rest[len(members) :]
                break
            members = members[:-1]
    return placed, rest


def _train(rng, camera: Camera, hub, spoke: float, members, width, thickness) -> list[Placed]:
    out = np.array([np.cos(spoke), np.sin(spoke)])
    side = np.array([-out[1], out[0]])
    reach = hub.radius + width * 0.08
    train = []
    for tile in members:
        crosswise = tile.is_double and rng.random() < 0.5
        extent = width if crosswise else 2 * width
        centre = hub.outline.mean(axis=0) + out * (reach + extent / 2)
        along = side if crosswise else out
        along = along if rng.random() < 0.5 else -along
        wobble = rng.normal(0, 0.015)
        along = along * np.cos(wobble) + np.array([-along[1], along[0]]) * np.sin(wobble)
        foot = tile_corners(centre, along, width)
        train.append(Placed("face up", tile, foot, camera.raised(foot, thickness), thickness))
        reach += extent + width * rng.uniform(0.0, 0.04)
    return train
