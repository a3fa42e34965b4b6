"""The ``slant`` command line: each command parses, calls one ``api`` function, renders.

Library errors (:class:`slant.errors.SlantError`) become a one-line message and exit status 2 in one
place, :func:`main`. ``analyze`` exits with status 1 when some inputs failed, after all the others
were processed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from slant import __version__, api
from slant.cli._bench import bench_app
from slant.cli._console import err, out
from slant.cli._render import render_article
from slant.config import load_settings
from slant.errors import SlantError
from slant.models import Analysis, one_line


class _Group(TyperGroup):
    """Turns library errors into a one-line message and exit status 2, in this one place."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except SlantError as exc:
            err.print(Text(f"error: {exc}", style="red"))
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            err.print("interrupted: what was stored so far is kept; run the same command again to resume")
            raise typer.Exit(130) from None


app = typer.Typer(
    name="slant",
    cls=_Group,
    help="Read political news and opinion and show how a story is being told.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(bench_app, name="bench")


DbOption = Annotated[
    str | None, typer.Option("--db", help="Database: a SQLite path (default ./slant.db) or a database URL.")
]
ConfigOption = Annotated[
    Path | None, typer.Option("--config", help="Settings file (TOML); default ./slant.toml if present.")
]


def _version(value: bool) -> None:
    if value:
        out.print(f"slant {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Read political news and opinion and show how a story is being told."""
    api.tune_process()  # the CLI's own process analyses too (one worker) and writes the store


@app.command()
def analyze(
    inputs: Annotated[list[str], typer.Argument(help="Files, folders, globs, URLs (with --fetch) or - for stdin.")],
    db: DbOption = None,
    json_out: Annotated[
        bool,
        typer.Option(
            "--json", help="Write one JSON object per article to stdout (JSON Lines), after the story update."
        ),
    ] = False,
    workers: Annotated[int | None, typer.Option("--workers", "-w", min=1, help="Worker processes.")] = None,
    fetch: Annotated[bool, typer.Option("--fetch", help="Allow fetching http(s) URLs.")] = False,
    max_bytes: Annotated[int | None, typer.Option("--max-bytes", min=1, help="Refuse inputs larger than this.")] = None,
    languages: Annotated[
        str | None, typer.Option("--lang", help="Languages to analyse, comma-separated (default: en).")
    ] = None,
    mode: Annotated[
        str | None, typer.Option("--mode", help="fast (rules and lexicons) or accurate (trained models).")
    ] = None,
    config: ConfigOption = None,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Also name each file passed over for its type.")
    ] = False,
) -> None:
    """Ingest, clean, analyse and store articles; print a summary (or JSON Lines with --json)."""
    settings = load_settings(
        config,
        db=db,
        mode=mode,
        workers=workers,
        fetch=fetch or None,
        max_bytes=max_bytes,
        languages=tuple(x.strip() for x in languages.split(",")) if languages else None,
    )
    on_result = None
    if json_out:

        def on_result(a: Analysis) -> None:
            sys.stdout.write(json.dumps(a.to_json(), ensure_ascii=False) + "\n")
            sys.stdout.flush()

    show_bar = err.is_terminal and not json_out
    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[articles]} articles"),
        TimeElapsedColumn(),
        console=err,
        disable=not show_bar,
        transient=True,
    ) as bar:
        task = bar.add_task("analysing", total=None, articles=0)
        counts = {"articles": 0}

        def on_progress(event: str, n: int) -> None:
            if event == "sources":
                bar.update(task, total=n)
            elif event == "source_done":
                bar.advance(task, n)
            elif event == "article":
                counts["articles"] += n
                bar.update(task, articles=counts["articles"])

        stdin = sys.stdin.buffer if "-" in inputs else None
        report = api.analyze(inputs, settings=settings, on_result=on_result, on_progress=on_progress, stdin=stdin)
    if not json_out:
        _print_summary(report)
    if report.unsupported:
        n = len(report.unsupported)
        hint = "" if verbose else " (-v names them)"
        err.print(Text(f"skipped {n} file{'s' if n != 1 else ''} of a type slant does not read{hint}", "yellow"))
        if verbose:
            for name in report.unsupported:
                err.print(Text(f"skipped: {one_line(name)}: unsupported file type", "yellow"))
    for e in report.errors:
        err.print(Text(f"error: {e}", style="red"))
    if report.failed:
        err.print(Text(f"{len(report.errors)} input(s) failed; the others were stored in {report.db}", "red"))
        raise typer.Exit(1)


def _print_summary(r: api.RunReport) -> None:
    t = Table(title="slant analyze", show_header=False, title_justify="left")
    t.add_column("what")
    t.add_column("count", justify="right")
    t.add_row("inputs read", str(r.sources))
    t.add_row("articles found", str(r.articles))
    t.add_row("analysed now", str(r.analysed))
    t.add_row("already stored (skipped)", str(r.reused))
    t.add_row("exact duplicates", str(r.duplicates))
    for status, n in sorted(r.skipped.items()):
        t.add_row(f"not analysed: {status.replace('_', ' ')}", str(n))
    t.add_row("failed inputs", str(len(r.errors)))
    t.add_row("words analysed", f"{r.words:,}")
    rate = f"{r.analysed / r.seconds:.1f} articles/s" if r.seconds and r.analysed else "-"
    t.add_row("time", f"{r.seconds:.1f} s ({rate})")
    t.add_row("database", api.display_url(r.db))
    out.print(t)


