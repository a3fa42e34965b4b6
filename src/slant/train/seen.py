"""Write the hashes of the texts a packaged model was trained on (``seen-texts.txt`` beside its card).

The texts themselves are never shipped; a hash of each text's words (:func:`slant.bench.datasets.text_hash`)
is enough for ``slant bench accuracy`` to leave out of a test split every row the model saw in training, so a
figure on a test file that overlaps the training data is still a held-out figure. Give every dataset the
model's members trained on (the card's ``data``)::

    python -m slant.train.seen --babe babe/train_SG2.csv --isca isca-antisemitism/train.csv \\
        --toxigen toxigen-demonstrations --oped training/hate-oped \\
        --hatecheck hatecheck/test_suite_cases.csv --hatecheck-half even \\
        --out src/slant/resources/models/sentence/seen-texts.txt
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from slant.bench.datasets import Example, read_babe, read_hatecheck, read_isca, read_oped, read_toxigen, text_hash
from slant.bench.language import select_half

#: The file beside a model's card.
SEEN_FILE = "seen-texts.txt"


def write_seen(rows: Sequence[Example], out: Path) -> int:
    """Write the sorted, distinct hashes of ``rows``' texts to ``out``; return how many."""
    hashes = sorted({text_hash(r.text) for r in rows})
    out.write_text(
        "# blake2b-48 hashes of the training texts' words (slant.bench.datasets.text_hash); no text is stored\n"
        + "\n".join(hashes)
        + "\n",
        encoding="utf-8",
    )
    return len(hashes)


def read_seen(path: Path) -> frozenset[str]:
    """The hashes in a ``seen-texts.txt`` (empty when the file is absent)."""
    if not path.is_file():
        return frozenset()
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(x.strip() for x in lines if x.strip() and not x.startswith("#"))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m slant.train.seen", description=__doc__.split("\n")[0])
    p.add_argument("--babe", type=Path)
    p.add_argument("--isca", type=Path)
    p.add_argument("--hatecheck", type=Path)
    p.add_argument("--hatecheck-half", default="", help="even or odd: the templates a member trained on")
    p.add_argument("--toxigen", type=Path)
    p.add_argument("--oped", type=Path)
    p.add_argument("--out", type=Path, required=True)
    args = p.parse_args(argv)
    rows: list[Example] = []
    for reader, path in (
        (read_babe, args.babe),
        (read_isca, args.isca),
        (read_toxigen, args.toxigen),
        (read_oped, args.oped),
    ):
        if path is not None:
            rows += reader(path)
    if args.hatecheck is not None:
        rows += select_half(read_hatecheck(args.hatecheck), args.hatecheck_half)
    n = write_seen(rows, args.out)
    print(f"wrote {n} hashes of {len(rows)} rows to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
