import pytest
from rule_helpers import tiles

from companion.games.base import new_game
from companion.games.mexican_train import TrainRound
from companion.tiles import Tile


@pytest.fixture
def table():
    """Build a round from hands written as text: table("12-5 5-7", "3-4", boneyard="1-1")."""

    def build(*hands, boneyard="", preset="front-porch", engine=12, starter=0, **options):
        game = new_game("mexican-train", preset, options)
        return TrainRound(
            game.options, Tile(engine, engine), starter, [tiles(h) for h in hands], tiles(boneyard)
        )

    return build
