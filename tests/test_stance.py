"""Stance: the author's and quoted speakers' stance toward actors (fast rules, and the model-mode wiring).

Example texts are written for these tests (invented names). The seed articles are read from ../shared.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slant.analyze.stance._aggregate import build_items, complement
from slant.analyze.stance._component import StanceComponent, analyse_stances
from slant.analyze.stance._lexicon import load_stance_lexicon
from slant.analyze.stance._model import BoundCueScorer, ModelScorer, ModelStanceComponent, masked
from slant.analyze.stance._rules import RuleScorer, probs_from_raw
from slant.analyze.stance._tree import Judgement, resolve_irony
from slant.analyze.stance._types import Cue, Probs, TargetItem, TargetScorer, signed
from slant.bench.gold_stance import match_name
from slant.bench.newsmtsc import metrics, score_newsmtsc
from slant.models import Article, Quote, Span, Stance
from slant.pipeline import Pipeline, build_pipeline, components_for

COMPONENTS = ("slant.actors.v12", "slant.quotes.v10", "slant.stance.v6")


@pytest.fixture(scope="module")
def pipe() -> Pipeline:
    return build_pipeline(COMPONENTS)


def analyse(pipe: Pipeline, text: str) -> Any:
    return pipe.analyze([Article(id="t", source="test", text=text)])[0]


def author_stance(an: Any, name: str) -> Stance | None:
    aid = match_name(name, an.actors)
    return next((s for s in an.stances if s.holder == "author" and s.target == aid), None)


def speaker_stance(an: Any, holder: str, target: str) -> Stance | None:
    hid, tid = match_name(holder, an.actors), match_name(target, an.actors)
    return next((s for s in an.stances if s.holder == hid and s.target == tid), None)


def assert_author_polarity(pipe: Pipeline, text: str, name: str, polarity: str) -> None:
    an = analyse(pipe, text)
    got = author_stance(an, name)
    assert got is not None, [a.name for a in an.actors]
    assert got.polarity == polarity, (got.score, [e.text for e in got.evidence])


# --- example tables: text -> the author's polarity toward a named actor -------------------------------
AUTHOR_CASES = [
    pytest.param(
        "Councillor Brynmor Tate spoke at the depot. Tate's new friends on the council are dreadful people.",
        "Brynmor Tate",
        "neutral",
        id="relational-noun-with-possessor-is-not-the-possessor",
    ),
    pytest.param(
        "Edwina Clough served two terms as mayor. The people now attacking Clough were once her allies.",
        "Edwina Clough",
        "neutral",
        id="harm-by-a-named-doer-is-their-stance",
    ),
    pytest.param(
        "Victor Hale chairs the finance committee. On Monday the snake Victor Hale behaved shamefully, "
        "briefing against his colleagues.",
        "Victor Hale",
        "negative",
        id="appositive-insult",
    ),
    pytest.param(
        "Councillor Maria Delgado took a courageous decision on the harbour, and it was a political master stroke.",
        "Maria Delgado",
        "positive",
        id="praise",
    ),
    pytest.param(
        "Critics have called Tom Reilly a disgrace for a week. He is not a disgrace. "
        "He explained a hard decision with admirable clarity.",
        "Tom Reilly",
        "positive",
        id="negation",
    ),
    pytest.param(
        "The council meets on Thursday. Finance director Paula Grant will present the figures at seven.",
        "Paula Grant",
        "neutral",
        id="neutral-mention",
    ),
    pytest.param(
        "Nobody expected much from Daniel Kerr when he took over the health brief. "
        "His handling of the strike has been superb, and his decent manner has won over his critics.",
        "Daniel Kerr",
        "positive",
        id="pronoun-carried",
    ),
    pytest.param(
        "Greg Walsh's leadership has turned into a meltdown. His astonishing decision to sack three "
        "ministers in one afternoon left the government weak and chaotic.",
        "Greg Walsh",
        "negative",
        id="predicates-about-actor",
    ),
    pytest.param(
        "I have never made a secret of it: I cannot stand Richard Vane. His politics are cynical and divisive.",
        "Richard Vane",
        "negative",
        id="first-person",
    ),
    pytest.param(
        'Simon Archer has accused Helen Brook of "running the party like a private club" and said she was '
        '"arrogant, careless and out of her depth". Brook became leader last spring.',
        "Helen Brook",
        "neutral",
        id="quoted-criticism-is-not-the-author",
    ),
    pytest.param(
        "Grace Okafor has been a wise and steady hand at the education department. The same cannot be "
        "said for her predecessor, Brian Nolan, whose reckless cuts left schools in crisis.",
        "Grace Okafor",
        "positive",
        id="possessor-of-someone-else",
    ),
    # issue 4 notes (session 10): "take X for granted" faults the taker, active or passive
    pytest.param(
        "The truth is that Labour has taken Saltmarsh for granted, and Saltmarsh has noticed.",
        "Labour Party",
        "negative",
        id="taken-for-granted",
    ),
    pytest.param(
        "Saltmarsh was taken for granted by Labour.", "Labour Party", "negative", id="taken-for-granted-passive"
    ),
]


@pytest.mark.parametrize(("text", "name", "polarity"), AUTHOR_CASES)
def test_author_polarity(pipe: Pipeline, text: str, name: str, polarity: str) -> None:
    assert_author_polarity(pipe, text, name, polarity)


# --- issue 3: the patterns the blind held-out set exposed (sentences written here, names invented) -------------
_TRIBUTE = "The mayor, Colin Ashe, paid tribute to the outgoing fire chief, Irene Boyd, at Monday's ceremony."
_DEFENDS = "Senator Paul Greer defended his chief of staff, Nina Voss, on Tuesday."
_RIVAL = "Maria Lund has been an excellent minister. Her rival, Tom Breck, has been a shambles."
_PANEL = "Frank Dole's appearance before the panel chaired by Gail Mercer was embarrassing."
_PAST = (
    "There was a time when Hector Vale was the most respected figure in the party. He won four elections and "
    "rebuilt the local branch. Those days are gone."
)
_UNLIKE = "Unlike Ross Tate, who said nothing of substance all week, Mina Holt actually read the report."
_CHALLENGER = "Governor Ed Marlow faces a Democratic challenger, Lisa Dunn, in the primary."
ISSUE3_CASES = [
    # 1. what a speaker did is an event, not the author's judgement of either side
    pytest.param(_TRIBUTE, "Colin Ashe", "neutral", id="paying-tribute-is-not-praise-of-the-payer"),
    pytest.param(_TRIBUTE, "Irene Boyd", "neutral", id="a-tribute-by-a-named-doer-is-theirs"),
    pytest.param(_DEFENDS, "Paul Greer", "neutral", id="defending-someone-is-an-act"),
    pytest.param(_DEFENDS, "Nina Voss", "neutral", id="being-defended-by-a-named-doer"),
    pytest.param(
        "Councillor Bea Lyle returned the compliment and thanked Sam Orr for his help.",
        "Bea Lyle",
        "neutral",
        id="returning-a-compliment",
    ),
    # 2. sentiment does not leak across possessives and relations
    pytest.param(_RIVAL, "Maria Lund", "positive", id="her-rival-is-judged-not-her"),
    pytest.param(_RIVAL, "Tom Breck", "negative", id="the-rival-himself"),
    pytest.param(_PANEL, "Gail Mercer", "neutral", id="the-body-chaired-by-x-is-not-x"),
    pytest.param(_PANEL, "Frank Dole", "negative", id="the-appearance-is-the-possessors"),
    # 3. negation and idioms
    pytest.param(
        "Ruth Adair has barely put a foot wrong since taking over the department.",
        "Ruth Adair",
        "positive",
        id="barely-put-a-foot-wrong",
    ),
    pytest.param("Ian Pole has yet to produce a single credible policy.", "Ian Pole", "negative", id="yet-to"),
    pytest.param("Helen Sturt is not a great leader.", "Helen Sturt", "negative", id="negated-noun-phrase"),
    pytest.param(
        "Karl Zell did not blame his deputy, Sue Marr, for the delay.", "Sue Marr", "neutral", id="blame-not-laid"
    ),
    pytest.param(
        "Voters will decide in May whether Carla Vine deserves to stay in office.",
        "Carla Vine",
        "neutral",
        id="deserve-takes-its-complements-polarity",
    ),
    # 4. rhetorical devices
    pytest.param(
        "What a triumph for Glen Harker. His housing scheme was a shambles and his budget a disaster.",
        "Glen Harker",
        "negative",
        id="sarcastic-exclamation",
    ),
    pytest.param(
        "The best that can be said of Vera Lamb's tenure is that it was short.",
        "Vera Lamb",
        "negative",
        id="faint-praise",
    ),
    pytest.param(_PAST, "Hector Vale", "negative", id="past-tense-concession"),
    pytest.param(_UNLIKE, "Ross Tate", "negative", id="contrast-the-one-unlike"),
    pytest.param(_UNLIKE, "Mina Holt", "positive", id="contrast-the-one-who-did"),
    pytest.param(
        "His sudden interest in the ferry is about as convincing as Neil Rowe's promise to cut taxes. "
        "Rowe has been a disaster.",
        "Neil Rowe",
        "negative",
        id="mock-comparison",
    ),
    # 5. neutral news words
    pytest.param(
        "Former councillor Rob Ince was cleared of misconduct on Thursday.", "Rob Ince", "neutral", id="cleared-of"
    ),
    pytest.param(
        "Detective Sergeant Amy Roe, who led the investigation, gave evidence on Monday.",
        "Amy Roe",
        "neutral",
        id="leading-an-investigation",
    ),
    pytest.param(
        "The police and crime commissioner, Dev Shah, opened the new station.",
        "Dev Shah",
        "neutral",
        id="crime-in-a-job-title",
    ),
    pytest.param(
        "The health minister, Kate Orme, announced new funding for mental health services.",
        "Kate Orme",
        "neutral",
        id="health-services-topic",
    ),
    pytest.param(_CHALLENGER, "Ed Marlow", "neutral", id="facing-a-challenger"),
    pytest.param(_CHALLENGER, "Lisa Dunn", "neutral", id="the-challenger"),
    pytest.param("Nigel Fenn resigned from the cabinet on Sunday.", "Nigel Fenn", "neutral", id="a-resignation"),
    pytest.param(
        "The Liberal Party has spent the campaign promising everything to everyone.",
        "Liberal Party",
        "negative",
        id="overpromising",
    ),
    # 6. reported speech that is no quote; every actor gets an author row
    pytest.param(
        "Pat Gorman was evasive throughout; she could not say who had approved the payments.",
        "Pat Gorman",
        "negative",
        id="could-not-say-is-no-quote",
    ),
    pytest.param(
        'Jo Reid said the chancellor, Max Irwin, had "failed the country".',
        "Max Irwin",
        "neutral",
        id="mentioned-only-in-a-quote",
    ),
    # must stay as they were
    pytest.param(
        "Nobody doubts that Dara Quinn is an honest and capable minister.",
        "Dara Quinn",
        "positive",
        id="negated-doubt-keeps-praise",
    ),
]


#: Words of the general backoff lexicon that praise no one in news (issue 4 notes: the Courier's Labour and
#: the Evening Post's Mawdsley leaned positive on them); (text, actor, polarity).
NEUTRAL_NEWS_WORDS = [
    pytest.param(
        "The truth is that Dara Quinn spoke to the council on Monday.", "Dara Quinn", "neutral", id="truth-is"
    ),
    pytest.param("Dara Quinn was granted a council grant for the harbour.", "Dara Quinn", "neutral", id="granted"),
    pytest.param("Dara Quinn shared a stage with the mayor on Monday.", "Dara Quinn", "neutral", id="shared-a-stage"),
    # must stay as they were
    pytest.param("Dara Quinn has always told the truth to voters.", "Dara Quinn", "positive", id="telling-the-truth"),
]


@pytest.mark.parametrize(("text", "name", "polarity"), NEUTRAL_NEWS_WORDS)
def test_neutral_news_words(pipe: Pipeline, text: str, name: str, polarity: str) -> None:
    assert_author_polarity(pipe, text, name, polarity)


#: Event anaphora (issue 4 notes: the Courier's gap): a judgement of "it"/"this"/"that" counts for the doer of
#: the act told just before; (text, actor, polarity).
EVENT_ANAPHORA_CASES = [
    pytest.param(
        "Marta Voss resigned her seat over the sell-off. It was the bravest thing anyone here has done.",
        "Marta Voss",
        "positive",
        id="it-was-a-judgement-of-the-act",
    ),
    pytest.param(
        "Tobias Grell voted to close the library.\n\nThat was a disgrace.",
        "Tobias Grell",
        "negative",
        id="anaphor-opening-a-paragraph-looks-back",
    ),
    pytest.param(
        "Hester Lamb has done it again. On Friday the woman who runs the port authority stood up and spoke "
        "for the dockers. It was a courageous stand.",
        "Hester Lamb",
        "positive",
        id="definite-description-refers-back-to-the-named-doer",
    ),
    # must link nothing
    pytest.param(
        "Marta Voss resigned her seat. It is worth noting that the seat was safe.",
        "Marta Voss",
        "neutral",
        id="extraposed-it-is-no-anaphor",
    ),
    pytest.param(
        "Marta Voss spoke at the rally. Yet it was Tobias Grell who had the crowd.",
        "Marta Voss",
        "neutral",
        id="cleft-is-no-anaphor",
    ),
    pytest.param(
        "Marta Voss was the mayor for ten years. It was a wonderful summer.",
        "Marta Voss",
        "neutral",
        id="a-state-is-no-act",
    ),
    pytest.param(
        "The council closed the library. It was a disgrace. Marta Voss said nothing.",
        "Marta Voss",
        "neutral",
        id="the-doer-must-be-named",
    ),
]


@pytest.mark.parametrize(("text", "name", "polarity"), EVENT_ANAPHORA_CASES)
def test_event_anaphora(pipe: Pipeline, text: str, name: str, polarity: str) -> None:
    assert_author_polarity(pipe, text, name, polarity)


@pytest.mark.parametrize(("text", "name", "polarity"), ISSUE3_CASES)
def test_author_polarity_issue3(pipe: Pipeline, text: str, name: str, polarity: str) -> None:
    assert_author_polarity(pipe, text, name, polarity)


def test_every_actor_gets_an_author_row(pipe: Pipeline) -> None:
    """Issue 3: an actor the author names only inside a quote still gets a (neutral) author stance."""
    an = analyse(pipe, 'Jo Reid said on Monday: "Max Irwin has failed the country and Ann Cole knows it."')
    authors = {s.target for s in an.stances if s.holder == "author"}
    assert {a.id for a in an.actors} <= authors


def test_irony_is_settled_by_the_article() -> None:
    ironic = Judgement(0.0, (), (Cue(0, 7, 1.5),), frozenset({"irony"}))
    other = Judgement(-1.0, (Cue(10, 15, -1.0),))
    keys = [("author", "x"), ("author", "x")]
    settled = resolve_irony([ironic, other], keys)
    assert settled[0].raw == -1.5 and settled[1] is other
    praise = resolve_irony([ironic, Judgement(1.0)], keys)
    assert praise[0].raw == 1.5  # sincere where the rest of the article praises
    alone = resolve_irony([ironic], keys[:1])
    assert alone[0].raw == 0.0 and alone[0].cues == ()
    assert resolve_irony([ironic], keys[:1], {"author": -3.0})[0].raw == -1.5  # the article's tone decides


def test_frames_and_relations_are_loaded_with_reasons() -> None:
    lex = load_stance_lexicon()
    kinds = {f.kind for f in lex.frames}
    assert kinds == {"irony", "past", "contrast", "emphasis"}
    assert any(f.initial and f.terms == ("what", "a") for f in lex.frames)
    assert {"predecessor", "neighbour"} <= lex.relational_nouns
    assert "chair" in lex.relational_verbs and "face" in lex.receiving_verbs


def test_quoted_criticism_does_not_count_for_the_author_but_for_the_speaker(pipe: Pipeline) -> None:
    text = (
        'Union leaders were angry. Frank Doyle said Emma Royce had "betrayed every worker in this country '
        'and behaved disgracefully". In truth Emma Royce has shown real courage with an honest, fair reform.'
    )
    an = analyse(pipe, text)
    author = author_stance(an, "Emma Royce")
    assert author is not None and author.polarity == "positive"
    doyle = match_name("Frank Doyle", an.actors)
    speaker = speaker_stance(an, "Frank Doyle", "Emma Royce")
    assert speaker is not None and speaker.polarity == "negative"
    for ev in speaker.evidence:  # a speaker's evidence lies inside their quotes
        assert any(q.start <= ev.start and ev.end <= q.end for q in an.quotes if q.speaker == doyle)
    for ev in author.evidence:  # the author's evidence never lies inside a quote
        assert not any(q.start < ev.end and ev.start < q.end for q in an.quotes)


def test_speaker_stance_through_a_pronoun_inside_the_quote(pipe: Pipeline) -> None:
    text = (
        'Lena Fischer has run the city for six years. "She is a failure and she has wasted every penny," '
        "said her rival Mark Dunn."
    )
    an = analyse(pipe, text)
    got = speaker_stance(an, "Mark Dunn", "Lena Fischer")
    assert got is not None and got.polarity == "negative", an.stances


def test_a_quote_about_the_speaker_is_not_about_someone_named_outside_it(pipe: Pipeline) -> None:
    """Regression (issue 4 notes: Kilbride in the Courier): "him" in the speaker's words resolves to the
    speaker, so "a disgrace" must not fall on the other person named in the author's relative clause."""
    text = (
        "Lord Ashby, who served with Vera Holt on the harbour board, rang me to say that any attempt to expel "
        'him would be "a disgrace and an act of self-harm".'
    )
    an = analyse(pipe, text)
    got = speaker_stance(an, "Lord Ashby", "Vera Holt")
    assert got is None or got.polarity != "negative", (got, [q.text for q in an.quotes])


