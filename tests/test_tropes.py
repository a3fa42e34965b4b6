"""slant.analyze.tropes: hate tropes with their group and voice, contested claims, and what must stay unflagged.

Every sentence here is written for slant (invented people, places and outlets).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slant.analyze.actors._component import ActorsComponent
from slant.analyze.base import Context
from slant.analyze.quotes._component import QuotesComponent
from slant.analyze.tropes._catalogue import load_catalogue
from slant.analyze.tropes._component import TropesComponent, detect_tropes
from slant.analyze.tropes._rules import may_name
from slant.models import Article, Flag
from slant.nlp import load_nlp
from slant.pipeline import PIPELINES, REGISTRY


@pytest.fixture(scope="module")
def nlp() -> Any:
    return load_nlp()


_COMPONENTS: list[Any] = []


def analyse(nlp: Any, text: str, prior: tuple[Flag, ...] = ()) -> tuple[Flag, ...]:
    """Run actors, quotes and tropes over one text (the components tropes needs)."""
    if not _COMPONENTS:
        _COMPONENTS.extend([ActorsComponent(), QuotesComponent(), TropesComponent()])
    ctx = Context(article=Article(id="t", source="<test>", text=text), doc=nlp(text))
    if prior:
        ctx.data["flags"] = prior
    for comp in _COMPONENTS:
        comp(ctx)
    return tuple(ctx.data.get("flags", ()))


def hate(flags: tuple[Flag, ...], *voices: str) -> list[Flag]:
    return [f for f in flags if f.kind == "hate" and (not voices or f.voice in voices)]


# text -> (trope code, target group, voice) that must be among the flags
FLAGGED: list[tuple[str, str, str, str]] = [
    (
        "Jewish reporters have hounded the mayor for years and will keep doing it.",
        "AS-COLLECTIVE-BLAME",
        "Jews",
        "author",
    ),
    (
        "The Israelites have been after the councillor since he spoke at the rally.",
        "AS-COLLECTIVE-BLAME",
        "Jews",
        "author",
    ),
    ("The mayor was harassed by Jewish bloggers all summer.", "AS-COLLECTIVE-BLAME", "Jews", "author"),
    (
        "Jews control the banks and the BBC, and the Dunmere Echo will never say so.",
        "AS-CONTROL-FINANCE",
        "Jews",
        "author",
    ),
    (
        "Jews control the banks and the BBC, and the Dunmere Echo will never say so.",
        "AS-CONTROL-MEDIA",
        "Jews",
        "author",
    ),
    ("Soros is the puppet master behind every march in the city.", "AS-PUPPET-MASTERS", "Jews", "author"),
    ("The globalists engineered the crash to bring in their new world order.", "AS-WORLD-CONSPIRACY", "Jews", "author"),
    ("Westminster is owned by the Zionists, and every minister knows it.", "AS-CONTROL-GOVERNMENT", "Jews", "author"),
    ("British Jews are more loyal to Israel than to Britain.", "AS-DUAL-LOYALTY", "Jews", "author"),
    ("Every Jew in this borough takes his orders from the Israeli embassy.", "AS-DUAL-LOYALTY", "Jews", "author"),
    ("The Holocaust is a hoax, and the six million is a lie.", "AS-HOLOCAUST-DENIAL", "Jews", "author"),
    ("The racist Israelites twisted every word the candidate said.", "AS-SLUR", "Jews", "author"),
    ("Muslims will impose Sharia on all of us once they have the numbers.", "MU-CREEPING-SHARIA", "Muslims", "author"),
    ("Every Muslim is a sleeper waiting for the signal.", "MU-TERROR-COLLECTIVE", "Muslims", "author"),
    ("Wake up to the Islamisation of Britain.", "MU-ISLAMISATION", "Muslims", "author"),
    (
        "This is an invasion of migrants, and the Home Office is letting it happen.",
        "MI-INVASION",
        "Migrants and refugees",
        "author",
    ),
    (
        "The great replacement is real, whatever the papers say.",
        "MI-GREAT-REPLACEMENT",
        "Migrants and refugees",
        "author",
    ),
    (
        "Asylum seekers are rapists and thieves, every last one of them.",
        "MI-CRIMINAL",
        "Migrants and refugees",
        "author",
    ),
    ("A swarm of migrants is camped outside the port.", "MI-DEHUMANISE", "Migrants and refugees", "author"),
    ("Black people are violent by nature.", "BL-CRIMINALITY", "Black people", "author"),
    ("Gypsies are born thieves, so lock your sheds.", "RO-THIEVERY", "Roma and Travellers", "author"),
    ("Every gay teacher is a groomer.", "LG-GROOMER", "LGBT people", "author"),
    ("Women are too emotional to run a council.", "WO-INFERIOR", "Women", "author"),
    ("Disabled people are a drain on the taxpayer.", "DI-BURDEN", "Disabled people", "author"),
    ("Every Chinese student at the college is a spy for Beijing.", "AA-SPIES", "East Asian people", "author"),
    ("Catholics take orders from the Pope, not from Parliament.", "CA-DUAL-LOYALTY", "Catholics", "author"),
    # quoted: the trope sits inside a direct quote
    (
        '"Jews control the media, everyone knows that," Ron Varley told the rally in Harwick.',
        "AS-CONTROL-MEDIA",
        "Jews",
        "quoted",
    ),
    (
        '"Migrants are vermin," the councillor, Derek Amble, told the Westbrook Gazette.',
        "MI-DEHUMANISE",
        "Migrants and refugees",
        "quoted",
    ),
    # issue 4 notes (SemEval-2019 check): what a crowd is said to cry out is the crowd's words
    (
        'His fans have learned to cry out "bitch!" whenever the councillor\'s name is read out.',
        "WO-SLUR",
        "Women",
        "quoted",
    ),
    # discussed: the text names the trope to report or condemn it
    (
        "The rabbi condemned claims that Jews control the banks after leaflets appeared in Pellham.",
        "AS-CONTROL-FINANCE",
        "Jews",
        "discussed",
    ),
    (
        "It is the old antisemitic smear that Jews control the media, and the Courier should not print it.",
        "AS-CONTROL-MEDIA",
        "Jews",
        "discussed",
    ),
    (
        "The bishop denounced the conspiracy theory that migrants are replacing white Britons.",
        "MI-GREAT-REPLACEMENT",
        "Migrants and refugees",
        "discussed",
    ),
]


def test_flagged(nlp: Any, text: str, code: str, group: str, voice: str) -> None:
    """Every table of texts that must be flagged (below): the trope, the group and whose voice it is."""
    flags = hate(analyse(nlp, text))
    found = [(f.code, f.target_group, f.voice) for f in flags]
    assert (code, group, voice) in found, found
    if voice == "discussed":
        assert not hate(flags, "author", "quoted")


# texts that must give no hate flag in the author's or a quoted voice
UNFLAGGED: list[str] = [
    # sharp political criticism of people, parties and governments
    "Lutfur Ahmed was sacked as the candidate because of his close links with Islamic extremism.",
    "The Progress Party is soft on extremism and its leader has no answers on security.",
    "Mayor Irene Vasko is a liar and a coward who should resign tonight.",
    "The government's asylum policy is a disgrace, and the Home Secretary knows it.",
    # Israel, lobbies, billionaires
    "The Israeli government's settlement expansion breaks international law, and allies should say so.",
    "The pro-Israel lobby spent three million dollars in the primary, filings show.",
    "George Soros's foundation gave two million dollars to a voting-rights campaign.",
    "Critics accuse the billionaire Paul Rendle of buying influence with his donations to the party.",
    # border and legal policy
    "The minister promised to secure the border and to clear the backlog of asylum claims.",
    "The law commission reviewed how sharia councils handle religious divorces in England.",
    "Net migration fell to 300,000 last year, official figures show.",
    # ordinary uses of the same words
    "The Israelites crossed the Red Sea, the Exodus story tells us.",
    "Jewish journalists at the Herald won two awards for their reporting on the war.",
    "Two Muslim men were attacked outside the mosque on Friday night.",
    "Jewish settlers attacked a village near Nablus, the United Nations said.",
    "Black people are more likely to be stopped and searched by police, the data show.",
    "Migrants are more likely to be victims of crime than offenders, the study found.",
    "Inspectors found cockroaches in the hotel kitchen.",
    "Police set up no-go zones around the chemical plant after the leak.",
    "Russia's invasion of Ukraine drove millions of refugees west.",
    "The club replaced its manager after three defeats.",
    "Not all Muslims are terrorists, the imam told the vigil.",
    "Jews do not control the media, and saying so is a lie.",
    "Women are underrepresented in the cabinet.",
    "Gay couples adopted more than four hundred children last year.",
    "A Jewish businessman bought a stake in the newspaper group.",
    "The Israel lobby spent $3m on advertising before the vote, filings show.",
    "International bankers at the IMF meeting agreed new loans for the region.",
    "Jewish donors gave to the hospital appeal in the town.",
    "The Jewish community has been circling the date in the calendar for months.",
    "Jewish publishers said the papers they own would carry the appeal.",
    # reporting on a trope without asserting it
    "The report examined how antisemitic tropes spread on social media during the campaign.",
]


def test_unflagged(nlp: Any, text: str) -> None:
    """Every table of texts that must yield no hate flag in the author's or a quoted voice (below)."""
    flags = hate(analyse(nlp, text), "author", "quoted")
    assert not flags, [(f.code, f.voice, f.text) for f in flags]


