"""``slant bench``: the speed, accuracy and clustering benchmarks (each runner lives in :mod:`slant.bench`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from slant.cli._console import err
from slant.errors import SlantError

bench_app = typer.Typer(help="Speed and accuracy benchmarks.", no_args_is_help=True)


@bench_app.command("speed")
def bench_speed(
    articles: Annotated[int, typer.Option("--articles", "-n", min=1, help="Synthetic articles per size.")] = 200,
    words: Annotated[int, typer.Option("--words", min=50, help="Words per synthetic article.")] = 700,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1)] = 2,
    sizes: Annotated[
        str | None,
        typer.Option("--sizes", help="Comma-separated corpus sizes for the memory check, e.g. 1000,10000."),
    ] = None,
    runs: Annotated[
        str, typer.Option("--runs", help="Comma-separated runs: spacy, foundation (actors only), fast, accurate.")
    ] = "spacy,foundation,fast,accurate",
    repeat: Annotated[
        int,
        typer.Option("--repeat", min=1, help="Make each run this many times, taking turns; keep the fastest."),
    ] = 1,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Markdown table to write (e.g. docs/benchmarks.md).")
    ] = None,
) -> None:
    """Articles/s, words/s and peak RSS of the whole pipeline beside spaCy's nlp.pipe alone."""
    from slant.bench.speed import run_speed_bench

    size_list = [int(x) for x in sizes.split(",")] if sizes else [articles]
    run_list = [r.strip() for r in runs.split(",") if r.strip()]
    result = run_speed_bench(
        sizes=size_list, words=words, workers=workers, runs=run_list, repeat=repeat, on_line=err.print
    )
    sys.stdout.write(result.markdown())
    if output is not None:
        result.write(output)
        err.print(f"wrote {output}")


@bench_app.command("accuracy")
def bench_accuracy(
    data: Annotated[
        Path | None,
        typer.Option("--data", help="Folder of public datasets (laid out like ../shared/data) to score as well."),
    ] = None,
    sets: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="A dataset file by name, NAME=PATH (repeatable; overrides --data): babe, babe-test, isca, "
            "isca-test, hatecheck, hyperpartisan, newsmtsc, seesaw.",
        ),
    ] = None,
    mode: Annotated[
        str | None, typer.Option("--mode", help="Only this mode for the dataset benchmarks: fast or accurate.")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Markdown table to write (e.g. docs/benchmarks.md).")
    ] = None,
) -> None:
    """slant's figures on our gold sets (and public datasets) beside CI's floors and published figures.

    Every figure is computed from the files given: train files by cross-validation (repeats dropped), test
    files by the shipped models on the rows they never trained on."""
    from slant.bench.accuracy import run_accuracy
    from slant.bench.sets import parse_sets

    modes = (mode,) if mode else ("fast", "accurate")
    try:
        files = parse_sets(sets or [])
    except SlantError as exc:
        err.print(Text(str(exc), "red"))
        raise typer.Exit(2) from exc
    result = run_accuracy(data, files=files, modes=modes, on_line=err.print)
    sys.stdout.write(result.markdown())
    if output is not None:
        result.write(output)
        err.print(f"wrote {output}")
    if not result.ok:
        err.print(Text("below a pinned floor: " + ", ".join(r.metric for r in result.rows if not r.ok), "red"))
        raise typer.Exit(1)


@bench_app.command("clustering")
def bench_clustering(
    seesaw: Annotated[
        Path | None,
        typer.Option("--seesaw", help="The SEESAW folder (github.com/launchnlp/SEESAW) for clustering quality."),
    ] = None,
    sizes: Annotated[
        str, typer.Option("--sizes", help="Comma-separated synthetic corpus sizes for time and memory.")
    ] = "10000,100000,1000000",
    examples: Annotated[bool, typer.Option("--examples/--no-examples", help="Score the examples/ corpus.")] = True,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Markdown file to update (e.g. docs/benchmarks.md).")
    ] = None,
) -> None:
    """Story clustering: B-cubed F1 and adjusted Rand on SEESAW and examples/, time and memory at scale."""
    from slant.bench.clustering import run_clustering_bench

    size_list = [int(x) for x in sizes.split(",") if x.strip()]
    result = run_clustering_bench(
        seesaw=seesaw, examples=examples, sizes=size_list, on_line=lambda line: err.print(Text(line), soft_wrap=True)
    )
    sys.stdout.write(result.markdown())
    if output is not None:
        result.write(output)
        err.print(f"wrote {output}")


@bench_app.command("realnews")
def bench_realnews(
    texts: Annotated[Path, typer.Option("--texts", help="Folder of the rebuilt real-news page texts.")],
    expect: Annotated[
        Path,
        typer.Option(
            "--expect", help="The set's expectations (expect.jsonl), or a folder of them (training/realnews/pages)."
        ),
    ] = Path("../shared/realnews/expect.jsonl"),
    scorer: Annotated[Path, typer.Option("--scorer", help="The set's scorer (realnews_score.py).")] = Path(
        "../shared/tools/realnews_score.py"
    ),
    mode: Annotated[str, typer.Option("--mode", help="fast or accurate.")] = "fast",
    aside: Annotated[
        str | None,
        typer.Option(
            "--aside", help="Story (or start of the story ids) kept aside as the blind check (default: the one chosen)."
        ),
    ] = None,
    misses: Annotated[
        Path | None, typer.Option("--misses", help="Write the scorer's article-by-article misses here.")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Markdown file to update (e.g. docs/benchmarks.md).")
    ] = None,
) -> None:
    """Real news and opinion pages scored against a careful reader: development part and the blind story."""
    from slant.bench.realnews import ASIDE_STORY, TRAIN_ASIDE, run_realnews

    default_aside = ASIDE_STORY if expect.is_file() else TRAIN_ASIDE
    result = run_realnews(
        texts, expect=expect, scorer=scorer, mode=mode, aside=aside or default_aside, misses=misses, on_line=err.print
    )
    sys.stdout.write(result.markdown())
    if output is not None:
        result.write(output)
        err.print(f"wrote {output}")
