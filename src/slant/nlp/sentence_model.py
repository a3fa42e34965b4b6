"""Sentence-level classifiers sharing one encoder: biased language (BABE scheme) and hate (IHRA/HateCheck).

Each network is all-MiniLM-L6-v2 fine-tuned by us with ``python -m slant.train.sentence_classifier`` on several
tasks at once (one head per task over the same encoder), exported to ONNX and quantised to int8. The shipped
model averages the logits of seven such networks trained with different seeds, weighted per task
(:mod:`slant.train.ensemble`): the hate head averages the first five (two of them also learned op-ed text we
wrote), the bias head the fifth, sixth and seventh, which also learned BABE's word-level annotations. It ships in ``slant/resources/models/sentence/`` with its tokenizer and a ``model-card.json`` that records the
tasks, the members, the data, the settings and the cross-validation figures. Run time needs onnxruntime and
tokenizers only.

Use::

    model = SentenceModel.shared()                 # bias and hate heads
    model.predict(["The senator's reckless scheme will ruin us."])  # -> [{"bias": 0.93, "hate": 0.02}]
"""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from slant.errors import ModelError
from slant.nlp._onnx import CARD_FILE as CARD_FILE
from slant.nlp._onnx import TOKENIZER_FILE as TOKENIZER_FILE
from slant.nlp._onnx import open_packaged, open_session

#: The tasks, in the order of the model's output pairs (logits ``[2 * i : 2 * i + 2]`` belong to task ``i``).
TASKS: tuple[str, ...] = ("bias", "hate")

#: Longest input in word pieces.
MAX_LENGTH = 128

MODEL_FILE = "model.int8.onnx"
INPUT_NAMES: tuple[str, ...] = ("input_ids", "attention_mask", "token_type_ids")


_URL = re.compile(r"(?:https?://|www\.)\S+", re.IGNORECASE)
_HANDLE = re.compile(r"(?<![\w@])@\w{1,30}")
_SPACES = re.compile(r"\s+")


def normalise_social(text: str) -> str:
    """Social-media text as the model saw it in training: links and @handles replaced by placeholders.

    Also decodes HTML entities and the literal ``\\n`` that tweet exports carry. The placeholders follow the
    usual tweet preprocessing (links -> ``http``, user names -> ``@user``): their characters are noise to a
    word-piece model, and user names are personal data the model should not learn from.
    """
    text = html.unescape(text.replace("\\n", " "))
    text = _URL.sub("http", text)
    text = _HANDLE.sub("@user", text)
    return _SPACES.sub(" ", text).strip()


#: Input normalisers a model card may name (``"normalise"``); ``""`` leaves the text as it is.
NORMALISERS: dict[str, Callable[[str], str]] = {"": lambda text: text, "social": normalise_social}


def model_dir(name: str = "sentence") -> Path:
    """The folder of a packaged model's files."""
    return Path(str(resources.files("slant").joinpath(f"resources/models/{name}")))


def load_tokenizer(path: Path, max_length: int = MAX_LENGTH) -> Any:
    """A ``tokenizers.Tokenizer`` with padding and truncation on."""
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(path))
    tok.no_padding()
    tok.enable_padding()
    tok.enable_truncation(max_length)
    return tok


def encode(tokenizer: Any, texts: Sequence[str]) -> dict[str, npt.NDArray[np.int64]]:
    """One padded batch of model inputs."""
    encs = tokenizer.encode_batch(list(texts))
    return {
        "input_ids": np.array([e.ids for e in encs], dtype=np.int64),
        "attention_mask": np.array([e.attention_mask for e in encs], dtype=np.int64),
        "token_type_ids": np.array([e.type_ids for e in encs], dtype=np.int64),
    }


def task_probabilities(logits: npt.NDArray[Any], tasks: Sequence[str] = TASKS) -> list[dict[str, float]]:
    """The probability of the positive class of each task, per row of ``logits`` (shape ``(n, 2 * tasks)``)."""
    out: list[dict[str, float]] = []
    x = logits.astype(np.float64)
    for row in x:
        probs: dict[str, float] = {}
        for i, task in enumerate(tasks):
            a, b = row[2 * i], row[2 * i + 1]
            probs[task] = float(1.0 / (1.0 + np.exp(a - b)))
        out.append(probs)
    return out


