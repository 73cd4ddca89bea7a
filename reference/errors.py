"""Every error the reference raises, with torch's exception type and wording, in one place."""

from __future__ import annotations

from collections.abc import Sequence


def _list(xs: Sequence[int]) -> str:
    return "[" + ", ".join(str(x) for x in xs) + "]"


def dim_out_of_range(dim: int, ndim: int) -> IndexError:
    lo, hi = (-1, 0) if ndim <= 0 else (-ndim, ndim - 1)
    return IndexError(f"Dimension out of range (expected to be in range of [{lo}, {hi}], "
                      f"but got {dim})")


def no_dims(dim: int) -> IndexError:
    return IndexError(f"Dimension specified as {dim} but tensor has no dimensions")


def invalid_device_string(text: str) -> RuntimeError:
    return RuntimeError(f"Invalid device string: '{text}'")


def unknown_device_type(text: str) -> RuntimeError:
    return RuntimeError("Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, "
                        "hip, ve, fpga, maia, xla, lazy, vulkan, mps, meta, hpu, mtia, "
                        f"privateuseone device type at start of device string: {text}")


def negative_dimension(size: int, shape: Sequence[int]) -> RuntimeError:
    return RuntimeError(f"Trying to create tensor with negative dimension {size}: {_list(shape)}")


def shape_invalid(shape: Sequence[int], numel: int) -> RuntimeError:
    return RuntimeError(f"shape '{_list(shape)}' is invalid for input of size {numel}")


def only_one_inferred() -> RuntimeError:
    return RuntimeError("only one dimension can be inferred")


def invalid_shape_dim(size: int, index: int, shape: Sequence[int]) -> RuntimeError:
    return RuntimeError(f"invalid shape dimension {size} at index {index} of shape {_list(shape)}")


def numel_overflow() -> RuntimeError:
    return RuntimeError("numel: integer multiplication overflow")


def storage_size_overflow(shape: Sequence[int], strides: Sequence[int]) -> RuntimeError:
    return RuntimeError(f"Storage size calculation overflowed with sizes={_list(shape)} and "
                        f"strides={_list(strides)}")


def ambiguous_inferred(shape: Sequence[int]) -> RuntimeError:
    return RuntimeError(
        f"cannot reshape tensor of 0 elements into shape {_list(shape)} because the "
        "unspecified dimension size -1 can be any value and is ambiguous")


def view_incompatible() -> RuntimeError:
    return RuntimeError(
        "view size is not compatible with input tensor's size and stride (at least one "
        "dimension spans across two contiguous subspaces). Use .reshape(...) instead.")


def storage_out_of_bounds(shape: Sequence[int], strides: Sequence[int], offset: int,
                          itemsize: int, needed: int, have: int) -> RuntimeError:
    return RuntimeError(
        f"setStorage: sizes {_list(shape)}, strides {_list(strides)}, storage offset {offset}, "
        f"and itemsize {itemsize} requiring a storage size of {needed} are out of bounds for "
        f"storage of size {have}")


def internal_overlap() -> RuntimeError:
    return RuntimeError(
        "unsupported operation: more than one element of the written-to tensor refers to a "
        "single memory location. Please clone() the tensor before performing the operation.")


def cannot_cast(result: str, out: str) -> RuntimeError:
    return RuntimeError(f"result type {result} can't be cast to the desired output type {out}")


def value_overflow(cpp_name: str) -> RuntimeError:
    return RuntimeError(f"value cannot be converted to type {cpp_name} without overflow")


def meta_no_data() -> NotImplementedError:
    return NotImplementedError("Cannot copy out of meta tensor; no data!")


def meta_item() -> RuntimeError:
    return RuntimeError("Tensor.item() cannot be called on meta tensors")


def step_not_positive() -> ValueError:
    return ValueError("step must be greater than zero")


def too_many_indices(ndim: int, given: int) -> IndexError:
    return IndexError(f"too many indices for tensor of dimension {ndim}")


