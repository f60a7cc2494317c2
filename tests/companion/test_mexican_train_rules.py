"""Each test names or quotes the sentence of the rule sheet it checks.

FP = Front Porch Classics (preset front-porch), PM = Puremco (preset puremco).
"""

import pytest
from rule_helpers import NAMES, tiles

from companion.games.base import MEXICAN, Draw, EndTurn, IllegalAction, Pass, Play, Tap
from companion.games.mexican_train import HAND_SIZES, MexicanTrain
from companion.tiles import Tile


def play(state, text, train):
    return state.push(Play(Tile.parse(text), train), NAMES)


def test_fp_hand_sizes_by_player_count():
    """FP: "2 players draw 16 dominoes each ... 8 players draw 9 dominoes each"."""
    assert HAND_SIZES[12] == {2: 16, 3: 15, 4: 14, 5: 12, 6: 11, 7: 10, 8: 9}
    game = MexicanTrain()
    for players, size in HAND_SIZES[12].items():
        import random

        setup = game.first_round(players, random.Random(1))
        state = game.deal(setup, players, random.Random(2))
        assert all(len(hand) == size for hand in state.hands)
        assert len(state.boneyard) == 90 - players * size


@pytest.mark.parametrize("n", [9, 15, 18])
def test_other_sets_leave_a_boneyard_for_every_player_count(n):
    available = (n + 1) * (n + 2) // 2 - 1
    for players, size in HAND_SIZES[n].items():
        assert players * size < available


def test_fewer_rounds_and_another_starting_engine_by_option():
    """FP: "At the end of 12 rounds (or however many rounds the group decides to play)"."""
    import random

    game = MexicanTrain(options={"starting_engine": 9, "rounds": 3})
    setup = game.first_round(3, random.Random(0))
    engines = [setup.engine]
    while (setup := game.next_round(setup, 3, [0] * 3)) is not None:
        engines.append(setup.engine)
    assert engines == [Tile(9, 9), Tile(8, 8), Tile(7, 7)]


def test_fp_starter_rotates_to_the_left():
    """FP: "In round #2, the next player to the left of the starter in round #1 goes first"."""
    import random

    game = MexicanTrain()
    first = game.first_round(4, random.Random(5))
    second = game.next_round(first, 4, [0] * 4)
    assert second.starter == (first.starter + 1) % 4


def test_fp_first_turn_a_string_of_tiles_on_ones_own_train(table):
    """FP: "Players may play a domino or string of dominoes from their hand as long as one
    domino matches the denomination of the station"."""
    state = table("12-5 5-7 7-1 3-3", "0-1")
    play(state, "12-5", 0)
    play(state, "5-7", 0)
    play(state, "7-1", 0)
    assert state.trains[0].end == 1
    with pytest.raises(IllegalAction):
        play(state, "3-3", 0)
    state.push(EndTurn(), NAMES)
    assert state.turn == 1


def test_fp_no_play_on_other_trains_or_the_mexican_train_on_a_first_turn(table):
    """FP: "No player may play on an opposing players train during their first turn" and the
    Mexican Train "may be started on any turn (except the first turn)"."""
    state = table("12-5 12-7", "12-1")
    with pytest.raises(IllegalAction, match="first turn"):
        play(state, "12-7", MEXICAN)
    state.trains[1].marker = True
    with pytest.raises(IllegalAction, match="first turn"):
        play(state, "12-7", 1)


def test_fp_cannot_start_draw_one_and_play_it_if_it_matches(table):
    """FP: "they must draw one additional domino from the bone pile and if that domino
    matches the engine, they may play it at that time"."""
    state = table("1-2 3-4", "5-6", boneyard="12-9")
    assert state.legal_actions() == [Draw()]
    state.push(Draw(), NAMES)
    assert state.legal_actions() == [Play(Tile(9, 12), 0, 9)]
    play(state, "12-9", 0)
    assert state.legal_actions() == [EndTurn()]


def test_fp_cannot_start_even_after_drawing_places_a_marker(table):
    """FP: "If, however, they still cannot start their train they end their turn by placing a
    train marker (cast metal train token) in the position where their train would have started"."""
    state = table("1-2 3-4", "5-6", boneyard="0-9")
    state.push(Draw(), NAMES)
    assert state.legal_actions() == [Pass()]
    events = state.push(Pass(), NAMES)
    assert state.trains[0].marker and not state.trains[0].started
    assert [e.kind for e in events][:2] == ["marker_placed", "passed"]
    assert state.turn == 1


