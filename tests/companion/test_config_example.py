"""config.example.toml is what a new user copies: it must load as shipped, every camera name
it documents must be one the camera code knows, and the mat size comes from the config."""

import tomllib
from pathlib import Path

import pytest

from companion.config import load_config
from companion.errors import ConfigError
from hardware.config import parse_hardware_config
from vision.capture import parse_source

EXAMPLE = Path(__file__).parents[2] / "config.example.toml"


def test_the_example_config_loads_as_shipped():
    config = load_config(EXAMPLE, environ={})
    hardware = parse_hardware_config(tomllib.loads(EXAMPLE.read_text()))
    assert config.camera == "auto" and parse_source(config.camera) == ("auto", "")
    assert hardware.seats.count == 4 and hardware.centerpiece.port == "/dev/centerpiece"
    assert config.mat_size_mm == (600.0, 400.0)


def test_every_camera_name_the_example_documents_is_understood():
    documented = [
        line.split('"')[1] for line in EXAMPLE.read_text().splitlines() if line.startswith('#   "')
    ]
    assert {"auto", "picamera2", "none"} <= set(documented)
    for name in documented:
        parse_source(name)  # raises CameraError for a name the code does not know


def test_the_commented_out_calibration_loads_when_uncommented(tmp_path):
    text = EXAMPLE.read_text().replace("# mat_corners =", "mat_corners =")
    text = text.replace("# mat_size_mm = [600, 400]", "mat_size_mm = [320, 197.5]")
    (tmp_path / "config.toml").write_text(text)
    config = load_config(tmp_path / "config.toml", environ={})
    assert config.mat_size_mm == (320.0, 197.5) and len(config.mat_corners) == 4


@pytest.mark.parametrize("size", ["[600]", "[0, 400]", '["A3", 1]', "[true, 400]"])
def test_a_bad_mat_size_names_the_key(tmp_path, size):
    (tmp_path / "config.toml").write_text(f"[camera]\nmat_size_mm = {size}\n")
    with pytest.raises(ConfigError, match="camera.mat_size_mm"):
        load_config(tmp_path / "config.toml", environ={})
