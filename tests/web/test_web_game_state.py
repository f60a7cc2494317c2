"""Every action is checked against the game before anything is written: a refused command
changes nothing, and a finished game still shows its result after a restart."""

from __future__ import annotations

import pytest
from web_helpers import PLAYERS, post, seat_to_move, stop

from companion import commands as c
from companion.service import Companion
from companion.store import Store
from web import create_app


def written(game) -> int:
    return game.store.last_seq()


def press_for(host, seat: int, gesture: str = "press"):
    return post(host, f"/api/seats/{seat}/press", {"gesture": gesture})


def test_lifting_a_marker_in_a_finished_game_writes_nothing(host, game):
    seat = seat_to_move(game)
    press_for(host, seat, "hold")  # a marker out
    assert post(host, "/api/game/end").status_code == 200
    before = written(game)
    refused = post(host, f"/api/seats/{seat}/lift-marker")
    assert refused.status_code == 409 and "over" in refused.json["error"]
    assert written(game) == before


def test_lifting_a_marker_out_of_turn_writes_nothing(host, game):
    seat = seat_to_move(game)
    press_for(host, seat, "hold")  # a marker out; the turn moves on
    before = written(game)
    refused = post(host, f"/api/seats/{seat}/lift-marker")
    assert refused.status_code == 409 and "turn" in refused.json["error"]
    assert written(game) == before
    assert seat in game.state()["markers"]


def test_lifting_a_marker_that_is_not_out_writes_nothing(host, game):
    seat = seat_to_move(game)
    before = written(game)
    refused = post(host, f"/api/seats/{seat}/lift-marker")
    assert refused.status_code == 409 and "no marker" in refused.json["error"]
    assert written(game) == before


def test_a_seat_lifts_its_marker_on_its_own_turn(host, game):
    seat = seat_to_move(game)
    press_for(host, seat, "hold")
    while seat_to_move(game) != seat:
        press_for(host, seat_to_move(game))
    lifted = post(host, f"/api/seats/{seat}/lift-marker")
    assert lifted.status_code == 200 and seat not in lifted.json["state"]["markers"]


@pytest.mark.parametrize(
    "body",
    [
        {"game": "mexican-train", "players": ["Ann", "Ann"]},
        {"game": "mexican-train", "players": PLAYERS, "options": {"set": 99}},
        {"game": "supertrain", "players": PLAYERS, "options": {"starting_engine": True}},
        {"game": "no-such-game", "players": PLAYERS},
        {"game": "mexican-train", "players": PLAYERS, "preset": "no-such-preset"},
    ],
)
def test_a_refused_new_game_leaves_the_game_in_play(host, game, body):
    before = game.state()
    refused = post(host, "/api/games", body)
    assert refused.status_code == 400 and refused.json["error"]
    assert "internal error" not in refused.json["error"]
    after = game.state()
    assert after["game_id"] == before["game_id"] and after["seq"] == before["seq"]
    assert after["phase"] == "playing" and written(game) == before["seq"]


def test_after_a_restart_a_finished_game_shows_its_result(tmp_path, config):
    store = Store(tmp_path / "data")
    first = Companion(store).start()
    first.call(c.NewGame("mexican-train", PLAYERS, None, {"rounds": 1}))
    first.call(c.EndGame())
    result = first.state()
    assert result["phase"] == "over"
    stop(first)
    again = Companion(store).start()
    try:
        state = create_app(again, config).test_client().get("/api/state").json
        assert state["phase"] == "over" and state["game"] == "mexican-train"
        assert state["players"] == PLAYERS and state["winners"] == result["winners"]
        assert state["game_id"] == result["game_id"]
        again.call(c.NewGame("mexican-train", PLAYERS))  # until a new game starts
        assert again.state()["phase"] == "playing"
        assert again.state()["game_id"] == result["game_id"] + 1
    finally:
        stop(again)
        store.close()


def test_a_game_ended_mid_round_takes_no_more_turns(host, game):
    seat = seat_to_move(game)  # the seat that was to move when the host ended the game
    assert post(host, "/api/game/end").status_code == 200
    before = written(game)
    for url, body in (
        (f"/api/seats/{seat}/press", {"gesture": "press"}),
        (f"/api/seats/{seat}/press", {"gesture": "double"}),
        (f"/api/seats/{seat}/roll", {}),
        (f"/api/seats/{seat}/action", {"action": "skip"}),
        ("/api/round/end", {}),
        ("/api/round/next", {}),
    ):
        refused = post(host, url, body)
        assert refused.status_code == 409, (url, refused.json)
        assert "over" in refused.json["error"] or "not played with dice" in refused.json["error"]
    game.call(c.Knock(strength=9))  # a tile tapped on the table after the game: nothing
    assert written(game) == before
