"""block_diag, meshgrid and cartesian_prod: tensors built from a list of tensors.

block_diag (aten/src/ATen/native/TensorShape.cpp block_diag) checks every input's device
against the first's, then takes the inputs' result_type (0-d inputs count for less), refuses an
input of more than 2 dims, expands 0-d and 1-d inputs to one row, and copies each into its
block of `at::zeros` of the summed shape: contiguous; no input gives an empty (1, 0) tensor of
the default dtype. meshgrid (TensorShape.cpp meshgrid) returns VIEWS: each input viewed as a
column of its own dim (`view(1, .., -1, .., 1)`, a 0-d input as one element) and expanded to
the grid, stride 0 along the other dims; "xy" swaps the first two inputs and the first two
grids back. cartesian_prod (TensorShape.cpp cartesian_prod) wants 1-d inputs, returns the one
input itself, else stacks the flattened "ij" grids as columns: a contiguous (N, k) tensor.

torch/functional.py binds the lists: `meshgrid(*tensors, indexing=None)` also takes one list or
tuple, and warns once per process (TORCH_WARN_ONCE) when indexing is left out; the reference
does not warn, as it cannot know whether the process has warned already.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import dtypes, errors, views, writes
from .device import device as Device
from .geometry import Geometry, contiguous_strides
from .operands import is_tensor
from .promotion import result_type
from .signatures import typename

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]


def _tensors(tensors: Sequence[Any]) -> list[Tensor]:
    """Accept the tensors of a TensorList argument (python_arg_parser.cpp)."""
    for i, t in enumerate(tensors):
        if not is_tensor(t):
            raise errors.fail("join_tensors_element", index=i, type=typename(t))
    return list(tensors)


# -- layouts: pure functions of the inputs' shapes -------------------------------------------------

def block_diag_shape(shapes: Sequence[Shape]) -> Shape:
    """Return block_diag's output shape, refusing an input of more than 2 dims."""
    rows = cols = 0
    for i, shape in enumerate(shapes):
        if len(shape) > 2:
            raise errors.fail("block_diag_ndim", index=i, ndim=len(shape))
        rows += shape[0] if len(shape) == 2 else 1
        cols += shape[-1] if shape else 1
    return rows, cols


def grid_geometries(geoms: Sequence[Geometry]) -> list[Geometry]:
    """Return meshgrid's "ij" views of inputs of these geometries (0-d or 1-d each)."""
    shape = tuple(g.numel for g in geoms)
    out = []
    for i, g in enumerate(geoms):
        column = tuple(-1 if j == i else 1 for j in range(len(geoms)))
        out.append(views.expand(views.view(g, column), shape))
    return out


# -- block_diag -----------------------------------------------------------------------------------

def block_diag(*tensors: Any) -> Tensor:
    """Return torch.block_diag(*tensors)."""
    ts = _tensors(tensors)
    if not ts:
        from .tensor import Tensor
        return Tensor._fresh((1, 0), None, dtypes.float32, Device("cpu"))
    for i, t in enumerate(ts):
        if t.device != ts[0].device:
            raise errors.fail("block_diag_device", index=i, first=ts[0].device, got=t.device)
    dt = result_type(*ts)
    shape = block_diag_shape([t._geom.shape for t in ts])
    out = type(ts[0])._fresh(shape, contiguous_strides(shape), dt, ts[0].device, zero=True)
    row = col = 0
    for t in ts:
        g = t._geom if t.ndim == 2 else views.expand(t._geom, (1, t.numel()))
        rows, cols = g.shape
        block = Geometry(((rows, cols), out._geom.strides,
                          row * out._geom.strides[0] + col * out._geom.strides[1]))
        writes.copy_values(out._view_of(block), t._view_of(g))
        row, col = row + rows, col + cols
    return out


# -- meshgrid --------------------------------------------------------------------------------------

def _meshgrid(ts: list[Tensor], indexing: str) -> tuple[Tensor, ...]:
    """TensorShape.cpp meshgrid(tensors, indexing)."""
    if not ts:
        raise errors.fail("meshgrid_empty")
    for a, b in zip(ts, ts[1:]):
        if a.dtype is not b.dtype:
            raise errors.fail("meshgrid_dtype")
        if a.device != b.device:
            raise errors.fail("meshgrid_device")
    swap = indexing == "xy" and len(ts) >= 2
    if indexing != "xy" and indexing != "ij":
        raise errors.fail("meshgrid_indexing", indexing=indexing)
    order = [ts[1], ts[0], *ts[2:]] if swap else ts
    for t in order:
        if t.ndim > 1:
            # torch prints the tensor itself after this, which the reference does not
            raise errors.fail("meshgrid_ndim")
    grids = [t._view_of(g) for t, g in zip(order, grid_geometries([t._geom for t in order]))]
    if swap:
        grids[0], grids[1] = grids[1], grids[0]
    return tuple(grids)


def meshgrid(*tensors: Any, indexing: Any = None) -> tuple[Tensor, ...]:
    """Return torch.meshgrid(*tensors, indexing=indexing) (torch/functional.py _meshgrid)."""
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    if indexing is not None and not isinstance(indexing, str):
        raise errors.fail("argument_keyword_type", op="meshgrid", arg="indexing", want="str",
                          type=typename(indexing))
    return _meshgrid(_tensors(tensors), "ij" if indexing is None else indexing)


# -- cartesian_prod --------------------------------------------------------------------------------

def cartesian_prod(*tensors: Any) -> Tensor:
    """Return torch.cartesian_prod(*tensors)."""
    ts = _tensors(tensors)
    for t in ts:
        if t.ndim != 1:
            raise errors.fail("cartesian_prod_ndim", shape=list(t._geom.shape))
    if len(ts) == 1:
        return ts[0]
    grids = _meshgrid(ts, "ij")
    n, k = grids[0].numel(), len(grids)
    out = type(ts[0])._fresh((n, k), contiguous_strides((n, k)), ts[0].dtype, ts[0].device)
    if n:
        grid = grids[0]._geom.shape
        strides = tuple(s * k for s in contiguous_strides(grid))
        for j, g in enumerate(grids):
            writes.copy_values(out._view_of(Geometry((grid, strides, j))), g)
    return out


FUNCTIONS = {"block_diag": block_diag, "meshgrid": meshgrid, "cartesian_prod": cartesian_prod}
