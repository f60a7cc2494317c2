"""Every event is a named class in companion.events, serialised in one place, and
docs/api.md lists every kind."""

import re
from pathlib import Path

import pytest

from companion.events import KINDS, Played, SeatFreed, to_json
from companion.games.base import game_ids
from companion.match import Match
from companion.simulate import simulate

API = Path(__file__).parents[2] / "docs" / "api.md"


def test_an_event_becomes_json_with_the_seat_counted_from_one():
    assert to_json(Played(1, tile="5-12", train="mexican")) == {
        "kind": "played",
        "seat": 2,
        "data": {"tile": "5-12", "train": "mexican"},
    }
    assert to_json(SeatFreed(0, by="host"))["data"] == {"by": "host"}


def test_the_api_page_lists_every_kind():
    listed = set(re.findall(r"`([a-z_]+)`", API.read_text()))
    missing = sorted(set(KINDS) - listed)
    assert not missing, f"docs/api.md does not list {missing}"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_event_a_game_makes_is_an_instance_of_its_kind(game_id):
    replay, seen = Match(), set()
    for kind, payload in simulate(game_id, 4, 3, options={"rounds": 2}).log:
        for event in replay.apply(kind, payload):
            assert KINDS[event.kind] is type(event)
            seen.add(event.kind)
    assert {"game_started", "round_started", "turn", "scored"} <= seen


def test_the_api_page_lists_every_stored_event_type():
    from companion.match import APPLY

    listed = set(re.findall(r"`([a-z_]+)`", API.read_text()))
    missing = sorted(set(APPLY) - listed)
    assert not missing, f"docs/api.md does not list the stored types {missing}"