def member_weights(members: Sequence[dict[str, Any]], tasks: Sequence[str]) -> list[npt.NDArray[np.float64]]:
    """Each member's weight on each logit column (the card's per-task ``weights``, default 1), normalised so
    that every task's weights sum to 1 over the members."""
    rows = []
    for member in members:
        given = member.get("weights") or {}
        rows.append(np.repeat([float(given.get(t, 1.0)) for t in tasks], 2))
    w = np.array(rows, dtype=np.float64)
    total = w.sum(axis=0)
    if (w < 0).any() or (total <= 0).any():
        raise ModelError("the sentence model card gives a task no member with a positive weight; reinstall slant")
    return list(w / total)


class SentenceModel:
    """The packaged int8 ONNX multi-task model: one network, or an ensemble whose logits are averaged.

    An ensemble's card lists its ``members`` (file, input normaliser and per-task ``weights`` of each); each
    member sees the text through its own normaliser, and the members' logits, averaged task by task with those
    weights, give the probabilities. A member whose weights are all 0 is not run.
    """

    _shared: ClassVar[dict[str, SentenceModel]] = {}
    _lock = threading.Lock()

    def __init__(self, directory: Path | None = None, *, model_file: str = MODEL_FILE, threads: int = 1) -> None:
        directory = directory or model_dir()
        self.card, self.tokenizer, session = open_packaged(
            "sentence",
            directory,
            model_file,
            threads,
            lambda card, path: load_tokenizer(path, int(card.get("max_length", MAX_LENGTH))),
        )
        self.tasks: tuple[str, ...] = tuple(self.card.get("tasks", TASKS))
        members = self.card.get("members") or [{"file": model_file, "normalise": self.card.get("normalise", "")}]
        self.members: list[tuple[Callable[[str], str], Any, set[str]]] = []
        self.weights = member_weights(members, self.tasks)
        for member in members:
            norm = str(member.get("normalise") or "")
            if norm not in NORMALISERS:
                raise ModelError(
                    f"the sentence model card in {directory} names an unknown normaliser {norm!r}; reinstall slant"
                )
            file = str(member["file"])
            sess = session if file == model_file else open_session("sentence", directory / file, threads)
            self.members.append((NORMALISERS[norm], sess, {i.name for i in sess.get_inputs()}))

    @classmethod
    def shared(cls, name: str = "sentence") -> SentenceModel:
        """The process-wide instance of a packaged model (loaded on first call)."""
        if name not in cls._shared:
            with cls._lock:
                if name not in cls._shared:
                    cls._shared[name] = cls(model_dir(name))
        return cls._shared[name]

    def logits(self, texts: Sequence[str]) -> npt.NDArray[np.float64]:
        """The members' logits for one batch, averaged with each task's member weights, shape
        ``(len(texts), 2 * tasks)``."""
        total = np.zeros((len(texts), 2 * len(self.tasks)), dtype=np.float64)
        encoded: dict[Callable[[str], str], dict[str, npt.NDArray[np.int64]]] = {}  # members sharing a normaliser
        for (norm, session, inputs), weight in zip(self.members, self.weights, strict=True):
            if not weight.any():
                continue
            if norm not in encoded:
                encoded[norm] = encode(self.tokenizer, [norm(t) for t in texts])
            feed = {n: v for n, v in encoded[norm].items() if n in inputs}
            total += weight * np.asarray(session.run(None, feed)[0], dtype=np.float64)
        return total

    def predict(self, texts: Sequence[str], batch_size: int = 8) -> list[dict[str, float]]:
        """For each text, the probability of each task's positive class (biased; hateful), in input order."""
        if not texts:
            return []
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out: list[dict[str, float]] = [{} for _ in texts]
        for k in range(0, len(order), batch_size):
            chunk = order[k : k + batch_size]
            for i, probs in zip(
                chunk, task_probabilities(self.logits([texts[i] for i in chunk]), self.tasks), strict=True
            ):
                out[i] = probs
        return out
