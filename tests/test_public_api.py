"""The curated public API: ``slant.__all__`` is sorted and every name in it resolves."""

from __future__ import annotations

import slant


def test_all_is_sorted_and_unique() -> None:
    names = [n for n in slant.__all__ if n != "__version__"]
    assert names == sorted(names, key=lambda n: (n[0].islower(), n))
    assert len(set(slant.__all__)) == len(slant.__all__)


def test_every_public_name_resolves() -> None:
    for name in slant.__all__:
        assert getattr(slant, name) is not None, name


def test_story_functions_are_functions_not_modules() -> None:
    # importing the submodules must not shadow the public functions
    import slant.compare
    import slant.stories

    for name in ("cluster", "story", "update_stories", "rebuild_stories"):
        assert callable(getattr(slant, name)), name
