"""Opening a packaged ONNX model folder (``model.int8.onnx``, ``tokenizer.json``, ``model-card.json``): one place
for the file checks, the session settings and the "reinstall slant" advice."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from slant.errors import ModelError

TOKENIZER_FILE = "tokenizer.json"
CARD_FILE = "model-card.json"


def open_packaged(
    what: str, directory: Path, model_file: str, threads: int, tokenizer: Callable[[dict[str, Any], Path], Any]
) -> tuple[dict[str, Any], Any, Any]:
    """The model card, the tokenizer (``tokenizer(card, path)``) and an onnxruntime CPU session.

    ``what`` names the model in errors ("the sentence model files are missing ..."). Any failure to load,
    a corrupt file or a missing runtime alike, becomes a :class:`ModelError` that says to reinstall slant.
    """
    paths = {name: directory / name for name in (model_file, TOKENIZER_FILE, CARD_FILE)}
    missing = [str(p) for p in paths.values() if not p.is_file()]
    if missing:
        raise ModelError(
            f"the {what} model files are missing ({', '.join(missing)}); "
            "reinstall slant (pip install --force-reinstall slant) to restore them"
        )
    try:
        card: dict[str, Any] = json.loads(paths[CARD_FILE].read_text(encoding="utf-8"))
        tok = tokenizer(card, paths[TOKENIZER_FILE])
        session = open_session(what, paths[model_file], threads)
    except ModelError:
        raise
    except Exception as exc:  # a corrupt file, a missing runtime: the same advice
        raise ModelError(
            f"the {what} model in {directory} could not be loaded ({exc.__class__.__name__}: {exc}); reinstall slant"
        ) from exc
    return card, tok, session


def open_session(what: str, path: Path, threads: int) -> Any:
    """An onnxruntime CPU session for one model file (a packaged folder may hold several, e.g. an ensemble)."""
    if not path.is_file():
        raise ModelError(
            f"the {what} model file {path} is missing; reinstall slant (pip install --force-reinstall slant) "
            "to restore it"
        )
    try:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        # Idle worker threads must not spin: a process runs several sessions in turn (the stance model, each
        # member of the sentence ensemble), and spinning threads of one slow down the next (2x, measured).
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        # Inputs change shape with every batch, so neither the arena nor the memory pattern is reused; each
        # session kept its own (about 120 MB per worker over the sentence ensemble, at no measured speed cost).
        options.enable_cpu_mem_arena = False
        options.enable_mem_pattern = False
        return ort.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])
    except Exception as exc:
        raise ModelError(
            f"the {what} model {path} could not be loaded ({exc.__class__.__name__}: {exc}); reinstall slant"
        ) from exc
