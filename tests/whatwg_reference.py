"""A reference WHATWG decoder, written line by line from https://encoding.spec.whatwg.org/.

Deliberately slow and literal, and independent of ``codecbox.whatwg``: it reads the index
files in ``tests/vectors/whatwg/`` itself, keeps an I/O queue that bytes can be restored or
prepended to, and runs each encoding's decoder one byte at a time, in error mode
"replacement" (each error is one U+FFFD). :func:`decode` returns the text and the number
of errors; :func:`errors` the (start, end) byte range each error consumed, where "end" is
where the next byte is read from (restored/prepended bytes are not part of the error).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

VECTORS = Path(__file__).resolve().parent / "vectors" / "whatwg"
ENCODINGS_JSON = Path(__file__).resolve().parent.parent / "codecbox" / "data" / "encodings.json"

FINISHED, CONTINUE, ERROR = "finished", "continue", "error"
EOQ = None  # end-of-queue


@cache
def index(name: str) -> dict[int, int]:
    """pointer -> code point, as the spec's "Indexes" section says to read the file."""
    table = {}
    for line in (VECTORS / f"index-{name}.txt").read_text("utf-8").split("\n"):
        if not line or line.startswith("#"):
            continue
        pointer, code_point = line.split("\t")[:2]
        table[int(pointer)] = int(code_point, 16)
    return table


@cache
def _ranges() -> list[tuple[int, int]]:
    return sorted(index("gb18030-ranges").items())


def gb18030_ranges_code_point(pointer: int) -> int | None:
    if (39419 < pointer < 189000) or pointer > 1237575:
        return None
    if pointer == 7457:
        return 0xE7C7
    offset, code_point_offset = next(p for p in reversed(_ranges()) if p[0] <= pointer)
    return code_point_offset + pointer - offset


def single_byte_names() -> list[str]:
    groups = json.loads(ENCODINGS_JSON.read_text("utf-8"))
    return [
        e["name"]
        for g in groups
        if g["heading"] == "Legacy single-byte encodings"
        for e in g["encodings"]
    ]


def _ascii(b: int) -> bool:
    return b <= 0x7F


# --- the decoders: each is a class whose handler(queue, byte) returns a result --------------
# A result is FINISHED, CONTINUE, ERROR, or a tuple of code points.


class Queue:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0
        self.pending: list[int] = []  # restored/prepended bytes, read before data[pos]

    def read(self) -> int | None:
        if self.pending:
            return self.pending.pop(0)
        if self.pos < len(self.data):
            self.pos += 1
            return self.data[self.pos - 1]
        return EOQ

    def prepend(self, *items: int | None) -> None:
        self.pending[:0] = [b for b in items if b is not EOQ]

    def next_pos(self) -> int:
        return self.pos - len(self.pending)


class SingleByte:
    def __init__(self, name: str) -> None:
        file = "iso-8859-8" if name == "ISO-8859-8-I" else name.lower()
        self.index = index(file)

    def handler(self, q: Queue, byte: int | None) -> object:
        if byte is EOQ:
            return FINISHED
        if _ascii(byte):
            return (byte,)
        cp = self.index.get(byte - 0x80)
        return ERROR if cp is None else (cp,)


class XUserDefined:
    def handler(self, q: Queue, byte: int | None) -> object:
        if byte is EOQ:
            return FINISHED
        return (byte,) if _ascii(byte) else (0xF780 + byte - 0x80,)


class Replacement:
    def __init__(self) -> None:
        self.error_returned = False

    def handler(self, q: Queue, byte: int | None) -> object:
        if byte is EOQ:
            return FINISHED
        if not self.error_returned:
            self.error_returned = True
            return ERROR
        return FINISHED


