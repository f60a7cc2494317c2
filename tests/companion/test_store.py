import sqlite3

import pytest

from companion.errors import StoreError
from companion.match import Match
from companion.simulate import simulate
from companion.store import FILENAME, Store


def save(store: Store, match: Match) -> int:
    game_id = store.new_game(match.game.id, match.players)
    for kind, payload in match.log:
        store.append(game_id, kind, payload)
    return game_id


def test_replaying_a_games_events_rebuilds_exactly_its_state(tmp_path):
    match = simulate("mexican-train", 4, seed=9, options={"rounds": 3})
    with Store(tmp_path) as store:
        game_id = save(store, match)
    with Store(tmp_path) as store:
        events = store.events(game_id)
        again = Match.replay((e.type, e.payload) for e in events)
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
        seqs = [store.append(game_id, "note", {"n": i}).seq for i in range(5)]
        missed = store.events_since(seqs[1])
        assert [e.payload["n"] for e in missed] == [2, 3, 4]
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
