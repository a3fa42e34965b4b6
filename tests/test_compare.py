"""Story comparison (`slant compare`): stance matrix, quoted speakers, relations, only-in facts, differing
figures, copies counted once, headlines; the CLI on examples/ and on the seeds.

Unit tests build analyses by hand (invented outlets and politicians); the embeddings are the real ones
(WordLlama, loaded once, a fraction of a second).
"""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from slant.cli import app
from slant.compare._align import Alignment, article_sentences
from slant.compare._build import Comparison, compare_story, comparisons_json
from slant.compare._text import figures, is_boilerplate, split_sentences
from slant.compare._view import render_comparison
from slant.models import Actor, Analysis, Article, Flag, Quote, Relation, Span, Stance, Story
from slant.nlp.embed import embed

from .conftest import EXAMPLES

runner = CliRunner()

# --- building analyses by hand ---------------------------------------------------------------------------


def _slug(name: str) -> str:
    return re.sub(r"\W+", "-", name.lower()).strip("-")


def _span(text: str, part: str) -> Span:
    at = text.index(part)
    return Span(at, at + len(part), part)


def make(
    aid: str,
    text: str,
    *,
    title: str | None = None,
    site: str | None = None,
    actors: Sequence[tuple[str, str, Sequence[str]]] = (),
    stances: Sequence[tuple[str, str, float, str]] = (),
    quotes: Sequence[tuple[str | None, str]] = (),
    relations: Sequence[tuple[str, str, str, str, str]] = (),
    flags: Sequence[Flag] = (),
    scores: dict[str, float] | None = None,
    copy_of: str | None = None,
    status: str = "analysed",
) -> Analysis:
    """An analysis of ``text``: actors as (name, kind, surface forms found in the text), stances toward an
    actor name as (name, polarity, score, evidence), quotes as (speaker name or None, quoted text), relations
    as (source, target, polarity, kind, evidence)."""
    acts = []
    for name, kind, forms in actors:
        mentions = [Span(m.start(), m.end(), m.group()) for f in forms for m in re.finditer(re.escape(f), text)]
        mentions.sort(key=lambda s: s.start)
        acts.append(Actor(_slug(name), name, kind, tuple(dict.fromkeys(forms)), tuple(mentions)))  # type: ignore[arg-type]
    return Analysis(
        article=Article(aid, f"{aid}.txt", text, title=title, site_name=site, status=status),  # type: ignore[arg-type]
        actors=tuple(acts),
        stances=tuple(Stance("author", _slug(n), p, s, (_span(text, e),)) for n, p, s, e in stances),  # type: ignore[arg-type]
        quotes=tuple(
            Quote(q, text.index(q), text.index(q) + len(q), "direct", _slug(who) if who else None, who or "a source")
            for who, q in quotes
        ),
        relations=tuple(
            Relation(_slug(a), _slug(b), p, k, _span(text, e), 0.9)  # type: ignore[arg-type]
            for a, b, p, k, e in relations
        ),
        flags=tuple(flags),
        scores=scores or {},
        copy_of=copy_of,
    )


GAZETTE = (
    "Councillor Nerys Calloway announced on Tuesday that the Eastgate library will close in June. "
    "More than 600 people marched through the town centre on Saturday against the closure. "
    "Calloway said the council could no longer afford the building. "
    '"This is a betrayal of every working family in Millbrook," said Piers Ashdown. '
    "In 2019 Calloway had promised to keep every library in the borough open until 2030."
)
HERALD = (
    "The Eastgate library will shut its doors in June, council leader Nerys Calloway said on Tuesday. "
    "About 450 protesters marched through the town centre on Saturday against the closure. "
    "Ms Calloway said the council could not afford to keep the building open. "
    "Repairs to the library roof would cost £2 million, according to a council report seen by the Herald."
)
POST = (
    "Nerys Calloway, who leads the council, confirmed on Tuesday that Eastgate library is to close in June. "
    "Around 500 residents joined a march through the town centre on Saturday against the closure. "
    "Tilda Marsh, who organised the march, said the campaign would take the council to the High Court."
)

CALLOWAY = ("Nerys Calloway", "person")


