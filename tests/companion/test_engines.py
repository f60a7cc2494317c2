"""Engine 191 and Engine No. 9: each test names the sentence of the sheet it checks."""

import random

import pytest

from companion.errors import CompanionError
from companion.games.base import Draw, EndTurn, IllegalAction, Pass, Play, RoundSetup, new_game
from companion.games.engine_lines import Line, PlayFromYard, RemoveTrack, Reveal
from companion.games.engines import PLAY, EngineRound
from companion.simulate import result, simulate
from companion.tiles import Tile

T = Tile.parse
NAMES = ["Ann", "Bob", "Cy"]


def tiles(text: str) -> list[Tile]:
    return [T(word) for word in text.split()]


def table(
    hands: list[str],
    main: str = "3-3",
    lines: dict[int, str] | None = None,
    boneyard: str = "",
    yards: dict[int, str] | None = None,
    removed: str = "",
    any_station: bool = False,
    turn: int = 0,
) -> EngineRound:
    """A round in play with the given hands, lines (tiles in order from the main station),
    score yards, boneyard (drawn from the end) and removed track."""
    state = EngineRound([], 0, len(hands), 0, random.Random(1), any_station)
    state.hands = [tiles(h) for h in hands]
    state.boneyard = tiles(boneyard)
    state.removed = tiles(removed)
    state.yards = [tiles((yards or {}).get(s, "")) for s in range(len(hands))]
    state.main = T(main)
    state.lines = {s: Line(s, state.main.high) for s in range(len(hands))}
    for seat, text in (lines or {}).items():
        for tile in tiles(text):
            state.lines[seat].lay(tile)
    state.hand_counts = [len(hand) for hand in state.hands]
    state.boneyard_count = len(state.boneyard)
    state.phase, state.turn = PLAY, turn
    state._new_turn()
    return state


# --- setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "players", "top", "size"),
    [
        ("engine-191", 2, 6, 9),
        ("engine-191", 3, 9, 11),
        ("engine-191", 4, 9, 9),
        ("engine-no-9", 2, 6, 9),
        ("engine-no-9", 3, 7, 9),
        ("engine-no-9", 4, 8, 9),
        ("engine-no-9", 5, 9, 9),
    ],
)
def test_sets_and_hands_by_player_count_as_each_sheet_gives_them(game_id, players, top, size):
    game = new_game(game_id)
    state = game.deal(RoundSetup(1, None, 0), players, random.Random(3))
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.where_tiles_are()) == (top + 1) * (top + 2) // 2
    assert max(t.high for t in state.where_tiles_are()) == top


def test_the_player_that_has_the_lowest_double_starts_and_places_it_as_the_main_station():
    state = EngineRound([], 0, 3, 0, random.Random(1), False)
    state.hands = [tiles("5-5 1-2"), tiles("2-2 4-6"), tiles("0-1 3-4")]
    state.hand_counts = [2, 2, 2]
    state.apply(Reveal(T("5-5")))
    state.apply(Reveal(T("2-2")))
    events = state.apply(Reveal(T("0-1")))
    assert state.main == T("2-2") and state.turn == 1
    assert state.hands == [tiles("5-5 1-2"), tiles("4-6"), tiles("0-1 3-4")]  # no draw
    assert [e.kind for e in events] == ["main_station", "turn"]
    assert all(line.end == 2 for line in state.lines.values())


def test_if_no_one_played_a_double_then_reshuffle_and_start_again():
    state = EngineRound(tiles("1-2 3-4 5-6 0-0"), 1, 2, 0, random.Random(1), False)
    state.hands = [tiles("1-2"), tiles("3-4")]
    state.boneyard = tiles("5-6 0-0")
    state.apply(Reveal(T("1-2")))
    events = state.apply(Reveal(T("3-4")))
    assert [e.kind for e in events] == ["redeal"]
    assert state.phase == "reveal" and state.redeals == 1


# --- a turn --------------------------------------------------------------------------------


def test_if_you_play_a_track_domino_then_your_turn_is_over():
    state = table(["3-5 5-6 1-1", "0-0"], boneyard="2-2")
    state.push(Play(T("3-5"), 0))
    assert state.legal_actions() == [EndTurn()]
    with pytest.raises(IllegalAction, match="turn is over"):
        state.push(Play(T("5-6"), 0))