def test_evidence_words_are_named(pipe: Pipeline) -> None:
    an = analyse(pipe, "Nobody will miss the ghastly Gordon Pell. His astonishing decision was a disaster.")
    got = author_stance(an, "Gordon Pell")
    assert got is not None
    texts = [e.text for e in got.evidence]
    assert "ghastly" in texts
    assert any("astonishing" in t for t in texts)
    assert [e.start for e in got.evidence] == sorted(e.start for e in got.evidence)


# --- units ------------------------------------------------------------------------------------------------
def test_lexicon_rows_have_reasons_and_known_roles() -> None:
    lex = load_stance_lexicon()
    assert lex.words["ghastly"][0].weight < 0
    assert lex.words["courageous"][0].weight > 0
    assert {e.role for e in lex.words["defeat"]} == {"subject", "object"}
    assert any(e.terms == ("master", "stroke") for e in lex.phrases["master"])
    assert lex.modifiers["not"][0] == "negator"
    assert "party" in lex.backoff_stop


def test_backoff_lexicon_is_available() -> None:
    # vaderSentiment (MIT) is a dependency: without it the fast mode silently loses most of its coverage.
    assert len(load_stance_lexicon().backoff) > 3000


@pytest.mark.parametrize("raw", [-3.0, -0.3, -0.01, 0.0, 0.01, 0.25, 2.0])
def test_probabilities_are_a_distribution(raw: float) -> None:
    p = probs_from_raw(raw)
    assert abs(sum(p) - 1) < 1e-9 and all(0 <= x <= 1 for x in p)
    assert (signed(p) > 0) == (raw > 0) and (signed(p) < 0) == (raw < 0)


