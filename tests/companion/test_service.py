"""The game loop on a real SQLite file: turns, scoring, corrections, restart."""

import pytest

from companion import commands as c
from companion.errors import CompanionError
from companion.service import Companion
from companion.store import Store


@pytest.fixture
def companion(tmp_path):
    store = Store(tmp_path)
    comp = Companion(store).start()
    yield comp
    comp.stop()
    store.close()


def turn(comp):
    return comp.state()["turn"]["seat"] - 1


def test_a_new_game_starts_its_first_round_and_says_whose_turn(companion):
    companion.call(c.NewGame("mexican-train", ["Ann", "Bob", "Cy"]))
    state = companion.state()
    assert state["game"] == "mexican-train" and state["phase"] == "playing"
    assert state["round"] == {"number": 1, "engine": "12-12"}
    assert state["turn"]["player"] in ["Ann", "Bob", "Cy"]


def test_seat_gestures_move_the_turn_place_markers_and_tap(companion):
    companion.call(c.NewGame("mexican-train", ["Ann", "Bob", "Cy"]))
    first = turn(companion)
    companion.call(c.Gesture(first, "press"))
    second = turn(companion)
    assert second == (first + 1) % 3
    with pytest.raises(CompanionError, match="turn"):
        companion.call(c.Gesture(first, "press"))
    companion.call(c.Gesture(second, "hold"))
    assert companion.state()["markers"] == [second + 1]
    third = turn(companion)
    companion.call(c.Gesture(third, "double"))
    assert companion.state()["last_tile"] == [third + 1]


def test_wait_for_looks_again_when_the_companion_has_committed_an_event(companion):
    companion.submit(c.NewGame("mexican-train", ["Ann", "Bob", "Cy"]))  # does not wait
    assert companion.wait_for(lambda: companion.state()["phase"] == "playing", 5.0)
    assert not companion.wait_for(lambda: companion.state()["phase"] == "over", 0.05)


def everyone_takes_a_first_turn(send, comp, players):
    """Front Porch: once everyone has had a turn, going out ends the round at once."""
    for _ in range(players):
        send(c.Gesture(turn(comp), "press"))


def test_going_out_scores_zero_and_waits_for_the_others(companion):
    announced = []
    companion.add_listener(lambda a: announced.append(a.stored.type))
    companion.call(c.NewGame("mexican-train", ["Ann", "Bob", "Cy"]))
    everyone_takes_a_first_turn(companion.call, companion, 3)
    out = turn(companion)
    companion.call(c.Gesture(out, "out"))
    state = companion.state()
    assert state["phase"] == "scoring"
    assert state["rounds"][0]["scores"][out] == 0
    assert sorted(state["scoring"]["waiting"]) == sorted(s + 1 for s in range(3) if s != out)
    for seat in state["scoring"]["waiting"]:
        companion.call(c.EnterScore(seat - 1, 21))
    state = companion.state()
    assert state["phase"] == "between"
    assert sum(state["totals"].values()) == 42
    companion.call(c.CenterButton("press"))
    assert companion.state()["round"]["engine"] == "11-11"
    assert announced.count("round_started") == 2


def test_the_camera_reading_is_confirmed_with_a_press_or_retaken_with_a_hold(tmp_path):
    asked = []
    with Store(tmp_path) as store:
        comp = Companion(store, hand_reader=asked.append)
        comp.handle(c.NewGame("mexican-train", ["Ann", "Bob"]))
        everyone_takes_a_first_turn(comp.handle, comp, 2)
        out = turn(comp)
        other = 1 - out
        comp.handle(c.Gesture(out, "out"))
        comp.handle(c.Gesture(other, "press"))
        assert asked == [other]
        comp.handle(c.HandRead(other, 17, [[5, 12]], low_confidence=True))
        assert comp.state()["scoring"]["readings"][str(other + 1)]["total"] == 17
        comp.handle(c.Gesture(other, "hold"))  # retake
        assert asked == [other, other]
        comp.handle(c.HandRead(other, 18, [[6, 12]], low_confidence=False))
        comp.handle(c.Gesture(other, "press"))
        assert comp.state()["rounds"][0]["scores"][other] == 18


def test_no_camera_means_manual_scoring_with_a_clear_message(companion):
    companion.call(c.NewGame("mexican-train", ["Ann", "Bob"]))
    everyone_takes_a_first_turn(companion.call, companion, 2)
    out = turn(companion)
    companion.call(c.Gesture(out, "out"))
    with pytest.raises(CompanionError, match="enter the score"):
        companion.call(c.Gesture(1 - out, "press"))
    companion.call(c.EnterScore(1 - out, 9))
    assert companion.state()["totals"] == {"Ann": 9, "Bob": 0} or companion.state()["totals"] == {
        "Ann": 0,
        "Bob": 9,
    }


def test_a_correction_keeps_the_first_value_in_the_trail(companion):
    companion.call(c.NewGame("mexican-train", ["Ann", "Bob"]))
    everyone_takes_a_first_turn(companion.call, companion, 2)
    out = turn(companion)
    companion.call(c.Gesture(out, "out"))
    companion.call(c.EnterScore(1 - out, 30))
    with pytest.raises(CompanionError, match="say why"):
        companion.call(c.EnterScore(1 - out, 25, round=1))
    companion.call(c.EnterScore(1 - out, 25, by="host", why="miscounted", round=1))
    state = companion.state()
    assert state["rounds"][0]["scores"][1 - out] == 25
    assert state["corrections"][0]["why"] == "miscounted"
    assert state["corrections"][0]["value"] == 25