def test_if_you_play_a_station_domino_then_you_may_immediately_play_another_domino():
    state = table(["5-5 5-6 1-4", "0-0"], lines={0: "3-5"}, boneyard="2-2")
    state.push(Play(T("5-5"), 0))
    assert Play(T("5-6"), 0) in state.legal_actions()
    assert EndTurn() in state.legal_actions()  # "you do not have to complete the station"


def test_play_on_an_opponents_line_draws_a_domino_into_your_hand():
    state = table(["3-5 1-1", "0-0"], boneyard="6-6")
    state.push(Play(T("3-5"), 1))
    assert state.hands[0] == tiles("1-1 6-6") and state.boneyard == []


def test_completing_an_incomplete_station_in_another_players_line_draws_nothing():
    state = table(["5-6 1-1", "0-0"], lines={1: "3-5 5-5"}, boneyard="6-6")
    state.push(Play(T("5-6"), 1))
    assert state.hands[0] == tiles("1-1") and state.boneyard == tiles("6-6")


def test_with_the_boneyard_depleted_you_cannot_play_on_another_players_line():
    state = table(["3-5 1-1", "0-0"], lines={0: "3-4"})
    assert not [a for a in state.legal_actions() if isinstance(a, Play)]
    with pytest.raises(IllegalAction, match="depleted"):
        state.push(Play(T("3-5"), 1))


def test_dominoes_played_from_the_score_yard_are_replaced_with_dominoes_from_your_hand():
    state = table(["1-1 2-4", "0-0"], yards={0: "3-6"}, boneyard="6-6")
    play = PlayFromYard(T("3-6"), 0, T("2-4"))
    assert play in state.legal_actions()
    state.push(play)
    assert state.yards[0] == tiles("2-4") and state.hands[0] == tiles("1-1")


def test_if_you_cannot_play_draw_into_the_score_yard_and_that_domino_may_then_be_played():
    state = table(["1-1 2-4 3-5", "0-0"], boneyard="3-6")
    state.push(Draw())
    assert state.yards[0] == tiles("3-6")
    plays = [a for a in state.legal_actions() if isinstance(a, (Play, PlayFromYard))]
    assert plays and all(isinstance(a, PlayFromYard) and a.tile == T("3-6") for a in plays)
    with pytest.raises(IllegalAction, match="just drawn"):
        state.push(Play(T("3-5"), 0))
    state.push(PlayFromYard(T("3-6"), 0, T("1-1")))
    assert state.yards[0] == tiles("1-1")


# --- remove track --------------------------------------------------------------------------


def test_191_removes_back_to_the_last_station_and_draws_one_into_the_score_yard_each_time():
    """The sheet's example: remove the 4/9 & 9/5, then the 5/5, 5/7 & 7/3."""
    state = table(["1-2", "0-0"], lines={0: "3-7 7-5 5-5 5-9 9-4"}, boneyard="0-1 0-2 0-4")
    assert state.legal_actions()[:1] == [RemoveTrack(T("5-5"))]
    assert RemoveTrack(None) not in state.legal_actions()
    state.push(RemoveTrack(T("5-5")))
    assert state.lines[0].tiles == tiles("3-7 7-5 5-5") and state.yards[0] == tiles("0-4")
    assert state.removed == tiles("5-9 9-4")
    state.push(RemoveTrack(None))
    assert state.lines[0].tiles == [] and state.yards[0] == tiles("0-4 0-2")
    # "You can never remove past the main station."
    assert not [a for a in state.legal_actions() if isinstance(a, RemoveTrack)]


def test_no_9_removes_back_to_any_station_previously_played():
    state = table(
        ["1-2", "0-0"], lines={0: "3-7 7-5 5-5 5-9 9-4"}, boneyard="0-1", any_station=True
    )
    removals = [a for a in state.legal_actions() if isinstance(a, RemoveTrack)]
    assert removals == [RemoveTrack(T("5-5")), RemoveTrack(None)]
    state.push(RemoveTrack(None))
    assert state.lines[0].tiles == [] and state.yards[0] == tiles("0-1")