@app.command()
def show(
    article: Annotated[str, typer.Argument(help="Article id, unique id prefix, or source path.")],
    db: DbOption = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the article's JSON instead.")] = False,
) -> None:
    """One stored article, marked up in the terminal."""
    a = api.show(article, db=db)
    if json_out:
        out.print_json(json.dumps(a.to_json(), ensure_ascii=False))
        return
    render_article(a)


@app.command()
def actors(
    db: DbOption = None,
    kind: Annotated[str | None, typer.Option("--kind", help="person, party, org, place, group or other.")] = None,
    query: Annotated[str | None, typer.Option("--query", "-q", help="Only actors whose name contains this.")] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1)] = 50,
    json_out: Annotated[bool, typer.Option("--json", help="JSON Lines instead of a table.")] = False,
) -> None:
    """Canonical actors across all stored articles, most frequent first."""
    rows = api.actors(db=db, kind=kind, query=query, limit=limit)
    if json_out:
        for r in rows:
            sys.stdout.write(json.dumps(_asdict(r), ensure_ascii=False) + "\n")
        return
    t = Table(title="actors", title_justify="left")
    for col in ("id", "name", "kind", "articles", "mentions", "aliases"):
        t.add_column(col, justify="right" if col in ("articles", "mentions") else "left")
    for r in rows:
        d = _asdict(r)
        t.add_row(
            str(d.get("id", "")),
            Text(str(d.get("name", ""))),
            str(d.get("kind", "")),
            str(d.get("articles", "")),
            str(d.get("mentions", "")),
            Text(", ".join(d.get("aliases", ()) or ())),
        )
    out.print(t)


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="Words to find (SQLite FTS5 syntax is accepted).")],
    db: DbOption = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1)] = 20,
    json_out: Annotated[bool, typer.Option("--json", help="JSON Lines instead of a table.")] = False,
) -> None:
    """Full-text search over the stored articles."""
    hits = api.search(query, db=db, limit=limit)
    if json_out:
        for h in hits:
            sys.stdout.write(json.dumps(_asdict(h), ensure_ascii=False) + "\n")
        return
    if not hits:
        err.print(Text(f"no article matches {query!r}", style="yellow"))
        return
    t = Table(title=f"search: {query}", title_justify="left")
    for col in ("id", "title", "snippet"):
        t.add_column(col)
    for h in hits:
        d = _asdict(h)
        t.add_row(str(d.get("id", ""))[:12], Text(str(d.get("title") or "")), Text(str(d.get("snippet") or "")))
    out.print(t)


@app.command()
def export(
    fmt: Annotated[
        str,
        typer.Option("--format", "-f", help="jsonl, csv or parquet (a table); graphml or gexf (the actor network)."),
    ] = "jsonl",
    table: Annotated[
        str | None,
        typer.Option("--table", "-t", help="articles (default), stories, flags or actors; for jsonl, csv, parquet."),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="File to write (default: stdout; parquet needs a file).")
    ] = None,
    story: Annotated[str | None, typer.Option("--story", help="Only this story's articles (id or prefix).")] = None,
    authors: Annotated[
        bool, typer.Option("--authors", help="graphml/gexf: add each article's author and their stances.")
    ] = False,
    db: DbOption = None,
) -> None:
    """Write stored data for other tools: a table as JSON Lines, CSV or Parquet, or the actor network as
    GraphML or GEXF (Gephi)."""
    if output is None:
        api.export(fmt, sys.stdout, db=db, table=table, story=story, authors=authors)
        return
    n = api.export_to_path(fmt, output, db=db, table=table, story=story, authors=authors)
    what = "actors (network nodes)" if fmt in ("graphml", "gexf") else (table or "articles")
    err.print(Text(f"wrote {n} {what} to {output}"))


