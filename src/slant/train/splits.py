"""Splits for choosing a model without touching the data it is scored on (no torch needed here)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


def split_holdout(rows: Sequence[Any], share: float, seed: int) -> tuple[list[Any], list[Any]]:
    """``rows`` whose first field is a sentence, split into (train, held out) by sentence, so no sentence
    has items on both sides; ``share`` of the distinct sentences are held out (seeded, reproducible)."""
    sentences = sorted({r[0] for r in rows})
    random.Random(seed).shuffle(sentences)
    held = set(sentences[: round(len(sentences) * share)])
    return [r for r in rows if r[0] not in held], [r for r in rows if r[0] in held]
