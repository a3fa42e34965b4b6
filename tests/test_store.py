"""Tests of slant.store: schema, migrations, canonical actors, round trips, search, resume, bad paths.

Every name and sentence here is invented for these tests.
"""

from __future__ import annotations

import dataclasses
import os
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, insert, inspect, select

from slant.errors import NotFoundError, StoreError
from slant.models import (
    ACTOR_KINDS,
    Actor,
    ActorKind,
    Analysis,
    Article,
    Flag,
    InputError,
    Quote,
    Relation,
    Span,
    Stance,
)
from slant.store import MARK_END, MARK_START, CanonicalActor, SearchHit, Store, WriteResult, canonical, writer
from slant.store import migrations as mig
from slant.store import search as search_mod
from slant.store.connect import make_engine
from slant.store.schema import CHILD_TABLES, INITIAL_TABLES, schema_migrations

# --------------------------------------------------------------------------------------------- helpers


def span(text: str, part: str, nth: int = 0) -> Span:
    """The span of the ``nth`` occurrence of ``part`` in ``text``."""
    start = -1
    for _ in range(nth + 1):
        start = text.index(part, start + 1)
    return Span(start, start + len(part), part)


def mentions(text: str, *parts: str) -> tuple[Span, ...]:
    return tuple(span(text, p) for p in parts)


RALLY = (
    "Councillor Ken Marlowe backed Odile Frane for mayor of Eastmoor on Tuesday. "
    '"She is the only candidate who listens," Marlowe told the rally. '
    "Frane's rivals in the Harbour Party called the endorsement a stunt."
)


def rally(article_id: str = "a1b2c3d4e5f60718", pipeline: tuple[str, ...] = ("slant.actors.v1",)) -> Analysis:
    """A small analysed article with one of everything."""
    t = RALLY
    return Analysis(
        article=Article(
            id=article_id,
            source="feeds/eastmoor-rally.txt",
            text=t,
            title="Marlowe backs Frane",
            url="https://example.org/eastmoor/rally",
            author="Pim Odell",
            published="2024-05-07",
            site_name="Eastmoor Herald",
            language="en",
        ),
        actors=(
            Actor("ken-marlowe", "Ken Marlowe", "person", ("Marlowe",), mentions(t, "Ken Marlowe", "Marlowe"), 0.875),
            Actor("odile-frane", "Odile Frane", "person", ("Frane",), mentions(t, "Odile Frane", "Frane's")),
            Actor("eastmoor", "Eastmoor", "place", (), mentions(t, "Eastmoor")),
            Actor("harbour-party", "Harbour Party", "party", (), mentions(t, "Harbour Party")),
        ),
        quotes=(
            Quote(
                text="She is the only candidate who listens,",
                start=t.index("She"),
                end=t.index("listens,") + len("listens,"),
                kind="direct",
                speaker="ken-marlowe",
                speaker_name="Marlowe",
                cue="told",
                cue_type="verb",
            ),
        ),
        relations=(
            Relation(
                "ken-marlowe", "odile-frane", "support", "endorse", span(t, "Ken Marlowe backed Odile Frane"), 0.1 + 0.2
            ),
            Relation(
                "harbour-party",
                "ken-marlowe",
                "oppose",
                "criticise",
                span(t, "called the endorsement a stunt"),
                0.75,
                asserted_by="author",
            ),
        ),
        stances=(
            Stance("author", "ken-marlowe", "neutral", -0.0, (), confidence=0.625),
            Stance("ken-marlowe", "odile-frane", "positive", 0.8125, (span(t, "the only candidate who listens"),)),
        ),
        flags=(
            Flag(
                "loaded",
                "stunt",
                "dismissive framing",
                t.index("stunt"),
                t.index("stunt") + 5,
                "stunt",
                voice="quoted",
                explanation="belittles the endorsement",
                confidence=5e-324,
            ),
        ),
        scores={"hyperpartisan": 0.30000000000000004, "loaded_density": 1e-310},
        story="story-eastmoor",
        pipeline=pipeline,
    )


def plain(article_id: str, text: str, *, title: str | None = None, source: str | None = None, **kw: Any) -> Analysis:
    """An article with no analysis rows (for search and lookup tests)."""
    return Analysis(Article(id=article_id, source=source or f"in/{article_id}.txt", text=text, title=title), **kw)


def person(article_id: str, name: str, *aliases: str, kind: ActorKind = "person") -> Analysis:
    """An article about one actor (the text is just the name, mentioned once)."""
    text = f"{name} spoke."
    actor = Actor(
        canonical.normalise_name(name).replace(" ", "-") or "x",
        name,
        kind,
        aliases,
        (Span(0, len(name), name),),
    )
    return Analysis(Article(id=article_id, source=f"in/{article_id}.txt", text=text), actors=(actor,))


def table_counts(store: Store) -> dict[str, int]:
    """Rows per table (SQLite's FTS shadow tables included), to prove a rewrite changed nothing."""
    with store.engine.connect() as conn:
        names = inspect(conn).get_table_names()
        return {n: conn.exec_driver_sql(f'SELECT count(*) FROM "{n}"').scalar_one() for n in names}


