"""Plain text and Markdown: the title rule and light markup stripping."""

from __future__ import annotations

import re

from slant.clean.title import split_title
from slant.models import RawDocument

_ATX = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^[ \t]{0,3}=+[ \t]*$")
_IMAGE = re.compile(r"!\[([^\]\n]*)\]\([^)\n]*\)")
_LINK = re.compile(r"\[([^\]\n]+)\]\([^)\n]*\)")
_REF_LINK = re.compile(r"\[([^\]\n]+)\]\[[^\]\n]*\]")
_REF_DEF = re.compile(r"^[ \t]{0,3}\[[^\]\n]+\]:\s*\S+.*$", re.MULTILINE)
_AUTOLINK = re.compile(r"<(https?://[^>\s]+)>")
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_EM_STAR = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")
_EM_UNDER = re.compile(r"(?<!\w)_(?=[^\s_])(.+?)(?<=[^\s_])_(?!\w)")
_STRIKE = re.compile(r"~~(?=\S)(.+?)(?<=\S)~~")
_CODE = re.compile(r"`([^`\n]+)`")
_QUOTE_MARK = re.compile(r"^[ \t]{0,3}>[ \t]?", re.MULTILINE)
_BULLET = re.compile(r"^[ \t]*[*+-][ \t]+(?=\S)", re.MULTILINE)
_RULE = re.compile(r"^[ \t]{0,3}([-*_])([ \t]*\1){2,}[ \t]*$", re.MULTILINE)
_FENCE = re.compile(r"^[ \t]{0,3}(```|~~~).*$", re.MULTILINE)
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


def read_text(text: str, source: str, *, fmt: str = "text") -> RawDocument:
    """A plain-text document; a short first line followed by a blank line is its title."""
    title, body = split_title(text)
    return RawDocument(source=source, text=body, title=title, format=fmt, title_given=True)


def read_markdown(text: str, source: str) -> RawDocument:
    """A Markdown document: a leading ``# Heading`` (or setext heading) is the title; markup is stripped."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    title: str | None = None
    if start < len(lines):
        atx = _ATX.match(lines[start])
        if atx and lines[start].lstrip().startswith("# "):
            title, rest = atx.group(1), lines[start + 1 :]
        elif start + 1 < len(lines) and _SETEXT.match(lines[start + 1]):
            title, rest = lines[start].strip(), lines[start + 2 :]
        if title is not None:
            body = strip_markdown("\n".join(rest)).strip("\n")
            if body.strip():  # a heading that is the whole text is not a title
                title = strip_markdown(title).strip() or None
                return RawDocument(source=source, text=body, title=title, format="markdown", title_given=True)
    return read_text(strip_markdown(text), source, fmt="markdown")


def strip_markdown(text: str) -> str:
    """Remove light Markdown markup, keeping the words: links become their text, emphasis marks go."""
    text = _HTML_COMMENT.sub("", text)
    text = _FENCE.sub("", text)
    text = _REF_DEF.sub("", text)
    text = _RULE.sub("", text)
    text = "\n".join(_heading_text(line) for line in text.split("\n"))
    text = _QUOTE_MARK.sub("", text)
    text = _BULLET.sub("", text)
    text = _IMAGE.sub(r"\1", text)
    text = _LINK.sub(r"\1", text)
    text = _REF_LINK.sub(r"\1", text)
    text = _AUTOLINK.sub(r"\1", text)
    text = _CODE.sub(r"\1", text)
    text = _STRONG.sub(r"\2", text)
    text = _STRIKE.sub(r"\1", text)
    text = _EM_STAR.sub(r"\1", text)
    return _EM_UNDER.sub(r"\1", text)


def _heading_text(line: str) -> str:
    m = _ATX.match(line)
    return m.group(1) if m else line
