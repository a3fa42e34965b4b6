"""Bytes to text: size cap, gzip, binary sniffing and encoding detection.

Decoding order: a BOM (UTF-8, UTF-32, UTF-16) wins; then a charset the document declares (HTML ``<meta
charset>``, an HTTP header); then UTF-8. Bytes that are not valid UTF-8 are read as cp1252 one by one, so a
legacy cp1252 file and a UTF-8 file with a few pasted cp1252 bytes (mixed encodings) both come out right;
when a byte is undefined in cp1252 or the result does not look like text, decoding fails with the offset of
the first bad byte.
"""

from __future__ import annotations

import codecs
import gzip
import re
import zlib
from collections.abc import Callable, Iterator
from typing import BinaryIO, TypeVar

from slant.errors import DecodeError, InputError, TooLargeError

T = TypeVar("T")

_SNIFF = 8192
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_CONTROL = frozenset(range(32)) - {9, 10, 12, 13}
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.IGNORECASE)
_FALLBACK = "slant-cp1252-fallback"
_UTF8_SEQUENCE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")


def _cp1252_bytes(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    # Decode only the offending bytes as cp1252; an undefined byte (0x81, 0x8D...) re-raises.
    return exc.object[exc.start : exc.end].decode("cp1252"), exc.end


codecs.register_error(_FALLBACK, _cp1252_bytes)


def mb(n: int) -> str:
    """A byte count for messages: ``31.2 MB``."""
    return f"{n / 1_000_000:.1f} MB" if n >= 100_000 else f"{n:,} bytes"


def too_large(name: str, size: int | None, cap: int) -> TooLargeError:
    """The error for an input over ``max_bytes``; ``size`` None means "more than the cap"."""
    what = f"is {mb(size)}" if size is not None else f"is more than {mb(cap)}"
    return TooLargeError(name, f"{what}, over the {mb(cap)} cap (set max_bytes to raise it)")


def read_capped(stream: BinaryIO, name: str, cap: int) -> bytes:
    """Read a whole stream, refusing more than ``cap`` bytes; gzip failures become clear errors."""
    data = gzip_guard(lambda: stream.read(cap + 1), name)
    if len(data) > cap:
        raise too_large(name, None, cap)
    return data


def gzip_guard(action: Callable[[], T], name: str) -> T:
    """Run a read and turn gzip/zlib failures into :class:`InputError`."""
    try:
        return action()
    except EOFError as exc:
        raise InputError(name, "truncated gzip stream") from exc
    except (gzip.BadGzipFile, zlib.error) as exc:
        raise InputError(name, f"corrupt gzip data ({exc})") from exc


def is_binary(data: bytes) -> bool:
    """NUL bytes, or more than 10% control characters, in the first few kilobytes."""
    head = data[:_SNIFF]
    if not head:
        return False
    if b"\x00" in head:
        return True
    controls = sum(1 for b in head if b in _CONTROL)
    return controls / len(head) > 0.10


def declared_charset(data: bytes) -> str | None:
    """The charset an HTML/XML document declares near its start, if Python knows it."""
    head = data[:2048]
    m = _META_CHARSET.search(head) or re.search(rb"""<\?xml[^>]+encoding=["']([A-Za-z0-9_.:-]+)""", head)
    return charset_name(m.group(1).decode("ascii")) if m else None


def charset_name(label: str | None) -> str | None:
    """Python's codec name for a charset label, or None when unknown."""
    if not label:
        return None
    try:
        return codecs.lookup(label.strip().strip("\"'")).name
    except LookupError:
        return None


def decode_bytes(data: bytes, name: str, declared: str | None = None) -> str:
    """Decode a document's bytes to text (see the module docstring for the order)."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(codec)
            except UnicodeDecodeError as exc:
                raise DecodeError(name, f"invalid {codec} text at byte {exc.start}") from exc
    if is_binary(data):
        raise DecodeError(name, "binary file (NUL bytes or control characters), not text")
    charset = charset_name(declared)
    if charset and charset not in ("utf-8", "ascii", "cp1252", "latin-1", "iso8859-1"):
        try:
            return data.decode(charset)
        except UnicodeDecodeError:
            pass  # a wrong declaration is common; fall through to UTF-8
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        first_bad = exc.start
    try:
        # Mixed (some valid UTF-8 sequences): stray bytes are mapped one by one; none: legacy cp1252.
        mixed = _UTF8_SEQUENCE.search(data) is not None
        text = data.decode("utf-8", errors=_FALLBACK) if mixed else data.decode("cp1252")
    except UnicodeDecodeError:
        text = ""
    if text and _looks_like_text(text):
        return text
    raise DecodeError(name, f"invalid UTF-8 at byte {first_bad} and no fallback encoding fits")


def _looks_like_text(text: str) -> bool:
    sample = text[:_SNIFF]
    odd = sum(1 for c in sample if (ord(c) < 32 and c not in "\t\n\r\f") or 0x7F <= ord(c) < 0xA0)
    return odd / max(len(sample), 1) < 0.02


def iter_lines(stream: BinaryIO, name: str, cap: int) -> Iterator[bytes | None]:
    """Lines of a (possibly gzip) stream, at most ``cap`` bytes each; ``None`` stands for a longer line
    (its rest is skipped). A truncated gzip ends the iteration with an :class:`InputError`."""
    while True:
        line = gzip_guard(lambda: stream.readline(cap + 1), name)
        if not line:
            return
        if len(line) > cap and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = gzip_guard(lambda: stream.readline(_SNIFF), name)
            yield None
            continue
        yield line
