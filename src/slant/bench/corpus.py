"""A deterministic synthetic corpus of political news for speed and memory benchmarks.

Sentences are built from templates with invented people, parties, places and groups, so the entity
density is close to real coverage while no third-party text is involved. Same seed, same corpus.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

FIRST = ["Mara", "Tobias", "Ines", "Declan", "Priya", "Oskar", "Halima", "Rufus", "Greta", "Amir", "Liesel",
         "Cormac", "Nadia", "Bertram", "Yusuf", "Odile", "Fenella", "Idris", "Saoirse", "Viktor"]  # fmt: skip
LAST = ["Pellow", "Ashdown", "Kettering", "Vance", "Okafor", "Lindqvist", "Marsh", "Tranter", "Qureshi",
        "Halloran", "Beaumont", "Strand", "Nakamura", "Ferris", "Abernethy", "Castell", "Rowntree", "Sayer"]  # fmt: skip
TITLES = ["Mr", "Ms", "Dr", "Councillor", "Lord", "Baroness"]
PARTIES = ["Labour", "the Conservatives", "the Liberal Democrats", "the Greens", "the Harbour Alliance"]
PLACES = ["Eastport", "Millbrook", "Saltmarsh Vale", "North Quay", "Ashby Cross", "Fenwick"]
GROUPS = ["migrants", "pensioners", "Muslim voters", "small traders", "students", "nurses"]
OUTLETS = ["the Eastport Gazette", "Northwire", "the Quayside Courier", "Radio Fenwick"]
TOPICS = ["the housing plan", "the bus fare rise", "the council budget", "the harbour redevelopment",
          "the school closures", "the new bypass", "the library cuts", "the mayoral race"]  # fmt: skip

TEMPLATES = [
    "{p1} said on {day} that {topic} would {verb_effect} {place}.",
    "{title} {last1} accused {p2} of {accusation} over {topic}.",
    "Speaking to {outlet}, {p1} said: “We will not stand by while {topic} {verb_effect2} {group}.”",
    "{party} has backed {p1} in the contest for mayor of {place}, according to {outlet}.",
    "{last1} told reporters that {party} had {party_act} {topic} for months.",
    "Critics of {last2} say {topic} will hurt {group} in {place} most of all.",
    "In a statement, {p2} called the decision “{adj}” and promised to {promise}.",
    "{p1}, who represents {place} for {party}, has long campaigned against {topic}.",
    "“This is {adj},” said {title} {last2}. “{group_cap} deserve better than {topic}.”",
    "The row deepened on {day} when {party} withdrew its support for {last1}.",
    "{last2} insisted that {topic} had been agreed with {group} and with {place} council.",
    "Figures seen by {outlet} show spending on {topic} rose by {num} per cent last year.",
    "{first1} {last1}'s allies in {place} dismissed the claims as {adj}.",
    "Asked whether {party} would sack {last2}, a spokesperson declined to comment.",
    "{p2} praised {last1} for {praise} but warned that {topic} remained {adj}.",
]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
EFFECTS = ["transform", "damage", "divide", "revive", "bankrupt", "reshape"]
EFFECTS2 = ["hurts", "ignores", "targets", "sidelines"]
ACCUSATIONS = ["misleading voters", "playing divisive politics", "wasting public money", "breaking promises"]
PARTY_ACTS = ["quietly opposed", "openly supported", "delayed", "mishandled"]
ADJS = [
    "completely unacceptable",
    "a disgrace",
    "long overdue",
    "reckless",
    "a sensible compromise",
    "cynical",
]
PROMISES = ["fight it in the courts", "take it to a public vote", "review the figures", "meet residents"]
PRAISES = ["his candour", "her work on the estate", "standing firm", "listening to residents"]


def synthetic_article(rng: random.Random, words: int = 700) -> tuple[str, str]:
    """One (title, body) pair of about ``words`` words, in paragraphs of three to five sentences."""
    cast = [(rng.choice(FIRST), rng.choice(LAST)) for _ in range(4)]
    sentences: list[str] = []
    count = 0
    while count < words:
        (f1, l1), (f2, l2) = rng.sample(cast, 2)
        group = rng.choice(GROUPS)
        s = rng.choice(TEMPLATES).format(
            p1=f"{f1} {l1}" if rng.random() < 0.5 else l1,
            p2=f"{f2} {l2}",
            first1=f1,
            last1=l1,
            last2=l2,
            title=rng.choice(TITLES),
            party=rng.choice(PARTIES),
            place=rng.choice(PLACES),
            group=group,
            group_cap=group[0].upper() + group[1:],
            outlet=rng.choice(OUTLETS),
            topic=rng.choice(TOPICS),
            day=rng.choice(DAYS),
            verb_effect=rng.choice(EFFECTS),
            verb_effect2=rng.choice(EFFECTS2),
            accusation=rng.choice(ACCUSATIONS),
            party_act=rng.choice(PARTY_ACTS),
            adj=rng.choice(ADJS),
            promise=rng.choice(PROMISES),
            praise=rng.choice(PRAISES),
            num=rng.randint(3, 40),
        )
        s = s[0].upper() + s[1:]
        sentences.append(s)
        count += len(s.split())
    paragraphs: list[str] = []
    i = 0
    while i < len(sentences):
        n = rng.randint(3, 5)
        paragraphs.append(" ".join(sentences[i : i + n]))
        i += n
    (first, last), topic = cast[0], rng.choice(TOPICS)
    title = f"{first} {last} under fire over {topic}"
    return title, "\n\n".join(paragraphs)


def iter_corpus(n: int, *, words: int = 700, seed: int = 13) -> Iterator[tuple[str, str]]:
    """``n`` synthetic (title, body) pairs."""
    rng = random.Random(seed)
    for _ in range(n):
        yield synthetic_article(rng, words)


def write_corpus(folder: Path, n: int, *, words: int = 700, seed: int = 13) -> list[Path]:
    """Write ``n`` synthetic articles as ``.txt`` files (title line, blank line, body)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, (title, body) in enumerate(iter_corpus(n, words=words, seed=seed)):
        p = folder / f"article-{i:06d}.txt"
        # The index keeps bodies unique, so content-hash ids never collapse two synthetic articles.
        p.write_text(f"{title}\n\n{body}\n\nFile {i}.\n", encoding="utf-8")
        paths.append(p)
    return paths
