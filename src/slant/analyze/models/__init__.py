"""The trained sentence and article models: sentence bias (``slant.bias.v1`` fast, ``slant.bias-model.v7``
accurate), the hate head (``slant.hate-model.v5``) and the hyperpartisan score (``slant.partisan.v1``).

Components: :class:`BiasComponent`, :class:`ModelBiasComponent`, :class:`HateModelComponent`,
:class:`PartisanComponent`. Private modules: ``_bias``, ``_hate``, ``_partisan``, ``_partisan_model`` (the
packaged linear text models).
"""

from __future__ import annotations

from slant.analyze.models._bias import BiasComponent, ModelBiasComponent
from slant.analyze.models._hate import HATE_THRESHOLD, HateModelComponent, group_in
from slant.analyze.models._partisan import PartisanComponent
from slant.analyze.models._partisan_model import LinearTextModel, features, load_model, packaged_path, vocabulary

__all__ = [
    "HATE_THRESHOLD",
    "BiasComponent",
    "HateModelComponent",
    "LinearTextModel",
    "ModelBiasComponent",
    "PartisanComponent",
    "features",
    "group_in",
    "load_model",
    "packaged_path",
    "vocabulary",
]
