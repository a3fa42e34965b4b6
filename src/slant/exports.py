"""Every export format in one place: stored data and the actor network for other tools.

Formats and what they write:

* ``jsonl`` and ``csv``: one table (``--table``): ``articles`` (JSON Lines: the article contract, one
  analysis per line; CSV: one row per article), ``stories``, ``flags`` (one row per flagged passage) or
  ``actors`` (canonical actors, the network's nodes);
* ``parquet``: the same tables, one table per file (a single file is easy to hand to pandas, R or DuckDB;
  write several files for several tables);
* ``graphml`` and ``gexf``: the actor network (:mod:`slant.network`), which Gephi opens.

The column lists (:data:`TABLES`) are the public contract of the tables: columns are added, never renamed
or dropped. CSV text cells that a spreadsheet would run as a formula are written with a leading ``'``
(:func:`safe_cell`). Files are written atomically (a temporary file, then a rename), so a failed export never
leaves half a file.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Literal, cast

import networkx as nx

from slant import network
from slant.errors import ConfigError
from slant.models import Analysis, Story
from slant.store import Store

__all__ = [
    "CSV_COLUMNS",
    "FORMATS",
    "NETWORK_FORMATS",
    "TABLES",
    "TABLE_FORMATS",
    "actor_rows",
    "article_row",
    "export",
    "export_to_path",
    "flag_rows",
    "safe_cell",
    "story_row",
    "write_parquet",
]

TABLE_FORMATS = ("jsonl", "csv", "parquet")
NETWORK_FORMATS = ("graphml", "gexf")
FORMATS = TABLE_FORMATS + NETWORK_FORMATS

ColumnType = Literal["str", "int", "float"]

#: Each table's columns and types, in order (the public contract of the CSV and Parquet files).
TABLES: dict[str, tuple[tuple[str, ColumnType], ...]] = {
    "articles": (
        ("id", "str"), ("source", "str"), ("url", "str"), ("title", "str"), ("author", "str"),
        ("published", "str"), ("site_name", "str"), ("language", "str"), ("status", "str"), ("words", "int"),
        ("actors", "int"), ("top_actors", "str"), ("story", "str"), ("copy_of", "str"), ("quotes", "int"),
        ("relations", "int"), ("flags", "int"), ("hate_flags", "int"), ("hyperpartisan", "float"),
        ("loaded_density", "float"),
    ),
    "stories": (
        ("id", "str"), ("label", "str"), ("articles", "int"), ("originals", "int"), ("copies", "int"),
        ("first_published", "str"), ("last_published", "str"), ("actors", "str"), ("terms", "str"),
        ("article_ids", "str"), ("copy_pairs", "str"),
    ),
    "flags": (
        ("article_id", "str"), ("title", "str"), ("site_name", "str"), ("published", "str"), ("story", "str"),
        ("kind", "str"), ("code", "str"), ("label", "str"), ("voice", "str"), ("target_group", "str"),
        ("start", "int"), ("end", "int"), ("text", "str"), ("explanation", "str"), ("confidence", "float"),
    ),
    "actors": (
        ("id", "str"), ("name", "str"), ("kind", "str"), ("mentions", "int"), ("articles", "int"), ("aliases", "str"),
    ),
}  # fmt: skip

#: The columns of ``--format csv`` for articles (the first twelve are the original contract).
CSV_COLUMNS = tuple(name for name, _ in TABLES["articles"])

#: Separator for list values inside one CSV or Parquet cell.
LIST_SEP = "; "

#: First characters that make a spreadsheet read a CSV cell as a formula (OWASP, "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

Row = dict[str, Any]


# --- rows ------------------------------------------------------------------------------------------------


def article_row(a: Analysis) -> Row:
    """One article as a row of the ``articles`` table."""
    art = a.article
    top = sorted(a.actors, key=lambda x: (-(x.salience if x.salience is not None else -1.0), -len(x.mentions)))[:5]
    return {
        "id": art.id,
        "source": art.source,
        "url": art.url,
        "title": art.title,
        "author": art.author,
        "published": art.published,
        "site_name": art.site_name,
        "language": art.language,
        "status": art.status,
        "words": art.word_count,
        "actors": len(a.actors),
        "top_actors": LIST_SEP.join(f"{x.name} ({x.kind})" for x in top),
        "story": a.story,
        "copy_of": a.copy_of,
        "quotes": len(a.quotes),
        "relations": len(a.relations),
        "flags": len(a.flags),
        "hate_flags": sum(1 for f in a.flags if f.kind == "hate"),
        "hyperpartisan": a.scores.get("hyperpartisan"),
        "loaded_density": a.scores.get("loaded_density"),
    }


def flag_rows(a: Analysis) -> Iterator[Row]:
    """The article's flags as rows of the ``flags`` table, in text order."""
    art = a.article
    for f in sorted(a.flags, key=lambda f: (f.start, f.end, f.kind)):
        yield {
            "article_id": art.id,
            "title": art.title,
            "site_name": art.site_name,
            "published": art.published,
            "story": a.story,
            "kind": f.kind,
            "code": f.code,
            "label": f.label,
            "voice": f.voice,
            "target_group": f.target_group,
            "start": f.start,
            "end": f.end,
            "text": f.text,
            "explanation": f.explanation,
            "confidence": f.confidence,
        }