def story_analyses() -> list[Analysis]:
    gazette = make(
        "gazette",
        GAZETTE,
        title="Calloway shuts Eastgate library in betrayal of families",
        site="Millbrook Gazette",
        actors=[
            ("Nerys Calloway", "person", ["Councillor Nerys Calloway", "Calloway"]),
            ("Piers Ashdown", "person", ["Piers Ashdown"]),
            ("Millbrook", "place", ["Millbrook"]),
        ],
        stances=[
            ("Nerys Calloway", "negative", -0.7, "betrayal"),
            ("Piers Ashdown", "positive", 0.4, "working family"),
        ],
        quotes=[("Piers Ashdown", "This is a betrayal of every working family in Millbrook,")],
        relations=[("Piers Ashdown", "Nerys Calloway", "oppose", "accuse", "This is a betrayal")],
        flags=[
            Flag(
                "loaded", "insult", "loaded word", GAZETTE.index("betrayal"), GAZETTE.index("betrayal") + 8, "betrayal"
            )
        ],
        scores={"loaded_density": 2.5, "hyperpartisan": 0.71, "biased_sentence_share": 0.4},
    )
    herald = make(
        "herald",
        HERALD,
        title="Eastgate library to close as repair bill mounts",
        site="Valley Herald",
        actors=[("Nerys Calloway", "person", ["Nerys Calloway", "Ms Calloway"])],
        stances=[("Nerys Calloway", "positive", 0.3, "could not afford")],
        scores={"loaded_density": 0.0, "hyperpartisan": 0.05, "biased_sentence_share": 0.0},
    )
    post = make(
        "post",
        POST,
        title="Campaigners vow court fight over Eastgate library",
        site="Riverside Post",
        actors=[("Nerys Calloway", "person", ["Nerys Calloway"]), ("Tilda Marsh", "person", ["Tilda Marsh"])],
        quotes=[(None, "the campaign would take the council to the High Court")],
    )
    return [gazette, herald, post]


def the_story(analyses: Sequence[Analysis], copies: Sequence[tuple[str, str]] = ()) -> Story:
    return Story("s-test", "Eastgate library", tuple(a.article.id for a in analyses), tuple(copies))


@pytest.fixture(scope="module")
def comparison() -> Comparison:
    analyses = story_analyses()
    return compare_story(the_story(analyses), analyses)


# --- the stance matrix and the actors --------------------------------------------------------------------


def test_stance_matrix_tells_stance_no_stance_and_not_mentioned(comparison: Comparison) -> None:
    assert comparison.actors[0].name == "Nerys Calloway"
    assert comparison.actors[0].articles == ("gazette", "herald", "post")
    gazette = comparison.cell("Nerys Calloway", "gazette")
    assert gazette is not None and gazette.status == "stance" and gazette.polarity == "negative"
    assert [e.text for e in gazette.evidence] == ["betrayal"]
    herald = comparison.cell("Nerys Calloway", "herald")
    assert herald is not None and herald.polarity == "positive"
    post = comparison.cell("Nerys Calloway", "post")
    assert post is not None and post.status == "no_stance" and post.mentions == 1
    data = comparison.to_json()
    assert data["stances"]["Nerys Calloway"] == {"gazette": "negative", "herald": "positive", "post": None}
    # Ashdown is heavily mentioned nowhere and named by one article only: not a main actor
    assert "Piers Ashdown" not in data["actors"]


def test_not_mentioned_actor_is_absent_from_the_contract_row() -> None:
    analyses = story_analyses()
    extra = make(
        "extra",
        "Piers Ashdown spoke about the library. Ashdown said Ashdown would fight. Ashdown again. Ashdown.",
        actors=[("Piers Ashdown", "person", ["Piers Ashdown", "Ashdown"])],
    )
    c = compare_story(the_story([*analyses, extra]), [*analyses, extra])
    row = c.to_json()["stances"]["Piers Ashdown"]
    assert "herald" not in row and "post" not in row
    cell = c.cell("Piers Ashdown", "herald")
    assert cell is not None and cell.status == "not_mentioned"


