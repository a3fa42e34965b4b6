"""Training scripts for slant's own small models (need the ``train`` extra: ``pip install 'slant[train]'``).

Nothing here is imported at run time; the shipped models are ONNX files read by :mod:`slant.nlp`.
"""