def story_row(s: Story) -> Row:
    """One story as a row of the ``stories`` table."""
    return {
        "id": s.id,
        "label": s.label,
        "articles": len(s.articles),
        "originals": len(s.originals),
        "copies": len(s.copies),
        "first_published": s.first_published,
        "last_published": s.last_published,
        "actors": LIST_SEP.join(s.actors),
        "terms": LIST_SEP.join(s.terms),
        "article_ids": LIST_SEP.join(s.articles),
        "copy_pairs": LIST_SEP.join(f"{c}>{o}" for c, o in s.copies),
    }


def actor_rows(g: nx.MultiDiGraph) -> Iterator[Row]:
    """The network's actor nodes (not author nodes) as rows of the ``actors`` table, most mentioned first."""
    nodes = [(n, d) for n, d in g.nodes(data=True) if d.get("kind") != "author"]
    for n, d in sorted(nodes, key=lambda nd: (-nd[1]["articles"], -nd[1]["mentions"], nd[0])):
        yield {
            "id": n,
            "name": d["name"],
            "kind": d["kind"],
            "mentions": d["mentions"],
            "articles": d["articles"],
            "aliases": LIST_SEP.join(d.get("aliases", ())),
        }


# --- writers ---------------------------------------------------------------------------------------------


def safe_cell(value: Any) -> Any:
    """``value`` for a CSV cell: a string a spreadsheet would run as a formula (``=HYPERLINK(...)``, ``-1+2``,
    ``@SUM(...)``, a leading tab or CR) gets a leading ``'``, so it is shown as text; anything else, numbers
    included, is returned as it is. Every CSV writer passes its cells through this."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def write_csv(table: str, rows: Iterable[Row], out: IO[str]) -> int:
    """Write ``rows`` as CSV with the table's header (None becomes an empty cell; formulas are defused)."""
    writer = csv.DictWriter(out, fieldnames=[name for name, _ in TABLES[table]])
    writer.writeheader()
    n = 0
    for row in rows:
        writer.writerow({key: safe_cell(value) for key, value in row.items()})
        n += 1
    return n


def write_jsonl(rows: Iterable[Row], out: IO[str]) -> int:
    """Write ``rows`` as JSON Lines."""
    n = 0
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
        n += 1
    return n


def write_parquet(table: str, rows: Iterable[Row], out: str | Path | IO[bytes]) -> int:
    """Write ``rows`` as one Parquet file with the table's typed schema (strings, int64, float64)."""
    import pyarrow as pa  # type: ignore[import-untyped]
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    types = {"str": pa.string(), "int": pa.int64(), "float": pa.float64()}
    columns = TABLES[table]
    schema = pa.schema([(name, types[kind]) for name, kind in columns], metadata={b"slant.table": table.encode()})
    data: dict[str, list[Any]] = {name: [] for name, _ in columns}
    n = 0
    for row in rows:
        for name, _ in columns:
            data[name].append(row.get(name))
        n += 1
    pq.write_table(pa.Table.from_pydict(data, schema=schema), out)
    return n


# --- export from a store ---------------------------------------------------------------------------------


def stories_of(st: Store) -> list[Story]:
    """Every story the store holds, biggest first (empty when no article has been clustered)."""
    return st.stories(limit=None)


def find_story(st: Store, ref: str) -> Story:
    """The stored story ``ref`` names (an id or a unique prefix); NotFoundError otherwise."""
    return st.story(ref)