def test_political_accusation_is_contested_not_hate(nlp: Any) -> None:
    flags = analyse(nlp, "Lutfur Ahmed was sacked as the candidate because of his close links with Islamic extremism.")
    assert not hate(flags)
    contested = [f for f in flags if f.kind == "contested"]
    assert contested and contested[0].code == "contested-claim" and contested[0].voice == "author"
    assert contested[0].target_group is None and "not hate" in (contested[0].explanation or "")


def test_flag_fields_and_explanation(nlp: Any) -> None:
    text = "Jewish reporters have hounded the mayor for years and will keep doing it."
    (flag,) = hate(analyse(nlp, text))
    assert flag.code == "AS-COLLECTIVE-BLAME" and flag.label == load_catalogue().trope(flag.code).name
    assert flag.text == text[flag.start : flag.end] and "Jewish reporters have hounded the mayor" in flag.text
    assert flag.target_group == "Jews" and 0 < flag.confidence <= 1
    explanation = flag.explanation or ""
    assert "Jews" in explanation and "AS-COLLECTIVE-BLAME" in explanation and "own voice" in explanation


def test_appends_to_existing_flags(nlp: Any) -> None:
    prior = (Flag(kind="loaded", code="insult", label="insult", start=0, end=6, text="Jewish"),)
    flags = analyse(nlp, "Jewish reporters have hounded the mayor for years.", prior)
    assert flags[0] == prior[0]
    assert hate(flags)


def test_registered_in_both_pipelines() -> None:
    assert REGISTRY["slant.tropes.v1"] == "slant.analyze.tropes:TropesComponent"
    for names in PIPELINES.values():
        assert "slant.tropes.v1" in names
        assert names.index("slant.quotes.v10") < names.index("slant.tropes.v1")
    assert TropesComponent.requires == ("doc", "actors", "quotes")
    assert TropesComponent.provides == ("flags",)


def _examples() -> list[tuple[str, str, str, bool]]:
    cat = load_catalogue()
    rows = []
    for t in cat.tropes:
        group = cat.target(t)
        rows += [(t.id, group, s, True) for s in t.positive]
        rows += [(t.id, group, s, False) for s in t.negative]
    return rows


