"""Web archives (``.warc``, ``.warc.gz``): HTML responses with status 200 become documents."""

from __future__ import annotations

import gzip
import io
import zlib
from collections.abc import Iterator
from typing import Any, BinaryIO

from slant.config import Settings
from slant.errors import InputError
from slant.ingest.decode import charset_name, declared_charset, decode_bytes, mb
from slant.ingest.pages import extract_html
from slant.models import InputError as InputProblem
from slant.models import RawDocument

Item = RawDocument | InputProblem
_HTML_TYPES = ("text/html", "application/xhtml+xml")


class _Truncated(Exception):
    """Internal: the gzip stream under a WARC ended early."""


class _GzipGuard(io.RawIOBase):
    """Decompresses for warcio, which would otherwise take a truncated gzip stream for a clean end."""

    def __init__(self, raw: BinaryIO) -> None:
        super().__init__()
        self._gz = gzip.GzipFile(fileobj=raw)
        self.truncated = False

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        if self.truncated:
            return b""
        try:
            # read1: one decompression step, so what came before a truncation is not lost
            return self._gz.read1(-1 if size is None else size)
        except EOFError:
            self.truncated = True  # hand warcio what came before; the caller reports it
            return b""

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def read_warc(stream: BinaryIO, name: str, settings: Settings, *, compressed: bool) -> Iterator[Item]:
    """Documents from a WARC stream, then an error if the archive is broken or ends early."""
    from warcio.archiveiterator import ArchiveIterator  # imported here: only WARC readers need it

    guard = _GzipGuard(stream) if compressed else None
    records = ArchiveIterator(guard if guard is not None else stream)
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
    except InputError:
        raise
    except (gzip.BadGzipFile, zlib.error) as exc:
        raise InputError(name, f"corrupt gzip data ({exc})") from exc
    except Exception as exc:  # warcio raises many kinds on broken input (ArchiveLoadFailed, AttributeError...)
        raise InputError(name, f"broken WARC ({type(exc).__name__}: {exc})") from exc
    cut = last is not None and _incomplete(last)
    complete = count - 1 if cut else count
    if guard is not None and guard.truncated:
        raise InputError(name, f"truncated gzip stream: the archive ends early ({complete} records read)")
    if cut or records.next_line:
        raise InputError(name, f"truncated WARC: the file ends inside record {complete + 1}")
    if count == 0:
        raise InputError(name, "no WARC records found (empty, truncated or not a WARC file)")


def _incomplete(record: Any) -> bool:
    """A record whose declared Content-Length is more than the bytes left in the file, or that has none
    (the file ended inside its header)."""
    if getattr(record.raw_stream, "limit", None) is None:
        return True
    while record.raw_stream.read(65536):
        pass
    return bool(record.raw_stream.limit > 0)


def _read_record(record: Any, name: str, settings: Settings) -> Item | None:
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
