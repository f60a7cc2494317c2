"""Examples for the verifier: the outlines the finder draws, each labelled tile or not.

The finder runs on each photo as it does in the product; an outline is a tile where the
photo's labels say one lies there, and not a tile where nothing labelled does. Rendered
photos add outlines on purpose: the true tiles' own outlines, slightly off (as the finder
draws them), and tile-sized patches of bare table.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from training.cache import kept
from training.realsets import LabelledPhoto
from vision import load_photo, verify
from vision.reading import Candidate
from vision.recognise import propose

CACHE = Path(__file__).resolve().parents[1] / ".cache" / "verifier-samples"
VERSION = "5"
"""Bumped when the finder, the spotter's outlines or the patch change, so cached examples
are made anew (5: the crosswise outlines and the mirrored counter)."""


@dataclass
class Examples:
    patches: np.ndarray  # N x 3 x H x W float32, as verify.batch makes them
    labels: np.ndarray  # N, 1 = tile, 0 = not a tile
    group: str  # where they came from: a real source (owner/repo) or "rendered"

    @staticmethod
    def empty(group: str) -> Examples:
        return Examples(verify.batch(np.zeros((8, 8, 3), np.uint8), []), np.zeros(0), group)


EXTRA_SIDES = (None, 480)
"""The training examples include the outlines found at 480 px as well as at the product's
working size: more kinds of wrong outline for the verifier to learn from."""


def _outlines(image: np.ndarray) -> list[Candidate]:
    return propose(image, EXTRA_SIDES).candidates


def _half_centres(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    a = (corners[0] + corners[1]) / 2
    b = (corners[2] + corners[3]) / 2
    middle = (a + b) / 2
    return (a + middle) / 2, (b + middle) / 2


def cached(key: str, group: str, make) -> Examples:
    """``make()``'s examples, kept in .cache under ``key`` (and VERSION) once made."""

    def arrays() -> tuple[np.ndarray, np.ndarray]:
        examples = make()
        return examples.patches, examples.labels

    patches, labels = kept(CACHE, f"{VERSION}:{key}", ("patches", "labels"), arrays)
    return Examples(patches, labels, group)


def real_examples(photo: LabelledPhoto) -> Examples:
    """Outlines on a photo with half boxes: a tile when its halves sit in labelled halves
    (a blank half has no box), not a tile when nothing labelled is under it."""
    return cached(str(photo.path), photo.source, lambda: _real_examples(photo))


def _real_examples(photo: LabelledPhoto) -> Examples:
    image = load_photo(photo.path)
    corners, negative, labels = [], [], []
    for candidate in _outlines(image):
        outline = candidate.corners
        centres = _half_centres(outline)
        inside = [any(box.holds(*c) for box in photo.boxes) for c in centres]
        near = any(box.holds(*c, grow=0.15) for box in photo.boxes for c in (*centres,))
        if any(inside):  # the other half may be a blank, which has no box
            label = 1
        elif not near:
            label = 0
        else:
            continue  # half on a labelled half, half off it: not clear either way
        for look in verify.looks(candidate):
            corners.append(outline)
            negative.append(look)
            labels.append(label)
    patches = verify.batch(image, corners, negative)
    return Examples(patches, np.array(labels, np.float32), photo.source)


def rendered_examples(
    image: np.ndarray, truth: list[np.ndarray], seed: int, dark_tiles: bool = False
) -> Examples:
    """Outlines on a rendered photo, labelled by the true tiles' corners, plus true outlines
    drawn slightly off and bare patches of table (``dark_tiles``: black tiles, seen on the
    negative)."""
    rng = np.random.default_rng(seed)
    corners, negative, labels = [], [], []
    centres = [t.mean(axis=0) for t in truth]
    widths = [float(np.linalg.norm(t[0] - t[1])) for t in truth]
    for candidate in _outlines(image):
        outline = candidate.corners
        centre = outline.mean(axis=0)
        hit = any(
            np.linalg.norm(centre - c) < 0.35 * w and _same_axis(outline, t)
            for c, w, t in zip(centres, widths, truth, strict=True)
        )
        for look in verify.looks(candidate):  # black tiles are tiles on the negative only
            corners.append(outline)
            negative.append(look)
            labels.append(1 if hit and look == dark_tiles else 0)
    for true in truth:
        jitter = rng.normal(0, 0.04 * float(np.linalg.norm(true[0] - true[1])), (4, 2))
        order = rng.permutation(2)  # either end first
        shaken = (true + jitter).astype(np.float32)
        corners.append(shaken if order[0] == 0 else shaken[[2, 3, 0, 1]])
        negative.append(dark_tiles)
        labels.append(1)
    height, width = image.shape[:2]
    typical = float(np.median(widths)) if widths else min(height, width) * 0.08
    for _ in range(3):
        corners.append(_bare_patch(rng, width, height, typical, centres))
        negative.append(bool(rng.random() < 0.5))
        labels.append(0)
    patches = verify.batch(image, corners, negative)
    return Examples(patches, np.array(labels, np.float32), "rendered")


def _same_axis(outline: np.ndarray, true: np.ndarray) -> bool:
    def axis(c):
        v = (c[0] + c[1]) / 2 - (c[2] + c[3]) / 2
        return v / (np.linalg.norm(v) + 1e-6)

    return abs(float(np.dot(axis(outline), axis(true)))) > 0.9


def _bare_patch(rng, width, height, typical, centres) -> np.ndarray:
    """A tile-sized rectangle where no tile lies (the outline of nothing)."""
    for _ in range(20):
        centre = rng.uniform([0, 0], [width, height])
        if all(np.linalg.norm(centre - c) > 2.5 * typical for c in centres):
            angle = rng.uniform(0, np.pi)
            along = np.array([np.cos(angle), np.sin(angle)]) * typical
            across = np.array([-along[1], along[0]]) / 2
            return np.float32(
                [
                    centre - along - across,
                    centre - along + across,
                    centre + along + across,
                    centre + along - across,
                ]
            )
    return np.float32([[0, 0], [typical, 0], [typical, 2 * typical], [0, 2 * typical]])
