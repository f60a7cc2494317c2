"""The two tiers of the suite: the whole of it, and the fast tier (``pytest -m "not slow"``).

The fast tier loads the "fast" Hypothesis profile: every property test tries a few examples
there (tier.examples caps the ones that name their own number), and all of them in the whole
suite. ``--hypothesis-profile NAME`` chooses a profile by hand.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("whole", deadline=None)
settings.register_profile("fast", deadline=None, max_examples=5)


def pytest_configure(config):
    if config.getoption("hypothesis_profile", None):
        return  # chosen by hand
    fast = "not slow" in (config.getoption("markexpr", "") or "")
    settings.load_profile("fast" if fast else "whole")
