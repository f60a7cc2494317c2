"""The JSON API for the game in play: state, setting up, scores, rounds, the end."""

from __future__ import annotations

import pytest
from web_helpers import PLAYERS, post, seat_to_move

from companion import commands as c


def test_state_before_any_game_says_so(client):
    state = client.get("/api/state").json
    assert state["seq"] == 0 and state["game"] is None
    assert state["players"] == [] and state["totals"] == {} and state["turn"] is None
    assert state["phase"] == "setup"


def test_state_of_a_game_in_play(client, game):
    state = client.get("/api/state").json
    assert state["game"] == "mexican-train"
    assert state["players"] == PLAYERS
    assert state["totals"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert state["seq"] == game.store.last_seq() == 2
    seat = state["turn"]["seat"]
    assert 1 <= seat <= 3 and state["turn"]["player"] == PLAYERS[seat - 1]
    assert state["round"] == {"number": 1, "engine": "12-12"}


def test_the_rulebook_lists_games_presets_and_house_rules(client):
    games = {g["game"]: g for g in client.get("/api/rulebook").json["games"]}
    mexican = games["mexican-train"]
    assert "front-porch" in mexican["presets"] and mexican["players"] == [2, 8]
    assert any(o["name"] == "rounds" and o["help"] for o in mexican["options"])
    assert mexican["preset_rules"]["puremco"]["first_turn_string"] is False


def test_the_host_sets_up_a_game(host, companion):
    body = {
        "game": "mexican-train",
        "players": ["Dee", "Eve", "Fay", "Gus"],
        "preset": "puremco",
        "options": {"rounds": 3},
    }
    response = post(host, "/api/games", body)
    assert response.status_code == 200, response.json
    state = response.json["state"]
    assert state["players"] == ["Dee", "Eve", "Fay", "Gus"] and state["preset"] == "puremco"
    assert companion.state()["game"] == "mexican-train"
    assert {e["kind"] for e in response.json["events"]} >= {"game_started", "round_started"}


def test_setting_up_a_game_needs_the_host(client, companion):
    response = client.post("/api/games", json={"game": "mexican-train", "players": ["A", "B"]})
    assert response.status_code == 403
    assert "PIN" in response.json["error"]
    assert companion.state()["game"] is None


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"players": ["A", "B"]}, "'game' is missing"),
        ({"game": "chess", "players": ["A", "B"]}, "no game called 'chess'"),
        ({"game": "mexican-train", "players": "Ann, Bob"}, "list of names"),
        ({"game": "mexican-train", "players": ["Ann"]}, "2 to 12 players"),
        ({"game": "mexican-train", "players": ["Ann", "ann"]}, "same name"),
        ({"game": "mexican-train", "players": ["A", "B"], "preset": "x"}, "no preset 'x'"),
        ({"game": "mexican-train", "players": ["A", "B"], "options": {"fly": 1}}, "house rule"),
        ({"game": "mexican-train", "players": ["A", "B"], "options": {"set": "9"}}, "takes a int"),
        ({"game": "mexican-train", "players": ["A", "B"], "options": [1]}, "object of house"),
    ],
)
def test_a_game_that_cannot_be_set_up_is_refused_with_the_reason(host, companion, body, words):
    response = post(host, "/api/games", body)
    assert response.status_code == 400
    assert words in response.json["error"]
    assert companion.state()["game"] is None


def test_bad_json_is_a_clear_400(host):
    response = host.post(
        "/api/games",
        data='{"game": "mexican-train",',
        content_type="application/json",
        headers={"X-CSRF-Token": host.token},
    )
    assert response.status_code == 400
    assert "JSON object" in response.json["error"]


def _finish_round(companion):
    """Everyone presses once, then the seat to move goes out: the round awaits scores."""
    for _ in range(3):
        companion.call(c.Gesture(seat_to_move(companion) - 1, "press"))
    out = seat_to_move(companion)
    companion.call(c.Gesture(out - 1, "out"))
    return out


def test_the_host_enters_scores_by_hand_and_the_totals_follow(host, game):
    out = _finish_round(game)
    others = [s for s in (1, 2, 3) if s != out]
    for seat, value in zip(others, (12, 30), strict=True):
        response = post(host, "/api/scores", {"seat": seat, "value": value})
        assert response.status_code == 200, response.json
    state = host.get("/api/state").json
    assert state["rounds"][0]["scores"][out - 1] == 0
    assert state["totals"][PLAYERS[others[0] - 1]] == 12
    assert state["totals"][PLAYERS[others[1] - 1]] == 30
    assert state["leaders"] == [PLAYERS[out - 1]]


