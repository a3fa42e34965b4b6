"""Near-duplicates (slant.clean.near_dups): shingles, signatures, the copy rule, originals, the examples pair.

Every text here is invented for these tests.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slant.clean import near_dups as nd

from .conftest import EXAMPLES

WIRE = (
    "MILLBROOK, June 3 (Harbour Wire) - Councillor Odile Frane on Tuesday withdrew her support for the "
    "ring road through Ashby Cross, saying the council had ignored three thousand objections from residents "
    "and the advice of its own transport officers. The scheme, costed at forty million pounds, would cut "
    "through the allotments behind the old tannery and close two bus routes for eighteen months. Frane, who "
    "chairs the planning committee, said she would vote against the final plan next week unless the route "
    "was moved north of the railway. Council leader Tobias Pellow said the decision was disappointing and "
    "that the road was needed to take lorries out of the town centre. The Greens welcomed the change of "
    "heart and called for a public inquiry into how the objections were handled."
)

#: The same report retold by another outlet: same facts, its own words.
RETOLD = (
    "Odile Frane has turned against the Ashby Cross ring road. The Millbrook councillor told the planning "
    "committee she could no longer back a route that runs across the allotments by the tannery and shuts "
    "two bus services for a year and a half, and that thousands of residents had objected in vain. Tobias "
    "Pellow, who leads the council, called her move a disappointment and insisted lorries had to be taken "
    "out of the centre somehow. A vote on the forty million pound plan is due next week; the Greens want an "
    "inquiry into the handling of the objections."
)


def repost(text: str) -> str:
    """A blog repost: a thank-you line added, two words changed, the dateline dropped."""
    body = text.split(" - ", 1)[1].replace("Tuesday", "Monday").replace("disappointing", "regrettable")
    return "Reposted with thanks from Harbour Wire. Worth reading in full.\n\n" + body


def trimmed(text: str, share: float = 0.7) -> str:
    words = text.split()
    return " ".join(words[: int(len(words) * share)])


#: A statement of more than 40 words, and a long column that quotes it whole.
QUOTE = (
    "We will not stand by while the ring road ignores the people of Ashby Cross, said Odile Frane, and we "
    "will vote against it next week unless the route moves north of the railway line, because the "
    "allotments, the bus routes and the patience of three thousand objectors all deserve better than this."
)
COMMENTARY = (
    "Our columnist writes: the council has a habit of deciding first and consulting later. In 2019 it "
    "closed the library on Fenwick Street after a survey that ran for nine days in August. In 2021 it sold "
    "the bowling green to a developer whose director had sat on the regeneration board. Each time the "
    "officers produced a report that said the objections had been considered, and each time nobody could "
    "say how. The ring road is the same story with bigger numbers. Forty million pounds buys a lot of "
    "consultation, yet the residents of Ashby Cross learnt about the route from a leaked map. Frane has "
    "at least noticed. Her statement yesterday was blunt, and worth quoting in full: " + QUOTE + " Whether "
    "she can carry the committee is another matter. Pellow counts on the votes of the members from the "
    "northern wards, who want the lorries gone and do not much mind where they go instead."
)
SHORT = "Odile Frane will vote against the ring road next week, she said on Tuesday."


# --------------------------------------------------------------------------------------------- normalising


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Frane's plan, again!", ["frane", "s", "plan", "again"]),
        ("ÉCOLE  école", ["école", "école"]),
        ("  ", []),
        ("", []),
        ("—…!?", []),
        ("ﬁve", ["five"]),  # NFKC folds the ligature
    ],
)
def test_normalise(text: str, words: list[str]) -> None:
    assert nd.normalise(text) == words


@pytest.mark.parametrize(
    ("text", "count"),
    [("", 0), ("one two", 1), ("a b c d e", 1), ("a b c d e f", 2), ("a b a b a b a b", 2)],
)
def test_shingles(text: str, count: int) -> None:
    assert len(nd.shingles(text)) == count


def test_signature_round_trip_and_determinism() -> None:
    sig = nd.signature(WIRE)
    assert sig == nd.signature(WIRE)
    assert nd.Signature.from_bytes(sig.to_bytes()) == sig
    assert len(sig.to_bytes()) == 9 + 4 * nd.NUM_PERM
    assert nd.band_keys(sig) == nd.band_keys(nd.Signature.from_bytes(sig.to_bytes()))
    assert all(0 <= k < 2**63 for k in nd.band_keys(sig)) and len(nd.band_keys(sig)) == nd.BANDS


@pytest.mark.parametrize("blob", [b"", b"\x00" * 10, b"\x02" + b"\x00" * (8 + 4 * nd.NUM_PERM)])
def test_bad_signature_bytes_are_refused(blob: bytes) -> None:
    with pytest.raises(ValueError, match="signature"):
        nd.Signature.from_bytes(blob)


# ----------------------------------------------------------------------------------------------- the rule

COPY_PAIRS = [
    ("repost with a header, two changed words and no dateline", WIRE, repost(WIRE), True),
    ("wire story trimmed by a paper to its first 70%", WIRE, trimmed(WIRE), True),
    ("identical", WIRE, WIRE, True),
    ("same story told in other words", WIRE, RETOLD, False),
    ("a statement quoted inside a long column", QUOTE, COMMENTARY, False),
    ("a short text identical to another short text", SHORT, SHORT, False),
    ("empty texts", "", "", False),
    ("one empty", WIRE, "", False),
    ("only the first fifth of the story", WIRE, trimmed(WIRE, 0.2), False),
]


@pytest.mark.parametrize(("why", "a", "b", "copy"), COPY_PAIRS, ids=[p[0] for p in COPY_PAIRS])
def test_copy_rule(why: str, a: str, b: str, copy: bool) -> None:
    ok, j = nd.is_copy(nd.signature(a), nd.signature(b))
    assert ok is copy, (why, j)
    assert 0.0 <= j <= 1.0


def test_containment_sees_through_a_trim() -> None:
    full, part = nd.signature(WIRE), nd.signature(trimmed(WIRE))
    assert nd.jaccard(full, part) < 0.8 < nd.containment(full, part)


# ------------------------------------------------------------------------------------------- CopyFinder


def test_the_earliest_published_is_the_original() -> None:
    f = nd.CopyFinder()
    assert f.add("late", WIRE, "2025-06-04") == (None, 0.0)
    original, j = f.add("later", repost(WIRE), "2025-06-05")
    assert original == "late" and j > 0.7
    # an older copy arrives afterwards: it becomes the original of the whole group
    assert f.add("early", trimmed(WIRE, 0.9), "2025-06-03T08:00:00Z")[0] is None
    assert f.copy_of == {"later": "early", "late": "early"}
    assert f.take_changed() == {"later", "late"} and f.take_changed() == set()


def test_undated_ties_go_to_the_one_added_first() -> None:
    f = nd.CopyFinder()
    f.add("first", WIRE)
    f.add("second", repost(WIRE), "2025-06-01")  # only one side dated: added first wins
    f.add("third", WIRE)
    assert f.copy_of == {"second": "first", "third": "first"}


@pytest.mark.parametrize(
    "texts",
    [
        [],
        [WIRE],
        [WIRE, RETOLD],
        [SHORT, SHORT, SHORT],  # too short ever to be copies
        [QUOTE, COMMENTARY],
        ["", "", ""],
    ],
)
def test_inputs_that_yield_no_copies(texts: list[str]) -> None:
    assert nd.find_copies((f"a{i}", t, None) for i, t in enumerate(texts)) == {}


def test_the_examples_repost_is_a_copy_and_the_other_reports_are_not() -> None:
    def text(name: str) -> str:
        return (EXAMPLES / name).read_text(encoding="utf-8")

    courier = text("harbourside-courier-backs-mawdsley.txt")
    found = nd.find_copies(
        [
            ("courier", courier, None),
            ("observer", text("eastport-observer-against-mawdsley.md"), None),
            ("northwire", text("northwire-mawdsley-endorses-independent.txt"), None),
            ("repost", text("saltmarsh-voices-repost.txt"), None),
        ]
    )
    assert found == {"repost": "courier"}


WORDS = st.sampled_from(
    ["harbour", "road", "council", "vote", "plan", "frane", "pellow", "route", "bus", "lorry", "tannery", "greens"]
)
TEXTS = st.lists(WORDS, min_size=0, max_size=80).map(" ".join)


@settings(max_examples=40, deadline=None)
@given(items=st.lists(st.tuples(TEXTS, st.one_of(st.none(), st.integers(0, 5))), max_size=12))
def test_links_never_point_to_themselves_or_chain(items: list[tuple[str, int | None]]) -> None:
    f = nd.CopyFinder()
    for n, (body, day) in enumerate(items):
        f.add(f"a{n}", body, None if day is None else float(day))
    for copy, original in f.copy_of.items():
        assert copy != original
        assert original not in f.copy_of  # originals are never copies themselves


@pytest.mark.parametrize(
    ("published", "days"),
    [
        ("1970-01-02", 1.0),
        ("1970-01-01T12:00:00Z", 0.5),
        ("1970-01-02T02:00:00+02:00", 1.0),
        ("Fri, 02 Jan 1970 00:00:00 GMT", 1.0),
        ("1970-01-03 in the evening", 2.0),
        (None, None),
        ("", None),
        ("last Tuesday", None),
        ("2025-02-30", None),
    ],
)
def test_published_days(published: str | None, days: float | None) -> None:
    assert nd.published_days(published) == days


# Signatures stored before slant computed MinHash itself came from datasketch (affine32, seed 1): the two must
# agree value for value, or old stores would stop finding copies of new articles.
def _datasketch_values(text: str) -> list[int]:
    minhash = pytest.importorskip("datasketch.minhash", reason="datasketch is not installed")
    mh = minhash.MinHash(num_perm=nd.NUM_PERM, seed=nd.SEED, scheme=nd.SCHEME)
    grams = nd.shingles(text)
    if grams:
        mh.update_batch([g.encode("utf-8") for g in sorted(grams)])
    return [int(v) for v in mh.hashvalues]


@pytest.mark.parametrize(
    "text", ["", "one", "five words in a row", WIRE, RETOLD, "Zoë’s café — “naïve” 中文 text " * 9]
)
def test_signature_matches_datasketch(text: str) -> None:
    assert [int(v) for v in nd.signature(text).values] == _datasketch_values(text)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=400))
def test_signature_matches_datasketch_on_any_text(text: str) -> None:
    assert [int(v) for v in nd.signature(text).values] == _datasketch_values(text)
