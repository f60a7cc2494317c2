"""The score pad: rounds down the side, players across the top, totals at the foot.

A cell's first value is never overwritten. A correction is appended with who made it,
when and why, and the latest value counts; the whole trail stays readable.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import UTC, datetime

from companion.errors import CompanionError


@dataclass(frozen=True, slots=True)
class Entry:
    round: int
    seat: int
    value: int
    by: str
    at: str
    why: str


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class ScorePad:
    """``lower_wins`` is True for pips (Mexican Train) and False for tokens or points."""

    def __init__(self, players: list[str], lower_wins: bool = True) -> None:
        self.players = list(players)
        self.lower_wins = lower_wins
        self._cells: dict[tuple[int, int], list[Entry]] = {}

    def _check(self, round_number: int, seat: int, value: object) -> None:
        if not 0 <= seat < len(self.players):
            raise CompanionError(f"there is no seat {seat + 1}; seats are 1 to {len(self.players)}")
        if not isinstance(round_number, int) or round_number < 1:
            raise CompanionError(f"rounds are numbered from 1, not {round_number!r}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise CompanionError(f"a score is a whole number, not {value!r}")
        if abs(value) > 100_000:
            raise CompanionError(f"a score of {value} cannot be right")

    def record(
        self,
        round_number: int,
        seat: int,
        value: int,
        by: str = "game",
        why: str = "",
        at: str = "",
    ) -> Entry:
        """Write a score. If the cell has one already this is a correction: it is appended."""
        self._check(round_number, seat, value)
        entry = Entry(round_number, seat, value, by, at or now(), why)
        self._cells.setdefault((round_number, seat), []).append(entry)
        return entry

    def correct(
        self, round_number: int, seat: int, value: int, by: str, why: str, at: str = ""
    ) -> Entry:
        if (round_number, seat) not in self._cells:
            raise CompanionError(
                f"{self.players[seat]} has no score in round {round_number} to correct"
            )
        if not why.strip():
            raise CompanionError("say why the score is corrected; the reason is kept with it")
        return self.record(round_number, seat, value, by, why, at)

    def value(self, round_number: int, seat: int) -> int | None:
        trail = self._cells.get((round_number, seat))
        return trail[-1].value if trail else None

    def trail(self, round_number: int, seat: int) -> list[Entry]:
        return list(self._cells.get((round_number, seat), []))

    @property
    def rounds(self) -> list[int]:
        return sorted({r for r, _ in self._cells})

    def row(self, round_number: int) -> list[int | None]:
        return [self.value(round_number, seat) for seat in range(len(self.players))]

    def totals(self) -> list[int]:
        return [
            sum(self.value(r, seat) or 0 for r in self.rounds) for seat in range(len(self.players))
        ]

    def standings(self) -> list[tuple[int, str, int]]:
        """(place, player, total), best first; tied players share a place."""
        totals = self.totals()
        order = sorted(
            range(len(self.players)), key=lambda s: totals[s], reverse=not self.lower_wins
        )
        rows, place = [], 0
        for index, seat in enumerate(order):
            if index == 0 or totals[seat] != totals[order[index - 1]]:
                place = index + 1
            rows.append((place, self.players[seat], totals[seat]))
        return rows

    def winners(self) -> list[int]:
        totals = self.totals()
        if not totals:
            return []
        best = min(totals) if self.lower_wins else max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    def corrections(self) -> list[Entry]:
        return [entry for trail in self._cells.values() for entry in trail[1:]]

    def to_dict(self) -> dict:
        return {
            "players": self.players,
            "lower_wins": self.lower_wins,
            "rounds": [{"round": r, "scores": self.row(r)} for r in self.rounds],
            "totals": self.totals(),
            "winners": [self.players[s] for s in self.winners()],
            "corrections": [asdict(e) for e in self.corrections()],
        }

    def render(self, highlight_round: int | None = None) -> str:
        """The pad as text for a terminal: one row per round, totals and standings."""
        width = max(6, *(len(name) for name in self.players))
        head = "round  " + " ".join(name.rjust(width) for name in self.players)
        lines = [head, "-" * len(head)]
        for r in self.rounds:
            mark = ">" if r == highlight_round else " "
            cells = [("" if v is None else str(v)).rjust(width) for v in self.row(r)]
            lines.append(f"{mark}{r:>4}  " + " ".join(cells))
        lines.append("-" * len(head))
        lines.append("total  " + " ".join(str(t).rjust(width) for t in self.totals()))
        winners = self.winners()
        if winners and self.rounds:
            names = " and ".join(self.players[s] for s in winners)
            lines.append(f"leader: {names}")
        return "\n".join(lines)
