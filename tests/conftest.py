"""The two tiers of the suite: the whole of it, and the fast tier (``pytest -m "not slow"``).

The fast tier loads the "fast" Hypothesis profile: every property test tries a few examples
there (tier.examples caps the ones that name their own number), and all of them in the whole
suite. ``--hypothesis-profile NAME`` chooses a profile by hand.

Both run on every core, one pytest-xdist worker per core (``-n auto`` in pyproject.toml);
``-n 0`` runs them in one process.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("whole", deadline=None)
settings.register_profile("fast", deadline=None, max_examples=5)


def pytest_configure(config):
    if int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1:
        # A worker has a core of its own: OpenCV's and PyTorch's thread pools, here and in
        # the processes the tests start, take one thread, or the workers fight over the
        # cores and the pools' threads wait on each other.
        os.environ.setdefault("OPENCV_FOR_THREADS_NUM", "1")
        os.environ.setdefault("OMP_NUM_THREADS", "1")
    if config.getoption("hypothesis_profile", None):
        return  # chosen by hand
    fast = "not slow" in (config.getoption("markexpr", "") or "")
    settings.load_profile("fast" if fast else "whole")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """The slow tests first: each worker takes the next test when it is done with one, so
    with the long ones behind them the workers end together, on a tail of short tests."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
