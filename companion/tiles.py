"""Domino tiles and sets.

A tile has two ends. An end is a number of pips (0..18) or, for SuperTrain's wild tiles, a
symbol: the Red Train (``TRAIN``) or one of the action letters A, D, R, S, T. Ends are kept
in a canonical order (numbers ascending, then symbols) so ``Tile(5, 3) == Tile(3, 5)``.

>>> from companion.tiles import Tile, double_set
>>> Tile.parse("12-5")
Tile(5, 12)
>>> len(double_set(12))
91
"""

from __future__ import annotations

from dataclasses import dataclass

TRAIN = "train"
"""The Red Train symbol of SuperTrain's wild tiles: matches anything."""

ACTION_LETTERS = ("A", "D", "R", "S", "T")
"""SuperTrain's action letters: Anywhere, Draw, Reverse, Skip, Twice."""

SYMBOLS = (TRAIN, *ACTION_LETTERS)
MAX_PIPS = 18

End = int | str


def _end_key(end: End) -> tuple[int, int]:
    if isinstance(end, int):
        return (0, end)
    return (1, SYMBOLS.index(end))


def check_end(end: End) -> End:
    """Return ``end`` if it is a valid end, else raise ``ValueError`` saying why."""
    if isinstance(end, bool):
        raise ValueError(f"not a tile end: {end!r}")
    if isinstance(end, int):
        if 0 <= end <= MAX_PIPS:
            return end
        raise ValueError(f"a tile end has 0 to {MAX_PIPS} pips, not {end}")
    if end in SYMBOLS:
        return end
    raise ValueError(f"not a tile end: {end!r} (use 0..{MAX_PIPS}, 'train' or A, D, R, S, T)")


@dataclass(frozen=True, slots=True, order=False)
class Tile:
    """One domino. Construct with the two ends in any order."""

    low: End
    high: End

    def __init__(self, a: End, b: End) -> None:
        a, b = check_end(a), check_end(b)
        if _end_key(b) < _end_key(a):
            a, b = b, a
        object.__setattr__(self, "low", a)
        object.__setattr__(self, "high", b)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``"3-5"``, ``"3|5"``, ``"12-train"`` or ``"A-train"``."""
        cleaned = text.strip().replace("|", "-").replace(":", "-")
        parts = cleaned.split("-")
        if len(parts) != 2:
            raise ValueError(f"a tile is written like 3-5, not {text!r}")
        ends = []
        for part in parts:
            part = part.strip()
            if part.isdigit():
                ends.append(int(part))
            elif part.lower() == TRAIN:
                ends.append(TRAIN)
            elif part.upper() in ACTION_LETTERS:
                ends.append(part.upper())
            else:
                raise ValueError(f"a tile is written like 3-5, not {text!r}")
        return cls(ends[0], ends[1])

    @property
    def ends(self) -> tuple[End, End]:
        return (self.low, self.high)

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    @property
    def is_wild(self) -> bool:
        """True for SuperTrain's Red-Train and action tiles."""
        return not (isinstance(self.low, int) and isinstance(self.high, int))

    @property
    def action(self) -> str | None:
        """The action letter of a SuperTrain action tile, else None."""
        for end in self.ends:
            if end in ACTION_LETTERS:
                return end
        return None

    @property
    def pips(self) -> int:
        """The pips on the numbered ends (symbols count nothing here; games score them)."""
        return sum(end for end in self.ends if isinstance(end, int))

    def has(self, end: End) -> bool:
        return end in self.ends

    def other(self, end: End) -> End:
        """The end left exposed when ``end`` is laid against a train."""
        if self.low == end:
            return self.high
        if self.high == end:
            return self.low
        raise ValueError(f"{self} has no {end} end")

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    def __repr__(self) -> str:
        return f"Tile({self.low!r}, {self.high!r})"

    def sort_key(self) -> tuple:
        return (_end_key(self.high), _end_key(self.low))


def highest_end(tiles: list[Tile]) -> int:
    """The most pips on any numbered end of ``tiles``: N for a double-N set."""
    return max((e for t in tiles for e in t.ends if isinstance(e, int)), default=0)


def double_set(n: int) -> list[Tile]:
    """A full double-``n`` set, 0-0 up to n-n: (n+1)(n+2)/2 tiles."""
    if not 0 <= n <= MAX_PIPS:
        raise ValueError(f"sets run from double-0 to double-{MAX_PIPS}, not double-{n}")
    return [Tile(a, b) for b in range(n + 1) for a in range(b + 1)]


def set_size(n: int) -> int:
    return (n + 1) * (n + 2) // 2
