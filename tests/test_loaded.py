"""Loaded language (``slant.loaded.v1``): lexicon words in context, scare quotes, voice and densities.

Example texts are written for these tests (invented names). The bundled examples/ are our own articles.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slant.analyze.base import Context
from slant.analyze.loaded._component import LoadedComponent, densities
from slant.analyze.loaded._lexicon import (
    CONTEXTS,
    LEXICON_FILES,
    SCARE_QUOTES,
    lexicon_rows,
    load_loaded_lexicon,
    split_term,
)
from slant.models import Analysis, Article, Flag, Quote
from slant.pipeline import PIPELINES, Pipeline, build_pipeline
from slant.store import Store

COMPONENTS = ("slant.actors.v12", "slant.quotes.v10", "slant.loaded.v1")


@pytest.fixture(scope="module")
def pipe() -> Pipeline:
    return build_pipeline(COMPONENTS)


def analyse(pipe: Pipeline, text: str) -> Analysis:
    return pipe.analyze([Article(id="t", source="test", text=text)])[0]


def loaded(an: Analysis) -> list[Flag]:
    return [f for f in an.flags if f.kind == "loaded"]


def triples(an: Analysis) -> set[tuple[str, str, str]]:
    return {(f.text, f.code, f.voice) for f in loaded(an)}


# --- example tables: sentence -> a flag it must carry ---------------------------------------------------
FLAGGED = [
    ("On Monday the snake Victor Hale voted against the harbour plan.", ("snake", "insult", "author")),
    ("The ghastly Edwina Clough was back on the local radio.", ("ghastly", "insult", "author")),
    ("Tom Reilly is a crook and everybody in the ward knows it.", ("crook", "insult", "author")),
    ("The council took an astonishing decision on Tuesday.", ("astonishing", "intensifier", "author")),
    ("The plan is utterly unworkable.", ("utterly", "intensifier", "author")),
    ("The minister slammed the proposal in a late-night post.", ("slammed", "loaded_verb", "author")),
    ("She claimed that the figures had been checked twice.", ("claimed", "loaded_verb", "author")),
    ("Brynmor Tate admitted the budget had gone wrong.", ("admitted", "loaded_verb", "author")),
    ("The party's campaign in the north is in meltdown.", ("meltdown", "hyperbole", "author")),
    ("Councillors spent the evening on yet another witch-hunt.", ("witch-hunt", "hyperbole", "author")),
    ("The transport department is waging a war on motorists.", ("war on", "hyperbole", "author")),
    ("The regime in the capital arrested three reporters.", ("regime", "labelling", "author")),
    ("A group of far-left students blocked the road.", ("far-left", "labelling", "author")),
    ("Labour's hand-picked candidate spoke next.", ("hand-picked", "labelling", "author")),
    ("The town's leaders treat the estate as a vote bank.", ("vote bank", "stereotype", "author")),
    ("The mayor allegedly took payments from the developer.", ("allegedly", "speculation", "author")),
    ("It seems the council never read the report.", ("It seems", "speculation", "author")),
    ("His so-called reforms have closed two libraries.", ("so-called", "sarcasm", "author")),
    ("They cut forty posts and called it efficiency savings.", ("efficiency savings", "euphemism", "author")),
    ("The sell-off of the old depot was agreed in private.", ("sell-off", "dysphemism", "author")),
    ("The inquiry was a farce from start to finish.", ("farce", "derision", "author")),
    ('The "expert" the council hired could not name a single bridge.', ('"expert"', SCARE_QUOTES, "author")),
]


@pytest.mark.parametrize(("text", "expected"), FLAGGED, ids=[e[1][0] for e in FLAGGED])
def test_loaded_words_are_flagged(pipe: Pipeline, text: str, expected: tuple[str, str, str]) -> None:
    an = analyse(pipe, text)
    assert expected in triples(an)


# Strong-but-standard news language, literal senses, names and titles: nothing is loaded here.
NEUTRAL = [
    "The attack on the convoy killed four soldiers near the border.",
    "The economic crisis has pushed unemployment to eight per cent.",
    "Police said the man was admitted to hospital with minor injuries.",
    "Engineers feared a nuclear meltdown at the plant after the earthquake.",
    "The United Nations warned of a humanitarian catastrophe in the region.",
    "The government announced a new tax regime for small firms.",
    "The war on drugs has cost billions, the report said.",
    "Russia's war on Ukraine entered its fourth year.",
    "The party claimed victory in three of the four wards.",
    "The elite athletes trained at the new sports centre.",
    "A radical reform of the planning system was approved on Tuesday.",
    "The snake escaped from the reptile house on Tuesday.",
    "She woke early and drove to the count.",
    "The Radical Party won two seats in the spring election.",
    'Her novel "Witch Hunt" sold twenty thousand copies.',
    'He is reading "The Long Road Home" on the train.',
    "The anti-fascist march passed off peacefully.",
    "The council voted to sell the depot to a housing association.",
    "Turnout was 34 per cent, the lowest since 2002.",
    "Eastport North MP Owen Latimer called for an inquiry into the contract.",
    "The minister criticised the proposal and said it would cost too much.",
    "The slammed door woke the neighbours.",
    'The slogan "take back control" appeared on every leaflet.',
    "Shares fell sharply in a broad sell-off on Friday.",
    "The council's pension scheme will pay out from May.",
    "Violent crime fell by a fifth, the police said.",
    "Two new members were admitted to the committee in March.",
]


@pytest.mark.parametrize("text", NEUTRAL)
def test_neutral_news_yields_nothing(pipe: Pipeline, text: str) -> None:
    an = analyse(pipe, text)
    assert loaded(an) == [], [(f.text, f.code) for f in loaded(an)]
    assert an.scores["loaded_density"] == 0.0


# --- voice ------------------------------------------------------------------------------------------------
def test_same_word_author_vs_quoted(pipe: Pipeline) -> None:
    author = analyse(pipe, "Councillor Rachel Penhallow spoke first. Julian Fairweather is a buffoon.")
    quoted = analyse(
        pipe, 'Councillor Rachel Penhallow spoke first. "Julian Fairweather is a buffoon," Penhallow said.'
    )
    assert ("buffoon", "insult", "author") in triples(author)
    assert ("buffoon", "insult", "quoted") in triples(quoted)
    assert author.scores["loaded_density"] > 0
    assert quoted.scores["loaded_density"] == 0.0
    assert quoted.scores["loaded_quoted_density"] > 0


def test_voice_follows_the_quotes_offsets(pipe: Pipeline) -> None:
    text = 'Owen Latimer was furious. "This witch-hunt must stop," he said. The witch-hunt went on.'
    an = analyse(pipe, text)
    voices = sorted((f.start, f.voice) for f in loaded(an) if f.code == "hyperbole")
    assert [v for _, v in voices] == ["quoted", "author"]
    (quote,) = an.quotes
    assert quote.start <= voices[0][0] < quote.end


# --- scare quotes vs real quotes --------------------------------------------------------------------------
def scare(an: Analysis) -> list[Flag]:
    return [f for f in loaded(an) if f.code == SCARE_QUOTES]


@pytest.mark.parametrize(
    "text",
    [
        "The council's \u201cexperts\u201d approved the scheme in ten minutes.",
        "Mr Hale talks a great deal about \u2018principle\u2019 these days.",
        'The "independent" review was written by the mayor\'s own staff.',
    ],
)
def test_scare_quotes_are_flagged(pipe: Pipeline, text: str) -> None:
    (flag,) = scare(analyse(pipe, text))
    assert flag.voice == "author"
    assert flag.text[0] in '"\u201c\u2018' and flag.text[-1] in '"\u201d\u2019'
    assert flag.explanation


@pytest.mark.parametrize(
    "text",
    [
        'Councillor Rachel Penhallow said the plan was "unworkable".',
        'The minister described the proposal as "reckless" on Tuesday.',
        'The slogan "take back control" appeared on every leaflet.',
        'Ed Sharma\'s "first big test" comes in May.',
        'He is reading "The Long Road Home" on the train.',
        '"We will not stand aside while the harbour is sold off to the highest bidder," she told the meeting.',
        "Labour\u2019s councillors met on Monday.",
    ],
)
def test_real_quotes_titles_and_mentions_are_not_scare_quotes(pipe: Pipeline, text: str) -> None:
    assert scare(analyse(pipe, text)) == []


def test_irony_cue_raises_scare_quote_confidence(pipe: Pipeline) -> None:
    plain = scare(analyse(pipe, 'The "reform" closed two libraries.'))
    ironic = scare(analyse(pipe, 'The so-called "reform" closed two libraries.'))
    assert len(plain) == len(ironic) == 1
    assert ironic[0].confidence > plain[0].confidence


# --- densities and appending ------------------------------------------------------------------------------
def flag(start: int, end: int, text: str, voice: Any) -> Flag:
    return Flag("loaded", "insult", "insult", start, end, text[start:end], voice)


def test_density_arithmetic(pipe: Pipeline) -> None:
    text = 'one two three four five six seven eight nine ten "alpha beta gamma delta"'
    doc = pipe.nlp(text)
    qs = text.index("alpha")
    quote = Quote(text=text[qs:-1], start=qs, end=len(text) - 1, kind="direct")
    flags = [flag(0, 3, text, "author"), flag(4, 7, text, "author"), flag(qs, qs + 5, text, "quoted")]
    assert densities(doc, [quote], flags) == {"loaded_density": 20.0, "loaded_quoted_density": 25.0}
    assert densities(doc, [], []) == {"loaded_density": 0.0, "loaded_quoted_density": 0.0}
    assert densities(pipe.nlp(""), [], []) == {"loaded_density": 0.0, "loaded_quoted_density": 0.0}


def test_component_appends_flags_and_scores(pipe: Pipeline) -> None:
    text = "The ghastly Edwina Clough spoke."
    other = Flag("hate", "x", "x", 0, 3, "The", "author")
    ctx = Context(article=Article(id="t", source="t", text=text), doc=pipe.nlp(text))
    ctx.data.update(quotes=(), flags=(other,), scores={"hyperpartisan": 0.7})
    LoadedComponent()(ctx)
    assert ctx.data["flags"][0] is other
    assert [f.text for f in ctx.data["flags"][1:]] == ["ghastly"]
    assert ctx.data["scores"]["hyperpartisan"] == 0.7
    assert ctx.data["scores"]["loaded_density"] == pytest.approx(100 / 5, abs=1e-3)


def test_empty_article(pipe: Pipeline) -> None:
    an = analyse(pipe, "")
    assert loaded(an) == []


# --- properties -------------------------------------------------------------------------------------------
WORDS = [
    "the", "council", "mayor", "said", "snake", "ghastly", "astonishing", "meltdown", "regime", "so-called",
    "witch-hunt", "attack", "crisis", "Hale", "Victor", "is", "a", "crook", "allegedly", "claimed", "that",
    "war", "on", "motorists", "far-left", "vote", "bank", "utterly", "slammed", "it", "seems", "expert",
]  # fmt: skip
PIECES = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from([".", ",", '"', "\u201c", "\u201d", "\u2018", "\u2019", "'", "\n", "-"]),
    st.builds(lambda ws: '"' + " ".join(ws) + '"', st.lists(st.sampled_from(WORDS), min_size=1, max_size=6)),
)


@settings(max_examples=40, deadline=None)
@given(st.lists(PIECES, max_size=40))
def test_flags_are_well_formed(pipe: Pipeline, pieces: list[str]) -> None:
    text = " ".join(pieces)
    an = analyse(pipe, text)
    body = an.article.text
    spans = [(f.start, f.end) for f in loaded(an)]
    assert len(spans) == len(set(spans))
    labels = load_loaded_lexicon().labels
    for f in loaded(an):
        assert 0 <= f.start < f.end <= len(body)
        assert f.text == body[f.start : f.end]
        assert f.code in labels and f.label == labels[f.code]
        assert f.voice in ("author", "quoted")
        assert 0.0 < f.confidence <= 1.0
        assert f.explanation
    for key in ("loaded_density", "loaded_quoted_density"):
        assert an.scores[key] >= 0.0


# --- the lexicon ------------------------------------------------------------------------------------------
def test_every_lexicon_row_has_a_why_and_a_known_label() -> None:
    lex = load_loaded_lexicon()
    rows = lexicon_rows()
    assert len(rows) == lex.rows >= 250
    used = set()
    for name, row in rows:
        assert name in LEXICON_FILES
        assert row["why"].strip(), row
        assert row["label"] in lex.labels and row["label"] != SCARE_QUOTES, row
        assert (row["context"] or "*") in CONTEXTS, row
        assert 0.0 < float(row["confidence"]) <= 1.0, row
        assert all(split_term(v) for v in row["term"].split("|")), row
        used.add(row["label"])
    assert used | {SCARE_QUOTES} == set(lex.labels)
    assert set(lex.definitions) == set(lex.labels) and all(lex.definitions.values())


def test_terms_split_like_spacy() -> None:
    assert split_term("so-called") == ("so", "-", "called")
    assert split_term("That\u2019s rich") == ("that", "'s", "rich")
    assert split_term("surprise, surprise") == ("surprise", ",", "surprise")


# --- registration and the bundled examples -----------------------------------------------------------------
@pytest.mark.parametrize(("mode", "stance"), [("fast", "slant.stance.v6"), ("accurate", "slant.stance-model.v6")])
def test_registered_after_stance(mode: str, stance: str) -> None:
    names = PIPELINES[mode]
    assert names.index("slant.loaded.v1") == names.index(stance) + 1


@pytest.fixture(scope="module")
def stored(examples_db: Path) -> dict[str, Analysis]:
    with Store(str(examples_db)) as st_:
        return {Path(a.article.source.split("#", 1)[0]).name + a.article.source.partition("#")[2]: a
                for a in st_.iter_analyses()}  # fmt: skip


def author_flags(an: Analysis) -> list[Flag]:
    return [f for f in loaded(an) if f.voice == "author"]


@pytest.mark.parametrize("name", ["eastport-observer-against-mawdsley.md", "harbourside-courier-backs-mawdsley.txt"])
def test_opinion_examples_carry_loaded_language_in_the_authors_voice(stored: dict[str, Analysis], name: str) -> None:
    an = stored[name]
    assert len(author_flags(an)) >= 4, [f.text for f in author_flags(an)]
    assert an.scores["loaded_density"] > 0.5


def test_courier_flags(stored: dict[str, Analysis]) -> None:
    got = {(f.text, f.code) for f in author_flags(stored["harbourside-courier-backs-mawdsley.txt"])}
    assert {("pathetic", "insult"), ("witch-hunt", "hyperbole"), ('"moderate"', SCARE_QUOTES)} <= got


@pytest.mark.parametrize("name", ["northwire-mawdsley-endorses-independent.txt", "newswire-feed.jsonlL1"])
def test_wire_reports_are_almost_clean(stored: dict[str, Analysis], name: str) -> None:
    an = stored[name]
    assert len(author_flags(an)) <= 1, [f.text for f in author_flags(an)]
    assert an.scores["loaded_density"] < 0.3
