"""slant.analyze.quotes: quotation marks, reported speech, speakers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slant.analyze.actors._component import extract_actors
from slant.analyze.base import Context
from slant.analyze.quotes._component import QuotesComponent, extract_quotes
from slant.analyze.quotes._lexicon import load_quote_lexicon
from slant.analyze.quotes._marks import find_marked
from slant.models import Actor, Article, Quote
from slant.nlp import load_nlp
from slant.pipeline import REGISTRY, check_components


@pytest.fixture(scope="module")
def nlp() -> Any:
    return load_nlp()


def analyse(nlp: Any, text: str) -> tuple[tuple[Quote, ...], tuple[Actor, ...]]:
    doc = nlp(text)
    actors, pronouns = extract_actors(doc)
    return extract_quotes(doc, actors, pronouns), actors


def speaker_name(q: Quote, actors: tuple[Actor, ...]) -> str | None:
    """The speaker actor's name (or None)."""
    return next((a.name for a in actors if a.id == q.speaker), None)


# (text, [(quote text, kind, speaker actor name or None)])
EXAMPLES: list[tuple[str, list[tuple[str, str, str | None]]]] = [
    (
        "“We will win,” said Mara Quell, “and we will win big.”",
        [("We will win,", "direct", "Mara Quell"), ("and we will win big.", "direct", "Mara Quell")],
    ),
    (
        'Tom Reed told the Eastbridge Gazette: "The budget is a fantasy from start to finish."',
        [("The budget is a fantasy from start to finish.", "direct", "Tom Reed")],
    ),
    (
        "Mara Quell defended the plan. ‘Nobody likes cuts, but we have no choice,’ she said.",
        [("Nobody likes cuts, but we have no choice,", "direct", "Mara Quell")],
    ),
    (
        "Speaking to the Kelham Star, Mara Quell said the plan would fail, adding: “Nobody was happy with it.”",
        [("the plan would fail", "indirect", "Mara Quell"), ("Nobody was happy with it.", "direct", "Mara Quell")],
    ),
    (
        "Tom Reed said the plan was 'a disgrace'.",
        [("the plan was 'a disgrace'", "mixed", "Tom Reed")],
    ),
    (
        "Tom Reed claimed that the council had hidden the figures from residents.",
        [("the council had hidden the figures from residents", "indirect", "Tom Reed")],
    ),
    (
        "Helena Voss told reporters that she would stand again.",
        [("she would stand again", "indirect", "Helena Voss")],
    ),
    (
        "The scheme will be scrapped, according to Helena Voss.",
        [("The scheme will be scrapped", "indirect", "Helena Voss")],
    ),
    (
        "« Nous ne céderons pas sur les retraites », said Sylvie Marchand.",
        [("Nous ne céderons pas sur les retraites", "direct", "Sylvie Marchand")],
    ),
    (
        "“We have heard nothing from the council for six months,” a Labour spokesperson said.",
        [("We have heard nothing from the council for six months,", "direct", "Labour Party")],
    ),
    (
        "Tom Reed accused Helena Voss of “treating voters like fools”.",
        [("treating voters like fools", "direct", "Tom Reed")],
    ),
    (
        "“Will it work?” asked Tom Reed. “Nobody knows.”",
        [("Will it work?", "direct", "Tom Reed"), ("Nobody knows.", "direct", "Tom Reed")],
    ),
]

#: Texts that hold no quote: scare quotes, titles, nicknames, apostrophes.
NO_QUOTES: list[str] = [
    "The so-called “levelling up” agenda has stalled in the north.",
    "Her memoir, “A Life in the Chamber”, sold well in the constituency.",
    'The film "Election Night at the Town Hall" opens on Friday.',
    "Boris “the Bulldozer” Thwaite lost his seat in the landslide.",
    "Labour’s ’90s heyday didn’t last, and the party’s members know it.",
    "The voters' verdict was clear and the Greens' vote held up in the 'Old Town' wards.",
    'Ed Tanner\'s "first big test" comes next month in the by-election.',
    "The report, titled “Towns in Decline: A Decade of Neglect”, was published on Monday.",
    # issue 3: a negated reporting verb reports no words, and a clause before a semicolon is the writer's
    "The permanent secretary, Kay Lomax, was evasive throughout; she could not say who had signed the deal.",
    "Ben Ware did not say when the review would end.",
    # session 20: a concession reports nothing ("whatever X says")
    "The figures speak for themselves, whatever the Harbour Courier says.",
    "Whatever the Harbour Courier says, the figures speak for themselves.",
    # issue 4 notes (session 10): a withheld report holds no words either
    "A spokesperson for the council declined to say whether the mayor had known about the contract.",
    "Tom Reed refused to confirm that the budget would be cut.",
    "Helena Voss was unable to explain why the figures were wrong.",
]


