"""The store: the only part of slant that knows SQL (SQLAlchemy Core; SQLite by default, or PostgreSQL).

::

    schema.py      the tables at head              migrations.py  named, ordered schema steps
    connect.py     URL -> configured engine        canonical.py   cross-article actor matching (pure)
    codec.py       Analysis <-> rows               writer.py      inserts/updates in one transaction
    reader.py      selects                         search.py      FTS5 / tsvector / LIKE search
    store.py       the Store facade                records.py     small result records
"""

from slant.store.connect import display_url
from slant.store.records import (
    MARK_END,
    MARK_START,
    CanonicalActor,
    ErrorRecord,
    RunRecord,
    SearchHit,
    WriteResult,
)
from slant.store.store import Store

__all__ = [
    "MARK_END",
    "MARK_START",
    "CanonicalActor",
    "ErrorRecord",
    "RunRecord",
    "SearchHit",
    "Store",
    "WriteResult",
    "display_url",
]
