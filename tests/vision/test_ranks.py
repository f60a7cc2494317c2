"""Percentiles taken the quick way give what numpy gives, to the bit: a reading must not
change because the recogniser got faster."""

import numpy as np
import pytest

from vision.ranks import byte_median, byte_percentiles, percentile

PERCENTS = (0, 1, 25, 50, 90, 99, 99.5, 100)


@pytest.mark.parametrize("count", [1, 2, 3, 7, 96 * 96, 96 * 97 + 1])
def test_byte_percentiles_are_numpys(count):
    rng = np.random.default_rng(count)
    for spread in (256, 40, 2):  # every value, a narrow face, two values only
        values = rng.integers(100, 100 + spread, count).clip(0, 255).astype(np.uint8)
        assert byte_percentiles(values, PERCENTS) == [
            float(v) for v in np.percentile(values, PERCENTS)
        ]


def test_a_half_image_is_taken_whole():
    rng = np.random.default_rng(1)
    half = rng.integers(0, 256, (96, 96), dtype=np.uint8)
    assert byte_median(half) == float(np.median(half))


@pytest.mark.parametrize("count", [1, 2, 5, 21])
def test_percentile_of_a_few_values_is_numpys(count):
    values = np.random.default_rng(count).normal(120, 30, count)
    for percent in PERCENTS:
        assert percentile(values, percent) == float(np.percentile(values, percent))
