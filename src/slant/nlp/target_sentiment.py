"""Sentiment of a sentence toward a target span: negative / neutral / positive.

The model is all-MiniLM-L6-v2 fine-tuned by us on NewsMTSC (train split, MIT) with
``python -m slant.train.target_sentiment``, exported to ONNX and quantised to int8. It ships in
``slant/resources/models/target_sentiment/`` with its tokenizer and a ``model-card.json`` that records the data,
the hyper-parameters, the dev-set figures and how targets are marked. Run time needs onnxruntime and tokenizers
only (no torch), and nothing is downloaded.

How a target is shown to the model (the same code is used in training, so the two cannot drift apart)::

    [CLS] text before [unused0] target [unused1] text after [SEP] target [SEP]

The classifier reads the [CLS] state, the mean of all token states and the mean of the marked target tokens.

Use::

    model = TargetSentimentModel.shared()          # loaded once per process
    model.predict([("Critics said Smith lied.", 13, 18)])  # -> [(neg, neu, pos)]

``python -m slant.nlp.target_sentiment PATH.jsonl`` scores the shipped model on a NewsMTSC file.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from slant.errors import ModelError
from slant.nlp._onnx import CARD_FILE as CARD_FILE
from slant.nlp._onnx import TOKENIZER_FILE as TOKENIZER_FILE
from slant.nlp._onnx import open_packaged

#: Class order of every probability triple.
LABELS: tuple[str, str, str] = ("negative", "neutral", "positive")

#: NewsMTSC polarity values -> class index.
NEWSMTSC_POLARITY: dict[float, int] = {2.0: 0, 4.0: 1, 6.0: 2}

#: Longest input in word pieces (the rest of a very long sentence is cut).
MAX_LENGTH = 256

#: Marker tokens put around the target (word pieces that exist in the BERT vocabulary but are unused).
DEFAULT_MARKERS: tuple[str, str] = ("[unused0]", "[unused1]")

MODEL_FILE = "model.int8.onnx"

#: Inputs of the ONNX graph, in order.
INPUT_NAMES: tuple[str, ...] = ("input_ids", "attention_mask", "token_type_ids", "target_mask")

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float32]


def model_dir() -> Path:
    """The folder of the packaged model files."""
    return Path(str(resources.files("slant").joinpath("resources/models/target_sentiment")))


# --------------------------------------------------------------------------------------------- encoding


@dataclass(frozen=True, slots=True)
class Encoding:
    """A padded batch ready for the model (all arrays have shape ``(batch, length)``)."""

    input_ids: IntArray
    attention_mask: IntArray
    token_type_ids: IntArray
    target_mask: FloatArray

    def as_inputs(self) -> dict[str, npt.NDArray[Any]]:
        return {
            "input_ids": self.input_ids,
            "attention_mask": self.attention_mask,
            "token_type_ids": self.token_type_ids,
            "target_mask": self.target_mask,
        }


def load_tokenizer(path: Path, markers: tuple[str, str] = DEFAULT_MARKERS) -> Any:
    """A ``tokenizers.Tokenizer`` from ``path`` with the markers as special tokens, padding and truncation on."""
    from tokenizers import AddedToken, Tokenizer

    tok = Tokenizer.from_file(str(path))
    tok.add_special_tokens([AddedToken(m, special=True) for m in markers])
    for m in markers:
        if tok.token_to_id(m) is None:  # pragma: no cover - a broken tokenizer file
            raise ModelError(f"{path}: the marker token {m!r} is not in the vocabulary; reinstall slant")
    tok.no_padding()
    tok.enable_padding()
    tok.enable_truncation(MAX_LENGTH)
    return tok


def mark_target(sentence: str, start: int, end: int, markers: tuple[str, str] = DEFAULT_MARKERS) -> tuple[str, str]:
    """The sentence with the markers around ``sentence[start:end]``, and the target text itself.

    Offsets are clamped into the sentence; an empty target raises ``ValueError``. Marker strings that occur
    in the text itself are blanked so that input cannot fake a target.
    """
    start = max(0, min(start, len(sentence)))
    end = max(start, min(end, len(sentence)))
    target = sentence[start:end].strip()
    if not target:
        raise ValueError(f"empty target span [{start}:{end}] in {sentence[:60]!r}")

    def clean(s: str) -> str:
        for m in markers:
            s = s.replace(m, " ")
        return s

    target = clean(target)
    text = f"{clean(sentence[:start])} {markers[0]} {clean(sentence[start:end])} {markers[1]} {clean(sentence[end:])}"
    return text, target


def encode(
    tokenizer: Any, items: Sequence[tuple[str, int, int]], markers: tuple[str, str] = DEFAULT_MARKERS
) -> Encoding:
    """Encode ``(sentence, start, end)`` items into one padded batch.

    The target mask covers the marked span from the opening to the closing marker (inclusive); when
    truncation cut the span off, it covers the target copy in the second segment instead.
    """
    pairs = [mark_target(s, a, b, markers) for s, a, b in items]
    encs = tokenizer.encode_batch(pairs)
    open_id = tokenizer.token_to_id(markers[0])
    close_id = tokenizer.token_to_id(markers[1])
    ids = np.array([e.ids for e in encs], dtype=np.int64)
    attention = np.array([e.attention_mask for e in encs], dtype=np.int64)
    types = np.array([e.type_ids for e in encs], dtype=np.int64)
    target = np.zeros(ids.shape, dtype=np.float32)
    for i, e in enumerate(encs):
        row = e.ids
        try:
            a = row.index(open_id)
            b = row.index(close_id, a)
            target[i, a : b + 1] = 1.0
        except ValueError:
            seg = [j for j, (t, m) in enumerate(zip(e.type_ids, e.attention_mask, strict=True)) if t == 1 and m]
            target[i, seg[:-1] or seg] = 1.0  # the second segment less its closing [SEP]
    return Encoding(ids, attention, types, target)


def softmax(logits: npt.NDArray[Any]) -> npt.NDArray[np.float64]:
    x = logits.astype(np.float64)
    x = x - x.max(axis=-1, keepdims=True)
    e = np.exp(x)
    out: npt.NDArray[np.float64] = e / e.sum(axis=-1, keepdims=True)
    return out


# --------------------------------------------------------------------------------------------- the model


class TargetSentimentModel:
    """The packaged int8 ONNX model; ``predict`` gives (negative, neutral, positive) probabilities."""

    _shared: TargetSentimentModel | None = None
    _lock = threading.Lock()

    def __init__(self, directory: Path | None = None, *, model_file: str = MODEL_FILE, threads: int = 1) -> None:
        def tokenizer(card: dict[str, Any], path: Path) -> Any:
            marks = card.get("input", {}).get("markers", list(DEFAULT_MARKERS))
            self.markers: tuple[str, str] = (str(marks[0]), str(marks[1]))
            return load_tokenizer(path, self.markers)

        self.card, self.tokenizer, self.session = open_packaged(
            "target-sentiment", directory or model_dir(), model_file, threads, tokenizer
        )
        self._inputs = {i.name for i in self.session.get_inputs()}

    @classmethod
    def shared(cls) -> TargetSentimentModel:
        """The process-wide instance of the packaged model (loaded on first call)."""
        if cls._shared is None:
            with cls._lock:
                if cls._shared is None:
                    cls._shared = cls()
        return cls._shared

    def logits(self, items: Sequence[tuple[str, int, int]]) -> npt.NDArray[np.float32]:
        """Raw scores for one batch (no sorting, no splitting)."""
        enc = encode(self.tokenizer, items, self.markers)
        feed = {k: v for k, v in enc.as_inputs().items() if k in self._inputs}
        out: npt.NDArray[np.float32] = self.session.run(None, feed)[0]
        return out

    def predict(self, items: Sequence[tuple[str, int, int]], batch_size: int = 1) -> list[tuple[float, float, float]]:
        """Probabilities (negative, neutral, positive) for each ``(sentence, start, end)``, in input order.

        ``start``/``end`` are character offsets of the target within the sentence (end exclusive).

        The int8 model quantises its activations with one scale per batch, so in a batch of several items
        each result moves slightly (by up to a few hundredths) with its neighbours. The default, one item per
        run, keeps every result independent of what else is scored, at about the same speed on one core;
        a larger ``batch_size`` groups items of similar length.
        """
        if not items:
            return []
        order = sorted(range(len(items)), key=lambda i: len(items[i][0]))
        probs: list[tuple[float, float, float]] = [(0.0, 0.0, 0.0)] * len(items)
        for k in range(0, len(order), batch_size):
            chunk = order[k : k + batch_size]
            p = softmax(self.logits([items[i] for i in chunk]))
            for i, row in zip(chunk, p, strict=True):
                probs[i] = (float(row[0]), float(row[1]), float(row[2]))
        return probs

    def label(self, items: Sequence[tuple[str, int, int]]) -> list[str]:
        """The most probable label of each item."""
        return [LABELS[int(np.argmax(p))] for p in self.predict(items)]


class ModelTargetScorer:
    """A scorer for ``slant.bench.newsmtsc.score_newsmtsc(path, scorer=ModelTargetScorer())``.

    ``score`` takes plain ``(sentence, start, end)`` triples or objects with ``start``, ``end`` and the sentence
    as ``sentence`` or ``text`` (e.g. ``slant.analyze.stance._types.TargetItem``), and returns
    (negative, neutral, positive) probabilities in order. It scores the sentence as given; the stance
    component's own scorer (``slant.analyze.stance``) also hides quoted words for the author.
    """

    name = "slant.target_sentiment.onnx"

    def __init__(self, model: TargetSentimentModel | None = None) -> None:
        self._model = model

    @property
    def model(self) -> TargetSentimentModel:
        if self._model is None:
            self._model = TargetSentimentModel.shared()
        return self._model

    def score(self, items: Iterable[Any]) -> list[tuple[float, float, float]]:
        triples: list[tuple[str, int, int]] = []
        for it in items:
            if isinstance(it, tuple):
                triples.append((str(it[0]), int(it[1]), int(it[2])))
            else:
                text = it.sentence if hasattr(it, "sentence") else it.text
                triples.append((str(text), int(it.start), int(it.end)))
        return self.model.predict(triples)


# --------------------------------------------------------------------------------------------- NewsMTSC


def read_newsmtsc(path: Path) -> list[tuple[str, int, int, int]]:
    """``(sentence, start, end, label)`` for every target of a NewsMTSC JSON Lines file."""
    rows: list[tuple[str, int, int, int]] = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            d: Mapping[str, Any] = json.loads(line)
            sentence = str(d["sentence_normalized"])
            for t in d["targets"]:
                rows.append((sentence, int(t["from"]), int(t["to"]), NEWSMTSC_POLARITY[float(t["polarity"])]))
    return rows


def macro_f1(gold: Sequence[int], pred: Sequence[int], n_classes: int = 3) -> float:
    """Macro-averaged F1 over ``n_classes`` classes (a class absent from both counts as F1 0)."""
    scores = []
    for c in range(n_classes):
        tp = sum(1 for g, p in zip(gold, pred, strict=True) if g == c and p == c)
        fp = sum(1 for g, p in zip(gold, pred, strict=True) if g != c and p == c)
        fn = sum(1 for g, p in zip(gold, pred, strict=True) if g == c and p != c)
        scores.append(2 * tp / (2 * tp + fp + fn) if tp else 0.0)
    return sum(scores) / n_classes


def evaluate(model: TargetSentimentModel, path: Path) -> dict[str, float]:
    """F1m and accuracy of ``model`` on a NewsMTSC file."""
    rows = read_newsmtsc(path)
    probs = model.predict([(s, a, b) for s, a, b, _ in rows])
    pred = [int(np.argmax(p)) for p in probs]
    gold = [r[3] for r in rows]
    acc = sum(1 for g, p in zip(gold, pred, strict=True) if g == p) / len(gold)
    return {"f1m": macro_f1(gold, pred), "accuracy": acc, "targets": float(len(gold))}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print("usage: python -m slant.nlp.target_sentiment NEWSMTSC.jsonl [...]")
        return 0 if args else 2
    model = TargetSentimentModel.shared()
    for a in args:
        m = evaluate(model, Path(a))
        print(f"{a}: F1m {m['f1m']:.3f}  accuracy {m['accuracy']:.3f}  ({int(m['targets'])} targets)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
