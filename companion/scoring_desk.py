"""The game loop's scoring desk: hands photographed, read, confirmed or typed in.

A mixin of the game loop (companion.service.Companion), kept apart so each file stays one
you can hold in your head. Players who went out score 0; the others' hands are read by the
camera in turn (press: snap, hold: retake, press again: confirm) or typed in on the pad.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from companion import commands as c
from companion.entries import HandReadEntry, HandScoredEntry
from companion.errors import CompanionError
from companion.events import Event, PhotoRequested
from companion.tiles import Tile, highest_end

UNREADABLE = "the photo could not be read: retake it (hold) or type the score"
WILD_UNREAD = "the camera does not read wild tiles (a Red Train or a letter): list any in the hand"


class ScoringDesk:
    def _do_EnterScore(self, cmd: c.EnterScore) -> list[Event]:
        match = self._match()
        self._check_seat(cmd.seat)
        round_number = cmd.round or match.setup.number
        pad = match.pad
        if round_number not in pad.rounds and round_number != match.setup.number:
            raise CompanionError(f"there is no round {round_number} on the score pad")
        if pad.value(round_number, cmd.seat) is not None and not cmd.why.strip():
            raise CompanionError("say why the score is corrected; the reason is kept with it")
        if pad.value(round_number, cmd.seat) is None and match.state.outcome is None:
            raise CompanionError("the round is still in play; scores come when it ends")
        if pad.value(round_number, cmd.seat) is None:
            if cmd.seat not in self._waiting():
                raise CompanionError(f"{match.players[cmd.seat]}'s hand is already scored")
            return self._score_hand(cmd.seat, cmd.value, cmd.by, cmd.why)
        score = match.prepare_score(cmd.seat, cmd.value, cmd.by, cmd.why)
        return self._commit(replace(score, round=round_number)) + self._after_score()

    def _do_HandRead(self, cmd: c.HandRead) -> list[Event]:
        match = self._match()
        self._check_seat(cmd.seat)
        if not match.round_needs_scores() or cmd.seat not in self._waiting():
            raise CompanionError(f"{match.players[cmd.seat]}'s hand is not waiting to be scored")
        status, reasons = self.reading_verdict(cmd.status, cmd.reasons)
        reading = HandReadEntry(
            round=match.setup.number,
            seat=cmd.seat,
            total=self._reading_worth(cmd),
            tiles=cmd.tiles,
            low_confidence=cmd.low_confidence,
            picture=cmd.picture,
            source=cmd.source,
            status=status,
            reasons=reasons,
        )
        return self._commit(reading)

    def reading_verdict(self, status: str, reasons: Sequence[str]) -> tuple[str, list[str]]:
        """The tile reader's verdict as the game in play takes it: where its set has wild
        tiles, which the camera cannot read (a Red Train is no pips), a readable photo is
        never scored without the player's look. Safe from the camera's and the web's
        threads: it reads the match the loop swaps in whole."""
        match = self.match
        reasons = list(reasons)
        if status == "unreadable" or match.game is None:
            return status, reasons
        if not any(tile.is_wild for tile in match.game.all_tiles(len(match.players))):
            return status, reasons
        return "check", reasons if WILD_UNREAD in reasons else [*reasons, WILD_UNREAD]

    def _do_HandListed(self, cmd: c.HandListed) -> list[Event]:
        """The tiles the player says are in the hand, added up and scored at once: the
        camera's reading put right (its picture kept with the listed tiles), or a hand
        listed with no photo at all. Nobody counts pips either way."""
        match = self._match()
        self._check_seat(cmd.seat)
        if not match.round_needs_scores() or cmd.seat not in self._waiting():
            raise CompanionError(f"{match.players[cmd.seat]}'s hand is not waiting to be scored")
        tiles = _listed_tiles(cmd.tiles, match.game.all_tiles(len(match.players)))
        limit = match.hand_limit()
        if limit is not None and len(tiles) > limit:
            raise CompanionError(f"{len(tiles)} tiles listed, more than a hand can hold ({limit})")
        total = self._hand_worth(tiles)
        read = match.readings.get(cmd.seat)
        listed = HandReadEntry(
            round=match.setup.number,
            seat=cmd.seat,
            total=total,
            tiles=[list(t.ends) for t in tiles],
            low_confidence=False,
            picture=read.picture if read else None,
            source="player",
        )
        events = self._commit(listed)
        return events + self._score_hand(cmd.seat, total, "player", _what_changed(read, tiles))

    def _hand_worth(self, tiles: list[Tile]) -> int:
        """What the tiles of a hand count in the game in play (a 0-0 worth 50 where the
        table plays it so, a SuperTrain wild end 10)."""
        return sum(self.match.game.tile_value(tile) for tile in tiles)

    def _reading_worth(self, cmd: c.HandRead) -> int:
        """A reading's total as the game counts its tiles; the reader's own total where its
        tiles do not add up to it (an unreadable photo's partial tiles, a reader that gives
        only a total)."""
        try:
            tiles = [Tile(*t) for t in cmd.tiles]
        except (TypeError, ValueError):
            return cmd.total
        pips = sum(t.pips for t in tiles)
        return self._hand_worth(tiles) if cmd.tiles and pips == cmd.total else cmd.total

    def hand_limit(self) -> int | None:
        """The most tiles one hand can hold in the game in play (the tile reader doubts a
        reading with more); None without a game, or for a game without a hand size. Safe
        from the camera's thread: it reads the match the loop swaps in whole."""
        return self.match.hand_limit()

    def _waiting(self) -> list[int]:
        match = self.match
        row = match.pad.row(match.setup.number)
        start = match.setup.starter
        order = [(start + i) % len(match.players) for i in range(len(match.players))]
        return [seat for seat in order if row[seat] is None and seat not in match.hand_pips]

    def _score_hand(self, seat: int, value: int, by: str, why: str = "") -> list[Event]:
        """A hand is counted. Pips go straight on the pad; for games that count win tokens
        the hands are kept until every one is in, then the lowest win a token each."""
        match = self.match
        if match.game.measure != "tokens":
            return self._commit(match.prepare_score(seat, value, by, why)) + self._after_score()
        hand = match.prepare_score(seat, value, by, why)  # checked as a score would be
        events = self._commit(
            HandScoredEntry(hand.round, hand.seat, hand.value, hand.by, hand.why, hand.at)
        )
        if len(match.hand_pips) == len(match.players):
            hands = [match.hand_pips[s] for s in range(len(match.players))]
            for s, tokens in enumerate(match.game.pad_values(hands, None)):
                record = match.prepare_score(s, tokens, "rule", f"{hands[s]} in hand and yard")
                events += self._commit(record)
        return events + self._after_score()

    def _begin_scoring(self) -> list[Event]:
        """Players who went out score 0; the first waiting seat's camera turn begins."""
        match = self.match
        events = []
        for seat in match.state.outcome.out:
            if seat in self._waiting():
                events += self._score_hand(seat, 0, "rule", "went out")
        return events + self._after_score()

    def _after_score(self) -> list[Event]:
        match = self.match
        if match.round_needs_scores() or match.state.outcome is None:
            return []  # hands still to score, or a correction while the round is in play
        if match.is_last_round() and not match.finished:
            return self._commit(match.prepare_end())
        return []

    def _scoring_gesture(self, cmd: c.Gesture) -> list[Event]:
        match = self.match
        if cmd.gesture == "double":
            return []  # the second press of a double: its first press did what was meant
        waiting = self._waiting()
        if cmd.seat not in waiting:
            raise CompanionError(f"{match.players[cmd.seat]}'s hand is already scored")
        reading = match.readings.get(cmd.seat)
        if cmd.gesture == "press" and reading is not None:
            if reading.status == "unreadable":  # never a quiet guess on the pad
                raise CompanionError(UNREADABLE)
            return self._score_hand(cmd.seat, reading.total, reading.source, "confirmed")
        if self.hand_reader is None:
            self.degraded["camera"] = "no camera: enter the scores on the score pad"
            raise CompanionError("no camera here: enter the score on the score pad")
        self.hand_reader(cmd.seat)  # press: snap; hold: retake
        return [PhotoRequested(cmd.seat)]


