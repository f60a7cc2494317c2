"""Positions of dice-chains rounds as one line of text.

    dice-chains turn=2 hands=6-3,1-1/4-4 chains=6-2;3-3,3-1/- boneyard=0-5,2-4 dice=3,5 made=1

``chains`` lists each seat's chains, ``;`` between chains; ``dice`` is the roll waiting for
a chain (absent: the player to move rolls next); ``made`` counts the chains laid this turn.
The companion's own dice start afresh (seed 0) in a round read from a position.
"""

from __future__ import annotations

import random
from collections import Counter

from companion.games.position_text import (
    Fields,
    PositionError,
    join_fields,
    pile_text,
    read_boneyard,
    read_hands,
    read_int,
    read_seat,
    read_tiles,
    tiles_text,
)


def write_position(state) -> str:
    n = state.players
    hands = "/".join(
        pile_text(None if state.hands is None else state.hands[s], state.hand_counts[s])
        for s in range(n)
    )
    boneyard = None if state.boneyard is None else list(reversed(state.boneyard))
    chains = "/".join(";".join(tiles_text(c) for c in seat) or "-" for seat in state.chains)
    fields: list[tuple[str, str | None]] = [
        ("turn", str(state.turn + 1)),
        ("hands", hands),
        ("chains", chains),
        ("boneyard", pile_text(boneyard, state.boneyard_count)),
    ]
    if state.dice is not None:
        fields.append(("dice", f"{state.dice[0]},{state.dice[1]}"))
    if state.made:
        fields.append(("made", str(state.made)))
    if state.outcome is not None:
        fields.append(("ended", state.outcome.ended))
    return join_fields("dice-chains", fields)


def read_position(fields: Fields, game_cls):
    from companion.games.base import Outcome
    from companion.games.dice_chains import CHAIN, ChainRound

    if fields.preset not in (None, "standard"):
        raise PositionError(f"dice-chains has no preset {fields.preset!r}")
    game = game_cls()
    hands, counts = read_hands(fields.need("hands"), game.check_players)
    n = len(counts)
    boneyard, boneyard_count = read_boneyard(fields.take("boneyard", "-"), hands is not None)
    state = ChainRound(
        hands,
        boneyard,
        read_seat(fields.need("turn"), n),
        random.Random(0),
        counts,
        boneyard_count,
    )
    chains = fields.take("chains")
    texts = chains.split("/") if chains else ["-"] * n
    if len(texts) != n:
        raise PositionError(f"chains= lists {n} seats' chains")
    state.chains = [
        [tuple(read_tiles(c)) for c in text.split(";")] if text != "-" else [] for text in texts
    ]
    dice = fields.take("dice")
    if dice is not None:
        values = dice.split(",")
        if len(values) != 2 or not all(v in "123456" and v for v in values):
            raise PositionError(f"dice= is two dice like 3,5, not {dice!r}")
        state.dice, state.phase = (int(values[0]), int(values[1])), CHAIN
    state.made = read_int(fields.take("made"), "made")
    ended = fields.take("ended")
    if ended is not None:
        state.outcome = Outcome(ended)
    fields.finish()
    extra = Counter(state.where_tiles_are()) - Counter(game.all_tiles(n))
    if extra:
        tiles = ", ".join(str(t) for t in extra.elements())
        raise PositionError(f"the sets have no (more) {tiles}: a tile appears too often")
    return state
