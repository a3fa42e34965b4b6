"""slant's real-page training set (issue 20): what to rebuild, whether the labels hold, how far readers agree.

The set lives in ``training/realnews/pages/*.jsonl`` (one labelled page a line, the format of
``../shared/realnews/SCHEMA.md`` plus the fields ``training/realnews/GUIDELINES.md`` adds); only addresses,
queries, fixes and labels are stored, never the page texts.

    python -m slant.train.realnews list                # per page: file, address, query, rank, fix
    python -m slant.train.realnews check [--texts DIR] [--dev ../shared/realnews/expect.jsonl]
    python -m slant.train.realnews agreement           # Cohen's kappa of pages labelled twice
    python -m slant.train.realnews tidy                # forms without a possessive "'s", no repeats

``check`` exits 1 when any label breaks the guideline (and names the file and the rule); ``agreement``
pairs a page's first reading (batch ``b*``) with its second (batch ``x*``).
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_PAGES = Path("training/realnews/pages")
DEFAULT_DEV = Path("../shared/realnews/expect.jsonl")

KINDS = frozenset({"person", "party", "org", "place", "group", "other"})
GENRES = frozenset({"news", "opinion", "blog", "statement", "fringe"})
LEANINGS = frozenset(
    {"left", "centre-left", "centre", "centre-right", "right", "far-left", "far-right", "state", "unknown"}
)
STANCES = ("positive", "negative", "neutral")
HATE_LABELS = frozenset({"endorses", "quotes", "discusses", "none"})
REQUIRED = ("file", "story", "address", "query", "rank", "fix", "genre", "batch", "actors", "author_stance")
#: Most words a stored fragment may have: texts stay out of the repository (GUIDELINES.md).
MAX_FRAGMENT_WORDS = 12
MAX_MAIN = 4
#: Words of story ids on the development set's or the kept-back set's events (GUIDELINES.md, "Stories").
FORBIDDEN_STORY_WORDS = (
    "benjamins",
    "aipac",
    "burka",
    "burqa",
    "letterbox",
    "chemnitz",
    "corbyn-suspension",
    "go-back",
    "send-her-back",
    "aquarius",
    "prorogation",
    "tower-hamlets",
    "livingstone",
    "charlottesville",
    "soros",
    "best-for-britain",
)
_FILE = re.compile(r"^(t[a-z0-9]+-[a-z0-9-]+-\d{4})__[a-z0-9-]+__\d+\.txt$")
_HONORIFICS = ("mr", "mrs", "ms", "dr", "lord", "sir", "baroness")


@dataclass
class Report:
    """What ``check`` found: the problems (one line each) and the counts."""

    problems: list[str] = field(default_factory=list)
    pages: int = 0
    stories: Counter[str] = field(default_factory=Counter)
    genres: Counter[str] = field(default_factory=Counter)
    leanings: Counter[str] = field(default_factory=Counter)
    batches: Counter[str] = field(default_factory=Counter)
    stances: Counter[str] = field(default_factory=Counter)
    relations: int = 0
    quotes: int = 0

    def lines(self) -> list[str]:
        out = [
            f"pages {self.pages}, stories {len(self.stories)}, relations {self.relations}, quotes {self.quotes}",
            "genres: " + _counts(self.genres),
            "leanings: " + _counts(self.leanings),
            "batches: " + _counts(self.batches),
            "main-actor stances (first label): " + _counts(self.stances),
        ]
        thin = [s for s, n in sorted(self.stories.items()) if n < 4]
        if thin:
            out.append("stories with fewer than 4 pages: " + ", ".join(thin))
        return out + [f"problem: {p}" for p in self.problems]


def _counts(c: Counter[str]) -> str:
    return ", ".join(f"{k} {n}" for k, n in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))) or "-"


def norm_name(name: str) -> str:
    """A name as the development set's scorer compares it: case folded, outer punctuation, honorifics and
    a leading "the" dropped."""
    s = unicodedata.normalize("NFKC", name).replace("’", "'").casefold()
    s = re.sub(r"\s+", " ", s).strip(" .,;:!?\"'()[]-")
    while True:
        head, _, rest = s.partition(" ")
        if rest and (head.rstrip(".") in _HONORIFICS or head == "the"):
            s = rest
            continue
        return s


def matching_actor(name: str, forms: set[str], actors: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The slant actor a label names (actors as dicts with normalised ``names`` and ``name``, and a
    ``mentions`` count): the development scorer's rule, an exact name first, then the most mentioned."""
    cands = [a for a in actors if set(a["names"]) & forms]
    if not cands:
        return None
    exact = [a for a in cands if a["name"] == norm_name(name)]
    return max(exact or cands, key=lambda a: a["mentions"])


