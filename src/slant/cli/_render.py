"""One article marked up in the terminal (``slant show``): metadata, the text with actor mentions, quotes
and flags styled, the scores, then tables of the main actors (with the author's stance and its evidence),
actors, quotes, relations, stances and flags."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from slant.cli._console import KIND_STYLES, out
from slant.models import Analysis


def render_article(a: Analysis) -> None:
    """Title, metadata, the text marked up (actor mentions by kind, quotes in italics, flags), the scores,
    then the actors, quotes, relations, stances and flags found."""
    art = a.article
    out.print(Text(art.title or "(untitled)", style="bold underline"))
    meta = [x for x in (art.site_name, art.author, art.published, art.url) if x]
    out.print(Text(" · ".join(meta) or art.source, style="dim"))
    out.print(Text(f"id {art.id} · {art.language or '?'} · {art.status} · {art.word_count} words", style="dim"))
    if a.story or a.copy_of:
        links = [f"story {a.story}" if a.story else "", f"copy of {a.copy_of}" if a.copy_of else ""]
        out.print(Text(" · ".join(x for x in links if x), style="dim"))
    out.print()
    body = Text(art.text)  # article text is never parsed as markup
    for q in a.quotes:
        body.stylize("italic", q.start, q.end)
    for actor in a.actors:
        for m in actor.mentions:
            body.stylize(KIND_STYLES.get(actor.kind, "bold"), m.start, m.end)
    for f in a.flags:
        if f.kind in FLAG_STYLES:
            body.stylize(FLAG_STYLES[f.kind], f.start, f.end)
    out.print(body)
    out.print()
    if a.scores:
        out.print(Text("  ".join(f"{k} {v:.2f}" for k, v in sorted(a.scores.items())), style="dim"))
    names = {x.id: x.name for x in a.actors}
    tables = (
        _main_table(a),
        _actors_table(a),
        _quotes_table(a, names),
        _relations_table(a, names),
        _stances_table(a, names),
        _flags_table(a, ("hate", "contested", "review"), "hate, contested claims, passages to review"),
        _flags_table(a, ("loaded",), "loaded language"),
    )
    for table in tables:
        if table.row_count:
            out.print(table)


#: How flagged spans look in the marked-up text (biased sentences are listed by score, not underlined).
FLAG_STYLES = {
    "hate": "reverse red",
    "review": "underline red",
    "contested": "underline magenta",
    "loaded": "underline yellow",
}


def _flags_table(a: Analysis, kinds: tuple[str, ...], title: str) -> Table:
    with_group = "hate" in kinds or "review" in kinds
    t = Table(title=title, title_justify="left")
    for col in ("kind", "label", "voice", *(("group",) if with_group else ()), "text", "why"):
        t.add_column(col)
    for f in a.flags:
        if f.kind in kinds:
            group = (Text(f.target_group or ""),) if with_group else ()
            t.add_row(
                Text(f.kind, FLAG_STYLES.get(f.kind, "")), Text(f.label), f.voice, *group,
                _short(f.text, 50), _short(f.explanation or "", 70),
            )  # fmt: skip
    return t


def _short(text: str, n: int = 90) -> Text:
    return Text(text if len(text) <= n else text[: n - 1] + "…")


STANCE_STYLES = {"positive": "green", "negative": "red", "neutral": "dim"}


def _main_table(a: Analysis) -> Table:
    """The main actors, most salient first, with the author's stance, its confidence and the sentence that
    carries it (a polar stance always has one)."""
    t = Table(title="main actors: where the author stands", title_justify="left")
    for col in ("actor", "salience", "author", "conf.", "evidence"):
        t.add_column(col, justify="right" if col in ("salience", "conf.") else "left")
    for m in a.main_actors():
        st, actor = m.stance, m.actor
        t.add_row(
            Text(actor.name, style=KIND_STYLES.get(actor.kind, "")),
            _number(actor.salience),
            Text(st.polarity, STANCE_STYLES[st.polarity]) if st else Text("–", "dim"),
            _number(st.confidence if st else None),
            _short(m.sentence.text, 90) if m.sentence else Text(""),
        )
    return t


def _number(x: float | None) -> str:
    return "–" if x is None else f"{x:.2f}"


def _actors_table(a: Analysis) -> Table:
    """Every actor, in the analysis' order (most salient first)."""
    t = Table(title="actors", title_justify="left")
    for col in ("actor", "kind", "salience", "mentions", "aliases"):
        t.add_column(col, justify="right" if col in ("salience", "mentions") else "left")
    for actor in a.actors:
        t.add_row(
            Text(actor.name, style=KIND_STYLES.get(actor.kind, "")),
            actor.kind,
            _number(actor.salience),
            str(len(actor.mentions)),
            Text(", ".join(actor.aliases)),
        )
    return t


def _quotes_table(a: Analysis, names: dict[str, str]) -> Table:
    t = Table(title="quotes", title_justify="left")
    for col in ("speaker", "kind", "cue", "quote"):
        t.add_column(col)
    for q in a.quotes:
        speaker = names.get(q.speaker or "", q.speaker_name or "?")
        t.add_row(
            Text(speaker), q.kind, Text(f"{q.cue or ''} ({q.cue_type})" if q.cue_type else q.cue or ""), _short(q.text)
        )
    return t


def _relations_table(a: Analysis, names: dict[str, str]) -> Table:
    t = Table(title="who backs or attacks whom", title_justify="left")
    for col in ("source", "", "target", "kind", "said by", "conf.", "evidence"):
        t.add_column(col)
    for r in a.relations:
        arrow = Text("backs", "green") if r.polarity == "support" else Text("attacks", "red")
        said = names.get(r.asserted_by or "", "the article") if r.asserted_by else "the article"
        kind = r.kind + (f" (if: {r.condition})" if r.condition else "")
        t.add_row(
            Text(names.get(r.source, r.source)), arrow, Text(names.get(r.target, r.target)),
            Text(kind), Text(said), f"{r.confidence:.2f}", _short(r.evidence.text, 70),
        )  # fmt: skip
    return t


def _stances_table(a: Analysis, names: dict[str, str]) -> Table:
    t = Table(title="stance", title_justify="left")
    for col in ("holder", "toward", "polarity", "score", "conf.", "evidence"):
        t.add_column(col, justify="right" if col in ("score", "conf.") else "left")
    for s in a.stances:  # the author's first, then by the target's salience
        if s.polarity == "neutral" and not s.evidence:
            continue
        holder = "author" if s.holder == "author" else names.get(s.holder, s.holder)
        t.add_row(
            Text(holder), Text(names.get(s.target, s.target)), Text(s.polarity, STANCE_STYLES[s.polarity]),
            f"{s.score:+.2f}", _number(s.confidence), _short(", ".join(e.text for e in s.evidence), 60),
        )  # fmt: skip
    return t
