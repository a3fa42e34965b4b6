"""The FastAPI application: routes, static files, security headers and error handling, put together."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from slant import __version__
from slant.config import Settings, load_settings
from slant.web import errors
from slant.web._common import MAX_TEXT_CHARS, WEB_RESOURCES, WebState, make_templates
from slant.web.routes import actors, analyze, articles, index, stories
from slant.web.security import LOOPBACK_HOSTS, SecurityMiddleware


def create_app(
    db: str | None = None,
    settings: Settings | None = None,
    *,
    allowed_hosts: Sequence[str] | None = LOOPBACK_HOSTS,
    max_text_chars: int = MAX_TEXT_CHARS,
) -> FastAPI:
    """The web app over the store at ``db`` (default: ``settings.db``).

    ``allowed_hosts`` are the ``Host`` names answered (``None``: any, for ``--allow-remote``);
    ``max_text_chars`` caps the text the analyse form takes.
    """
    settings = settings or load_settings()
    app = FastAPI(
        title="slant",
        version=__version__,
        docs_url=None,  # the interactive docs load scripts from a CDN; the JSON twins are documented instead
        redoc_url=None,
        openapi_url=None,
    )
    app.state.slant = WebState(
        db=db or settings.db, settings=settings, templates=make_templates(), max_text_chars=max_text_chars
    )
    app.add_middleware(SecurityMiddleware, allowed_hosts=allowed_hosts)
    errors.install(app)
    app.mount("/static/vendor", StaticFiles(directory=WEB_RESOURCES / "vendor"), name="vendor")
    app.mount("/static", StaticFiles(directory=WEB_RESOURCES / "static"), name="static")
    for module in (index, articles, stories, actors, analyze):
        app.include_router(module.router)
    return app