def label_target(name: str, aliases: Iterable[str], mentions: int) -> dict[str, Any]:
    """A slant actor as :func:`matching_actor` reads it: its normalised name and forms and its mentions."""
    return {"names": sorted({norm_name(n) for n in (name, *aliases)}), "name": norm_name(name), "mentions": mentions}


_CONTEXT_PIPELINES: dict[tuple[str, ...], Any] = {}


def page_context(path: str, components: Sequence[str]) -> Any:
    """A rebuilt page's analysed context (None for a page slant does not analyse) through a pipeline of
    ``components``, built once per process: what the trainers' workers read."""
    from slant.clean import clean_document
    from slant.config import load_settings
    from slant.models import RawDocument
    from slant.pipeline import build_pipeline

    key = tuple(components)
    if key not in _CONTEXT_PIPELINES:
        _CONTEXT_PIPELINES[key] = build_pipeline(key)
    text = Path(path).read_text(encoding="utf-8")
    article = clean_document(RawDocument(source=path, text=text), load_settings())
    ((_, ctx),) = _CONTEXT_PIPELINES[key].contexts([article])
    return ctx


def trainer_arguments(prog: str, description: str) -> argparse.ArgumentParser:
    """The command line every trainer on the labelled pages shares: ``--pages``, ``--texts``, ``--aside``,
    ``--folds``, ``--c`` (repeatable), ``--seed``, ``--workers`` and ``--out``."""
    p = argparse.ArgumentParser(prog=prog, description=description)
    p.add_argument("--pages", type=Path, default=DEFAULT_PAGES)
    p.add_argument("--texts", type=Path, required=True, help="the rebuilt texts of the labelled pages")
    p.add_argument("--aside", default="tb7-", help="file-name prefix of the pages kept aside (left out)")
    p.add_argument("--folds", type=int, default=5)
    p.add_argument("--c", type=float, action="append", default=[], help="inverse regularisation strength(s)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", type=Path, default=None)
    return p


