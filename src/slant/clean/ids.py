"""Content-hash ids: the same text gets the same id wherever it comes from."""

from __future__ import annotations

import hashlib

from slant.clean.normalize import normalize_text

ID_LENGTH = 16


def content_id(text: str) -> str:
    """A stable id for a text: sha256 of its normalised words joined by single spaces (so line breaks
    and runs of spaces do not matter), first 16 hex digits."""
    canonical = " ".join(normalize_text(text).split())
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:ID_LENGTH]