def test_a_correction_needs_a_reason_and_keeps_the_first_value(host, game):
    out = _finish_round(game)
    refused = post(host, "/api/scores", {"seat": out, "value": 5, "round": 1})
    assert refused.status_code == 400
    assert "say why" in refused.json["error"]
    body = {"seat": out, "value": 5, "round": 1, "why": "she had a tile under her cup"}
    response = post(host, "/api/scores", body)
    assert response.status_code == 200
    state = response.json["state"]
    assert state["rounds"][0]["scores"][out - 1] == 5
    [correction] = state["corrections"]
    assert correction["why"] == "she had a tile under her cup" and correction["seat"] == out
    events = [e.payload["value"] for e in game.store.events(1) if e.type == "score"]
    assert events[0] == 0 and events[-1] == 5  # the first value is still in the log


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"seat": 4, "value": 1}, 400, "no seat 4; seats are 1 to 3"),
        ({"seat": 0, "value": 1}, 400, "no seat 0"),
        ({"seat": "1", "value": 1}, 400, "no seat 1"),
        ({"seat": 1, "value": "ten"}, 400, "whole number"),
        ({"seat": 1, "value": 1.5}, 400, "whole number"),
        ({"seat": 1}, 400, "'value' is missing"),
        ({"seat": 1, "value": 10**9}, 400, "cannot be right"),
        ({"seat": 1, "value": 1, "round": 0}, 400, "numbered from 1"),
        ({"seat": 1, "value": 1, "round": 9, "why": "x"}, 400, "no round 9"),
        ({"seat": 1, "value": 1, "why": 3}, 400, "'why' must be text"),
    ],
)
def test_a_score_that_cannot_be_right_is_refused(host, game, body, status, words):
    _finish_round(game)
    response = post(host, "/api/scores", body)
    assert response.status_code == status
    assert words in response.json["error"]


def test_scores_wait_for_the_end_of_the_round(host, game):
    response = post(host, "/api/scores", {"seat": 1, "value": 3})
    assert response.status_code == 400
    assert "still in play" in response.json["error"]


def test_scores_need_the_host(phone, game):
    _finish_round(game)
    response = post(phone, "/api/scores", {"seat": phone.seat, "value": 0})
    assert response.status_code == 403


def test_the_host_ends_a_blocked_round_and_starts_the_next(host, game):
    response = post(host, "/api/round/end", {"ended": "blocked"})
    assert response.status_code == 200
    assert response.json["state"]["phase"] == "scoring"
    early = post(host, "/api/round/next")
    assert early.status_code == 409
    assert "not scored yet" in early.json["error"]
    for seat in (1, 2, 3):
        assert post(host, "/api/scores", {"seat": seat, "value": seat * 10}).status_code == 200
    following = post(host, "/api/round/next")
    assert following.status_code == 200
    assert following.json["state"]["round"] == {"number": 2, "engine": "11-11"}


def test_ending_a_round_takes_only_known_endings(host, game):
    response = post(host, "/api/round/end", {"ended": "tea"})
    assert response.status_code == 400
    assert "blocked" in response.json["error"]


def test_the_host_ends_the_game_and_the_winner_is_named(host, game):
    post(host, "/api/round/end", {})
    for seat, value in ((1, 4), (2, 9), (3, 20)):
        post(host, "/api/scores", {"seat": seat, "value": value})
    response = post(host, "/api/game/end")
    assert response.status_code == 200
    assert response.json["state"]["phase"] == "over"
    assert response.json["state"]["winners"] == ["Ann"]
    again = post(host, "/api/game/end")
    assert again.status_code == 409 and "already over" in again.json["error"]


@pytest.mark.parametrize("url", ["/api/round/end", "/api/round/next", "/api/game/end"])
def test_round_and_game_controls_need_the_host(client, game, url):
    response = client.post(url, json={})
    assert response.status_code == 403


def test_commands_without_a_game_say_what_to_do(host):
    response = post(host, "/api/round/end", {})
    assert response.status_code == 409
    assert "no game yet" in response.json["error"]


def test_unknown_addresses_and_methods_answer_in_json(client):
    missing = client.get("/api/nothing")
    assert missing.status_code == 404 and missing.json["error"]
    wrong = client.get("/api/games/1/export.xml")
    assert wrong.status_code == 404
    method = client.delete("/api/state")
    assert method.status_code == 405 and "GET" in method.headers["Allow"]


def test_the_state_follows_every_change(client, game):
    before = client.get("/api/state").json
    assert client.get("/api/state").json == before
    game.call(c.Gesture(before["turn"]["seat"] - 1, "press"))
    after = client.get("/api/state").json
    assert after["seq"] == before["seq"] + 1
    assert after["turn"]["seat"] == before["turn"]["seat"] % 3 + 1
