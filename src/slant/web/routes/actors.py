"""``/actors`` (canonical actors, searchable, by kind) and ``/search`` (full text), with JSON twins."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from starlette.responses import Response

from slant import api
from slant.errors import ConfigError
from slant.models import ACTOR_KINDS
from slant.web._common import as_json, page, state, url
from slant.web.markup import snippet_html

router = APIRouter()

Text = Annotated[str | None, Query(max_length=500)]
Limit = Annotated[int, Query(ge=1, le=500)]


def _actors(request: Request, q: str | None, kind: str | None, limit: int) -> dict[str, Any]:
    if kind and kind not in ACTOR_KINDS:
        raise ConfigError(f"unknown actor kind {kind!r}; choose one of {', '.join(ACTOR_KINDS)}")
    rows = api.actors(db=state(request).db, kind=kind or None, query=q or None, limit=limit)
    return {
        "query": q or "",
        "kind": kind or "",
        "limit": limit,
        "actors": [{**dataclasses.asdict(r), "aliases": list(r.aliases)} for r in rows],
    }


@router.get("/actors.json")
def actors_json(request: Request, q: Text = None, kind: Text = None, limit: Limit = 100) -> Response:
    """Canonical actors as JSON, most frequent first."""
    return as_json(_actors(request, q, kind, limit))


@router.get("/actors")
def actors(request: Request, q: Text = None, kind: Text = None, limit: Limit = 100) -> Response:
    """Canonical actors across the stored articles, with a name search and a kind filter."""
    data = _actors(request, q, kind, limit)
    json_url = url("/actors.json", q=q, kind=kind, limit=limit if limit != 100 else None)
    return page(request, "actors.html", {**data, "kinds": ACTOR_KINDS, "json_url": json_url})


def _search(request: Request, q: str | None, limit: int) -> tuple[dict[str, Any], list[api.SearchHit]]:
    hits = api.search(q, db=state(request).db, limit=limit) if q and q.strip() else []
    data = {
        "query": q or "",
        "hits": [
            {"id": h.id, "title": h.title, "source": h.source, "snippet": h.marked("", ""), "score": h.score}
            for h in hits
        ],
    }
    return data, hits


@router.get("/search.json")
def search_json(request: Request, q: Text = None, limit: Limit = 20) -> Response:
    """Full-text search hits as JSON (snippets as plain text), best first."""
    return as_json(_search(request, q, limit)[0])


@router.get("/search")
def search(request: Request, q: Text = None, limit: Limit = 20) -> Response:
    """Full-text search over titles and texts; matches marked in each snippet."""
    data, hits = _search(request, q, limit)
    rows = [
        {**d, "marked": snippet_html(h.snippet, api.MARK_START, api.MARK_END)}
        for d, h in zip(data["hits"], hits, strict=True)
    ]
    json_url = url("/search.json", q=q, limit=limit if limit != 20 else None)
    return page(request, "search.html", {**data, "rows": rows, "json_url": json_url})
