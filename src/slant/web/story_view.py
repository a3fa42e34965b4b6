"""What the story page shows, from a comparison's JSON (``Comparison.to_json()``, the ``compare --json``
contract): the articles side by side, one column per compared (original) article."""

from __future__ import annotations

from collections import Counter
from typing import Any

#: CSS class of a stance cell by polarity (and for an actor mentioned without a stance, or not at all).
CELL_CLASSES = {"positive": "pos", "negative": "neg", "neutral": "neu", "no_stance": "neu", "not_mentioned": "none"}


def _cell(cell: dict[str, Any] | None) -> dict[str, Any]:
    if cell is None or cell.get("status") == "not_mentioned":
        return {"cls": "none", "text": "·", "note": "not mentioned"}
    if cell.get("status") != "stance":
        return {"cls": "neu", "text": "○", "note": f"mentioned {cell.get('mentions', 0)}×, no author stance"}
    score = cell.get("score")
    polarity = str(cell.get("polarity") or "neutral")
    evidence = ", ".join(str(e.get("text", "")) for e in cell.get("evidence") or ())
    return {
        "cls": CELL_CLASSES.get(polarity, "neu"),
        "text": f"{score:+.2f}" if isinstance(score, int | float) else polarity,
        "note": polarity + (f": {evidence}" if evidence else ""),
    }


def _quoted(d: dict[str, Any], originals: list[str]) -> list[dict[str, Any]]:
    counts: dict[str, dict[str, int]] = {}
    total: Counter[str] = Counter()
    for aid in originals:
        for s in (d.get("quoted_detail") or {}).get(aid, {}).get("speakers", ()):
            counts.setdefault(s["name"], {})[aid] = int(s.get("quotes", 0))
            total[s["name"]] += int(s.get("quotes", 0))
    rows: list[dict[str, Any]] = [
        {"name": name, "counts": [counts[name].get(aid, 0) for aid in originals]}
        for name in sorted(counts, key=lambda n: (-total[n], n))
    ]
    unattributed = [int((d.get("quoted_detail") or {}).get(aid, {}).get("unattributed", 0)) for aid in originals]
    if any(unattributed):
        rows.append({"name": "(no named speaker)", "counts": unattributed, "dim": True})
    return rows


def _figures(d: dict[str, Any], originals: list[str]) -> list[dict[str, Any]]:
    rows = []
    for f in d.get("figures") or ():
        by_article: dict[str, list[str]] = {}
        for v in f.get("values", ()):
            by_article.setdefault(v["article"], []).append(str(v.get("text", "")))
        what = " ".join(x for x in (f.get("kind"), f.get("unit")) if x)
        context = ", ".join(f.get("context") or ())
        rows.append({"what": what, "context": context, "cells": [", ".join(by_article.get(a, ())) for a in originals]})
    return rows


def story_context(d: dict[str, Any]) -> dict[str, Any]:
    """Template context for one story comparison's JSON ``d``."""
    originals: list[str] = list(d.get("originals") or ())
    info = {a["id"]: a for a in d.get("article_info") or ()}
    columns = [
        {"id": aid, "outlet": info.get(aid, {}).get("outlet") or aid[:12], "title": info.get(aid, {}).get("title")}
        for aid in originals
    ]
    stances = d.get("stance_detail") or {}
    matrix = [
        {
            "name": actor["name"],
            "kind": actor.get("kind", "other"),
            "cells": [_cell(stances.get(actor["name"], {}).get(aid)) for aid in originals],
        }
        for actor in d.get("actor_detail") or ()
    ]
    language = d.get("loaded") or {}
    hate = d.get("hate") or {}
    return {
        "story": d,
        "columns": columns,
        "members": [
            {**a, "original_title": info.get(a["copy_of"], {}).get("title") if a.get("copy_of") else None}
            for a in d.get("article_info") or ()
        ],
        "matrix": matrix,
        "quoted": _quoted(d, originals),
        "quoted_only_in": sorted((d.get("quoted_only_in") or {}).items()),
        "relations": [(d.get("relations") or {}).get(aid, []) for aid in originals],
        "only_in": [(d.get("only_in") or {}).get(aid, []) for aid in originals],
        "figures": _figures(d, originals),
        "language": [{**language.get(aid, {}), "hate": hate.get(aid, {})} for aid in originals],
        "headlines": [(d.get("headlines") or {}).get(aid, {}) for aid in originals],
    }
