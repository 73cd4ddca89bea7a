"""What a convolution stores, which of its elements it leaves open, and how precisely.

A convolution is a sum of products, as a matrix product is (the CPU kernels run im2col and a
gemm, or oneDNN's own loops), so its values follow product_values.py's rule: computed in
float64 / int64, exact where every term is a multiple of one quantum and the terms'
magnitudes add up to at most 2**p quanta (p significand bits of the type the kernel
accumulates in: float for half and bfloat16), else within a tolerance relative to each
element, or undefined where its terms cancel too much to bound. Integer convolutions wrap as
the kernels' own arithmetic does: computed in int64, stored modulo the dtype's range.
An element is undefined where a term it sums is, or is not finite: the slow kernels multiply
the padding's zeros by the weights (im2col), oneDNN skips them, so an infinite weight's NaN
depends on the backend. convolution.py runs the ops and stores these.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from . import dtypes
from .dtypes import dtype as DType
from .product_values import _FORMATS, Product, _quantum, cancellation

Ints = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Window:
    """One convolution's spatial arguments, already expanded to every spatial dim."""

    stride: Ints
    padding: Ints
    dilation: Ints
    output_padding: Ints
    groups: int
    transposed: bool


def _taps(kernel: Ints) -> Iterator[tuple[int, ...]]:
    """Every position of the kernel, the last dim fastest."""
    return itertools.product(*(range(k) for k in kernel))


