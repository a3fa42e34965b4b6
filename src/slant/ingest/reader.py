"""Read one :class:`Source` into documents; bad input becomes :class:`slant.models.InputError` records."""

from __future__ import annotations

import gzip
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from slant.config import Settings
from slant.errors import InputError
from slant.ingest.decode import declared_charset, decode_bytes, is_binary, read_capped, too_large
from slant.ingest.feeds import looks_like_feed, parse_feed, read_feed
from slant.ingest.fetch import fetch
from slant.ingest.limits import Budget, GuardedStream
from slant.ingest.pages import extract_html
from slant.ingest.records import read_json, read_jsonl
from slant.ingest.sources import Source
from slant.ingest.text import read_markdown, read_text
from slant.ingest.warc import read_warc
from slant.models import InputError as InputProblem
from slant.models import RawDocument, one_line

Item = RawDocument | InputProblem
_GZIP_MAGIC = b"\x1f\x8b"
_MESSAGE_LIMIT = 300


def read_source(source: Source, settings: Settings, *, stdin: BinaryIO | None = None) -> Iterator[Item]:
    """Documents from one source. Never raises for bad input: problems are yielded as errors, and a bad
    record inside a JSON Lines file, feed or web archive does not stop the records after it. Reading is
    bounded (:mod:`slant.ingest.limits`): each document gets ``read_timeout`` seconds."""
    budget = Budget(source.name, settings.read_timeout)
    items = _read_any(source, settings, stdin, budget)
    while True:
        budget.restart()  # the caller's time between documents is not the reader's
        try:
            item = next(items)
        except StopIteration:
            return
        except InputError as exc:
            yield _problem(exc.source, exc.reason)
            return
        except OSError as exc:
            yield _problem(source.name, f"cannot read file ({exc.strerror or exc})")
            return
        except RecursionError:
            yield _problem(source.name, "cannot read: nested too deeply")
            return
        except Exception as exc:  # a parser bug on hostile input must not stop the batch
            yield _problem(source.name, f"cannot read ({type(exc).__name__}: {exc})")
            return
        yield _problem(item.source, item.message) if isinstance(item, InputProblem) else item


def _problem(source: str, message: str) -> InputProblem:
    """A problem record whose message fits one line (parsers quote hostile input in their messages)."""
    return InputProblem(source, one_line(message, _MESSAGE_LIMIT))


def _read_any(source: Source, settings: Settings, stdin: BinaryIO | None, budget: Budget) -> Iterator[Item]:
    if source.kind == "stdin":
        data = read_capped(stdin if stdin is not None else sys.stdin.buffer, source.name, settings.max_bytes)
        data, fmt = _unzipped(data, sniff_format(data), source.name, settings, budget)
        yield from _read_bytes(data, fmt, source.name, settings, budget=budget)
    elif source.kind == "url":
        if not settings.fetch:
            raise InputError(source.name, "URL given but fetching is off; pass --fetch to download it")
        got = fetch(source.location, settings.max_bytes)
        fmt = _format_from_type(got.content_type, got.data)
        data, fmt = _unzipped(got.data, fmt, source.name, settings, budget)
        yield from _read_bytes(data, fmt, source.name, settings, url=got.url, budget=budget)
    else:
        yield from _read_file(source, settings, budget)


def _read_file(source: Source, settings: Settings, budget: Budget) -> Iterator[Item]:
    name, path, cap = source.name, Path(source.location), settings.max_bytes
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise InputError(name, "no such file or folder") from None
    if size == 0:
        raise InputError(name, "empty file")
    if source.format == "warc":
        with path.open("rb") as raw:
            yield from read_warc(raw, name, settings, compressed=source.gzip, budget=budget)
        return
    # JSON Lines is streamed and capped per record; other formats are read whole and capped per file.
    if source.format != "jsonl" and size > cap:
        raise too_large(name, size, cap)
    with path.open("rb") as raw:
        stream = io.BufferedReader(GuardedStream(raw, name, settings, compressed=source.gzip, budget=budget))
        if source.format == "jsonl":
            head = stream.peek(8192)[:8192]
            if is_binary(head):
                raise InputError(name, "binary file (NUL bytes or control characters), not JSON Lines")
            yield from read_jsonl(stream, name, settings)
        else:
            yield from _read_bytes(read_capped(stream, name, cap), source.format, name, settings, budget=budget)


