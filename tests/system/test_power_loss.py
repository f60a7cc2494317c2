"""Pull the plug: SIGKILL a real `serve --simulate` at 50 random points of a game.

After every restart the companion must be at the same game, round, turn and scores as the
last state it announced, or one step past it when the request in flight had committed:
nothing announced is ever lost.
"""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from ports import free_port
from process_output import Output

PIN = "2468"
KILLS = 50
KEYS = (
    "game_id",
    "game",
    "players",
    "phase",
    "totals",
    "turn",
    "round",
    "rounds",
    "markers",
    "last_tile",
    "corrections",
)


class Service:
    """One `train-companion serve --simulate` process and an HTTP client with a session."""

    def __init__(self, data_dir: Path, log: Path) -> None:
        self.data_dir, self.log = data_dir, log
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.csrf = ""
        self.process: subprocess.Popen | None = None

    def start(self) -> dict:
        command = [
            sys.executable,
            "-m",
            "companion.cli",
            "serve",
            "--simulate",
            "--data-dir",
            str(self.data_dir),
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
        ]
        env = os.environ | {"TRAIN_COMPANION_PIN": PIN, "GPIOZERO_PIN_FACTORY": "mock"}
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True
        )
        said = Output(self.process, self.log)
        # serve says the join code once the score pad listens
        assert said.wait_for("Join code:", timeout=30), "serve did not come up:\n" + said.text()
        return self.get("/api/state")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)

    def get(self, path: str) -> dict:
        with self.opener.open(self.base + path, timeout=10) as answer:
            return json.load(answer)

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json", "X-CSRF-Token": self.csrf},
        )
        with self.opener.open(request, timeout=10) as answer:
            return json.load(answer)

    def login(self) -> None:
        self.csrf = self.post("/api/login", {"pin": PIN})["csrf_token"]


def table_state(state: dict) -> dict:
    return {key: state.get(key) for key in KEYS}


def next_request(state: dict, rng: random.Random) -> tuple[str, dict]:
    """What a table would do next from ``state``: press, pass, tap, go out, score, deal."""
    phase = state["phase"]
    if phase == "playing":
        seat = state["turn"]["seat"]
        gesture = rng.choices(["press", "hold", "double", "out"], [70, 20, 6, 4])[0]
        return f"/api/seats/{seat}/press", {"gesture": gesture}
    if phase == "scoring":
        seat = state["scoring"]["next"]
        return "/api/scores", {"seat": seat, "value": rng.randint(0, 90)}
    if phase == "between":
        return "/api/round/next", {}
    raise AssertionError(f"unexpected phase {phase}")


@pytest.mark.slow  # fifty kills and restarts of the service
def test_kill_at_fifty_random_points_and_resume_each_time(tmp_path):
    rng = random.Random(20261121)
    service = Service(tmp_path / "data", tmp_path / "serve.log")
    try:
        service.start()
        service.login()
        seen = service.post(
            "/api/games",
            {
                "game": "mexican-train",
                "players": ["Ann", "Bob", "Cy", "Di"],
                "options": {"last_engine": 0},  # 13 rounds, 12-12 to 0-0
            },
        )["state"]
        kills = 0
        while kills < KILLS:
            assert seen["phase"] != "over", "the game ended before all the kills"
            path, body = next_request(seen, rng)
            if rng.random() < 0.25:
                # Pull the plug while this request is in flight.
                answers: list = []
                thread = threading.Thread(target=_post_into, args=(service, path, body, answers))
                thread.start()
                time.sleep(rng.uniform(0, 0.03))
                service.kill()
                thread.join(15)
                kills += 1
                resumed = service.start()
                after = answers[0] if answers and isinstance(answers[0], dict) else None
                if after is not None:  # it answered before the plug: that was announced
                    seen = after["state"]
                assert resumed["seq"] >= seen["seq"], "an announced event was lost"
                if resumed["seq"] == seen["seq"]:
                    assert table_state(resumed) == table_state(seen)
                seen = resumed
            else:
                answer = _try(service, path, body)
                seen = answer["state"] if isinstance(answer, dict) else service.get("/api/state")
    finally:
        service.stop()


def _post_into(service: Service, path: str, body: dict, answers: list) -> None:
    answers.append(_try(service, path, body))


def _try(service: Service, path: str, body: dict):
    try:
        return service.post(path, body)
    except urllib.error.HTTPError as error:
        return error.code  # a refusal (e.g. 409): the state did not change
    except (OSError, http.client.HTTPException) as error:
        return error  # the plug was pulled mid-request
