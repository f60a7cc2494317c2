"""bench/vision.py --readings and --against: a change judged photo by photo."""

import pytest

from bench.readings import asked, changes, load, main, reading, save


def _run(*rows):
    return [reading("world (seeds 945000..)", f"seed {s}", t, r, st, []) for s, t, r, st in rows]


def test_a_later_run_lists_the_photos_now_right_then_now_wrong_and_a_new_silent_wrong(tmp_path):
    before = _run((1, 30, 30, "ok"), (2, 41, 38, "check"), (3, 12, 12, "check"), (4, 9, 9, "ok"))
    save(tmp_path / "before.jsonl", before)
    now = _run((1, 30, 30, "ok"), (2, 41, 41, "check"), (3, 12, 10, "ok"), (4, 9, 9, "check"))

    lines = changes(load(tmp_path / "before.jsonl"), now, "before.jsonl")

    assert lines[0] == (
        "against before.jsonl: 4 photos in both runs; 1 now right, 1 now wrong,"
        " 1 read otherwise; silent wrong 0 before, 1 now"
    )
    assert "now right" in lines[1] and "seed 2: 41 read as 41 [check], was 38" in lines[1]
    assert "now wrong" in lines[2] and "seed 3: 12 read as 10 [ok], was 12" in lines[2]
    assert lines[2].endswith("SILENT")
    assert "otherwise" in lines[3] and "seed 4" in lines[3]
    assert len(lines) == 4  # seed 1 read alike is not listed


def test_photos_of_only_one_run_are_left_out():
    before = {("world (seeds 945000..)", "seed 1"): _run((1, 5, 5, "ok"))[0]}
    lines = changes(before, _run((2, 7, 0, "unreadable")), "x")
    assert lines == [
        "against x: 0 photos in both runs; 0 now right, 0 now wrong, 0 read otherwise;"
        " silent wrong 0 before, 0 now"
    ]


@pytest.mark.parametrize("text", [None, "not json\n", '{"set": "a"}\n'])
def test_a_missing_or_foreign_file_is_one_clear_line(tmp_path, text):
    path = tmp_path / "before.jsonl"
    if text is not None:
        path.write_text(text)
    with pytest.raises(SystemExit, match="not a --readings file of bench/vision.py"):
        load(path)


def test_two_kept_runs_are_compared_without_reading_a_photo(tmp_path, capsys):
    save(tmp_path / "before.jsonl", _run((1, 30, 30, "ok"), (2, 41, 38, "check")))
    save(tmp_path / "after.jsonl", _run((1, 30, 30, "ok"), (2, 41, 41, "check")))
    assert main([str(tmp_path / "before.jsonl"), str(tmp_path / "after.jsonl")]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("against before.jsonl: 2 photos in both runs; 1 now right")
    assert "seed 2: 41 read as 41 [check], was 38" in printed[1]


def test_the_right_readings_asked_about_are_tallied_by_reason(tmp_path, capsys):
    """Only right readings with tiles count; a reason is tallied up to its colon, its
    numbers written N, so "check the 1 marked tile(s)" and "the 3 marked" are one reason."""
    world = "world (seeds 945000..)"
    runs = [
        reading(world, "seed 1", 30, 30, "check", ["a tile may be missing: spread them"]),
        reading(world, "seed 2", 41, 41, "check", ["please check the 1 marked tile(s)"]),
        reading(world, "seed 3", 12, 12, "check", ["please check the 3 marked tile(s)"]),
        reading(world, "seed 4", 9, 9, "ok", []),
        reading(world, "seed 5", 20, 18, "check", ["a tile may be missing: spread them"]),
        reading(world, "seed 6", 0, 0, "check", ["no tiles found: confirm 0"]),
    ]
    assert asked(runs) == [
        "4 right readings with tiles, 3 asked to check (75.0%)",
        "      2  please check the N marked tile(s)",
        "      1  a tile may be missing",
    ]
    save(tmp_path / "one.jsonl", runs[:3])
    save(tmp_path / "two.jsonl", runs[3:])
    assert main(["--asked", str(tmp_path / "one.jsonl"), str(tmp_path / "two.jsonl")]) == 0
    assert capsys.readouterr().out.startswith("4 right readings with tiles, 3 asked")


def test_one_run_without_asked_is_told_what_to_give(tmp_path, capsys):
    save(tmp_path / "one.jsonl", _run((1, 30, 30, "ok")))
    with pytest.raises(SystemExit):
        main([str(tmp_path / "one.jsonl")])
    assert "give two runs to compare" in capsys.readouterr().err