@pytest.mark.parametrize(("code", "group", "text", "positive"), _examples())
def test_catalogue_examples(nlp: Any, code: str, group: str, text: str, positive: bool) -> None:
    flags = hate(analyse(nlp, text), "author", "quoted")
    if positive:
        mine = [f for f in flags if f.code == code]
        assert mine, [(f.code, f.voice) for f in flags]
        groups = {g.name for g in load_catalogue().groups}
        assert all(f.target_group == group or (group == "any group" and f.target_group in groups) for f in mine)
    else:
        assert not flags, [(f.code, f.voice, f.text) for f in flags]


# explicit hate against any group (generic tropes, group "*"): text -> (code, target group, voice)
EXPLICIT: list[tuple[str, str, str, str]] = [
    ("I hate immigrants.", "HATE-EMOTION", "Migrants and refugees", "author"),
    ("We all despise disabled people round here.", "HATE-EMOTION", "Disabled people", "author"),
    ("Honestly, I can't stand trans people.", "HATE-EMOTION", "LGBT people", "author"),
    ("Muslims make me sick.", "HATE-EMOTION", "Muslims", "author"),
    ("I don't respect women at all.", "HATE-EMOTION", "Women", "author"),
    ("I h4te gay people.", "HATE-EMOTION", "LGBT people", "author"),
    # pronoun carry-over: the previous sentence or clause names the group
    ("Black people? I hate them.", "HATE-EMOTION", "Black people", "author"),
    (
        "I met some immigrants at the market and they were all filthy.",
        "HATE-ATTRIBUTE",
        "Migrants and refugees",
        "author",
    ),
    ("Disabled people keep moving into my street. They are vermin.", "HATE-DEHUMANISE", "Disabled people", "author"),
    ("Gay people are everywhere now. Kill them all.", "HATE-THREAT", "LGBT people", "author"),
    # attributes, questions and opinions
    ("Disabled people are utterly worthless.", "HATE-ATTRIBUTE", "Disabled people", "author"),
    ("Isn't it obvious that immigrants are disgusting?", "HATE-ATTRIBUTE", "Migrants and refugees", "author"),
    ("Why are trans people so pathetic?", "HATE-ATTRIBUTE", "LGBT people", "author"),
    ("I think Black people are a waste of space.", "HATE-ATTRIBUTE", "Black people", "author"),
    ("Fuck all disabled people.", "HATE-ATTRIBUTE", "Disabled people", "author"),
    ("You can never trust a Muslim.", "HATE-ATTRIBUTE", "Muslims", "author"),
    # dehumanisation and negated positive statements
    ("Women are cockroaches.", "HATE-DEHUMANISE", "Women", "author"),
    ("Women are not human.", "HATE-DEHUMANISE", "Women", "author"),
    ("Immigrants aren't even people.", "HATE-DEHUMANISE", "Migrants and refugees", "author"),
    ("Black lives don't matter.", "HATE-DEHUMANISE", "Black people", "author"),
    # threats
    ("I will kill all gay people.", "HATE-THREAT", "LGBT people", "author"),
    ("I'm going to stab the next immigrant I see.", "HATE-THREAT", "Migrants and refugees", "author"),
    ("Kill all disabled people.", "HATE-THREAT", "Disabled people", "author"),
    ("Death to Muslims.", "HATE-THREAT", "Muslims", "author"),
    ("Women deserve to die.", "HATE-NORMATIVE-THREAT", "Women", "author"),
    ("Black people should be hanged.", "HATE-NORMATIVE-THREAT", "Black people", "author"),
    ("Someone should gas all trans people.", "HATE-NORMATIVE-THREAT", "LGBT people", "author"),
    # exclusion
    ("Disabled people should all be locked away.", "HATE-EXCLUSION", "Disabled people", "author"),
    ("Gay people don't belong here.", "HATE-EXCLUSION", "LGBT people", "author"),
    ("This country would be better off without Muslims.", "HATE-EXCLUSION", "Muslims", "author"),
    # quoted and discussed voices
    (
        '"I hate immigrants," the man shouted at the bus stop, witnesses said.',
        "HATE-EMOTION",
        "Migrants and refugees",
        "quoted",
    ),
    (
        "Statements like 'disabled people are vermin' have no place in our society.",
        "HATE-DEHUMANISE",
        "Disabled people",
        "discussed",
    ),
    (
        '"Disabled people are worthless." Words like that are vile and must stop.',
        "HATE-ATTRIBUTE",
        "Disabled people",
        "discussed",
    ),
]


# no hate flag in the author's or a quoted voice: negated hate, counter-speech, neutral and positive
# statements, abuse of non-protected targets (individuals, parties, professions, objects), profanity alone
EXPLICIT_UNFLAGGED: list[str] = [
    "I hate the Tories.",
    "I despise the government and everyone in the cabinet.",
    "Lawyers are parasites.",
    "Politicians are scum, every last one of them.",
    "The minister is vermin.",
    "Councillor Dray is a disgusting liar and should be kicked out of the party.",
    "Labour should be wiped out at the next election.",
    "I hate this printer so much.",
    "Fuck, I missed the last train again.",
    "I don't hate immigrants.",
    "I would never hurt a gay person.",
    "No woman deserves to die like that.",
    "Muslims are not vermin, and anyone who says so is a bigot.",
    "I love disabled people and I admire their resilience.",
    "Trans people are just people who want to live in peace.",
    "Immigrants are welcome here.",
    "Saying you hate women shows what kind of person you are.",
    "You have to stop calling gay people disgusting.",
    "I lost all respect for him when he said Black people are inferior.",
    "I'm sick of women being paid less than men.",
    "I hate how disabled people are treated by the benefits system.",
    "Muslims were attacked by thugs in the car park. They are scum, the victims said of the attackers.",
    "Illegal immigrants should be deported, the minister told the Commons.",
    "Disabled people are the cancer patients least likely to be screened, the report found.",
    "Calling asylum seekers illegals is lazy and wrong.",
    "Women's football is rubbish in the rain, the pundit joked.",
    "The court heard he had threatened to kill gay people at the club.",
    "We will destroy the Chinese team in the final.",
    # issue 4 notes (real news checked: BABE, SemEval-2019): a movement named with a group word, a teaching of
    # mutual duty, a negated verb's complement, a stereotype named in order to discuss it
    "People are taking these disgusting Black Lives Matter protests at face value.",
    "The Muslim Brotherhood is a menace to the region.",
    "The rabbi said all Jews are responsible for one another.",
    "Refugees will not agree to switch their tents for ruined buildings in a desolate and destroyed Syria.",
    'Ah yes, the stereotype of the dumb slut. Lawyers carefully avoid the words "dumb" or "slut" in court.',
]