class UTF8:
    def __init__(self) -> None:
        self.cp = self.seen = self.needed = 0
        self.lower, self.upper = 0x80, 0xBF

    def handler(self, q: Queue, byte: int | None) -> object:
        if byte is EOQ and self.needed != 0:
            self.needed = 0
            return ERROR
        if byte is EOQ:
            return FINISHED
        if self.needed == 0:
            if byte <= 0x7F:
                return (byte,)
            if 0xC2 <= byte <= 0xDF:
                self.needed, self.cp = 1, byte & 0x1F
            elif 0xE0 <= byte <= 0xEF:
                if byte == 0xE0:
                    self.lower = 0xA0
                if byte == 0xED:
                    self.upper = 0x9F
                self.needed, self.cp = 2, byte & 0xF
            elif 0xF0 <= byte <= 0xF4:
                if byte == 0xF0:
                    self.lower = 0x90
                if byte == 0xF4:
                    self.upper = 0x8F
                self.needed, self.cp = 3, byte & 0x7
            else:
                return ERROR
            return CONTINUE
        if not (self.lower <= byte <= self.upper):
            self.cp = self.needed = self.seen = 0
            self.lower, self.upper = 0x80, 0xBF
            q.prepend(byte)
            return ERROR
        self.lower, self.upper = 0x80, 0xBF
        self.cp = (self.cp << 6) | (byte & 0x3F)
        self.seen += 1
        if self.seen != self.needed:
            return CONTINUE
        cp = self.cp
        self.cp = self.needed = self.seen = 0
        return (cp,)


class UTF16:
    def __init__(self, be: bool) -> None:
        self.be = be
        self.lead_byte: int | None = None
        self.lead_surrogate: int | None = None

    def handler(self, q: Queue, byte: int | None) -> object:
        if byte is EOQ and (self.lead_byte is not None or self.lead_surrogate is not None):
            self.lead_byte = self.lead_surrogate = None
            return ERROR
        if byte is EOQ:
            return FINISHED
        if self.lead_byte is None:
            self.lead_byte = byte
            return CONTINUE
        unit = (self.lead_byte << 8) + byte if self.be else (byte << 8) + self.lead_byte
        self.lead_byte = None
        if self.lead_surrogate is not None:
            lead = self.lead_surrogate
            self.lead_surrogate = None
            if 0xDC00 <= unit <= 0xDFFF:
                return (0x10000 + ((lead - 0xD800) << 10) + (unit - 0xDC00),)
            byte1, byte2 = unit >> 8, unit & 0xFF
            q.prepend(*((byte1, byte2) if self.be else (byte2, byte1)))
            return ERROR
        if 0xD800 <= unit <= 0xDBFF:
            self.lead_surrogate = unit
            return CONTINUE
        if 0xDC00 <= unit <= 0xDFFF:
            return ERROR
        return (unit,)


class GB18030:
    def __init__(self) -> None:
        self.first = self.second = self.third = 0

    def handler(self, q: Queue, byte: int | None) -> object:
        if byte is EOQ and self.first == self.second == self.third == 0:
            return FINISHED
        if byte is EOQ:
            self.first = self.second = self.third = 0
            return ERROR
        if self.third != 0:
            if not (0x30 <= byte <= 0x39):
                q.prepend(self.second, self.third, byte)
                self.first = self.second = self.third = 0
                return ERROR
            cp = gb18030_ranges_code_point(
                (((self.first - 0x81) * 10 + self.second - 0x30) * 126 + self.third - 0x81) * 10
                + byte
                - 0x30
            )
            self.first = self.second = self.third = 0
            return ERROR if cp is None else (cp,)
        if self.second != 0:
            if 0x81 <= byte <= 0xFE:
                self.third = byte
                return CONTINUE
            q.prepend(self.second, byte)
            self.first = self.second = 0
            return ERROR
        if self.first != 0:
            if 0x30 <= byte <= 0x39:
                self.second = byte
                return CONTINUE
            lead, self.first = self.first, 0
            offset = 0x40 if byte < 0x7F else 0x41
            pointer = None
            if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFE:
                pointer = (lead - 0x81) * 190 + (byte - offset)
            cp = None if pointer is None else index("gb18030").get(pointer)
            if cp is not None:
                return (cp,)
            if _ascii(byte):
                q.prepend(byte)
            return ERROR
        if _ascii(byte):
            return (byte,)
        if byte == 0x80:
            return (0x20AC,)
        if 0x81 <= byte <= 0xFE:
            self.first = byte
            return CONTINUE
        return ERROR


