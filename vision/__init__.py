"""Reading domino tiles from camera frames and phone photos.

``recognise(image, set_max)`` -> ``Recognition``; ``load_photo(path_or_bytes)`` -> image
(``PhotoError`` for bad files); ``annotate(image, recognition)`` -> image. The stages live
in ``detect`` (find tiles), ``pips`` (split halves, count pips) and ``recognise`` (check
against the set); ``synth`` renders test photos; ``reader`` is the camera glue.
"""

import os

# OpenCV prints a WARN line for every camera index it cannot open; our own message says it.
os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")

from vision.annotate import annotate  # noqa: E402
from vision.photo import PhotoError, load_photo  # noqa: E402
from vision.recognise import Recognition, TileReading, recognise  # noqa: E402

__all__ = ["PhotoError", "Recognition", "TileReading", "annotate", "load_photo", "recognise"]