def test_pronoun_needs_a_group_antecedent(nlp: Any) -> None:
    """'They' refers back only to the nearest plural noun, and only within one paragraph."""
    assert hate(analyse(nlp, "Immigrants keep arriving. I hate them."))
    assert not hate(analyse(nlp, "Immigrants keep arriving.\n\nI hate them."))
    assert not hate(analyse(nlp, "Immigrants keep meeting lawyers. I hate them."))


def test_generic_flag_explains_the_group(nlp: Any) -> None:
    (flag,) = hate(analyse(nlp, "Disabled people are worthless."))
    assert flag.code == "HATE-ATTRIBUTE" and flag.target_group == "Disabled people"
    assert "Disabled people" in (flag.explanation or "") and "own voice" in (flag.explanation or "")


def test_group_trope_wins_over_generic(nlp: Any) -> None:
    """Where a group's own trope flags a passage, the generic one does not repeat it."""
    codes = {f.code for f in hate(analyse(nlp, "Migrants are vermin."))}
    assert "MI-DEHUMANISE" in codes and "HATE-DEHUMANISE" not in codes


_WORDS = st.sampled_from(
    [
        "Jews",
        "Jewish",
        "journalists",
        "control",
        "the",
        "media",
        "banks",
        "Muslims",
        "migrants",
        "are",
        "vermin",
        "have",
        "stalked",
        "him",
        "invasion",
        "of",
        "not",
        "Israelites",
        "by",
        "nature",
        "violent",
        "every",
        "gay",
        "teacher",
        "is",
        "a",
        "groomer",
        "said",
        "smear",
        "that",
        "Soros",
        "puppet",
        ".",
        ",",
        "“",
        "”",
        "'",
        "\n",
        "Gypsies",
        "thieves",
        "women",
        "too",
        "emotional",
        "Black",
        "families",
    ]
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_WORDS, min_size=1, max_size=40))
def test_offsets_lie_inside_the_text(nlp: Any, words: list[str]) -> None:
    text = " ".join(words)
    for f in detect_tropes(nlp(text)):
        assert 0 <= f.start < f.end <= len(text)
        assert f.text == text[f.start : f.end]
        assert f.kind in ("hate", "contested") and f.voice in ("author", "quoted", "discussed")


def test_fringe_example_passages_are_author_hate(nlp: Any) -> None:
    """The invented fringe blog: each antisemitic passage is hate against Jews in the author's voice."""
    path = Path(__file__).resolve().parents[1] / "examples" / "eastport-truth-dispatch-fringe.txt"
    flags = hate(analyse(nlp, path.read_text(encoding="utf-8")), "author")
    assert flags and all(f.target_group == "Jews" for f in flags)
    texts = " | ".join(f.text for f in flags)
    for phrase in ("international bankers", "Jewish financiers", "papers they own", "Jewish lobby", "pull the strings"):
        assert phrase in texts, texts
    codes = {f.code for f in flags}
    assert {"AS-CONTROL-FINANCE", "AS-COLLECTIVE-BLAME", "AS-CONTROL-MEDIA", "AS-CONTROL-GOVERNMENT"} <= codes, codes


@pytest.mark.shared
def test_seeds(nlp: Any, shared_dir: Path) -> None:
    """The blog's antisemitic passages are hate in the author's voice; the column's accusation is not."""
    blog = (shared_dir / "seeds" / "blog-pro-livingstone.txt").read_text(encoding="utf-8")
    column = (shared_dir / "seeds" / "column-against-livingstone.txt").read_text(encoding="utf-8")
    blog_hate = hate(analyse(nlp, blog), "author")
    assert any("Jewish journalists have stalked him" in f.text for f in blog_hate)
    assert any("israelite" in f.text.lower() for f in blog_hate)
    assert all("jew" in (f.target_group or "").lower() and len((f.explanation or "").split()) >= 6 for f in blog_hate)
    assert not hate(analyse(nlp, column), "author")


# Issue 4: rules that generalise beyond the minimal pairs. Each row exercises a mechanism (group post-modifier,
# opinion and question frames, negated positive statements, threats phrased as activities or wishes, slurs,
# spelling obfuscation undone before matching) with wording of our own.
# text -> (trope code, target group, voice)
GENERALISED: list[tuple[str, str, str, str]] = [
    ("Refugees like him are repellent.", "HATE-ATTRIBUTE", "Migrants and refugees", "author"),
    ("Gay men are nothing but human garbage.", "HATE-DEHUMANISE", "LGBT people", "author"),
    ("I find all Sikhs revolting.", "HATE-ATTRIBUTE", "Sikhs", "author"),
    ("Aren't immigrants just filthy?", "HATE-ATTRIBUTE", "Migrants and refugees", "author"),
    ("Muslims are never honest.", "HATE-ATTRIBUTE", "Muslims", "author"),
    ("There is nothing good about Catholics.", "HATE-ATTRIBUTE", "Catholics", "author"),
    ("Disabled people have no right to exist.", "HATE-DEHUMANISE", "Disabled people", "author"),
    ("I have nothing but disdain for you Hindus.", "HATE-EMOTION", "Hindus", "author"),
    ("I have no sympathy at all for any lesbian.", "HATE-EMOTION", "LGBT people", "author"),
    ("I tried to be friends with Catholics but they are just too stupid.", "HATE-ATTRIBUTE", "Catholics", "author"),
    ("We will put an end to all Roma.", "HATE-THREAT", "Roma and Travellers", "author"),
    ("Let's just exterminate those Travellers.", "HATE-THREAT", "Roma and Travellers", "author"),
    ("Asylum seekers like them deserve to die.", "HATE-NORMATIVE-THREAT", "Migrants and refugees", "author"),
    ("I wish all lesbians would be hanged.", "HATE-NORMATIVE-THREAT", "LGBT people", "author"),
    ("Black people would all be better off dead.", "HATE-NORMATIVE-THREAT", "Black people", "author"),
    ("Stay away from me, you dyke.", "LG-SLUR", "LGBT people", "author"),
    # spelling obfuscation: leetspeak, spaced letters, dropped spaces, a dropped or swapped letter
    ("Imm1grants are v e r m i n.", "MI-DEHUMANISE", "Migrants and refugees", "author"),
    ("I want to murdr all Muslims.", "HATE-THREAT", "Muslims", "author"),
    ("Lesbians are disgustnig.", "HATE-ATTRIBUTE", "LGBT people", "author"),
    ("Trans people are sodisgusting.", "HATE-ATTRIBUTE", "LGBT people", "author"),
    ("Deathto all Hindus.", "HATE-THREAT", "Hindus", "author"),
    # counter-speech that quotes hate is discussed, not the author's
    (
        'She was banned for posting "immigrants should all be shot".',
        "HATE-NORMATIVE-THREAT",
        "Migrants and refugees",
        "discussed",
    ),
    ("It makes me sad to hear people saying gay lives are worthless.", "HATE-DEHUMANISE", "LGBT people", "discussed"),
]


