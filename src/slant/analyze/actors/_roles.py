"""Role modifiers: the words that make a role noun another role ("deputy leader", "shadow home secretary",
"former mayor"), read from ``resources/quotes/role_modifiers.tsv`` (the quote analyser reads the same file)."""

from __future__ import annotations

from functools import lru_cache

from slant.analyze.common import read_tsv


@lru_cache(maxsize=1)
def _modifiers() -> dict[str, str]:
    return {r["word"].lower(): r["scope"] for r in read_tsv("resources/quotes", "role_modifiers.tsv")}


def modifiers(words: list[str]) -> set[str]:
    """The role modifiers among ``words`` ("ex-mayor" gives "ex")."""
    table = _modifiers()
    return {p for w in words for p in w.replace("’", "'").split("-") if p in table}


def agree(mine: set[str], theirs: set[str]) -> bool:
    """Whether a phrase with role modifiers ``mine`` can name a holder of a form with ``theirs``."""
    table = _modifiers()
    if any((m in mine) != (m in theirs) for m in mine | theirs if table[m] == "rank"):
        return False
    return all(m in mine for m in theirs if table[m] == "time")