def test_subsequent_turns_play_only_one_domino(table):
    """FP: "Subsequent Turns: Players may play only one domino"."""
    state = table("12-5 5-7 7-1 0-0", "12-1 1-1 6-6")
    play(state, "12-5", 0)
    state.push(EndTurn(), NAMES)
    play(state, "12-1", 1)
    state.push(EndTurn(), NAMES)
    play(state, "5-7", 0)
    with pytest.raises(IllegalAction, match="only one"):
        state.push(Draw(), NAMES)
    with pytest.raises(IllegalAction):
        play(state, "7-1", 0)


def test_pm_first_turn_is_an_ordinary_turn_and_may_begin_the_mexican_train(table):
    """PM: "the next player to the left does likewise by playing on or beginning the Mexican
    Train; or by beginning his own personal train"."""
    state = table("12-5 5-7 0-1", "12-1", preset="puremco")
    play(state, "12-5", MEXICAN)
    assert state.legal_actions() == [EndTurn()]


def test_the_mexican_train_is_one_per_round_and_always_public(table):
    """FP: "The Mexican Train is always public, and there can only be one Mexican Train built
    within each round"."""
    state = table("12-5 12-6 1-1", "5-9 12-8 2-2", preset="puremco")
    play(state, "12-5", MEXICAN)
    state.push(EndTurn(), NAMES)
    # Bob may play on it (public) and a second Mexican Train cannot start: 12-8 only fits Bob's own.
    legal = state.legal_actions()
    assert Play(Tile(5, 9), MEXICAN, 9) in legal
    assert Play(Tile(8, 12), MEXICAN, 8) not in legal
    assert Play(Tile(8, 12), 1, 8) in legal


def test_marked_trains_are_open_to_everyone_and_only_the_owner_lifts_the_marker(table):
    """PM: "To remove a marker from one's personal train, that player must play only on his
    personal train ... Playing on the Mexican Train or some other player's train does not make
    him eligible to remove his marker"."""
    state = table("12-5 5-3 9-9 6-1", "12-4 4-5 0-1", preset="puremco")
    play(state, "12-5", 0)
    state.push(EndTurn(), NAMES)
    play(state, "12-4", 1)
    state.push(EndTurn(), NAMES)
    state.trains[0].marker = True
    state.trains[MEXICAN].tiles.append(Tile(12, 6))
    state.trains[MEXICAN].end = 6
    play(state, "6-1", MEXICAN)  # Ann plays on the Mexican Train: her marker stays
    assert state.trains[0].marker
    state.push(EndTurn(), NAMES)
    play(state, "4-5", 1)  # Bob plays on his own train
    state.push(EndTurn(), NAMES)
    events = play(state, "5-3", 0)  # Ann plays on her own train: the marker comes off
    assert not state.trains[0].marker
    assert "marker_removed" in [e.kind for e in events]


def test_an_unmarked_opponent_train_is_closed(table):
    """FP: "they may only play on an opposing players train when marked with a cast metal
    train token"."""
    state = table("12-5 5-3", "12-4 4-5", preset="puremco")
    play(state, "12-5", 0)
    state.push(EndTurn(), NAMES)
    with pytest.raises(IllegalAction, match="marked"):
        play(state, "4-5", 0)


def test_must_play_when_able(table):
    """FP: "Players must always play if they have an eligible tile"."""
    state = table("12-5 1-2", "3-4", boneyard="6-6")
    with pytest.raises(IllegalAction, match="must play when able"):
        state.push(Draw(), NAMES)
    with pytest.raises(IllegalAction):
        state.push(Pass(), NAMES)


def test_unable_to_play_draw_one_then_pass_with_a_marker(table):
    """FP: "If a player is unable to play during their turn, they must draw one extra domino
    ... If they are unable to play that domino, then they must place a train marker"."""
    state = table("1-2", "3-4", boneyard="6-7 5-5", preset="puremco")
    with pytest.raises(IllegalAction, match="must draw"):
        state.push(Pass(), NAMES)
    state.push(Draw(), NAMES)
    assert state.hands[0] == tiles("1-2 5-5")
    with pytest.raises(IllegalAction):
        state.push(Draw(), NAMES)
    state.push(Pass(), NAMES)
    assert state.trains[0].marker


def test_empty_boneyard_pass_with_a_marker(table):
    """FP: "If there are no more tiles in the bone pile, a player must pass and place a marker
    on his train"."""
    state = table("1-2 1-3", "3-4", preset="puremco")
    assert state.legal_actions() == [Pass()]
    state.push(Pass(), NAMES)
    assert state.trains[0].marker