def test_a_restart_resumes_the_same_game_round_turn_and_scores(tmp_path):
    with Store(tmp_path) as store:
        comp = Companion(store)
        comp.handle(c.NewGame("mexican-train", ["Ann", "Bob", "Cy"]))
        comp.handle(c.Gesture(turn(comp), "press"))
        comp.handle(c.Gesture(turn(comp), "hold"))
        before = comp.state()
    with Store(tmp_path) as store:
        again = Companion(store).state()
    assert again == before


def test_a_failed_write_changes_nothing_and_says_so(tmp_path):
    store = Store(tmp_path)
    comp = Companion(store)
    comp.handle(c.NewGame("mexican-train", ["Ann", "Bob"]))
    before = comp.state()
    store._db.execute("PRAGMA query_only = ON")  # the disk refuses writes from here on
    with pytest.raises(CompanionError, match="cannot write the event log"):
        comp.handle(c.Gesture(turn(comp), "press"))
    assert comp.state()["turn"] == before["turn"]
    assert "store" in comp.degraded


def test_bad_commands_are_refused_with_a_reason(companion):
    with pytest.raises(CompanionError, match="no game yet"):
        companion.call(c.Gesture(0, "press"))
    companion.call(c.NewGame("mexican-train", ["Ann", "Bob"]))
    with pytest.raises(CompanionError, match="no seat 5"):
        companion.call(c.Gesture(4, "press"))
    with pytest.raises(CompanionError, match="not 'wiggle'"):
        companion.call(c.Gesture(0, "wiggle"))
    with pytest.raises(CompanionError, match="same name"):
        companion.call(c.NewGame("mexican-train", ["Ann", "ann"]))


def test_supertrain_action_tiles_change_the_turn_order_on_the_live_table(companion):
    """SuperTrain: "S-Train (Skip) ... causes the next player in the rotation to be skipped";
    "R-Train (Reverse) ... reverses the rotation"; "D-Train (Draw) ... requires the next
    player in rotation to draw a domino before he plays"."""
    companion.call(c.NewGame("supertrain", ["Ann", "Bob", "Cy", "Di"], starter=0))
    companion.call(c.ActionTile(0, "skip"))
    companion.call(c.Gesture(0, "press"))
    assert turn(companion) == 2  # Bob was skipped
    companion.call(c.ActionTile(2, "reverse"))
    companion.call(c.Gesture(2, "press"))
    assert turn(companion) == 1 and companion.state()["direction"] == "counter-clockwise"
    companion.call(c.ActionTile(1, "draw"))
    assert companion.state()["draws_first"] == 1  # Ann, next counter-clockwise
    with pytest.raises(CompanionError, match="turn"):
        companion.call(c.ActionTile(3, "skip"))


def test_action_tiles_are_refused_in_games_without_them(companion):
    companion.call(c.NewGame("mexican-train", ["Ann", "Bob"], starter=1))
    with pytest.raises(CompanionError, match="no action tile"):
        companion.call(c.ActionTile(1, "skip"))


def test_the_host_can_say_who_starts_the_next_round(companion):
    companion.call(c.NewGame("engine-191", ["Ann", "Bob", "Cy"], starter=0))
    companion.call(c.Gesture(0, "out"))
    for seat, pips in zip(companion.state()["scoring"]["waiting"], [12, 30], strict=True):
        companion.call(c.EnterScore(seat - 1, pips))
    # "The player with the lowest score wins the round": Ann went out, a token for her.
    assert companion.state()["totals"] == {"Ann": 1, "Bob": 0, "Cy": 0}
    companion.call(c.NextRound(starter=2))
    assert turn(companion) == 2


def test_the_companion_rolls_the_dice_for_a_table_without_any(companion):
    """Dice chains are played "with two dice"; each roll is an event a restart keeps."""
    companion.call(c.NewGame("dice-chains", ["Ann", "Bob"], starter=1))
    rolls = set()
    for _ in range(40):
        companion.call(c.RollDice(1))
        roll = companion.state()["last_roll"]
        assert roll["seat"] == 2 and all(1 <= d <= 6 for d in roll["dice"])
        rolls.add(tuple(roll["dice"]))
    assert len(rolls) > 5  # not one fixed roll
    with pytest.raises(CompanionError, match="Bob's turn"):
        companion.call(c.RollDice(0))
    events = companion.store.events(companion.game_id)
    assert sum(e.type == "dice_rolled" for e in events) == 40


def test_dice_chains_refuse_pass_tap_and_out_without_touching_the_log(tmp_path):
    """Dice chains has no passing, last tile or going out ("play stops" when the boneyard
    runs out): such a press is refused in words, and the game still resumes after it."""
    with Store(tmp_path) as store:
        comp = Companion(store)
        comp.handle(c.NewGame("dice-chains", ["Ann", "Bob"], starter=0))
        before = comp.state()
        for gesture, words in (
            ("hold", "passing"),
            ("double", "last-tile tap"),
            ("out", "going out"),
        ):
            with pytest.raises(CompanionError, match=f"no {words} in Dice chains: press"):
                comp.handle(c.Gesture(0, gesture))
        assert comp.handle(c.Knock(20000)) == []
        assert comp.state() == before
    with Store(tmp_path) as store:
        again = Companion(store)
        again.handle(c.Gesture(0, "press"))
        assert turn(again) == 1


def test_games_without_dice_refuse_a_roll(companion):
    companion.call(c.NewGame("mexican-train", ["Ann", "Bob"], starter=0))
    with pytest.raises(CompanionError, match="not played with dice"):
        companion.call(c.RollDice(0))
