import pytest

from companion.errors import CompanionError
from companion.scorepad import ScorePad


@pytest.fixture
def pad():
    pad = ScorePad(["Ann", "Bob", "Cy"])
    for seat, value in enumerate([12, 0, 30]):
        pad.record(1, seat, value)
    for seat, value in enumerate([0, 25, 7]):
        pad.record(2, seat, value)
    return pad


def test_totals_and_standings(pad):
    assert pad.totals() == [12, 25, 37]
    assert pad.standings() == [(1, "Ann", 12), (2, "Bob", 25), (3, "Cy", 37)]
    assert pad.winners() == [0]


def test_a_correction_is_appended_and_the_first_value_kept(pad):
    pad.correct(1, 2, 20, by="host", why="counted the 5-5 twice")
    assert pad.value(1, 2) == 20
    trail = pad.trail(1, 2)
    assert [e.value for e in trail] == [30, 20]
    assert trail[1].by == "host" and trail[1].why == "counted the 5-5 twice"
    assert pad.totals()[2] == 27


def test_a_correction_needs_a_reason_and_an_existing_score(pad):
    with pytest.raises(CompanionError, match="say why"):
        pad.correct(1, 0, 3, by="host", why=" ")
    with pytest.raises(CompanionError, match="no score in round 3"):
        pad.correct(3, 0, 3, by="host", why="typo")


def test_ties_share_the_win_and_the_place():
    pad = ScorePad(["Ann", "Bob", "Cy"])
    for seat, value in enumerate([10, 10, 4]):
        pad.record(1, seat, value)
    pad.record(2, 2, 6)
    assert pad.winners() == [0, 1, 2]
    assert [p for p, _, _ in pad.standings()] == [1, 1, 1]


def test_tokens_count_highest_first():
    pad = ScorePad(["Ann", "Bob"], lower_wins=False)
    pad.record(1, 0, 1)
    pad.record(1, 1, 0)
    assert pad.winners() == [0]


@pytest.mark.parametrize("value", ["12", 1.5, True, None, 10**9])
def test_bad_values_are_refused(pad, value):
    with pytest.raises(CompanionError):
        pad.record(3, 0, value)


def test_no_such_seat(pad):
    with pytest.raises(CompanionError, match="no seat 4"):
        pad.record(3, 3, 1)
