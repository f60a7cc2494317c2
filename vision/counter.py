"""Stage 3, count the pips: a learned model reads each half.

Each half (vision/halves.py: a square patch, its outer end at the top) is shrunk to a small
colour patch scaled to its own spread of brightness, and a pair of small convolutional
networks trained offline (training/pip_counter.py; data, seeds and figures in
vision/models/README.md) gives the chance of every count from blank to MAX_PIPS. They have
learned black, coloured and engraved pips, pale twelves and faces in glare from the renderer
and real photos, and pips laid out in many ways (sets differ: a nine in a square or in four
rows), so they count pips rather than knowing one set's patterns. The pair runs through
OpenCV alone (cv2.dnn on an ONNX file). The rule-based counter (vision/pips.py) gives a second
opinion: a half the two read differently is marked for the player to check.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np

from companion.tiles import MAX_PIPS
from vision.nets import open_net, standardised
from vision.pips import count_pips, light_pips
from vision.reading import HalfReading
from vision.thresholds import COUNT_PATCH, DISAGREED, MIRROR_BELOW, OVERRULES

MODEL = Path(__file__).with_name("models") / "pips.onnx"
PASS = 32
"""Halves read in one pass of the model (by both networks): its working memory grows with
the batch, and a busy photo has hundreds of halves. Reading the real photos (bench/vision.py)
peaked at 299 MB with every half of a photo in one pass of one network, and at 256 MB with
32 (speed the same)."""


def batch(halves: list[np.ndarray]) -> np.ndarray:
    """The model's input for these halves: N x 3 x COUNT_PATCH x COUNT_PATCH."""
    if not halves:
        return np.zeros((0, 3, COUNT_PATCH, COUNT_PATCH), np.float32)
    size = (COUNT_PATCH, COUNT_PATCH)
    patches = np.stack([cv2.resize(h, size, interpolation=cv2.INTER_AREA) for h in halves])
    return standardised(patches)


@cache
def _model():
    return open_net(MODEL)


def read(halves: list[np.ndarray]) -> list[HalfReading]:
    """How many pips each half has, as the model counts them, with the rule-based counter
    (vision/pips.py) as a second opinion. A half the model is OVERRULES sure of is that
    sure, whatever the rules count, unless they see something lying over the half's edge
    (a coin, a finger: a pip may be hidden that no counter sees). Otherwise, where the two
    agree the half is as sure as the less sure of them; where they differ the model's count
    stands but is at most DISAGREED sure, so the player is asked. ``halves``: each tile's
    two in turn (vision/halves.py), as the rule-based counter judges a tile's pips light or
    dark on both halves together (a lone last half on its own)."""
    light = [light_pips(np.vstack(halves[i : i + 2])) for i in range(0, len(halves), 2)]
    readings = []
    for i, (learned, half) in enumerate(zip(count(halves), halves, strict=True)):
        rules = count_pips(half, MAX_PIPS, light=light[i // 2])
        agreed = rules.count == learned.pips
        if learned.confidence >= OVERRULES and not rules.covered:
            sure = learned.confidence
        elif agreed:
            sure = min(learned.confidence, rules.confidence)
        else:
            sure = min(learned.confidence, DISAGREED)
        readings.append(
            HalfReading(
                learned.pips, sure, rules.contrast, agreed, learned.confidence, rules.pip_area
            )
        )
    return readings


def count(halves: list[np.ndarray]) -> list[HalfReading]:
    """How many pips each half has, and how sure the model is (its chance of that count).

    The model is two networks taught from different seeds (training/pip_counter.py) whose
    chances of every count are averaged. A half they read less surely than MIRROR_BELOW is
    read again mirrored (a half seen in a mirror has as many pips), and the two looks'
    chances are averaged. Left out of training, a set's elevens printed 4-3-4 were often
    read as nines from one look; and one network's readings of an unseen set depend on its
    training run's luck far more than a pair's (docs/vision.md)."""
    if not halves:
        return []
    inputs = batch(halves)
    chances = np.concatenate(
        [_chances(inputs[start : start + PASS]) for start in range(0, len(inputs), PASS)]
    )
    pips = chances.argmax(axis=1)
    sure = [float(np.clip(chances[i, n], 0, 1)) for i, n in enumerate(pips)]
    return [HalfReading(int(n), s, 0.0, learned=s) for n, s in zip(pips, sure, strict=True)]


def _chances(inputs: np.ndarray) -> np.ndarray:
    """The chance of every count for each half, as the pair of networks reads it; averaged
    over the half and its mirror image where the half alone is read less surely than
    MIRROR_BELOW (most halves of a plain mat are not: their mirror look is spared)."""
    model = _model()

    def look(patches: np.ndarray) -> np.ndarray:
        model.setInput(np.ascontiguousarray(patches))
        return model.forward()[:, : MAX_PIPS + 1]

    chances = look(inputs).copy()
    unsure = chances.max(axis=1) < MIRROR_BELOW
    if unsure.any():
        chances[unsure] = (chances[unsure] + look(inputs[unsure][..., ::-1])) / 2
    return chances
