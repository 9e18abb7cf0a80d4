"""codecbox: decode text you did not write, and say how you decided.

A small library for importing files and pages from systems you do not control:

* :func:`decode_html` decodes a page in the browser's order (BOM, HTTP header,
  ``<meta>`` prescan, valid UTF-8, a detector, a default) with the WHATWG labels;
* :func:`decode_bytes` does the same for a file, with a declared label;
* :func:`import_file` / :func:`import_bytes` apply a strict import policy;
* :func:`sniff` / :func:`sniff_file` guess from a prefix, and :func:`transcode`,
  :func:`iter_decode` and :func:`read_chunks` convert and decode in constant memory;
* :func:`length` and :func:`truncate` count and cut in bytes, UTF-16 units, code
  points or grapheme clusters, never splitting a cluster.

Every result carries an :class:`Encoding` (a name to show, a codec to use), the
:class:`Rule` that decided and whether that rule is certain::

    >>> from codecbox import decode_html
    >>> page = decode_html(b"<meta charset=sjis>\\x82\\xa0")
    >>> page.text[-1], page.how, page.confident
    ('あ', 'Shift_JIS (meta)', False)
"""

from codecbox.decoding import Decoded, decode_bytes, decode_html
from codecbox.detection import (
    DETECTORS,
    Detector,
    Guess,
    decode_prefix,
    guess_chardet,
    guess_charset_normalizer,
    guess_codecbox,
    guess_stdlib,
)
from codecbox.errors import DecodeError, EncodeError, UnknownEncodingError
from codecbox.importing import Imported, Quarantined, import_bytes, import_file
from codecbox.labels import Encoding, lookup, resolve
from codecbox.length import UNITS, Unit, graphemes, length, truncate
from codecbox.repair import Reason, Repair, Step, apply_steps, fix_mojibake, mojibake_score
from codecbox.rules import Rule
from codecbox.sniffing import bom, charset_from_content_type, prescan
from codecbox.streaming import (
    TranscodeReport,
    iter_decode,
    read_chunks,
    sniff,
    sniff_file,
    transcode,
    write_atomic,
)

__version__ = "0.3.0"

__all__ = [
    "DETECTORS",
    "DecodeError",
    "Decoded",
    "Detector",
    "EncodeError",
    "Encoding",
    "Guess",
    "Imported",
    "Quarantined",
    "Reason",
    "Repair",
    "Rule",
    "Step",
    "TranscodeReport",
    "UNITS",
    "Unit",
    "UnknownEncodingError",
    "apply_steps",
    "bom",
    "charset_from_content_type",
    "decode_bytes",
    "decode_html",
    "decode_prefix",
    "fix_mojibake",
    "graphemes",
    "guess_chardet",
    "guess_charset_normalizer",
    "guess_codecbox",
    "guess_stdlib",
    "import_bytes",
    "import_file",
    "iter_decode",
    "length",
    "lookup",
    "mojibake_score",
    "prescan",
    "read_chunks",
    "resolve",
    "sniff",
    "sniff_file",
    "transcode",
    "truncate",
    "write_atomic",
]
