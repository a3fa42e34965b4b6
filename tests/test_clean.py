"""Clean: normalisation, boilerplate, titles, language, content ids and clean_document."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slant.clean import (
    clean_document,
    content_id,
    detect_language,
    normalize_text,
    split_title,
    strip_boilerplate,
)
from slant.clean.boilerplate import load_rules, match
from slant.clean.language import plainly_english
from slant.config import Settings
from slant.models import RawDocument

SETTINGS = Settings()
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"

PARA1 = (
    "Councillor Bertram Oakes of the Harbour Party said on Monday that the proposed harbour levy would "
    "“punish every fisherman in Eastbury” and promised to fight it."
)
PARA2 = (
    "Deputy leader Marguerite Lyle called the levy « a fair price » for a harbour the council had neglected "
    "for thirty years — and said the vote would go ahead…"
)
ARTICLE = f"{PARA1}\n{PARA2}"

# Unicode text with the awkward characters normalisation deals with.
awkward = st.text(
    alphabet=st.one_of(
        st.characters(codec="utf-8", exclude_categories=["Cs"]),
        st.sampled_from(list(" \t\n\r\u00a0\u200b\ufeff\u2028\x0c\x85\u0301e“”«»—…")),
    ),
    max_size=200,
)


# ---------------------------------------------------------------------------------------- normalisation


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("a\r\nb\rc", "a\nb\nc"),
        ("Cafe\u0301", "Café"),  # NFC
        ("zero\u200bwidth\ufeff soft\u00adhyphen", "zerowidth softhyphen"),
        ("bell\x07 and\x00 nul", "bell and nul"),
        ("non\u00a0breaking\u202fspaces", "non breaking spaces"),
        ("  runs   of \t tabs  \n  and spaces  ", "runs of tabs\nand spaces"),
        ("one\n\n\n\n\ntwo\n \n \nthree", "one\n\ntwo\n\nthree"),
        ("line\u2028separator", "line\nseparator"),
        ("“Curly” «guillemets» – dash — dash … ‘single’", "“Curly” «guillemets» – dash — dash … ‘single’"),
        ("", ""),
        (" \n\t ", ""),
    ],
)
def test_normalize_examples(raw: str, expected: str) -> None:
    assert normalize_text(raw) == expected


@given(awkward)
@settings(max_examples=300, deadline=None)
def test_normalize_is_idempotent(text: str) -> None:
    once = normalize_text(text)
    assert normalize_text(once) == once
    assert "\r" not in once and "\u200b" not in once and "\u00a0" not in once and "\n\n\n" not in once
    assert once == once.strip()


# ------------------------------------------------------------------------------------------- boilerplate

BLOG_TAIL = "\nNo comments:\nPost a Comment\nNote: only a member of this blog may post a comment.\n"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (ARTICLE + BLOG_TAIL, ARTICLE),  # a Blogger comment box after a paragraph ending with "…"
        (ARTICLE + "\n\n3 comments:\nNewer Post Older Post Home\nSubscribe to: Post Comments (Atom)", ARTICLE),
        ("Skip to content\nAdvertisement\n" + ARTICLE + "\nShare this:\nTwitter | Facebook | Email", ARTICLE),
        (PARA1 + "\nADVERTISEMENT\n" + PARA2, ARTICLE),
        (
            "We use cookies to improve your experience on our site.\nAccept all cookies\n" + ARTICLE,
            ARTICLE,
        ),
        (ARTICLE + "\nSign up for our daily politics newsletter\nFollow us on Twitter @ledger", ARTICLE),
        (ARTICLE + "\n\nRelated articles\nQuay repairs delayed again\nLyle under fire over budget", ARTICLE),
        (ARTICLE + "\nComments\nFishwife42 said...\nThe Alliance has ruined this town.\n12 June", ARTICLE),
        (ARTICLE + "\nClick here to subscribe to the Ledger", ARTICLE),
    ],
)
def test_boilerplate_removed(raw: str, expected: str) -> None:
    assert strip_boilerplate(raw) == expected


@pytest.mark.parametrize(
    "text",
    [
        # Real paragraphs that merely mention boilerplate words are kept.
        ARTICLE + "\nReaders who subscribe to the Ledger will be asked to vote on the levy too.",
        ARTICLE + "\nThe council said it would share this information with residents next week.",
        ARTICLE + "\nOakes added: “Click here to see what a fair levy looks like, they tell us.”",
        # A short line that is boilerplate only at the end (Home) stays inside the body.
        PARA1 + "\nHome\n" + PARA2,
        # A "cut" heading in the first half of the text does not cut the article.
        "Comments\n" + ARTICLE,
        ARTICLE,
    ],
)
def test_boilerplate_keeps_real_text(text: str) -> None:
    assert strip_boilerplate(text) == text


def test_long_lines_are_never_boilerplate() -> None:
    line = "We use cookies " + "and many other words " * 12
    assert match(line) is None
    assert match("We use cookies on this site.") is not None


def test_boilerplate_rules_say_why() -> None:
    rules = load_rules()
    assert len(rules) > 30
    assert all(rule.why and rule.scope in ("any", "tail", "cut") for rule in rules)


@given(st.lists(st.sampled_from([PARA1, PARA2, "Comments", "Share this", "Home", "", "No comments:"]), max_size=12))
@settings(max_examples=200, deadline=None)
def test_boilerplate_is_idempotent(lines: list[str]) -> None:
    once = strip_boilerplate("\n".join(lines))
    assert strip_boilerplate(once) == once


# ------------------------------------------------------------------------------------------------ titles


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Oakes attacks harbour levy\n\n" + ARTICLE, "Oakes attacks harbour levy"),
        ("Who pays for the harbour?\n\n" + ARTICLE, "Who pays for the harbour?"),
        (PARA1 + "\n\n" + PARA2, None),  # a 28-word sentence ending in a full stop
        ("Oakes attacks harbour levy\n" + ARTICLE, None),  # no blank line after it
        ("Oakes attacks harbour levy", None),  # the whole text
        ("Dear editor,\n\n" + ARTICLE, None),
        (" ".join(["word"] * 16) + "\n\n" + ARTICLE, None),  # 16 words: too long
    ],
)
def test_split_title(text: str, title: str | None) -> None:
    found, body = split_title(text)
    assert found == title
    assert body == (ARTICLE if title else text)


# ---------------------------------------------------------------------------------------------- language


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (ARTICLE, "en"),
        ("Der Bürgermeister sagte, der Stadtrat werde im September über die Hafengebühr abstimmen.", "de"),
        ("Le maire a déclaré que le conseil municipal votera sur la taxe portuaire en septembre.", "fr"),
        ("El alcalde dijo que el ayuntamiento votará la tasa portuaria en septiembre.", "es"),
        ("Мэр заявил, что городской совет проголосует по портовому сбору в сентябре.", "ru"),
        ("ok", None),
        ("12345 67890 !!! ???", None),
        ("", None),
    ],
)
def test_detect_language(text: str, code: str | None) -> None:
    assert detect_language(text) == code


_LONG_DE = (
    "Der Bürgermeister sagte am Montag, der Stadtrat werde im September über die neue Hafengebühr abstimmen, "
    "und die Opposition kündigte an, dass sie gegen den Plan stimmen werde, weil er die kleinen Betriebe am "
    "Kai belaste. Die Händler hatten in der vergangenen Woche vor dem Rathaus protestiert und eine Liste mit "
    "mehr als zweitausend Unterschriften übergeben. Was in dem Gutachten steht, ist noch nicht bekannt, aber "
    "die Verwaltung hat versprochen, es vor der Sitzung zu veröffentlichen."
)
_LONG_NL = (
    "De burgemeester zei maandag dat de gemeenteraad in september over de nieuwe havenbelasting zal stemmen, "
    "en de oppositie liet weten dat zij tegen het plan is omdat het de kleine bedrijven aan de kade treft. De "
    "handelaren hadden vorige week voor het stadhuis geprotesteerd en een lijst met meer dan tweeduizend "
    "handtekeningen overhandigd. Wat in het rapport staat is nog niet bekend, maar het bestuur heeft beloofd "
    "het voor de vergadering te publiceren."
)


@pytest.mark.parametrize(
    ("text", "plain", "code"),
    [
        (ARTICLE * 3, True, "en"),
        (_LONG_DE, False, "de"),
        (_LONG_NL, False, "nl"),
        ("The mayor spoke today.", False, None),
    ],
)
def test_plain_english_skips_the_model_only_for_english(text: str, plain: bool, code: str | None) -> None:
    """Plain English prose is told without the model; other languages, and short texts, go to the model."""
    assert plainly_english(text[:1000]) is plain
    if code is not None:
        assert detect_language(text) == code


# --------------------------------------------------------------------------------------------------- ids


def test_content_id_examples() -> None:
    a = content_id(ARTICLE)
    assert re.fullmatch(r"[0-9a-f]{16}", a)
    assert content_id(f"  {PARA1}\n\n\n{PARA2}\r\n") == a
    assert content_id(ARTICLE.replace(" ", "\u00a0 \t")) == a
    assert content_id(ARTICLE + " More.") != a


words = st.lists(st.text(alphabet=st.characters(categories=("L", "N", "P")), min_size=1, max_size=8), max_size=12)
spaces = st.text(alphabet=" \t\n\r\u00a0\u2028", min_size=1, max_size=4)


@given(words, st.data())
@settings(max_examples=200, deadline=None)
def test_content_id_is_whitespace_insensitive(tokens: list[str], data: st.DataObject) -> None:
    joined = " ".join(tokens)
    respaced = data.draw(spaces) + "".join(t + data.draw(spaces) for t in tokens)
    assert content_id(respaced) == content_id(joined)


# ------------------------------------------------------------------------------------------ clean_document


def raw(text: str, **kw: object) -> RawDocument:
    return RawDocument(source=str(kw.pop("source", "a.txt")), text=text, **kw)  # type: ignore[arg-type]


def test_clean_document_full() -> None:
    doc = raw(
        "Harbour levy row\r\n\r\n" + PARA1 + "\n\u00a0\n" + PARA2 + BLOG_TAIL,
        title="Harbour  levy\nrow",
        title_given=True,
        author=" Imogen  Tallis ",
        url="https://ledger.example/1",
        format="html",
    )
    article = clean_document(doc, SETTINGS)
    assert article.title == "Harbour levy row"
    assert article.text == f"{PARA1}\n\n{PARA2}"  # title line dropped, boilerplate gone
    assert article.author == "Imogen Tallis" and article.url == "https://ledger.example/1"
    assert (article.language, article.status, article.format) == ("en", "analysed", "html")
    assert article.id == content_id(article.text)


def test_clean_finds_title_when_reader_did_not_look() -> None:
    article = clean_document(raw("Oakes attacks harbour levy\n\n" + ARTICLE), SETTINGS)
    assert article.title == "Oakes attacks harbour levy" and article.text == ARTICLE
    article = clean_document(raw("Oakes attacks harbour levy\n\n" + ARTICLE, title_given=True), SETTINGS)
    assert article.title is None and article.text.startswith("Oakes attacks")


def test_same_text_from_different_files_gets_same_id() -> None:
    a = clean_document(raw(ARTICLE, source="a.txt"), SETTINGS)
    b = clean_document(raw("  " + ARTICLE.replace("\n", "\n\n") + BLOG_TAIL, source="b.html"), SETTINGS)
    assert a.id == b.id and a.source != b.source


@pytest.mark.parametrize(
    ("text", "languages", "min_words", "status"),
    [
        (ARTICLE, ("en",), 1, "analysed"),
        ("Der Bürgermeister sagte, der Stadtrat werde im September abstimmen.", ("en",), 1, "skipped_language"),
        ("Der Bürgermeister sagte, der Stadtrat werde im September abstimmen.", ("en", "de"), 1, "analysed"),
        ("No comments:\nPost a Comment", ("en",), 1, "skipped_empty"),
        ("\u200b\u200b", ("en",), 1, "skipped_empty"),
        (ARTICLE, ("en",), 500, "skipped_empty"),
    ],
)
def test_clean_status(text: str, languages: tuple[str, ...], min_words: int, status: str) -> None:
    article = clean_document(raw(text), SETTINGS.replace(languages=languages, min_words=min_words))
    assert article.status == status
    if status == "skipped_language":
        assert article.text and article.language == "de"


def test_empty_documents_get_distinct_ids() -> None:
    a = clean_document(raw("Share this", source="a.txt"), SETTINGS)
    b = clean_document(raw("Advertisement", source="b.txt"), SETTINGS)
    assert a.text == b.text == "" and a.id != b.id


@given(awkward)
@settings(max_examples=100, deadline=None)
def test_clean_document_is_idempotent(text: str) -> None:
    first = clean_document(raw(text), SETTINGS)
    again = clean_document(raw(first.text, title=first.title, title_given=True), SETTINGS)
    assert again.text == first.text and again.id == first.id and again.title == first.title


@pytest.mark.shared
def test_seed_column_boilerplate() -> None:
    path = SEEDS / "column-against-livingstone.txt"
    if not path.is_file():
        pytest.skip(f"{SEEDS} is absent (the shared seeds are not part of the repository)")
    article = clean_document(raw(path.read_text(encoding="utf-8")), SETTINGS)
    assert article.title is None
    for junk in ("Post a Comment", "No comments:", "only a member of this blog"):
        assert junk not in article.text
    assert article.text.endswith("tough punishment for liars…")
