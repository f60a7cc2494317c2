"""The game loop's scoring desk: hands photographed, read, confirmed or typed in.

A mixin of the game loop (companion.service.Companion), kept apart so each file stays one
you can hold in your head. Players who went out score 0; the others' hands are read by the
camera in turn (press: snap, hold: retake, press again: confirm) or typed in on the pad.
"""

from __future__ import annotations

from dataclasses import replace

from companion import commands as c
from companion.entries import HandReadEntry, HandScoredEntry
from companion.errors import CompanionError
from companion.events import Event, PhotoRequested

UNREADABLE = "the photo could not be read: retake it (hold) or type the score"


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
        reading = HandReadEntry(
            round=match.setup.number,
            seat=cmd.seat,
            total=cmd.total,
            tiles=cmd.tiles,
            low_confidence=cmd.low_confidence,
            picture=cmd.picture,
            source=cmd.source,
            status=cmd.status,
            reasons=list(cmd.reasons),
        )
        return self._commit(reading)

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