# ------------------------------------------------------------------------------------ opening and settings


def test_open_creates_folders_and_sets_sqlite_pragmas(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "slant.db"
    with Store(str(path)) as s:
        assert path.is_file()
        assert s.applied == [m.name for m in mig.MIGRATIONS]
        with s.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar_one() > 0
    with Store(f"sqlite:///{path}") as again:  # a URL works too; nothing left to migrate
        assert again.applied == []


def test_closed_store_says_so(tmp_path: Path) -> None:
    s = Store(str(tmp_path / "x.db"))
    s.close()
    with pytest.raises(StoreError, match="closed"):
        s.count()


def test_in_memory_store_works() -> None:
    with Store("sqlite://") as s:
        s.write([rally()])
        assert s.get("a1b2") == rally()


def test_bad_path_directory(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder") as info:
        Store(str(tmp_path))
    assert str(tmp_path) in str(info.value)


def test_bad_path_parent_is_a_file(tmp_path: Path) -> None:
    blocker = tmp_path / "notes.txt"
    blocker.write_text("a file, not a folder\n")
    with pytest.raises(StoreError, match="cannot create its folder") as info:
        Store(str(blocker / "slant.db"))
    assert "notes.txt" in str(info.value)


def test_bad_path_not_a_database(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is certainly not an sqlite file\n" * 200)
    with pytest.raises(StoreError, match="not a slant database") as info:
        Store(str(junk))
    assert "junk.db" in str(info.value) and "--db" in str(info.value)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root ignores file permissions")
def test_bad_path_read_only_folder(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        with pytest.raises(StoreError, match="locked"):
            Store(str(locked / "slant.db"))
    finally:
        locked.chmod(0o700)


def test_url_without_driver_is_a_store_error() -> None:
    with pytest.raises(StoreError, match="driver"):
        Store("nosuchdb://user:secret@host/db")


# ---------------------------------------------------------------------------------------------- migrations


def test_database_at_0001_is_upgraded_to_head(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    engine = make_engine(str(path))
    assert mig.upgrade(engine, target="0001_initial") == ["0001_initial"]
    with engine.begin() as conn:  # an article written before full-text search existed
        writer.write_analyses(conn, [plain("0001aaaa", "The Eastmoor levy passed narrowly.", title="Levy")], None)
        assert not conn.exec_driver_sql("SELECT name FROM sqlite_master WHERE name = 'articles_fts'").first()
    engine.dispose()
    with Store(str(path)) as s:
        assert s.applied == [m.name for m in mig.MIGRATIONS[1:]]
        with s.engine.connect() as conn:
            names = list(conn.execute(select(schema_migrations.c.name).order_by(schema_migrations.c.name)).scalars())
        assert names == [m.name for m in mig.MIGRATIONS]
        assert [h.id for h in s.search("levy")] == ["0001aaaa"]  # the old article was indexed


def test_database_from_newer_slant_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "new.db")
    with Store(path) as s, s.engine.begin() as conn:
        conn.execute(insert(schema_migrations).values(name="0099_from_the_future", applied_at="2999-01-01"))
    with pytest.raises(StoreError, match="newer slant") as info:
        Store(path)
    assert "upgrade slant" in str(info.value) and "0099_from_the_future" in str(info.value)


def test_relation_condition_column_added_to_an_older_database(tmp_path: Path) -> None:
    """Regression (issue 3): 0003 adds relations.condition to a database made before it existed."""
    db = tmp_path / "old.db"
    engine = make_engine(str(db))
    assert mig.upgrade(engine, target="0002_fts") == ["0001_initial", "0002_fts"]
    with engine.begin() as conn:
        conn.exec_driver_sql('ALTER TABLE relations DROP COLUMN "condition"')
    engine.dispose()
    text = "Ada Quill backs Tom Reyes, if he drops the levy."
    a = Analysis(
        article=Article(id="cond0001", source="c.txt", text=text),
        actors=(
            Actor("ada-quill", "Ada Quill", "person", ("Ada Quill",), (Span(0, 9, "Ada Quill"),)),
            Actor("tom-reyes", "Tom Reyes", "person", ("Tom Reyes",), (Span(16, 25, "Tom Reyes"),)),
        ),
        relations=(
            Relation("ada-quill", "tom-reyes", "support", "endorse", Span(0, len(text), text), 0.7,
                     condition="if he drops the levy"),
        ),
    )  # fmt: skip
    with Store(str(db)) as store:
        assert "0003_relation_condition" in store.applied
        store.write([a])
        assert store.get("cond0001") == a


def test_salience_and_confidence_columns_added_to_an_older_database(tmp_path: Path) -> None:
    """0006 adds article_actors.salience and stances.confidence to a database made before they existed."""
    db = tmp_path / "old.db"
    engine = make_engine(str(db))
    mig.upgrade(engine, target="0005_mask_run_passwords")
    with engine.begin() as conn:
        conn.exec_driver_sql('ALTER TABLE article_actors DROP COLUMN "salience"')
        conn.exec_driver_sql('ALTER TABLE stances DROP COLUMN "confidence"')
    engine.dispose()
    with Store(str(db)) as store:
        assert store.applied == ["0006_salience_confidence"]
        store.write([rally()])
        got = store.get(rally().article.id)
    assert got == rally()
    assert got is not None and got.actors[0].salience == 0.875 and got.stances[0].confidence == 0.625


def test_migrations_are_ordered_and_unique() -> None:
    names = [m.name for m in mig.MIGRATIONS]
    assert names == sorted(names) and len(set(names)) == len(names)
    assert names[-1] == mig.HEAD
    with pytest.raises(StoreError, match="unknown migration"):
        mig.pending([], target="0042_nope")


# ------------------------------------------------------------------------------------ canonical matching

NORMALISED = [
    ("Ken Marlowe", "person", "ken marlowe"),
    ("  KEN   MARLOWE ", "person", "ken marlowe"),
    ("Mr. Ken Marlowe", "person", "ken marlowe"),
    ("Cllr Odile Frane MP", "person", "odile frane"),
    ("Frane's", "person", "frane"),
    ("Frane’s", "person", "frane"),
    ("Zoë Hárcourt", "person", "zoe harcourt"),
    ("Aoife O'Dwyer-Lenz", "person", "aoife odwyer lenz"),
    ("Dr", "person", "dr"),  # a lone title is kept rather than emptied
    ("Mr Eastmoor", "place", "mr eastmoor"),  # titles are only dropped from persons
    ("The Harbour Party!", "party", "the harbour party"),
    ("Straße", "org", "strasse"),
    ("...", "other", ""),
]


@pytest.mark.parametrize(("name", "kind", "key"), NORMALISED)
def test_match_key(name: str, kind: str, key: str) -> None:
    assert canonical.match_key(name, kind) == key


# (stored canonical name, its aliases, kind) , (new name, kind), should merge
PAIRS: list[tuple[tuple[str, tuple[str, ...], str], tuple[str, str], bool]] = [
    (("Ken Marlowe", (), "person"), ("Ken Marlowe", "person"), True),
    (("Ken Marlowe", (), "person"), ("ken marlowe", "person"), True),
    (("Ken Marlowe", (), "person"), ("Mr Ken Marlowe", "person"), True),
    (("Zoe Harcourt", (), "person"), ("Zoë Harcourt", "person"), True),
    (("Rushanor Veliqi", (), "person"), ("Rusharnor Veliqi", "person"), True),  # misspelt first name
    (("Jon Tarrow", (), "person"), ("John Tarrow", "person"), True),
    (("Ken Marlowe", ("Ken", "Marlowe"), "person"), ("Marlowe", "person"), True),  # alias of exactly one
    (("Ken Marlowe", ("Kenneth Marlowe",), "person"), ("Kenneth Marlowe", "person"), True),
    (("Eastmoor Tenants Trust", ("ETT",), "org"), ("ETT", "org"), True),
    (("Harbour Party", (), "party"), ("harbour party", "party"), True),
    (("Eastmoor", (), "place"), ("EASTMOOR", "place"), True),
    # must NOT merge
    (("Ken Marlowe", (), "person"), ("Ken", "person"), False),  # one word, not a known alias
    (("Ken Marlowe", (), "person"), ("Marlowe", "person"), False),
    (("Anna Kowalczyk", (), "person"), ("Hanna Kowalczyk", "person"), False),  # different initial
    (("Peter Oduya", (), "person"), ("Petra Oduya", "person"), False),  # ratio below the threshold
    (("Tom Reyes", (), "person"), ("Tom Reyna", "person"), False),  # different surname
    (("Ken Marlowe", (), "person"), ("Ken Marlowe", "org"), False),  # different kind
    (("Harbour Party", (), "party"), ("Harbour Parti", "party"), False),  # fuzzy only for persons
    (("Eastmoor Borough", ("Eastmoor",), "place"), ("Eastmoor", "place"), False),  # places: exact only
    (("Dock Workers", (), "group"), ("Dock Worker", "group"), False),
]


@pytest.mark.parametrize(("stored", "new", "merge"), PAIRS)
def test_choose_canonical(stored: tuple[str, tuple[str, ...], str], new: tuple[str, str], merge: bool) -> None:
    name, aliases, kind = stored
    cand = canonical.Candidate(
        7, kind, canonical.match_key(name, kind), frozenset(canonical.alias_keys(name, aliases, kind))
    )
    key = canonical.match_key(*new)
    assert canonical.choose_canonical(key, new[1], [cand]) == (7 if merge else None)


def test_alias_shared_by_two_canonicals_is_ambiguous() -> None:
    ken_m = canonical.Candidate(1, "person", "ken marlowe", frozenset({"ken", "ken marlowe"}))
    ken_d = canonical.Candidate(2, "person", "ken dobbs", frozenset({"ken", "ken dobbs"}))
    assert canonical.choose_canonical("ken", "person", [ken_m]) == 1
    assert canonical.choose_canonical("ken", "person", [ken_m, ken_d]) is None
    exact_ken = canonical.Candidate(3, "person", "ken", frozenset({"ken"}))
    assert canonical.choose_canonical("ken", "person", [ken_m, ken_d, exact_ken]) == 3


def test_fuzzy_prefers_best_score() -> None:
    a = canonical.Candidate(1, "person", "rushanor veliqi")
    b = canonical.Candidate(2, "person", "rusharnor veliqi")
    assert canonical.choose_canonical("rusharnor veliqi", "person", [a, b]) == 2
    assert canonical.choose_canonical("", "person", [a]) is None


def test_canonical_actors_across_articles(store: Store) -> None:
    store.write([person("p1", "Ken Marlowe", "Ken", "Mr Marlowe"), person("p2", "Ken Marlowe")])
    store.write([person("p3", "Marlowe")])  # alias of exactly one canonical actor -> merged
    store.write([person("p4", "Ken Dobbs", "Ken")])
    store.write([person("p5", "Ken")])  # now an alias of two -> a canonical actor of its own
    store.write([person("p6", "Rusharnor Veliqi"), person("p7", "Rushanor Veliqi")])
    store.write([person("p8", "Eastmoor", kind="place"), person("p9", "Eastmoor", kind="person")])
    found = {(a.name, a.kind): a for a in store.actors(limit=100)}
    marlowe = found[("Ken Marlowe", "person")]
    assert (marlowe.articles, marlowe.mentions) == (3, 3)
    assert set(marlowe.aliases) >= {"Ken", "Mr Marlowe"}
    assert found[("Ken Dobbs", "person")].articles == 1
    assert found[("Ken", "person")].articles == 1
    assert found[("Rusharnor Veliqi", "person")].articles == 2
    assert ("Rushanor Veliqi", "person") not in found
    assert found[("Eastmoor", "place")].articles == 1 and found[("Eastmoor", "person")].articles == 1
    assert store.actors(limit=1)[0] == marlowe  # most frequent first
    assert [a.name for a in store.actors(kind="place")] == ["Eastmoor"]
    assert [a.name for a in store.actors(query="mr marl")] == ["Ken Marlowe"]  # by alias
    assert [a.name for a in store.actors(query="VELIQ")] == ["Rusharnor Veliqi"]
    assert store.actors(query="nobody at all") == []
    assert all(isinstance(a, CanonicalActor) for a in store.actors())


LINK_POOL: list[tuple[str, tuple[str, ...], ActorKind]] = [
    ("Ken Marlowe", ("Ken", "Mr Marlowe"), "person"),
    ("Ken Dobbs", ("Ken",), "person"),
    ("Ken", (), "person"),
    ("Marlowe", (), "person"),
    ("Rusharnor Veliqi", (), "person"),
    ("Rushanor Veliqi", (), "person"),
    ("Eastmoor", (), "place"),
    ("Eastmoor", (), "person"),
    ("Harbour Workers Union", ("HWU",), "org"),
    ("HWU", (), "org"),
]


def linked(store: Store) -> tuple[set[frozenset[str]], list[tuple[str, str, tuple[str, ...]]]]:
    """The canonical partition of the stored article actors, and each canonical actor's name, kind and aliases."""
    with store.engine.connect() as conn:
        rows = conn.exec_driver_sql("SELECT article_id, actor_id FROM article_actors").all()
        names = {r[0]: (r[1], r[2]) for r in conn.exec_driver_sql("SELECT id, name, kind FROM actors")}
        aliases: dict[int, list[str]] = {}
        for actor_id, norm in conn.exec_driver_sql("SELECT actor_id, norm FROM actor_aliases"):
            aliases.setdefault(actor_id, []).append(norm)
    groups: dict[int, set[str]] = {}
    for article_id, actor_id in rows:
        groups.setdefault(actor_id, set()).add(article_id)
    table = sorted((*names[i], tuple(sorted(aliases.get(i, [])))) for i in names)
    return {frozenset(g) for g in groups.values()}, table


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(LINK_POOL), max_size=8), st.integers(1, 4))
def test_linking_a_batch_equals_linking_one_article_per_write(
    picks: list[tuple[str, tuple[str, ...], ActorKind]], size: int
) -> None:
    """The linker reads the store once per write and then works in memory; that must never change a link."""
    arts = [person(f"p{i}", name, *aliases, kind=kind) for i, (name, aliases, kind) in enumerate(picks)]
    with Store("sqlite://") as one_by_one, Store("sqlite://") as batched:
        for a in arts:
            one_by_one.write([a])
        for start in range(0, len(arts), size):
            batched.write(arts[start : start + size])
        assert linked(batched) == linked(one_by_one)


# -------------------------------------------------------------------------------------------- round trip


def test_round_trip_and_idempotent_rewrite(store: Store) -> None:
    a = rally()
    assert store.write([a]) == WriteResult(new=1)
    assert store.get(a.article.id) == a
    before = table_counts(store)
    assert store.write([a]) == WriteResult(unchanged=1)
    assert store.write([a, a]) == WriteResult(unchanged=2)
    assert table_counts(store) == before
    got = store.get(a.article.id)
    assert got.relations[0].confidence == 0.1 + 0.2 and got.flags[0].confidence == 5e-324
    assert got.scores["loaded_density"] == 1e-310


def test_new_pipeline_replaces_rows_atomically(store: Store) -> None:
    old = rally(pipeline=("slant.actors.v1",))
    store.write([old])
    t = old.article.text
    new = Analysis(
        article=old.article,
        actors=(Actor("odile-frane", "Odile Frane", "person", (), mentions(t, "Odile Frane")),),
        stances=(Stance("author", "odile-frane", "positive", 0.25),),
        scores={"hyperpartisan": 0.5},
        pipeline=("slant.actors.v12",),
    )
    assert store.has_article(old.article.id, old.pipeline)
    assert store.write([new]) == WriteResult(updated=1)
    assert store.get(old.article.id) == new
    counts = store.count()
    assert (counts["articles"], counts["actor_links"], counts["quotes"], counts["relations"]) == (1, 1, 0, 0)
    assert (counts["stances"], counts["flags"]) == (1, 0)
    assert [a.name for a in store.actors()] == ["Odile Frane"]  # actors no article names any more are gone
    assert store.has_article(old.article.id)
    assert not store.has_article(old.article.id, ["slant.actors.v1"])
    assert store.has_article(old.article.id, ["slant.actors.v12"])
    assert store.known_ids(["a1b2c3d4e5f60718", "nope"], pipeline=["slant.actors.v12"]) == {"a1b2c3d4e5f60718"}
    assert store.known_ids([]) == set()


@st.composite
def spans(draw: st.DrawFn, text: str) -> Span:
    start = draw(st.integers(0, len(text)))
    end = draw(st.integers(start, len(text)))
    return Span(start, end, text[start:end])


names = st.text(min_size=1, max_size=24)
maybe = st.none() | st.text(max_size=20)
floats = st.floats(allow_nan=False, allow_infinity=False)
unit = st.floats(min_value=0.0, max_value=1.0)


@st.composite
def analyses(draw: st.DrawFn) -> Analysis:
    text = draw(st.text(min_size=1, max_size=300))
    article = Article(
        id=draw(st.text("0123456789abcdef", min_size=6, max_size=16)),
        source=draw(st.text(min_size=1, max_size=40)),
        text=text,
        title=draw(maybe),
        url=draw(maybe),
        author=draw(maybe),
        published=draw(maybe),
        site_name=draw(maybe),
        language=draw(st.none() | st.sampled_from(["en", "de", "fr"])),
        status=draw(st.sampled_from(["analysed", "skipped_language", "skipped_empty", "duplicate"])),
        duplicate_of=draw(st.none() | st.text("0123456789abcdef", min_size=6, max_size=16)),
        format=draw(st.sampled_from(["text", "html", "jsonl", "warc"])),
    )
    actor_list = draw(
        st.lists(
            st.builds(
                Actor,
                id=names,
                name=names,
                kind=st.sampled_from(ACTOR_KINDS),
                aliases=st.lists(names, max_size=3).map(tuple),
                mentions=st.lists(spans(text), max_size=3).map(tuple),
                salience=st.none() | unit,
            ),
            max_size=4,
        )
    )
    ids = [a.id for a in actor_list] or ["x"]
    actor_ids = st.sampled_from(ids)

    @st.composite
    def quote(d: st.DrawFn) -> Quote:
        s = d(spans(text))
        return Quote(
            s.text,
            s.start,
            s.end,
            d(st.sampled_from(["direct", "indirect", "mixed"])),
            d(st.none() | actor_ids),
            d(maybe),
            d(maybe),
            d(maybe),
        )

    return Analysis(
        article=article,
        actors=tuple(actor_list),
        quotes=tuple(draw(st.lists(quote(), max_size=3))),
        relations=tuple(
            draw(
                st.lists(
                    st.builds(
                        Relation,
                        actor_ids,
                        actor_ids,
                        st.sampled_from(["support", "oppose"]),
                        names,
                        spans(text),
                        floats,
                        st.none() | actor_ids,
                    ),
                    max_size=3,
                )
            )
        ),
        stances=tuple(
            draw(
                st.lists(
                    st.builds(
                        Stance,
                        st.just("author") | actor_ids,
                        actor_ids,
                        st.sampled_from(["positive", "negative", "neutral"]),
                        floats,
                        st.lists(spans(text), max_size=2).map(tuple),
                        st.none() | unit,
                    ),
                    max_size=3,
                )
            )
        ),
        flags=tuple(
            draw(
                st.lists(
                    spans(text).flatmap(
                        lambda s: st.builds(
                            Flag,
                            names,
                            names,
                            names,
                            st.just(s.start),
                            st.just(s.end),
                            st.just(s.text),
                            st.sampled_from(["author", "quoted", "discussed"]),
                            maybe,
                            maybe,
                            floats,
                        )
                    ),
                    max_size=3,
                )
            )
        ),
        scores=draw(st.dictionaries(st.text(max_size=12), floats, max_size=4)),
        story=draw(maybe),
        pipeline=tuple(draw(st.lists(names, max_size=3))),
    )


@pytest.fixture(scope="module")
def shared_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    with Store(str(tmp_path_factory.mktemp("prop") / "prop.db")) as s:
        yield s


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(analysis=analyses())
def test_round_trip_property(shared_store: Store, analysis: Analysis) -> None:
    shared_store.write([analysis])
    assert shared_store.get(analysis.article.id) == analysis
    assert Analysis.from_json(analysis.to_json()) == analysis  # the generator makes valid analyses
    before = table_counts(shared_store)
    assert shared_store.write([analysis]) == WriteResult(unchanged=1)
    assert table_counts(shared_store) == before


# ----------------------------------------------------------------------------------- sources, iteration


def test_sources_and_duplicates(store: Store) -> None:
    a = rally()
    aid = a.article.id
    store.write([a], sources={aid: ["copies/rally-1.txt", "copies/rally-2.txt", "copies/rally-1.txt"]})
    assert store.sources_of(aid) == ["copies/rally-1.txt", "copies/rally-2.txt", "feeds/eastmoor-rally.txt"]
    assert store.write([], sources={aid: ["copies/rally-3.txt"]}) == WriteResult()
    assert "copies/rally-3.txt" in store.sources_of(aid)
    assert store.get("copies/rally-2.txt") == a  # any exact source finds the article
    with pytest.raises(StoreError, match="neither in this batch nor stored"):
        store.write([plain("ffff0000", "Another text.")], sources={"0000dead": ["lost.txt"]})
    assert not store.has_article("ffff0000")  # the failed call stored nothing
    with pytest.raises(NotFoundError):
        store.sources_of("0000dead")


def test_iter_analyses(store: Store) -> None:
    items = [plain(f"{i:04x}beef", f"Text number {i}.") for i in range(5)]
    store.write(items[:3])
    store.write(items[3:])
    assert list(store.iter_analyses()) == items
    assert list(store.iter_analyses(["0003beef", "missing", "0001beef"])) == [items[3], items[1]]
    assert list(store.iter_analyses([])) == []


def test_count(store: Store) -> None:
    dup = Article(id="dup00001", source="in/dup.txt", text="x", status="duplicate", duplicate_of="a1b2c3d4e5f60718")
    store.write([rally(), Analysis(dup)])
    c = store.count()
    assert (c["articles"], c["analysed"], c["duplicate"], c["skipped_empty"], c["sources"]) == (2, 1, 1, 0, 2)
    assert (c["actors"], c["actor_links"], c["quotes"], c["relations"], c["stances"], c["flags"]) == (4, 4, 1, 2, 2, 1)


# ------------------------------------------------------------------------------------------------ lookup


def test_get_by_prefix_source_and_errors(store: Store) -> None:
    store.write(
        [
            plain("aaaa1111", "First text.", title="One"),
            plain("aaaa2222", "Second text.", title="Two"),
            plain("bbbb3333", "Third text.", source="inbox/third.html"),
        ]
    )
    assert store.get("aaaa1111").article.title == "One"
    assert store.get("aaaa2").article.title == "Two"
    assert store.get(" bbbb ").article.id == "bbbb3333"
    assert store.get("inbox/third.html").article.id == "bbbb3333"
    assert store.resolve("aaaa11") == "aaaa1111"
    with pytest.raises(NotFoundError, match="ambiguous") as info:
        store.get("aaaa")
    assert "aaaa1111" in str(info.value) and "aaaa2222" in str(info.value) and "One" in str(info.value)
    with pytest.raises(NotFoundError, match="at least 4"):
        store.get("aaa")
    with pytest.raises(NotFoundError, match="no article matches 'cccc'"):
        store.get("cccc")
    with pytest.raises(NotFoundError, match="no article given"):
        store.get("   ")
    with pytest.raises(NotFoundError):
        store.get("aaaa%")  # LIKE wildcards are literal


# ------------------------------------------------------------------------------------------------ search


@pytest.fixture
def levy_store(store: Store) -> Store:
    store.write(
        [
            plain("c0000001", "Residents argued about the new levy for an hour. " + "Other business followed. " * 30),
            plain("c0000002", "The harbour levy passed after a short debate.", title="Harbour levy approved"),
            plain("c0000003", "Councillors debated the levy on Monday."),
            plain("c0000004", "Nothing about taxes here; Marlowe's garden won a prize."),
        ]
    )
    return store


def test_search_ranks_title_then_short_text(levy_store: Store) -> None:
    hits = levy_store.search("levy")
    assert [h.id for h in hits] == ["c0000002", "c0000003", "c0000001"]
    assert hits[0].score > hits[1].score > hits[2].score
    assert all(isinstance(h, SearchHit) for h in hits)
    assert f"{MARK_START}levy{MARK_END}" in hits[1].snippet
    assert "[levy]" in hits[1].marked()
    assert levy_store.search("levies")[0].id == "c0000002"  # stemmed
    assert levy_store.search("levy", limit=1)[0].id == "c0000002"
    assert levy_store.search("") == [] and levy_store.search("zebra") == []


@pytest.mark.parametrize(
    "query", ['"unbalanced', "levy AND", "(", "title:", "nosuchcolumn:levy", "*", "Marlowe's", "-"]
)
def test_malformed_search_query_does_not_crash(levy_store: Store, query: str) -> None:
    assert isinstance(levy_store.search(query), list)


def test_malformed_query_is_taken_literally(levy_store: Store) -> None:
    assert [h.id for h in levy_store.search("Marlowe's garden")] == ["c0000004"]


def test_search_html_escapes_untrusted_text(store: Store) -> None:
    store.write([plain("d0000001", "The <script>alert(1)</script> levy was debated.")])
    (hit,) = store.search("levy")
    assert "<script>" not in hit.html() and "<mark>levy</mark>" in hit.html()


def test_search_follows_replacement(levy_store: Store) -> None:
    levy_store.write([plain("c0000003", "Councillors debated the tram fares on Monday.")])
    assert "c0000003" not in [h.id for h in levy_store.search("levy")]
    assert [h.id for h in levy_store.search("tram")] == ["c0000003"]


def test_like_fallback(levy_store: Store) -> None:
    """The LIKE search used where neither FTS5 nor PostgreSQL text search is available."""
    with levy_store.engine.connect() as conn:
        hits = search_mod._like(conn, "harbour LEVY", 10)
    assert [h.id for h in hits] == ["c0000002"]
    assert f"{MARK_START}levy{MARK_END}" in hits[0].snippet


def test_make_snippet() -> None:
    body = "alpha " * 50 + "The Levy vote. " + "omega " * 50
    snip = search_mod.make_snippet(body, ["levy"], width=40)
    assert snip.startswith("…") and snip.endswith("…") and f"{MARK_START}Levy{MARK_END}" in snip
    assert search_mod.quote_terms('say "hi" now') == '"say" """hi""" "now"'


# --------------------------------------------------------------------------------------- runs and errors


def test_runs_and_errors(store: Store) -> None:
    run = store.start_run(["in/", Path("more")], {"mode": "fast", "db": Path("x.db")})  # type: ignore[list-item]
    store.record_errors([InputError("in/bad.pdf", "unsupported file type")], run)
    store.record_errors([InputError("in/huge.txt", "over the size cap")])
    store.finish_run(run, {"new": 3, "errors": 1})
    assert [str(e) for e in store.errors(run)] == ["in/bad.pdf: unsupported file type"]
    assert len(store.errors()) == 2
    (rec,) = store.runs()
    assert rec.id == run and rec.inputs == ("in/", "more") and rec.settings["db"] == "x.db"
    assert rec.counts == {"new": 3, "errors": 1} and rec.finished_at is not None
    with pytest.raises(NotFoundError):
        store.finish_run("no-such-run", {})
    with pytest.raises(NotFoundError):
        store.record_errors([InputError("a", "b")], "no-such-run")
    assert store.count()["errors"] == 2 and store.count()["runs"] == 1


# -------------------------------------------------------------------------------------- resume and crash


def batch(prefix: str, n: int) -> list[Analysis]:
    return [person(f"{prefix}{i:04d}", f"Nell Brask{i}") for i in range(n)]


def test_failed_write_leaves_nothing_half_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "resume.db")
    first, second = batch("aa", 3), batch("bb", 3)
    with Store(path) as s:
        s.write(first)
        real = writer._queue_children
        calls = {"n": 0}

        def flaky(pending: Any, analysis: Analysis, linker: Any) -> None:
            calls["n"] += 1
            if calls["n"] == 2:
                raise RuntimeError("simulated crash in the middle of a batch")
            real(pending, analysis, linker)

        monkeypatch.setattr(writer, "_queue_children", flaky)
        with pytest.raises(RuntimeError):
            s.write(second)
        monkeypatch.setattr(writer, "_queue_children", real)
    with Store(path) as s:
        assert list(s.iter_analyses()) == first
        assert s.known_ids(a.article.id for a in second) == set()
        assert s.count()["actors"] == 3
        assert s.write(second) == WriteResult(new=3)
        assert s.write(first + second) == WriteResult(unchanged=6)
        assert list(s.iter_analyses()) == first + second


def test_killed_process_loses_only_the_open_transaction(tmp_path: Path) -> None:
    path = str(tmp_path / "killed.db")
    first, second = batch("aa", 3), batch("bb", 4)
    with Store(path) as s:
        s.write(first)
    script = textwrap.dedent(
        f"""
        import os
        from slant.store import Store, writer
        from slant.models import Actor, Analysis, Article, Span
        real = writer._Pending.flush
        def dying(self):
            real(self)  # the batch's rows are in the open transaction
            os._exit(9)  # killed mid-transaction: no rollback, no close
        writer._Pending.flush = dying
        batch = [Analysis(Article(id=f"bb{{i:04d}}", source=f"in/bb{{i:04d}}.txt", text=f"Nell Brask{{i}} spoke."),
                          actors=(Actor("x", f"Nell Brask{{i}}", "person", (), (Span(0, 11, "Nell Brask0"),)),))
                 for i in range(4)]
        Store({path!r}).write(batch)
        """
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert proc.returncode == 9, proc.stderr.decode()
    with Store(path) as s:
        assert [a.article.id for a in s.iter_analyses()] == [a.article.id for a in first]
        assert s.count()["articles"] == 3 and s.count()["actor_links"] == 3
        assert s.write(second).new == 4
        assert s.count()["articles"] == 7
        assert s.search("Brask0")  # the full-text index survived too


def test_integrity_check_after_writes(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "slant.db"))
    store.write([rally(), *batch("cc", 3)])
    store.write([rally(pipeline=("v9",))])
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        assert conn.exec_driver_sql("PRAGMA foreign_key_check").first() is None
        assert conn.exec_driver_sql("INSERT INTO articles_fts(articles_fts, rank) VALUES ('integrity-check', 1)")
        n = conn.execute(select(func.count()).select_from(schema_migrations)).scalar()
        assert n == len(mig.MIGRATIONS)
    store.close()


def test_direct_sqlite_reader_sees_committed_rows(tmp_path: Path) -> None:
    with Store(str(tmp_path / "slant.db")) as store:
        store.write([rally()])
    con = sqlite3.connect(tmp_path / "slant.db")
    try:
        assert con.execute("SELECT count(*) FROM quotes").fetchone() == (1,)
        assert con.execute("SELECT count(*) FROM articles_fts WHERE articles_fts MATCH 'rally'").fetchone() == (1,)
    finally:
        con.close()


def test_replacement_property_smoke(store: Store) -> None:
    """Writing A then B under one id leaves exactly B's rows, as if B alone had been written."""
    a, b = rally(), plain("a1b2c3d4e5f60718", "A different body.", title="Changed")
    store.write([a])
    store.write([b])
    assert store.get("a1b2c3d4e5f60718") == b
    c = store.count()
    assert (c["actor_links"], c["quotes"], c["relations"], c["stances"], c["flags"], c["actors"]) == (0,) * 6
    assert store.write([a]) == WriteResult(updated=1) and store.get("a1b2") == a


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=analyses(), second=analyses())
def test_replacement_property(shared_store: Store, first: Analysis, second: Analysis) -> None:
    second = dataclasses.replace(second, article=dataclasses.replace(second.article, id=first.article.id))
    shared_store.write([first])
    result = shared_store.write([second])
    assert result.total == 1 and result.new == 0
    assert shared_store.get(first.article.id) == second
    with shared_store.engine.connect() as conn:
        for table in CHILD_TABLES:
            n = conn.execute(select(func.count()).select_from(table).where(table.c.article_id == first.article.id))
            expected = {
                "article_actors": second.actors,
                "quotes": second.quotes,
                "relations": second.relations,
                "stances": second.stances,
                "flags": second.flags,
            }[table.name]
            assert n.scalar() == len(expected)


