"""Ingest: find inputs and read them into :class:`slant.models.RawDocument` records.

``list_sources`` expands files, folders, globs, ``-`` (stdin) and URLs; ``read_source`` reads one source
(in a worker process if need be: :class:`Source` pickles); ``iter_documents`` does both. Bad input never
raises: it comes back as :class:`slant.models.InputError` records, one line each, and the batch goes on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import BinaryIO

from slant.config import Settings
from slant.ingest.reader import read_source, sniff_format
from slant.ingest.sources import FORMATS, Listing, Source, format_of, list_sources, scan_inputs
from slant.models import InputError, RawDocument

__all__ = [
    "FORMATS",
    "Listing",
    "Source",
    "format_of",
    "iter_documents",
    "list_sources",
    "read_source",
    "scan_inputs",
    "sniff_format",
]


def iter_documents(
    inputs: Sequence[str], settings: Settings, *, stdin: BinaryIO | None = None
) -> Iterator[RawDocument | InputError]:
    """Every document (and every problem) from the inputs, in order: listing problems come first."""
    sources, problems = list_sources(inputs, settings)
    yield from problems
    for source in sources:
        yield from read_source(source, settings, stdin=stdin)
