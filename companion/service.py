"""The game loop: the one thread that changes the game.

Adapters (seat buttons, the centerpiece, the camera, phones) ``submit`` commands; the loop
turns each into events, commits them to the store, applies them to the match, and only then
announces them to the listeners (seat LEDs, sounds, the web stream). After a restart the
match is the event log replayed.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import Any

from companion import commands as c
from companion.entries import (
    DiceRolledEntry,
    Entry,
    GameStartedEntry,
    MarkerLiftedEntry,
    RoundEndedEntry,
    SeatClaimedEntry,
    SeatFreedEntry,
)
from companion.errors import CompanionError, StoreError
from companion.events import Event
from companion.games.base import Announce, EndTurn, GoOut, Pass, Tap
from companion.join_code import new_join_code
from companion.match import Match
from companion.scoring_desk import ScoringDesk
from companion.snapshot import snapshot
from companion.store import StorageFull, Store, StoredEvent

log = logging.getLogger("train_companion")

GESTURE_ACTIONS = {"press": EndTurn(), "hold": Pass(), "double": Tap(), "out": GoOut()}
GESTURE_WORDS = {
    "press": "ending a turn",
    "hold": "passing",
    "double": "last-tile tap",
    "out": "going out",
}


@dataclass(frozen=True)
class Announcement:
    """One committed event, what it means for the table, and the state after it."""

    stored: StoredEvent
    events: list[Event]
    state: dict[str, Any]


Listener = Callable[[Announcement], None]
HandReader = Callable[[int], None]
_WAKE_UP = object()  # put on the queue by stop(): the loop looks at its stop flag at once


class Companion(ScoringDesk):
    """The live companion. ``hand_reader(seat)`` asks the camera for that seat's hand; it
    answers later by submitting a ``HandRead`` (the loop never waits for the camera)."""

    def __init__(self, store: Store, hand_reader: HandReader | None = None) -> None:
        self.store = store
        self.hand_reader = hand_reader
        self.match = Match()
        self.game_id: int | None = None
        self.join_code: str | None = None  # the game's join code, kept in its first event
        self.seq = store.last_seq()
        self.degraded: dict[str, str] = {}
        self.storage = "ok"  # "full" or "failing" while the event log cannot be written
        self._state_listeners: list[Callable[[dict[str, Any]], None]] = []
        self._queue: queue.Queue = queue.Queue(maxsize=1000)
        self._listeners: list[Listener] = []
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self._changed = threading.Condition()
        self.heartbeat = time.monotonic()
        self._dice = random.SystemRandom()  # fair and unpredictable; each roll is an event
        self._resume()
        self._state = snapshot(self)
        self._phones = self._phones_now()

    # --- the outside -------------------------------------------------------------------
    def add_listener(self, listener: Listener, first: bool = False) -> None:
        """Hear every committed event; ``first`` puts it before the others (benchmarks)."""
        if first:
            self._listeners.insert(0, listener)
        else:
            self._listeners.append(listener)

    def add_state_listener(self, listener: Callable[[dict[str, Any]], None]) -> None:
        """Hear the state when it changes without an event (the event log failing or
        recovering), so the score pads can say so."""
        self._state_listeners.append(listener)

    def state(self) -> dict[str, Any]:
        return self._state

    def wait_for(self, condition: Callable[[], object], timeout: float) -> bool:
        """Wait until ``condition()`` holds, asked again after each committed event (once every
        listener, the seat LEDs among them, has heard it) and each change of state without
        one; False if ``timeout`` seconds pass first."""
        with self._changed:
            return bool(self._changed.wait_for(condition, timeout))

    def seat_of_phone(self, phone: str) -> int | None:
        """The seat (from 0) ``phone`` holds in the game in play, if any. Safe from any
        thread: the loop swaps in a new mapping on every commit, it never changes one."""
        return self._phones.get(phone)

    def submit(self, command: Any) -> Future:
        """Hand a command to the loop; never blocks. The future gives the events or error."""
        future: Future = Future()
        try:
            self._queue.put_nowait((command, future))
        except queue.Full:
            future.set_exception(CompanionError("the companion is busy; try again"))
        return future

    def call(self, command: Any, timeout: float = 10.0) -> list[Event]:
        """Submit and wait for the answer (for the web and the command line)."""
        return self.submit(command).result(timeout)

    def start(self) -> Companion:
        self._thread = threading.Thread(target=self._run, name="game-loop", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self._stopping.set()
        # wake the loop so it stops now, not at its next poll; a full queue: it is busy and
        # sees the stop after the command in hand
        with contextlib.suppress(queue.Full):
            self._queue.put_nowait(_WAKE_UP)
        if self._thread:
            self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        return bool(self._thread and self._thread.is_alive()) and (
            time.monotonic() - self.heartbeat < 5
        )

    # --- the loop ------------------------------------------------------------------------
    def _run(self) -> None:
        while not self._stopping.is_set():
            self.heartbeat = time.monotonic()
            try:
                item = self._queue.get(timeout=0.5)
            except queue.Empty:
                continue
            if item is _WAKE_UP:
                continue
            command, future = item
            try:
                future.set_result(self.handle(command))
            except CompanionError as error:
                future.set_exception(error)
            except Exception as error:  # a bug must not stop the table
                log.exception("could not handle %r", command)
                future.set_exception(CompanionError(f"internal error: {error}"))

    def handle(self, command: Any) -> list[Event]:
        """Run one command on the loop thread (tests may call it directly)."""
        handler = HANDLERS.get(type(command))
        if handler is None:
            raise CompanionError(f"unknown command {type(command).__name__}")
        return handler(self, command)

    def _commit(self, entry: Entry) -> list[Event]:
        try:
            if isinstance(entry, GameStartedEntry):
                self.game_id = self.store.new_game(entry.game, entry.players)
                self.join_code = entry.join_code
            stored = self.store.append(self.game_id, entry)
        except StoreError as error:
            self._storage_failed(error)
            raise
        self.degraded.pop("store", None)
        self.storage = "ok"
        self.seq = stored.seq
        events = self.match.apply(entry)
        self._state = snapshot(self)
        self._phones = self._phones_now()
        announcement = Announcement(stored, events, self._state)
        for listener in self._listeners:
            try:
                listener(announcement)
            except Exception:  # an LED or a phone must never stop the game
                log.exception("a listener failed on %s", entry.type)
        self._tell_waiters()
        return events

    def _storage_failed(self, error: StoreError) -> None:
        """Nothing was written: say so on every score pad; reads carry on as before."""
        log.error("%s", error)
        self.degraded["store"] = str(error)
        self.storage = "full" if isinstance(error, StorageFull) else "failing"
        self._state = snapshot(self)
        for listener in self._state_listeners:
            try:
                listener(self._state)
            except Exception:
                log.exception("a state listener failed")
        self._tell_waiters()

    def _tell_waiters(self) -> None:
        """The state changed: wait_for() asks its condition again."""
        with self._changed:
            self._changed.notify_all()

    # --- commands ----------------------------------------------------------------------
    def _do_NewGame(self, cmd: c.NewGame) -> list[Event]:
        start = Match.prepare_start(cmd.game, cmd.players, cmd.preset, cmd.options)
        rehearse_start(start, cmd.starter)  # a refused game must not end the one in play
        start = replace(start, join_code=new_join_code())
        if self.match.game is not None and not self.match.finished:
            self._commit(self.match.prepare_end())
        self.match = Match()
        events = self._commit(start)
        return events + self._commit(self.match.prepare_round(cmd.starter))

    def _do_Gesture(self, cmd: c.Gesture) -> list[Event]:
        if cmd.gesture not in GESTURE_ACTIONS:
            raise CompanionError(f"a seat can press, hold, double or out, not {cmd.gesture!r}")
        match = self._match()
        self._check_seat(cmd.seat)
        if match.finished:
            raise CompanionError("the game is over; the host can start a new one")
        if match.round_needs_scores():
            return self._scoring_gesture(cmd)
        if cmd.gesture == "double" and match.just_ended_turn(cmd.seat):
            return self._late_tap(cmd.seat)
        self._seat_to_move(cmd.seat)
        if cmd.gesture not in match.game.live_gestures:
            word = GESTURE_WORDS[cmd.gesture]
            raise CompanionError(
                f"there is no {word} in {match.game.title}: press to end your turn"
            )
        events = self._commit(match.prepare_action(GESTURE_ACTIONS[cmd.gesture]))
        if match.round_needs_scores():
            events += self._begin_scoring()
        return events

    def _late_tap(self, seat: int) -> list[Event]:
        """A double press: its first press already ended the seat's turn (buttons act at
        once), so the second adds the last-tile tap for that seat. The turn stays where it
        went: the table never sees it move twice."""
        match = self.match
        if "double" not in match.game.live_gestures or seat in match.state.tapped_seats():
            return []
        return self._commit(match.prepare_late_tap(seat))

    def _do_ActionTile(self, cmd: c.ActionTile) -> list[Event]:
        match = self._seat_to_move(cmd.seat)
        return self._commit(match.prepare_action(Announce(cmd.kind)))

    def _do_RollDice(self, cmd: c.RollDice) -> list[Event]:
        match = self._match()
        self._seat_to_move(cmd.seat)
        if not match.game.dice:
            raise CompanionError(f"{match.game.title} is not played with dice")
        dice = [self._dice.randint(1, 6) for _ in range(match.game.dice)]
        return self._commit(DiceRolledEntry(match.setup.number, cmd.seat, dice))

    def _do_Knock(self, cmd: c.Knock) -> list[Event]:
        match = self._match()
        state = match.state
        if match.finished or state is None or state.outcome is not None:
            return []
        if state.turn in state.tapped_seats():
            return []
        if "double" not in match.game.live_gestures:
            return []  # a game without last-tile taps: a knock is just a tile laid
        return self._commit(match.prepare_action(Tap()))

    def _do_CenterButton(self, cmd: c.CenterButton) -> list[Event]:
        if cmd.kind == "hold":
            return self._do_EndRound(c.EndRound("blocked"))
        return self._do_NextRound(c.NextRound())

    def _do_LiftMarker(self, cmd: c.LiftMarker) -> list[Event]:
        """The seat to move played on its own train again: its marker comes off."""
        match = self._match()
        self._check_seat(cmd.seat)
        if "hold" not in match.game.live_gestures:
            raise CompanionError(f"there are no markers in {match.game.title}")
        if match.finished:
            raise CompanionError("the game is over; the host can start a new one")
        self._seat_to_move(cmd.seat)
        if cmd.seat not in match.state.marked_seats():
            raise CompanionError(f"{match.players[cmd.seat]} has no marker out to lift")
        return self._commit(MarkerLiftedEntry(cmd.seat))

    def _do_ClaimSeat(self, cmd: c.ClaimSeat) -> list[Event]:
        match = self._match()
        self._check_seat(cmd.seat)
        if match.finished:
            raise CompanionError("the game is over; the host can start a new one")
        holder = match.phones.get(cmd.seat)
        if holder == cmd.phone:
            return []  # this phone holds it already
        if holder is not None:
            raise CompanionError(
                f"Seat {cmd.seat + 1} ({match.players[cmd.seat]}) is already held by another "
                "phone; ask the host to free it"
            )
        return self._commit(SeatClaimedEntry(cmd.seat, cmd.phone))

    def _do_FreeSeat(self, cmd: c.FreeSeat) -> list[Event]:
        match = self._match()
        self._check_seat(cmd.seat)
        holder = match.phones.get(cmd.seat)
        if holder is None or (cmd.phone is not None and holder != cmd.phone):
            return []  # free already, or since taken by another phone: not this one's to give
        by = "host" if cmd.phone is None else "phone"
        return self._commit(SeatFreedEntry(cmd.seat, by))

    def _do_EndRound(self, cmd: c.EndRound) -> list[Event]:
        match = self._match()
        if match.finished:
            raise CompanionError("the game is over; the host can start a new one")
        if match.state is None or match.state.outcome is not None:
            raise CompanionError("no round is in play")
        out = list(match.state.seats_out)  # gone out while the others took their first turn
        ended = "out" if out else cmd.ended
        events = self._commit(RoundEndedEntry(match.setup.number, ended, out))
        return events + self._begin_scoring()

    def _do_NextRound(self, cmd: c.NextRound) -> list[Event]:
        match = self._match()
        if match.finished:
            raise CompanionError("the game is over; the host can start a new one")
        if match.round_needs_scores():
            waiting = ", ".join(match.players[s] for s in self._waiting())
            raise CompanionError(f"the round is not scored yet: waiting for {waiting}")
        if match.state is not None and match.state.outcome is None:
            raise CompanionError("a round is in play")
        return self._commit(match.prepare_round(cmd.starter))

    def _do_EndGame(self, cmd: c.EndGame) -> list[Event]:
        match = self._match()
        if match.finished:
            raise CompanionError("the game is already over")
        return self._commit(match.prepare_end())

    # --- helpers -------------------------------------------------------------------------
    def _match(self) -> Match:
        if self.match.game is None:
            raise CompanionError("no game yet: the host sets one up on the score pad")
        return self.match

    def _seat_to_move(self, seat: int) -> Match:
        """The match, if a round is in play and it is ``seat``'s turn; else say whose it is."""
        match = self._match()
        self._check_seat(seat)
        if match.finished:
            raise CompanionError("the game is over; the host can start a new one")
        state = match.state
        if state is None or state.outcome is not None:
            raise CompanionError("no round is in play; press the centerpiece for the next one")
        if seat != state.turn:
            name, to_move = match.players[seat], match.players[state.turn]
            if seat in state.seats_out:
                raise CompanionError(
                    f"{name} is out; the others take their first turn: it is {to_move}'s turn"
                )
            raise CompanionError(f"it is {to_move}'s turn, not {name}'s")
        return match

    def _phones_now(self) -> dict[str, int]:
        return {phone: seat for seat, phone in self.match.phones.items()}

    def _check_seat(self, seat: int) -> None:
        players = len(self.match.players)
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise CompanionError(f"there is no seat {seat + 1}; seats are 1 to {players}")

    def _resume(self) -> None:
        """The latest game, replayed: in play, or finished (its result stays on the score
        pad until the host starts a new game)."""
        game_id = self.store.latest_game()
        if game_id is None:
            return
        events = self.store.events(game_id)
        if not events:
            return
        self.game_id = game_id
        first = events[0].entry
        self.join_code = first.join_code if isinstance(first, GameStartedEntry) else None
        self.match = Match.replay(e.entry for e in events)
        done = "finished" if self.match.finished else "resumed"
        log.info("%s game %s at event %s", done, game_id, events[-1].seq)


