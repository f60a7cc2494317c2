"""How many examples a property test tries in the tier being run (see tests/conftest.py)."""

from __future__ import annotations

from hypothesis import settings


def examples(whole: int) -> int:
    """``whole`` in the whole suite; in the fast tier, no more than its profile allows."""
    if settings.get_current_profile_name() == "fast":
        return min(whole, settings.default.max_examples)
    return whole
