"""The per-article parts of a comparison: stance matrix, quoted speakers, relations, language, headlines."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence

from slant.compare._actor_index import ActorIndex
from slant.compare._text import content_words, stopwords, tokens
from slant.compare._types import (
    ArticleQuotes,
    Headline,
    LanguageSummary,
    QuotedSpeaker,
    RelationRow,
    StanceCell,
)
from slant.models import Analysis
from slant.store.canonical import is_one_word, match_key, normalise_name, surname

#: Loaded words listed per article in the language summary.
LOADED_TERMS = 8


def stance_cells(index: ActorIndex, main: Sequence[tuple[int, str]], analyses: Sequence[Analysis]) -> list[StanceCell]:
    """The author's stance of every article toward every main actor (``main``: canonical id, display name)."""
    cells: list[StanceCell] = []
    for cid, name in main:
        for a in analyses:
            art = a.article.id
            local = index.local_ids(art, cid)
            mentions = sum(len(x.mentions) for x in a.actors if x.id in local)
            stances = [s for s in a.stances if s.holder == "author" and s.target in local]
            if stances:
                s = max(stances, key=lambda x: (abs(x.score), len(x.evidence)))
                cells.append(StanceCell(name, art, "stance", s.polarity, s.score, s.evidence, mentions))
            elif local:
                cells.append(StanceCell(name, art, "no_stance", mentions=mentions))
            else:
                cells.append(StanceCell(name, art, "not_mentioned"))
    return cells


def quoted_speakers(index: ActorIndex, analyses: Sequence[Analysis]) -> list[ArticleQuotes]:
    """Who each article quotes, most quoted first; quotes without a speaker actor are counted apart."""
    rows: list[ArticleQuotes] = []
    for a in analyses:
        art = a.article.id
        counts: Counter[str] = Counter()
        unattributed: Counter[str] = Counter()
        for q in a.quotes:
            cid = index.canonical(art, q.speaker)
            if cid is not None:
                counts[index.name(cid)] += 1
            else:
                unattributed[(q.speaker_name or "").strip() or "unnamed"] += 1
        speakers = tuple(QuotedSpeaker(n, k) for n, k in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
        described = tuple(n for n, _ in unattributed.most_common())
        rows.append(ArticleQuotes(art, speakers, sum(unattributed.values()), described))
    return rows


def quoted_only_in(quoted: Sequence[ArticleQuotes]) -> dict[str, str]:
    """Speakers quoted by exactly one article (when the story has more than one): speaker -> article id."""
    if len(quoted) < 2:
        return {}
    where: dict[str, set[str]] = {}
    for row in quoted:
        for s in row.speakers:
            where.setdefault(s.name, set()).add(row.article)
    return {name: next(iter(arts)) for name, arts in sorted(where.items()) if len(arts) == 1}


def relation_rows(index: ActorIndex, analyses: Sequence[Analysis]) -> list[RelationRow]:
    """Every support/oppose relation of every article, with its actors by their story-wide names."""
    rows: list[RelationRow] = []
    for a in analyses:
        art = a.article.id
        local_names = {x.id: x.name for x in a.actors}

        def name(actor_id: str | None, art: str = art, local_names: Mapping[str, str] = local_names) -> str | None:
            if actor_id is None:
                return None
            cid = index.canonical(art, actor_id)
            return index.name(cid) if cid is not None else local_names.get(actor_id, actor_id)

        for r in a.relations:
            rows.append(
                RelationRow(
                    art,
                    name(r.source) or r.source,
                    name(r.target) or r.target,
                    r.polarity,
                    r.kind,
                    name(r.asserted_by),
                    r.evidence,
                    r.confidence,
                )
            )
    return rows


def language_summaries(analyses: Sequence[Analysis]) -> list[LanguageSummary]:
    """Loaded-language density, hyperpartisan score, biased share and hate flags of each article."""
    out: list[LanguageSummary] = []
    for a in analyses:
        loaded = [f for f in a.flags if f.kind == "loaded"]
        hate = [f for f in a.flags if f.kind == "hate"]
        terms = Counter(f.text.strip().lower() for f in loaded if f.text.strip())
        out.append(
            LanguageSummary(
                article=a.article.id,
                loaded_density=a.scores.get("loaded_density"),
                hyperpartisan=a.scores.get("hyperpartisan"),
                biased_share=a.scores.get("biased_sentence_share"),
                loaded=len(loaded),
                loaded_terms=tuple(t for t, _ in terms.most_common(LOADED_TERMS)),
                hate=len(hate),
                hate_by_voice=tuple(sorted(Counter(f.voice for f in hate).items())),
                hate_codes=tuple(sorted(Counter(f.code for f in hate).items())),
                hate_groups=tuple(sorted({f.target_group for f in hate if f.target_group})),
                review=sum(f.kind == "review" for f in a.flags),
            )
        )
    return out


def headlines(index: ActorIndex, main: Sequence[tuple[int, str]], analyses: Sequence[Analysis]) -> list[Headline]:
    """Each title with the main actors it names and its content words that no other title uses."""
    words = {a.article.id: _title_words(a.article.title or "") for a in analyses}
    df = Counter(st for ws in words.values() for st in {st for _, st in ws})
    out: list[Headline] = []
    for a in analyses:
        title = a.article.title
        named = tuple(name for cid, name in main if title and _names_actor(title, _spellings(index, cid)))
        unique: tuple[str, ...] = ()
        if len(analyses) > 1:
            unique = tuple(w for w, st in words[a.article.id] if df[st] == 1)
        out.append(Headline(a.article.id, title, named, unique))
    return out


def _title_words(title: str) -> list[tuple[str, str]]:
    """The content words of a title with their stems, each once, in order (numbers left out)."""
    stop = stopwords()
    seen: dict[str, str] = {}
    for tok in tokens(title):
        if tok in stop or len(tok) < 3 or not tok[0].isalpha():
            continue
        stems = content_words(tok)
        if stems and tok not in seen:
            seen[tok] = stems[0]
    return list(seen.items())


def _spellings(index: ActorIndex, cid: int) -> set[str]:
    names = index.spellings(cid)
    if index.kind(cid) == "person":  # a headline names a person by surname alone
        names |= {surname(match_key(n, "person")) for n in names if not is_one_word(match_key(n, "person"))}
    return names


def _names_actor(title: str, spellings: set[str]) -> bool:
    text = f" {normalise_name(title)} "
    for s in spellings:
        key = normalise_name(s)
        if key and re.search(rf"(?<![\w]){re.escape(key)}(?![\w])", text):
            return True
    return False
