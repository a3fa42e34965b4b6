"""Score each recipe's out-of-fold logits (ISCA F1 of the antisemitic class, BABE macro-F1) and pack the
results without ONNX files. Usage: python scripts/gpu-tapt/pick.py WORK_DIR OUT_DIR"""

from __future__ import annotations

import json
import sys
import tarfile
from pathlib import Path


def f1(pairs: list[tuple[int, float]]) -> float:
    tp = sum(1 for y, s in pairs if y == 1 and s > 0)
    fp = sum(1 for y, s in pairs if y == 0 and s > 0)
    fn = sum(1 for y, s in pairs if y == 1 and s <= 0)
    return 2 * tp / max(1, 2 * tp + fp + fn)


def main() -> None:
    work, out = Path(sys.argv[1]), Path(sys.argv[2])
    scores: dict[str, dict[str, object]] = {}
    for d in sorted(p for p in work.iterdir() if p.is_dir()):
        isca: list[tuple[int, float]] = []
        babe: list[tuple[int, float]] = []
        files = sorted((d / "oof").glob("fold*.json"))
        for f in files:
            for r in json.loads(f.read_text()):
                lg = r["logits"]
                if r["dataset"] == "isca":
                    isca.append((r["label"], lg[3] - lg[2]))
                elif r["dataset"] == "babe":
                    babe.append((r["label"], lg[1] - lg[0]))
        row: dict[str, object] = {"folds": [f.stem for f in files], "final": (d / "model" / "model-card.json").exists()}
        if isca:
            row["isca_f1"] = round(f1(isca), 4)
        if babe:
            flipped = [(1 - y, -s) for y, s in babe]
            row["babe_f1m"] = round((f1(babe) + f1(flipped)) / 2, 4)
        scores[d.name] = row
        print(d.name, json.dumps(row), flush=True)
    (work / "scores.json").write_text(json.dumps(scores, indent=1))
    with tarfile.open(out / "results.tar.gz", "w:gz") as tar:
        for p in work.rglob("*"):
            if p.is_file() and not p.name.endswith(".onnx"):
                tar.add(p, arcname=str(p.relative_to(work)))


if __name__ == "__main__":
    main()
