"""Settings: defaults -> file -> SLANT_* -> flags, validated once."""

from __future__ import annotations

from pathlib import Path

import pytest

from slant.config import Settings, load_settings
from slant.errors import ConfigError


def test_defaults_without_file_or_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    s = load_settings(env={})
    assert s == Settings()
    assert s.db == "slant.db" and s.languages == ("en",)


def test_precedence_file_then_env_then_flags(tmp_path: Path) -> None:
    cfg = tmp_path / "slant.toml"
    cfg.write_text('[slant]\ndb = "from-file.db"\nworkers = 3\nmax_bytes = 1000\n', encoding="utf-8")
    s = load_settings(cfg, env={"SLANT_WORKERS": "4"}, max_bytes=50)
    assert (s.db, s.workers, s.max_bytes) == ("from-file.db", 4, 50)


def test_json_fields_from_file(tmp_path: Path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text('[slant.json_fields]\ntext = ["story_body"]\ntitle = "hed"\n', encoding="utf-8")
    s = load_settings(cfg, env={})
    assert s.json_fields.text == ("story_body",)
    assert s.json_fields.title == ("hed",)
    assert s.json_fields.url == Settings().json_fields.url


def test_languages_from_env_list() -> None:
    s = load_settings(env={"SLANT_LANGUAGES": "en, de"})
    assert s.languages == ("en", "de")


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"SLANT_WORKERS": "0"}, "workers"),
        ({"SLANT_WORKERS": "many"}, "workers"),
        ({"SLANT_MODE": "turbo"}, "mode"),
        ({"SLANT_MAX_BYTES": "-5"}, "max_bytes"),
        ({"SLANT_FETCH": "perhaps"}, "fetch"),
    ],
)
def test_bad_values_name_the_setting(env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_settings(env=env)


def test_unknown_key_in_file_is_an_error(tmp_path: Path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text("[slant]\ndatabase = 'x.db'\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="unknown setting 'database'"):
        load_settings(cfg, env={})


def test_broken_toml_names_the_file(tmp_path: Path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text("[slant\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"c\.toml"):
        load_settings(cfg, env={})


def test_missing_named_config_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not found"):
        load_settings(tmp_path / "nope.toml", env={})
