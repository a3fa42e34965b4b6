"""The self-contained HTML report: stance heatmaps, the actor network and the marked-up articles.

Private modules: ``_build`` (:func:`report` and its parts), ``_heatmap`` (heatmap data).
"""

from __future__ import annotations

from slant.report._build import VENDOR_SCRIPTS, Segment, report, script_json, segments
from slant.report._heatmap import Heatmap, article_label, heatmap_spec, heatmaps_from_comparisons, stance_heatmaps

__all__ = [
    "VENDOR_SCRIPTS",
    "Heatmap",
    "Segment",
    "article_label",
    "heatmap_spec",
    "heatmaps_from_comparisons",
    "report",
    "script_json",
    "segments",
    "stance_heatmaps",
]