def test_a_double_needs_a_second_tile_anywhere_eligible(table):
    """FP: "If a player plays a double ... the player must play a second domino perpendicular
    to the double or onto any other eligible train. (It is not required for this second domino
    to be played on the double just played.)"."""
    state = table("12-6 6-6 12-3 0-1 0-2", "3-4", preset="puremco")
    play(state, "12-6", 0)
    state.push(EndTurn(), NAMES)
    state.turn = 0  # Ann's turn again
    state.had_turn = [True, True]
    play(state, "6-6", 0)
    with pytest.raises(IllegalAction, match="follow the double"):
        state.push(EndTurn(), NAMES)
    play(state, "12-3", MEXICAN)
    assert state.legal_actions() == [EndTurn()]
    assert state.trains[0].double_open


def test_fp_cannot_follow_a_double_places_a_marker_without_drawing(table):
    """FP: "If the player cannot play a second domino, they must then place a train marker on
    their train and their turn is over"."""
    state = table("12-6 6-6 0-1 0-2", "3-4", boneyard="2-2", first_turn_string=False)
    state.had_turn = [True, True]
    play(state, "12-6", 0)
    state.push(EndTurn(), NAMES)
    state.turn = 0
    play(state, "6-6", 0)
    assert state.legal_actions() == [Pass()]
    state.push(Pass(), NAMES)
    assert state.trains[0].marker and state.boneyard_count == 1


def test_pm_cannot_follow_a_double_draws_first(table):
    """PM: "If he plays a double and has no playable follow-up domino to play, he must draw
    and if he draws a playable domino he can play it on the double or on any eligible train"."""
    state = table("12-6 6-6 0-1 0-2", "3-4", boneyard="6-2", preset="puremco")
    state.had_turn = [True, True]
    play(state, "12-6", 0)
    state.push(EndTurn(), NAMES)
    state.turn = 0
    play(state, "6-6", 0)
    assert state.legal_actions() == [Draw()]
    state.push(Draw(), NAMES)
    play(state, "6-2", 0)
    assert state.legal_actions() == [EndTurn()]


def test_pm_an_open_double_closes_every_other_train(table):
    """PM: "if he has left a double not played upon, all trains become unplayable until the
    next players can play onto that double ... they must draw once ... they pass and must
    place a marker"."""
    state = table("12-6 6-6 0-1", "12-9 9-3 6-4", boneyard="1-3 5-5", preset="puremco")
    play(state, "12-6", 0)
    state.push(EndTurn(), NAMES)
    play(state, "12-9", 1)
    state.push(EndTurn(), NAMES)
    play(state, "6-6", 0)
    state.push(Draw(), NAMES)  # draws 5-5: cannot follow
    state.push(Pass(), NAMES)
    # Bob must play on Ann's double: 9-3 on his own train is refused, 6-4 is his only play.
    assert state.legal_actions() == [Play(Tile(4, 6), 0, 4)]
    with pytest.raises(IllegalAction, match="double is open"):
        play(state, "9-3", 1)
    play(state, "6-4", 0)
    assert not state.trains[0].double_open


def test_owner_option_leaves_other_trains_open(table):
    state = table(
        "12-6 6-6 0-1",
        "12-9 9-3",
        boneyard="1-3 5-5",
        preset="puremco",
        double_must_be_satisfied_by="owner",
    )
    play(state, "12-6", 0)
    state.push(EndTurn(), NAMES)
    play(state, "12-9", 1)
    state.push(EndTurn(), NAMES)
    play(state, "6-6", 0)
    state.push(Draw(), NAMES)
    state.push(Pass(), NAMES)
    assert Play(Tile(3, 9), 1, 3) in state.legal_actions()


def _own_train_ends_6_and_mexican_ends_3(state):
    """Ann (to play again) has laid 12-6 on her own train and 12-3 on the Mexican Train."""
    state.had_turn = [True, True]
    play(state, "12-6", 0)
    state.push(EndTurn(), NAMES)
    state.turn = 0
    play(state, "12-3", MEXICAN)
    state.push(EndTurn(), NAMES)
    state.turn = 0


def test_pm_two_doubles_need_a_third_tile_from_the_hand(table):
    """PM: "A player can play two doubles consecutively onto two different trains if that
    player is able to play an additional third tile from his hand (without drawing) onto one
    of those double tiles. This means that a player could play 3 tiles in one turn"."""
    state = table("12-6 6-6 12-3 3-3 3-1 0-2", "0-1", preset="puremco")
    _own_train_ends_6_and_mexican_ends_3(state)
    play(state, "6-6", 0)
    assert Play(Tile(3, 3), MEXICAN, 3) in state.legal_actions()  # 3-1 will follow it
    play(state, "3-3", MEXICAN)
    # the third tile goes on one of the two doubles, and no more doubles
    assert state.legal_actions() == [Play(Tile(1, 3), MEXICAN, 1)]
    play(state, "3-1", MEXICAN)
    assert state.legal_actions() == [Tap(), EndTurn()]