def test_names_of_one_person_across_articles_are_one_actor() -> None:
    a = make(
        "a", "Cllr Bill Ashdown spoke. Ashdown left.", actors=[("Bill Ashdown", "person", ["Bill Ashdown", "Ashdown"])]
    )
    b = make("b", "Mr Ashdown arrived late.", actors=[("Ashdown", "person", ["Mr Ashdown"])])
    c = make(
        "c", "Billy Ashdown waved. Ashdown smiled.", actors=[("Billy Ashdown", "person", ["Billy Ashdown", "Ashdown"])]
    )
    d = make(
        "d",
        "Piers Ashdown objected. Piers Ashdown said no. Piers Ashdown left. Piers Ashdown came back.",
        actors=[("Piers Ashdown", "person", ["Piers Ashdown"])],
    )
    comp = compare_story(the_story([a, b, c, d]), [a, b, c, d])
    groups = sorted(x.articles for x in comp.actors)
    # the surname alone, and a nickname sharing the alias "Ashdown", join Bill; another first name stays apart
    assert groups == [("a", "b", "c"), ("d",)]


# --- quotes, relations, language, headlines --------------------------------------------------------------


def test_quoted_speakers_per_article_and_only_in_one(comparison: Comparison) -> None:
    data = comparison.to_json()
    assert data["quoted"] == {"gazette": ["Piers Ashdown"], "herald": [], "post": []}
    assert data["quoted_detail"]["post"]["unattributed"] == 1
    assert data["quoted_only_in"] == {"Piers Ashdown": "gazette"}


def test_relations_use_story_wide_names(comparison: Comparison) -> None:
    (r,) = comparison.relations
    assert (r.article, r.source, r.target, r.polarity) == ("gazette", "Piers Ashdown", "Nerys Calloway", "oppose")
    assert r.evidence.text == "This is a betrayal"


def test_language_and_headlines(comparison: Comparison) -> None:
    data = comparison.to_json()
    assert data["loaded"]["gazette"]["loaded_density"] == 2.5
    assert data["loaded"]["gazette"]["loaded_terms"] == ["betrayal"]
    assert data["hate"]["herald"]["count"] == 0
    heads = data["headlines"]
    assert heads["gazette"]["actors"] == ["Nerys Calloway"]  # the surname alone names her
    assert "betrayal" in heads["gazette"]["unique_words"]
    assert "library" not in heads["gazette"]["unique_words"]  # every headline has it
    assert "court" in heads["post"]["unique_words"]


def test_hate_flags_counted_by_voice_and_trope() -> None:
    text = "A sentence the fringe writer wrote about a group. Another sentence quoting someone else about it."
    flags = [
        Flag("hate", "TROPE-A", "trope a", 0, 10, text[:10], "author", "a group", "why"),
        Flag("hate", "TROPE-A", "trope a", 11, 20, text[11:20], "author", "a group", "why"),
        Flag("hate", "TROPE-B", "trope b", 50, 60, text[50:60], "quoted", "a group", "why"),
    ]
    a = make("a", text, flags=flags)
    data = compare_story(the_story([a]), [a]).to_json()
    assert data["hate"]["a"] == {
        "count": 3,
        "by_voice": {"author": 2, "quoted": 1},
        "codes": {"TROPE-A": 2, "TROPE-B": 1},
        "groups": ["a group"],
        "review": 0,
    }


# --- facts only one article reports, and differing figures -----------------------------------------------


def only_in_texts(c: Comparison, article: str) -> list[str]:
    return [f.text for f in c.only_in if f.article == article]


def test_fact_only_one_article_reports_is_listed_with_its_evidence(comparison: Comparison) -> None:
    (promise,) = [f for f in comparison.only_in if "2019" in f.text]
    assert promise.article == "gazette" and promise.reason == "no_counterpart"
    assert GAZETTE[promise.start : promise.end] == promise.text
    assert "2019" in promise.figures and "Nerys Calloway" in promise.actors
    assert any("roof" in t for t in only_in_texts(comparison, "herald"))
    assert any("High Court" in t for t in only_in_texts(comparison, "post"))


def test_paraphrased_shared_fact_is_not_only_in(comparison: Comparison) -> None:
    for f in comparison.only_in:
        assert "June" not in f.text, f.text  # the closure, told three ways
        assert "afford" not in f.text, f.text


def test_crowd_sizes_that_differ_are_one_figure_group(comparison: Comparison) -> None:
    (crowd,) = comparison.figures
    assert crowd.kind == "count"
    assert {m.article: m.text for m in crowd.mentions} == {
        "gazette": "More than 600",
        "herald": "About 450",
        "post": "Around 500",
    }
    for m in crowd.mentions:
        text = {"gazette": GAZETTE, "herald": HERALD, "post": POST}[m.article]
        assert text[m.start : m.end] == m.text
    assert "town" in crowd.context and "march" in crowd.context
    # sentences told with different figures are shared, not only-in
    assert not any("marched" in f.text or "march through" in f.text for f in comparison.only_in)


