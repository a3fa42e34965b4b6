"""Per-article features for story clustering: the lead's embedding, the main actors, the time, the terms.

* **Lead**: the title and the first sentences of the text, at most :data:`LEAD_SENTENCES` sentences and
  :data:`LEAD_WORDS` words. Outlets telling the same story put the event in the title and lead; the rest
  of an article is commentary and background that differ from outlet to outlet.
* **Main actors**: persons, parties, organisations and groups mentioned at least twice or named in the
  title or lead. Places are left out: a town or country is shared by every story set there (two stories in
  one town are different stories), and "other" mentions are too mixed. Each actor becomes a matching key
  from :func:`slant.store.canonical.match_key`; for a person with several words, the surname alone, so
  "Gerry Mawdsley" in one article and "Gerald Mawdsley" in another meet.
* **Fallback names**: an article the analysers skipped (another language) or in which they found no main
  actor gets keys from runs of two or more capitalised words in its title and text ("Gerald Mawdsley",
  "Leila Marchetti"), read the same way, so a French report on an English story still shares its actors.
* **Time**: publication time in days since 1970 (None when unknown).
* **Title terms**: content words of the title, for the story label.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from slant.analyze.common import read_words
from slant.clean.near_dups import published_days, signature
from slant.models import Analysis
from slant.store.canonical import match_key
from slant.store.story_records import CLUSTERED_STATUSES, ArticleFeatures

LEAD_SENTENCES = 3
LEAD_WORDS = 60
#: Actor kinds that can be a story's main actors (see the module doc for why places are left out).
MAIN_KINDS = frozenset({"person", "party", "org", "group"})

_SENTENCE_END = re.compile(r"(?<=[.!?…»”\"])\s+")
_CAP_WORD = r"[A-ZÀ-ÖØ-Þ][\w'’-]*[\w]"
_NAME_RUN = re.compile(rf"\b{_CAP_WORD}(?:\s+{_CAP_WORD}){{1,3}}\b")
_WORD = re.compile(r"[^\W\d_][\w'’-]*[^\W_]|[^\W\d_]", re.UNICODE)


def lead_text(title: str | None, text: str) -> str:
    """The title and the text's first sentences (at most :data:`LEAD_SENTENCES` and :data:`LEAD_WORDS`)."""
    words: list[str] = []
    for n, sentence in enumerate(_SENTENCE_END.split(text.strip())):
        if n >= LEAD_SENTENCES or len(words) >= LEAD_WORDS:
            break
        words.extend(sentence.split())
    lead = " ".join(words[:LEAD_WORDS])
    return f"{title.strip()}. {lead}" if title and title.strip() else lead


def actor_key(name: str, kind: str) -> str:
    """The clustering key of an actor: its match key, a multi-word person's surname alone."""
    key = match_key(name, kind)
    if kind == "person" and " " in key:
        return key.rsplit(" ", 1)[1]
    return key


def main_actors(analysis: Analysis, lead_end: int | None = None) -> tuple[tuple[str, str], ...]:
    """The article's main actors as ``(key, display name)`` (see the module doc), most mentioned first."""
    art = analysis.article
    if lead_end is None:
        lead_end = _lead_end(art.text)
    title = (art.title or "").casefold()
    scored: dict[str, tuple[int, str]] = {}
    for actor in analysis.actors:
        if actor.kind not in MAIN_KINDS:
            continue
        in_lead = any(m.start < lead_end for m in actor.mentions) or any(
            n.casefold() in title for n in (actor.name, *actor.names) if len(n) > 2
        )
        if len(actor.mentions) < 2 and not in_lead:
            continue
        key = actor_key(actor.name, actor.kind)
        if not key:
            continue
        count = len(actor.mentions) + (1 if in_lead else 0)
        if key not in scored or count > scored[key][0]:
            scored[key] = (count, actor.name)
    if not scored:
        return name_keys(art.title, art.text)
    ranked = sorted(scored.items(), key=lambda kv: (-kv[1][0], kv[0]))
    return tuple((key, name) for key, (_, name) in ranked)


def name_keys(title: str | None, text: str) -> tuple[tuple[str, str], ...]:
    """Fallback actor keys from runs of capitalised words (see the module doc): those seen twice or in the
    title or lead, most frequent first."""
    lead_end = _lead_end(text)
    counts: Counter[str] = Counter()
    names: dict[str, str] = {}
    lead_keys: set[str] = set()
    for source, offset_lead in ((title or "", True), (text, False)):
        for m in _NAME_RUN.finditer(source):
            key = actor_key(m.group(0), "person")
            if not key or len(key) < 3:
                continue
            counts[key] += 1
            names.setdefault(key, m.group(0))
            if offset_lead or m.start() < lead_end:
                lead_keys.add(key)
    keep = [k for k, c in counts.items() if c >= 2 or k in lead_keys]
    keep.sort(key=lambda k: (-counts[k], k))
    return tuple((k, names[k]) for k in keep)


def _lead_end(text: str) -> int:
    """Character offset where :func:`lead_text`'s part of ``text`` ends."""
    pos = 0
    words = 0
    for n, m in enumerate(_SENTENCE_END.finditer(text)):
        words += len(text[pos : m.start()].split())
        pos = m.end()
        if n + 1 >= LEAD_SENTENCES or words >= LEAD_WORDS:
            return pos
    return len(text) if words < LEAD_WORDS else pos


@lru_cache(maxsize=1)
def stopwords() -> frozenset[str]:
    """Words never used as story label terms (``resources/stories/stopwords.txt``)."""
    return read_words("stories/stopwords.txt")


def title_terms(title: str | None, actor_words: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """Content words of a title, casefolded, in order, without stopwords, actor names and short words."""
    if not title:
        return ()
    stop = stopwords()
    out: list[str] = []
    for m in _WORD.finditer(title):
        word = m.group(0).casefold().replace("’", "'")
        if word.endswith("'s"):
            word = word[:-2]
        if len(word) < 3 or word in stop or word in actor_words or word in out:
            continue
        out.append(word)
    return tuple(out)


def _name_words(analysis: Analysis, actors: Sequence[tuple[str, str]]) -> frozenset[str]:
    """Casefolded words of the names of the article's non-place actors and of its main actors' names."""
    names = [n for a in analysis.actors if a.kind != "place" for n in (a.name, *a.names)]
    names += [name for _, name in actors]
    return frozenset(w.casefold() for n in names for w in _WORD.findall(n))


def clusterable(analysis: Analysis) -> bool:
    """True for articles that take part in stories (analysed, or skipped for language, with text)."""
    return analysis.article.status in CLUSTERED_STATUSES and bool(analysis.article.text.strip())


def features_for(analyses: Sequence[Analysis], *, with_signatures: bool = True) -> list[ArticleFeatures]:
    """Features of each analysis (embeddings computed in one batch)."""
    from slant.nlp.embed import embed

    if not analyses:
        return []
    vectors = embed([lead_text(a.article.title, a.article.text) for a in analyses])
    out = []
    for analysis, vector in zip(analyses, vectors, strict=True):
        art = analysis.article
        actors = main_actors(analysis)
        actor_words = _name_words(analysis, actors)
        out.append(
            ArticleFeatures(
                article_id=art.id,
                embedding=vector,
                actors=actors,
                days=published_days(art.published),
                published=art.published,
                title_terms=title_terms(art.title, actor_words),
                signature=signature(art.text) if with_signatures else None,
            )
        )
    return out
