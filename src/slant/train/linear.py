"""Fitting the learned judges' linear models (:class:`slant.analyze.common.Linear`) on named features."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from slant.analyze.common import Linear


def fit_logistic(
    xs: Sequence[Mapping[str, float]],
    ys: npt.NDArray[np.float64],
    classes: tuple[str, ...],
    c: float,
    sign: Callable[[str], int] | None = None,
) -> Linear:
    """l2-regularised multinomial logistic regression (biases not penalised) on soft targets, by L-BFGS-B.

    With ``sign`` (three classes: neutral, positive, negative), each feature's positive and negative
    weights are fitted as ``u + v`` and ``u - v`` with ``v`` bounded by ``sign(name)``: +1 keeps ``v``
    at or above 0 (the feature may only lean positive rather than negative), -1 at or below, 0 leaves it free.
    """
    from scipy import optimize, sparse

    names = sorted({key for x in xs for key in x})
    index = {name: j for j, name in enumerate(names)}
    ri, ci, vs = [], [], []
    for n, row in enumerate(xs):
        for key, value in row.items():
            ri.append(n)
            ci.append(index[key])
            vs.append(value)
    x = sparse.csr_matrix((vs, (ri, ci)), shape=(len(xs), len(names)))
    d, k = len(names), len(classes)
    mix = sign is not None and k == 3

    def weights(theta: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        p: npt.NDArray[np.float64] = theta[: d * k].reshape(d, k)
        if not mix:
            return p
        out: npt.NDArray[np.float64] = np.stack([p[:, 0], p[:, 1] + p[:, 2], p[:, 1] - p[:, 2]], axis=1)
        return out

    def loss(theta: npt.NDArray[np.float64]) -> tuple[float, npt.NDArray[np.float64]]:
        w, b = weights(theta), theta[d * k :]
        z = x @ w + b
        z = z - z.max(axis=1, keepdims=True)
        lse = np.log(np.exp(z).sum(axis=1, keepdims=True))
        g = np.exp(z - lse) - ys
        value = float(-(ys * (z - lse)).sum() + 0.5 / c * (w * w).sum())
        gw = np.asarray(x.T @ g + w / c)
        if mix:
            gw = np.stack([gw[:, 0], gw[:, 1] + gw[:, 2], gw[:, 1] - gw[:, 2]], axis=1)
        return value, np.concatenate([gw.ravel(), g.sum(axis=0)])

    free: tuple[float | None, float | None] = (None, None)
    bounds: list[tuple[float | None, float | None]] = []
    for name in names:
        bound = sign(name) if sign is not None and mix else 0
        bounds += [free] * (k - 1) + [(0.0, None) if bound > 0 else (None, 0.0) if bound < 0 else free]
    bounds += [free] * k
    res = optimize.minimize(
        loss, np.zeros(d * k + k), jac=True, method="L-BFGS-B", bounds=bounds, options={"maxiter": 3000}
    )
    return Linear(classes, tuple(names), weights(res.x), res.x[d * k :])