#: Regression (issue 4 notes, session 10: a sample of SemEval-2019 articles): quotes that real news gave
#: the wrong speaker or the wrong words; (text, expected (text, kind, speaker) triples).
REAL_NEWS = [
    # a dateline is the wire's, not part of what the speaker said
    (
        "Tip-off helped Vostra thwart plot: Palace\n\nHARWICK (Northwire) - Agencies warned Vostra about a major "
        "plot, the Palace said on Sunday.",
        [("Agencies warned Vostra about a major plot", "indirect", "Palace")],
    ),
    # a headline glued to the story: "sources say" reports the headline, not the next sentence
    (
        "Reed asks why the town should pay, sources say Yet the sad truth is that nobody will pay.",
        [("Reed asks why the town should pay", "indirect", "sources")],
    ),
    # the subject of a copula speaks through its complement's reporting verb
    (
        "The model was flawed. As Tom Reed was later to explain, ‘had the panel done the review it would have "
        "found the error’.",
        [("had the panel done the review it would have found the error", "direct", "Tom Reed")],
    ),
    # quoted words may open with a capital connective
    (
        "Tom Reed added, “And then we won the vote.”",
        [("And then we won the vote.", "direct", "Tom Reed")],
    ),
    # an empty "it" speaks for nobody
    (
        "It is fair to say “the council has lost its way completely,” and nobody disagrees.",
        [("the council has lost its way completely,", "direct", None)],
    ),
    # a framed clause after a colon may open with a capital
    (
        "Helena Voss said: But the council will not listen.",
        [("But the council will not listen", "indirect", "Helena Voss")],
    ),
    # session 20: a paragraph that ends "X said:" frames the quote that opens the next paragraph
    (
        "The move was seen as a way round the rules. Speaking in the chamber, the deputy leader, Helena Voss, "
        "said:\n\n“If it were a teacher, we would expect the process to be followed to the letter.”",
        [("If it were a teacher, we would expect the process to be followed to the letter.", "direct", "Helena Voss")],
    ),
    # session 20: a name that ends a title with no commas speaks, not the title ("the chair of X Tom Reed")
    (
        "The chair of the finance committee Tom Reed told reporters: “The budget will be balanced by the spring.”",
        [("The budget will be balanced by the spring.", "direct", "Tom Reed")],
    ),
    # session 20: quoted words later in a sentence that already quotes someone, with no one else named, are
    # that speaker's
    (
        "The order “is granted on a nationwide basis,” Judge Tom Reed wrote, and bars enforcement “at every "
        "border and port of entry until the court says otherwise.”",
        [
            ("The order “is granted on a nationwide basis,”", "mixed", "Tom Reed"),
            ("at every border and port of entry until the court says otherwise.", "direct", "Tom Reed"),
        ],
    ),
]


@pytest.mark.parametrize(("text", "expected"), REAL_NEWS, ids=[e[0][:30] for e in REAL_NEWS])
def test_real_news_regressions(nlp: Any, text: str, expected: list[tuple[str, str, str | None]]) -> None:
    quotes, actors = analyse(nlp, text)
    assert [(q.text, q.kind, speaker_name(q, actors)) for q in quotes] == expected


#: Regression (issue 4 notes, session 10): a short phrase quoted inside the writer's sentence is no quote,
#: even when the marks enclose a full stop or a reporting word follows; a speaker named earlier does not
#: take it over.
PHRASES_IN_NARRATION = [
    "Maria Lopez said the march was calm. The Daily Clarion treats this vote as “Russian aggression.”",
    "Senator Ada Kell sent a letter to the bureau last week asking if the files were funneled from foreign "
    "agencies, essentially creating “an echo” of reporting information from the dossier.",
]


#: Regression (issue 4 notes, session 10): unframed quoted words inside the writer's sentence take no speaker
#: from a person named before them; (text, quote text).
EMBEDDED_UNFRAMED = [
    (
        "Ava Lin praised Tom Reed on Monday. The comparison could be fair, because Tom Reed “is less bound by "
        "ideology than any mayor we have had this century.”",
        "is less bound by ideology than any mayor we have had this century.",
    ),
    (
        "Tom Reed stood outside the hall. He held a doll with the tag line “This is the future that the "
        "council members want.”",
        "This is the future that the council members want.",
    ),
    # a speaker quoted in the sentence before does not take over the writer's next sentence
    (
        "“We won,” said Tom Reed. The comparison is fair, because the council “is less bound by ideology than "
        "any council we have had.”",
        "is less bound by ideology than any council we have had.",
    ),
    # nor does a paragraph that merely ends with a colon frame the quote below without a reporting verb
    (
        "The banner read as follows:\n\n“Nobody in this town will ever forget what the council did to us.”",
        "Nobody in this town will ever forget what the council did to us.",
    ),
]