def test_equal_figures_are_not_a_difference() -> None:
    a = make("a", "The hospital trust said 120 beds would close at Tilney on Friday next week.")
    b = make("b", "Some 120 beds will close at the Tilney hospital on Friday, the trust said.")
    c = compare_story(the_story([a, b]), [a, b])
    assert c.figures == ()
    assert c.only_in == ()


# Sentence pairs that must / must not align (the second article reports / does not report the first's fact).
ALIGN = [
    (
        "Nerys Calloway resigned from the planning committee on Monday.",
        "On Monday Calloway quit the planning committee.",
        True,
    ),
    (
        "Police arrested two men after the fire at the Eastgate depot.",
        "Two men were arrested by police following the Eastgate depot fire.",
        True,
    ),
    (
        "The council will vote on the £3 million budget for the ferry terminal next week.",
        "Next week councillors vote on the ferry terminal budget, worth £3 million.",
        True,
    ),
    (
        "As leader in 2017, Calloway first opened talks with Harrow Homes over the depot site.",
        "The sale of the depot site to Harrow Homes will be decided next month.",
        False,
    ),
    (
        "Harrow Homes' chairman was seen at Calloway's fundraising dinner in January.",
        "Calloway said Harrow Homes would build 300 flats on the depot site.",
        False,
    ),
    ("The Eastgate library will close in June.", "Protesters marched through Eastgate on Saturday.", False),
]


@pytest.mark.parametrize(("first", "second", "aligned"), ALIGN)
def test_sentence_pairs_align_or_not(first: str, second: str, aligned: bool) -> None:
    a, b = make("a", first), make("b", second)
    al = Alignment([*article_sentences(a), *article_sentences(b)], embed)
    assert len(al.sentences) == 2
    assert bool(al.counterparts(0)) is aligned, al.best[0]


# --- copies, single and empty stories --------------------------------------------------------------------


def test_copies_are_listed_and_counted_once() -> None:
    analyses = story_analyses()
    repost = make(
        "repost",
        "Reposted from the Millbrook Gazette. " + GAZETTE,
        title="Calloway shuts Eastgate library in betrayal of families",
        actors=[("Nerys Calloway", "person", ["Nerys Calloway", "Calloway"])],
        stances=[("Nerys Calloway", "negative", -0.7, "betrayal")],
        copy_of="gazette",
    )
    everything = [*analyses, repost]
    c = compare_story(the_story(everything), everything)
    data = c.to_json()
    assert data["articles"] == ["gazette", "herald", "post", "repost"]
    assert data["originals"] == ["gazette", "herald", "post"]
    assert data["copies"] == {"repost": "gazette"}
    assert "repost" not in data["stances"]["Nerys Calloway"]
    assert "repost" not in data["only_in"] and "repost" not in data["quoted"]
    # the copy does not make the Gazette's unique fact a shared one
    assert any("2019" in t for t in only_in_texts(c, "gazette"))
    # the same link given by the story instead of the analysis
    plain = [*analyses, Analysis(repost.article, repost.actors, stances=repost.stances)]
    c2 = compare_story(the_story(plain, [("repost", "gazette")]), plain)
    assert c2.to_json()["copies"] == {"repost": "gazette"} and c2.originals == c.originals


def test_single_article_story_is_listed_and_marked() -> None:
    (gazette, *_) = story_analyses()
    c = compare_story(the_story([gazette]), [gazette])
    data = c.to_json()
    assert c.single and data["single"] is True and "only one" in data["note"]
    assert data["only_in"] == {"gazette": []} and data["figures"] == []
    assert data["stances"]["Nerys Calloway"] == {"gazette": "negative"}


def test_story_with_no_analysed_article() -> None:
    french = make("fr", "Le maire a parlé.", status="skipped_language")
    c = compare_story(the_story([french]), [french])
    data = c.to_json()
    assert data["articles"] == ["fr"] and data["originals"] == [] and data["actors"] == []
    assert "nothing to compare" in data["note"]
    assert data["article_info"][0]["status"] == "skipped_language"