def _listed_tiles(tiles: object, in_play: list[Tile]) -> list[Tile]:
    """A player's list of tiles, checked against the tiles of the game in play: ends of
    whole pips within its set, or the symbols of its wild tiles (SuperTrain's "train" and
    letters), and no tile more often than the game has it (once, but for games played with
    several sets mixed, and SuperTrain's three A-Trains)."""
    there = Counter(in_play)
    symbols = {end for tile in there for end in tile.ends if isinstance(end, str)}
    wild = ', or a wild tile like [5, "train"]' if symbols else ""
    if not isinstance(tiles, list | tuple):
        raise CompanionError(f"list the tiles as pairs of pips, like [[3, 5], [6, 6]]{wild}")
    highest = highest_end(in_play)
    checked = []
    for listed in tiles:
        ends = listed if isinstance(listed, list | tuple) and len(listed) == 2 else ()
        known = [_end(end, symbols) for end in ends]
        if len(known) != 2 or None in known:
            raise CompanionError(f"a tile is two ends of pips, like [3, 5]{wild}, not {listed!r}")
        pips = sorted(end for end in known if isinstance(end, int))
        if pips and (pips[0] < 0 or pips[-1] > highest):
            name = "-".join(str(end) for end in (*pips, *(e for e in known if e not in pips)))
            raise CompanionError(f"{name}: the set in play has 0 to {highest} pips an end")
        checked.append(Tile(*known))
    for tile, n in Counter(checked).items():
        if not there[tile]:
            raise CompanionError(f"{tile}: the game in play has no such tile")
        if n > there[tile]:
            copies = "only one" if there[tile] == 1 else f"{there[tile]}"
            raise CompanionError(f"{tile} listed {n} times: the game has {copies} of it")
    return checked


def _end(end: object, symbols: set[str]) -> int | str | None:
    """A listed end as the tiles have it: whole pips, or one of the game's wild symbols in
    any case ("Train", "a"); None for anything else."""
    if isinstance(end, int) and not isinstance(end, bool):
        return end
    if isinstance(end, str):
        for symbol in symbols:
            if end.strip().lower() == symbol.lower():
                return symbol
    return None


def _what_changed(read: HandReadEntry | None, tiles: list[Tile]) -> str:
    """The score's reason: the tiles listed, and how they differ from the photo's reading."""
    if read is None:
        return "tiles listed by the player"
    before = Counter(Tile(*t) for t in read.tiles)
    after = Counter(tiles)
    changes = [f"{t} added" for t in sorted((after - before).elements(), key=Tile.sort_key)]
    changes += [f"{t} taken off" for t in sorted((before - after).elements(), key=Tile.sort_key)]
    if not changes:
        return f"the photo's reading of {read.total}, checked by the player"
    return f"the photo read {read.total}; put right by the player: {', '.join(changes)}"
