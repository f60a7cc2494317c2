"""Game history and export to CSV and JSON."""

from __future__ import annotations

import csv
import io

from web_helpers import post

from companion import commands as c


def _play_one_round(companion):
    companion.call(c.EndRound("blocked"))
    for seat, value in enumerate((7, 0, 21)):
        companion.call(c.EnterScore(seat, value))
    companion.call(c.EnterScore(2, 12, "host", "counted a 9-9 twice", 1))


def test_history_lists_games_newest_first(host, game):
    _play_one_round(game)
    post(host, "/api/games", {"game": "mexican-train", "players": ["Dee", "Eve"]})
    games = host.get("/api/games").json["games"]
    assert [g["id"] for g in games] == [2, 1]
    assert games[1]["players"] == ["Ann", "Bob", "Cy"] and games[1]["finished"] is True


def test_a_past_game_shows_its_score_pad(host, game):
    _play_one_round(game)
    post(host, "/api/games", {"game": "mexican-train", "players": ["Dee", "Eve"]})
    old = host.get("/api/games/1").json
    assert old["players"] == ["Ann", "Bob", "Cy"]
    assert old["rounds"][0]["scores"] == [7, 0, 12]
    assert old["totals"] == {"Ann": 7, "Bob": 0, "Cy": 12}
    assert old["phase"] == "over" and old["winners"] == ["Bob"]


def test_export_csv_has_a_row_per_round_and_the_totals(client, game):
    _play_one_round(game)
    response = client.get("/api/games/1/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert 'filename="game-1.csv"' in response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.text)))
    assert rows[0] == ["round", "engine", "ended", "Ann", "Bob", "Cy"]
    assert rows[1] == ["1", "12-12", "blocked", "7", "0", "12"]
    assert rows[-1] == ["total", "", "", "7", "0", "12"]


def test_export_json_keeps_the_corrections_and_every_event(client, game):
    _play_one_round(game)
    document = client.get("/api/games/1/export.json").json
    assert document["rounds"][0]["scores"] == {"Ann": 7, "Bob": 0, "Cy": 12}
    assert document["corrections"][0]["why"] == "counted a 9-9 twice"
    scores = [e["payload"]["value"] for e in document["events"] if e["type"] == "score"]
    assert scores == [7, 0, 21, 12]


def test_a_name_a_spreadsheet_would_run_is_exported_as_text(host, companion):
    post(host, "/api/games", {"game": "mexican-train", "players": ["=HYPERLINK(1)", "Bob"]})
    header = host.get("/api/games/1/export.csv").text.splitlines()[0]
    assert header.endswith("'=HYPERLINK(1),Bob")


def test_an_unknown_game_is_404(client):
    for url in ("/api/games/5", "/api/games/5/export.csv", "/api/games/5/export.json"):
        response = client.get(url)
        assert response.status_code == 404 and "no game 5" in response.json["error"]


def test_the_score_trail_shows_a_correction_after_the_value_it_changed(client, game):
    _play_one_round(game)
    trail = [s for s in client.get("/api/games/1/scores").json["scores"] if s["seat"] == 3]
    assert [(s["value"], s["why"]) for s in trail] == [(21, ""), (12, "counted a 9-9 twice")]
    assert trail[1]["by"] == "host" and trail[1]["round"] == 1
