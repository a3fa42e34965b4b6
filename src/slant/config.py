"""Settings: packaged defaults -> user file -> ``SLANT_*`` environment -> CLI flags, validated once.

The user file is ``slant.toml`` in the working directory, or the path in ``SLANT_CONFIG``. Every key of
:class:`Settings` may appear there (``[slant]`` table) or as ``SLANT_<KEY>`` in the environment.
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from slant.errors import ConfigError


@dataclass(frozen=True, slots=True)
class JsonFields:
    """Which field of a JSON object holds which part of an article (first present name wins)."""

    text: tuple[str, ...] = ("text", "body", "content", "article", "maintext")
    title: tuple[str, ...] = ("title", "headline")
    url: tuple[str, ...] = ("url", "link", "uri")
    author: tuple[str, ...] = ("author", "authors", "byline")
    published: tuple[str, ...] = ("published", "date", "date_publish", "pubdate", "published_at")
    site_name: tuple[str, ...] = ("site_name", "source", "outlet", "publisher", "source_domain")
    html: tuple[str, ...] = ("html", "raw_html")


@dataclass(frozen=True, slots=True)
class Settings:
    """Every knob slant has, with its default."""

    db: str = "slant.db"
    #: Inputs larger than this many bytes are refused with a clear error.
    max_bytes: int = 20_000_000
    #: A compressed input (``.gz``, ``.warc.gz``) may inflate to at most this many bytes.
    max_inflated_bytes: int = 16_000_000_000
    #: ... and at most this many times its compressed size (past 4 MB): a decompression-bomb guard.
    max_inflate_ratio: int = 100
    #: The most bytes of one WARC record's header lines (WARC and HTTP headers together).
    max_header_bytes: int = 262_144
    #: WARC records declaring more bytes than this are skipped with an error.
    max_record_bytes: int = 1_000_000_000
    #: The most seconds spent reading one document of an input before it is given up.
    read_timeout: float = 60.0
    #: Languages slant analyses; other articles are stored and marked ``skipped_language``.
    languages: tuple[str, ...] = ("en",)
    workers: int = 1
    mode: str = "fast"
    fetch: bool = False
    #: Articles shorter than this many words are stored but not analysed.
    min_words: int = 1
    json_fields: JsonFields = field(default_factory=JsonFields)

    def replace(self, **changes: Any) -> Settings:
        """A copy with some settings changed (``None`` values are ignored), validated."""
        clean = {k: v for k, v in changes.items() if v is not None}
        return validate(dataclasses.replace(self, **clean))


_SIMPLE = {f.name: f for f in dataclasses.fields(Settings) if f.name != "json_fields"}


def _coerce(name: str, value: Any) -> Any:
    kind = type(getattr(Settings(), name))
    try:
        if kind is bool:
            if isinstance(value, str):
                low = value.strip().lower()
                if low not in {"1", "0", "true", "false", "yes", "no", "on", "off"}:
                    raise ValueError(value)
                return low in {"1", "true", "yes", "on"}
            return bool(value)
        if kind is int:
            return int(value)
        if kind is float:
            return float(value)
        if kind is tuple:
            if isinstance(value, str):
                return tuple(v.strip() for v in value.split(",") if v.strip())
            return tuple(value)
        return str(value)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"setting {name!r}: cannot use {value!r} ({kind.__name__} expected)") from exc


def validate(s: Settings) -> Settings:
    """Check a settings object; raise :class:`ConfigError` naming the bad setting."""
    if s.max_bytes <= 0:
        raise ConfigError("setting 'max_bytes' must be a positive number of bytes")
    for name in ("max_inflated_bytes", "max_inflate_ratio", "max_header_bytes", "max_record_bytes"):
        if getattr(s, name) <= 0:
            raise ConfigError(f"setting {name!r} must be a positive number")
    if not s.read_timeout > 0:
        raise ConfigError("setting 'read_timeout' must be a positive number of seconds")
    if s.workers < 1:
        raise ConfigError("setting 'workers' must be at least 1")
    if s.mode not in ("fast", "accurate"):
        raise ConfigError(f"setting 'mode' must be 'fast' or 'accurate', not {s.mode!r}")
    if not s.languages:
        raise ConfigError("setting 'languages' needs at least one language code, e.g. 'en'")
    if s.min_words < 0:
        raise ConfigError("setting 'min_words' cannot be negative")
    return s


def _apply(s: Settings, values: Mapping[str, Any], origin: str) -> Settings:
    changes: dict[str, Any] = {}
    for key, value in values.items():
        if key == "json_fields":
            if not isinstance(value, Mapping):
                raise ConfigError(f"{origin}: 'json_fields' must be a table of field lists")
            jf = {}
            valid = {f.name for f in dataclasses.fields(JsonFields)}
            for k, v in value.items():
                if k not in valid:
                    raise ConfigError(f"{origin}: unknown json field {k!r}; known: {', '.join(sorted(valid))}")
                jf[k] = (v,) if isinstance(v, str) else tuple(v)
            changes["json_fields"] = dataclasses.replace(s.json_fields, **jf)
        elif key in _SIMPLE:
            changes[key] = _coerce(key, value)
        else:
            raise ConfigError(f"{origin}: unknown setting {key!r}; known: {', '.join(sorted(_SIMPLE))}")
    return dataclasses.replace(s, **changes)


def load_settings(
    config_file: str | Path | None = None,
    env: Mapping[str, str] | None = None,
    **overrides: Any,
) -> Settings:
    """Build the settings: defaults, then the user file, then ``SLANT_*`` variables, then ``overrides``."""
    env = os.environ if env is None else env
    s = Settings()
    path = Path(config_file) if config_file else Path(env.get("SLANT_CONFIG", "slant.toml"))
    if path.is_file():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"{path}: cannot read config file ({exc})") from exc
        s = _apply(s, data.get("slant", data), str(path))
    elif config_file:
        raise ConfigError(f"{path}: config file not found")
    env_values = {k[6:].lower(): v for k, v in env.items() if k.startswith("SLANT_") and k != "SLANT_CONFIG"}
    env_values = {k: v for k, v in env_values.items() if k in _SIMPLE}
    s = _apply(s, env_values, "environment")
    return s.replace(**overrides)
