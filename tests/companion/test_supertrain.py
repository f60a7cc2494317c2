"""SuperTrain: the rules of the SuperTrain part of the Puremco sheet, one test each."""

from collections import Counter

import pytest

from companion.games.base import MEXICAN, Draw, EndTurn, IllegalAction, Pass, Play
from companion.games.supertrain import (
    TRAIN_TRAIN,
    SuperTrain,
    SuperTrainRound,
    supertrain_set,
)
from companion.simulate import simulate
from companion.tiles import TRAIN, Tile

T = Tile.parse


def tiles(text: str) -> list[Tile]:
    return [T(word) for word in text.split()]


def make_round(hands: list[str], boneyard: str = "", engine: str = "12-12", starter: int = 0):
    game = SuperTrain()
    return SuperTrainRound(
        game.options, T(engine), starter, [tiles(h) for h in hands], tiles(boneyard)
    )


def test_the_set_is_91_double_12_tiles_with_21_wild_dominoes_for_a_total_of_112():
    tiles_ = supertrain_set()
    assert len(tiles_) == 112
    wild = [t for t in tiles_ if t.is_wild]
    assert len(wild) == 21
    assert Counter(t.action for t in wild) == {None: 14, "A": 3, "D": 1, "R": 1, "S": 1, "T": 1}
    assert TRAIN_TRAIN in wild and all(Tile(n, TRAIN) in wild for n in range(13))


@pytest.mark.parametrize(
    ("players", "size"), [(2, 25), (3, 23), (4, 18), (5, 16), (6, 14), (7, 12), (8, 11)]
)
def test_number_of_tiles_drawn_2_players_25_3_players_23_and_so_on(players, size):
    match = simulate("supertrain", players, seed=1, options={"rounds": 1})
    game = match.game
    import random

    state = game.deal(game.first_round(players, random.Random(1)), players, random.Random(2))
    assert [len(hand) for hand in state.hands] == [size] * players
    assert len(state.boneyard) == 112 - 1 - size * players


def test_engines_run_12_12_down_to_0_0_and_finally_the_train_train():
    match = simulate("supertrain", 3, seed=4)
    engines = [summary.engine for summary in match.rounds]
    assert engines == [f"{n}-{n}" for n in range(12, -1, -1)] + ["train-train"]


def test_rounds_14_plays_the_whole_game_including_the_train_train_round():
    match = simulate("supertrain", 2, seed=1, options={"rounds": 14})
    assert len(match.rounds) == 14 and match.rounds[-1].engine == "train-train"


def test_on_the_train_train_any_domino_in_your_hand_can_start_your_personal_train():
    state = make_round(["5-9 2-3", "4-4 1-1"], engine="train-train")
    plays = {(p.tile, p.train) for p in state.legal_plays()}
    assert (T("5-9"), 0) in plays and (T("2-3"), 0) in plays and (T("2-3"), MEXICAN) in plays


def test_playing_the_train_3_onto_a_3_may_leave_the_train_or_the_3_exposed():
    """ "you may play the 3 onto the 3 and leave the Train as the exposed end ... Or, you can
    play the Train onto the 3 and leave the 3 on the other end exposed"."""
    state = make_round(["3-12 3-train 7-8", "1-2"])
    state.push(Play(T("3-12"), 0))
    state.push(EndTurn())
    state.turn = 0
    state._new_turn()
    exposed = {p.exposed for p in state.legal_plays() if p.tile == T("3-train") and p.train == 0}
    assert exposed == {3, TRAIN}
    state.push(Play(T("3-train"), 0, TRAIN))
    state.push(EndTurn())
    state.turn = 0
    state._new_turn()
    # "leave the Train as the exposed end, which is wild and can be subsequently played onto
    # by any domino"
    assert Play(T("7-8"), 0, 8) in state.legal_plays()
    assert Play(T("7-8"), 0, 7) in state.legal_plays()


def test_the_double_train_cannot_be_played_onto_another_double():
    state = make_round(["12-5 5-5 train-train 1-2", "0-1"])
    state.push(Play(T("5-12"), 0))
    state.push(EndTurn())
    state.turn = 0
    state._new_turn()
    state.push(Play(T("5-5"), 0))
    assert not any(p.tile == TRAIN_TRAIN and p.train == 0 for p in state.legal_plays())
    with pytest.raises(IllegalAction, match="perpendicular"):
        state.push(Play(TRAIN_TRAIN, 0, TRAIN))


def test_a_train_plays_on_anyones_train_whether_it_is_marked_or_not():
    state = make_round(["A-train 1-2", "12-4 9-9"])
    state.turn = 1
    state._new_turn()
    state.push(Play(T("4-12"), 1))
    state.push(EndTurn())
    assert not state.trains[1].marker
    assert Play(T("A-train"), 1, "A") in state.legal_plays()
    assert not any(p.tile == T("1-2") for p in state.legal_plays())
    state.push(Play(T("A-train"), 1, "A"))
    assert state.trains[1].tiles[-1] == T("A-train")


