"""The local web app and JSON API (``slant serve``): FastAPI + Jinja2 + htmx, thin over :mod:`slant.api`.

Every HTML page has a JSON twin at the same path plus ``.json`` (``/articles/ID`` and
``/articles/ID.json``); the JSON of an article is exactly ``Analysis.to_json()``.
"""

from slant.web.app import create_app

__all__ = ["create_app"]