class Big5:
    def __init__(self) -> None:
        self.lead = 0

    def handler(self, q: Queue, byte: int | None) -> object:
        if byte is EOQ and self.lead != 0:
            self.lead = 0
            return ERROR
        if byte is EOQ:
            return FINISHED
        if self.lead != 0:
            lead, pointer, self.lead = self.lead, None, 0
            offset = 0x40 if byte < 0x7F else 0x62
            if 0x40 <= byte <= 0x7E or 0xA1 <= byte <= 0xFE:
                pointer = (lead - 0x81) * 157 + (byte - offset)
            special = {1133: (0xCA, 0x304), 1135: (0xCA, 0x30C), 1164: (0xEA, 0x304)}
            special[1166] = (0xEA, 0x30C)
            if pointer in special:
                return special[pointer]
            cp = None if pointer is None else index("big5").get(pointer)
            if cp is not None:
                return (cp,)
            if _ascii(byte):
                q.prepend(byte)
            return ERROR
        if _ascii(byte):
            return (byte,)
        if 0x81 <= byte <= 0xFE:
            self.lead = byte
            return CONTINUE
        return ERROR


class EUCJP:
    def __init__(self) -> None:
        self.jis0212 = False
        self.lead = 0

    def handler(self, q: Queue, byte: int | None) -> object:
        if byte is EOQ and self.lead != 0:
            self.lead = 0
            return ERROR
        if byte is EOQ:
            return FINISHED
        if self.lead == 0x8E and 0xA1 <= byte <= 0xDF:
            self.lead = 0
            return (0xFF61 - 0xA1 + byte,)
        if self.lead == 0x8F and 0xA1 <= byte <= 0xFE:
            self.jis0212 = True
            self.lead = byte
            return CONTINUE
        if self.lead != 0:
            lead, self.lead = self.lead, 0
            cp = None
            if 0xA1 <= lead <= 0xFE and 0xA1 <= byte <= 0xFE:
                table = index("jis0212" if self.jis0212 else "jis0208")
                cp = table.get((lead - 0xA1) * 94 + byte - 0xA1)
            self.jis0212 = False
            if cp is not None:
                return (cp,)
            if _ascii(byte):
                q.prepend(byte)
            return ERROR
        if _ascii(byte):
            return (byte,)
        if byte in (0x8E, 0x8F) or 0xA1 <= byte <= 0xFE:
            self.lead = byte
            return CONTINUE
        return ERROR


class ShiftJIS:
    def __init__(self) -> None:
        self.lead = 0

    def handler(self, q: Queue, byte: int | None) -> object:
        if byte is EOQ and self.lead != 0:
            self.lead = 0
            return ERROR
        if byte is EOQ:
            return FINISHED
        if self.lead != 0:
            lead, pointer, self.lead = self.lead, None, 0
            offset = 0x40 if byte < 0x7F else 0x41
            lead_offset = 0x81 if lead < 0xA0 else 0xC1
            if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFC:
                pointer = (lead - lead_offset) * 188 + byte - offset
            if pointer is not None and 8836 <= pointer <= 10715:
                return (0xE000 - 8836 + pointer,)
            cp = None if pointer is None else index("jis0208").get(pointer)
            if cp is not None:
                return (cp,)
            if _ascii(byte):
                q.prepend(byte)
            return ERROR
        if _ascii(byte) or byte == 0x80:
            return (byte,)
        if 0xA1 <= byte <= 0xDF:
            return (0xFF61 - 0xA1 + byte,)
        if 0x81 <= byte <= 0x9F or 0xE0 <= byte <= 0xFC:
            self.lead = byte
            return CONTINUE
        return ERROR


class EUCKR:
    def __init__(self) -> None:
        self.lead = 0

    def handler(self, q: Queue, byte: int | None) -> object:
        if byte is EOQ and self.lead != 0:
            self.lead = 0
            return ERROR
        if byte is EOQ:
            return FINISHED
        if self.lead != 0:
            lead, pointer, self.lead = self.lead, None, 0
            if 0x41 <= byte <= 0xFE:
                pointer = (lead - 0x81) * 190 + (byte - 0x41)
            cp = None if pointer is None else index("euc-kr").get(pointer)
            if cp is not None:
                return (cp,)
            if _ascii(byte):
                q.prepend(byte)
            return ERROR
        if _ascii(byte):
            return (byte,)
        if 0x81 <= byte <= 0xFE:
            self.lead = byte
            return CONTINUE
        return ERROR