def export(
    fmt: str,
    out: IO[str] | IO[bytes],
    st: Store,
    *,
    ids: Iterable[str] | None = None,
    table: str | None = None,
    story: str | None = None,
    authors: bool = False,
) -> int:
    """Write one table (``jsonl``, ``csv``, ``parquet``) or the network (``graphml``, ``gexf``) to ``out``.

    ``ids`` or ``story`` limit the articles; returns the number of rows written (nodes for a network).
    ``parquet`` needs a binary stream; the others write text.
    """
    table = _check(fmt, table, authors)
    chosen: Story | None = find_story(st, story) if story else None
    if chosen is not None:
        ids = chosen.articles

    def analyses() -> Iterator[Analysis]:
        return st.iter_analyses(None if ids is None else list(ids))

    if fmt in NETWORK_FORMATS:
        g = network.build_network(analyses(), authors=authors)
        text_out(out).write(network.graphml_text(g) if fmt == "graphml" else network.gexf_text(g))
        return int(g.number_of_nodes())
    if fmt == "jsonl" and table == "articles":
        return write_jsonl((a.to_json() for a in analyses()), text_out(out))
    if fmt == "jsonl" and table == "stories":
        return write_jsonl((s.to_json() for s in _stories(st, chosen, ids)), text_out(out))
    rows = _rows(table, st, chosen, ids, analyses)
    if fmt == "jsonl":
        return write_jsonl(rows, text_out(out))
    if fmt == "csv":
        return write_csv(table, rows, text_out(out))
    if isinstance(out, io.TextIOBase):
        raise ConfigError("parquet is a binary format: give a file to write with -o/--output")
    return write_parquet(table, rows, cast(IO[bytes], out))


def export_to_path(
    fmt: str,
    path: str | Path,
    st: Store,
    *,
    ids: Iterable[str] | None = None,
    table: str | None = None,
    story: str | None = None,
    authors: bool = False,
) -> int:
    """Like :func:`export`, into a file written atomically (a failed export leaves no half file)."""
    _check(fmt, table, authors)
    with atomic_path(path) as tmp:
        if fmt == "parquet":
            with tmp.open("wb") as fh:
                return export(fmt, fh, st, ids=ids, table=table, story=story, authors=authors)
        with tmp.open("w", encoding="utf-8", newline="") as fh:
            return export(fmt, fh, st, ids=ids, table=table, story=story, authors=authors)


@contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """A temporary path beside ``path`` to write to; it replaces ``path`` only when the block succeeds, and
    is removed otherwise (a failed export or report leaves no half file)."""
    target = Path(path)
    tmp = target.with_name(target.name + ".part")
    try:
        yield tmp
        tmp.replace(target)
    finally:
        tmp.unlink(missing_ok=True)


def _check(fmt: str, table: str | None, authors: bool) -> str:
    if fmt not in FORMATS:
        raise ConfigError(f"unknown export format {fmt!r}; choose one of {', '.join(FORMATS)}")
    if fmt in NETWORK_FORMATS:
        if table is not None:
            raise ConfigError(f"{fmt} writes the actor network; --table applies to {', '.join(TABLE_FORMATS)}")
        return "network"
    if authors:
        raise ConfigError(f"--authors adds author nodes to the network; it applies to {', '.join(NETWORK_FORMATS)}")
    table = table or "articles"
    if table not in TABLES:
        raise ConfigError(f"unknown table {table!r}; choose one of {', '.join(TABLES)}")
    return table


def _rows(
    table: str,
    st: Store,
    chosen: Story | None,
    ids: Iterable[str] | None,
    analyses: Callable[[], Iterator[Analysis]],
) -> Iterator[Row]:
    if table == "articles":
        return (article_row(a) for a in analyses())
    if table == "flags":
        return (row for a in analyses() for row in flag_rows(a))
    if table == "actors":
        return actor_rows(network.build_network(analyses()))
    return (story_row(s) for s in _stories(st, chosen, ids))


def _stories(st: Store, chosen: Story | None, ids: Iterable[str] | None) -> list[Story]:
    if chosen is not None:
        return [chosen]
    found = stories_of(st)
    if ids is not None:
        wanted = set(ids)
        found = [s for s in found if wanted & set(s.articles)]
    return found


def text_out(out: IO[str] | IO[bytes]) -> IO[str]:
    """``out`` as a text stream (the text formats are given text streams; typing cannot tell)."""
    return cast(IO[str], out)
