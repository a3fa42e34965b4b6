"""JSON (an object or an array of objects) and JSON Lines (one object per line)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from typing import Any, BinaryIO

from slant.config import JsonFields, Settings
from slant.errors import InputError
from slant.ingest.decode import decode_bytes, iter_lines, mb
from slant.ingest.pages import extract_html
from slant.models import InputError as InputProblem
from slant.models import RawDocument

Item = RawDocument | InputProblem


def read_json(text: str, name: str, settings: Settings) -> Iterator[Item]:
    """A ``.json`` file: one object, or an array of objects (``name#<index>`` each)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(name, f"malformed JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from exc
    if isinstance(data, dict):
        yield _record(data, name, name, settings)
    elif isinstance(data, list):
        if not data:
            raise InputError(name, "empty JSON array")
        for i, item in enumerate(data):
            yield _record(item, f"{name}#{i}", name, settings, where=f"item {i}: ")
    else:
        raise InputError(name, f"expected a JSON object or array, got {_kind(data)}")


def read_jsonl(stream: BinaryIO, name: str, settings: Settings) -> Iterator[Item]:
    """A JSON Lines stream; a bad line yields an error for that line and reading goes on."""
    count = 0
    for n, line in enumerate(iter_lines(stream, name, settings.max_bytes), start=1):
        where = f"line {n}: "
        if line is None:
            yield InputProblem(name, f"{where}record over the {mb(settings.max_bytes)} cap (set max_bytes to raise it)")
            continue
        if not line.strip():
            continue
        count += 1
        try:
            obj = json.loads(decode_bytes(line, name))
        except InputError as exc:
            yield InputProblem(name, where + exc.reason)
            continue
        except json.JSONDecodeError as exc:
            yield InputProblem(name, f"{where}malformed JSON ({exc.msg})")
            continue
        yield _record(obj, f"{name}#L{n}", name, settings, where=where)
    if count == 0:
        raise InputError(name, "empty file")


def _record(obj: Any, source: str, name: str, settings: Settings, *, where: str = "") -> Item:
    if not isinstance(obj, dict):
        return InputProblem(name, f"{where}expected a JSON object, got {_kind(obj)}")
    try:
        return record_to_document(obj, source, settings.json_fields)
    except InputError as exc:
        return InputProblem(name, where + exc.reason)
    except Exception as exc:  # an extractor failure on one record must not end the file
        return InputProblem(name, f"{where}cannot read record ({type(exc).__name__}: {exc})")


def record_to_document(obj: Mapping[str, Any], source: str, fields: JsonFields) -> RawDocument:
    """Map one JSON object to a document; an object with HTML and no text is extracted like a page."""
    text = _text(_first(obj, fields.text))
    title = _string(_first(obj, fields.title))
    url = _string(_first(obj, fields.url))
    author = _author(_first(obj, fields.author))
    published = _date(_first(obj, fields.published))
    site_name = _string(_first(obj, fields.site_name))
    if text:
        return RawDocument(source, text, title, url, author, published, site_name, "json", title_given=True)
    html = _string(_first(obj, fields.html))
    if html:
        page = extract_html(html, source, url=url, fmt="json")
        return RawDocument(
            source,
            page.text,
            title or page.title,
            url or page.url,
            author or page.author,
            published or page.published,
            site_name or page.site_name,
            "json",
            title_given=True,
        )
    if any(name in obj for name in (*fields.text, *fields.html)):
        raise InputError(source, "empty text")
    looked = ", ".join((*fields.text, *fields.html))
    raise InputError(source, f"no text field (looked for {looked})")


def _first(obj: Mapping[str, Any], names: tuple[str, ...]) -> Any:
    """The value of the first field present with a non-empty value."""
    for name in names:
        value = obj.get(name)
        if value not in (None, "", [], {}):
            return value
    return None


def _string(value: Any) -> str | None:
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return None


def _text(value: Any) -> str | None:
    if isinstance(value, list):  # a list of paragraphs
        return "\n\n".join(p.strip() for p in value if isinstance(p, str) and p.strip()) or None
    return value.strip() or None if isinstance(value, str) else None


def _author(value: Any) -> str | None:
    if isinstance(value, list):
        names = [_author(v) for v in value]
        return ", ".join(n for n in names if n) or None
    if isinstance(value, dict):
        return _string(value.get("name"))
    return _string(value)


def _date(value: Any) -> str | None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        seconds = value / 1000 if value > 1e11 else value  # milliseconds since the epoch
        try:
            return datetime.fromtimestamp(seconds, tz=UTC).isoformat()
        except (OverflowError, OSError, ValueError):
            return None
    return _string(value)


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", type(None): "null"}
    return names.get(type(value), "a number")