# Issue 4: must yield no hate flag in the author's or a quoted voice.
GENERALISED_UNFLAGGED: list[str] = [
    "The Prime Minister is a disgusting liar and her party should be kicked out of office.",
    "The Labour leadership are pathetic and should resign tonight.",
    "The Israeli government's bombing of the camp was a war crime, the senator said.",
    "The gun lobby is a cancer on our democracy.",
    "Immigrants like my grandmother built this town.",
    "Muslims are not disgusting, and saying so is bigoted.",
    "Refugees are never a burden on this community.",
    "My fellow dykes and I marched at Pride on Saturday.",
    "We call ourselves fags and we are proud of it.",
    "The bitch had a litter of six puppies last week.",
    "Sanctions will retard the growth of the economy.",
    "A chink of light showed under the door.",
    "Coronavirus cases rose again, Justin said on Facebook.",
    'He said "women are lesser beings", which shows how sexist he is.',
]


def test_obfuscated_flag_points_at_the_original_text(nlp: Any) -> None:
    """Spelling is undone for matching only: the flag's offsets and text are those of what was written."""
    text = "Honestly, I want to k i l l all w0men."
    flags = hate(analyse(nlp, text), "author")
    assert flags
    f = flags[0]
    assert text[f.start : f.end] == f.text
    assert "k i l l" in f.text and f.text.endswith("w0men")


@pytest.mark.parametrize(
    ("written", "plain"),
    [
        ("so muchdisdain", "so much disdain"),
        ("a t h r e a t", "a threat"),
        ("contmpt", "contempt"),
        ("h4te", "hate"),
        ("therapists and Facebook", "therapists and Facebook"),
        # issue 4: inside a sentence a capitalised word is a name, repaired only to a group's own name
        ("adviser Petra Dinu says", "adviser Petra Dinu says"),
        ("I hate Mslims", "I hate Muslims"),
    ],
)
def test_normalise(written: str, plain: str) -> None:
    from slant.analyze.tropes._normalise import normalise

    out = normalise(written)
    assert out.text == plain
    assert out.start(0) == 0 and out.end(len(out.text)) == len(written)


# Issue 4: coded op-ed tropes in wording the original cues did not list (families of control idioms, control
# verbs x targets, coded referents, group named in the sentence before, essentialising frames). Our own sentences.
CODED_OPED: list[tuple[str, str, str, str]] = [
    (
        "The Zionists call the shots in every ministry, and our leaders are just puppets.",
        "AS-PUPPET-MASTERS",
        "Jews",
        "author",
    ),
    ("Jewish money has captured the whole parliament.", "AS-CONTROL-GOVERNMENT", "Jews", "author"),
    ("Look at the Rothschilds. They bankrolled both sides in the last war too.", "AS-PUPPET-MASTERS", "Jews", "author"),
    (
        "It is one tribe that makes up a sliver of the country, yet it owns the press.",
        "AS-CONTROL-MEDIA",
        "Jews",
        "author",
    ),
    ("Jewish landlords are bleeding the whole town dry.", "AS-GREED", "Jews", "author"),
    ("Muslim birth rates are their secret weapon.", "MU-DEMOGRAPHIC", "Muslims", "author"),
    (
        "Their faith tells them to deceive us, and every Muslim councillor is following the playbook.",
        "MU-TAQIYYA",
        "Muslims",
        "author",
    ),
    ("Grooming is not a policing problem, it's a Muslim problem.", "MU-ESSENTIALISE", "Muslims", "author"),
    ("Migrants pour in like rats through every gap in the fence.", "MI-DEHUMANISE", "Migrants and refugees", "author"),
    (
        "Keep letting refugees in and the native population will be a minority in twenty years.",
        "MI-GREAT-REPLACEMENT",
        "Migrants and refugees",
        "author",
    ),
    (
        "Black families moved onto the street in May. Since then it has become a zoo.",
        "BL-DEHUMANISE",
        "Black people",
        "author",
    ),
    (
        "Gay activists want your daughters and will recruit every child in the school.",
        "LG-GROOMER",
        "LGBT people",
        "author",
    ),
    ("Women are ruled by their emotions and should never sit on a jury.", "WO-INFERIOR", "Women", "author"),
    ("Traveller kids are trained to steal from the day they can walk.", "RO-THIEVERY", "Roma and Travellers", "author"),
    ("Every autistic child is a permanent drain on the council budget.", "DI-BURDEN", "Disabled people", "author"),
    ("Trans people? They are mentally ill.", "HATE-ATTRIBUTE", "LGBT people", "author"),
    (
        "Violence among Black youths is in the blood, generation after generation.",
        "BL-ESSENTIALISE",
        "Black people",
        "author",
    ),
]


