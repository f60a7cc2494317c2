"""The README's main job: `demo` plays a game night on simulated hardware."""

import subprocess
import sys
from pathlib import Path

import pytest

NIGHTS = {
    "mexican-train": ["--players", "3", "--rounds", "2", "--host", "127.0.0.1"],
    "supertrain": ["--game", "supertrain", "--players", "2", "--rounds", "2"],
    "engine-191": ["--game", "engine-191", "--players", "2", "--rounds", "2"],
}


def demo(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "companion.cli", "demo", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout)


class GameNights:
    """Every demo game night of NIGHTS, started at once in subprocesses at full speed. A
    night spends most of its time waiting on its simulated players' button presses, so the
    three side by side take about as long as the longest one alone."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.running: dict[str, subprocess.Popen] = {}
        for game, args in NIGHTS.items():
            place = root / game
            (place / "data").mkdir(parents=True)
            command = [sys.executable, "-m", "companion.cli", "demo", "--speed", "0"]
            command += ["--port", "0", "--data-dir", str(place / "data"), *args]
            with open(place / "out", "w") as out, open(place / "err", "w") as err:
                self.running[game] = subprocess.Popen(command, stdout=out, stderr=err, text=True)

    def night(self, game: str, timeout: float = 300) -> subprocess.CompletedProcess:
        """The night of ``game`` played to its end: exit status and what it printed."""
        returncode = self.running[game].wait(timeout)
        place = self.root / game
        out, err = (place / "out").read_text(), (place / "err").read_text()
        return subprocess.CompletedProcess(self.running[game].args, returncode, out, err)

    def data_dir(self, game: str) -> Path:
        return self.root / game / "data"

    def close(self) -> None:
        for process in self.running.values():
            if process.poll() is None:
                process.kill()
                process.wait()


# The tests that share the three nights run on one worker (pytest-xdist's loadgroup), or
# each worker would start all three nights again.
one_worker = pytest.mark.xdist_group("demo-nights")


@pytest.fixture(scope="module")
def nights(tmp_path_factory):
    started = GameNights(tmp_path_factory.mktemp("nights"))
    yield started
    started.close()


@pytest.mark.slow  # a whole game night in a subprocess
@one_worker
def test_demo_plays_a_short_game_night_and_prints_the_score_pad(nights):
    done = nights.night("mexican-train")
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert "Round 1: engine 12-12" in out and "Round 2: engine 11-11" in out
    assert "total" in out and ("wins!" in out or "share the win!" in out)
    assert "Score pad: http://127.0.0.1:" in out
    assert "Traceback" not in done.stderr
    # the game night is in the event log, so `serve` would resume or show it in history
    assert (nights.data_dir("mexican-train") / "train-companion.sqlite3").stat().st_size > 0


def test_demo_refuses_a_bad_player_count_in_one_line():
    done = demo("--players", "9", timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "2 to 8 players" in done.stderr


@pytest.mark.slow  # a whole game night in a subprocess
@one_worker
@pytest.mark.parametrize("game", ["supertrain", "engine-191"])
def test_demo_plays_the_other_train_games_through_the_live_table(game, nights):
    """SuperTrain's action tiles are announced from the seat's phone and the Engine games'
    reveal names the starter; the live table must follow either to the end."""
    done = nights.night(game)
    assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-1500:]
    assert "Round 2" in done.stdout and "total" in done.stdout
