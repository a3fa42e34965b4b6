"""Hand-made analyses for the network, export and report tests (no NLP: every span is placed by hand).

Every person, outlet and sentence is invented for these tests. ``hostile()`` is an article whose every text
field tries to break out of HTML, a script element or an attribute.
"""

from __future__ import annotations

from collections.abc import Sequence

from slant.models import Actor, ActorKind, Analysis, Article, Flag, Quote, Relation, Span, Stance


def span(text: str, part: str, nth: int = 0) -> Span:
    """The span of the ``nth`` occurrence of ``part`` in ``text``."""
    start = -1
    for _ in range(nth + 1):
        start = text.index(part, start + 1)
    return Span(start, start + len(part), part)


def sentence(text: str, part: str) -> Span:
    """The span of the sentence of ``text`` that contains ``part`` (sentences end with '. ')."""
    at = text.index(part)
    start = text.rfind(". ", 0, at)
    start = 0 if start < 0 else start + 2
    end = text.find(". ", at)
    end = len(text) if end < 0 else end + 1
    return Span(start, end, text[start:end])


def actor(
    text: str, local: str, name: str, kind: ActorKind, parts: Sequence[str], aliases: Sequence[str] = ()
) -> Actor:
    """An actor whose mentions are the first occurrence of each of ``parts``."""
    return Actor(local, name, kind, tuple(aliases), tuple(span(text, p) for p in parts))


def relation(
    text: str, src: str, dst: str, polarity: str, kind: str, cue: str, asserted_by: str | None = None
) -> Relation:
    """A relation whose evidence is the sentence containing ``cue``."""
    return Relation(src, dst, polarity, kind, sentence(text, cue), 0.8, asserted_by)  # type: ignore[arg-type]


def article(aid: str, text: str, title: str, site: str, **kw: object) -> Article:
    return Article(id=aid, source=f"test/{aid}.txt", text=text, title=title, site_name=site, language="en", **kw)  # type: ignore[arg-type]


LEDGER = (
    "Mayor Ada Quill backed Tom Reyes for the harbour board on Monday. "
    "Quill also attacked Dara Lind over the ferry contract. "
    '"Reyes knows the quays," Quill said.'
)
POST = (
    "Ms Quill praised Reyes again on Friday. "
    "Reyes thanked Quill at the yacht club. "
    "Lind said Quill was wrong about the ferry."
)
OTTLEY = "Bram Ottley opened the fair. Bram endorsed Bram Ottley's plan, the organisers joked."


def ledger(aid: str = "a1000000000000a1", **kw: object) -> Analysis:
    t = LEDGER
    return Analysis(
        article=article(aid, t, "Quill backs Reyes", "Quayside Ledger", published="2025-04-01"),
        actors=(
            actor(t, "ada-quill", "Ada Quill", "person", ["Ada Quill", "Quill"], ["Mayor Ada Quill", "Quill"]),
            actor(t, "tom-reyes", "Tom Reyes", "person", ["Tom Reyes", "Reyes"], ["Reyes"]),
            actor(t, "dara-lind", "Dara Lind", "person", ["Dara Lind"]),
        ),
        quotes=(
            Quote("Reyes knows the quays,", t.index("Reyes knows"), t.index("Reyes knows") + 22, "direct", "ada-quill"),
        ),
        relations=(
            relation(t, "ada-quill", "tom-reyes", "support", "endorse", "backed"),
            relation(t, "ada-quill", "dara-lind", "oppose", "criticise", "attacked"),
        ),
        stances=(
            Stance("author", "ada-quill", "positive", 0.6, (span(t, "backed"),)),
            Stance("author", "dara-lind", "negative", -0.5, (span(t, "attacked"),)),
            Stance("author", "tom-reyes", "neutral", 0.0),
        ),
        flags=(Flag("loaded", "L1", "attack verb", *_at(t, "attacked")),),
        scores={"loaded_density": 1.2, "hyperpartisan": 0.3},
        **kw,  # type: ignore[arg-type]
    )