@app.command()
def report(
    output: Annotated[Path, typer.Option("--output", "-o", help="HTML file to write.")] = Path("report.html"),
    story: Annotated[
        str | None, typer.Option("--story", help="Only this story (id or prefix); default: every stored article.")
    ] = None,
    db: DbOption = None,
) -> None:
    """A self-contained HTML report (works offline): the stance heatmap, the actor network, and every
    article with its actors, quotes, loaded words and hate flags highlighted."""
    path = api.report(output, story=story, db=db)
    err.print(Text(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB)"))


@app.command()
def serve(
    db: DbOption = None,
    host: Annotated[
        str, typer.Option("--host", help="Interface to listen on (loopback only by default).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", "-p", min=1, max=65535, help="Port to listen on.")] = 8765,
    open_browser: Annotated[bool, typer.Option("--open/--no-open", help="Open the app in a web browser.")] = False,
    allow_remote: Annotated[
        bool, typer.Option("--allow-remote", help="Allow a non-loopback --host (the app has no login).")
    ] = False,
    config: ConfigOption = None,
) -> None:
    """The local web app and JSON API: browse the stored articles, paste a text to analyse."""
    from slant.web.serve import serve as run_server

    settings = load_settings(config, db=db)

    def ready(link: str) -> None:
        if "://" not in settings.db and not Path(settings.db).exists():
            shown = api.display_url(settings.db)
            err.print(Text(f"note: {shown} did not exist; it is empty until `slant analyze` fills it"))
        err.print(Text(f"slant serving {api.display_url(settings.db)} at {link} (Ctrl+C to stop)", style="green"))

    run_server(
        db=settings.db, settings=settings, host=host, port=port, open_browser=open_browser,
        allow_remote=allow_remote, on_ready=ready,
    )  # fmt: skip


# compare (`slant compare`) -------------------------------------------------------------------------------


@app.command()
def compare(
    paths: Annotated[
        list[str] | None,
        typer.Argument(help="Files or folders of articles to analyse, group into stories and compare."),
    ] = None,
    story: Annotated[
        str | None,
        typer.Option("--story", help="Compare this stored story (id or unique prefix; see `slant stories`)."),
    ] = None,
    db: DbOption = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print the comparison as JSON (nothing else on stdout).")
    ] = False,
    mode: Annotated[
        str | None, typer.Option("--mode", help="fast or accurate: the analysers used for new articles.")
    ] = None,
    facts: Annotated[int, typer.Option("--facts", min=0, help="Only-in facts shown per article.")] = 5,
    config: ConfigOption = None,
) -> None:
    """A story side by side: author stance toward each actor, who is quoted where, relations, facts only one
    article reports, differing figures, loaded language and hate flags, headlines."""
    from slant.compare import comparisons_json, render_comparisons

    settings = load_settings(config, db=db, mode=mode)
    reports: list[api.RunReport] = []
    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not err.is_terminal or story is not None,
        transient=True,
    ) as bar:
        task = bar.add_task("analysing", total=None)

        def on_progress(event: str, n: int) -> None:
            if event == "sources":
                bar.update(task, total=n)
            elif event == "source_done":
                bar.advance(task, n)

        comparisons = api.compare(
            paths or (), story=story, settings=settings, on_progress=on_progress, on_report=reports.append
        )
    if json_out:
        sys.stdout.write(json.dumps(comparisons_json(comparisons), ensure_ascii=False, indent=1) + "\n")
    else:
        render_comparisons(comparisons, out, facts=facts)
    for r in reports:
        for e in r.errors:
            err.print(Text(f"error: {e}", style="red"))
    if any(r.failed for r in reports):
        err.print(Text("some inputs failed; the others were compared", "red"))
        raise typer.Exit(1)


@app.command()
def stories(
    db: DbOption = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="Stories to list (the biggest first).")] = 50,
    rebuild: Annotated[
        bool, typer.Option("--rebuild", help="Forget the stored stories and cluster every article again.")
    ] = False,
    json_out: Annotated[
        bool, typer.Option("--json", help="JSON Lines (one story per line) instead of a table.")
    ] = False,
) -> None:
    """Stories: stored articles grouped by the event they tell, with near-duplicate copies marked.

    Articles stored without a story (by an older slant) are clustered first."""
    report = api.rebuild_stories(db) if rebuild else api.update_stories(db)
    if report.clustered and not json_out:
        err.print(Text(f"clustered {report.clustered} article(s): {report.new_stories} new stories, "
                       f"{report.joined} joined a story, {report.copies} copies"))  # fmt: skip
    rows = api.story_summaries(db, limit)
    if json_out:
        for r in rows:
            sys.stdout.write(json.dumps(r.to_json(), ensure_ascii=False) + "\n")
        return
    if not rows:
        err.print(Text("no stories yet: `slant analyze PATHS` stores articles and groups them", style="yellow"))
        return
    t = Table(title="stories", title_justify="left")
    t.add_column("id", no_wrap=True, min_width=13)
    t.add_column("label", ratio=3)
    t.add_column("articles", justify="right", no_wrap=True, min_width=8)
    t.add_column("copies", justify="right", no_wrap=True, min_width=6)
    t.add_column("outlets", ratio=2)
    t.add_column("dates", no_wrap=True)
    for r in rows:
        s = r.story
        first, last = (s.first_published or "")[:10], (s.last_published or "")[:10]
        # the last date without the year it shares with the first
        dates = first if first == last else f"{first}–{last[5:] if last[:4] == first[:4] else last}"
        t.add_row(
            s.id, Text(s.label), str(r.size), str(r.copies) if r.copies else "",
            Text(", ".join(r.outlets)), dates,
        )  # fmt: skip
    out.print(t)


def _asdict(obj: Any) -> dict[str, Any]:
    import dataclasses

    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in dataclasses.asdict(obj).items()}
    return dict(obj)


def main() -> None:
    """Entry point of the ``slant`` command."""
    app()