def test_unopenable_place_is_a_store_error() -> None:
    if not Path("/proc/self").is_dir():
        pytest.skip("needs /proc (Linux)")
    with pytest.raises(StoreError, match="cannot open the database") as info:
        Store("/proc/slant-test.db")  # nobody, not even root, can create a file here
    assert "/proc/slant-test.db" in str(info.value) and "--db" in str(info.value)


def test_schema_compiles_for_postgresql() -> None:
    from sqlalchemy.dialects import postgresql
    from sqlalchemy.schema import CreateIndex, CreateTable

    dialect = postgresql.dialect()  # type: ignore[no-untyped-call]
    for table in INITIAL_TABLES:
        assert "CREATE TABLE" in str(CreateTable(table).compile(dialect=dialect))
        for index in table.indexes:
            assert "CREATE INDEX" in str(CreateIndex(index).compile(dialect=dialect))
    assert "DOUBLE PRECISION" in str(CreateTable(INITIAL_TABLES[7]).compile(dialect=dialect))


def test_one_article_twice_in_a_batch(tmp_path: Path) -> None:
    """A batch that holds an article twice stores the later analysis, as two writes would."""
    with Store(str(tmp_path / "twice.db")) as s:
        first, again = rally(), rally(pipeline=("v9",))
        assert s.write([first, *batch("dd", 2), again]) == WriteResult(new=3, updated=1)
        assert s.get(first.article.id).pipeline == ("v9",)
        assert s.count()["articles"] == 3
        assert s.write([again, again]) == WriteResult(unchanged=2)


# --------------------------------------------------------------------------------------- batch sources


def test_batch_sources_each_article_its_own_once(store: Store) -> None:
    one, two = rally("1111111111111111"), plain("2222222222222222", "Odile Frane spoke.", source="feeds/b.txt")
    srcs = {one.article.id: ["mirror/a.txt", "mirror/a.txt", ""], two.article.id: ["feeds/b.txt", "mirror/a.txt"]}
    store.write([one, two], sources=srcs)
    store.write([], sources={one.article.id: ["mirror/a.txt", "mirror/c.txt"]})
    assert store.sources_of(one.article.id) == ["feeds/eastmoor-rally.txt", "mirror/a.txt", "mirror/c.txt"]
    assert store.sources_of(two.article.id) == ["feeds/b.txt", "mirror/a.txt"]


def test_batch_sources_name_the_first_unknown_article_and_store_nothing(store: Store) -> None:
    a = rally()
    with pytest.raises(StoreError, match="sources given for article 0000dead,"):
        store.write([a], sources={a.article.id: ["x.txt"], "0000dead": ["y.txt"], "0000beef": ["z.txt"]})
    assert not store.has_article(a.article.id)