def test_you_can_only_remove_at_the_beginning_of_your_turn():
    state = table(["1-2 4-4", "0-0"], lines={0: "3-7 7-4"}, boneyard="0-1")
    state.push(Play(T("4-4"), 0))
    with pytest.raises(IllegalAction, match="beginning of your turn"):
        state.push(RemoveTrack(None))


def test_when_the_boneyard_is_depleted_removed_track_is_shuffled_into_a_new_boneyard():
    state = table(["1-2", "0-0"], lines={0: "3-7 7-4"})
    state.push(RemoveTrack(None))
    assert len(state.yards[0]) == 1 and len(state.boneyard) == 1 and state.removed == []
    assert sorted(map(str, state.yards[0] + state.boneyard)) == ["3-7", "4-7"]


# --- incomplete stations -------------------------------------------------------------------


def test_an_incomplete_station_must_be_completed_before_anyone_plays_anywhere_else():
    state = table(["3-6 5-1", "0-0"], lines={1: "3-5 5-5"}, boneyard="6-6")
    assert {a for a in state.legal_actions() if isinstance(a, Play)} == {Play(T("1-5"), 1)}
    with pytest.raises(IllegalAction, match="incomplete station"):
        state.push(Play(T("3-6"), 0))


def test_the_creator_does_not_have_to_complete_the_station_on_the_same_turn():
    state = table(["3-5 5-5 1-2", "0-0"], lines={0: "3-5"}, boneyard="6-6")
    state.hands[0] = tiles("5-5 1-2")
    state.push(Play(T("5-5"), 0))
    assert EndTurn() in state.legal_actions()
    state.push(EndTurn())
    assert state.lines[0].incomplete


def test_the_owner_may_remove_track_instead_of_completing_the_station():
    state = table(["1-2", "0-0"], lines={0: "3-5 5-5"}, boneyard="6-6")
    assert RemoveTrack(None) in state.legal_actions()


def test_the_rule_does_not_apply_to_a_station_that_has_had_track_removed_from_in_front_of_it():
    state = table(["1-2 3-6", "0-0"], lines={0: "3-5 5-5 5-6"}, boneyard="6-6 0-4")
    state.push(RemoveTrack(T("5-5")))
    state.push(Draw())
    state.push(EndTurn())
    assert not state.lines[0].incomplete
    state.turn = 0
    state._new_turn()
    assert Play(T("3-6"), 1) in state.legal_actions()  # free to play elsewhere


def test_the_rule_does_not_apply_to_the_main_station():
    state = table(["3-6", "0-0"], boneyard="6-6")
    assert Play(T("3-6"), 0) in state.legal_actions()


# --- the end of a round and of the game ----------------------------------------------------


def test_the_round_ends_if_a_player_goes_out_and_scores_hand_plus_score_yard():
    state = table(["3-6", "2-5 4-4"], yards={0: "1-1", 1: "0-6"}, boneyard="6-6")
    state.push(Play(T("3-6"), 0))
    assert state.outcome.ended == "out" and state.outcome.out == (0,)
    assert state.scores() == [2, 7 + 8 + 6]


def test_the_round_ends_when_the_boneyard_is_depleted_and_everyone_passes():
    state = table(["1-2", "4-5"])
    state.push(Pass())
    assert state.outcome is None
    state.push(Pass())
    assert state.outcome.ended == "blocked"


def test_the_lowest_score_wins_a_token_and_if_there_is_a_tie_all_players_in_the_tie_get_one():
    game = new_game("engine-191")
    assert game.pad_values([10, 4, 4], None) == [0, 1, 1]


def test_first_player_to_win_3_rounds_wins_the_game():
    for seed in range(10):
        out = result(simulate("engine-191", 3, seed=seed))
        totals = out["totals"]
        assert max(totals.values()) == 3
        assert out["winners"] == [n for n, t in totals.items() if t == 3]
        # A round shows each player's pips (hand + score yard); its lowest win the tokens.
        tokens = {name: 0 for name in totals}
        for row in out["rounds"]:
            low = min(row["scores"].values())
            assert row["winners"] == [n for n, pips in row["scores"].items() if pips == low]
            for name in row["winners"]:
                tokens[name] += 1
        assert tokens == totals
        # A round's "engine" is its main station, a double.
        assert all(Tile.parse(row["engine"]).is_double for row in out["rounds"])


