"""Train Companion: the game master for domino train games."""