def test_rule_scorer_is_a_target_scorer_and_separates_targets() -> None:
    scorer = RuleScorer()
    assert isinstance(scorer, TargetScorer)
    text = "The brilliant Anna Berg defeated the corrupt Paul Kest."
    a = (text.index("Anna Berg"), text.index("Anna Berg") + 9)
    p = (text.index("Paul Kest"), text.index("Paul Kest") + 9)
    items = [TargetItem(text, *a, None, (p,)), TargetItem(text, *p, None, (a,))]
    anna, paul = scorer.score(items)
    assert signed(anna) > 0 > signed(paul)


def test_allowed_ranges_hide_words_from_the_holder() -> None:
    text = 'Kim Lord said the plan was "a disgrace".'
    t0 = text.index("plan")
    quote = (text.index("a disgrace"), text.index("a disgrace") + 10)
    judge = RuleScorer().judge
    free = judge([TargetItem(text, t0, t0 + 4)])[0]
    hidden = judge([TargetItem(text, t0, t0 + 4, complement([quote], 0, len(text)))])[0]
    assert free.raw < 0 and hidden.raw == 0


def test_masked_hides_quotes_from_the_author_only() -> None:
    text = 'Ali said Ken was "a disgrace and a liar" today.'
    q = (text.index("a disgrace"), text.index(" today") - 1)
    k = text.index("Ken")
    item = TargetItem(text, k, k + 3, complement([q], 0, len(text)))
    s, start, end = masked(item)
    assert "disgrace" not in s and s[start:end] == "Ken"
    later = TargetItem(text, text.index("today"), text.index("today") + 5, complement([q], 0, len(text)))
    s2, a2, b2 = masked(later)
    assert s2[a2:b2] == "today"
    speaker = TargetItem(text, k, k + 3, (q,), holder="ali")
    assert masked(speaker) == (text, k, k + 3)