# Issue 4: the same idioms aimed at a named person, company, lobby or government, plain uses of the words, and
# reporting that names a trope as a smear must yield no hate flag in the author's or a quoted voice.
CODED_OPED_UNFLAGGED: list[str] = [
    "The coal lobby pulls the strings in the energy ministry, and the minister is its puppet.",
    "The media tycoon Vera Lind controls the press in two provinces after her latest purchase.",
    "Jewish charities raised funds for the hospital, and the mayor thanked them.",
    "The senator took money from the oil industry and then bought the whole committee's silence.",
    "The report said the slur that Jews control the media is an antisemitic fabrication.",
    "The strikers were called a fifth column by the premier, a smear that fell flat.",
    "Storms stripped the orchard bare overnight.",
    "Gay men were urged to get tested as mpox spreads like a virus through the city.",
    "Migrant workers are a vital part of the pipeline that keeps the hospitals running.",
    "The bank's chief executive called the shots, and the board were mere puppets, the inquiry found.",
    "Muslim families in the town held an open day at the mosque on Sunday.",
    "Roma families have long been victims of prejudice, and crime against them is rarely reported.",
    "Locusts swarm across the plains like a plague every few years.",
    "The government's welfare cuts are a burden on every disabled family.",
    "Historians say the old charge of dual loyalty was used against Catholics for centuries.",
]


# Issue 4: families of coded op-ed phrasing beyond the first cues (the loyalty question, the enemy within, mosques
# as outposts, outbreeding, disease following arrivals, an army of arrivals, the 13/50 statistic, an innate IQ gap,
# caravans and locked sheds, 'work-shy by nature', disease 'out of them', groomers beside the group, 'next they
# come for your kids', suffrage as a mistake, victim blaming, blood libel, denier talking points, the rhetorical
# 'name one town ... that does not'), and speech reported after 'told viewers'. Our own sentences.
CODED_OPED_FAMILIES: list[tuple[str, str, str, str]] = [
    ("Mark my words, a Jew in the treasury will always serve Jerusalem first.", "AS-DUAL-LOYALTY", "Jews", "author"),
    (
        "Every Muslim in this town should be asked where their true sympathies lie.",
        "MU-TERROR-COLLECTIVE",
        "Muslims",
        "author",
    ),
    ("Each mosque in the county is an outpost of a foreign power.", "MU-TERROR-COLLECTIVE", "Muslims", "author"),
    (
        "Walk through the Muslim districts and count the prams: in twenty years they will have outbred us.",
        "MU-DEMOGRAPHIC",
        "Muslims",
        "author",
    ),
    ("Measles and lice somehow always follow the asylum hotels.", "MI-DISEASE", "Migrants and refugees", "author"),
    (
        "Those migrants are not families. They are an invading army waiting for the signal.",
        "MI-INVASION",
        "Migrants and refugees",
        "author",
    ),
    (
        "Twelve percent of the population, the majority of the homicides: draw your own conclusions.",
        "BL-CRIMINALITY",
        "Black people",
        "author",
    ),
    (
        "There is an innate IQ gap, and no amount of tutoring will close it for Black pupils.",
        "BL-INTELLIGENCE",
        "Black people",
        "author",
    ),
    (
        "When the caravans pull in, lock your sheds and count your kids.",
        "RO-CHILD-THEFT",
        "Roma and Travellers",
        "author",
    ),
    ("The Roma are work-shy by nature.", "RO-ESSENTIALISE", "Roma and Travellers", "author"),
    (
        "The Chinese eat anything, and the next plague will crawl out of them too.",
        "AA-DISEASE",
        "East Asian people",
        "author",
    ),
    ("The gay lobby is packed with groomers, and every parent knows it.", "LG-GROOMER", "LGBT people", "author"),
    (
        "The homosexual agenda has reached the primary schools. Next they will come for your kids.",
        "LG-AGENDA",
        "LGBT people",
        "author",
    ),
    (
        "Homosexuals want special rights. It is a mental illness and it spreads.",
        "LG-PATHOLOGISE",
        "LGBT people",
        "author",
    ),
    ("Letting women have the vote was the first mistake of the modern age.", "WO-INFERIOR", "Women", "author"),
    ("Women decide with their hormones, not their heads.", "WO-INFERIOR", "Women", "author"),
    (
        "If a girl walks home drunk in a tiny dress, she is asking for trouble.",
        "WO-FALSE-ACCUSATION",
        "Women",
        "author",
    ),
    (
        "The old folk tales were right: the blood of Christian infants went into their Passover bread.",
        "AS-BLOOD-LIBEL",
        "Jews",
        "author",
    ),
    ("The camps had a theatre and an orchestra, so spare me the tears.", "AS-HOLOCAUST-DENIAL", "Jews", "author"),
    (
        "The same families pull the strings in every capital, and they all pray in the same synagogue.",
        "AS-PUPPET-MASTERS",
        "Jews",
        "author",
    ),
    (
        "Name a single city with a new mosque that does not have its grooming gangs.",
        "MU-GROOMING",
        "Muslims",
        "author",
    ),
    (
        "Critics said the poster pushed the ugly and baseless claim that gay people prey on children.",
        "LG-GROOMER",
        "LGBT people",
        "discussed",
    ),
    (
        "On her late show, presenter Mia Voss told viewers the refugees were vermin.",
        "MI-DEHUMANISE",
        "Migrants and refugees",
        "quoted",
    ),
]