def test_pm_a_second_double_without_a_third_tile_is_refused(table):
    state = table("12-6 6-6 12-3 3-3 0-1", "0-2", preset="puremco")
    _own_train_ends_6_and_mexican_ends_3(state)
    play(state, "6-6", 0)
    with pytest.raises(IllegalAction, match="third tile"):
        play(state, "3-3", MEXICAN)


def test_pm_the_last_tile_tap(table):
    """PM: "When any player is left with just one tile in his hand, he must give notice to the
    other players by tapping his final tile on the table"."""
    state = table("12-5 3-4", "1-2 2-3", preset="puremco")
    with pytest.raises(IllegalAction, match="exactly one"):
        state.push(Tap(), NAMES)
    play(state, "12-5", 0)
    assert Tap() in state.legal_actions()
    events = state.push(Tap(), NAMES)
    assert events[0].kind == "last_tile"
    assert Tap() not in state.legal_actions()


def test_pm_going_out_on_a_double_ends_the_round_at_once(table):
    """PM: "When any player has played his last domino no matter if it normally requires a
    follow-up, the game is over and no other players can play"."""
    state = table("12-5", "1-2", preset="puremco")
    state.hands[0] = tiles("5-5")
    state.trains[0].tiles.append(Tile(12, 5))
    state.trains[0].end = 5
    play(state, "5-5", 0)
    assert state.outcome.ended == "out" and state.outcome.out == (0,)
    assert state.legal_actions() == []
    assert state.scores() == [0, 3]


def test_fp_out_on_the_first_turn_lets_the_others_play_their_first_turn(table):
    """FP: "It is possible, though unlikely, that a player may rid their hand of all dominoes
    on the first turn. Should this occur, other players get to play their first turn before
    the round ends"."""
    state = table("12-5 5-7", "12-1 1-3", "0-0")
    play(state, "12-5", 0)
    play(state, "5-7", 0)
    assert state.outcome is None and state.turn == 1
    play(state, "12-1", 1)
    play(state, "1-3", 1)  # Bob goes out as well
    assert state.turn == 2
    state.push(Pass(), NAMES)
    assert state.outcome.ended == "out" and state.outcome.out == (0, 1)
    assert state.scores() == [0, 0, 0]


def test_pm_out_on_the_first_turn_ends_the_round(table):
    state = table("12-5", "12-1 1-3", preset="puremco")
    play(state, "12-5", 0)
    assert state.outcome.out == (0,)


def test_blocked_round_when_nobody_can_play_and_the_boneyard_is_empty(table):
    """FP: "The round is over ... when the game is blocked because no one holds a playable
    tile and all tiles in the bone pile have been drawn". Bob's pass opens his train, so Ann
    looks at it once more before the round is blocked."""
    state = table("1-2 4-4", "3-4 0-0", preset="puremco")
    state.push(Pass(), NAMES)
    state.push(Pass(), NAMES)
    assert state.outcome is None
    state.push(Pass(), NAMES)
    assert state.outcome.ended == "blocked"
    assert state.scores() == [11, 7]


def test_scoring_counts_pips_left_and_the_0_0_option(table):
    """FP: "all other players then count the total pips on the remaining dominoes in their
    hand"; house rule: 0-0 worth 50."""
    plain = table("0-0 6-6 1-2", "3-4")
    assert plain.scores() == [15, 7]
    fifty = table("0-0 6-6 1-2", "3-4", zero_zero_worth=50)
    assert fifty.scores() == [65, 7]


def test_lowest_total_wins_and_ties_share_the_win():
    """FP: "the player with the lowest score is the WINNER!"."""
    game = MexicanTrain()
    assert game.winners([40, 12, 30]) == [1]
    assert game.winners([12, 40, 12]) == [0, 2]


def test_an_illegal_play_names_the_player_and_the_rule(table):
    state = table("12-5 3-4", "1-2", preset="puremco")
    with pytest.raises(IllegalAction) as caught:
        play(state, "3-4", 0)
    assert "does not match the 12" in str(caught.value)
    with pytest.raises(IllegalAction, match="Ann does not hold 6-6"):
        play(state, "6-6", 0)