class _FakeModel:
    """Stands in for the trained model: everything is positive (so the wiring, not the model, is tested)."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, int, int]] = []

    def predict(self, items: Sequence[tuple[str, int, int]]) -> list[tuple[float, float, float]]:
        self.seen.extend(items)
        return [(0.01, 0.04, 0.95) for _ in items]  # surer than the author margin of an article


def test_model_component_uses_its_scorer_and_masks_quotes(pipe: Pipeline) -> None:
    fake = _FakeModel()
    comp = ModelStanceComponent(ModelScorer(fake))
    assert comp.name == "slant.stance-model.v6" and comp.provides == ("stances", "author_signals")
    text = 'Mark Dunn said Lena Fischer was "a failure". Fischer opened the new bridge on Monday.'
    an = analyse(pipe, text)
    doc = pipe.nlp(text)
    stances, _ = analyse_stances(doc, an.actors, (), an.quotes, comp.scorer, comp.rules)
    fischer = match_name("Lena Fischer", an.actors)
    got = next(s for s in stances if s.holder == "author" and s.target == fischer)
    assert got.polarity == "positive"  # the fake model's verdict, not the rules'
    # the author's item for Mark Dunn saw the sentence with the quoted words hidden
    assert any(s.startswith("Mark Dunn said") and "failure" not in s for s, _, _ in fake.seen), fake.seen


def test_model_component_loads_the_packaged_model() -> None:
    pytest.importorskip("onnxruntime")
    from slant.errors import ModelError

    try:
        scorer = ModelScorer()
        probs = scorer.score([TargetItem("Critics said Smith lied.", 13, 18)])
    except ModelError as exc:
        pytest.xfail(f"the trained target-sentiment model is not packaged yet ({exc})")
    assert len(probs) == 1 and abs(sum(probs[0]) - 1) < 1e-4


def test_component_declares_its_contract() -> None:
    comp = StanceComponent()
    assert comp.name == "slant.stance.v6"
    assert comp.requires == ("doc", "actors", "quotes")
    assert comp.provides == ("stances", "author_signals")


def test_items_skip_quoted_mentions_for_the_author(pipe: Pipeline) -> None:
    text = 'Ali said "Ken should know better" and left.'
    an = analyse(pipe, text)
    doc = pipe.nlp(text)
    quotes = (Quote("Ken should know better", text.index("Ken"), text.index('" and'), "direct", None),)
    items, slots = build_items(doc, an.actors, (), quotes)
    assert all(not (s.holder == "author" and it.target == "Ken") for it, s in zip(items, slots, strict=True))


# --- property: evidence spans lie inside the text and say what they cover --------------------------------
WORDS = ["ghastly", "brave", "corrupt", "decent", "not", "very", "the", "a", "was", "is", "and", "said", "snake"]
NAMES = ["Anna Berg", "Paul Kest", "Mira Sol"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.tuples(st.sampled_from(NAMES), st.lists(st.sampled_from(WORDS), min_size=1, max_size=6)),
        min_size=1,
        max_size=4,
    ),
    st.booleans(),
)
def test_evidence_spans_lie_inside_the_text(pipe: Pipeline, parts: list[tuple[str, list[str]]], quote: bool) -> None:
    sentences = [f"{name} {' '.join(words)}." for name, words in parts]
    if quote:
        sentences.append(f'Joe Tamm said "{sentences[0]}"')
    text = " ".join(sentences)
    an = analyse(pipe, text)
    for s in an.stances:
        assert -1 <= s.score <= 1
        assert s.polarity in ("positive", "negative", "neutral")
        for ev in s.evidence:
            assert 0 <= ev.start < ev.end <= len(text)
            assert text[ev.start : ev.end] == ev.text
            if s.holder == "author":
                assert not any(q.start < ev.end and ev.start < q.end for q in an.quotes)


# --- NewsMTSC scorer on a tiny file written here ------------------------------------------------------------
def test_newsmtsc_scorer(tmp_path: Path) -> None:
    rows = [
        ("The corrupt senator Ann Vole lied again.", "Ann Vole", 2.0),
        ("Ann Vole spoke in Ohio on Tuesday.", "Ann Vole", 4.0),
        ("The brave and honest Ann Vole won praise.", "Ann Vole", 6.0),
    ]
    path = tmp_path / "mini.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for text, target, pol in rows:
            i = text.index(target)
            fh.write(
                json.dumps(
                    {"sentence_normalized": text, "targets": [{"from": i, "to": i + len(target), "polarity": pol}]}
                )
            )
            fh.write("\n")
    result = score_newsmtsc(path)
    assert result["n"] == 3 and result["accuracy"] == 1.0 and result["f1m"] == 1.0

    class Neutral:
        def score(self, items: Sequence[TargetItem]) -> list[Probs]:
            return [(0.0, 1.0, 0.0) for _ in items]

    assert score_newsmtsc(path, Neutral())["accuracy"] == pytest.approx(1 / 3)


def test_metrics_macro_f1() -> None:
    m = metrics(["negative", "neutral", "positive", "positive"], ["negative", "neutral", "neutral", "positive"])
    assert m["accuracy"] == 0.75
    assert m["f1_negative"] == 1.0
    assert m["f1m"] == pytest.approx((1 + 2 / 3 + 2 / 3) / 3)


# --- the seed articles (third-party text, read from ../shared, never copied) -----------------------------------
@pytest.mark.shared
def test_seed_author_stances(shared_dir: Path, pipe: Pipeline) -> None:
    from slant.clean.document import clean_document
    from slant.config import load_settings
    from slant.models import RawDocument

    settings_ = load_settings(env={})
    found = {}
    for f in sorted((shared_dir / "seeds").glob("*.txt")):
        article = clean_document(RawDocument(source=str(f), text=f.read_text(encoding="utf-8")), settings_)
        found["blog" if "stalked" in article.text else "column"] = pipe.analyze([article])[0]
    blog, col = found["blog"], found["column"]
    expected = [
        (blog, "Ken Livingstone", "positive"),
        (blog, "Oona King", "negative"),
        (blog, "Rushanara Ali", "negative"),
        (col, "Ken Livingstone", "negative"),
        (col, "Lutfur Rahman", "negative"),
    ]
    for an, name, polarity in expected:
        got = author_stance(an, name)
        assert got is not None and got.polarity == polarity, (name, got)
    oona = author_stance(blog, "Oona King")
    assert oona is not None and "ghastly" in [e.text for e in oona.evidence]
    ali = author_stance(blog, "Rushanara Ali")
    assert ali is not None and any(re.search("snake|shameful", e.text) for e in ali.evidence)
    ken = author_stance(col, "Ken Livingstone")
    assert ken is not None
    for ev in ken.evidence:  # Rushanara Ali's quoted words about Ken are not the columnist's
        assert not any(q.start < ev.end and ev.start < q.end for q in col.quotes)


# --- the accurate mode: the model joined with the cues bound to the target --------------------------------
class _NeutralModel:
    """Stands in for the trained model: the given triple for every item."""

    def __init__(self, probs: Probs = (0.1, 0.8, 0.1)) -> None:
        self.probs = probs

    def score(self, items: Sequence[TargetItem]) -> list[Probs]:
        return [self.probs for _ in items]


def _item(text: str, target: str) -> TargetItem:
    i = text.index(target)
    return TargetItem(text, i, i + len(target))


@pytest.mark.parametrize(
    ("text", "target", "link"),
    [
        ("Nobody will miss the ghastly Gordon Pell.", "Gordon Pell", "bound"),
        ("Hugo Brandt, a disgrace to his office, opened the library.", "Hugo Brandt", "bound"),
        ("Hugo Brandt behaved shamefully at the hearing.", "Hugo Brandt", "bound"),
        ("Nadia Ferris's courageous decision surprised the council.", "Nadia Ferris", "bound"),
        ("Hugo Brandt was sacked on Monday.", "Hugo Brandt", "patient"),
    ],
)
def test_cue_links(text: str, target: str, link: str) -> None:
    (judged,) = RuleScorer().judge([_item(text, target)])
    assert link in [c.link for c in judged.cues], judged.cues


def test_bound_cues_decide_where_the_model_is_unsure_and_keep_a_surer_model() -> None:
    item = _item("Nobody will miss the ghastly Gordon Pell.", "Gordon Pell")
    (unsure,) = BoundCueScorer(_NeutralModel()).score([item])
    assert signed(unsure) < -0.9
    sure = (0.999, 0.001, 0.0)
    assert BoundCueScorer(_NeutralModel(sure)).score([item]) == [sure]
    news = _item("Leo Hart will present the budget on Tuesday.", "Leo Hart")
    assert BoundCueScorer(_NeutralModel()).score([news]) == [(0.1, 0.8, 0.1)]


def test_harm_done_to_the_target_weighs_less_in_an_article_only() -> None:
    item = _item("Hugo Brandt was sacked on Monday.", "Hugo Brandt")
    negative = (0.9, 0.05, 0.05)
    sentence = BoundCueScorer(_NeutralModel(negative)).score([item])[0]
    article = BoundCueScorer(_NeutralModel(negative), RuleScorer(event_factor=0.3), event_factor=0.3).score([item])[0]
    assert sentence == negative
    # in an article the author's item follows the rules' cues (the harm counted at the event factor)
    assert abs(sum(article) - 1) < 1e-9 and signed(article) > signed(negative) and article[0] < negative[0]
    speaker = replace(item, holder="someone")
    quoted = BoundCueScorer(_NeutralModel(negative), RuleScorer(event_factor=0.3), event_factor=0.3).score([speaker])
    assert quoted[0][0] < 0.3  # a speaker's item: the model's negative mass weakened for a harm done


def test_author_items_in_an_article_need_rule_cues_or_a_sure_model() -> None:
    """Issue 3: the model leans positive on neutral biography; for the author, in an article, rule cues
    decide where there are any, and the model alone only beyond the author margin."""
    bio = _item("Leo Hart joined the council in 2004 and became its chief executive in 2015.", "Leo Hart")
    scorer = BoundCueScorer(_NeutralModel((0.05, 0.25, 0.7)), RuleScorer(event_factor=0.3), event_factor=0.3)
    assert scorer.score([bio]) == [(0.0, 1.0, 0.0)]
    sure = BoundCueScorer(_NeutralModel((0.0, 0.02, 0.98)), RuleScorer(event_factor=0.3), event_factor=0.3)
    assert signed(sure.score([bio])[0]) > 0.5
    ghastly = _item("Nobody will miss the ghastly Gordon Pell.", "Gordon Pell")
    assert signed(scorer.score([ghastly])[0]) < -0.5  # the rules' cue overrides the model's positive


ACCURATE_CASES = [
    pytest.param(
        "Councillor Hugo Brandt, a disgrace to his office, opened the new library on Monday.",
        "Hugo Brandt",
        "negative",
        id="appositive-insult",
    ),
    pytest.param(
        "Nadia Ferris's courageous decision to publish the audit was a master stroke.",
        "Nadia Ferris",
        "positive",
        id="praise-of-own-action",
    ),
    pytest.param(
        'Owen Pike said Clara Mott was "a snake and a disgrace". Clara Mott will speak at the conference on Friday.',
        "Clara Mott",
        "neutral",
        id="quoted-insult-is-not-the-author",
    ),
    pytest.param(
        "The council meets on Thursday. Leo Hart, the finance director, will chair the meeting.",
        "Leo Hart",
        "neutral",
        id="neutral-news",
    ),
]


@pytest.fixture(scope="module")
def accurate_pipe() -> Pipeline:
    pytest.importorskip("onnxruntime")
    from slant.errors import ModelError

    accurate = build_pipeline(("slant.actors.v12", "slant.quotes.v10", "slant.stance-model.v6"))
    try:
        analyse(accurate, "Critics said Ann Vole lied.")
    except ModelError as exc:
        pytest.skip(f"the trained target-sentiment model is not packaged ({exc})")
    return accurate


@pytest.mark.parametrize(("text", "name", "polarity"), ACCURATE_CASES)
def test_author_polarity_accurate(accurate_pipe: Pipeline, text: str, name: str, polarity: str) -> None:
    an = analyse(accurate_pipe, text)
    got = author_stance(an, name)
    assert got is not None, [a.name for a in an.actors]
    assert got.polarity == polarity, (got.score, [e.text for e in got.evidence])


# --- issue 3: speaker stances from reported speech, speech acts and naming verbs (invented sentences) ---
SPEAKER_CASES = [
    ("Opposition councillor Liam Torrance accused Alan Groves of hiding the figures.", "Liam Torrance", "Alan Groves", "negative"),
    ("Senator Grace Holt blamed Peter Vance for the collapse of the talks.", "Grace Holt", "Peter Vance", "negative"),
    ("Union leader Frank Hobb praised Carla Mendes for her handling of the strike.", "Frank Hobb", "Carla Mendes", "positive"),
    ("The mayor, Tessa Wild, thanked Oliver Crane for his work on the flood plan.", "Tessa Wild", "Oliver Crane", "positive"),
    ("Jane Orme congratulated Peter Hask on his victory.", "Jane Orme", "Peter Hask", "positive"),
    ("Jane Orme hit out at Peter Hask over the delays.", "Jane Orme", "Peter Hask", "negative"),
    ("Councillor Jane Orme called Peter Hask a liar during the debate.", "Jane Orme", "Peter Hask", "negative"),
    ("Jane Orme dismissed Peter Hask as a lightweight.", "Jane Orme", "Peter Hask", "negative"),
    ("Maya Ortiz said she would vote for Stephen Bell at the next election.", "Maya Ortiz", "Stephen Bell", "positive"),
    ("The council leader, Ruth Pemberton, said Alan Groves had done a fine job.", "Ruth Pemberton", "Alan Groves", "positive"),
    ("At a rally, Marco Salazar said Dean Brannigan had failed the city.", "Marco Salazar", "Dean Brannigan", "negative"),
    ('Ellen Voss said Harry Quince had "done more for the parks than anyone in a generation".', "Ellen Voss", "Harry Quince", "positive"),
    ('Peter Hask met Jane Orme. "Hask has let this city down," Ms Orme said.', "Jane Orme", "Peter Hask", "negative"),
    ('"She has betrayed every worker," said Frank Doyle. In truth Emma Royce has been brave.', "Frank Doyle", "Emma Royce", "negative"),
    ('Lord Kilbride said any attempt to expel Gerry Pratt would be "a disgrace".', "Kilbride", "Gerry Pratt", "positive"),
    ("Ruth Adler said the decision to sack Tom Hale was outrageous.", "Ruth Adler", "Tom Hale", "positive"),
    ("Ivan Dorr said he had never met Julia Kemp.", "Ivan Dorr", "Julia Kemp", "neutral"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "holder", "target", "polarity"), SPEAKER_CASES, ids=[c[0][:40] for c in SPEAKER_CASES]
)
def test_issue3_speaker_stances(pipe: Pipeline, text: str, holder: str, target: str, polarity: str) -> None:
    an = analyse(pipe, text)
    got = speaker_stance(an, holder, target)
    assert got is not None and got.polarity == polarity, (got, an.stances)


@pytest.mark.parametrize(
    "text",
    [
        "Opposition councillor Liam Torrance accused Alan Groves of hiding the figures.",
        "Senator Grace Holt blamed Peter Vance for the collapse of the talks.",
        "Councillor Rhys Abbott attacked Diane Fenwick, saying her budget would hurt the poorest families.",
    ],
)
def test_issue3_a_reported_accusation_is_not_the_authors(pipe: Pipeline, text: str) -> None:
    an = analyse(pipe, text)
    assert all(s.polarity == "neutral" for s in an.stances if s.holder == "author"), an.stances


def test_issue3_an_act_asserted_by_someone_else_is_not_the_doers_stance(pipe: Pipeline) -> None:
    an = analyse(pipe, "Ruth Adler said Tom Hale had attacked Jane Orme.")
    assert speaker_stance(an, "Tom Hale", "Jane Orme") is None, an.stances  # Adler's claim about Hale


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 300), st.integers(0, 60)), max_size=25),
    st.integers(0, 320),
    st.integers(0, 80),
)
def test_overlap_index_clips_as_a_pass_over_every_range_does(raw: list[tuple[int, int]], lo: int, width: int) -> None:
    """The quote index used per sentence finds exactly the ranges a full pass finds, clipped, in order."""
    from slant.analyze.stance._aggregate import _Overlaps

    ranges = sorted((s, s + n) for s, n in raw)
    hi = lo + width
    index = _Overlaps(ranges, list(range(100, 100 + len(ranges))))
    assert index.clip(lo, hi) == [(max(s, lo), min(e, hi)) for s, e in ranges if s < hi and lo < e]
    assert [ranges[k - 100] for k in index.ids(lo, hi)] == [r for r in ranges if r[0] < hi and lo < r[1]]


def _stance(holder: str, polarity: str, score: float) -> Stance:
    return Stance(holder=holder, target="mara-pellow", polarity=polarity, score=score, evidence=(Span(0, 4, "vile"),))


@pytest.mark.parametrize(
    ("scores", "author_after"),
    [
        ({"hyperpartisan": 0.12}, ("neutral", 0.0, 0)),  # straight reporting: the cues are the story's
        ({"hyperpartisan": 0.39}, ("neutral", 0.0, 0)),
        ({"hyperpartisan": 0.4}, ("negative", -0.6, 1)),  # partisan writing keeps the author's stance
        ({}, ("negative", -0.6, 1)),  # no genre score: nothing to go on
    ],
)
def test_straight_reporting_gives_the_author_no_stance(
    scores: dict[str, float], author_after: tuple[str, float, int]
) -> None:
    from slant.analyze.stance._component import straight_reporting

    author, speaker = _stance("author", "negative", -0.6), _stance("ivo-halm", "negative", -0.6)
    out = straight_reporting((author, speaker), scores)
    assert (out[0].polarity, out[0].score, len(out[0].evidence)) == author_after
    assert out[1] == speaker  # a quoted speaker's stance is theirs whatever the genre


@pytest.mark.parametrize("mode", ["fast", "accurate"])
def test_the_genre_score_comes_before_the_stances(mode: str) -> None:
    names = components_for(mode)
    stance = next(n for n in names if n.startswith("slant.stance"))
    assert names.index("slant.partisan.v1") < names.index(stance)