def read_pages(folder: Path) -> list[tuple[str, int, dict[str, Any] | None, str | None]]:
    """Every line of ``folder``'s ``*.jsonl`` files: (file name, line number, record or None, parse error)."""
    out: list[tuple[str, int, dict[str, Any] | None, str | None]] = []
    for path in sorted(folder.glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                out.append((path.name, n, None, f"not JSON ({exc.msg})"))
                continue
            if not isinstance(record, dict):
                out.append((path.name, n, None, "not a JSON object"))
                continue
            out.append((path.name, n, record, None))
    return out


def labels(value: Any) -> list[str]:
    """An author-stance value as a list of labels ("negative" or ["negative", "neutral"])."""
    return [value] if isinstance(value, str) else list(value) if isinstance(value, list) else []


def _words(s: Any) -> int:
    return len(str(s).split())


def check_record(record: dict[str, Any]) -> list[str]:
    """The guideline rules ``record`` breaks (empty when it holds)."""
    bad = [f"missing field {f!r}" for f in REQUIRED if f not in record]
    if bad:
        return bad
    m = _FILE.match(str(record["file"]))
    if m is None:
        bad.append(f"file name {record['file']!r} is not <story>__<outlet>__<n>.txt")
    elif m.group(1) != record["story"]:
        bad.append(f"file {record['file']!r} is not in its story {record['story']!r}")
    story = str(record["story"])
    bad += [f"story {story!r} is on a forbidden event ({w})" for w in FORBIDDEN_STORY_WORDS if w in story]
    if record["genre"] not in GENRES:
        bad.append(f"genre {record['genre']!r} is none of {sorted(GENRES)}")
    if record.get("leaning", "unknown") not in LEANINGS:
        bad.append(f"leaning {record['leaning']!r} is none of {sorted(LEANINGS)}")
    if not isinstance(record["rank"], int) or record["rank"] < 1:
        bad.append(f"rank {record['rank']!r} is no positive integer")
    actors = record["actors"] if isinstance(record["actors"], list) else []
    names = [str(a.get("name", "")) for a in actors if isinstance(a, dict)]
    if len(names) != len(actors) or not all(names):
        bad.append("an actor has no name")
    if len(set(names)) != len(names):
        bad.append("two actors share a name")
    main = [str(a["name"]) for a in actors if isinstance(a, dict) and a.get("main") and a.get("name")]
    if not 1 <= len(main) <= MAX_MAIN:
        bad.append(f"{len(main)} main actors (1 to {MAX_MAIN})")
    for a in actors:
        if isinstance(a, dict):
            if a.get("kind") not in KINDS:
                bad.append(f"actor {a.get('name')!r} has kind {a.get('kind')!r}")
            bad += [f"form {f!r} is too long" for f in a.get("forms") or [] if _words(f) > MAX_FRAGMENT_WORDS]
    stance = record["author_stance"] if isinstance(record["author_stance"], dict) else {}
    bad += [f"main actor {n!r} has no author stance" for n in main if n not in stance]
    for name, value in stance.items():
        got = labels(value)
        if name not in names:
            bad.append(f"author stance for {name!r}, who is no listed actor")
        if not 1 <= len(got) <= 2 or len(set(got)) != len(got) or any(x not in STANCES for x in got):
            bad.append(f"author stance {value!r} for {name!r} is not one label or two different ones")
        elif set(got) == {"positive", "negative"}:
            bad.append(f"author stance for {name!r} lists positive with negative")
    for r in record.get("relations") or []:
        if r.get("polarity") not in ("+", "-"):
            bad.append(f"relation polarity {r.get('polarity')!r} is neither + nor -")
        if r.get("source") not in names or r.get("target") not in names:
            bad.append(f"relation {r.get('source')!r} -> {r.get('target')!r} joins an actor not listed")
        elif r.get("source") == r.get("target"):
            bad.append(f"relation of {r.get('source')!r} with itself")
    for q in record.get("quotes") or []:
        if not q.get("cue") or _words(q.get("cue")) > MAX_FRAGMENT_WORDS:
            bad.append(f"quote cue {q.get('cue')!r} is empty or too long")
    fragments = [*(record.get("loaded_terms") or []), *(record.get("evidence") or {}).values()]
    bad += [f"fragment {f!r} is too long" for f in fragments if _words(f) > MAX_FRAGMENT_WORDS]
    hate = record.get("hate")
    if hate is not None and (not isinstance(hate, dict) or hate.get("label") not in HATE_LABELS):
        bad.append(f"hate {hate!r} has no label of {sorted(HATE_LABELS)}")
    return bad


def check(pages: Path, *, dev: Path | None = None, texts: Path | None = None) -> Report:
    """Check every page of ``pages`` against the guideline; with ``dev``, that none is a development page;
    with ``texts``, that each page's rebuilt text is there and has the "title, blank line, body" shape."""
    report = Report()
    dev_addresses: set[str] = set()
    dev_stories: set[str] = set()
    if dev is not None and dev.is_file():
        for line in dev.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                dev_addresses.add(row.get("address", ""))
                dev_stories.add(row.get("story", ""))
    files: Counter[str] = Counter()
    addresses: Counter[str] = Counter()
    for name, n, record, error in read_pages(pages):
        where = f"{name}:{n}"
        if record is None:
            report.problems.append(f"{where}: {error}")
            continue
        report.pages += 1
        report.problems += [f"{where} {record.get('file')}: {p}" for p in check_record(record)]
        if not str(record.get("batch", "")).startswith("x"):  # a second reading repeats its page on purpose
            files[str(record.get("file"))] += 1
            addresses[str(record.get("address"))] += 1
        if record.get("address") in dev_addresses or record.get("story") in dev_stories:
            report.problems.append(f"{where} {record.get('file')}: a page of the development set")
        report.stories[str(record.get("story"))] += 1
        report.genres[str(record.get("genre"))] += 1
        report.leanings[str(record.get("leaning", "unknown"))] += 1
        report.batches[str(record.get("batch"))] += 1
        report.relations += len(record.get("relations") or [])
        report.quotes += len(record.get("quotes") or [])
        given = record.get("author_stance")
        stance: dict[str, Any] = given if isinstance(given, dict) else {}
        for a in record.get("actors") or []:
            got = labels(stance.get(str(a.get("name")))) if isinstance(a, dict) and a.get("main") else []
            if got:
                report.stances[got[0]] += 1
        if texts is not None:
            report.problems += [f"{where} {record.get('file')}: {p}" for p in _text_problems(texts, record)]
    report.problems += [f"file name {f!r} used {k} times" for f, k in files.items() if k > 1]
    report.problems += [f"address {a!r} labelled {k} times" for a, k in sorted(addresses.items()) if k > 1]
    return report


def _text_problems(texts: Path, record: dict[str, Any]) -> list[str]:
    path = texts / str(record.get("file"))
    if not path.is_file():
        return ["its text is not rebuilt"]
    lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
    if len(lines) < 3 or not lines[0].strip() or lines[1].strip():
        return ["its text is not 'title line, blank line, body'"]
    return []


@dataclass(frozen=True)
class Agreement:
    """How far two readings of the same pages agree."""

    pages: int
    actors: int  # main actors both readers list, with a stance from each
    kappa: float | None  # Cohen's kappa of the first labels
    exact: float | None  # share with the same first label
    lenient: float | None  # share where the two readings share a label
    relation_f1: float | None  # F1 of one reading's relations against the other's

    def lines(self) -> list[str]:
        def f(x: float | None) -> str:
            return "-" if x is None else f"{x:.3f}"

        return [
            f"pages read twice: {self.pages}; main actors compared: {self.actors}",
            f"author stance: Cohen's kappa {f(self.kappa)}, same label {f(self.exact)}, shared label {f(self.lenient)}",
            f"relations: F1 between the readings {f(self.relation_f1)}",
        ]


def cohen_kappa(pairs: Sequence[tuple[str, str]]) -> float | None:
    """Cohen's kappa of label pairs (None without pairs; 1.0 when both readers use one label throughout)."""
    if not pairs:
        return None
    n = len(pairs)
    observed = sum(a == b for a, b in pairs) / n
    left, right = Counter(a for a, _ in pairs), Counter(b for _, b in pairs)
    expected = sum(left[k] * right[k] for k in left) / (n * n)
    return 1.0 if expected == 1 else (observed - expected) / (1 - expected)


def agreement(records: Iterable[dict[str, Any]]) -> Agreement:
    """Compare each page's first reading (batch ``b*``) with its second (``x*``), paired by address."""
    first: dict[str, dict[str, Any]] = {}
    second: dict[str, dict[str, Any]] = {}
    for r in records:
        (second if str(r.get("batch", "")).startswith("x") else first)[str(r.get("address"))] = r
    pairs: list[tuple[str, str]] = []
    lenient: list[bool] = []
    tp = fp = fn = 0
    both = [a for a in second if a in first]
    for address in both:
        a, b = first[address], second[address]
        sa, sb = _stances(a), _stances(b)
        for name_a, name_b in _same_main(a, b):
            if sa.get(name_a) and sb.get(name_b):
                pairs.append((sa[name_a][0], sb[name_b][0]))
                lenient.append(bool(set(sa[name_a]) & set(sb[name_b])))
        ra, rb = _relations(a, b), _relations(b, b)
        tp, fp, fn = tp + len(ra & rb), fp + len(rb - ra), fn + len(ra - rb)
    return Agreement(
        pages=len(both),
        actors=len(pairs),
        kappa=cohen_kappa(pairs),
        exact=sum(x == y for x, y in pairs) / len(pairs) if pairs else None,
        lenient=sum(lenient) / len(lenient) if lenient else None,
        relation_f1=2 * tp / (2 * tp + fp + fn) if tp + fp + fn else None,
    )


def _names(actor: dict[str, Any]) -> set[str]:
    return {norm_name(str(n)) for n in (actor.get("name"), *(actor.get("forms") or [])) if n}


def _same_main(a: dict[str, Any], b: dict[str, Any]) -> list[tuple[str, str]]:
    """Pairs of (name in ``a``, name in ``b``) of the main actors both readings list: the same actor when
    their names and forms meet ("Boris Johnson" and "Johnson")."""
    out = []
    for x in a.get("actors") or []:
        if not x.get("main"):
            continue
        match = [y for y in b.get("actors") or [] if y.get("main") and _names(x) & _names(y)]
        if len(match) == 1:
            out.append((str(x.get("name")), str(match[0].get("name"))))
    return out


def _stances(record: dict[str, Any]) -> dict[str, list[str]]:
    return {str(k): labels(v) for k, v in (record.get("author_stance") or {}).items()}


def _relations(record: dict[str, Any], names_from: dict[str, Any]) -> set[tuple[str, str, str]]:
    """The record's relations with each end named by the actor of ``names_from`` it meets (so that two
    readings that name an actor differently compare), else by its own normalised name."""

    def key(name: str) -> str:
        own = next((x for x in record.get("actors") or [] if x.get("name") == name), {"name": name})
        for y in names_from.get("actors") or []:
            if _names(own) & _names(y):
                return norm_name(str(y.get("name")))
        return norm_name(name)

    return {
        (key(str(r.get("source"))), str(r.get("polarity")), key(str(r.get("target"))))
        for r in record.get("relations") or []
    }


def tidy_record(record: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """``record`` with its forms as the guideline wants them (no possessive "'s", no repeats, none longer
    than :data:`MAX_FRAGMENT_WORDS` words) and what was changed."""
    record = copy.deepcopy(record)
    changes: list[str] = []
    for actor in record.get("actors") or []:
        forms: list[str] = []
        for form in actor.get("forms") or []:
            bare = re.sub(r"['’]s$", "", str(form).strip())
            if _words(bare) > MAX_FRAGMENT_WORDS:
                changes.append(f"dropped the long form {form!r} of {actor.get('name')!r}")
                continue
            if bare != form:
                changes.append(f"{form!r} -> {bare!r}")
            if bare and bare not in forms:
                forms.append(bare)
        if "forms" in actor:
            actor["forms"] = forms
    return record, changes


def tidy(pages: Path) -> list[str]:
    """Rewrite every page file of ``pages`` with :func:`tidy_record`; the changes, one line each."""
    out: list[str] = []
    for path in sorted(pages.glob("*.jsonl")):
        lines: list[str] = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            record, changes = tidy_record(json.loads(line))
            out += [f"{path.name} {record.get('file')}: {c}" for c in changes]
            lines.append(json.dumps(record, ensure_ascii=False))
        path.write_text("".join(f"{x}\n" for x in lines), encoding="utf-8")
    return out


def rebuild_list(pages: Path) -> list[str]:
    """One tab-separated line per page: file, query, rank, address, fix (what to look up and write)."""
    rows = [r for _, _, r, _ in read_pages(pages) if r is not None and not str(r.get("batch", "")).startswith("x")]
    return [
        "\t".join(str(r.get(k, "")) for k in ("file", "query", "rank", "address", "fix"))
        for r in sorted(rows, key=lambda r: str(r.get("file")))
    ]


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m slant.train.realnews", description=__doc__.split("\n")[0])
    p.add_argument("command", choices=("list", "check", "agreement", "tidy"))
    p.add_argument("--pages", type=Path, default=DEFAULT_PAGES, help="folder of the labelled pages (*.jsonl)")
    p.add_argument("--dev", type=Path, default=DEFAULT_DEV, help="the development set's expect.jsonl")
    p.add_argument("--texts", type=Path, default=None, help="folder of the rebuilt page texts (check)")
    args = p.parse_args(argv)
    if not args.pages.is_dir():
        print(f"error: {args.pages}: no such folder of labelled pages", file=sys.stderr)
        return 2
    if args.command == "list":
        print("\n".join(["file\tquery\trank\taddress\tfix", *rebuild_list(args.pages)]))
        return 0
    if args.command == "tidy":
        print("\n".join(tidy(args.pages)) or "nothing to tidy")
        return 0
    if args.command == "check":
        report = check(args.pages, dev=args.dev, texts=args.texts)
        print("\n".join(report.lines()))
        return 1 if report.problems else 0
    records = [r for _, _, r, _ in read_pages(args.pages) if r is not None]
    print("\n".join(agreement(records).lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
