"""The rule sheets, one module per game, found by id through the registry."""
