"""codecbox: decode text you did not write, and say how you decided.

* :func:`decode_html` decodes a page in the browser's order (BOM, HTTP header, ``<meta>``,
  valid UTF-8, a detector, a default), :func:`decode_bytes` and :func:`decode_file` bytes
  and files, with a declared label (strict errors name the file and the offset);
  :func:`decode_response` a ``requests`` or ``httpx`` response, from its bytes;
  :func:`read_csv` a CSV into a pandas DataFrame, the encoding decided the same way;
* :func:`import_file` / :func:`import_bytes` apply a strict import policy;
* :func:`sniff` / :func:`sniff_file` guess from a prefix; :func:`transcode`,
  :func:`iter_decode` and :func:`read_chunks` convert and decode in constant memory;
* :func:`length` and :func:`truncate` count and cut in bytes, UTF-16 units, code points or
  grapheme clusters; :func:`fix_mojibake` undoes UTF-8 read as windows-1252 or ISO-8859-1.

The building blocks stay in their modules: :mod:`codecbox.detection` (each detector,
``Detector``, ``decode_prefix``), :mod:`codecbox.sniffing` (``bom``, ``prescan``,
``charset_from_content_type``), :mod:`codecbox.labels` (``lookup``),
:mod:`codecbox.repair` (``apply_steps``, ``Step``, ``Reason``, ``mojibake_score``),
:mod:`codecbox.length` (``UNITS``, ``Unit``), :mod:`codecbox.streaming` (``write_atomic``).
Every result carries an :class:`Encoding`, the :class:`Rule` that decided and whether
that rule is certain::

    >>> from codecbox import decode_html
    >>> page = decode_html(b"<meta charset=sjis>\\x82\\xa0")
    >>> page.text[-1], page.how, page.confident
    ('あ', 'Shift_JIS (meta)', False)
"""

from typing import TYPE_CHECKING, Any

from codecbox.decoding import Decoded, decode_bytes, decode_file, decode_html
from codecbox.detection import DETECTORS, Guess
from codecbox.errors import DecodeError, EncodeError, UnknownEncodingError
from codecbox.labels import Encoding, resolve
from codecbox.length import graphemes, length, truncate  # (eager: length is a module too)
from codecbox.rules import Rule

if TYPE_CHECKING:
    from codecbox.adapters import UnsureEncodingError, decode_response, read_csv
    from codecbox.importing import Imported, Quarantined, import_bytes, import_file
    from codecbox.repair import Repair, fix_mojibake
    from codecbox.streaming import (
        TranscodeReport,
        iter_decode,
        read_chunks,
        sniff,
        sniff_file,
        transcode,
    )

__version__ = "0.3.0"

#: The names `import codecbox` leaves to their first use, by their module: the package loads
#: what decode_bytes, decode_file and decode_html need (repair builds its tables of the wrong
#: readings when imported, some 40 ms; importing, streaming and adapters some 6 ms).
_ON_USE = {
    name: module
    for module, names in {
        "adapters": "UnsureEncodingError decode_response read_csv",
        "importing": "Imported Quarantined import_bytes import_file",
        "repair": "Repair fix_mojibake",
        "streaming": "TranscodeReport iter_decode read_chunks sniff sniff_file transcode",
    }.items()
    for name in names.split()
}


def __getattr__(name: str) -> Any:
    if name not in _ON_USE:
        raise AttributeError(f"module 'codecbox' has no attribute {name!r}")
    from importlib import import_module

    value = globals()[name] = getattr(import_module(f"codecbox.{_ON_USE[name]}"), name)
    return value


__all__ = [
    "DETECTORS",
    "DecodeError",
    "Decoded",
    "EncodeError",
    "Encoding",
    "Guess",
    "Imported",
    "Quarantined",
    "Repair",
    "Rule",
    "TranscodeReport",
    "UnknownEncodingError",
    "UnsureEncodingError",
    "decode_bytes",
    "decode_file",
    "decode_html",
    "decode_response",
    "fix_mojibake",
    "graphemes",
    "import_bytes",
    "import_file",
    "iter_decode",
    "length",
    "read_chunks",
    "read_csv",
    "resolve",
    "sniff",
    "sniff_file",
    "transcode",
    "truncate",
]