def test_d_train_requires_the_next_player_in_rotation_to_draw_a_domino_before_he_plays():
    state = make_round(["D-train 1-2", "12-4 9-9", "0-0"], boneyard="6-6 5-6")
    state.push(Play(T("D-train"), 0, TRAIN))
    state.push(EndTurn())
    assert state.turn == 1
    assert state.legal_actions() == [Draw()]
    with pytest.raises(IllegalAction, match="D-Train"):
        state.push(Play(T("4-12"), MEXICAN))
    state.push(Draw())
    assert len(state.hands[1]) == 3
    # "He can then play as normal."
    assert Play(T("4-12"), 1, 4) in state.legal_plays()


def test_r_train_reverses_the_rotation_for_the_remainder_of_the_game():
    state = make_round(["R-train 1-2 3-4", "12-4 9-9", "0-0 11-11"], boneyard="6-6")
    state.push(Play(T("R-train"), 0, TRAIN))
    state.push(EndTurn())
    assert state.turn == 2


def test_s_train_causes_the_next_player_in_the_rotation_to_be_skipped():
    state = make_round(["S-train 1-2 3-4", "12-4 9-9", "0-0 11-11"], boneyard="6-6")
    state.push(Play(T("S-train"), 0, TRAIN))
    state.push(EndTurn())
    assert state.turn == 2


def test_t_train_allows_the_holder_to_play_one_additional_time():
    state = make_round(["T-train 12-1 1-2 3-4", "12-4 9-9"], boneyard="6-6")
    state.push(Play(T("T-train"), 0, TRAIN))
    # Players must always play: the second play cannot be skipped while a tile fits.
    assert EndTurn() not in state.legal_actions()
    state.push(Play(T("1-12"), MEXICAN))
    assert state.legal_actions() == [EndTurn()]


def test_t_train_up_to_5_dominoes_leaving_only_one_double_exposed():
    """ "Play a double, then ... another double elsewhere, and then play the T domino onto
    one of those doubles and then play a double as your second play onto the T and then a
    final domino onto either of the exposed doubles."""
    state = make_round(["12-7 12-3 7-7 3-3 T-train 8-8 8-3 0-1", "1-2"], boneyard="6-6")
    state.push(Play(T("7-12"), 0))
    state.push(EndTurn())
    state.turn = 0
    state._new_turn()
    state.push(Play(T("3-12"), MEXICAN))
    state.push(EndTurn())
    state.turn = 0
    state._new_turn()
    state.push(Play(T("7-7"), 0))
    state.push(Play(T("3-3"), MEXICAN))
    state.push(Play(T("T-train"), 0, TRAIN))
    state.push(Play(T("8-8"), 0))
    targets = {p.train for p in state.legal_plays()}
    assert targets <= {0, MEXICAN}
    state.push(Play(T("3-8"), MEXICAN, 8))
    assert not state.legal_plays() and EndTurn() in state.legal_actions()
    open_doubles = [t.id for t in state.trains.values() if t.double_open]
    assert open_doubles == [0]


def test_wild_symbols_count_10_points_each_plus_the_number_on_the_other_end():
    state = make_round(["5-train train-train A-train 3-4", ""])
    state.hands[1] = []
    assert [state.tile_value(t) for t in state.hands[0]] == [15, 20, 20, 7]
    assert state.scores() == [62, 0]


def test_a_player_who_cannot_play_or_draw_passes_and_places_a_marker():
    state = make_round(["1-2 5-6", "3-4"])
    assert state.legal_actions() == [Pass()]
    state.push(Pass())
    assert state.trains[0].marker


def test_t_train_or_playing_just_4_dominoes_consecutively_onto_the_same_train():
    """ "You may choose not to leave any double exposed by simply using this same process
    and playing just 4 dominoes consecutively onto the same train.\""""
    state = make_round(["12-7 7-7 T-train 9-9 9-1 0-5", "1-2"], boneyard="6-6")
    state.push(Play(T("7-12"), 0))
    state.push(EndTurn())
    state.turn = 0
    state._new_turn()
    state.push(Play(T("7-7"), 0))
    state.push(Play(T("T-train"), 0, TRAIN))
    state.push(Play(T("9-9"), 0))
    state.push(Play(T("1-9"), 0))
    assert not state.legal_plays() and EndTurn() in state.legal_actions()
    assert not any(train.double_open for train in state.trains.values())


def test_the_lowest_score_wins_the_game():
    from companion.simulate import result

    for seed in range(5):
        out = result(simulate("supertrain", 4, seed=seed))
        totals = out["totals"]
        for name in totals:
            assert totals[name] == sum(row["scores"][name] for row in out["rounds"])
        assert out["winners"] == [n for n, t in totals.items() if t == min(totals.values())]


def test_a_round_whose_hands_nobody_knows_counts_the_three_a_trains_and_refuses_a_fourth():
    from companion.games.base import RoundSetup

    state = SuperTrain().observed_round(RoundSetup(1, T("12-12"), 0), 2)
    assert state.hand_counts == [25, 25] and state.boneyard_count == 112 - 1 - 50
    for _ in range(3):  # "There are 3 of these dominoes."
        state.push(Play(T("A-train"), state.turn, "A"))
        state.push(EndTurn())
    with pytest.raises(IllegalAction, match="already on the table"):
        state.push(Play(T("A-train"), state.turn, "A"))
    state.push(Play(T("12-train"), MEXICAN, 12))
    assert state.trains[MEXICAN].end == 12 and state.hand_counts == [23, 23]
