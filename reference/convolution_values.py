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


def _forward(x: np.ndarray, w: np.ndarray, win: Window, out: Ints) -> np.ndarray:
    """Sum x (N, C, H, W) against w (O, C / groups, kh, kw) into (N, O, *out)."""
    n, c = x.shape[:2]
    o = w.shape[0]
    g = win.groups
    (sh, sw), (ph, pw), (dh, dw) = win.stride, win.padding, win.dilation
    xp = np.pad(x, ((0, 0), (0, 0), (ph, ph), (pw, pw)))
    oh, ow = out
    result = np.zeros((n, g, o // g, oh, ow), np.result_type(x, w))
    for ki in range(w.shape[2]):
        for kj in range(w.shape[3]):
            taps = xp[:, :, ki * dh: ki * dh + (oh - 1) * sh + 1: sh,
                      kj * dw: kj * dw + (ow - 1) * sw + 1: sw]
            result += np.einsum("ngcij,goc->ngoij", taps.reshape(n, g, c // g, oh, ow),
                                w[:, :, ki, kj].reshape(g, o // g, c // g))
    return result.reshape(n, o, oh, ow)


def _transposed(x: np.ndarray, w: np.ndarray, win: Window, out: Ints) -> np.ndarray:
    """Scatter x (N, C, H, W) through w (C, O / groups, kh, kw) into (N, O, *out)."""
    n, c, h, wd = x.shape
    g = win.groups
    og = w.shape[1]
    (sh, sw), (ph, pw), (dh, dw) = win.stride, win.padding, win.dilation
    oh, ow = out
    full = np.zeros((n, g, og, ph + oh + (h - 1) * sh + dh * w.shape[2],
                     pw + ow + (wd - 1) * sw + dw * w.shape[3]), np.result_type(x, w))
    grouped = x.reshape(n, g, c // g, h, wd)
    for ki in range(w.shape[2]):
        for kj in range(w.shape[3]):
            full[:, :, :, ki * dh: ki * dh + (h - 1) * sh + 1: sh,
                 kj * dw: kj * dw + (wd - 1) * sw + 1: sw] += np.einsum(
                "ngcij,gco->ngoij", grouped, w[:, :, ki, kj].reshape(g, c // g, og))
    return full[:, :, :, ph: ph + oh, pw: pw + ow].reshape(n, g * og, oh, ow)


def _run(x: np.ndarray, w: np.ndarray, win: Window, out: Ints) -> np.ndarray:
    return (_transposed if win.transposed else _forward)(x, w, win, out)


def convolve(x: tuple[np.ndarray, np.ndarray, float], w: tuple[np.ndarray, np.ndarray, float],
             b: tuple[np.ndarray, np.ndarray, float] | None, win: Window, out: Ints,
             dt: DType) -> Product:
    """Return the convolution of x (values, defined mask, tolerance) with w, plus b.

    Shapes are 4-d (1-d convolutions arrive viewed as 2-d). `out` is the output's spatial
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
        per_out = np.asarray(bad_w.any(axis=(1, 2, 3)))
    undefined |= per_out[None, :, None, None]
    bias_tol = 0.0
    if b is not None:
        bv, b_ok, bias_tol = b
        bs = np.where(b_ok, bv.astype(wide), 0)
        values = values + bs[None, :, None, None]
        undefined |= (~b_ok | (~np.isfinite(bs) if not integral else False))[None, :, None, None]
    if integral:
        return Product(values, undefined, 0.0, False)
    with np.errstate(all="ignore"):
        size = _run(np.abs(np.where(np.isfinite(xs), xs, 0)),
                    np.abs(np.where(np.isfinite(ws), ws, 0)), win, out)
        if b is not None:
            size = size + np.abs(np.where(np.isfinite(bs), bs, 0))[None, :, None, None]
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

