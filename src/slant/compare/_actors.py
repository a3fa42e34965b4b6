"""The main actors of one story: the canonical actors (:mod:`slant.compare._actor_index`) the story is about."""

from __future__ import annotations

from collections.abc import Sequence

from slant.compare._actor_index import ActorIndex
from slant.compare._types import MainActor

#: Main actors: named in at least this many original articles ...
MIN_ARTICLES = 2
#: ... or mentioned at least this often in one of them.
HEAVY_MENTIONS = 4
#: At most this many main actors are compared.
MAX_MAIN_ACTORS = 12


def main_actors(
    index: ActorIndex, originals: Sequence[str], limit: int = MAX_MAIN_ACTORS
) -> list[tuple[int, MainActor]]:
    """The actors the story is about, with their canonical ids: named by at least :data:`MIN_ARTICLES`
    originals or heavily by one (:data:`HEAVY_MENTIONS` times, or twice in a story of one article), ranked
    by their salience summed over the originals (an actor central to every article first, one every
    article names in passing after it), then by how many originals name them and by mentions (analyses
    without salience rank by those two alone). Only the ``originals`` count; ``index`` may link more
    articles (a whole report's, so that names agree with the report's network)."""
    wanted = set(originals)
    # a story of one article has no actor named twice over: there, "heavily" is named more than once
    heavy = HEAVY_MENTIONS if len(wanted) > 1 else 2
    found: list[tuple[int, MainActor]] = []
    weight: dict[int, float] = {}
    for cid in sorted({cid for art in wanted for cid in index.in_article(art)}):
        per = {a: n for a, n in index.mentions(cid).items() if a in wanted and n > 0}
        if not per or (len(per) < MIN_ARTICLES and max(per.values()) < heavy):
            continue
        name = index.name(cid)
        aliases = tuple(sorted(s for s in index.spellings(cid) if s != name))
        arts = tuple(a for a in originals if a in per)
        found.append((cid, MainActor(name, index.kind(cid), aliases, arts, sum(per.values()))))
        weight[cid] = sum(v for a, v in index.salience(cid).items() if a in wanted)
    found.sort(key=lambda x: (-round(weight[x[0]], 6), -len(x[1].articles), -x[1].mentions, x[1].name))
    return found[:limit]
