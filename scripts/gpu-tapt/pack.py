"""Build ``.gpu/`` for a device run of the TAPT experiment (issue 4, ISCA): an fp16 copy of the base encoder
and the three training sets, small enough to travel with the working tree (the device tool carries 64 MiB).

Usage: python scripts/gpu-tapt/pack.py [--data ../shared/data] [--out .gpu]
Needs the ``train`` extra (torch, safetensors). Add ``/.gpu/`` to ``.git/info/exclude``: it is never committed.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, default=Path("../shared/data"))
    p.add_argument("--out", type=Path, default=Path(".gpu"))
    args = p.parse_args()

    from safetensors.torch import load_file, save_file

    from slant.train.target_sentiment import base_model_dir

    base = base_model_dir()
    out = args.out / "base"
    out.mkdir(parents=True, exist_ok=True)
    tensors = load_file(str(base / "model.safetensors"))
    weights = {k: (v.half() if v.is_floating_point() else v).contiguous() for k, v in tensors.items()}
    save_file(weights, str(out / "model.safetensors"))
    for name in ("config.json", "tokenizer.json"):
        shutil.copy2(base / name, out / name)
    for name in ("babe/train_SG2.csv", "isca-antisemitism/train.csv"):
        (args.out / "data" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(args.data / name, args.out / "data" / name)
    shutil.copytree(
        args.data / "toxigen-demonstrations", args.out / "data" / "toxigen-demonstrations", dirs_exist_ok=True
    )
    size = sum(f.stat().st_size for f in args.out.rglob("*") if f.is_file())
    print(json.dumps({"out": str(args.out), "mib": round(size / 2**20, 1)}))


if __name__ == "__main__":
    main()
