"""``/stories`` (stored stories), ``/stories/{id}`` (the side-by-side comparison) with JSON twins, and
``/stories/{id}/report`` (the self-contained HTML report of one story, as ``slant report --story``)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from starlette.responses import HTMLResponse, Response

from slant import api
from slant.web._common import Ref, as_json, page, state, url
from slant.web.story_view import story_context

router = APIRouter()

Limit = Annotated[int, Query(ge=1, le=1000)]
LIMIT = 100

#: The report inlines its scripts and styles (its own meta policy allows its scripts by hash only); this
#: header keeps it from loading or sending anything anywhere.
REPORT_CSP = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; "
    "connect-src 'none'; font-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)


def _stories(request: Request, limit: int) -> dict[str, Any]:
    rows = api.story_summaries(db=state(request).db, limit=limit)
    return {"limit": limit, "stories": [s.to_json() for s in rows]}


@router.get("/stories.json")
def stories_json(request: Request, limit: Limit = LIMIT) -> Response:
    """The stored stories as JSON, biggest first."""
    return as_json(_stories(request, limit))


@router.get("/stories")
def stories(request: Request, limit: Limit = LIMIT) -> Response:
    """The stored stories, biggest first, with their outlets and copies."""
    data = _stories(request, limit)
    json_url = url("/stories.json", limit=limit if limit != LIMIT else None)
    return page(request, "stories.html", {**data, "json_url": json_url})


def _comparison(request: Request, ref: str) -> dict[str, Any]:
    found = api.compare(story=ref, db=state(request).db)
    data: dict[str, Any] = found[0].to_json()
    return data


@router.get("/stories/{ref}.json")
def story_json(request: Request, ref: Ref) -> Response:
    """One story compared side by side: exactly ``Comparison.to_json()`` (a story of ``compare --json``)."""
    return as_json(_comparison(request, ref))


@router.get("/stories/{ref}/report")
def story_report(request: Request, ref: Ref) -> Response:
    """The self-contained HTML report of one story (the same file ``slant report --story ID`` writes)."""
    with tempfile.TemporaryDirectory(prefix="slant-report-") as tmp:
        path = api.report(Path(tmp) / "report.html", story=ref, db=state(request).db)
        html = path.read_text(encoding="utf-8")
    return HTMLResponse(html, headers={"Content-Security-Policy": REPORT_CSP})


@router.get("/stories/{ref}")
def story(request: Request, ref: Ref) -> Response:
    """One story side by side: stance toward each main actor per article, who is quoted where, relations,
    facts only some articles report, figures that differ, loaded language and hate flags, headlines."""
    ctx = story_context(_comparison(request, ref))
    sid = ctx["story"]["id"]
    return page(request, "story.html", {**ctx, "json_url": f"/stories/{sid}.json"})
