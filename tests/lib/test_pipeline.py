"""Issue 18, item 1: one decision pipeline behind every entry point.

For the same bytes and the same declaration, decode_bytes, decode_file, import_bytes (when
it imports), sniff and ``codecbox detect --json`` give the same encoding and rule, and the
same text where two of them give text; decode_html is the web policy of the same
pipeline and equals ``decide(web=True)``. The command runs in-process (``main``) so that
hypothesis can afford many examples.
"""

from __future__ import annotations

import codecs
import io
import json
import sys

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from codecbox.cli import main
from codecbox.decoding import decide, decode_bytes, decode_file, decode_html, file_label
from codecbox.errors import DecodeError
from codecbox.importing import Imported, import_bytes
from codecbox.rules import Rule
from codecbox.sniffing import html_meta, web_encoding
from codecbox.streaming import sniff

PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452") + bytes(range(256))
SAMPLES = [
    "id,name\n1,Smith\n2,Muñoz\n".encode("utf-16-le"),
    "id,name\n1,Smith\n".encode("utf-32-be"),
    "件名: 会議\n明日の会議は十時からです。\n".encode("iso2022_jp"),
    "한국어 메일입니다.\n".encode("iso2022_kr"),
    PNG,
    ("El niño comió jamón; mañana será otro día.\n" * 20).encode() + "señal\n".encode("cp1252"),
    "¿Año nuevo? ¡Señor Muñoz! El café cuesta 3 €.\n".encode("cp1252") * 5,
    "Съешь же ещё этих мягких французских булок.\n".encode("cp1251") * 5,
    "こんにちは、世界。日本語のテキストです。\n".encode("cp932") * 5,
    codecs.BOM_UTF8 + "año".encode(),
    codecs.BOM_UTF32_LE + "año".encode("utf-32-le"),
    b"plain ASCII\n",
    b"",
    # a file's XML declaration (Rule.XML), followed and not followed by its bytes
    '<?xml version="1.0" encoding="Big5"?>\n<t>我的日記</t>\n'.encode("big5"),
    '<?xml version="1.0" encoding="windows-1251"?>\n<t>plain</t>\n'.encode("ascii"),
    '<?xml version="1.0" encoding="UTF-8"?>\n<t>café</t>\n'.encode("cp1252"),
]
TEXTS = st.text(max_size=60)
ENCODED = st.tuples(
    TEXTS, st.sampled_from(["utf-8", "utf-16-le", "cp1252", "cp932", "iso2022_jp", "koi8_r"])
).map(lambda pair: pair[0].encode(pair[1], "ignore"))
DATA = st.one_of(st.binary(max_size=300), ENCODED, st.sampled_from(SAMPLES))
LABELS = st.sampled_from([None, "latin1", "ascii", "utf-8", "shift_jis", "iso-2022-kr"])
CANDIDATES = st.sampled_from([None, ["cp1252", "cp932"]])


def detect_json(path, candidates):
    args = ["detect", "--json", str(path)]
    if candidates:
        args += ["--candidates", ",".join(candidates)]
    stdout, saved = io.StringIO(), sys.stdout
    sys.stdout = stdout
    try:
        assert main(args) == 0
    finally:
        sys.stdout = saved
    return json.loads(stdout.getvalue())


def check(data, declared, candidates, tmp_path):
    decoded = decode_bytes(data, declared=declared, candidates=candidates)
    path = tmp_path / "data.bin"
    path.write_bytes(data)
    from_file = decode_file(path, declared=declared, candidates=candidates)
    assert (from_file.encoding, from_file.rule, from_file.text) == (
        decoded.encoding,
        decoded.rule,
        decoded.text,
    )
    try:
        imported = import_bytes(data, declared=declared, candidates=candidates, min_sample=0)
    except DecodeError as exc:  # a strict decoding the replacing one did with U+FFFD
        assert decoded.replaced or decoded.rule is Rule.BINARY, exc
        imported = None
    if isinstance(imported, Imported):
        assert (imported.encoding, imported.rule, imported.text) == (
            decoded.encoding,
            decoded.rule,
            decoded.text,
        )
    if declared is None:  # sniff and detect take no declaration
        guess = sniff(data, candidates, max_bytes=len(data) + 1)
        assert (guess.encoding, guess.rule) == (decoded.encoding, decoded.rule)
        record = detect_json(path, candidates)
        assert (record["encoding"], record["rule"]) == (decoded.encoding.name, decoded.rule.value)
        assert record["codec"] == decoded.encoding.codec
    else:
        assert decoded.encoding == file_label(declared) or decoded.rule is Rule.BOM


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=DATA, declared=LABELS, candidates=CANDIDATES)
@example(data=SAMPLES[0], declared=None, candidates=None)
@example(data=SAMPLES[2], declared=None, candidates=None)
@example(data=PNG, declared=None, candidates=["cp1252", "cp932"])
@example(data=SAMPLES[5], declared=None, candidates=None)
@example(data=SAMPLES[-3], declared=None, candidates=["cp1252", "cp932"])
def test_every_entry_point_gives_the_same_decision(data, declared, candidates, tmp_path):
    check(data, declared, candidates, tmp_path)


@pytest.mark.parametrize("data", SAMPLES)
def test_the_samples_without_a_declaration(data, tmp_path):
    check(data, None, None, tmp_path)
    check(data, None, ["cp1252", "cp932"], tmp_path)


PAGES = st.one_of(
    DATA,
    st.tuples(st.sampled_from(["utf-8", "shift_jis", "koi8-r", "bogus"]), DATA).map(
        lambda pair: f"<meta charset={pair[0]}>".encode() + pair[1]
    ),
)


@settings(max_examples=150, deadline=None)
@given(body=PAGES, header=st.sampled_from([None, "text/html; charset=euc-kr", "text/html"]))
def test_decode_html_is_decide_with_the_web_policy(body, header):
    page = decode_html(body, header)
    declared = []
    if header is not None and "charset" in header:
        declared.append(lambda: (web_encoding("euc-kr"), Rule.HEADER))

    def meta():
        found = html_meta(body)
        if found is None:
            return None
        rule = Rule.META_PARSED if found.while_parsing else Rule.META
        return web_encoding(found.encoding), rule

    from codecbox.decoding import undeclared_options

    wanted, detector, default = undeclared_options(None, "codecbox", "windows-1252", web=True)
    decision = decide(
        body, [*declared, meta], web=True, candidates=wanted, detector=detector, default=default
    )
    assert (page.encoding, page.rule) == (decision.encoding, decision.rule)
