import json
import sqlite3

import pytest

from companion import commands as c
from companion.entries import ActionEntry, HandScoredEntry, SeatClaimedEntry
from companion.errors import StoreError
from companion.match import Match
from companion.service import Companion
from companion.simulate import simulate
from companion.store import APPLICATION_ID, FILENAME, Store


def save(store: Store, match: Match) -> int:
    game_id = store.new_game(match.game.id, match.players)
    for entry in match.log:
        store.append(game_id, entry)
    return game_id


def test_replaying_a_games_events_rebuilds_exactly_its_state(tmp_path):
    match = simulate("mexican-train", 4, seed=9, options={"rounds": 2})
    with Store(tmp_path) as store:
        game_id = save(store, match)
    with Store(tmp_path) as store:
        events = store.events(game_id)
        again = Match.replay(e.entry for e in events)
    assert [e.entry for e in events] == match.log
    assert again.pad.to_dict() == match.pad.to_dict()
    assert again.state.hands == match.state.hands
    assert [e.seq for e in events] == sorted(e.seq for e in events)


def test_the_file_is_in_wal_mode_with_a_versioned_schema(tmp_path):
    Store(tmp_path).close()
    db = sqlite3.connect(tmp_path / FILENAME)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1


def test_events_since_gives_what_a_phone_missed(tmp_path):
    with Store(tmp_path) as store:
        game_id = store.new_game("mexican-train", ["Ann", "Bob"])
        seqs = [store.append(game_id, SeatClaimedEntry(0, f"phone {i}")).seq for i in range(5)]
        missed = store.events_since(seqs[1])
        assert [e.entry.phone for e in missed] == ["phone 2", "phone 3", "phone 4"]
        assert store.last_seq() == seqs[-1]


def test_a_corrupt_file_is_a_clear_error_not_a_reset(tmp_path):
    path = tmp_path / FILENAME
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="not a Train Companion event log or is damaged"):
        Store(tmp_path)
    assert path.read_bytes().startswith(b"this is not a database")


def test_a_foreign_database_is_refused(tmp_path):
    path = tmp_path / "other.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="some other program's database"):
        Store(path)


def test_a_newer_schema_is_refused(tmp_path):
    Store(tmp_path).close()
    db = sqlite3.connect(tmp_path / FILENAME)
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer Train Companion"):
        Store(tmp_path)


def test_an_unwritable_place_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot open the event log"):
        Store(blocker / "sub" / "log.sqlite3")


# An event log as earlier versions wrote it, row by row: scores without ``why`` or ``at``, a
# round ended by the host without ``out``, a hand read before the tile reader gave verdicts.
OLD_ROWS = [
    ("game_started", {"game": "mexican-train", "preset": "front-porch", "options": {},
                      "players": ["Ann", "Bob", "Cy"], "seed": None, "join_code": "K7Q2"}),
    ("round_started", {"round": 1, "engine": "12-12", "starter": 0}),
    ("action", {"round": 1, "seat": 0, "action": "end"}),
    ("action", {"round": 1, "seat": 1, "action": "pass"}),
    ("seat_claimed", {"seat": 2, "phone": "cy-phone"}),
    ("round_ended", {"round": 1, "ended": "blocked"}),
    ("hand_read", {"round": 1, "seat": 0, "total": 8, "tiles": [[3, 5]],
                   "low_confidence": False, "picture": None, "source": "camera"}),
    ("score", {"round": 1, "seat": 0, "value": 8, "by": "camera"}),
    ("hand_read", {"round": 1, "seat": 1, "total": 12, "tiles": [[6, 6]],
                   "low_confidence": True, "picture": "1-1.jpg", "source": "phone"}),
]  # fmt: skip


def old_event_log(tmp_path):
    db = sqlite3.connect(tmp_path / FILENAME)
    db.executescript(
        "CREATE TABLE events (seq INTEGER PRIMARY KEY AUTOINCREMENT, game_id INTEGER NOT NULL,"
        " at TEXT NOT NULL, type TEXT NOT NULL, payload TEXT NOT NULL);"
        "CREATE TABLE games (game_id INTEGER PRIMARY KEY, started TEXT NOT NULL,"
        " game TEXT NOT NULL, players TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0);"
    )
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    at = "2026-11-01T19:00:00.000+00:00"
    db.execute("INSERT INTO games VALUES (1, ?, 'mexican-train', ?, 0)", (at, '["Ann","Bob","Cy"]'))
    for kind, payload in OLD_ROWS:
        row = (at, kind, json.dumps(payload, separators=(",", ":")))
        db.execute("INSERT INTO events (game_id, at, type, payload) VALUES (1, ?, ?, ?)", row)
    db.commit()
    db.close()


def test_an_event_log_written_by_an_earlier_version_resumes_where_it_stopped(tmp_path):
    old_event_log(tmp_path)
    with Store(tmp_path) as store:
        state = Companion(store).state()
        assert store.hand_pictures() == [(1, "1-1.jpg")]
    assert state["phase"] == "scoring" and state["players"] == ["Ann", "Bob", "Cy"]
    assert state["rounds"][0] == {"round": 1, "engine": "12-12", "ended": "blocked",
                                  "scores": [8, None, None]}  # fmt: skip
    assert state["markers"] == [2] and state["held_seats"] == [3]
    reading = state["scoring"]["readings"]["2"]
    assert (reading["total"], reading["status"], reading["reasons"]) == (12, "ok", [])
    assert state["scoring"]["waiting"] == [2, 3]


def test_an_old_row_reads_back_as_its_entry_with_the_missing_fields_at_their_defaults(tmp_path):
    old_event_log(tmp_path)
    with Store(tmp_path) as store:
        events = store.events(1)
    assert events[2].entry == ActionEntry(round=1, seat=0, action="end")
    assert events[5].entry.out == []
    assert (events[7].entry.why, events[7].entry.at) == ("", "")
    assert events[6].entry.status == "ok" and events[6].entry.reasons == []


def test_a_row_this_version_cannot_read_is_a_clear_error(tmp_path):
    old_event_log(tmp_path)
    db = sqlite3.connect(tmp_path / FILENAME)
    db.execute("INSERT INTO events (game_id, at, type, payload) VALUES (1, 'now', 'score', '{}')")
    db.commit()
    db.close()
    with Store(tmp_path) as store, pytest.raises(StoreError, match="score event lacks"):
        store.events(1)


def test_hands_counted_for_win_tokens_are_kept_and_resume_after_a_restart(tmp_path):
    with Store(tmp_path) as store:
        table = Companion(store)
        table.handle(c.NewGame("engine-191", ["Ann", "Bob", "Cy"], starter=0))
        table.handle(c.EndRound("blocked"))
        table.handle(c.EnterScore(0, 12))
        table.handle(c.EnterScore(1, 30))
        waiting = table.state()["scoring"]
    with Store(tmp_path) as store:
        resumed = Companion(store)
        assert resumed.state()["scoring"] == waiting
        assert waiting["hands"] == {"1": 12, "2": 30} and waiting["waiting"] == [3]
        resumed.handle(c.EnterScore(2, 7))
        assert resumed.state()["rounds"][0]["scores"] == [0, 0, 1]  # the lowest hand wins
        kept = [e.entry for e in store.events(1) if isinstance(e.entry, HandScoredEntry)]
        assert [(hand.seat, hand.value) for hand in kept] == [(0, 12), (1, 30), (2, 7)]
