"""Text normalisation: one canonical form for every reader's output (idempotent).

Curly quotes, guillemets, dashes and ellipses are kept as they are: the quote analyser needs them.
"""

from __future__ import annotations

import re
import unicodedata

# Invisible characters that only get in the way: zero-width space/joiners, word joiner, BOM, soft hyphen,
# bidi marks and embeddings.
_INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u00ad\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_SPACES = "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
_NEWLINES = "\u000b\u000c\u001c\u001d\u001e\u0085\u2028\u2029"
_CONTROLS = "".join(chr(c) for c in [*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0)] if chr(c) not in "\t\n" + _NEWLINES)

_TABLE = str.maketrans(
    {
        **dict.fromkeys(_INVISIBLE + _CONTROLS, None),
        **dict.fromkeys(_SPACES, " "),
        **dict.fromkeys(_NEWLINES, "\n"),
    }
)
#: Any character the table changes, or a carriage return: most texts have none, and a search is far cheaper
#: than ``str.translate`` with a dict table.
_ODD = re.compile("[\r" + re.escape("".join(chr(c) for c in _TABLE)) + "]")
_RUN_OF_SPACES = re.compile(r"[ \t]+")
_MANY_NEWLINES = re.compile(r"\n{3,}")


def normalize_text(text: str) -> str:
    """NFC; LF line ends; no zero-width or control characters; plain spaces, one between words; lines
    stripped; at most one blank line in a row; no leading or trailing whitespace."""
    if _ODD.search(text):
        text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_TABLE)
    if not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    lines = (_RUN_OF_SPACES.sub(" ", line).strip() for line in text.split("\n"))
    return _MANY_NEWLINES.sub("\n\n", "\n".join(lines)).strip()


def normalize_line(text: str) -> str:
    """Normalise a one-line field (title, author): all whitespace becomes single spaces."""
    return " ".join(normalize_text(text).split())