# Issue 4: the same phrases about a named person, firm or institution, plain uses of the words, and reporting on
# victim blaming must yield no hate flag in the author's or a quoted voice.
CODED_OPED_FAMILIES_UNFLAGGED: list[str] = [
    "Voters asked where the minister's loyalty really lies after he took a job with the oil company.",
    "The senator said every Muslim in the state deserves equal protection from hate crime.",
    "Hedge funds shorted the market and bought up the ruins after the crash, the inquiry found.",
    "The regulator upheld two complaints against the paper for calling a teacher a groomer, saying the label "
    "revives an old homophobic smear.",
    "Measles outbreaks follow the school holidays, health officials warned.",
    "The volunteers are an army waiting to help the refugees who land each night.",
    "Giving the board a veto was a mistake, shareholders said.",
    "Women who report assault are still too often made to feel they were asking for it, the charity said.",
    "The prime minister's cousins in the newsrooms have covered for him for years.",
    "Lock your doors: burglaries in Eastvale rose by a third this winter, police said.",
    "Count your children at the fair: the organisers say a wristband scheme will help reunite lost kids.",
    "Chelsea's new striker is a fifth column in the opposition half, said the pundit.",
    "Gay teachers told the inquiry they had been called groomers by parents at the gate.",
    "LGBT charities say the word groomers is being used to smear gay teachers.",
    "The Roma community centre will lock the gates at night after a break-in, the council said.",
    "Asylum seekers at the hotel were treated for scabies after an outbreak, officials said.",
]

# Issue 4 (blind5 false positives): a refuted claim, a phrase quoted in single marks next to a sentence that
# calls it a slur, and a surname one letter off a slur must yield no hate flag in the author's or a quoted voice.
BLIND5_UNFLAGGED: list[str] = [
    "Claims that the Harlow Fen flu cluster was caused by asylum seekers bringing disease from abroad collapsed "
    "once the lab results came in.",
    "Rumours that refugees spread disease in the camp were debunked by the health board.",
    "Councillor Tam Orrin dusted off the phrase 'welfare queens' at the hustings. The slur was invented to smear "
    "Black mothers, and he knows it.",
    "Housing adviser Petra Dinu says the families need a permanent site, not another eviction notice.",
]


# Issue 4 (error analysis on ISCA tweets, written in news register): words inside quotation marks that no quote
# attributes are someone else's words put on show when the marks hold a clause; a scare-quoted term and a
# first-person vow stay the author's. text -> (code, group, voice)
REPORTED_WORDS: list[tuple[str, str, str, str]] = [
    (
        'A man outside the Dunmore arena kept yelling "the Jews control the banks" until stewards led him away.',
        "AS-CONTROL-FINANCE",
        "Jews",
        "quoted",
    ),
    (
        'Protesters in Carrow Square chanted "migrants are vermin" for an hour on Saturday.',
        "MI-DEHUMANISE",
        "Migrants and refugees",
        "quoted",
    ),
    (
        'On the forum, the thread titled "all Roma are thieves" drew two hundred replies.',
        "RO-THIEVERY",
        "Roma and Travellers",
        "quoted",
    ),
    ('The "Zionists" control Washington and tell the president what to do.', "AS-CONTROL-GOVERNMENT", "Jews", "author"),
    ('Those "migrants" are vermin.', "MI-DEHUMANISE", "Migrants and refugees", "author"),
    ("We vowed to kill the Jews and we will.", "AS-VIOLENCE", "Jews", "author"),
    # a trope in the clause of a third party's verb of saying or believing is theirs; a first-person or vague
    # subject ("I think", "we all know") keeps it the writer's
    (
        "In his manifesto, the gunman claimed that Jews were behind the replacement of white people.",
        "AS-REPLACEMENT-PLOT",
        "Jews",
        "quoted",
    ),
    (
        "The councillor, who thinks Muslims are taking over the country, was suspended on Monday.",
        "MU-ISLAMISATION",
        "Muslims",
        "quoted",
    ),
    ("I think the Jews control the banks.", "AS-CONTROL-FINANCE", "Jews", "author"),
    ("We all know that Muslims are taking over the country.", "MU-ISLAMISATION", "Muslims", "author"),
    # a verb after the trope, or a modal one, is no report (minimal_pairs mp-13-percent, blind3 useless-eaters)
    ("Migrants are vermin, whatever the liberal press says.", "MI-DEHUMANISE", "Migrants and refugees", "author"),
    (
        "Sooner or later a serious country must ask why it keeps feeding useless eaters.",
        "DI-BURDEN",
        "Disabled people",
        "author",
    ),
    (
        "Marchers in Holt repeated the claim that there is a Jewish plot to replace white people with migrants.",
        "AS-WORLD-CONSPIRACY",
        "Jews",
        "discussed",
    ),
    # session 7: a reported line whose speaker is only vague words ("people say that ...") is the writer's claim;
    # a named or described speaker keeps it theirs, and so do quotation marks
    ("People say that Jews control the banks.", "AS-CONTROL-FINANCE", "Jews", "author"),
    ("Some people claim that Muslims are taking over the country.", "MU-ISLAMISATION", "Muslims", "author"),
    ("Critics of the mayor say that Jews control the banks.", "AS-CONTROL-FINANCE", "Jews", "quoted"),
    ('"Jews control the banks," some people say.', "AS-CONTROL-FINANCE", "Jews", "quoted"),
    # session 7: a canard named and then glossed is discussed, even where the gloss lies inside the trope's match;
    # a "myth" glossed the same way may be a denier's own words and is not covered by the gloss rule
    (
        "The dual loyalty canard, the notion that Jews are more loyal to Israel than to Britain, resurfaced this week.",
        "AS-DUAL-LOYALTY",
        "Jews",
        "discussed",
    ),
]

# Session 7: one control claim raises one control trope; the government trope no longer shares media and banks
# with the media and finance tropes. text -> the control tropes it raises
CONTROL_CLAIMS: list[tuple[str, set[str]]] = [
    ("The Jews control the banks.", {"AS-CONTROL-FINANCE"}),
    ("The Jews have bought the whole press.", {"AS-CONTROL-MEDIA"}),
    ("The Zionists have captured the entire banking system.", {"AS-CONTROL-FINANCE"}),
    ("The Israel lobby owns the whole government.", {"AS-CONTROL-GOVERNMENT"}),
    ("Zionists control the media and the banks.", {"AS-CONTROL-MEDIA", "AS-CONTROL-FINANCE"}),
]


