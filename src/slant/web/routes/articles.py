"""``/articles`` (paged, filtered list) and ``/articles/{ref}`` (one article marked up), with JSON twins.

``{ref}`` is an id, a unique id prefix or a source path, slashes included (``/articles/feeds/a.txt`` and
its twin ``/articles/feeds/a.txt.json``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from starlette.responses import RedirectResponse, Response

from slant import api
from slant.errors import NotFoundError
from slant.models import Analysis
from slant.web._common import Ref, as_json, page, state, url
from slant.web.views import article_context

router = APIRouter()

PER_PAGE = 50
MAX_PER_PAGE = 200

Filter = Annotated[str | None, Query(max_length=200)]
PageNo = Annotated[int, Query(alias="page", ge=1, le=1_000_000)]
PerPage = Annotated[int, Query(ge=1, le=MAX_PER_PAGE)]


def _listing(
    request: Request, site: str | None, language: str | None, status: str | None, story: str | None, pg: int, per: int
) -> dict[str, Any]:
    filters = {"site": site or None, "language": language or None, "status": status or None, "story": story or None}
    result = api.list_articles(db=state(request).db, offset=(pg - 1) * per, limit=per, **filters)
    pages = max(1, -(-result.total // per))
    base = request.url.path

    def link(n: int) -> str | None:
        return url(base, **filters, page=n, per_page=per if per != PER_PAGE else None) if 1 <= n <= pages else None

    return {
        "articles": [r.to_json() for r in result.rows],
        "total": result.total,
        "page": pg,
        "per_page": per,
        "pages": pages,
        "filters": filters,
        "next": link(pg + 1),
        "prev": link(pg - 1),
    }


@router.get("/articles.json")
def articles_json(
    request: Request,
    site: Filter = None,
    language: Filter = None,
    status: Filter = None,
    story: Filter = None,
    page_no: PageNo = 1,
    per_page: PerPage = PER_PAGE,
) -> Response:
    """One page of stored articles as JSON, with links to the next and previous pages."""
    return as_json(_listing(request, site, language, status, story, page_no, per_page))


@router.get("/articles")
def articles(
    request: Request,
    site: Filter = None,
    language: Filter = None,
    status: Filter = None,
    story: Filter = None,
    page_no: PageNo = 1,
    per_page: PerPage = PER_PAGE,
) -> Response:
    """The list of stored articles, filtered and paged."""
    data = _listing(request, site, language, status, story, page_no, per_page)
    facets = api.overview(db=state(request).db, runs=0).facets
    per = per_page if per_page != PER_PAGE else None
    data["json_url"] = url("/articles.json", **data["filters"], page=page_no if page_no > 1 else None, per_page=per)
    return page(request, "articles.html", {**data, "facets": facets})


def _show(request: Request, ref: str) -> Analysis:
    """The stored article ``ref`` names (as ``slant show``); NotFoundError for a ref that names none."""
    try:
        # the store also tries ref as a file path; "~nobody" or a symlink loop would fail there with no answer
        Path(ref).expanduser().resolve()
    except (RuntimeError, OSError, ValueError):
        raise NotFoundError(
            f"no article matches {ref!r}: give a full article id, a unique id prefix of at least 4 characters, "
            "or the exact source path"
        ) from None
    return api.show(ref, db=state(request).db)


@router.get("/articles/{ref:path}.json")
def article_json(request: Request, ref: Ref) -> Response:
    """One article's analysis: exactly ``Analysis.to_json()``."""
    return as_json(_show(request, ref).to_json())


@router.get("/articles/{ref:path}")
def article(request: Request, ref: Ref) -> Response:
    """One article marked up: its text with actors, quotes and flags highlighted, and their tables."""
    if not ref:  # "/articles/": the list
        return RedirectResponse("/articles")
    a = _show(request, ref)
    return page(request, "article.html", {"result": article_context(a), "json_url": f"/articles/{a.article.id}.json"})