# Messages raised by one op each, keyed by a short name; `fail(key, **fields)` builds the error.
MESSAGES: dict[str, tuple[type[Exception], str]] = {
    "as_strided_len": (RuntimeError, "mismatch in length of strides and shape"),
    "as_strided_negative_stride": (
        RuntimeError, "as_strided: Negative strides are not supported at the moment, got "
        "strides: {strides}"),
    "invalid_storage_offset": (RuntimeError, "Tensor: invalid storage offset {offset}"),
    "expand_too_few": (
        RuntimeError, "expand({typename}{{{shape}}}, size={sizes}): the number of sizes provided "
        "({nsizes}) must be greater or equal to the number of dimensions in the tensor ({ndim})"),
    "expand_leading_minus1": (
        RuntimeError, "The expanded size of the tensor (-1) isn't allowed in a leading, "
        "non-existing dimension {dim}"),
    "expand_mismatch": (
        RuntimeError, "The expanded size of the tensor ({target}) must match the existing size "
        "({size}) at non-singleton dimension {dim}.  Target sizes: {sizes}.  Tensor sizes: "
        "{shape}"),
    "expand_negative": (
        RuntimeError, "The expanded size of the tensor ({target}) isn't allowed in a leading, "
        "non-existing dimension {dim}"),
    "narrow_0d": (RuntimeError, "narrow() cannot be applied to a 0-dim tensor."),
    "narrow_negative_length": (RuntimeError, "narrow(): length must be non-negative."),
    "narrow_start": (
        IndexError, "start out of range (expected to be in range of [{lo}, {hi}], but got "
        "{start})"),
    "narrow_exceeds": (
        RuntimeError, "start ({start}) + length ({length}) exceeds dimension size ({size})."),
    "select_0d": (IndexError, "select() cannot be applied to a 0-dim tensor."),
    "select_range": (
        IndexError, "select(): index {index} out of range for tensor of size {shape} at "
        "dimension {dim}"),
    "index_range": (
        IndexError, "index {index} is out of bounds for dimension {dim} with size {size}"),
    "slice_step": (RuntimeError, "slice step must be positive"),
    "permute_len": (
        RuntimeError, "permute(sparse_coo): number of dimensions in the tensor input does not "
        "match the length of the desired ordering of dimensions i.e. input.dim() = {ndim} is "
        "not equal to len(dims) = {ndims}"),
    "permute_dup": (RuntimeError, "permute(): duplicate dims are not allowed."),
    "t_ndim": (RuntimeError, "{name}() expects a tensor with <= 2 dimensions, but self is {ndim}D"),
    "mT_ndim": (
        RuntimeError, "tensor.mT is only supported on matrices or batches of matrices. Got "
        "{ndim}-D tensor."),
    "mH_ndim": (
        RuntimeError, "tensor.mH is only supported on matrices or batches of matrices. Got "
        "{ndim}-D tensor."),
    "adjoint_ndim": (
        RuntimeError, "tensor.adjoint() is only supported on matrices or batches of matrices. "
        "Got {ndim}-D tensor."),
    "movedim_len": (
        RuntimeError, "movedim: Invalid source or destination dims: source ({src} dims) should "
        "contain the same number of dims as destination ({dst} dims)"),
    "movedim_repeat_src": (RuntimeError, "movedim: repeated dim in `source` ({dims})"),
    "movedim_repeat_dst": (RuntimeError, "movedim: repeated dim in `destination` ({dims})"),
    "dim_repeat": (RuntimeError, "dim {dim} appears multiple times in the list of dims"),
    "diagonal_same": (RuntimeError, "diagonal dimensions cannot be identical {d1}, {d2}"),
    "split_0d": (RuntimeError, "split expects at least a 1-dimensional tensor"),
    "split_negative": (
        RuntimeError, "split expects split_size be non-negative, but got split_size={size}"),
    "split_zero": (
        RuntimeError, "split_size can only be 0 if dimension size is 0, but got dimension size "
        "of {size}"),
    "split_sizes_negative": (
        RuntimeError, "split_with_sizes expects split_sizes have only non-negative entries, but "
        "got split_sizes={sizes}"),
    "split_sizes_sum": (
        RuntimeError, "split_with_sizes expects split_sizes to sum exactly to {size} (input "
        "tensor's size at dimension {dim}), but got split_sizes={sizes}"),
    "chunk_0d": (RuntimeError, "chunk expects at least a 1-dimensional tensor"),
    "chunk_count": (
        RuntimeError, "chunk expects `chunks` to be greater than 0, got: {chunks}"),
    "tensor_split_0d": (
        RuntimeError, "tensor_split expected at least a 1-dimensional tensor, but got a tensor "
        "with 0 dims"),
    "tensor_split_sections": (
        RuntimeError, "number of sections must be larger than 0, got {sections}"),
    "xsplit_ndim": (
        RuntimeError, "torch.{name} requires a tensor with at least {need} dimension{s}, but got "
        "a tensor with {ndim} dimensions!"),
    "xsplit_divisible": (
        RuntimeError, "torch.{name} attempted to split along dimension {dim}, but the size of "
        "the dimension {size} is not divisible by the split_size {sections}!"),
    "flatten_order": (
        RuntimeError, "flatten() has invalid args: start_dim cannot come after end_dim"),
    "unflatten_empty": (RuntimeError, "unflatten: sizes must be non-empty"),
    "unflatten_mismatch": (
        RuntimeError, "unflatten: Provided sizes {sizes} don't multiply up to the size of dim "
        "{dim} ({size}) in the input tensor"),
    "unfold_size": (
        RuntimeError, "maximum size for tensor at dimension {dim} is {max} but size is {size}"),
    "unfold_step": (RuntimeError, "step is {step} but must be > 0"),
    "unfold_negative": (RuntimeError, "size is {size} but must be >= 0"),
    "view_dtype_0d": (
        RuntimeError, "self.dim() cannot be 0 to view {src} as {dst} (different element sizes)"),
    "view_dtype_stride": (
        RuntimeError, "self.stride(-1) must be 1 to view {src} as {dst} (different element "
        "sizes), but got {stride}"),
    "view_dtype_size": (
        RuntimeError, "self.size(-1) must be divisible by {ratio} to view {src} as {dst} "
        "(different element sizes), but got {size}"),
    "view_dtype_offset": (
        RuntimeError, "self.storage_offset() must be divisible by {ratio} to view {src} as "
        "{dst} (different element sizes), but got {offset}"),
    "view_dtype_strides": (
        RuntimeError, "self.stride({dim}) must be divisible by {ratio} to view {src} as {dst} "
        "(different element sizes), but got {stride}"),
    "view_dtype_conj": (
        RuntimeError, "torch.Tensor.view is not supported for conjugate view tensors when "
        "converting to a different dtype."),
    "view_dtype_neg": (
        RuntimeError, "torch.Tensor.view is not supported for tensors with negative bit set when "
        "converting to a different dtype."),
    "view_as_real_dtype": (RuntimeError, "view_as_real is only supported for complex tensors"),
    "view_as_real_conj": (
        RuntimeError, "view_as_real doesn't work on unresolved conjugated tensors.  To resolve "
        "the conjugate tensor so you can view it as real, use self.resolve_conj(); however, be "
        "warned that the resulting tensor will NOT alias the original."),
    "view_as_complex_dtype": (
        RuntimeError, "view_as_complex is only supported for half, float and double tensors, but "
        "got a tensor of scalar type: {dtype}"),
    "view_as_complex_ndim": (RuntimeError, "Input tensor must have one or more dimensions"),
    "view_as_complex_last": (RuntimeError, "Tensor must have a last dimension of size 2"),
    "view_as_complex_stride1": (RuntimeError, "Tensor must have a last dimension with stride 1"),
    "view_as_complex_stride2": (
        RuntimeError, "Tensor must have a stride divisible by 2 for all but last dimension"),
    "view_as_complex_offset": (RuntimeError, "Tensor must have a storage_offset divisible by 2"),
    "imag_real": (RuntimeError, "imag is not implemented for tensors with non-complex dtypes."),
    "item_numel": (
        RuntimeError, "a Tensor with {numel} elements cannot be converted to Scalar"),
    "sub_bool": (
        RuntimeError, "Subtraction, the `-` operator, with two bool tensors is not supported. "
        "Use the `^` or `logical_xor()` operator instead."),
    "sub_bool_scalar": (
        RuntimeError, "Subtraction, the `-` operator, with a bool tensor is not supported. If "
        "you are trying to invert a mask, use the `~` or `logical_not()` operator instead."),
    "broadcast": (
        RuntimeError, "The size of tensor a ({a}) must match the size of tensor b ({b}) at "
        "non-singleton dimension {dim}"),
    "copy_broadcast": (
        RuntimeError, "output with shape {out} doesn't match the broadcast shape {shape}"),
    "memory_format_rank": (
        RuntimeError, "required rank {rank} tensor to use {name} format"),
    "contiguous_preserve": (
        RuntimeError, "preserve memory format is unsupported by the contiguous operator"),
    "is_contiguous_preserve": (
        RuntimeError, "is_contiguous: unsupported memory format {name}"),
    "resize_view_storage": (
        RuntimeError, "Trying to resize storage that is not resizable"),
    "set_storage_offset": (RuntimeError, "Tensor: invalid storage offset {offset}"),
    "different_device": (
        RuntimeError, "Expected all tensors to be on the same device, but found at least two "
        "devices, {a} and {b}!"),
    "empty_strided_len": (
        RuntimeError, "mismatch in length of strides and shape"),
}


def fail(key: str, **fields: object) -> Exception:
    """Build the exception torch raises for the failure named `key`."""
    kind, template = MESSAGES[key]
    text = template.format(**{k: _list(v) if isinstance(v, (tuple, list)) else v
                              for k, v in fields.items()})
    return kind(text)