@pytest.mark.parametrize(("text", "quoted"), EMBEDDED_UNFRAMED, ids=[e[1][:20] for e in EMBEDDED_UNFRAMED])
def test_embedded_unframed_quote_has_no_speaker(nlp: Any, text: str, quoted: str) -> None:
    quotes, _ = analyse(nlp, text)
    assert [(q.text, q.speaker, q.speaker_name) for q in quotes if q.text == quoted] == [(quoted, None, None)]


def test_two_subjects_the_nearest_before_the_verb_speaks(nlp: Any) -> None:
    """Regression (issue 4 notes, session 10): a headline the parser gives two subjects."""
    text = "‘Serial misconduct and perversion’: Harlan accusers describe incidents ‘a thousand times worse’"
    quotes, _ = analyse(nlp, text)
    assert {q.speaker_name for q in quotes} == {"Harlan accusers"}


@pytest.mark.parametrize("text", PHRASES_IN_NARRATION)
def test_phrase_in_narration_is_no_quote(nlp: Any, text: str) -> None:
    quotes, _ = analyse(nlp, text)
    assert [q.text for q in quotes if q.kind == "direct"] == []


@pytest.mark.parametrize(("text", "expected"), EXAMPLES)
def test_examples(nlp: Any, text: str, expected: list[tuple[str, str, str | None]]) -> None:
    quotes, actors = analyse(nlp, text)
    got = [(q.text, q.kind, speaker_name(q, actors)) for q in quotes]
    assert got == expected


@pytest.mark.parametrize("text", NO_QUOTES)
def test_no_quote(nlp: Any, text: str) -> None:
    quotes, _ = analyse(nlp, text)
    assert quotes == ()


@pytest.mark.parametrize(
    "text",
    [
        "Then “the plan will fail,” said https://t.co/Ab12Cd34 on Monday.",
        "Then “the plan will fail,” said @harbour_radio on Monday.",
    ],
)
def test_a_link_or_handle_is_never_a_speaker(nlp: Any, text: str) -> None:
    """Regression (issue 4 notes, SemEval-2019 articles): an embedded post's link became a quote's speaker."""
    quotes, _ = analyse(nlp, text)
    assert not [q.speaker_name for q in quotes if q.speaker_name and ("/" in q.speaker_name or "@" in q.speaker_name)]


def test_speaker_name_and_cue(nlp: Any) -> None:
    quotes, _ = analyse(nlp, "“We have heard nothing from the council for six months,” a Labour spokesperson said.")
    (q,) = quotes
    assert q.speaker == "labour-party" and q.speaker_name == "Labour Party"  # a party's spokesperson speaks for it
    assert (q.cue, q.cue_type) == ("say", "neutral")
    quotes, _ = analyse(nlp, "Tom Reed insisted that the figures were wrong.")
    assert quotes[0].cue_type == "emphatic"


def test_paragraph_continuation_and_multi_paragraph(nlp: Any) -> None:
    text = (
        "Mara Quell spoke at the hall on Monday.\n\n"
        "“I have lived in this town all my life,” Ms Quell said. “I know its streets.\n\n"
        "“I know what the closures have done to the families who live on them.”\n\n"
        "“And I will not stand by while the council closes another library in this borough.”"
    )
    quotes, actors = analyse(nlp, text)
    assert len(quotes) == 4
    assert {speaker_name(q, actors) for q in quotes} == {"Mara Quell"}
    assert all(q.kind == "direct" and "“" not in q.text for q in quotes)


def test_another_speaker_named_breaks_continuation(nlp: Any) -> None:
    text = (
        "“The library will stay open for as long as I am leader of this council,” Mara Quell said.\n\n"
        "Tom Reed dismissed the promise out of hand.\n\n"
        "“She said exactly the same thing about the swimming pool two years ago.”"
    )
    quotes, actors = analyse(nlp, text)
    assert [speaker_name(q, actors) for q in quotes] == ["Mara Quell", "Tom Reed"]


def test_offsets_are_exact(nlp: Any) -> None:
    text = "Tom Reed said: “It’s over.” Helena Voss said he was “wrong about everything”."
    quotes, _ = analyse(nlp, text)
    assert quotes
    for q in quotes:
        assert text[q.start : q.end] == q.text


def test_marks_tell_apostrophes_from_quotes() -> None:
    text = "He said ‘it’s the voters’ choice’ and the ’90s are over; 'don't' is not 'won't'."
    got = [text[m.start : m.end] for m in find_marked(text)]
    assert got == ["it’s the voters’ choice", "don't", "won't"]