@pytest.mark.parametrize(("text", "codes"), CONTROL_CLAIMS)
def test_control_claim_raises_its_own_trope(nlp: Any, text: str, codes: set[str]) -> None:
    found = {f.code for f in hate(analyse(nlp, text)) if f.code and f.code.startswith("AS-CONTROL")}
    assert found == codes


# Issue 4 (same analysis): a third party's reported vow or charter is not a call for violence in the author's voice.
REPORTED_UNFLAGGED: list[str] = [
    "The Iron Dawn movement, which has vowed to kill Jews, claimed the attack on Sunday.",
    "The group's charter calls on members to kill Jews wherever they find them, investigators said.",
]


@pytest.mark.parametrize(
    ("text", "word", "clause"),
    [
        ('He yelled "gas the Jews" at them.', "gas", True),
        ("He said \u2018those damn people\u2019 twice.", "damn", True),
        ('The leaflet began "they are vermin', "vermin", True),  # unclosed: runs to the end of the line
        ('The so-called "globalists" at the bank.', "globalists", False),  # a scare-quoted term
        ('The "international bankers" again.', "bankers", False),
        ('He yelled "gas the Jews" at them.', "them", False),
        ("Ali's friends' cars were all towed away.", "cars", False),
    ],
)
def test_in_quoted_clause(text: str, word: str, clause: bool) -> None:
    """Issue 4: a quoted clause (three words or more) is told from a scare-quoted term."""
    from slant.analyze.tropes._flags import _in_quoted_clause

    assert _in_quoted_clause(text, text.index(word)) is clause


@pytest.mark.parametrize(
    ("text", "word", "inside"),
    [
        ('He said "they are vermin" and left.', "vermin", True),
        ("He revived the phrase 'welfare queens' on Monday.", "welfare", True),
        ("He revived the phrase 'welfare queens' on Monday.", "Monday", False),
        ("He said \u2018they are vermin\u2019 and then left.", "vermin", True),
        ("He said \u2018they are vermin\u2019 and then left.", "left", False),
        ("The voters' anger at Ali's welfare queens remark", "welfare", False),  # apostrophes, no quote
        ("'They are vermin' was the headline.", "vermin", True),
        ("Line one 'open\nline two vermin", "vermin", False),  # a quote does not run over a line break
    ],
)
def test_in_quote_marks(text: str, word: str, inside: bool) -> None:
    """Issue 4: single quotation marks count as quote marks; apostrophes do not."""
    from slant.analyze.tropes._flags import _in_quote_marks

    assert _in_quote_marks(text, text.index(word)) is inside


def test_may_name_only_skips_sentences_that_cannot_name_the_group() -> None:
    """Issue 4 (speed): the word pre-filter before ``group_named`` passes every catalogue term, with wildcards
    filled in, and rejects a sentence that names no group."""
    neutral = frozenset(re.findall(r"\w+", "the council approved the budget on tuesday after a long debate"))
    for group in load_catalogue().groups:
        for term in (*group.nouns, *group.codes, *group.slurs, *group.adjectives):
            words = frozenset(re.findall(r"\w+", f"they said {term.replace('*', 'ish')} were there".lower()))
            assert may_name(group, words), (group.id, term)
        assert not may_name(group, neutral), group.id


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Feed the example tables defined throughout this module to ``test_flagged`` and ``test_unflagged``."""
    if metafunc.function is test_flagged:
        metafunc.parametrize(
            ("text", "code", "group", "voice"),
            [*FLAGGED, *EXPLICIT, *GENERALISED, *CODED_OPED, *CODED_OPED_FAMILIES, *REPORTED_WORDS],
        )
    elif metafunc.function is test_unflagged:
        metafunc.parametrize(
            "text",
            [
                *UNFLAGGED,
                *EXPLICIT_UNFLAGGED,
                *GENERALISED_UNFLAGGED,
                *CODED_OPED_UNFLAGGED,
                *CODED_OPED_FAMILIES_UNFLAGGED,
                *BLIND5_UNFLAGGED,
                *REPORTED_UNFLAGGED,
            ],
        )


# The cue prefilter (``Cue.possible``, the word index of ``Compiled.candidates``) must never drop a sentence a
# cue's regex matches, and it keys an alternative on its rarest required word, so that "(the BBC|the press)"
# does not send every sentence with "the" to the regex (session 8: a third of fast mode's trope time).
PREFILTER_KEYS = [
    ("(the BBC|the press) (is|are) run by", {"bbc", "press"}),
    ("(the media|our newsrooms) are bought", {"media", "newsrooms"}),
    ("(the|our) (media|newsrooms)", {"the", "our"}),  # one-word alternatives: nothing rarer to take
    ("[secretly] (own|owns) the banks", {"own", "owns"}),
]


@pytest.mark.parametrize(("cue", "first_key"), PREFILTER_KEYS)
def test_prefilter_keys_an_alternative_on_its_rarest_word(cue: str, first_key: set[str]) -> None:
    from slant.analyze.tropes._patterns import compile_cue

    assert set(compile_cue(cue, load_catalogue()).keys[0]) == first_key


def test_prefilter_never_drops_a_sentence_a_cue_matches() -> None:
    from slant.analyze.tropes._flags import _WORD
    from slant.analyze.tropes._normalise import normalise
    from slant.analyze.tropes._patterns import compiled

    comp = compiled()
    flat = comp.cue_index[2]
    texts = [t for trope in load_catalogue().tropes for t in trope.positive + trope.negative]
    checked = 0
    for text in texts:
        sentence = normalise(text).text
        words = frozenset(_WORD.findall(sentence.lower()))
        offered = {id(cue) for _, cue, _ in comp.candidates(words)}
        for _, cue, _ in flat:
            if cue.regex.search(sentence):
                checked += 1
                assert id(cue) in offered, (cue.source, text)
    assert checked > 100  # the catalogue's own examples exercise many cues
