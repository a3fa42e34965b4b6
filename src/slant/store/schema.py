"""The database schema at head: every table slant stores, as SQLAlchemy Core ``Table`` objects.

Conventions, so the schema stays portable between SQLite and PostgreSQL:

* Article ids are the content-hash strings the pipeline gives; canonical actors and error rows use integer
  surrogate keys. Child rows of an article (actors, quotes, relations, stances, flags) carry
  ``(article_id, position)`` as primary key so the order of the analysis is kept and a re-write replaces
  them wholesale; they cascade when their article is deleted.
* Character offsets are ``start_char``/``end_char`` (``end`` is an SQL keyword); floats are ``Double``
  (8-byte, stored exactly); small nested lists (mentions, aliases, evidence) are JSON.
* Timestamps are ISO-8601 UTC strings, so they sort and compare the same way everywhere.
* ``articles.doc_id`` is a stable integer per article (assigned by the single writer) that the SQLite
  full-text index uses as its rowid; SQLite's implicit rowid is not stable across ``VACUUM``.

The schema changes only through :mod:`slant.store.migrations`.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    Double,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

ID = String(128)
NAME = String(512)
TIME = String(32)


def _article_fk() -> ForeignKey:
    return ForeignKey("articles.id", ondelete="CASCADE")


schema_migrations = Table(
    "schema_migrations",
    metadata,
    Column("name", String(128), primary_key=True),
    Column("applied_at", TIME, nullable=False),
)

articles = Table(
    "articles",
    metadata,
    Column("id", ID, primary_key=True),
    Column("doc_id", Integer, nullable=False, unique=True),
    Column("source", Text, nullable=False),
    Column("url", Text),
    Column("title", Text),
    Column("author", Text),
    Column("published", String(64)),
    Column("site_name", Text),
    Column("language", String(16)),
    Column("status", String(32), nullable=False),
    Column("duplicate_of", ID),
    Column("format", String(32), nullable=False),
    Column("text", Text, nullable=False),
    Column("scores", JSON, nullable=False),
    Column("story", ID),
    Column("pipeline", JSON, nullable=False),
    Column("created_at", TIME, nullable=False),
    Column("updated_at", TIME, nullable=False),
    Column("analysis_hash", String(64), nullable=False),
    #: Near-duplicate link set by story clustering (added by migration 0004_stories).
    Column("copy_of", ID),
    Column("copy_similarity", Double),
    Index(None, "source"),
    Index(None, "status"),
    Index(None, "story"),
    Index(None, "copy_of"),
)

article_sources = Table(
    "article_sources",
    metadata,
    Column("article_id", ID, _article_fk(), primary_key=True),
    Column("source", Text, primary_key=True),
    Column("added_at", TIME, nullable=False),
    Index(None, "source"),
)

actors = Table(
    "actors",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", NAME, nullable=False),
    Column("kind", String(16), nullable=False),
    #: The normalised matching key (see :func:`slant.store.canonical.match_key`).
    Column("norm_name", NAME, nullable=False),
    #: Last token of ``norm_name`` (persons' surname), to find fuzzy-match candidates by index.
    Column("surname", NAME, nullable=False),
    #: Id of the article in which the actor was first seen (not a foreign key: articles can be replaced).
    Column("first_seen", ID, nullable=False),
    Column("created_at", TIME, nullable=False),
    Index(None, "kind", "norm_name"),
    Index(None, "kind", "surname"),
)

actor_aliases = Table(
    "actor_aliases",
    metadata,
    Column("actor_id", Integer, ForeignKey("actors.id", ondelete="CASCADE"), primary_key=True),
    Column("norm", NAME, primary_key=True),
    Column("alias", NAME, nullable=False),
    Index(None, "norm"),
)

article_actors = Table(
    "article_actors",
    metadata,
    Column("article_id", ID, _article_fk(), primary_key=True),
    Column("position", Integer, primary_key=True, autoincrement=False),
    Column("local_id", NAME, nullable=False),
    Column("actor_id", Integer, ForeignKey("actors.id"), nullable=False),
    Column("name", NAME, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("aliases", JSON, nullable=False),
    Column("mentions", JSON, nullable=False),
    Column("mention_count", Integer, nullable=False),
    Column("salience", Double),  # added by migration 0006_salience_confidence
    Index(None, "actor_id"),
)

quotes = Table(
    "quotes",
    metadata,
    Column("article_id", ID, _article_fk(), primary_key=True),
    Column("position", Integer, primary_key=True, autoincrement=False),
    Column("text", Text, nullable=False),
    Column("start_char", Integer, nullable=False),
    Column("end_char", Integer, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("speaker", NAME),
    Column("speaker_name", NAME),
    Column("cue", Text),
    Column("cue_type", String(64)),
)

relations = Table(
    "relations",
    metadata,
    Column("article_id", ID, _article_fk(), primary_key=True),
    Column("position", Integer, primary_key=True, autoincrement=False),
    Column("source", NAME, nullable=False),
    Column("target", NAME, nullable=False),
    Column("polarity", String(16), nullable=False),
    Column("kind", String(64), nullable=False),
    Column("evidence_start", Integer, nullable=False),
    Column("evidence_end", Integer, nullable=False),
    Column("evidence_text", Text, nullable=False),
    Column("confidence", Double, nullable=False),
    Column("asserted_by", NAME),
    Column("condition", Text),  # added by migration 0003_relation_condition
)

stances = Table(
    "stances",
    metadata,
    Column("article_id", ID, _article_fk(), primary_key=True),
    Column("position", Integer, primary_key=True, autoincrement=False),
    Column("holder", NAME, nullable=False),
    Column("target", NAME, nullable=False),
    Column("polarity", String(16), nullable=False),
    Column("score", Double, nullable=False),
    Column("evidence", JSON, nullable=False),
    Column("confidence", Double),  # added by migration 0006_salience_confidence
)

flags = Table(
    "flags",
    metadata,
    Column("article_id", ID, _article_fk(), primary_key=True),
    Column("position", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(64), nullable=False),
    Column("code", String(128), nullable=False),
    Column("label", Text, nullable=False),
    Column("start_char", Integer, nullable=False),
    Column("end_char", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("voice", String(16), nullable=False),
    Column("target_group", NAME),
    Column("explanation", Text),
    Column("confidence", Double, nullable=False),
    Index(None, "kind", "code"),
)

runs = Table(
    "runs",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("started_at", TIME, nullable=False),
    Column("finished_at", TIME),
    Column("inputs", JSON, nullable=False),
    Column("settings", JSON, nullable=False),
    Column("counts", JSON),
    Column("slant_version", String(32), nullable=False),
)

input_errors = Table(
    "input_errors",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("run_id", String(64), ForeignKey("runs.id", ondelete="SET NULL")),
    Column("source", Text, nullable=False),
    Column("message", Text, nullable=False),
    Column("created_at", TIME, nullable=False),
    Index(None, "run_id"),
)

# story clustering (migration 0004_stories) ------------------------------------------------------------

#: What story clustering computed for an article: the lead embedding (float32 bytes), the MinHash
#: signature (:class:`slant.clean.near_dups.Signature` bytes; NULL without text), the main actors as
#: ``[[key, display name], ...]``, the title terms, and the publication time in days since 1970.
story_features = Table(
    "story_features",
    metadata,
    Column("article_id", ID, _article_fk(), primary_key=True),
    Column("embedding", LargeBinary, nullable=False),
    Column("minhash", LargeBinary),
    Column("actors", JSON, nullable=False),
    Column("terms", JSON, nullable=False),
    Column("published_days", Double),
    #: Which embedding model and feature version made the row (rows of another version are recomputed).
    Column("version", String(64), nullable=False),
    Column("created_at", TIME, nullable=False),
)

#: MinHash LSH buckets of each article's signature, so copies of stored articles are found by index.
story_copy_bands = Table(
    "story_copy_bands",
    metadata,
    Column("key", BigInteger, primary_key=True, autoincrement=False),
    Column("article_id", ID, _article_fk(), primary_key=True),
    Index(None, "article_id"),
)

#: One row per story: its label and what the incremental clusterer continues from. Members are the
#: articles whose ``story`` is the id; sizes and dates shown to users are counted from them.
stories = Table(
    "stories",
    metadata,
    Column("id", ID, primary_key=True),
    Column("label", Text, nullable=False),
    Column("actors", JSON, nullable=False),
    Column("terms", JSON, nullable=False),
    #: Sum of the member originals' lead embeddings (float32 bytes); ``n`` of them.
    Column("centroid", LargeBinary, nullable=False),
    Column("n", Integer, nullable=False),
    Column("size", Integer, nullable=False),
    Column("copies", Integer, nullable=False),
    #: Actor counts, prominence and display names, and title-term counts: ``{"actors": {key: n}, ...}``.
    Column("state", JSON, nullable=False),
    #: The embedding LSH bucket keys the story is filed under (int64 little-endian bytes), least recently
    #: posted first (``StoryState.codes``).
    Column("codes", LargeBinary, nullable=False),
    Column("first_days", Double),
    Column("last_days", Double),
    Column("first_published", String(64)),
    Column("last_published", String(64)),
    Column("created_at", TIME, nullable=False),
    Column("updated_at", TIME, nullable=False),
    Index(None, "last_days"),
    Index(None, "updated_at"),
)

#: Tables created by migration 0004_stories, in dependency order.
STORY_TABLES: tuple[Table, ...] = (story_features, story_copy_bands, stories)

#: Tables created by the first migration, in dependency order.
INITIAL_TABLES: tuple[Table, ...] = (
    schema_migrations,
    articles,
    article_sources,
    actors,
    actor_aliases,
    article_actors,
    quotes,
    relations,
    stances,
    flags,
    runs,
    input_errors,
)

#: Child tables holding one article's analysis rows, each with ``article_id`` and ``position``.
CHILD_TABLES: tuple[Table, ...] = (article_actors, quotes, relations, stances, flags)

#: Name of the SQLite FTS5 table over ``articles.title`` and ``articles.text`` (migration ``0002_fts``).
FTS_TABLE = "articles_fts"