def test_lexicon_has_a_why_for_every_entry() -> None:
    lex = load_quote_lexicon()
    assert lex.verbs["say"] == "neutral" and lex.verbs["claim"] == "distancing"
    assert lex.verbs["accuse"] == "critical" and lex.verbs["admit"] == "admission"
    assert lex.speaker_nouns["spokesperson"] == "proxy"
    assert {"Yet", "However"} <= lex.sentence_openers and "yet" not in lex.sentence_openers
    assert {"decline", "refuse", "unable"} <= lex.withholding


def test_component_contract() -> None:
    comp = QuotesComponent()
    assert comp.name == "slant.quotes.v10"
    assert comp.requires == ("doc", "actors", "pronouns")
    assert comp.provides == ("quotes",)
    assert REGISTRY[comp.name] == "slant.analyze.quotes:QuotesComponent"


def test_component_runs_in_a_pipeline(nlp: Any) -> None:
    from slant.analyze.actors._component import ActorsComponent

    comps = [ActorsComponent(), QuotesComponent()]
    check_components(comps)
    text = "“We will win,” said Mara Quell."
    ctx = Context(article=Article(id="a", source="t", text=text), doc=nlp(text))
    for c in comps:
        c(ctx)
    assert [q.text for q in ctx.data["quotes"]] == ["We will win,"]


# --- property test: offsets on generated texts ---------------------------------------------------------

NAMES = ["Mara Quell", "Tom Reed", "Helena Voss", "Ms Quell", "a spokesperson", "she", "critics"]
WORDS = ["the", "plan", "council", "will", "fail", "voters", "budget", "we", "win", "never", "it’s", "don't"]
OPEN_CLOSE = [("“", "”"), ('"', '"'), ("‘", "’"), ("'", "'"), ("« ", " »"), ("»", "«")]


@st.composite
def articles(draw: st.DrawFn) -> str:
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 6))):
        words = " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=9)))
        name = draw(st.sampled_from(NAMES))
        o, c = draw(st.sampled_from(OPEN_CLOSE))
        layout = draw(st.integers(0, 4))
        if layout == 0:
            parts.append(f"{o}{words.capitalize()},{c} {name} said.")
        elif layout == 1:
            parts.append(f"{name.capitalize()} said: {o}{words.capitalize()}.{c}")
        elif layout == 2:
            parts.append(f"{name.capitalize()} said that {words}.")
        elif layout == 3:
            parts.append(f"{name.capitalize()} called it {o}{words}{c}.")
        else:
            parts.append(f"{o}{words.capitalize()}")  # an unclosed quote
        if draw(st.booleans()):
            parts.append("\n\n")
    return " ".join(parts)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=articles())
def test_offsets_property(nlp: Any, text: str) -> None:
    quotes, actors = analyse(nlp, text)
    ids = {a.id for a in actors}
    for q in quotes:
        assert 0 <= q.start < q.end <= len(text)
        assert text[q.start : q.end] == q.text
        assert q.kind in ("direct", "indirect", "mixed")
        assert q.speaker is None or q.speaker in ids
    starts = [q.start for q in quotes]
    assert starts == sorted(starts)


@settings(max_examples=40, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("ab ’'\"“”‘«»\n.,")), max_size=200))
def test_marks_never_crash_and_stay_inside(text: str) -> None:
    for m in find_marked(text):
        assert 0 <= m.open < m.start < m.end <= m.outer_end <= len(text)
        assert text[m.start : m.end].strip() == text[m.start : m.end]


# --- the seeds -------------------------------------------------------------------------------------------


def _norm(s: str) -> list[str]:
    return re.sub(r"[^a-z0-9 ]+", " ", s.lower()).split()


@pytest.mark.shared
def test_seeds(nlp: Any, shared_dir: Path) -> None:
    column = (shared_dir / "seeds" / "column-against-livingstone.txt").read_text(encoding="utf-8")
    column = column.split("No comments:")[0]
    quotes, actors = analyse(nlp, column)
    ali = [q for q in quotes if speaker_name(q, actors) == "Rushanara Ali"]
    assert len(ali) >= 3
    joined = [" ".join(_norm(q.text)) for q in ali]
    for phrase in ("completely unacceptable", "playing divisive politics", "that support is of course conditional"):
        assert any(phrase in j for j in joined), phrase
    blog = (shared_dir / "seeds" / "blog-pro-livingstone.txt").read_text(encoding="utf-8")
    blog = blog.split("\n", 2)[2]
    quotes, _ = analyse(nlp, blog)
    assert not [q for q in quotes if q.kind == "direct" and len(_norm(q.text)) > 6]
