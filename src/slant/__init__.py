"""slant: read political news and opinion and show how a story is being told.

The public API is what ``__all__`` lists; every other module is private. The functions that load
models or open databases are imported lazily, so ``import slant`` stays cheap. ``slant.compare``,
``slant.stories``, ``slant.network`` and ``slant.report`` are modules and packages (their functions are reached through
:mod:`slant.api`), so those names are not re-exported here as functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from slant.config import Settings, load_settings
from slant.errors import (
    ConfigError,
    InputError,
    ModelError,
    NotFoundError,
    PipelineError,
    SlantError,
    StoreError,
)
from slant.models import (
    Actor,
    Analysis,
    Article,
    Flag,
    MainActor,
    Quote,
    RawDocument,
    Relation,
    Span,
    Stance,
    Story,
)

if TYPE_CHECKING:
    from slant.api import (
        RunReport,
        actors,
        analyze,
        analyze_text,
        cluster,
        export,
        rebuild_stories,
        search,
        show,
        story,
        update_stories,
    )
    from slant.store import Store

__version__ = "0.1.0"

__all__ = [
    "Actor",
    "Analysis",
    "Article",
    "ConfigError",
    "Flag",
    "InputError",
    "MainActor",
    "ModelError",
    "NotFoundError",
    "PipelineError",
    "Quote",
    "RawDocument",
    "Relation",
    "RunReport",
    "Settings",
    "SlantError",
    "Span",
    "Stance",
    "Store",
    "StoreError",
    "Story",
    "__version__",
    "actors",
    "analyze",
    "analyze_text",
    "cluster",
    "export",
    "load_settings",
    "rebuild_stories",
    "search",
    "show",
    "story",
    "update_stories",
]

_LAZY = {
    "RunReport": "slant.api",
    "actors": "slant.api",
    "analyze": "slant.api",
    "analyze_text": "slant.api",
    "cluster": "slant.api",
    "export": "slant.api",
    "rebuild_stories": "slant.api",
    "search": "slant.api",
    "show": "slant.api",
    "story": "slant.api",
    "update_stories": "slant.api",
    "Store": "slant.store",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'slant' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