def test_tokens_to_win_can_be_reduced_for_quicker_games():
    out = result(simulate("engine-no-9", 2, seed=2, options={"tokens_to_win": 1}))
    assert len(out["rounds"]) == 1 and max(out["totals"].values()) == 1


def test_actions_read_back_as_they_are_written():
    game = new_game("engine-no-9")
    for action in (
        Reveal(T("3-3")),
        RemoveTrack(T("5-5")),
        RemoveTrack(None),
        PlayFromYard(T("3-6"), 2, T("1-2")),
        Play(T("3-6"), 1),
        Draw(),
        Pass(),
        EndTurn(),
    ):
        text = game.format_action(action, NAMES)
        assert game.parse_action(text, NAMES) == action, text


def test_a_round_whose_hands_nobody_knows_is_checked_against_what_lies_face_up():
    game = new_game("engine-no-9")
    state = game.observed_round(RoundSetup(1, None, 0), 3)
    for tile in ("4-4", "2-2", "1-5"):  # Ann, Bob, Cy reveal; Bob's 2-2 is the lowest double
        state.push(Reveal(T(tile)), NAMES)
    assert state.main == T("2-2") and state.turn == 1 and state.hand_counts == [9, 8, 9]
    state.push(Play(T("2-6"), 1), NAMES)
    state.push(EndTurn(), NAMES)
    # Cy cannot play: the drawn domino goes face up into the score yard, so Cy names it.
    with pytest.raises(IllegalAction, match="say the domino"):
        state.push(Draw(), NAMES)
    with pytest.raises(IllegalAction, match="face up"):
        state.push(Draw(T("2-6")), NAMES)
    state.push(Draw(T("3-3")), NAMES)
    state.push(EndTurn(), NAMES)
    state.push(Play(T("2-4"), 0), NAMES)
    state.push(EndTurn(), NAMES)
    with pytest.raises(IllegalAction, match="does not hold"):
        state.push(Play(T("2-4"), 1), NAMES)  # it is on Ann's line
    removal = RemoveTrack(None, T("0-1"))
    assert game.parse_action(game.format_action(removal, NAMES), NAMES) == removal
    state.push(removal, NAMES)
    assert state.yards[1] == tiles("0-1") and state.removed == tiles("2-6")
    assert state.hand_counts == [8, 7, 9] and state.boneyard_count == 36 - 27 - 2
    with pytest.raises(CompanionError, match="unknown"):
        state.scores()


def test_players_reaching_3_tokens_in_the_same_round_share_the_win_or_play_on():
    shared = new_game("engine-191")
    assert shared.next_round(RoundSetup(4, None, 0), 3, [3, 3, 1]) is None
    play_on = new_game("engine-191", options={"tie_at_target": "play-on"})
    assert play_on.next_round(RoundSetup(4, None, 0), 3, [3, 3, 1]) is not None
    assert play_on.next_round(RoundSetup(5, None, 1), 3, [4, 3, 1]) is None


def test_a_last_tile_laid_on_another_players_line_draws_one_so_that_player_is_not_out():
    state = table(["3-5", "0-0"], lines={0: "3-4"}, boneyard="6-6")
    state.push(Play(T("3-5"), 1))
    assert state.outcome is None and state.hands[0] == tiles("6-6")


def test_simulated_players_remove_track_when_it_reopens_their_line():
    from companion.games.bots import GreedyBot

    state = table(["5-6 1-2", "0-0"], lines={0: "3-5 5-5 5-4"}, boneyard="6-6 0-4")
    bot = GreedyBot(random.Random(1))
    assert bot.choose(state, state.legal_actions()) == RemoveTrack(T("5-5"))
    state.push(RemoveTrack(T("5-5")))
    assert bot.choose(state, state.legal_actions()) == Play(T("5-6"), 0)
