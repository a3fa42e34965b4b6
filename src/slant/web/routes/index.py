"""``/``: what the store holds, the latest runs, and where to go next."""

from __future__ import annotations

import dataclasses
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from slant import api
from slant.web._common import as_json, page, state

router = APIRouter()

#: Stories listed on the overview (the biggest).
STORIES = 10


def _overview(request: Request) -> dict[str, Any]:
    ov = api.overview(db=state(request).db)
    return {
        "db": ov.db,
        "counts": ov.counts,
        "runs": [dataclasses.asdict(r) for r in ov.runs],
        "facets": {k: [{"value": v, "articles": n} for v, n in rows] for k, rows in ov.facets.items()},
        "stories": [s.to_json() for s in api.story_summaries(db=state(request).db, limit=STORIES)],
    }


@router.get("/.json")
def index_json(request: Request) -> Response:
    """The overview as JSON."""
    return as_json(_overview(request))


@router.get("/")
def index(request: Request) -> Response:
    """The overview page."""
    return page(request, "index.html", {**_overview(request), "json_url": "/.json"})
