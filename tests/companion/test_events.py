"""Every event, announced (companion.events) or kept in the event log (companion.entries), is
a named class serialised in one place, and docs/api.md lists every kind and stored type."""

import json
import re
from pathlib import Path

import pytest

from companion.entries import ENTRIES, from_payload, to_payload
from companion.errors import StoreError
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
    for entry in simulate(game_id, 4, 3, options={"rounds": 2}).log:
        for event in replay.apply(entry):
            assert KINDS[event.kind] is type(event)
            seen.add(event.kind)
    assert {"game_started", "round_started", "turn", "scored"} <= seen


def test_the_api_page_lists_every_stored_event_type_and_no_other():
    text = API.read_text()
    start = text.index("`type` is the stored event's type (")
    types = text[start : text.index("); each is one", start)]
    listed = set(re.findall(r"`([a-z_]+)`", types)) - {"type"}
    assert listed == set(ENTRIES), "docs/api.md's list of stored types is not ENTRIES"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_entry_a_game_logs_reads_back_from_its_payload_as_itself(game_id):
    for entry in simulate(game_id, 3, 5, options={"rounds": 1}).log:
        payload = json.loads(json.dumps(to_payload(entry)))  # as the event log keeps it
        assert from_payload(entry.type, payload) == entry
        assert ENTRIES[entry.type] is type(entry)


def test_a_stored_row_that_cannot_be_read_says_what_is_wrong():
    with pytest.raises(StoreError, match="unknown type 'note'"):
        from_payload("note", {"n": 1})
    with pytest.raises(StoreError, match="score event lacks seat, value"):
        from_payload("score", {"round": 1, "by": "host"})