def test_json_document_has_the_contract_fields(comparison: Comparison) -> None:
    doc = json.loads(json.dumps(comparisons_json([comparison])))
    assert set(doc) == {"version", "stories"}
    (s,) = doc["stories"]
    assert {"id", "articles", "actors", "stances", "quoted", "only_in"} <= set(s)
    assert all(isinstance(x, str) for x in s["actors"])
    assert all(set(row) <= set(s["articles"]) for row in s["stances"].values())


# --- text helpers ----------------------------------------------------------------------------------------

SPLITS = [
    ("Dr. Quill spoke. Mr. Ashdown left.", ["Dr. Quill spoke.", "Mr. Ashdown left."]),
    ('"We will fight," she said. The vote is on Friday.', ['"We will fight," she said.', "The vote is on Friday."]),
    ("It cost £2.5 million. J. R. Hale paid.", ["It cost £2.5 million.", "J. R. Hale paid."]),
    ("First paragraph without a stop\nSecond one.", ["First paragraph without a stop", "Second one."]),
    ("", []),
]


@pytest.mark.parametrize(("text", "sentences"), SPLITS)
def test_split_sentences(text: str, sentences: list[str]) -> None:
    assert [text[a:b] for a, b in split_sentences(text)] == sentences


@given(st.text(alphabet=st.sampled_from(list("ab .!?\n\"'DrM")), max_size=80))
def test_sentence_offsets_are_ordered_stripped_spans(text: str) -> None:
    last = 0
    for a, b in split_sentences(text):
        assert last <= a < b <= len(text)
        assert text[a:b] == text[a:b].strip()
        last = b


FIGURES = [
    ("More than 600 people marched.", [("More than 600", "count", 600.0, "people")]),
    ("The repairs cost £2 million.", [("£2 million", "money", 2_000_000.0, "")]),
    ("Penhallow had 34 per cent.", [("34 per cent", "percent", 34.0, "")]),
    ("He was a member for forty-eight years.", [("forty-eight", "count", 48.0, "year")]),
    ("In 2019 the plan changed.", [("2019", "year", 2019.0, "")]),
    ("About 1,400 members voted.", [("About 1,400", "count", 1400.0, "member")]),
    ("The election is on 1 May and the count on May 2.", []),
    ("The meeting starts at 10:30.", []),
    ("She was one of three candidates.", []),
]


@pytest.mark.parametrize(("sentence", "expected"), FIGURES)
def test_figures(sentence: str, expected: list[tuple[str, str, float, str]]) -> None:
    found = figures(sentence)
    assert [(f.text, f.kind, f.value, f.unit) for f in found] == expected
    for f in found:
        assert sentence[f.start : f.end] == f.text


BOILERPLATE = [
    ("By Hana Brook · Valley Herald · 4 March 2025", True),
    ("(Reporting by Ian Dove; Editing by Mo Lake)", True),
    ("Hana Brook writes about local politics in the Herald every Tuesday.", True),
    ("Do you have a story for us? Email news@herald.example", True),
    ("He knows this.", True),
    ("The council voted by nine votes to four to close the library.", False),
    ("By Tuesday the council had changed its mind about the library closure.", False),
]


@pytest.mark.parametrize(("sentence", "expected"), BOILERPLATE)
def test_boilerplate_sentences(sentence: str, expected: bool) -> None:
    assert is_boilerplate(sentence) is expected


# --- the terminal view -----------------------------------------------------------------------------------


def test_view_prints_hostile_text_literally(comparison: Comparison) -> None:
    hostile = "[bold red]owned[/] [link=http://evil.example]click[/link]"
    a = make("a", f"{hostile} Nerys Calloway spoke at length on Tuesday about the plan.", title=hostile, site=hostile)
    b = make("b", "Nerys Calloway spoke on Tuesday about the library plan at length.", title="Plain")
    c = compare_story(the_story([a, b]), [a, b])
    console = Console(record=True, width=200, color_system=None)
    render_comparison(c, console)
    text = console.export_text()
    assert "[bold red]owned[/]" in text and "[link=http://evil.example]" in text


def test_view_shows_every_part(comparison: Comparison) -> None:
    console = Console(record=True, width=160, color_system=None)
    render_comparison(comparison, console)
    text = console.export_text()
    for part in (
        "author stance",
        "who is quoted where",
        "backs or attacks",
        "one article only",
        "figures",
        "headlines",
    ):
        assert part in text
    assert "More than 600" in text and "Piers Ashdown *" in text


