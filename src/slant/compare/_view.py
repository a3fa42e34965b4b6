"""The terminal view of ``slant compare``: one story side by side, rendered with rich.

Everything that comes from an article (titles, outlets, names, sentences) is hostile text: it is always
passed as :class:`rich.text.Text`, never interpolated into markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from slant.compare._build import Comparison
from slant.compare._types import Fact, StanceCell

#: Only-in facts shown per article (the most factual first: figures, then named actors); --json has all.
FACTS_SHOWN = 5
#: Width of an article column header in the matrices.
OUTLET_WIDTH = 12

_POLARITY_STYLE = {"positive": "bold white on green", "negative": "bold white on red", "neutral": "dim"}


def render_comparisons(comparisons: Sequence[Comparison], console: Console, *, facts: int = FACTS_SHOWN) -> None:
    """Print every story's comparison, biggest story first."""
    ordered = sorted(comparisons, key=lambda c: (-len(c.originals), c.id))
    for n, c in enumerate(ordered):
        if n:
            console.rule(style="dim")
        render_comparison(c, console, facts=facts)


def render_comparison(c: Comparison, console: Console, *, facts: int = FACTS_SHOWN) -> None:
    """Print one story: its articles, the stance heatmap, quoted speakers, relations, only-in facts, differing
    figures, language and headlines."""
    keys = _keys(c)
    head = Text("story ", style="bold")
    head.append(c.id, style="bold cyan")
    head.append("  ")
    head.append(c.label)
    console.print(head)
    note = c.to_json()["note"]
    if note:
        console.print(Text(note, style="yellow"))
    console.print(_articles_table(c, keys))
    parts = (
        _stance_table(c, keys),
        _quoted_table(c, keys),
        _relations_table(c, keys),
        _figures_table(c, keys),
        _language_table(c, keys),
        _headlines_table(c, keys),
    )
    for i, table in enumerate(parts):
        if table.row_count:
            console.print(table)
        if i == 2:
            _print_facts(c, keys, console, facts)


def _keys(c: Comparison) -> dict[str, str]:
    return {a.id: str(n) for n, a in enumerate(c.articles, 1)}


def _short(text: str, n: int) -> Text:
    text = " ".join(text.split())
    return Text(text if len(text) <= n else text[: n - 1] + "…")


def _header(c: Comparison, keys: dict[str, str], article: str) -> Text:
    info = next(a for a in c.articles if a.id == article)
    t = Text(f"#{keys[article]}\n", style="bold")
    t.append_text(_short(info.outlet, OUTLET_WIDTH))
    return t


def _articles_table(c: Comparison, keys: dict[str, str]) -> Table:
    t = Table(title="articles", title_justify="left")
    for col in ("#", "outlet", "title", "published", "id", ""):
        t.add_column(col)
    for a in c.articles:
        if a.copy_of:
            status = Text(f"copy of #{keys.get(a.copy_of, '?')}: counted once", style="magenta")
        elif a.status != "analysed":
            status = Text(f"not compared ({a.status.replace('_', ' ')})", style="dim")
        else:
            status = Text("")
        t.add_row(
            keys[a.id], _short(a.outlet, 28), _short(a.title or "(untitled)", 60), Text((a.published or "")[:10]),
            a.id[:12], status,
        )  # fmt: skip
    return t


def _cell_text(cell: StanceCell | None) -> Text:
    if cell is None or cell.status == "not_mentioned":
        return Text("")
    if cell.status == "no_stance":
        return Text("·", style="dim")
    score = cell.score or 0.0
    label = f"{score:+.2f}" if cell.polarity != "neutral" else "0"
    return Text(f" {label} ", style=_POLARITY_STYLE.get(cell.polarity or "", ""))


def _stance_table(c: Comparison, keys: dict[str, str]) -> Table:
    t = Table(
        title="author stance toward the main actors",
        title_justify="left",
        caption="green backs, red attacks, 0 neutral, · named without an author stance, blank not named",
        caption_justify="left",
    )
    t.add_column("actor")
    for art in c.originals:
        t.add_column(_header(c, keys, art), justify="center")
    if len(c.originals) < 1:
        return t
    for actor in c.actors:
        t.add_row(Text(actor.name, style="bold"), *(_cell_text(c.cell(actor.name, art)) for art in c.originals))
    return t


def _quoted_table(c: Comparison, keys: dict[str, str]) -> Table:
    only = dict(c.quoted_only_in)
    t = Table(
        title="who is quoted where (quotes per article)",
        title_justify="left",
        caption="* quoted by one article only" if only else None,
        caption_justify="left",
    )
    t.add_column("speaker")
    for art in c.originals:
        t.add_column(_header(c, keys, art), justify="right")
    rows = {q.article: {s.name: s.quotes for s in q.speakers} for q in c.quoted}
    speakers = sorted(
        {n for r in rows.values() for n in r}, key=lambda n: (-sum(r.get(n, 0) for r in rows.values()), n)
    )
    for name in speakers:
        label = Text(name)
        if name in only:
            label.append(" *", style="yellow")
        t.add_row(label, *(str(rows.get(art, {}).get(name, "")) for art in c.originals))
    unattributed = {q.article: q.unattributed for q in c.quoted}
    if any(unattributed.values()):
        t.add_row(Text("(no named speaker)", style="dim"), *(str(unattributed.get(a) or "") for a in c.originals))
    return t


