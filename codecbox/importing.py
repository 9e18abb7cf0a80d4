"""An import flow that does not depend on luck (lesson 6).

Detection is a bet, so it comes last. Rules that *know* come first, in this
order: a declared encoding, a BOM, valid UTF-8, the encoding a known source
always writes. Whatever decides, the bytes are decoded strictly: a failed
import is cheaper than silent mojibake. Only then, on enough bytes and a short
candidate list, a guess; and a guess is flagged for review (and moved to a
quarantine folder when one is given). The result always says which rule decided.

>>> import_text("año".encode("cp1252"), declared="windows-1252").how
'cp1252 (declared)'
>>> import_text("año".encode("utf-8")).how
'utf-8 (valid UTF-8)'
>>> import_text("año".encode("cp1252"), origin="erp", origins={"erp": "cp1252"}).how
'cp1252 (source table)'
>>> import_text("año".encode("cp1252"), candidates=["cp1252", "cp932"]).how
'quarantine (sample too short: 3 bytes < 256)'
"""

from __future__ import annotations

import codecs
import os
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from codecbox.detection import DETECTORS, Guess
from codecbox.errors import DecodeError
from codecbox.labels import python_codec

__all__ = ["BOMS", "Imported", "import_text"]

#: BOM -> the codec that decodes the text and drops the BOM.
BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


@dataclass(frozen=True)
class Imported:
    """What the import decided, and how.

    ``rule`` is one of "declared", "BOM", "valid UTF-8", "source table", "guess"
    or "quarantine" (nothing decided; ``text`` is None). ``review`` is True when
    a person should look: the encoding was guessed, or nothing fitted.
    """

    text: str | None
    encoding: str | None
    rule: str
    review: bool = False
    path: Path | None = None
    reason: str = ""

    @property
    def how(self) -> str:
        if self.rule == "quarantine":
            return f"quarantine ({self.reason})"
        return f"{self.encoding} ({self.rule})"


def _codec(label: str) -> str:
    """A WHATWG label ("Shift_JIS") or a Python codec name ("cp932") -> Python codec."""
    codec = python_codec(label)
    if codec is None:
        try:
            codec = codecs.lookup(label).name
        except LookupError:
            raise ValueError(f"unknown encoding {label!r}") from None
    return codec


def _strict(data: bytes, codec: str, rule: str, where: str | None) -> str:
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        place = f"{where}, {codec} ({rule})" if where else f"{codec} ({rule})"
        raise DecodeError.wrap(exc, where=place) from exc


def _park(path: Path | None, quarantine: str | os.PathLike | None) -> Path | None:
    """Move a file that needs review into the quarantine folder, never overwriting."""
    if path is None or quarantine is None:
        return path
    folder = Path(quarantine)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / path.name
    n = 1
    while target.exists():
        target = folder / f"{path.stem}.{n}{path.suffix}"
        n += 1
    return Path(shutil.move(str(path), str(target)))


def import_text(
    source: bytes | str | os.PathLike,
    *,
    declared: str | None = None,
    origin: str | None = None,
    origins: Mapping[str, str] | None = None,
    candidates: Sequence[str] | None = None,
    min_sample: int = 256,
    quarantine: str | os.PathLike | None = None,
    detector: str = "v2",
) -> Imported:
    """Decode a whole file (or bytes) by the first rule that knows its encoding.

    ``declared``: a label from the sender (HTTP header, XML declaration, the
    contract with the supplier). ``origin`` and ``origins``: the source of the
    file and the table of what each source always writes. ``candidates``: the
    encodings a guess may choose from; without them there is no guess.
    Strict decoding raises :class:`DecodeError` naming the file and the offset.
    """
    path = None if isinstance(source, bytes) else Path(source)
    data = source if path is None else path.read_bytes()
    where = None if path is None else str(path)

    if declared is not None:
        codec = _codec(declared)
        if codec == "utf-8" and data.startswith(codecs.BOM_UTF8):
            codec = "utf-8-sig"  # a declared UTF-8 file may still carry a BOM
        return Imported(_strict(data, codec, "declared", where), codec, "declared", path=path)
    for bom, codec in BOMS:
        if data.startswith(bom):
            return Imported(_strict(data, codec, "BOM", where), codec, "BOM", path=path)
    try:
        return Imported(data.decode("utf-8"), "utf-8", "valid UTF-8", path=path)
    except UnicodeDecodeError:
        pass
    if origin is not None and origins and origin in origins:
        codec = _codec(origins[origin])
        text = _strict(data, codec, "source table", where)
        return Imported(text, codec, "source table", path=path)

    def parked(reason: str) -> Imported:
        return Imported(None, None, "quarantine", True, _park(path, quarantine), reason)

    if not candidates:
        return parked("no candidate list: not guessing")
    if len(data) < min_sample:
        return parked(f"sample too short: {len(data)} bytes < {min_sample}")
    guess: Guess = DETECTORS[detector](data, candidates)
    if guess.encoding is None:
        return parked(f"no candidate fits ({', '.join(candidates)})")
    text = _strict(data, guess.encoding, "guess", where)
    return Imported(text, guess.encoding, "guess", True, _park(path, quarantine))
