"""Turn command-line inputs (files, folders, globs, ``-``, URLs) into :class:`Source` records."""

from __future__ import annotations

import glob
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, NamedTuple

from slant.config import Settings
from slant.models import InputError

SourceKind = Literal["file", "url", "stdin"]

#: File suffix -> reader format. ``.gz`` may follow any of these (``.jsonl.gz``, ``.warc.gz``).
FORMATS: dict[str, str] = {
    ".txt": "text",
    ".text": "text",
    ".md": "markdown",
    ".markdown": "markdown",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".warc": "warc",
    ".rss": "feed",
    ".atom": "feed",
    ".xml": "xml",
}
_URL = re.compile(r"^https?://", re.IGNORECASE)
_GLOB = re.compile(r"[*?\[]")
STDIN_NAME = "<stdin>"


@dataclass(frozen=True, slots=True)
class Source:
    """One input to read: a file, a URL or standard input. Small and picklable (sent to workers)."""

    location: str
    kind: SourceKind = "file"
    #: Reader format (see :data:`FORMATS`); ``auto`` for stdin and URLs, sniffed from the content.
    format: str = "auto"
    gzip: bool = False
    size: int | None = None

    @property
    def name(self) -> str:
        """How messages and ``RawDocument.source`` name this input."""
        return STDIN_NAME if self.kind == "stdin" else self.location


def format_of(path: str | Path) -> tuple[str | None, bool]:
    """The reader format of a file name and whether it is gzip-compressed; (None, ...) when unknown."""
    suffixes = [s.lower() for s in Path(path).suffixes]
    gz = bool(suffixes) and suffixes[-1] == ".gz"
    if gz:
        suffixes = suffixes[:-1]
    return (FORMATS.get(suffixes[-1]) if suffixes else None), gz


def is_url(text: str) -> bool:
    return bool(_URL.match(text))


def _file_source(path: Path, shown: str) -> Source | None:
    fmt, gz = format_of(path)
    if fmt is None:
        return None
    try:
        size = path.stat().st_size
    except OSError:
        size = None
    return Source(shown, "file", fmt, gz, size)


def _hidden(path: Path, root: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(root).parts)


def _expand_folder(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and not _hidden(p, root))


def _unsupported(path: str) -> str:
    known = ", ".join(sorted({*FORMATS, ".warc.gz"}))
    suffix = "".join(Path(path).suffixes) or "(no extension)"
    return f"unsupported file type {suffix}; slant reads {known} (optionally .gz)"


class Listing(NamedTuple):
    """What the inputs expand to."""

    sources: list[Source]
    problems: list[InputError]
    #: Files inside folders or globs that were passed over because slant does not read their type.
    unsupported: list[str]


def list_sources(inputs: Sequence[str], settings: Settings) -> tuple[list[Source], list[InputError]]:
    """Expand inputs into sources, in order, each file once; problems come back as errors (see
    :func:`scan_inputs`, which also names the files of unknown type that folders held)."""
    listing = scan_inputs(inputs, settings)
    return listing.sources, listing.problems


def scan_inputs(inputs: Sequence[str], settings: Settings) -> Listing:
    """Expand inputs into sources, in order, each file once; problems come back as errors.

    Folders are walked recursively in sorted order, skipping hidden files and files of unknown type (these
    are listed in :attr:`Listing.unsupported`); a file named explicitly with an unknown type is an error.
    URLs need ``settings.fetch``.
    """
    sources: list[Source] = []
    problems: list[InputError] = []
    unsupported: list[str] = []
    seen: set[str] = set()

    def add(src: Source, key: str) -> None:
        if key not in seen:
            seen.add(key)
            sources.append(src)

    def add_files(paths: list[Path], origin: str, empty_message: str) -> None:
        found = False
        for p in paths:
            src = _file_source(p, str(p))
            if src is not None:
                found = True
                add(src, str(p.resolve()))
            elif str(p.resolve()) not in seen:
                seen.add(str(p.resolve()))
                unsupported.append(str(p))
        if not found:
            problems.append(InputError(origin, empty_message))

    for item in inputs:
        if item == "-":
            add(Source("-", "stdin"), "-")
        elif is_url(item):
            if settings.fetch:
                add(Source(item, "url"), item)
            else:
                problems.append(InputError(item, "URL given but fetching is off; pass --fetch to download it"))
        elif (path := Path(item)).is_dir():
            add_files(_expand_folder(path), item, "folder holds no file slant can read")
        elif path.is_file():
            src = _file_source(path, item)
            if src is None:
                problems.append(InputError(item, _unsupported(item)))
            else:
                add(src, str(path.resolve()))
        elif _GLOB.search(item):
            matches = [Path(m) for m in sorted(glob.glob(item, recursive=True))]
            files: list[Path] = []
            for m in matches:
                files.extend(_expand_folder(m) if m.is_dir() else [m])
            add_files(files, item, "pattern matches no file slant can read")
        elif path.exists():
            problems.append(InputError(item, "not a regular file or folder"))
        else:
            problems.append(InputError(item, "no such file or folder"))
    return Listing(sources, problems, unsupported)