def _relations_table(c: Comparison, keys: dict[str, str]) -> Table:
    t = Table(title="who backs or attacks whom, per article", title_justify="left")
    t.add_column("#", no_wrap=True)
    for col in ("source", "", "target", "kind", "said by"):
        # names wrap, never shrink to nothing beside a long evidence (as they did in an 80-column terminal)
        t.add_column(col, min_width=8, overflow="fold")
    t.add_column("evidence", ratio=1)
    for r in sorted(c.relations, key=lambda r: (int(keys[r.article]), r.source, r.target)):
        arrow = Text("backs", "green") if r.polarity == "support" else Text("attacks", "red")
        t.add_row(
            keys[r.article], Text(r.source), arrow, Text(r.target), Text(r.kind.replace("_", " ")),
            Text(r.asserted_by or "the article"), _short(r.evidence.text, 60),
        )  # fmt: skip
    return t


def _fact_rank(f: Fact) -> tuple[int, int]:
    return (-(2 * bool(f.figures) + min(len(f.actors), 2) + (f.reason == "figure")), f.start)


def _print_facts(c: Comparison, keys: dict[str, str], console: Console, limit: int) -> None:
    if c.single:
        return
    by_article: dict[str, list[Fact]] = {}
    for f in c.only_in:
        by_article.setdefault(f.article, []).append(f)
    if not by_article:
        console.print(Text("no fact is reported by one article only", style="dim"))
        return
    console.print(Text("reported by one article only", style="bold italic"))
    for art in c.originals:
        found = by_article.get(art, [])
        if not found:
            continue
        shown = sorted(sorted(found, key=_fact_rank)[:limit], key=lambda f: f.start)
        head = Text(f"  #{keys[art]} ", style="bold")
        head.append_text(_short(next(a.outlet for a in c.articles if a.id == art), 40))
        more = f"  ({len(found)} sentences; {len(shown)} shown, --json lists all)" if len(found) > len(shown) else ""
        head.append(more, style="dim")
        console.print(head)
        for f in shown:
            line = Text("    • ")
            body = Text(" ".join(f.text.split()))
            for fig in f.figures:
                at = body.plain.find(fig)
                if at >= 0:
                    body.stylize("bold yellow", at, at + len(fig))
            line.append_text(body)
            if f.reason == "figure":
                line.append("  (figure given by no other article)", style="dim")
            elif f.speaker:
                line.append_text(Text(f"  (quoting {f.speaker})", style="dim"))
            console.print(line)


def _figures_table(c: Comparison, keys: dict[str, str]) -> Table:
    t = Table(title="figures the articles give differently", title_justify="left")
    t.add_column("about", min_width=8, overflow="fold")
    t.add_column("#", no_wrap=True)
    t.add_column("figure", min_width=6, overflow="fold")
    t.add_column("sentence", ratio=1)  # wraps: a no-wrap sentence squeezed the other columns to nothing
    for d in c.figures:
        about = ", ".join(d.context[:4]) or d.unit or d.kind
        for n, m in enumerate(d.mentions):
            t.add_row(
                Text(about if n == 0 else ""),
                keys[m.article],
                Text(m.text, style="bold yellow"),
                _short(m.sentence.text, 80),
            )
    return t


def _language_table(c: Comparison, keys: dict[str, str]) -> Table:
    t = Table(title="how each article is written", title_justify="left")
    for col in ("#", "outlet", "loaded /100w", "hyper- partisan", "biased share", "loaded words", "hate flags"):
        numeric = col in ("loaded /100w", "hyper- partisan", "biased share")
        t.add_column(col, justify="right" if numeric else "left", no_wrap=col == "loaded words", overflow="ellipsis")
    for s in c.language:
        hate = Text("")
        if s.hate:
            voices = ", ".join(f"{v} {n}" for v, n in s.hate_by_voice)
            hate = Text(f"{s.hate} ({voices}): " + " ".join(code for code, _ in s.hate_codes), style="bold red")
        elif s.review:
            hate = Text(f"{s.review} to review", style="yellow")
        t.add_row(
            keys[s.article], _short(next(a.outlet for a in c.articles if a.id == s.article), 24),
            _num(s.loaded_density), _num(s.hyperpartisan), _num(s.biased_share),
            _short(", ".join(s.loaded_terms), 40), hate,
        )  # fmt: skip
    return t


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _headlines_table(c: Comparison, keys: dict[str, str]) -> Table:
    t = Table(title="headlines", title_justify="left")
    for col in ("#", "headline", "names", "words no other headline uses"):
        t.add_column(col)
    for h in c.headlines:
        t.add_row(
            keys[h.article], _short(h.title or "(untitled)", 70), Text(", ".join(h.actors)),
            Text(", ".join(h.unique_words), style="cyan"),
        )  # fmt: skip
    return t