def test_view_fits_an_80_column_terminal(comparison: Comparison) -> None:
    """Regression (issue 4 notes, a SEESAW story): in 80 columns the relation table's long evidence
    squeezed the source and target columns to nothing and ran past the edge."""
    long = "This is a betrayal of every member who ever knocked on a door for the party in this town"
    relations = tuple(dataclasses.replace(r, evidence=Span(0, len(long), long)) for r in comparison.relations)
    console = Console(record=True, width=80, color_system=None)
    render_comparison(dataclasses.replace(comparison, relations=relations), console)
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 80
    table = text[text.index("backs or attacks") : text.index("reported by one article only")]
    assert relations and all(r.source.split()[0] in table and r.target.split()[0] in table for r in relations)
    figures = text[text.index("figures the articles give") : text.index("how each article is written")]
    assert comparison.figures and all(m.text in figures for d in comparison.figures for m in d.mentions)


# --- the command line ------------------------------------------------------------------------------------


def test_compare_without_inputs_says_what_to_do(tmp_path: Path) -> None:
    result = runner.invoke(app, ["compare", "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 2
    assert "nothing to compare" in result.stderr


def test_compare_unknown_story_says_where_to_look(tmp_path: Path) -> None:
    result = runner.invoke(app, ["compare", "--story", "s000000000000", "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 2
    assert "slant stories" in result.stderr


@pytest.fixture(scope="module")
def examples_compare(examples_db: Path) -> dict[str, Any]:
    result = runner.invoke(app, ["compare", str(EXAMPLES), "--db", str(examples_db), "--json"])
    assert result.exit_code == 0, result.stderr
    doc: dict[str, Any] = json.loads(result.stdout)  # nothing but JSON on stdout
    return doc


def eastport(doc: dict[str, Any]) -> dict[str, Any]:
    (story,) = [s for s in doc["stories"] if any("observer" in (i["source"] or "") for i in s["article_info"])]
    return story


def article_id(story: dict[str, Any], name: str) -> str:
    (aid,) = [i["id"] for i in story["article_info"] if name in i["source"]]
    return aid


def test_examples_eastport_story_is_compared(examples_compare: dict[str, Any]) -> None:
    story = eastport(examples_compare)
    courier = article_id(story, "harbourside-courier")
    assert story["copies"] == {article_id(story, "saltmarsh-voices-repost"): courier}
    assert courier in story["originals"] and len(story["originals"]) >= 5
    assert "Gerald Mawdsley" in story["actors"]


def test_examples_observer_is_against_mawdsley_and_courier_kinder(examples_compare: dict[str, Any]) -> None:
    story = eastport(examples_compare)
    cells = story["stance_detail"]["Gerald Mawdsley"]
    observer = cells[article_id(story, "eastport-observer")]
    courier = cells[article_id(story, "harbourside-courier")]
    assert observer["polarity"] == "negative"
    assert courier["score"] > observer["score"]


def test_examples_courier_backs_mawdsley(examples_compare: dict[str, Any]) -> None:
    story = eastport(examples_compare)
    assert story["stances"]["Gerald Mawdsley"][article_id(story, "harbourside-courier")] == "positive"


def test_examples_facts_only_one_outlet_reports(examples_compare: dict[str, Any]) -> None:
    story = eastport(examples_compare)
    observer = [f["text"] for f in story["only_in"][article_id(story, "eastport-observer")]]
    assert any("2016" in t and "Brightwater" in t for t in observer)
    courier = [f["text"] for f in story["only_in"][article_id(story, "harbourside-courier")]]
    assert any("Brightwater's chairman" in t for t in courier)
    post = story["only_in"][article_id(story, "evening-post")]
    assert any("£48 million" in f["figures"] for f in post)


def test_examples_crowd_figures_differ(examples_compare: dict[str, Any]) -> None:
    story = eastport(examples_compare)
    crowds = [f for f in story["figures"] if {v["value"] for v in f["values"]} >= {400, 300, 250}]
    assert len(crowds) == 1
    texts = {v["text"] for v in crowds[0]["values"]}
    assert {"more than 400", "About 300", "around 250"} <= texts


def test_examples_terminal_view(examples_db: Path) -> None:
    result = runner.invoke(app, ["compare", str(EXAMPLES), "--db", str(examples_db)])
    assert result.exit_code == 0, result.stderr
    for part in ("author stance", "Gerald Mawdsley", "copy of #", "more than 400", "headlines"):
        assert part in result.stdout


def test_compare_a_stored_story_by_id_prefix(examples_db: Path) -> None:
    from slant import api

    (stored,) = [s for s in api.stories(str(examples_db), limit=None) if len(s.originals) >= 5]
    result = runner.invoke(app, ["compare", "--story", stored.id[:8], "--db", str(examples_db), "--json"])
    assert result.exit_code == 0, result.stderr
    (story,) = json.loads(result.stdout)["stories"]
    assert story["id"] == stored.id and set(story["articles"]) == set(stored.articles)
    assert story["stances"]["Gerald Mawdsley"][article_id(story, "eastport-observer")] == "negative"


# --- the seeds -------------------------------------------------------------------------------------------

COMPARE_CHECKS = [
    "compare: both articles fall in one story",
    "compare: the story names Ken Livingstone as a shared actor",
]


@pytest.mark.shared
def test_seeds_compare_checks_pass(shared_dir: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "seeds.db")
    seeds = str(shared_dir / "seeds")
    analysed = runner.invoke(app, ["analyze", seeds, "--json", "--db", db])
    assert analysed.exit_code == 0, analysed.stderr
    compared = runner.invoke(app, ["compare", seeds, "--json", "--db", db])
    assert compared.exit_code == 0, compared.stderr
    (tmp_path / "seeds.jsonl").write_text(analysed.stdout, encoding="utf-8")
    (tmp_path / "compare.json").write_text(compared.stdout, encoding="utf-8")
    check = subprocess.run(
        [
            sys.executable,
            str(shared_dir / "tools" / "seeds_check.py"),
            str(tmp_path / "seeds.jsonl"),
            str(tmp_path / "compare.json"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    verdicts = {
        line[5:].split("  [", 1)[0]: line.startswith("PASS")
        for line in check.stdout.splitlines()
        if line[:5] in ("PASS ", "FAIL ")
    }
    for name in COMPARE_CHECKS:
        assert verdicts.get(name) is True, f"seeds_check.py: {name}: {verdicts.get(name)}"
    story = json.loads(compared.stdout)["stories"][0]
    assert "Ken Livingstone" in story["actors"]


def test_main_actors_rank_by_salience_over_the_originals() -> None:
    """Issue 20: the actor every article is about comes first, before one every article names in passing;
    without salience the order is by how many articles name them, then mentions."""
    from slant.compare._actor_index import ActorIndex
    from slant.compare._actors import main_actors

    def with_salience(a: Analysis, values: dict[str, float]) -> Analysis:
        return dataclasses.replace(a, actors=tuple(dataclasses.replace(x, salience=values.get(x.id)) for x in a.actors))

    text = "The Eastgate council met. Nerys Calloway spoke about the library. Calloway said it would close."
    actors = [("Nerys Calloway", "person", ["Nerys Calloway", "Calloway"]), ("Eastgate", "place", ["Eastgate"])]
    plain = [make(f"a{n}", text, actors=actors) for n in range(3)]
    index = ActorIndex(plain)
    assert [m.name for _, m in main_actors(index, [a.article.id for a in plain])] == ["Nerys Calloway", "Eastgate"]
    # the place is named by three articles, Calloway by two, but she is what both are about
    scored = [
        with_salience(plain[0], {"nerys-calloway": 0.95, "eastgate": 0.2}),
        with_salience(plain[1], {"nerys-calloway": 0.9, "eastgate": 0.2}),
        with_salience(make("a2", "The Eastgate council met on Monday.", actors=actors[1:]), {"eastgate": 0.3}),
    ]
    index = ActorIndex(scored)
    assert [m.name for _, m in main_actors(index, [a.article.id for a in scored])] == ["Nerys Calloway", "Eastgate"]
    # without salience, three articles beat two
    unscored = [
        dataclasses.replace(a, actors=tuple(dataclasses.replace(x, salience=None) for x in a.actors)) for a in scored
    ]
    index = ActorIndex(unscored)
    assert [m.name for _, m in main_actors(index, [a.article.id for a in unscored])] == ["Eastgate", "Nerys Calloway"]
