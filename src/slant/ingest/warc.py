"""Web archives (``.warc``, ``.warc.gz``): HTML responses with status 200 become documents."""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Iterator
from typing import Any, BinaryIO

from slant.config import Settings
from slant.errors import InputError
from slant.ingest.decode import charset_name, declared_charset, decode_bytes, mb
from slant.ingest.limits import Budget, GuardedStream, cap_headers
from slant.ingest.pages import extract_html
from slant.models import InputError as InputProblem
from slant.models import RawDocument

Item = RawDocument | InputProblem
_HTML_TYPES = ("text/html", "application/xhtml+xml")


def read_warc(
    stream: BinaryIO, name: str, settings: Settings, *, compressed: bool, budget: Budget | None = None
) -> Iterator[Item]:
    """Documents from a WARC stream, then an error if the archive is broken, ends early or breaks a limit
    (see :mod:`slant.ingest.limits`)."""
    from warcio.archiveiterator import ArchiveIterator  # imported here: only WARC readers need it

    # Inflated here rather than by warcio, which would take a truncated gzip stream for a clean end.
    guard = GuardedStream(stream, name, settings, compressed=compressed, budget=budget, lenient_end=True)
    records = ArchiveIterator(guard)
    new_record = cap_headers(records.reader, name, settings.max_header_bytes)
    last: Any = None
    count = 0
    try:
        for record in records:
            if record.format != "warc":  # warcio also reads legacy ARC, and takes any text line for one
                what = "not a WARC file" if count == 0 else f"broken WARC: record {count + 1}"
                raise InputError(name, f"{what} (no WARC/1.x header)")
            last = record
            count += 1
            item = _read_record(record, name, settings)
            if _incomplete(record):
                break
            if item is not None:
                yield item
            new_record()
    except InputError:
        raise
    except (gzip.BadGzipFile, zlib.error) as exc:
        raise InputError(name, f"corrupt gzip data ({exc})") from exc
    except Exception as exc:  # warcio raises many kinds on broken input (ArchiveLoadFailed, AttributeError...)
        if guard.truncated:
            raise InputError(name, f"truncated gzip stream: the archive ends early ({count} records read)") from exc
        if guard.at_end and _internal(exc):
            raise InputError(name, f"truncated WARC: the file ends inside record {count + 1}") from exc
        raise InputError(name, f"broken WARC ({_broken(exc)})") from exc
    cut = last is not None and _incomplete(last)
    complete = count - 1 if cut else count
    if guard.truncated:
        raise InputError(name, f"truncated gzip stream: the archive ends early ({complete} records read)")
    if cut or records.next_line:
        raise InputError(name, f"truncated WARC: the file ends inside record {complete + 1}")
    if count == 0:
        raise InputError(name, "no WARC records found (empty, truncated or not a WARC file)")


def _internal(exc: Exception) -> bool:
    """warcio's own bugs on malformed input, as opposed to its messages about the input."""
    return isinstance(exc, (AttributeError, TypeError, IndexError, KeyError, EOFError, ValueError))


def _broken(exc: Exception) -> str:
    """What a warcio failure means, in words (its internal errors say nothing to a user)."""
    if _internal(exc):
        return "a record's header block is malformed"
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _incomplete(record: Any) -> bool:
    """A record whose declared Content-Length is more than the bytes left in the file, or that has none
    (the file ended inside its header)."""
    if getattr(record.raw_stream, "limit", None) is None:
        return True
    while record.raw_stream.read(65536):
        pass
    return bool(record.raw_stream.limit > 0)


def _read_record(record: Any, name: str, settings: Settings) -> Item | None:
    length = record.rec_headers.get_header("Content-Length") or ""
    if length.strip().isdigit() and int(length) > settings.max_record_bytes:
        record_id = record.rec_headers.get_header("WARC-Record-ID") or ""
        return InputProblem(
            f"{name}#{record_id}",
            f"record of {mb(int(length))} is over the {mb(settings.max_record_bytes)} cap (max_record_bytes); skipped",
        )
    if record.rec_type != "response" or record.http_headers is None:
        return None
    if record.http_headers.get_statuscode() != "200":
        return None
    content_type = (record.http_headers.get_header("Content-Type") or "").lower()
    if not content_type.startswith(_HTML_TYPES):
        return None
    record_id = record.rec_headers.get_header("WARC-Record-ID") or ""
    url = record.rec_headers.get_header("WARC-Target-URI")
    source = f"{name}#{record_id}"
    body = record.content_stream().read(settings.max_bytes + 1)
    if len(body) > settings.max_bytes:
        return InputProblem(source, f"record over the {mb(settings.max_bytes)} cap (set max_bytes to raise it)")
    charset = _header_charset(content_type) or declared_charset(body)
    try:
        html = decode_bytes(body, source, declared=charset)
        return extract_html(html, source, url=url, fmt="warc")
    except InputError as exc:
        return InputProblem(source, exc.reason)
    except Exception as exc:  # an extractor failure on one hostile page must not end the archive
        return InputProblem(source, f"cannot extract page ({type(exc).__name__}: {exc})")


def _header_charset(content_type: str) -> str | None:
    for part in content_type.split(";")[1:]:
        key, _, value = part.partition("=")
        if key.strip() == "charset":
            return charset_name(value)
    return None