class ISO2022JP:
    def __init__(self) -> None:
        self.state = self.output_state = "ASCII"
        self.lead = 0
        self.output = False  # the output flag

    def clean(self) -> bool:
        """After a valid escape sequence nothing is pending: the next error starts later."""
        return self.state in ("ASCII", "Roman", "katakana", "lead byte")

    def handler(self, q: Queue, byte: int | None) -> object:
        s = self.state
        if s == "ASCII":
            if byte == 0x1B:
                self.state = "escape start"
                return CONTINUE
            if byte is not EOQ and byte <= 0x7F and byte not in (0x0E, 0x0F, 0x1B):
                self.output = False
                return (byte,)
            if byte is EOQ:
                return FINISHED
            self.output = False
            return ERROR
        if s == "Roman":
            if byte == 0x1B:
                self.state = "escape start"
                return CONTINUE
            if byte == 0x5C:
                self.output = False
                return (0xA5,)
            if byte == 0x7E:
                self.output = False
                return (0x203E,)
            if byte is not EOQ and byte <= 0x7F and byte not in (0x0E, 0x0F, 0x1B, 0x5C, 0x7E):
                self.output = False
                return (byte,)
            if byte is EOQ:
                return FINISHED
            self.output = False
            return ERROR
        if s == "katakana":
            if byte == 0x1B:
                self.state = "escape start"
                return CONTINUE
            if byte is not EOQ and 0x21 <= byte <= 0x5F:
                self.output = False
                return (0xFF61 - 0x21 + byte,)
            if byte is EOQ:
                return FINISHED
            self.output = False
            return ERROR
        if s == "lead byte":
            if byte == 0x1B:
                self.state = "escape start"
                return CONTINUE
            if byte is not EOQ and 0x21 <= byte <= 0x7E:
                self.output = False
                self.lead = byte
                self.state = "trail byte"
                return CONTINUE
            if byte is EOQ:
                return FINISHED
            self.output = False
            return ERROR
        if s == "trail byte":
            if byte == 0x1B:
                self.state = "escape start"
                return ERROR
            if byte is not EOQ and 0x21 <= byte <= 0x7E:
                self.state = "lead byte"
                cp = index("jis0208").get((self.lead - 0x21) * 94 + byte - 0x21)
                return ERROR if cp is None else (cp,)
            if byte is EOQ:
                self.state = "lead byte"
                q.prepend(byte)
                return ERROR
            self.state = "lead byte"
            return ERROR
        if s == "escape start":
            if byte in (0x24, 0x28):
                self.lead = byte
                self.state = "escape"
                return CONTINUE
            q.prepend(byte)
            self.output = False
            self.state = self.output_state
            return ERROR
        assert s == "escape"
        lead, self.lead = self.lead, 0
        state = None
        if lead == 0x28 and byte == 0x42:
            state = "ASCII"
        elif lead == 0x28 and byte == 0x4A:
            state = "Roman"
        elif lead == 0x28 and byte == 0x49:
            state = "katakana"
        elif lead == 0x24 and byte in (0x40, 0x42):
            state = "lead byte"
        if state is not None:
            self.state = self.output_state = state
            output, self.output = self.output, True
            return ERROR if output else CONTINUE
        q.prepend(lead, byte)
        self.output = False
        self.state = self.output_state
        return ERROR


def decoder_for(name: str) -> object:
    if name in single_byte_names():
        return SingleByte(name)
    return {
        "UTF-8": UTF8,
        "UTF-16LE": lambda: UTF16(False),
        "UTF-16BE": lambda: UTF16(True),
        "x-user-defined": XUserDefined,
        "replacement": Replacement,
        "GBK": GB18030,
        "gb18030": GB18030,
        "Big5": Big5,
        "EUC-JP": EUCJP,
        "ISO-2022-JP": ISO2022JP,
        "Shift_JIS": ShiftJIS,
        "EUC-KR": EUCKR,
    }[name]()


def run(name: str, data: bytes) -> tuple[str, list[tuple[int, int]]]:
    """The spec's "process a queue" in replacement mode: the text and each error's range."""
    decoder = decoder_for(name)
    q = Queue(data)
    out: list[str] = []
    errors: list[tuple[int, int]] = []
    start = 0  # where the item being decoded began
    while True:
        byte = q.read()
        result = decoder.handler(q, byte)  # type: ignore[attr-defined]
        if result == FINISHED:
            return "".join(out), errors
        if result == CONTINUE:
            if getattr(decoder, "clean", lambda: False)():
                start = q.next_pos()
            continue
        if result == ERROR:
            out.append("\ufffd")
            errors.append((start, max(q.next_pos(), start)))
        else:
            out.append("".join(map(chr, result)))  # type: ignore[call-overload]
        start = q.next_pos()


def decode(name: str, data: bytes) -> tuple[str, int]:
    text, errors = run(name, data)
    return text, len(errors)
