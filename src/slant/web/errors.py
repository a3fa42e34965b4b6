"""Errors become a page or ``{"error": ...}`` JSON, with a status code, in this one place.

slant's own errors map by class (unknown ids -> 404, bad options and input -> 400, an unreadable store
-> 503); HTTP errors (unknown paths, wrong methods) and invalid query parameters get the same treatment.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException
from starlette.responses import Response

from slant.errors import ConfigError, InputError, ModelError, NotFoundError, SlantError, StoreError
from slant.web._common import as_json, page, wants_json

#: Status code for each slant error class (the first match in order wins).
STATUS: tuple[tuple[type[SlantError], int], ...] = (
    (NotFoundError, 404),
    (ConfigError, 400),
    (InputError, 400),
    (StoreError, 503),
    (ModelError, 500),
    (SlantError, 500),
)
TITLES = {
    400: "Bad request",
    403: "Forbidden",
    404: "Not found",
    405: "Method not allowed",
    413: "Too large",
    414: "Address too long",
    415: "Unsupported body",
    422: "Invalid input",
}


def status_of(exc: SlantError) -> int:
    """The HTTP status for a slant error."""
    return next(code for cls, code in STATUS if isinstance(exc, cls))


def error_response(request: Request, status: int, message: str) -> Response:
    """The error as JSON (for ``.json`` paths and JSON clients) or as the error page."""
    if wants_json(request):
        return as_json({"error": message, "status": status}, status=status)
    ctx = {"status": status, "title": TITLES.get(status, "Error"), "message": message}
    if request.headers.get("hx-request") == "true":  # htmx swaps the message into the page
        return page(request, "_error.html", ctx, status=status)
    return page(request, "error.html", ctx, status=status)


async def _slant_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, SlantError)
    return error_response(request, status_of(exc), str(exc))


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    message = str(exc.detail)
    if exc.status_code == 404 and message == "Not Found":
        message = f"no page at {request.url.path}; start from / (the overview) or /articles"
    return error_response(request, exc.status_code, message)


async def _validation_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    parts = []
    for e in exc.errors():
        where = ".".join(str(x) for x in e.get("loc", ()) if x not in ("query", "path", "body"))
        parts.append(f"{where}: {e.get('msg', 'invalid')}")
    return error_response(request, 422, "invalid parameters: " + "; ".join(parts))


def install(app: FastAPI) -> None:
    """Register the handlers on ``app``."""
    app.add_exception_handler(SlantError, _slant_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
