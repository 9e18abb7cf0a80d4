"""codecbox: the tools of the course on text and encodings.

The engineer-facing API, importable from the top level::

    from codecbox import decode_html, decode_bytes, import_text, iter_decode, sniff, transcode

Each lives in a module of its own idea (labels, decoding, detection, streaming,
importing, inspection, widgets); the lessons import from those modules.
"""

from codecbox.decoding import Decoded, decode_bytes, decode_html
from codecbox.detection import Guess
from codecbox.errors import DecodeError
from codecbox.importing import Imported, import_text
from codecbox.streaming import iter_decode, sniff, transcode

__version__ = "0.1.0"

__all__ = [
    "DecodeError",
    "Decoded",
    "Guess",
    "Imported",
    "decode_bytes",
    "decode_html",
    "import_text",
    "iter_decode",
    "sniff",
    "transcode",
]
