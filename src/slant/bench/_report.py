"""Printing a gold-set scorer's result for ``python -m slant.bench.gold_*``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def print_result(result: Mapping[str, Any], *, verbose: bool = False) -> None:
    """Numbers first (floats to 3 places), then nested tables of figures, then, with ``verbose``, every error."""
    for key, value in result.items():
        if isinstance(value, float):
            print(f"{key:20} {value:.3f}")
        elif isinstance(value, int) and not isinstance(value, bool):
            print(f"{key:20} {value}")
    for key, value in result.items():
        if key != "errors" and isinstance(value, Mapping) and value:
            print(key)
            for k, v in value.items():
                print(f"  {k:22} {v:.3f}" if isinstance(v, float) else f"  {k:22} {v}")
    if verbose:
        for rid, errs in (result.get("errors") or {}).items():
            print(f"-- {rid}")
            for e in errs:
                print("   ", e)
