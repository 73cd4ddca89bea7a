"""Every error the reference raises, with torch's exception type and wording, in two tables.

This module holds the errors of tensors themselves, views, writes and pointwise ops; those of
the op families with modules of their own (reductions, joins, products, scatters, gathers) are
in op_errors.py. Each failure has a short key; `fail(key, **fields)` builds its exception from
either table. Tuple and list fields print as torch prints int lists, `[2, 3]`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .op_errors import OP_MESSAGES

TENSOR_MESSAGES: dict[str, tuple[type[Exception], str]] = {
    # dims and shapes (c10 WrapDimUtils.h, ATen InferSize.h)
    "dim_out_of_range": (
        IndexError, "Dimension out of range (expected to be in range of [{lo}, {hi}], but got "
        "{dim})"),
    "no_dims": (IndexError, "Dimension specified as {dim} but tensor has no dimensions"),
    # torch's argument parser, and the dispatcher finding no Meta kernel for aten::is_set_to
    "is_set_to_argument": (
        TypeError, "is_set_to(): argument 'tensor' (position 1) must be Tensor, not {type}"),
    "is_set_to_meta": (
        NotImplementedError, "aten::is_set_to: attempted to run this operator with Meta tensors, "
        "but there was no fake impl or Meta kernel registered. You may have run into this "
        "message while using an operator with PT2 compilation APIs (torch.compile/"
        "torch.export); in order to use this operator with those APIs you'll need to add a "
        "fake impl. Please see the following for next steps:  "
        "https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html"),
    "dim_repeat": (RuntimeError, "dim {dim} appears multiple times in the list of dims"),
    "negative_dimension": (
        RuntimeError, "Trying to create tensor with negative dimension {size}: {shape}"),
    "shape_invalid": (RuntimeError, "shape '{shape}' is invalid for input of size {numel}"),
    "only_one_inferred": (RuntimeError, "only one dimension can be inferred"),
    "invalid_shape_dim": (
        RuntimeError, "invalid shape dimension {size} at index {index} of shape {shape}"),
    "ambiguous_inferred": (
        RuntimeError, "cannot reshape tensor of 0 elements into shape {shape} because the "
        "unspecified dimension size -1 can be any value and is ambiguous"),
    "numel_overflow": (RuntimeError, "numel: integer multiplication overflow"),
    "storage_size_overflow": (
        RuntimeError, "Storage size calculation overflowed with sizes={shape} and "
        "strides={strides}"),
    "storage_out_of_bounds": (
        RuntimeError, "setStorage: sizes {shape}, strides {strides}, storage offset {offset}, "
        "and itemsize {itemsize} requiring a storage size of {needed} are out of bounds for "
        "storage of size {have}"),
    "invalid_storage_offset": (RuntimeError, "Tensor: invalid storage offset {offset}"),
    "broadcast": (
        RuntimeError, "The size of tensor a ({a}) must match the size of tensor b ({b}) at "
        "non-singleton dimension {dim}"),
    "memory_format_rank": (
        RuntimeError, "required rank {rank} tensor to use {name} format"),
    # argument parsing (torch/csrc/utils/python_arg_parser.cpp)
    "view_no_args": (
        TypeError, "view() received an invalid combination of arguments - got (), but expected "
        "one of:"),
    "view_arguments": (TypeError, "view() {error}, but expected one of:"),
    "missing_argument": (
        TypeError, '{name}() missing 1 required positional arguments: "{arg}"'),
    "invalid_arguments": (
        TypeError, "received an invalid combination of arguments - got ({got})"),
    "squeeze_arguments": (
        TypeError, "squeeze() received an invalid combination of arguments - got ({got}), but "
        "expected one of:"),
    "extra_args": (
        TypeError, "{op}() takes {most} positional argument{plural} but {given} {verb} given"),
    "extra_args_range": (
        TypeError, "{op}() takes from {least} to {most} positional arguments but {given} were "
        "given"),
    "multiple_values": (TypeError, "{op}() got multiple values for argument '{name}'"),
    "argument_position_type": (
        TypeError, "{op}(): argument '{arg}' (position {pos}) must be {want}, not {type}"),
    "argument_keyword_type": (TypeError, "{op}(): argument '{arg}' must be {want}, not {type}"),
    "int_too_big": (OverflowError, "int too big to convert"),
    "not_a_dtype": (TypeError, "expected a dtype, got {got}"),
    "not_a_memory_format": (TypeError, "expected a memory_format, got {got}"),
    # devices (c10/core/Device.cpp)
    "device_arguments": (
        TypeError, "device() received an invalid combination of arguments - got ({got})"),
    "device_index_twice": (
        RuntimeError, "type (string) must not include an index because index was passed "
        "explicitly: {text}"),
    "device_index_negative": (RuntimeError, "Device index must not be negative"),
    "device_empty": (RuntimeError, "Device string must not be empty"),
    "invalid_device_string": (RuntimeError, "Invalid device string: '{text}'"),
    "unknown_device_type": (
        RuntimeError, "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, "
        "ve, fpga, maia, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at "
        "start of device string: {text}"),
    # c10/core/DeviceType.cpp, register_privateuse1_backend (torch.utils.rename_privateuse1_backend)
    "privateuse1_renamed": (
        RuntimeError, "torch.register_privateuse1_backend() has already been set! Current "
        "backend: {name}"),
    "different_device": (
        RuntimeError, "Expected all tensors to be on the same device, but found at least two "
        "devices, {a} and {b}!"),
    # factories
    "zeros_negative": (RuntimeError, "zeros: Dimension size must be non-negative."),
    "sequence_length": (
        ValueError, "expected sequence of length {expected} at dim 1 (got {got})"),
    "too_many_dimensions": (ValueError, "too many dimensions '{type}'"),
    "infer_dtype": (TypeError, "Could not infer dtype of {type}"),
    "arange_step_zero": (RuntimeError, "step must be nonzero"),
    "arange_bounds": (RuntimeError, "upper bound and lower bound inconsistent with step sign"),
    "empty_preserve": (RuntimeError, "unsupported memory format Preserve"),
    "empty_strided_len": (
        RuntimeError, "dimensionality of sizes ({sizes}) must match dimensionality of strides "
        "({strides})"),
    # views (ATen TensorShape.cpp)
    "as_strided_len": (RuntimeError, "mismatch in length of strides and shape"),
    "as_strided_negative_stride": (
        RuntimeError, "as_strided: Negative strides are not supported at the moment, got "
        "strides: {strides}"),
    "view_incompatible": (
        RuntimeError, "view size is not compatible with input tensor's size and stride (at "
        "least one dimension spans across two contiguous subspaces). Use .reshape(...) "
        "instead."),
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
    "narrow_0d": (RuntimeError, "narrow() cannot be applied to a 0-dim tensor."),
    "narrow_negative_length": (RuntimeError, "narrow(): length must be non-negative."),
    "narrow_start": (
        IndexError, "start out of range (expected to be in range of [{lo}, {hi}], but got "
        "{start})"),
    "narrow_start_tensor": (RuntimeError, "start must be an 0-dim integral Tensor."),
    "narrow_exceeds": (
        RuntimeError, "start ({start}) + length ({length}) exceeds dimension size ({size})."),
    "select_0d": (IndexError, "select() cannot be applied to a 0-dim tensor."),
    "select_range": (
        IndexError, "select(): index {index} out of range for tensor of size {shape} at "
        "dimension {dim}"),
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
    "H_ndim": (
        RuntimeError, "tensor.H is only supported on matrices (2-D tensors). Got {ndim}-D "
        "tensor.{hint}"),
    "adjoint_ndim": (
        RuntimeError, "tensor.adjoint() is only supported on matrices or batches of matrices. "
        "Got {ndim}-D tensor."),
    "movedim_len": (
        RuntimeError, "movedim: Invalid source or destination dims: source ({src} dims) should "
        "contain the same number of dims as destination ({dst} dims)"),
    "movedim_repeat_src": (RuntimeError, "movedim: repeated dim in `source` ({dims})"),
    "movedim_repeat_dst": (RuntimeError, "movedim: repeated dim in `destination` ({dims})"),
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
    "tensor_split_dtype": (
        RuntimeError, "tensor_split expected tensor_indices_or_sections to have dtype of long, "
        "but got {dtype}"),
    "tensor_split_ndim": (
        RuntimeError, "tensor_split expected tensor_indices_or_sections to be a "
        "zero-dimensional or one-dimensional tensor, but got a tensor with {ndim} dims"),
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
    "unflatten_error": (RuntimeError, "unflatten got an unexpected error:\n{error}"),
    "unfold_size": (
        RuntimeError, "maximum size for tensor at dimension {dim} is {max} but size is {size}"),
    "unfold_step": (RuntimeError, "step is {step} but must be > 0"),
    "unfold_negative": (RuntimeError, "size is {size} but must be >= 0"),
    # dtype views and complex views (ATen TensorConversions.cpp, ComplexHelper.h)
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
    # indexing (torch/csrc/autograd/python_variable_indexing.cpp)
    "too_many_indices": (IndexError, "too many indices for tensor of dimension {ndim}"),
    "index_range": (
        IndexError, "index {index} is out of bounds for dimension {dim} with size {size}"),
    # the same words from the index kernels, of an index tensor's element (IN_KERNEL)
    "index_tensor_range": (
        IndexError, "index {index} is out of bounds for dimension {dim} with size {size}"),
    "index_0d": (
        IndexError, "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
        "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number"),
    "index_type": (
        IndexError, "only integers, slices (`:`), ellipsis (`...`), None and long or byte "
        "Variables are valid indices (got {type})"),
    "index_str": (TypeError, "new(): invalid data type '{type}'"),
    "index_dtype": (
        IndexError, "tensors used as indices must be long, int, byte or bool tensors"),
    "slice_bound": (
        TypeError, "slice indices must be integers or None or have an __index__ method"),
    "slice_step_zero": (ValueError, "slice step cannot be zero"),
    "slice_step_negative": (ValueError, "step must be greater than zero"),
    "slice_0d": (IndexError, "slice() cannot be applied to a 0-dim tensor."),
    "assign_type": (TypeError, "can't assign a {type} to a {tensor}"),
    "delitem": (TypeError, "Tensor does not support deleting items"),
    "not_an_index": (
        TypeError, "only integer tensors of a single element can be converted to an index"),
    "len_0d": (TypeError, "len() of a 0-d tensor"),
    # values
    "meta_no_data": (NotImplementedError, "Cannot copy out of meta tensor; no data!"),
    "meta_item": (RuntimeError, "Tensor.item() cannot be called on meta tensors"),
    "item_numel": (
        RuntimeError, "a Tensor with {numel} elements cannot be converted to Scalar"),
    "value_overflow": (
        RuntimeError, "value cannot be converted to type {cpp_name} without overflow"),
    # in-place writes (ATen MemoryOverlap.cpp, TensorIterator.cpp, BinaryOps.cpp)
    "internal_overlap": (
        RuntimeError, "unsupported operation: more than one element of the written-to tensor "
        "refers to a single memory location. Please clone() the tensor before performing the "
        "operation."),
    "partial_overlap": (
        RuntimeError, "unsupported operation: some elements of the input tensor and the "
        "written-to tensor refer to a single memory location. Please clone() the tensor before "
        "performing the operation."),
    "copy_broadcast": (
        RuntimeError, "output with shape {out} doesn't match the broadcast shape {shape}"),
    "copy_src_type": (
        TypeError, "copy_(): argument 'src' (position 1) must be Tensor, not {type}"),
    "fill_ndim": (
        RuntimeError, "fill_ only supports 0-dimension value tensor but got tensor with {ndim} "
        "dimensions."),
    "cannot_cast": (
        RuntimeError, "result type {result} can't be cast to the desired output type {out}"),
    # BinaryOps.cpp ldexp_out, and the CPU loop of its own kernel given an out= of another
    # dtype than the input's (cpu/Loops.h cpu_kernel, as the 2.13 wheel words it)
    "ldexp_out_dtype": (RuntimeError, "ldexp can't be cast to the desired output type {dtype}"),
    "dynamic_casting": (
        RuntimeError, '!needs_dynamic_casting<func_t>::check(iter) INTERNAL ASSERT FAILED at '
        '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":311, please report a bug to '
        'PyTorch. '),
    "sub_bool": (
        RuntimeError, "Subtraction, the `-` operator, with two bool tensors is not supported. "
        "Use the `^` or `logical_xor()` operator instead."),
    "sub_bool_scalar": (
        RuntimeError, "Subtraction, the `-` operator, with a bool tensor is not supported. If "
        "you are trying to invert a mask, use the `~` or `logical_not()` operator instead."),
    "alpha_bool": (RuntimeError, "Boolean alpha only supported for Boolean results."),
    "alpha_float": (
        RuntimeError, "For integral input tensors, argument alpha must not be a floating point "
        "number."),
    "alpha_complex": (
        RuntimeError, "For non-complex input tensors, argument alpha must not be a complex "
        "number."),
    # pointwise ops (TensorIterator.cpp, UnaryOps.cpp, BinaryOps.cpp, the argument parser)
    "kernel_dtype": (NotImplementedError, '"{kernel}" not implemented for \'{type}\''),
    "neg_bool": (
        RuntimeError, "Negation, the `-` operator, on a bool tensor is not supported. If you "
        "are trying to invert a mask, use the `~` or `logical_not()` operator instead."),
    "positive_bool": (RuntimeError, "The `+` operator, on a bool tensor is not supported."),
    "abs_complex_inplace": (RuntimeError, "In-place abs is not supported for complex tensors."),
    "sign_complex": (
        NotImplementedError, "Unlike NumPy, torch.sign is not intended to support complex "
        "numbers. Please use torch.sgn instead."),
    "complex_unsupported": (NotImplementedError, "{op} is not supported for complex inputs"),
    "complex_not_implemented": (RuntimeError, "{op} not implemented for complex tensors."),
    "heaviside_complex": (RuntimeError, "heaviside is not yet implemented for complex tensors."),
    "heaviside_dtypes": (
        RuntimeError, "heaviside is not yet implemented for tensors with different dtypes."),
    "out_dtype": (RuntimeError, "Found dtype {out} but expected {common}"),
    "invert_float": (
        TypeError, "~ (operator.invert) is only implemented on integer and Boolean-type "
        "tensors"),
    "clamp_no_bounds": (
        RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None"),
    "clamp_complex": (NotImplementedError, "clamp is not supported for complex types"),
    # Activation.cpp relu and relu_ check the dtype before calling clamp_min
    "relu_bool": (RuntimeError, "Boolean inputs not supported for relu"),
    # Activation.cpp hardtanh_out, celu, gelu's get_gelutype_enum; torch/nn/functional.py
    # hardtanh checks its limits in Python
    "hardtanh_bool": (RuntimeError, "Bool inputs not supported for hardtanh"),
    "hardtanh_unsigned": (RuntimeError,
                          "cannot do hardtanh on an unsigned type with negative limits"),
    "hardtanh_limits": (ValueError, "min_val cannot be greater than max_val"),
    "celu_alpha_zero": (RuntimeError, "ZeroDivisionError: alpha cannot be 0 for CELU"),
    "gelu_approximate": (RuntimeError, "approximate argument must be either none or tanh."),
    "where_uint8": (
        UserWarning, "where received a uint8 condition tensor. This behavior is deprecated and "
        "will be removed in a future version of PyTorch. Use a boolean condition instead."),
    "where_condition": (
        RuntimeError, "where expected condition to be a boolean tensor, but got a tensor with "
        "dtype {dtype}"),
    "where_out_dtype": (RuntimeError, "Expected out type to be {want} but got {got}"),
    "masked_fill_mask": (
        RuntimeError, "masked_fill_ only supports boolean masks, but got mask with dtype "
        "{dtype}"),
    "masked_fill_value": (
        RuntimeError, "masked_fill_ only supports a 0-dimensional value tensor, but got tensor "
        "with {ndim} dimension(s)."),
    "masked_fill_expanded": (
        UserWarning, "Use of masked_fill_ on expanded tensors is deprecated. Please clone() "
        "the tensor before performing this operation. This also applies to advanced indexing "
        "e.g. tensor[mask] = scalar"),
    "argument_memory_format": (
        TypeError, "{op}(): argument 'memory_format' must be torch.memory_format, not {type}"),
    "addcdiv_integer": (
        RuntimeError, "Integer division with addcdiv is no longer supported, and in a future  "
        "release addcdiv will perform a true division of tensor1 and tensor2. The historic "
        "addcdiv behavior can be implemented as (input + value * torch.trunc(tensor1 / "
        "tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / "
        "tensor2) for float inputs. The future addcdiv behavior is just the latter "
        "implementation: (input + value * tensor1 / tensor2), for all dtypes."),
    "lerp_dtype": (RuntimeError, "expected dtype {want} for `{arg}` but got dtype {got}"),
    "zero_division": (RuntimeError, "ZeroDivisionError"),
    "int_negative_power": (
        RuntimeError, "Integers to negative integer powers are not allowed."),
    "rounding_mode": (
        RuntimeError, "div expected rounding_mode to be one of None, 'trunc', or 'floor' but "
        "found '{mode}'"),
    "size_type": (
        TypeError, "{op}(): argument 'size' (position 1) must be tuple of ints, not {type}"),
    "size_unpack": (
        TypeError, "{op}(): argument 'size' failed to unpack the object at pos {pos} with error "
        '"type must be tuple of ints,but got {type}"'),
    "unexpected_keyword": (TypeError, "{op}() got an unexpected keyword argument '{keyword}'"),
    "argument_type": (
        TypeError, "{op}(): argument '{arg}' (position {pos}) must be Tensor, not {type}"),
    "argument_overloads": (
        TypeError, "{op}() received an invalid combination of arguments - got ({type}), but "
        "expected one of:"),
    # the dtype check of a structured kernel's out= (and of torchgen's out= copies)
    "out_dtype_expected": (
        RuntimeError, "Expected out tensor to have dtype {want}, but got {got} instead"),
    "out_resized": (
        UserWarning, "An output with one or more elements was resized since it had shape "
        "{old}, which does not match the required output shape {new}. This behavior is "
        "deprecated, and in a future PyTorch release outputs will not be resized unless they "
        "have zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, "
        "to zero elements with t.resize_(0)."),
    # copies and storage (ATen TensorConversions.cpp, Resize.cpp, TensorShape.cpp set_)
    "contiguous_preserve": (
        RuntimeError, "preserve memory format is unsupported by the contiguous operator"),
    "resize_preserve": (RuntimeError, "Unsupported memory formatPreserve"),
    "set_dtype": (RuntimeError, "Could not set tensor of type {src} to a tensor of type {dst}"),
    "set_source_type": (
        TypeError, "set_(): argument 'source' must be Tensor or Storage, not {type}"),
    "set_stride_len": (
        RuntimeError, "unequal size length ({size}) and stride length ({stride})"),
    "set_device": (
        RuntimeError, 'Attempted to set the storage of a tensor on device "{dst}" to a storage '
        'on different device "{src}".  This is no longer allowed; the devices must match.'),
}

MESSAGES = TENSOR_MESSAGES | OP_MESSAGES
# the refusals torch makes inside a kernel, element by element as it visits each index, rather
# than before the kernel runs: on CUDA each is a device-side assert (CUDA_KERNEL_ASSERT in
# Indexing.cu's index_select kernels, ScatterGatherKernel.cu, IndexKernel.cu's index, take and
# index_fill kernels), which loses the device's context for the rest of the process
IN_KERNEL = frozenset({"index_out_of_range_self", "indices_out_of_data", "gather_range",
                       "take_range", "index_tensor_range",
                       "accumulate_range", "index_copy_range",  # accumulate.py
                       "unpool_index"})  # unpooling.py


def _list(xs: Sequence[object]) -> str:
    return "[" + ", ".join(str(x) for x in xs) + "]"


def warning(key: str, **fields: object) -> Warning:
    """Build the warning torch gives for the event named `key`."""
    found = fail(key, **fields)
    assert isinstance(found, Warning), key
    return found


def fail(key: str, **fields: object) -> Exception:
    """Build the exception torch raises for the failure named `key`."""
    kind, template = MESSAGES[key]
    text = template.format(**{k: _list(v) if isinstance(v, (tuple, list)) else v
                              for k, v in fields.items()})
    found = kind(text)
    if key in IN_KERNEL:
        found.in_kernel = True  # type: ignore[attr-defined]  # read by execute.StepResult
    return found
