"""Find a title in the first line of plain text."""

from __future__ import annotations

import re

MAX_TITLE_WORDS = 15
_MAX_TITLE_CHARS = 200
_BLANK = re.compile(r"[ \t\u00a0]*")


def split_title(text: str) -> tuple[str | None, str]:
    """Split ``text`` into (title, body) when its first line is a title, else (None, text).

    A title is a short first line (at most 15 words, no sentence-final full stop or trailing comma)
    followed by a blank line, with more text after it. A long first line or sentence with no blank line
    after it is the start of the body, not a title.
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    i = 0
    while i < len(lines) and _BLANK.fullmatch(lines[i]):
        i += 1
    if i + 1 >= len(lines) or not _BLANK.fullmatch(lines[i + 1]):
        return None, text
    first = lines[i].strip()
    body = "\n".join(lines[i + 2 :]).strip("\n")
    if not body.strip() or not looks_like_title(first):
        return None, text
    return first, body


def looks_like_title(line: str) -> bool:
    """Short enough and not ending like a sentence or a clause."""
    words = line.split()
    if not words or len(words) > MAX_TITLE_WORDS or len(line) > _MAX_TITLE_CHARS:
        return False
    if line.endswith((",", ";")):
        return False
    return not (line.endswith(".") and not line.endswith(".."))
