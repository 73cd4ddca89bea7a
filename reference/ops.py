"""The op catalogue: one table that the reference, the strategies and the reports all read.

Each entry names an op as torch spells it, the family it belongs to, how it is reached
(method, function, attribute) and what it returns in terms of aliasing.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class OpSpec:
    """One op of the catalogue."""

    name: str
    family: str
    # how a program calls it: "method" x.f(...), "attribute" x.f, "function" torch.f(x, ...)
    method: bool = True
    function: bool = False
    attribute: bool = False
    # "view": a view of the input; "views": a tuple of views; "self": the input itself;
    # "view_or_copy": a view when strides allow, else a copy; "self_or_copy": the input when
    # nothing changes, else a copy; "copy": a new storage; "in_place": writes the input.
    returns: str = "view"
    # a variant label for ops with several argument forms sharing one name
    variant: str = ""

    @property
    def key(self) -> str:
        return f"{self.name}.{self.variant}" if self.variant else self.name


def _v(name: str, family: str, **kw: object) -> OpSpec:
    return OpSpec(name, family, **kw)  # type: ignore[arg-type]


OPS: tuple[OpSpec, ...] = (
    # reshaping
    _v("view", "reshape"),
    _v("view", "dtype", variant="dtype"),
    _v("view_as", "reshape"),
    _v("reshape", "reshape", function=True, returns="view_or_copy"),
    _v("reshape_as", "reshape", returns="view_or_copy"),
    _v("flatten", "reshape", function=True, returns="view_or_copy"),
    _v("unflatten", "reshape", function=True),
    _v("ravel", "reshape", function=True, returns="view_or_copy"),
    _v("as_strided", "reshape", function=True),
    # dims
    _v("permute", "dims", function=True),
    _v("transpose", "dims", function=True),
    _v("swapaxes", "dims", function=True),
    _v("swapdims", "dims", function=True),
    _v("t", "dims", function=True),
    _v("T", "dims", method=False, attribute=True),
    _v("mT", "dims", method=False, attribute=True),
    _v("movedim", "dims", function=True),
    _v("moveaxis", "dims", function=True),
    _v("squeeze", "dims", function=True),
    _v("unsqueeze", "dims", function=True),
    # broadcasting
    _v("expand", "broadcast"),
    _v("expand_as", "broadcast"),
    _v("broadcast_to", "broadcast", function=True),
    # indexing
    _v("narrow", "index", function=True),
    _v("select", "index", function=True),
    _v("diagonal", "index", function=True),
    _v("unfold", "index"),
    _v("__getitem__", "index"),
    # splitting
    _v("unbind", "split", function=True, returns="views"),
    _v("split", "split", function=True, returns="views"),
    _v("split_with_sizes", "split", function=True, returns="views"),
    _v("chunk", "split", function=True, returns="views"),
    _v("tensor_split", "split", function=True, returns="views"),
    _v("hsplit", "split", function=True, returns="views"),
    _v("vsplit", "split", function=True, returns="views"),
    _v("dsplit", "split", function=True, returns="views"),
    # complex
    _v("view_as_real", "complex", method=False, function=True),
    _v("view_as_complex", "complex", method=False, function=True),
    _v("real", "complex", method=False, function=True, attribute=True, returns="self_or_view"),
    _v("imag", "complex", method=False, function=True, attribute=True),
    _v("conj", "complex", function=True, returns="self_or_view"),
    _v("resolve_conj", "complex", function=True, returns="self_or_copy"),
    _v("adjoint", "complex", function=True),
    _v("H", "complex", method=False, attribute=True),
    _v("mH", "complex", method=False, attribute=True),
    # copies
    _v("clone", "copy", function=True, returns="copy"),
    _v("contiguous", "copy", returns="self_or_copy"),
    _v("to", "copy", returns="self_or_copy"),
    _v("detach", "copy", function=True, returns="alias"),
    # writes
    _v("fill_", "write", returns="in_place"),
    _v("zero_", "write", returns="in_place"),
    _v("copy_", "write", returns="in_place"),
    _v("add_", "write", returns="in_place"),
    _v("sub_", "write", returns="in_place"),
    _v("mul_", "write", returns="in_place"),
    _v("__setitem__", "write", returns="in_place"),
    # metadata in place
    _v("as_strided_", "metadata_", returns="in_place"),
    _v("squeeze_", "metadata_", returns="in_place"),
    _v("unsqueeze_", "metadata_", returns="in_place"),
    _v("transpose_", "metadata_", returns="in_place"),
    _v("t_", "metadata_", returns="in_place"),
    # storage
    _v("set_", "storage", returns="in_place"),
    _v("resize_", "storage", returns="in_place"),
)

BY_KEY: dict[str, OpSpec] = {op.key: op for op in OPS}
FAMILIES: tuple[str, ...] = tuple(dict.fromkeys(op.family for op in OPS))
FUNCTION_NAMES: tuple[str, ...] = tuple(dict.fromkeys(op.name for op in OPS if op.function))