def post(aid: str = "b2000000000000b2", **kw: object) -> Analysis:
    t = POST
    return Analysis(
        article=article(aid, t, "Reyes thanks Quill", "Northgate Post", published="2025-04-03"),
        actors=(
            actor(t, "quill", "Ms Quill", "person", ["Ms Quill", "Quill"]),
            actor(t, "reyes", "Reyes", "person", ["Reyes"]),
            actor(t, "lind", "Dara Lind", "person", ["Lind"], ["Lind"]),
        ),
        relations=(
            relation(t, "quill", "reyes", "support", "praise", "praised"),
            relation(t, "reyes", "quill", "support", "thank", "thanked"),
            relation(t, "lind", "quill", "oppose", "criticise", "was wrong", asserted_by="lind"),
        ),
        stances=(Stance("author", "quill", "negative", -0.4, (span(t, "praised"),)),),
        flags=(
            Flag("hate", "H9", "invented trope", *_at(t, "yacht club"), voice="author", target_group="sailors"),
            Flag("bias", "B1", "biased sentence", *_at(t, "Lind said Quill was wrong")),
        ),
        **kw,  # type: ignore[arg-type]
    )


def ottley(aid: str = "c3000000000000c3") -> Analysis:
    """Two local actors that are one canonical actor ("Bram" is an alias of Bram Ottley), related to each other."""
    t = OTTLEY
    return Analysis(
        article=article(aid, t, "Ottley opens the fair", "Fair Gazette"),
        actors=(
            actor(t, "bram-ottley", "Bram Ottley", "person", ["Bram Ottley"], ["Bram"]),
            actor(t, "bram", "Bram", "person", ["Bram"]),
        ),
        relations=(relation(t, "bram", "bram-ottley", "support", "endorse", "endorsed"),),
    )


def _at(text: str, part: str) -> tuple[int, int, str]:
    s = span(text, part)
    return s.start, s.end, s.text


#: Strings that would run script or break markup if they reached the page unescaped.
EVIL_SCRIPT = "<script>window.__pwned=1</script>"
EVIL_IMG = '<img src=x onerror="window.__pwned=1">'
EVIL_NAME = "</script><img src=x onerror=alert(1)>Ed Vane"

HOSTILE_TEXT = (
    f"Ed Vane wrote {EVIL_SCRIPT} on the council page. "
    f"Nia Brook backed {EVIL_NAME} at the hall. "
    f"Then came {EVIL_IMG} and a stray </script> and <!-- a comment and ]]> too. "
    "Nia Brook said the line \u2028 broke."
)


def hostile(aid: str = "d4000000000000d4") -> Analysis:
    t = HOSTILE_TEXT
    return Analysis(
        article=Article(
            id=aid,
            source="test/<b>hostile</b>.txt",
            text=t,
            title="</title></script><script>window.__pwned=1</script>",
            url="javascript:window.__pwned=1",
            author='"><svg onload=alert(1)>',
            site_name="<i>Evil</i> & Co",
            language="en",
        ),
        actors=(
            actor(t, "vane", EVIL_NAME, "person", [EVIL_NAME, "Ed Vane"]),
            actor(t, "brook", "Nia Brook", "person", ["Nia Brook"]),
        ),
        quotes=(Quote(EVIL_SCRIPT, t.index(EVIL_SCRIPT), t.index(EVIL_SCRIPT) + len(EVIL_SCRIPT), "direct", "vane"),),
        relations=(relation(t, "brook", "vane", "support", "endorse", "backed"),),
        stances=(Stance("author", "vane", "negative", -0.7, (span(t, EVIL_IMG),)),),
        flags=(
            Flag("hate", "H1", "<b>label</b>", *_at(t, EVIL_IMG), explanation="</script><script>alert(2)</script>"),
            Flag("loaded", "L2", "stray", *_at(t, "</script> and <!--")),
        ),
    )