def _read_bytes(
    data: bytes, fmt: str, name: str, settings: Settings, *, url: str | None = None, budget: Budget | None = None
) -> Iterator[Item]:
    """Documents from the whole content of an input, in a known format."""
    if not data.strip():
        raise InputError(name, "empty file")
    if fmt == "warc":
        compressed = data.startswith(_GZIP_MAGIC)
        yield from read_warc(io.BytesIO(data), name, settings, compressed=compressed, budget=budget)
    elif fmt == "jsonl":
        yield from read_jsonl(io.BytesIO(data), name, settings)
    elif fmt in ("feed", "xml"):
        parsed = parse_feed(data) if not is_binary(data) else None
        if parsed is None:
            what = "XML file" if fmt == "xml" else "file"
            raise InputError(name, f"{what} is not an RSS or Atom feed")
        for item in read_feed(data, name, parsed=parsed):
            yield item if url is None or isinstance(item, InputProblem) or item.url else _with_url(item, url)
    else:
        declared = declared_charset(data) if fmt == "html" else None
        text = decode_bytes(data, name, declared=declared)
        if not text.strip():
            raise InputError(name, "empty file")
        if fmt == "html":
            yield extract_html(text, name, url=url)
        elif fmt == "json":
            yield from read_json(text, name, settings)
        else:
            doc = read_markdown(text, name) if fmt == "markdown" else read_text(text, name)
            yield _with_url(doc, url) if url else doc


def _unzipped(data: bytes, fmt: str, name: str, settings: Settings, budget: Budget) -> tuple[bytes, str]:
    """Decompress gzip input that is not a web archive (those are read compressed) and sniff it again."""
    if fmt != "gzip":
        return data, fmt
    stream = io.BufferedReader(GuardedStream(io.BytesIO(data), name, settings, compressed=True, budget=budget))
    data = read_capped(stream, name, settings.max_bytes)
    return data, sniff_format(data)


def _with_url(doc: RawDocument, url: str) -> RawDocument:
    return RawDocument(
        doc.source, doc.text, doc.title, url, doc.author, doc.published, doc.site_name, doc.format, doc.title_given
    )


def sniff_format(data: bytes) -> str:
    """Guess the format of unnamed bytes (stdin, a URL without a useful content type).

    ``<`` or a doctype: HTML, or a feed when the root element is ``rss``/``feed``; a whole JSON document:
    JSON; a first line holding a JSON object: JSON Lines; ``WARC/``: a web archive; anything else: text.
    """
    if data.startswith(_GZIP_MAGIC):
        return "warc" if _gunzip_head(data).startswith(b"WARC/") else "gzip"
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"WARC/"):
        return "warc"
    if head.startswith(b"<"):
        return "feed" if looks_like_feed(head) else "html"
    if head.startswith((b"{", b"[")):
        try:
            json.loads(data)
            return "json"
        except (ValueError, UnicodeDecodeError):
            pass
        first = head.split(b"\n", 1)[0].strip()
        try:
            return "jsonl" if isinstance(json.loads(first), dict) else "text"
        except (ValueError, UnicodeDecodeError):
            return "text"
    return "text"


def _gunzip_head(data: bytes) -> bytes:
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as gz:
            return gz.read(16)
    except (OSError, EOFError):
        return b""


def _format_from_type(content_type: str, data: bytes) -> str:
    mime = content_type.split(";")[0].strip()
    if data.startswith(_GZIP_MAGIC) or looks_like_feed(data):
        return sniff_format(data)
    if mime in ("text/html", "application/xhtml+xml"):
        return "html"
    if mime == "text/markdown":
        return "markdown"
    if mime == "text/plain":
        return "text"
    return sniff_format(data)
