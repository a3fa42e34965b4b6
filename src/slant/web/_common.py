"""What every route shares: the app's state, the templates, and rendering a page or its JSON twin."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import Path as PathParam
from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from slant import __version__, api
from slant.config import Settings

#: The folder of templates, CSS and vendored JS.
WEB_RESOURCES = Path(str(resources.files("slant").joinpath("resources/web")))
#: Largest text the analyse form accepts, in characters (longer texts: ``slant analyze FILE``).
MAX_TEXT_CHARS = 200_000
#: Longest article or story reference (an id, a prefix or a source path) looked up, in characters.
MAX_REF_CHARS = 4096

#: An id, id prefix or source path in a route's path (longer ones are a 422 before the store is asked).
Ref = Annotated[str, PathParam(max_length=MAX_REF_CHARS)]


@dataclass
class WebState:
    """Per-app settings, kept on ``app.state.slant``."""

    db: str
    settings: Settings
    templates: Jinja2Templates
    max_text_chars: int = MAX_TEXT_CHARS
    #: One in-memory analysis at a time: the models are shared and memory is bounded.
    analyse_lock: threading.Lock = field(default_factory=threading.Lock)


def state(request: Request) -> WebState:
    """The :class:`WebState` of the app serving ``request``."""
    st: WebState = request.app.state.slant
    return st


def url(path: str, **params: Any) -> str:
    """``path`` with the non-empty ``params`` as its query string."""
    query = {k: v for k, v in params.items() if v is not None and v != ""}
    return path + ("?" + urlencode(query) if query else "")


def make_templates() -> Jinja2Templates:
    """Jinja2 templates with autoescaping on for every template and undefined names as errors."""
    env = Environment(
        loader=FileSystemLoader(str(WEB_RESOURCES / "templates")),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["url"] = url
    env.globals["version"] = __version__
    return Jinja2Templates(env=env)


def wants_json(request: Request) -> bool:
    """True for a ``.json`` path, or an ``Accept`` header that asks for JSON rather than HTML."""
    if request.url.path.endswith(".json"):
        return True
    accept = request.headers.get("accept", "")
    return "application/json" in accept and "text/html" not in accept


def page(request: Request, template: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
    """Render ``template`` with ``context`` (plus ``request`` and the app's ``db``, its password masked)."""
    st = state(request)
    ctx = {"db": api.display_url(st.db), "path": request.url.path, **context}
    return st.templates.TemplateResponse(request, template, ctx, status_code=status)


def as_json(data: Any, status: int = 200) -> JSONResponse:
    """``data`` as a JSON response."""
    return JSONResponse(data, status_code=status)
