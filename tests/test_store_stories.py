"""Stories in the store: the 0004 migration, story links in the codec, features, incremental updates,
copies found across runs, listings and lookups. SQLite always; PostgreSQL too when SLANT_TEST_PG_URL is set
(see tests/test_store.py).

Every name and sentence here is invented for these tests.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import inspect, select, update

from slant import api
from slant.errors import NotFoundError
from slant.models import Analysis
from slant.store import Store, writer
from slant.store import migrations as mig
from slant.store.codec import analysis_hash
from slant.store.connect import make_engine
from slant.store.schema import articles, stories
from slant.stories._clusterer import ArticleFeatures, ClusterParams, StoryState, story_id
from slant.stories._sync import FEATURE_VERSION

from .test_near_dups import RETOLD, WIRE, repost
from .test_stories import ROAD_ACTORS, SCHOOL, SCHOOL_2, SCHOOL_ACTORS, analysis, reload_case


def road(aid: str = "road0001", text: str = WIRE, published: str | None = "2025-06-03") -> Analysis:
    return analysis(aid, "Frane withdraws support for Ashby Cross ring road", text, ROAD_ACTORS, published)


# ------------------------------------------------------------------------------------------- migration


def test_database_at_0003_gets_the_story_tables_and_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    engine = make_engine(str(path))
    assert mig.upgrade(engine, target="0003_relation_condition")[-1] == "0003_relation_condition"
    with engine.begin() as conn:  # as made by a slant before story clustering
        conn.exec_driver_sql("DROP INDEX ix_articles_copy_of")
        conn.exec_driver_sql("ALTER TABLE articles DROP COLUMN copy_similarity")
        conn.exec_driver_sql("ALTER TABLE articles DROP COLUMN copy_of")
        conn.exec_driver_sql(
            "INSERT INTO articles (id, doc_id, source, status, format, text, scores, pipeline, created_at, "
            "updated_at, analysis_hash) VALUES ('old00001', 1, 'old.txt', 'analysed', 'text', "
            "'An old article about the Ashby Cross ring road.', '{}', '[]', 't', 't', 'h')"
        )
    engine.dispose()
    with Store(str(path)) as s:
        assert s.applied == [m.name for m in mig.MIGRATIONS[3:]]  # 0004_stories and what came after
        with s.engine.connect() as conn:
            names = set(inspect(conn).get_table_names())
            columns = {c["name"] for c in inspect(conn).get_columns("articles")}
            indexes = {i["name"] for i in inspect(conn).get_indexes("articles")}
        assert {"stories", "story_features", "story_copy_bands"} <= names
        assert {"copy_of", "copy_similarity"} <= columns and "ix_articles_copy_of" in indexes
        assert s.get("old00001").copy_of is None
        report = api.update_stories(s)  # the old article gets its story
        assert report.featurised == 1 and report.new_stories == 1
        assert s.get("old00001").story == story_id("old00001")


def test_fresh_database_needs_no_story_migration_steps(tmp_path: Path) -> None:
    with Store(str(tmp_path / "new.db")) as s:
        assert s.applied[-1] == mig.HEAD and "0004_stories" in s.applied
    with Store(str(tmp_path / "new.db")) as again:
        assert again.applied == []


# ------------------------------------------------------------------------------------------------ codec

LINKS = st.one_of(st.none(), st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=20))


@pytest.fixture(scope="module")
def shared_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    with Store(str(tmp_path_factory.mktemp("links") / "links.db")) as s:
        yield s


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(story=LINKS, copy_of=LINKS, n=st.integers(0, 10**6))
def test_story_links_round_trip(shared_store: Store, story: str | None, copy_of: str | None, n: int) -> None:
    a = dataclasses.replace(road(f"rt{n:08d}"), story=story, copy_of=copy_of)
    shared_store.write([a])
    assert shared_store.get(a.article.id) == a
    assert Analysis.from_json(a.to_json()) == a


def test_hash_ignores_links_set_by_clustering_and_is_unchanged_without_copy_of() -> None:
    a = road()
    assert "copy_of" not in _hashed_json(a)  # the digest is the one computed before copy_of existed
    assert analysis_hash(dataclasses.replace(a, copy_of="road0000")) != analysis_hash(a)


def _hashed_json(a: Analysis) -> str:
    import hashlib
    import json

    data = a.to_json()
    data.pop("copy_of")
    blob = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    assert hashlib.sha256(blob.encode()).hexdigest() == analysis_hash(a)
    return blob


def test_assigning_a_story_does_not_make_a_rewrite_look_changed(store: Store) -> None:
    a = road()
    store.write([a])
    api.update_stories(store)
    assert store.get(a.article.id).story == story_id(a.article.id)
    assert store.write([a]).unchanged == 1  # same analysis again: kept, with its story
    assert store.get(a.article.id).story == story_id(a.article.id)


def test_a_reanalysis_is_clustered_again(store: Store) -> None:
    a = road()
    store.write([a, road("road0002", RETOLD, "2025-06-04")])
    api.update_stories(store)
    sid = store.get("road0002").story
    changed = dataclasses.replace(a, pipeline=("slant.actors.v12",))
    store.write([changed])
    assert store.get(a.article.id).story is None and store.story_features_missing(FEATURE_VERSION) == [a.article.id]
    report = api.update_stories(store)
    assert (report.featurised, report.clustered) == (1, 1)
    assert store.get(a.article.id).story == sid


# --------------------------------------------------------------------------------------- incremental


def test_incremental_updates_join_stored_stories_and_find_stored_originals(store: Store) -> None:
    store.write([road(), analysis("schl0001", "Trust to close St Aldhelm's", SCHOOL, SCHOOL_ACTORS, "2025-06-05")])
    first = api.update_stories(store)
    assert (first.clustered, first.new_stories, first.copies) == (2, 2, 0)
    # a later run: another outlet's report, a repost of the first article, and the school story again
    store.write(
        [
            road("road0002", RETOLD, "2025-06-04"),
            road("road0003", repost(WIRE), "2025-06-07"),
            analysis("schl0002", "Parents vow to save St Aldhelm's", SCHOOL_2, SCHOOL_ACTORS, "2025-06-06"),
        ]
    )
    second = api.update_stories(store)
    assert (second.clustered, second.new_stories, second.copies, second.joined) == (3, 0, 1, 2)
    got = {s.id: s for s in store.stories()}
    assert set(got) == {story_id("road0001"), story_id("schl0001")}
    road_story = got[story_id("road0001")]
    assert road_story.articles == ("road0001", "road0002", "road0003")
    assert road_story.copies == (("road0003", "road0001"),)
    assert store.get("road0003").copy_of == "road0001"
    assert api.update_stories(store).clustered == 0  # nothing left to do
    summary = store.story_summary(story_id("road0001")[:5])
    assert summary.size == 3 and summary.copies == 1 and summary.story == road_story
    assert store.count()["stories"] == 2 and store.count()["copies"] == 1


def test_an_older_original_stored_later_takes_over_the_group(store: Store) -> None:
    store.write([road("road0009", repost(WIRE), "2025-06-09")])
    api.update_stories(store)
    store.write([road("road0001", WIRE, "2025-06-03")])
    api.update_stories(store)
    assert store.get("road0009").copy_of == "road0001"
    assert store.get("road0001").copy_of is None
    assert store.get("road0001").story == store.get("road0009").story


def test_an_update_continues_stored_stories_like_one_update(store: Store) -> None:
    """Regression (tests/test_stories.py::RELOAD_CASE): a story loaded from the store was filed only under
    its centroid's LSH buckets, so a later update put art002, which shares buckets with an earlier member
    but not with the centroid, in a story of its own."""
    params = ClusterParams(threshold=0.5)
    feats = reload_case(dim=256)  # the store clusters 256-d embeddings; the zero padding keeps the codes
    for part in (feats[:3], feats[3:]):  # two updates: the second starts from the stored stories
        store.write([analysis(f.article_id, None, f"Report {f.article_id}.", {}) for f in part])
        store.save_story_features(part, FEATURE_VERSION)
        assert api.update_stories(store, params=params).clustered == len(part)
    (state,) = store.story_states(since_days=None, limit=10)
    assert len(state.codes) == len(set(state.codes)) <= params.story_codes
    incremental = {f.article_id: store.get(f.article_id).story for f in feats}
    assert set(incremental.values()) == {story_id(feats[0].article_id)}
    assert api.rebuild_stories(store, params=params).clustered == len(feats)  # all in one update
    assert {f.article_id: store.get(f.article_id).story for f in feats} == incremental
    (again,) = store.story_states(since_days=None, limit=10)
    assert again.codes == state.codes


def test_rebuild_gives_the_same_stories(store: Store) -> None:
    store.write([road(), road("road0002", RETOLD, "2025-06-04"), road("road0003", repost(WIRE), "2025-06-05")])
    api.update_stories(store)
    before = store.stories()
    report = api.rebuild_stories(store)
    assert report.clustered == 3 and report.featurised == 0
    assert store.stories() == before


def test_states_round_trip(store: Store) -> None:
    state = StoryState(
        id="s0123456789ab",
        centroid=np.arange(256, dtype=np.float32),
        n=2,
        size=3,
        copies=1,
        actors={"frane": 2, "pellow": 1},
        salience={"frane": 2.0, "pellow": 0.5},
        names={"frane": "Odile Frane", "pellow": "Tobias Pellow"},
        terms={"ring": 2, "road": 2},
        first_days=20000.0,
        last_days=20001.5,
        codes=[3, 1027, 2**40 + 5, 2],
    )
    store.save_story_assignments({}, [state])
    (loaded,) = store.story_states(since_days=None, limit=10)
    assert np.array_equal(loaded.centroid, state.centroid)
    assert dataclasses.replace(loaded, centroid=state.centroid) == state
    assert store.story_states(since_days=20002.0, limit=10) == []


def test_features_round_trip(store: Store) -> None:
    from slant.stories._features import features_for

    a = road()
    store.write([a])
    (feats,) = features_for([a])
    store.save_story_features([feats], FEATURE_VERSION)
    (loaded,) = store.story_features([a.article.id])
    assert isinstance(loaded, ArticleFeatures)
    assert np.array_equal(loaded.embedding, feats.embedding) and loaded.signature == feats.signature
    assert dataclasses.replace(loaded, embedding=feats.embedding) == dataclasses.replace(feats, published="2025-06-03")


# ------------------------------------------------------------------------------------------- lookups


def test_story_refs(store: Store) -> None:
    store.write([road(), road("road0002", "A different text entirely about something else.", None)])
    with store.engine.begin() as conn:
        conn.execute(update(articles).where(articles.c.id == "road0001").values(story="sabc123000001"))
        conn.execute(update(articles).where(articles.c.id == "road0002").values(story="sabc123000002"))
    assert store.story("sabc123000001").articles == ("road0001",)
    assert store.story("sabc123000001").label == "sabc123000001"  # no stories row: the id stands in
    with pytest.raises(NotFoundError, match="ambiguous"):
        store.story("sabc123")
    with pytest.raises(NotFoundError, match="no story matches"):
        store.story("sffff")
    with pytest.raises(NotFoundError, match="no story given"):
        store.story("  ")
    assert [s.id for s in store.stories(limit=1)] == ["sabc123000001"]


def test_deleting_an_article_removes_its_features(store: Store) -> None:
    store.write([road()])
    api.update_stories(store)
    with store.engine.begin() as conn:
        conn.execute(articles.delete().where(articles.c.id == "road0001"))
    assert store.story_features(["road0001"]) == []
    assert store.copy_candidates([]) == []
    with store.engine.connect() as conn:  # the story row stays, with no members: listings skip it
        assert conn.execute(select(stories.c.id)).scalars().all() == [story_id("road0001")]
    assert store.stories() == []


def test_writer_deletes_nothing_of_other_articles(store: Store) -> None:
    store.write([road(), road("road0002", RETOLD, "2025-06-04")])
    api.update_stories(store)
    with store.engine.begin() as conn:
        writer._forget_story_features(conn, "road0001")
    assert [f.article_id for f in store.story_features(["road0001", "road0002"])] == ["road0002"]


def test_update_stories_by_path_and_analyze_switch(tmp_path: Path) -> None:
    from slant.config import load_settings

    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "road.txt").write_text("Frane withdraws support for the ring road\n\n" + WIRE, encoding="utf-8")
    db = str(tmp_path / "a.db")
    api.analyze([str(folder)], settings=load_settings(env={}, db=db), cluster_stories=False)
    assert api.stories(db) == []
    report = api.update_stories(db)
    assert report.new_stories == 1 and len(api.stories(db)) == 1


def test_features_computed_during_analyze_equal_those_read_back(tmp_path: Path) -> None:
    """``analyze`` computes story features from each written batch in memory; they must be exactly what an
    update computes from the stored analyses."""
    from slant.config import load_settings

    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "road.txt").write_text("Frane withdraws support for the ring road\n\n" + WIRE, encoding="utf-8")
    (folder / "retold.txt").write_text("Ring road support withdrawn\n\n" + RETOLD, encoding="utf-8")
    (folder / "repost.txt").write_text("Frane and the ring road\n\n" + repost(WIRE), encoding="utf-8")
    during, after = str(tmp_path / "during.db"), str(tmp_path / "after.db")
    api.analyze([str(folder)], settings=load_settings(env={}, db=during))
    api.analyze([str(folder)], settings=load_settings(env={}, db=after), cluster_stories=False)
    assert api.update_stories(after).featurised == 3
    with Store(during) as a, Store(after) as b:
        ids = sorted(x.article.id for x in a.iter_analyses())
        got, want = a.story_features(ids), b.story_features(ids)
        assert len(got) == 3
        for x, y in zip(got, want, strict=True):
            assert np.array_equal(x.embedding, y.embedding)
            assert dataclasses.replace(x, embedding=y.embedding) == y
        assert [s.articles for s in a.stories()] == [s.articles for s in b.stories()]


def test_chunked_updates_match_one_chunk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from slant.stories import _sync as _story_sync

    items = [
        road(),
        analysis("schl0001", "Trust to close St Aldhelm's", SCHOOL, SCHOOL_ACTORS, "2025-06-05"),
        road("road0002", RETOLD, "2025-06-04"),
        road("road0003", repost(WIRE), "2025-06-07"),
        analysis("schl0002", "Parents vow to save St Aldhelm's", SCHOOL_2, SCHOOL_ACTORS, None),
    ]
    results = []
    for chunk in (1000, 2, 1):
        monkeypatch.setattr(_story_sync, "CLUSTER_CHUNK", chunk)
        with Store(str(tmp_path / f"c{chunk}.db")) as s:
            s.write(items)
            api.update_stories(s)
            states = {st.id: (st.n, st.size, st.copies, st.actors) for st in s.story_states(since_days=None, limit=10)}
            results.append((s.stories(), states))
    assert results[0] == results[1] == results[2]
