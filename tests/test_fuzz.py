"""Fuzz pass: generated and mutated bytes through every reader, and generated text through the pipeline.

Whatever the bytes, a reader yields documents and one-line problems, never an exception, and a good file
read after a hostile one always comes through. ``analyze_text`` raises nothing but slant's own errors.
Time per input is bounded by the reader itself (``read_timeout``), so no test here is timed.
"""

from __future__ import annotations

import gzip
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slant.config import Settings
from slant.errors import SlantError
from slant.ingest import Source, iter_documents, read_source
from slant.models import InputError, RawDocument
from tests.hostile import html_page, warc

SETTINGS = Settings(read_timeout=20.0)
GOOD = "Fenwick levy passed\n\nThe Fenwick council passed the tram levy by nine votes to four on Tuesday."

#: A valid sample of each format, to be mutated.
SAMPLES: dict[str, bytes] = {
    ".txt": GOOD.encode(),
    ".md": b"# Fenwick levy\n\nThe *council* passed the levy.\n\n- nine votes\n- four against\n",
    ".html": html_page(1),
    ".json": json.dumps([{"title": "Levy", "text": "The levy passed."}, {"html": html_page(2).decode()}]).encode(),
    ".jsonl": b'{"title": "Levy", "text": "The levy passed."}\n{"text": "Second note on the levy."}\n',
    ".warc": warc([html_page(3), html_page(4)], gz=False),
    ".rss": (
        b'<?xml version="1.0"?><rss version="2.0"><channel><title>Tram Watch</title><item><title>Levy</title>'
        b"<description>The Fenwick levy passed on Tuesday.</description><link>https://tramwatch.example/1</link>"
        b"</item></channel></rss>"
    ),
    ".xml": b'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><title>Levy'
    b"</title><content>The levy passed.</content></entry></feed>",
}
SUFFIXES = [*SAMPLES, ".txt.gz", ".jsonl.gz", ".json.gz", ".html.gz", ".warc.gz"]


def _sample(suffix: str) -> bytes:
    if suffix == ".warc.gz":
        return warc([html_page(5), html_page(6)], gz=True)
    if suffix.endswith(".gz"):
        return gzip.compress(SAMPLES[suffix[:-3]], mtime=0)
    return SAMPLES[suffix]


#: Made once: WARC records carry random ids and dates, and hypothesis needs the same base every time.
BASES = {suffix: _sample(suffix) for suffix in SUFFIXES}


def sample(suffix: str) -> bytes:
    return BASES[suffix]


@st.composite
def mutated(draw: st.DrawFn, base: bytes) -> bytes:
    """``base`` truncated, with bytes flipped, junk spliced in, or a part repeated."""
    data = bytearray(base)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["cut", "flip", "splice", "repeat"]))
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        if op == "cut":
            del data[at:]
        elif op == "flip":
            data[at] = draw(st.integers(0, 255))
        elif op == "splice":
            data[at:at] = draw(st.binary(max_size=64))
        else:
            end = draw(st.integers(at, min(len(data), at + 64)))
            data[at:at] = data[at:end] * draw(st.integers(1, 50))
    return bytes(data)


@st.composite
def hostile_input(draw: st.DrawFn) -> tuple[str, bytes]:
    suffix = draw(st.sampled_from(SUFFIXES))
    data = draw(st.one_of(st.binary(max_size=2048), mutated(sample(suffix))))
    return suffix, data


def _check(items: list[RawDocument | InputError]) -> None:
    for item in items:
        assert isinstance(item, (RawDocument, InputError)), item
        if isinstance(item, InputError):
            assert "\n" not in str(item) and len(item.message) <= 300, item


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_input())
def test_readers_never_raise_and_the_good_file_after_comes_through(case: tuple[str, bytes]) -> None:
    suffix, data = case
    with tempfile.TemporaryDirectory() as tmp:
        bad = Path(tmp) / f"input{suffix}"
        bad.write_bytes(data)
        good = Path(tmp) / "good.txt"
        good.write_text(GOOD, encoding="utf-8")
        items = list(iter_documents([str(bad), str(good)], SETTINGS))
    _check(items)
    assert isinstance(items[-1], RawDocument) and items[-1].source == str(good)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.binary(max_size=2048), st.sampled_from(SUFFIXES).flatmap(lambda s: mutated(sample(s)))))
def test_stdin_reader_never_raises(data: bytes) -> None:
    items = list(read_source(Source("-", "stdin"), SETTINGS, stdin=io.BytesIO(data)))
    _check(items)


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_each_unmutated_sample_reads(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"ok{suffix}"
    path.write_bytes(sample(suffix))
    items = list(iter_documents([str(path)], SETTINGS))
    assert items and all(isinstance(i, RawDocument) for i in items), items


_TEXT = st.lists(
    st.one_of(
        st.characters(codec="utf-8"),
        st.sampled_from([*" \n\n“”\"'—.,;:!?()[]", "Mr ", "said ", "Marten", "Fenwick", "the ", "Jews ", "elite "]),
    ),
    max_size=120,
).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_TEXT, title=st.one_of(st.none(), st.text(max_size=40)))
def test_analyze_text_raises_only_slant_errors(text: str, title: str | None) -> None:
    from slant import api

    try:
        analysis = api.analyze_text(text, title=title)
    except SlantError:
        return
    body = analysis.article.text
    for span in [m for a in analysis.actors for m in a.mentions] + list(analysis.flags):
        assert 0 <= span.start <= span.end <= len(body)
