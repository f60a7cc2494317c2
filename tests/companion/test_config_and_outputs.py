import pytest

from companion.config import DEFAULT_SOUNDS, load_config
from companion.errors import ConfigError
from companion.events import GameStarted, LastTile, Turn
from companion.outputs import seat_lights, sounds_for


def write(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def test_no_file_means_working_defaults():
    config = load_config(None, environ={})
    assert config.port == 8080 and config.camera == "auto" and config.pin is None
    assert config.sounds == DEFAULT_SOUNDS


def test_the_pin_comes_from_the_environment_before_the_file(tmp_path):
    path = write(tmp_path, 'pin = "1111"\n')
    assert load_config(path, environ={}).pin == "1111"
    assert load_config(path, environ={"TRAIN_COMPANION_PIN": "2222"}).pin == "2222"


@pytest.mark.parametrize(
    "text, key",
    [
        ("[web]\nport = 'eighty'\n", "web.port"),
        ("[web]\nport = 70000\n", "web.port"),
        ("[camera]\nset = 7\n", "camera.set"),
        ("[camera]\nmat_corners = [[0, 0]]\n", "camera.mat_corners"),
        ("[sounds]\nturn = 'kazoo'\n", "sounds.turn"),
        ("colour = 'red'\n", "colour"),
        ("pin = 'abc'\n", "pin"),
        ("web = 3\n", "web"),
        ("[photos]\nkeep_finished_games = -1\n", "photos.keep_finished_games"),
        ("[photos]\nkeep_finished_games = 'ten'\n", "photos.keep_finished_games"),
        ("[photos]\nkeep_finished_games = 2.5\n", "photos.keep_finished_games"),
        ("[photos]\nkeep = 3\n", "photos.keep"),
    ],
)
def test_a_bad_value_names_its_key(tmp_path, text, key):
    with pytest.raises(ConfigError) as caught:
        load_config(write(tmp_path, text), environ={})
    assert f": {key} " in str(caught.value)


def test_hand_photos_of_ten_finished_games_are_kept_unless_the_file_says(tmp_path):
    assert load_config(None, environ={}).keep_finished_games == 10
    path = write(tmp_path, "[photos]\nkeep_finished_games = 0\n")
    assert load_config(path, environ={}).keep_finished_games == 0


def test_broken_toml_and_a_missing_file_are_clear(tmp_path):
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(write(tmp_path, "[web\n"), environ={})
    with pytest.raises(ConfigError, match="no config file"):
        load_config(tmp_path / "nope.toml", environ={})


def test_sounds_can_be_remapped(tmp_path):
    config = load_config(write(tmp_path, "[sounds]\nturn = []\nlast_tile = 'rooster'\n"), {})
    events = [Turn(1), LastTile(1)]
    assert sounds_for(events, config.sounds) == ["rooster"]


def test_default_sounds_follow_the_table():
    events = [GameStarted(0), Turn(2), LastTile(2)]
    assert sounds_for(events, DEFAULT_SOUNDS) == [
        "whistle",
        "chugging",
        "clickety-clack",
        "crossing-bells",
    ]


def base_state(**more):
    state = {
        "players": ["Ann", "Bob", "Cy", "Di"],
        "phase": "playing",
        "markers": [],
        "last_tile": [],
        "turn": {"seat": 2, "player": "Bob"},
    }
    return state | more


def test_lights_show_turn_markers_and_last_tile_each_on_its_own_seat():
    lights = seat_lights(base_state(markers=[3, 2], last_tile=[4]))
    assert lights == ["off", "turn", "marker", "last_tile"]


def test_lights_during_scoring_and_after_the_round():
    scoring = base_state(phase="scoring", scoring={"next": 3}, turn=None)
    assert seat_lights(scoring)[2] == "photo"
    after = base_state(phase="between", turn=None, rounds=[{"scores": [12, 0, 30, 0]}])
    assert seat_lights(after) == ["off", "winner", "off", "winner"]
