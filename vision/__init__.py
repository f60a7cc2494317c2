"""Reading domino tiles from camera frames and phone photos.

``recognise(image, set_max)`` -> ``Recognition``; ``load_photo(path_or_bytes)`` -> image
(``PhotoError`` for bad files); ``annotate(image, recognition)`` -> image. The stages live
in ``detect`` (find tiles), ``pips`` (split halves, count pips) and ``recognise`` (check
against the set); ``synth`` renders test photos; ``reader`` is the camera glue.
"""

from vision.annotate import annotate
from vision.photo import PhotoError, load_photo
from vision.recognise import Recognition, TileReading, recognise

__all__ = ["PhotoError", "Recognition", "TileReading", "annotate", "load_photo", "recognise"]
