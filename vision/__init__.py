"""Reading domino tiles from camera frames and phone photos."""
