"""A multinomial logistic regression over named features: the learned judges' scorer (stance, salience),
and reading their packaged model files."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from slant.errors import ModelError


@dataclass(frozen=True)
class Linear:
    """Class probabilities from named features (``weights[k]`` is feature ``k``'s row; unknown names are
    ignored, so a model reads feature dicts that carry more than it was trained on)."""

    classes: tuple[str, ...]
    features: tuple[str, ...]
    weights: npt.NDArray[np.float64]
    bias: npt.NDArray[np.float64]

    @cached_property
    def index(self) -> dict[str, int]:
        """Each feature's row in :attr:`weights` (made once per model, not once per article)."""
        return {name: k for k, name in enumerate(self.features)}

    def probs(self, rows: Sequence[Mapping[str, float]]) -> npt.NDArray[np.float64]:
        """The class probabilities of each row of features."""
        index = self.index
        x = np.zeros((len(rows), len(self.features)))
        for r, row in enumerate(rows):
            for name, value in row.items():
                k = index.get(name)
                if k is not None:
                    x[r, k] = value
        z = x @ self.weights + self.bias
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        out: npt.NDArray[np.float64] = e / e.sum(axis=1, keepdims=True)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "classes": list(self.classes),
            "features": list(self.features),
            "weights": [[round(float(v), 6) for v in row] for row in self.weights],
            "bias": [round(float(v), 6) for v in self.bias],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], classes: tuple[str, ...], what: str, trainer: str) -> Linear:
        """A saved model whose classes must be ``classes``; ``what`` and ``trainer`` name the model and the
        module that retrains it in the error."""
        if tuple(data.get("classes", ())) != classes:
            raise ModelError(f"{what}: classes must be {list(classes)}; retrain with python -m {trainer}")
        n = len(data["features"])
        weights = np.asarray(data["weights"], dtype=np.float64).reshape(n, len(classes))
        return cls(classes, tuple(data["features"]), weights, np.asarray(data["bias"], dtype=np.float64))


_M = TypeVar("_M")


def read_model(path: Path, parse: Callable[[Mapping[str, Any]], _M], what: str, trainer: str) -> _M:
    """A model file parsed by ``parse``; any failure is a :class:`ModelError` that names the file, the
    model and the module that retrains it."""
    try:
        return parse(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ModelError(f"cannot read the {what} {path} ({exc}); reinstall slant or retrain with {trainer}") from exc