def _forward(x: np.ndarray, w: np.ndarray, win: Window, out: Ints) -> np.ndarray:
    """Sum x (N, C, *spatial) against w (O, C / groups, *kernel) into (N, O, *out)."""
    n, c = x.shape[:2]
    o, g = w.shape[0], win.groups
    xp = np.pad(x, ((0, 0), (0, 0)) + tuple((p, p) for p in win.padding))
    result = np.zeros((n, g, o // g) + tuple(out), np.result_type(x, w))
    for tap in _taps(w.shape[2:]):
        region = tuple(slice(k * d, k * d + (m - 1) * s + 1, s) for k, d, m, s in zip(
            tap, win.dilation, out, win.stride))
        taps = xp[(slice(None), slice(None)) + region]
        result += np.einsum("ngc...,goc->ngo...", taps.reshape((n, g, c // g) + tuple(out)),
                            w[(slice(None), slice(None)) + tap].reshape(g, o // g, c // g))
    return result.reshape((n, o) + tuple(out))


def _transposed(x: np.ndarray, w: np.ndarray, win: Window, out: Ints) -> np.ndarray:
    """Scatter x (N, C, *spatial) through w (C, O / groups, *kernel) into (N, O, *out)."""
    n, c = x.shape[:2]
    spatial = x.shape[2:]
    g, og = win.groups, w.shape[1]
    full = np.zeros((n, g, og) + tuple(
        p + m + (h - 1) * s + d * k for p, m, h, s, d, k in zip(
            win.padding, out, spatial, win.stride, win.dilation, w.shape[2:])),
        np.result_type(x, w))
    grouped = x.reshape((n, g, c // g) + spatial)
    for tap in _taps(w.shape[2:]):
        region = tuple(slice(k * d, k * d + (h - 1) * s + 1, s) for k, d, h, s in zip(
            tap, win.dilation, spatial, win.stride))
        full[(slice(None),) * 3 + region] += np.einsum(
            "ngc...,gco->ngo...", grouped,
            w[(slice(None), slice(None)) + tap].reshape(g, c // g, og))
    crop = tuple(slice(p, p + m) for p, m in zip(win.padding, out))
    return full[(slice(None),) * 3 + crop].reshape((n, g * og) + tuple(out))


def _run(x: np.ndarray, w: np.ndarray, win: Window, out: Ints) -> np.ndarray:
    return (_transposed if win.transposed else _forward)(x, w, win, out)


def convolve(x: tuple[np.ndarray, np.ndarray, float], w: tuple[np.ndarray, np.ndarray, float],
             b: tuple[np.ndarray, np.ndarray, float] | None, win: Window, out: Ints,
             dt: DType) -> Product:
    """Return the convolution of x (values, defined mask, tolerance) with w, plus b.

    Shapes are 4-d or 5-d (1-d convolutions arrive viewed as 2-d). `out` is the output's spatial
    size. Floating results are exact under product_values' condition with the
    accumulation type's significand, else carry a tolerance of
    2 * ((k + 2) * eps + input tolerances) times the worst ratio of an element's terms'
    magnitudes to itself, k the terms an element sums; elements whose ratio passes
    product_values._CANCELLATION are left undefined (product_values.cancellation).
    """
    (xv, x_ok, x_tol), (wv, w_ok, w_tol) = x, w
    integral = not (dt.is_floating_point or dt.is_complex)
    wide = np.int64 if integral else np.float64
    xs = np.where(x_ok, xv.astype(wide), 0)
    ws = np.where(w_ok, wv.astype(wide), 0)
    values = _run(xs, ws, win, out)
    # which outputs read an undefined or non-finite element (the weights' reach the whole
    # channel: the slow kernels multiply the padding by them)
    bad_x = (~x_ok | (~np.isfinite(xs) if not integral else False)).astype(np.float64)
    bad_w = (~w_ok | (~np.isfinite(ws) if not integral else False))
    undefined = _run(bad_x, np.ones(ws.shape), win, out) > 0
    if win.transposed:  # weight (C, O / groups, kh, kw): output channel g * O / groups + o
        c, og = bad_w.shape[:2]
        per_out = np.asarray(bad_w.reshape(win.groups, c // win.groups, og, -1).any(
            axis=(1, 3))).reshape(-1)
    else:
        per_out = np.asarray(bad_w.reshape(bad_w.shape[0], -1).any(axis=1))
    spread = (1, -1) + (1,) * len(out)  # a per-channel vector against the output
    undefined |= per_out.reshape(spread)
    bias_tol = 0.0
    if b is not None:
        bv, b_ok, bias_tol = b
        bs = np.where(b_ok, bv.astype(wide), 0)
        values = values + bs.reshape(spread)
        undefined |= (~b_ok | (~np.isfinite(bs) if not integral else False)).reshape(spread)
    if integral:
        return Product(values, undefined, 0.0, False)
    with np.errstate(all="ignore"):
        size = _run(np.abs(np.where(np.isfinite(xs), xs, 0)),
                    np.abs(np.where(np.isfinite(ws), ws, 0)), win, out)
        if b is not None:
            size = size + np.abs(np.where(np.isfinite(bs), bs, 0)).reshape(spread)
    bits, tiny, largest = _FORMATS[dt.name]
    reduced = dt in (dtypes.float16, dtypes.bfloat16)
    # the slow transposed kernels add their columns back (col2im) in the output's own type
    accumulate_bits = bits if reduced and win.transposed else (24 if reduced else bits)
    undefined = undefined | (size > largest / 2)  # a partial sum may overflow, or not
    slack = x_tol + w_tol + bias_tol
    quantum = _quantum(xs) * _quantum(ws)
    if b is not None:
        quantum = min(quantum, _quantum(bs))
    peak = float(size.max()) if size.size else 0.0
    loose = bool(np.isnan(values).any() or (values == 0).any())
    if not slack and (quantum == float("inf") or (
            quantum >= tiny and peak <= 2.0**accumulate_bits * quantum)):
        return Product(values, undefined, 0.0, loose)
    eps = dt.eps if reduced and win.transposed else (
        dtypes.float32.eps if reduced else dt.eps)
    undefined, worst = cancellation(size, values, undefined)
    # the terms one element sums: a group's channels times the kernel's taps
    k = int(np.prod(ws.shape[1:])) if not win.transposed else (
        ws.shape[0] // win.groups * int(np.prod(ws.shape[2:])))
    tolerance = 2 * (((k + 2) * eps + slack) * worst + dt.eps)
    return Product(values, undefined, tolerance, loose)

