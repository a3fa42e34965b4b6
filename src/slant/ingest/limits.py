"""Bounds on reading one input: inflated bytes, inflation ratio, header sizes and time.

A hostile file must cost a bounded amount of memory and time, and end with a one-line error that names the
file and the limit, so the batch goes on. Every limit is a setting (``slant.toml``, ``SLANT_*``):

- ``max_inflated_bytes``: the most bytes one compressed input may inflate to;
- ``max_inflate_ratio``: inflated bytes over compressed bytes, checked once an input has inflated past
  :data:`RATIO_FLOOR` (news text compresses 3-10x; a bomb of zeros ~1000x);
- ``max_header_bytes``: the most bytes of one WARC record's header lines (WARC and HTTP headers together);
- ``max_record_bytes``: the largest WARC record read (larger ones are skipped with an error);
- ``read_timeout``: the most seconds spent reading one document (time the caller spends between
  documents does not count).
"""

from __future__ import annotations

import gzip
import io
import time
import zlib
from collections.abc import Callable
from typing import Any, BinaryIO

from slant.config import Settings
from slant.errors import InputError, TooLargeError
from slant.ingest.decode import mb

#: Below this many inflated bytes the ratio is not checked (small files may compress very well).
RATIO_FLOOR = 4_000_000
_CHUNK = 1 << 16


class Budget:
    """Wall-clock time spent reading the current document of one input."""

    def __init__(self, name: str, seconds: float) -> None:
        self.name = name
        self.seconds = seconds
        self._start = time.monotonic()

    def restart(self) -> None:
        """A new document starts: its reading gets the whole budget."""
        self._start = time.monotonic()

    def check(self) -> None:
        """Raise :class:`InputError` once the current document has taken longer than the budget."""
        if time.monotonic() - self._start > self.seconds:
            raise InputError(
                self.name,
                f"reading took longer than {self.seconds:g} s and was stopped (set read_timeout to allow more)",
            )


class _Counted(io.RawIOBase):
    """Counts the bytes read from the underlying (compressed) stream."""

    def __init__(self, raw: BinaryIO) -> None:
        super().__init__()
        self._raw = raw
        self.count = 0

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        data = self._raw.read(-1 if size is None else size)
        self.count += len(data)
        return data

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


class GuardedStream(io.RawIOBase):
    """A binary stream over a file, inflated when ``compressed``, that enforces the limits above.

    A truncated gzip stream raises :class:`InputError`, unless ``lenient_end`` is set: then it ends the
    stream and sets :attr:`truncated`, so a caller that reads records can keep what came before.
    """

    def __init__(
        self,
        raw: BinaryIO,
        name: str,
        settings: Settings,
        *,
        compressed: bool,
        budget: Budget | None = None,
        lenient_end: bool = False,
    ) -> None:
        super().__init__()
        self.name = name
        self._settings = settings
        self._source = _Counted(raw)
        self._gz = gzip.GzipFile(fileobj=self._source) if compressed else None
        self._budget = budget
        self._lenient = lenient_end
        self.inflated = 0
        self.truncated = False
        #: True once the stream has given all it holds.
        self.at_end = False

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        if self.truncated:
            return b""
        if self._budget is not None:
            self._budget.check()
        want = _CHUNK if size is None or size < 0 else min(size, _CHUNK)
        if self._gz is None:
            raw = self._source.read(want)
            self.at_end = self.at_end or not raw
            return raw
        try:
            # read1: one decompression step at most, so the limits are checked as the data grows
            data = self._gz.read1(want)
        except EOFError as exc:
            if self._lenient:
                self.truncated = True
                return b""
            raise InputError(self.name, "truncated gzip stream") from exc
        except (gzip.BadGzipFile, zlib.error) as exc:
            raise InputError(self.name, f"corrupt gzip data ({exc})") from exc
        self.inflated += len(data)
        self.at_end = self.at_end or not data
        self._check()
        return data

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def _check(self) -> None:
        s = self._settings
        if self.inflated > s.max_inflated_bytes:
            raise TooLargeError(
                self.name,
                f"inflates to more than {mb(s.max_inflated_bytes)} (max_inflated_bytes); stopped there",
            )
        packed = max(self._source.count, 1)
        if self.inflated > RATIO_FLOOR and self.inflated > s.max_inflate_ratio * packed:
            raise TooLargeError(
                self.name,
                f"inflates more than {s.max_inflate_ratio}x ({mb(packed)} to {mb(self.inflated)} so far), "
                "likely a decompression bomb; stopped (set max_inflate_ratio to allow more)",
            )


def cap_headers(reader: Any, name: str, cap: int) -> Callable[[], None]:
    """Make a warcio reader refuse header blocks over ``cap`` bytes; returns the function to call when a
    new record starts.

    warcio reads header lines with an unbounded ``readline`` that joins a long line chunk by chunk
    (quadratic time); its bodies come through ``read``. So every ``readline`` here is capped, and the
    bytes read by ``readline`` since the record started or the last ``read`` are counted.
    """
    line_of = reader.readline
    read_of = reader.read
    state = {"header": 0}

    def readline(length: int | None = None) -> bytes:
        left = cap + 1 - state["header"]
        line: bytes = line_of(left if length is None else min(length, left))
        state["header"] += len(line)
        if state["header"] > cap:
            raise TooLargeError(name, f"a WARC record's headers are over {cap:,} bytes (max_header_bytes)")
        return line

    def read(length: int | None = None) -> bytes:
        state["header"] = 0
        data: bytes = read_of(length)
        return data

    def new_record() -> None:
        state["header"] = 0

    reader.readline = readline
    reader.read = read
    return new_record
