"""Reading domino tiles from camera frames and phone photos.

>>> from vision import load_photo, recognise
>>> result = recognise(load_photo("hand.jpg"), set_max=12)   # doctest: +SKIP
>>> result.pip_total, result.low_confidence                  # doctest: +SKIP
"""

import os

# OpenCV prints a WARN line for every camera index it cannot open; our own message says it.
os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")

from vision.annotate import annotate  # noqa: E402
from vision.photo import PhotoError, load_photo  # noqa: E402
from vision.recognise import RecognisedTile, Recognition, recognise  # noqa: E402

__all__ = ["PhotoError", "Recognition", "RecognisedTile", "annotate", "load_photo", "recognise"]