def rehearse_start(start: GameStartedEntry, starter: int | None = None) -> None:
    """Start the game and its first round on a scratch match, so a game that cannot start
    (a house rule the rules take but cannot play) is refused before anything is written."""
    try:
        _start_on_scratch(start, starter)
    except CompanionError:
        raise
    except Exception as error:  # a bad option the rules did not name: find it
        for name, value in start.options.items():
            alone = replace(start, options={name: value})
            try:
                _start_on_scratch(alone, starter)
            except Exception:
                raise CompanionError(
                    f"the house rule {name}={value!r} cannot be played ({error})"
                ) from None
        raise CompanionError(f"this game cannot start with those house rules ({error})") from None


def _start_on_scratch(start: GameStartedEntry, starter: int | None) -> None:
    scratch = Match()
    scratch.apply(start)
    scratch.apply(scratch.prepare_round(starter))


HANDLERS: dict[type, Callable[[Companion, Any], list[Event]]] = {
    c.NewGame: Companion._do_NewGame,
    c.Gesture: Companion._do_Gesture,
    c.ActionTile: Companion._do_ActionTile,
    c.RollDice: Companion._do_RollDice,
    c.Knock: Companion._do_Knock,
    c.CenterButton: Companion._do_CenterButton,
    c.LiftMarker: Companion._do_LiftMarker,
    c.ClaimSeat: Companion._do_ClaimSeat,
    c.FreeSeat: Companion._do_FreeSeat,
    c.EndRound: Companion._do_EndRound,
    c.NextRound: Companion._do_NextRound,
    c.EndGame: Companion._do_EndGame,
    c.EnterScore: Companion._do_EnterScore,
    c.HandRead: Companion._do_HandRead,
    c.HandListed: Companion._do_HandListed,
}
"""Each command and the method of the game loop that runs it."""
