"""``/articles`` (paged, filtered list) and ``/articles/{id}`` (one article marked up), with JSON twins."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from starlette.responses import Response

from slant import api
from slant.web._common import as_json, page, state, url
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


@router.get("/articles/{ref}.json")
def article_json(request: Request, ref: str) -> Response:
    """One article's analysis: exactly ``Analysis.to_json()``."""
    return as_json(api.show(ref, db=state(request).db).to_json())


@router.get("/articles/{ref}")
def article(request: Request, ref: str) -> Response:
    """One article marked up: its text with actors, quotes and flags highlighted, and their tables."""
    a = api.show(ref, db=state(request).db)
    return page(request, "article.html", {"result": article_context(a), "json_url": f"/articles/{a.article.id}.json"})
