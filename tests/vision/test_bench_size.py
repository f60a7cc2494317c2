"""bench/vision.py --size: the rendered tables at a phone's size, and a clear word on a bad one;
--no-real: the rendered sets alone."""

import argparse

import pytest

from bench import vision as bench_vision
from bench.vision import _size


def test_a_size_is_read_as_width_by_height():
    assert _size("4032x3024") == (4032, 3024)
    assert _size("1920X1080") == (1920, 1080)


@pytest.mark.parametrize("text", ["4032", "4032x", "big", "10x10", "99999x3024"])
def test_a_size_that_is_no_size_is_refused_with_what_to_give(text):
    with pytest.raises(argparse.ArgumentTypeError, match="WIDTHxHEIGHT|from 64 to 8192"):
        _size(text)


def test_the_mats_are_rendered_and_read_at_the_size_given(monkeypatch):
    read_at = []
    real = bench_vision.recognise

    def recognise(image, **context):
        read_at.append(image.shape)
        return real(image, **context)

    monkeypatch.setattr(bench_vision, "recognise", recognise)
    tally = bench_vision.synthetic(1, slanted=False, size=(960, 720))
    assert read_at == [(720, 960, 3)]
    assert tally.exact == 1  # a plain mat straight down, read at a quarter of a phone's size


def test_no_real_reads_the_rendered_sets_alone(monkeypatch, capsys):
    def per_source(*_args, **_kwargs):
        raise AssertionError("a real photo was read")

    monkeypatch.setattr(bench_vision, "per_source", per_source)
    argv = ["vision.py", "--no-real", "--world", "0", "--empty", "0", "--synthetic", "1"]
    monkeypatch.setattr("sys.argv", [*argv, "--oblique", "0", "--size", "960x720"])
    bench_vision.main()
    printed = capsys.readouterr().out
    assert "mats straight down" in printed
    assert "real photos" not in printed and "source" not in printed
