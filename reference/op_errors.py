"""The errors of the op families with modules of their own, with torch's exception type and
wording: reductions, joins, products, scatters and gathers (advanced indexing included).

errors.py holds the rest (tensors, views, writes, pointwise ops) and builds every exception
from both tables (`errors.fail`); keys are unique across the two.
"""

from __future__ import annotations


class _LinAlgError(RuntimeError):
    """torch._C._LinAlgError: a LAPACK failure that depends on the input's values (a matrix a
    linalg op cannot factor: reference/linalg_solvers.py, linalg_decompositions.py)."""

    __module__ = "torch._C"


LinAlgError = _LinAlgError


OP_MESSAGES: dict[str, tuple[type[Exception], str]] = {
    # reductions (reference/reductions.py): keep this family's messages below this line
    "reduction_empty_dim": (
        IndexError, "{op}: Expected reduction dim {dim} to have non-zero size."),
    "reduction_empty_all": (
        RuntimeError, "{op}: Expected reduction dim to be specified for input.numel() == 0. "
        "Specify the reduction dim with the 'dim' argument."),
    "argmax_empty_all": (
        IndexError, "{op}(): Expected reduction dim to be specified for input.numel() == 0."),
    "argmax_complex": (RuntimeError, "{op}(): does not support complex input"),
    "argmax_bool": (RuntimeError, "{op}(): does not support bool input"),
    "mean_dtype": (
        RuntimeError, "mean(): could not infer output dtype. {what} dtype must be either a "
        "floating point or complex dtype. Got: {dtype}"),
    "amax_out_dtype": (
        RuntimeError, "Expected the dtype for input and out to match, but got {input} for "
        "input's dtype and {out} for out's dtype."),
    "allany_out_dtype": (
        RuntimeError, "{op} only supports bool tensor for result, got: {dtype}"),
    "max_out_cast": (
        RuntimeError, "Expected canCast( typeMetaToScalarType(self.dtype()), "
        "typeMetaToScalarType(out.dtype())) to be true, but got false.  (Could this error "
        "message be improved?  If so, please report an enhancement request to PyTorch.)"),
    "argument_int": (
        TypeError, "{op}(): argument '{arg}' (position {pos}) must be int, not {type}"),
    "missing_dim": (TypeError, '{op}() missing 1 required positional arguments: "dim"'),
    "mean_out_cast": (
        RuntimeError, "mean.dtype_out(): input types can't be cast to the desired output type "
        "{dtype}"),
    # joins (reference/joins.py): keep this family's messages below this line
    "join_tensors_type": (
        TypeError, "{op}(): argument 'tensors'{position} must be tuple of Tensors, not {type}"),
    "join_tensors_element": (
        TypeError, "expected Tensor as element {index} in argument 0, but got {type}"),
    "join_int_argument": (
        TypeError, "{op}(): argument '{arg}'{position} must be int, not {type}"),
    "join_multiple_values": (TypeError, "{op}() got multiple values for argument '{name}'"),
    "join_int_overflow": (ValueError, "Overflow when unpacking long long"),
    "join_out_type": (TypeError, "{op}(): argument 'out' must be Tensor, not {type}"),
    "join_unexpected_keyword": (TypeError, "{op}() got an unexpected keyword argument '{name}'"),
    "join_positional": (
        TypeError, "{op}() takes from 1 to {most} positional arguments but {given} were given"),
    "join_positional_one": (
        TypeError, "{op}() takes 1 positional argument but {given} were given"),
    "join_empty": (RuntimeError, "{op} expects a non-empty TensorList"),
    "cat_empty": (ValueError, "torch.cat(): expected a non-empty list of Tensors"),
    "cat_device": (RuntimeError, "Tensor on device {got} is not on the expected device {want}!"),
    "cat_out_device": (
        RuntimeError, "Attempting to copy from device {src} to device {dst}, but cross-device "
        "copies are not allowed!"),
    "cat_zero_dim": (
        RuntimeError, "zero-dimensional tensor (at position {pos}) cannot be concatenated"),
    "cat_ndim": (RuntimeError, "Tensors must have same number of dimensions: got {a} and {b}"),
    "cat_sizes": (
        RuntimeError, "Sizes of tensors must match except in dimension {dim}. Expected size {a} "
        "but got size {b} for tensor number {index} in the list."),
    "cat_out_cast": (
        TypeError, "torch.cat(): input types can't be cast to the desired output type {dtype}"),
    "stack_sizes": (
        RuntimeError, "stack expects each tensor to be equal size, but got {a} at entry 0 and "
        "{b} at entry {index}"),
    # products (reference/products.py): keep this family's messages below this line
    # LinearAlgebra.cpp mm / bmm meta, addmm_impl_cpu_, bmm_out_or_baddbmm_, _matmul_impl
    "mm_self_matrix": (RuntimeError, "self must be a matrix"),
    "mm_mat2_matrix": (RuntimeError, "mat2 must be a matrix"),
    "mm_shapes": (
        RuntimeError, "mat1 and mat2 shapes cannot be multiplied ({m}x{k} and {k2}x{n})"),
    "mm_dtypes": (
        RuntimeError, "expected m1 and m2 to have the same dtype, but got: {a} != {b}"),
    "addmm_matrix": (RuntimeError, "{name} must be a matrix, got {ndim}-D tensor"),
    "addmm_dtypes": (
        RuntimeError, "{a_name} and {b_name} must have the same dtype, but got {a} and {b}"),
    "inplace_output_size": (
        RuntimeError, "Bad in-place call: input tensor size {input} and output tensor size "
        "{output} should match"),
    # an overload the model does not cover (never drawn by the strategies)
    "not_modelled": (NotImplementedError, "the model has no {what}"),
    # Linear.cpp linear
    "linear_0d": (
        RuntimeError, "both arguments to linear need to be at least 1D, but they are {a}D and "
        "{b}D"),
    "bmm_3d": (RuntimeError, "{name} must be a 3D tensor"),
    "bmm_sizes": (
        RuntimeError, "Expected size for first two dimensions of batch2 tensor to be: {want} "
        "but got: {got}."),
    "scalar_type": (RuntimeError, "expected scalar type {want} but found {got}"),
    "matmul_0d": (
        RuntimeError, "both arguments to matmul need to be at least 1D, but they are {a}D and "
        "{b}D"),
    # torchgen's resize_out of structured kernels, and the argument parser's out=
    "product_out_type": (TypeError, "{op}(): argument 'out' must be Tensor, not {type}"),
    # Blas.cpp addmv meta, dot_check, dot_out
    "addmv_ranks": (RuntimeError, "vector + matrix @ vector expected, got {a}, {b}, {c}"),
    "addmv_sizes": (
        RuntimeError, "size mismatch, got input ({input}), mat ({m}x{k}), vec ({vec})"),
    "addmv_dtypes": (
        RuntimeError, "addmv input tensors must have the same dtype, but got {a}, {b}, and {c}"),
    "dot_ranks": (RuntimeError, "1D tensors expected, but got {a}D and {b}D tensors"),
    "dot_dtypes": (
        RuntimeError, "dot : expected both vectors to have same dtype, but found {a} and {b}"),
    "dot_sizes": (
        RuntimeError, "inconsistent tensor size, expected tensor [{a}] and src [{b}] to have the "
        "same number of elements, but got {a} and {b} elements respectively"),
    "dot_out_dtype": (RuntimeError, "result dtype {out} does not match input dtype {dtype}"),
    # scatters (reference/scatters.py): keep this family's messages below this line
    "scatter_src_size": (
        RuntimeError, "expected src to have a size equal to the slice of self. src size = {src}, "
        "slice size = {slice}"),
    "out_tensor_device": (
        RuntimeError, "Expected out tensor to have device {want}, but got {got} instead"),
    "copy_out_count": (
        RuntimeError, "{op} expected an out= argument of size {want}, got size {got}"),
    "narrow_copy_dtype": (
        RuntimeError, "Expected self.dtype() == output.dtype() to be true, but got false.  "
        "(Could this error message be improved?  If so, please report an enhancement request "
        "to PyTorch.)"),
    "narrow_copy_dim": (
        RuntimeError, "Expected dim < static_cast<int64_t>(self_sizes.size()) to be true, but "
        "got false.  (Could this error message be improved?  If so, please report an "
        "enhancement request to PyTorch.)"),
    # worded as "not_modelled" is, so that no target is compared on it
    "narrow_copy_past_storage": (
        NotImplementedError, "the model has no rule for narrow_copy(out=...) writing past the "
        "end of out's storage, which torch does without a check"),
    # gathers (gathers.py, advanced_indexing.py): keep this family's messages below this line
    # index_select, gather, take (TensorAdvancedIndexing.cpp, ScatterGatherKernel.cpp)
    "index_select_vector": (IndexError, "index_select(): Index is supposed to be a vector"),
    "index_select_dtype": (
        RuntimeError, "index_select(): Expected dtype int32 or int64 for index"),
    "index_select_out_dtype": (
        RuntimeError, "index_select(): self and result must have the same scalar type"),
    "index_select_scalar": (
        RuntimeError, "index_select(): Index to scalar can have only 1 value, got {n} value(s)"),
    "index_select_axis": (
        RuntimeError, "index_select(): self indexing axis dim should be positive"),
    "index_out_of_range_self": (IndexError, "index out of range in self"),
    # mul_kernel's reduced-float path removes the scalar operand from index_reduce's shared
    # iterator (docs/torch-bugs.md)
    "index_reduce_prod_iterator": (
        RuntimeError, 'iter.ninputs() == traits::arity INTERNAL ASSERT FAILED at '
        '"/__w/pytorch/pytorch/aten/src/ATen/native/cpu/Loops.h":351, please report a bug to '
        'PyTorch. '),
    "indices_out_of_data": (
        RuntimeError, "INDICES element is out of DATA bounds, id={id} axis_dim={size}"),
    "gather_dtype": (RuntimeError, "gather(): Expected dtype int32/int64 for index"),
    "gather_ndim": (
        RuntimeError, "Index tensor must have the same number of dimensions as input tensor"),
    "gather_size": (
        RuntimeError, "Size does not match at dimension {dim_at} expected index {index} to be "
        "no larger than self {self} apart from dimension {dim}"),
    "gather_range": (
        RuntimeError, "index {index} is out of bounds for dimension {dim} with size {size}"),
    "take_dtype": (RuntimeError, "take(): Expected a long tensor for index, but got {dtype}"),
    "take_out_dtype": (
        RuntimeError, "take(): self and out expected to have the same dtype, but got "
        "self.dtype = {a} and out.dtype = {b}"),
    "take_empty": (IndexError, "take(): tried to take from an empty tensor"),
    "take_range": (
        IndexError, "out of range: tried to access index {index} on a tensor of {numel} "
        "elements."),
    # masked_select, nonzero; torch's meta device has no kernel for either
    "masked_select_mask": (RuntimeError, "masked_select: expected BoolTensor for mask"),
    "masked_select_out_dtype": (
        RuntimeError, "masked_select(): self and result must have the same scalar type"),
    "masked_select_meta": (
        NotImplementedError, "aten::masked_select: attempted to run this operator with Meta "
        "tensors, but there was no fake impl or Meta kernel registered. You may have run into "
        "this message while using an operator with PT2 compilation APIs (torch.compile/"
        "torch.export); in order to use this operator with those APIs you'll need to add a "
        "fake impl. Please see the following for next steps:  "
        "https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html"),
    "nonzero_tuple_out": (
        RuntimeError, "nonzero does not support the out kwarg when as_tuple is True"),
    "nonzero_out_dtype": (
        RuntimeError, "nonzero: Expected out tensor to have scalar type Long but got scalar "
        "type{dtype}"),
    "nonzero_meta": (
        NotImplementedError, "The register_meta function for torch.nonzero() raises "
        "unimplemented by default, as a correct data-independent implementation does not "
        "exist. This implementation returns a fake value, assuming all elements of the tensor "
        "are non-zero. To enable this registration, please set "
        "'torch.fx.experimental._config.meta_nonzero_assume_all_nonzero' to True."),
    # index_fill_
    "index_fill_value": (
        RuntimeError, "index_fill_ only supports a 0-dimensional value tensor, but got tensor "
        "with {ndim} dimension(s)."),
    "index_fill_dtype": (IndexError, "index_fill_(): Expected dtype int64 for index."),
    "index_fill_expanded": (
        UserWarning, "Use of index_fill_ on expanded tensors is deprecated. Please clone() the "
        "tensor before performing this operation. This also applies to advanced indexing e.g. "
        "tensor[mask] = scalar"),
    "index_fill_complex": (
        RuntimeError, "index_fill_(): Converting complex Scalar to non-complex type is not "
        "supported"),
    "index_fill_vector": (RuntimeError, "Index has to be a vector/scalar"),
    # aten::index, index_put_ (TensorAdvancedIndexingUtils.h make_info, IndexingUtils.h)
    "index_uint8": (
        UserWarning, "indexing with dtype torch.uint8 is now deprecated, please use a dtype "
        "torch.bool instead."),
    "index_mask_shape": (
        IndexError, "The shape of the mask {mask} at index {j} does not match the shape of the "
        "indexed tensor {shape} at index {at}"),
    "index_broadcast": (
        IndexError, "shape mismatch: indexing tensors could not be broadcast together with "
        "shapes {shapes}"),
    "index_empty_dim": (IndexError, "index is out of bounds for dimension with size 0"),
    "index_put_too_many": (
        IndexError, "too many indices for tensor of dimension {ndim} (got {n})"),
    "index_put_expanded": (
        UserWarning, "Use of index_put_ on expanded tensors is deprecated. Please clone() the "
        "tensor before performing this operation. This also applies to advanced indexing e.g. "
        "tensor[indices] = tensor"),
    "index_put_shape": (
        RuntimeError, "shape mismatch: value tensor of shape {value} cannot be broadcast to "
        "indexing result of shape {shape}"),
    "index_put_dtype": (
        RuntimeError, "Index put requires the source and destination dtypes match, got {dst} "
        "for the destination and {src} for the source."),
    "index_put_indices_type": (
        TypeError, "{op}(): argument 'indices' (position {pos}) must be tuple of Tensors, not "
        "{type}"),
    "index_put_element": (
        TypeError, "expected Tensor as element {i} in argument {arg}, but got {type}"),
    # Python indexing (python_variable_indexing.cpp, tensor_new.cpp)
    "index_sequence": (
        UserWarning, "Using a non-tuple sequence for multidimensional indexing is deprecated "
        "and will be changed in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch "
        "2.9 this will be interpreted as tensor index, x[torch.tensor(seq)], which will result "
        "either in an error or a different result"),
    "index_complex": (TypeError, "'complex' object cannot be interpreted as an integer"),
    # normalization (reference/normalization.py): keep this family's messages below this line
    # torch.nn.functional._get_softmax_dim
    "softmax_implicit_dim": (
        UserWarning, "Implicit dimension choice for {op} has been deprecated. Change the call "
        "to include dim=X as an argument."),
    # layer_norm.h _check_layer_norm_inputs, mixed_data_type.h check_mixed_data_type
    "layer_norm_empty_shape": (
        RuntimeError, "Expected normalized_shape to be at least 1-dimensional, i.e., "
        "containing at least one element, but got normalized_shape = {shape}"),
    "layer_norm_param_shape": (
        RuntimeError, "Expected {name} to be of same shape as normalized_shape, but got {name} "
        "of shape {got} and normalized_shape = {shape}"),
    "layer_norm_input_shape": (
        RuntimeError, "Given normalized_shape={shape}, expected input with shape {star}, but "
        "got input of size{got}"),
    "mixed_dtype_parameter": (
        RuntimeError, "mixed dtype (CPU): expect parameter to have scalar type of Float"),
    "mixed_dtype_inputs": (RuntimeError, "mixed dtype (CPU): all inputs must share same datatype."),
    # pooling (reference/pooling.py): keep this family's messages below this line
    # AveragePool2d.cpp, DilatedMaxPool2d.cpp meta functions; Pool.h pooling_output_shape,
    # pool2d_shape_check
    "pool_kernel_rank": (
        RuntimeError, "{op}: kernel_size must either be a single int, or a tuple of two ints"),
    "pool_stride_rank": (
        RuntimeError, "{op}: stride must either be omitted, a single int, or a tuple of two "
        "ints"),
    "pool_padding_rank": (
        RuntimeError, "{op}: padding must either be a single int, or a tuple of two ints"),
    "pool_dilation_rank": (
        RuntimeError, "{op}: dilation must be either a single int, or a tuple of two ints"),
    "divisor_zero": (RuntimeError, "divisor must be not zero"),
    "max_pool2d_ndim": (RuntimeError, "non-empty 3D or 4D (batch mode) tensor expected for input"),
    "pool_stride_zero": (RuntimeError, "stride should not be zero"),
    "pool_pad_negative": (RuntimeError, "pad must be non-negative, but got pad: {pad}"),
    "pool_pad_effective": (
        RuntimeError, "pad should be at most half of effective kernel size, but got pad={pad}, "
        "kernel_size={kernel} and dilation={dilation}"),
    "pool_kernel_positive": (
        RuntimeError, "kernel size should be greater than zero, but got kH: {kh} kW: {kw}"),
    "pool_stride_positive": (
        RuntimeError, "stride should be greater than zero, but got dH: {dh} dW: {dw}"),
    "pool_dilation_positive": (
        RuntimeError, "dilation should be greater than zero, but got dilationH: {h} dilationW: "
        "{w}"),
    "pool2d_input_dims": (
        RuntimeError, "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for "
        "input, but got:{sizes}"),
    "pool_pad_kernel": (
        RuntimeError, "pad should be smaller than or equal to half of kernel size, but got "
        "padW = {pw}, padH = {ph}, kW = {kw}, kH = {kh}"),
    "pool_output_small": (
        RuntimeError, "Given input size: ({c}x{h}x{w}). Calculated output size: ({c}x{oh}x{ow})."
        " Output size is too small"),
    # Pooling.cpp avg_pool1d, max_pool1d_with_indices (checkDimRange, check1d)
    "pool1d_dim_range": (
        RuntimeError, "Expected 2 to 3 dimensions, but got {ndim}-dimensional tensor for "
        "argument #1 'self' (while checking arguments for {op})"),
    "pool1d_one_int": (
        RuntimeError, "{op}() argument '{name}' should contain one int (got {n})"),
    # Pooling.cpp max_pool1d, MaxPooling.h check_max_pool1d
    "max_pool1d_input": (
        RuntimeError, "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim "
        "batch size for input, but got:{sizes}"),
    "max_pool1d_list_size": (
        RuntimeError, "max_pool1d() {name} must be {forms} of size 1 but got size {n}"),
    "max_pool1d_positive": (
        RuntimeError, "max_pool1d() {name} must be greater than zero, but got {value}"),
    "max_pool1d_padding_negative": (
        RuntimeError, "max_pool1d() padding must be non-negative, but got {value}"),
    "max_pool1d_padding_half": (
        RuntimeError, "max_pool1d() padding should be at most half of kernel size, but got "
        "padding={p} and kernel_size={k}"),
    "max_pool1d_output": (RuntimeError, "max_pool1d() Invalid computed output size: {size}"),
    # python_arg_parser.cpp, an int list argument
    "pool_int_list": (
        TypeError, "{op}(): argument '{arg}'{where} must be tuple of ints, not {type}"),
    "pool_int_list_element": (
        TypeError, "{op}(): argument '{arg}'{where} must be tuple of ints, but found element of "
        "type {type} at pos 0"),
    "pool_int_list_unpack": (
        TypeError, "{op}(): argument '{arg}' failed to unpack the object at pos {pos} with error "
        "\"type must be tuple of ints,but got {type}\""),
    # pooling, 3-d and adaptive (reference/pooling3d.py, pooling_adaptive.py): keep this
    # family's messages below this line
    # DilatedMaxPool3d.cpp, AveragePool3d.cpp; Pool.h pool3d_shape_check
    "max_pool3d_kernel_rank": (
        RuntimeError, "max_pool3d: kernel_size must either be a single int, or a tuple of three "
        "ints"),
    "max_pool3d_stride_rank": (
        RuntimeError, "max_pool3d: stride must either be omitted, a single int, or a tuple of "
        "three ints"),
    "max_pool3d_padding_rank": (
        RuntimeError, "max_pool3d: padding must either be a single int, or a tuple of three ints"),
    "max_pool3d_dilation_rank": (
        RuntimeError, "max_pool3d: dilation must be either a single int, or a tuple of three "
        "ints"),
    "avg_pool3d_kernel_rank": (
        RuntimeError, "avg_pool3d: kernel_size must be a single int, or a tuple of three ints"),
    "avg_pool3d_stride_rank": (
        RuntimeError, "avg_pool3d: stride must be omitted, a single int, or a tuple of three "
        "ints"),
    "avg_pool3d_padding_rank": (
        RuntimeError, "avg_pool3d: padding must be a single int, or a tuple of three ints"),
    "max_pool3d_channels_last_rank": (
        RuntimeError, "non-empty 5D (batch mode) tensor expected for input with "
        "channels_last_3d layout"),
    "pool3d_ndim": (RuntimeError, "non-empty 4D or 5D (batch mode) tensor expected for input"),
    "pool3d_memory_format": (
        RuntimeError, "Unsupported memory format. Supports only ChannelsLast3d, Contiguous"),
    "pool3d_kernel_positive": (
        RuntimeError, "kernel size should be greater than zero, but got kT: {t} kH: {h} kW: {w}"),
    "pool3d_stride_positive": (
        RuntimeError, "stride should be greater than zero, but got dT: {t} dH: {h} dW: {w}"),
    "pool3d_dilation_positive": (
        RuntimeError, "dilation should be greater than zero, but got dilationT: {t} dilationH: "
        "{h} dilationW: {w}"),
    "pool3d_input_rank": (
        RuntimeError, "{fn}: Expected 4D or 5D tensor for input, but got: {sizes}"),
    "pool3d_input_empty": (
        RuntimeError, "{fn}: Expected input's non-batch dimensions to have positive length, but "
        "input has a shape of {sizes} and non-batch dimension {n} has length zero!"),
    "pool3d_kernel_fits": (
        RuntimeError, "input image (T: {it} H: {ih} W: {iw}) smaller than kernel size (kT: {kt} "
        "kH: {kh} kW: {kw})"),
    "pool3d_pad_kernel": (
        RuntimeError, "pad should be smaller than or equal to half of kernel size, but got kT: "
        "{kt} kW: {kw} kH: {kh} padT: {pt} padW: {pw} padH: {ph}"),
    "pool3d_output_small": (
        RuntimeError, "Given input size: ({c}x{i}). Calculated output size: ({c}x{o}). Output "
        "size is too small"),
    # AdaptiveAveragePooling.cpp, AdaptiveAveragePooling3d.cpp, AdaptiveMaxPooling2d.cpp
    "adaptive_output_rank": (RuntimeError, "{op}: output_size must be {n}"),
    "adaptive_output_negative": (
        RuntimeError, "{op}: elements of output_size must be greater than or equal to 0 but "
        "received {{{sizes}}}"),
    "adaptive_input_rank": (RuntimeError, "{op}(): Expected {ranks} tensor, but got{sep}{sizes}"),
    "adaptive_input_empty": (
        RuntimeError, "{op}(): Expected input to have non-zero size for non-batch dimensions, "
        "but input has sizes {sizes} with dimension {dim} being empty"),
    "adaptive_max_output_rank": (
        RuntimeError, "adaptive_max_pool2d(): internal error: output_size.size() must be 2"),
    "adaptive_min_rank": (ValueError, "Input dimension should be at least {n}"),
    "no_len": (TypeError, "object of type '{type}' has no len()"),
    # fft (reference/fft.py): keep this family's messages below this line
    # SpectralOps.cpp promote_type_fft, fft_r2c, fft_c2r, *_maybe_out, norm_from_string,
    # canonicalize_fft_shape_and_dim_args, fft_rfftn_impl, canonicalize_fft_c2r_shape_and_dim_args
    "fft_unsupported_dtype": (RuntimeError, "Unsupported dtype {type}"),
    "fft_points": (RuntimeError, "Invalid number of data points ({n}) specified"),
    "fft_out_complex": (
        RuntimeError, "{op} expects a complex output tensor, but got {type}"),
    "fft_out_floating": (
        RuntimeError, "{op} expects a floating point output tensor, but got {type}"),
    "fft_norm": (RuntimeError, 'Invalid normalization mode: "{norm}"'),
    "fft_real_input": (RuntimeError, "{op} expects a real input tensor, but got {type}"),
    "fft_real_valued_input": (
        RuntimeError, "{op} expects a real-valued input tensor, but got {type}"),
    "fft_no_axis": (RuntimeError, "{op} must transform at least one axis"),
    "fft_dims_unique": (RuntimeError, "FFT dims must be unique"),
    "fft_dim_shape_length": (
        RuntimeError, "When given, dim and shape arguments must have the same length"),
    "fft_shape_rank": (
        RuntimeError, "Got shape with {n} values but input tensor only has {ndim} dimensions."),
    # mkl/SpectralOps.cpp _plan_mkl_fft, and MKL's own refusal of a batch of no transforms
    "fft_mkl_dtype": (RuntimeError, "MKL FFT doesn't support tensors of type: {type}"),
    "fft_mkl_empty": (
        RuntimeError, "MKL FFT error: Intel oneMKL DFTI ERROR: Inconsistent configuration "
        "parameters"),
    # convolution (reference/convolution.py): keep this family's messages below this line
    # Convolution.cpp conv2d, batchify, _convolution, check_shape_forward, convolution_same
    "conv_bias_dtype": (
        RuntimeError, "Input type ({input}) and bias type ({bias}) should be the same"),
    "conv_input_rank": (
        RuntimeError, "Expected {unbatched}D (unbatched) or {batched}D (batched) input to {op}, "
        "but got input of size: {shape}"),
    "conv_weight_rank": (RuntimeError, "weight should have at least three dimensions"),
    "conv_non_positive": (RuntimeError, "non-positive {name} is not supported"),
    "conv_negative": (RuntimeError, "negative {name} is not supported"),
    "conv_negative_dilation": (RuntimeError, "dilation should be greater than zero"),
    "conv_param_length": (
        RuntimeError, "expected {name} to be a single integer value or a list of {dim} values to "
        "match the convolution dimensions, but got {name}={values}"),
    "conv_weight_input_rank": (
        RuntimeError, "Expected {k}-dimensional input for {k}-dimensional weight{sep}{weight}, "
        "but got {n}-dimensional input of size {shape} instead"),
    "conv_groups_weight": (
        RuntimeError, "Given groups={groups}, expected weight to be at least {groups} at "
        "dimension 0, but got weight of size {weight} instead"),
    "conv_groups_divisible": (
        RuntimeError, "Given groups={groups}, expected weight to be divisible by {groups} at "
        "dimension 0, but got weight of size [{weight}] instead"),
    "conv_channels": (
        RuntimeError, "Given groups={groups}, weight of size {weight}, expected input{input} to "
        "have {want} channels, but got {got} channels instead"),
    "conv_bias_shape": (
        RuntimeError, "Given weight of size {weight}, expected bias to be 1-dimensional with "
        "{want} elements, but got bias of size {bias} instead"),
    "conv_kernel_size": (
        RuntimeError, "Calculated padded input size per channel: ({padded}). Kernel size: "
        "({kernel}). Kernel size can't be greater than actual input size"),
    "conv_transposed_channels": (
        RuntimeError, "Given transposed=1, weight of size {weight}, expected input{input} to "
        "have {want} channels, but got {got} channels instead"),
    "conv_transposed_bias": (
        RuntimeError, "Given transposed=1, weight of size {weight}, expected bias to be "
        "1-dimensional with {want} elements, but got bias of size {bias} instead"),
    "conv_empty_input": (
        RuntimeError, "Only zero batch or zero channel inputs are supported, but got input "
        "shape: {shape}"),
    "conv_same_broadcast": (RuntimeError, "{name} cannot broadcast to {dim} dimensions"),
    "conv_same_stride": (
        RuntimeError, "padding='same' is not supported for strided convolutions"),
    "conv_padding_string": (RuntimeError, "Invalid padding string: '{padding}'"),
    "conv_same_even": (
        UserWarning, "Using padding='same' with even kernel lengths and odd dilation may require "
        "a zero-padded copy of the input be created"),
    "conv_rank_unsupported": (
        NotImplementedError, "the model covers 1-d, 2-d and 3-d convolutions, not {dim}-d"),
    # the backends' own checks: Convolution.cpp check_input_same_type_as_parameters (oneDNN),
    # mkldnn/Conv.cpp and oneDNN's refusals, the slow kernels' shape checks and data_ptr
    "conv_mkldnn_type": (
        RuntimeError, "Input type ({input}) and {name} type ({other}) should be the same or "
        "input should be a MKLDNN tensor and {name} is a dense tensor"),
    "mkldnn_transposed_dilation": (
        RuntimeError, "could not create a primitive descriptor for the deconvolution forward "
        "propagation primitive. Run workload with environment variable ONEDNN_VERBOSE=all to "
        "get additional diagnostic information."),
    "mkldnn_format_tag": (
        RuntimeError, "could not construct a memory descriptor using a format tag"),
    "conv_dilated_dilation": (
        RuntimeError, "dilation should be greater than zero, but got {dilation}"),
    "conv_transposed_dilation": (
        RuntimeError, "dilation should be greater than zero, but got dilation_height: {dh}, "
        "dilation_width: {dw}"),
    "conv_output_padding": (
        RuntimeError, "output padding must be smaller than either stride or dilation, but got "
        "output_padding_height: {oph} output_padding_width: {opw} stride_height: {sh} "
        "stride_width: {sw} dilation_height: {dh} dilation_width: {dw}"),
    "conv_output_too_small": (
        RuntimeError, "Given input size per channel: ({input}). Calculated output size per "
        "channel: ({output}). Output size is too small"),
    # linalg (reference/linalg.py): keep this family's messages below this line
    # LinearAlgebraUtils.h checkIsMatrix, checkFloatingOrComplex; BatchLinearAlgebra.cpp
    "linalg_matrix": (RuntimeError, "{op}: The input tensor A must have at least 2 dimensions."),
    "linalg_floating": (
        RuntimeError, "{op}: Expected a floating point or complex tensor as input. Got {type}"),
    "qr_mode": (
        RuntimeError, "qr received unrecognized mode '{mode}' but expected one of 'reduced' "
        "(default), 'r', or 'complete'"),
    # linalg solvers (reference/linalg_solvers.py): keep this family's messages below this line
    # LinearAlgebraUtils.h squareCheckInputs, checkInputsSolver; BatchLinearAlgebra.cpp
    # _linalg_solve_ex meta, _linalg_check_errors
    "linalg_rank": (
        RuntimeError, "{op}: The input tensor {arg} must have at least 2 dimensions."),
    "linalg_square_matrices": (
        RuntimeError, "{op}: {arg} must be batches of square matrices, but they are {m} by {n} "
        "matrices"),
    "linalg_low_precision": (RuntimeError, "{op}: Low precision dtypes not supported. Got {type}"),
    "linalg_solve_dtypes": (
        RuntimeError, "linalg.solve: Expected A and B to have the same dtype, but found A of "
        "type {a} and B of type {b} instead"),
    "linalg_solve_shapes": (
        RuntimeError, "linalg.solve: Incompatible shapes of A and B for the equation {eq} "
        "({am}x{an} and {bm}x{bn})"),
    "linalg_solve_vector_right": (
        RuntimeError, "linalg.solve: Vector broadcasting of the left hand side is not supported "
        "for left=False. In this case linalg.solve is equivalent to B / A.squeeze(-1)"),
    "linalg_singular_inverse": (
        LinAlgError, "{api}: {batch}The diagonal element {index} is zero, the inversion could "
        "not be completed because the input matrix is singular."),
    "linalg_singular_solve": (
        LinAlgError, "{api}: {batch}The solver failed because the input matrix is singular."),
    # linalg decompositions (reference/linalg_decompositions.py): keep this family's messages
    # below this line; LinearAlgebraUtils.h squareCheckInputs, checkUplo,
    # _linalg_check_errors; BatchLinearAlgebra.cpp linalg_eig_out; c10 toComplexType
    "linalg_square": (
        RuntimeError, "{op}: A must be batches of square matrices, but they are {m} by {n} "
        "matrices"),
    "linalg_uplo": (RuntimeError, "Expected UPLO argument to be 'L' or 'U', but got {uplo}"),
    "linalg_complex_type": (RuntimeError, "Unknown Complex ScalarType for {type}"),
    "linalg_eig_finite": (
        RuntimeError, "torch.linalg.eig: input tensor should not contain infs or NaNs."),
    "linalg_svd_driver": (
        RuntimeError, "torch.linalg.svd: keyword argument `driver=` is only supported on CUDA "
        "inputs with cuSOLVER backend."),
    "linalg_svd_nonfinite": (
        LinAlgError, "{op}: {batch}The algorithm failed to converge because the input matrix "
        "contained non-finite values."),
    "linalg_not_pd": (
        LinAlgError, "{op}: {batch}The factorization could not be completed because the input "
        "is not positive-definite (the leading minor of order {order} is not "
        "positive-definite)."),
    "complex_half_experimental": (
        UserWarning, "ComplexHalf support is experimental and many operators don't support it "
        "yet."),
    # sorting (reference/sorting.py): keep this family's messages below this line
    # Sorting.cpp sort_stable_kernel, TORCH_META_FUNC(topk), topk_out_cpu, kthvalue_out_impl_cpu
    "sort_complex": (RuntimeError, " Sort does not support complex dtypes on CPU"),
    "topk_k": (RuntimeError, "selected index k out of range"),
    "topk_dtype": (RuntimeError, "{space}topk does not support {kind} dtypes on CPU"),
    "no_arguments": (TypeError, "{op}() takes no arguments ({given} given)"),
    "no_keyword_arguments": (TypeError, "{op}() takes no keyword arguments"),
    "kthvalue_k": (
        RuntimeError, "kthvalue(): selected number k out of range for dimension {dim}"),
    # reordering (reference/reordering.py): keep this family's messages below this line
    # TensorTransformations.cpp fliplr, flipud, rot90; TensorTransformations.h roll_common;
    # TriangularOps.cpp TORCH_META_FUNC(tril), TORCH_META_FUNC(triu)
    "flip_ndim": (RuntimeError, "Input must be >= {n}-d."),
    "roll_shifts_required": (RuntimeError, "`shifts` required"),
    "roll_align": (
        RuntimeError, "shifts and dimensions must align. shifts: {shifts}, dims:{dims}"),
    "rot90_dims_count": (RuntimeError, "expected total rotation dims == 2, but got dims = {n}"),
    "rot90_ndim": (RuntimeError, "expected total dims >= 2, but got total dims = {ndim}"),
    "rot90_same_dims": (
        RuntimeError, "expected rotation dims to be different, but got dim0 = {dim0} and "
        "dim1 = {dim1}"),
    "triangle_ndim": (RuntimeError, "{op}: input tensor must have at least 2 dimensions"),
    # cumulative (reference/cumulative.py): keep this family's messages below this line
    # torchgen check_inplace; TensorUtils check_scalar_type_device_layout_equal; cummax_out's
    # scalar dim check (measured); cummax's tuple out= is bound by reference/tuple_out.py
    "inplace_output_dtype": (
        RuntimeError, "Bad in-place call: input tensor dtype {input} and output tensor dtype "
        "{output} should match"),
    "scalar_type_equal": (RuntimeError, "expected scalar_type {want} but found {got}"),
    "scalar_reduction_dim": (
        IndexError, "{op}: Expected reduction dim -1 or 0 for scalar but got {dim}"),
    # statistics (reference/statistics.py): keep this family's messages below this line
    # ReduceOps.cpp std_var_out, std_var_all_cpu, warn_invalid_degrees_of_freedom,
    # logsumexp_out, nansum_out, nanmean; ReduceOpsUtils.h make_reduction; TensorCompare.cpp
    # aminmax meta, mode_out; Sorting.cpp median_with_indices_impl (TensorUtils.cpp wording)
    "std_var_dtype": (RuntimeError, "{op} only support floating point and complex dtypes"),
    "std_var_all_dtype": (RuntimeError, "std_var_all: Unsupported dtype {dtype}"),
    "degrees_of_freedom": (
        UserWarning, "{op}(): degrees of freedom is <= 0. Correction should be strictly less "
        "than the reduction factor (input numel divided by output numel)."),
    "logsumexp_out_dtype": (
        RuntimeError, "logsumexp(): Expected floating point type for result tensor, but got: "
        "{dtype}"),
    "nansum_complex": (RuntimeError, "nansum on CPU does not support complex inputs"),
    "reduction_dtype_match": (
        RuntimeError, "{op}: provided dtype must match dtype of result. Got {out} and {dtype}."),
    "nanmean_input_dtype": (
        RuntimeError, "nanmean(): expected input to have floating point or complex dtype but "
        "got {dtype}"),
    "nanmean_dtype": (
        RuntimeError, "nanmean(): could not infer output dtype. Optional dtype must be either a "
        "floating point or complex dtype. Got: {dtype}"),
    "aminmax_empty": (
        RuntimeError, "aminmax(): cannot compute aminmax over an empty dimension as the "
        "operation has no identity."),
    "median_indices_type": (
        RuntimeError, "Expected tensor for argument #1 'indices' to have scalar type Long; but "
        "got {type} instead (while checking arguments for median)"),
    "median_values_type": (
        RuntimeError, "Expected tensor for 'values' to have the same type as tensor for "
        "argument #2 'self'; but type {got} does not equal {want} (while checking arguments "
        "for median)"),
    "mode_out_type": (
        RuntimeError, "expected scalar type '{want}' but got '{got}' for {which} output"),
    # shaping (reference/shaping*.py): keep this family's messages below this line
    # PadNd.cpp pad, _pad_enum, _pad_circular_symint; ReflectionPad.cpp, ReplicationPadding.cpp
    # meta functions; PixelShuffle.h; ChanelShuffle.cpp; Onehot.cpp; Embedding.cpp;
    # torch/nn/functional.py embedding
    "pad_list_type": (
        TypeError, "pad(): argument 'pad' (position 2) must be tuple of ints, not {type}"),
    "pad_list_element": (
        TypeError, "pad(): argument 'pad' (position 2) must be tuple of ints, but found "
        "element of type {type} at pos {pos}"),
    "pad_mode_type": (TypeError, "pad(): argument 'mode' (position 3) must be str, not {type}"),
    "pad_value_type": (
        TypeError, "pad(): argument 'value' (position 4) must be float, not {type}"),
    "pad_mode": (NotImplementedError, "Unrecognised padding mode {mode}"),
    "pad_odd": (RuntimeError, "Padding length must be divisible by 2"),
    "pad_too_long": (
        RuntimeError, "Padding length should be less than or equal to two times the input "
        "dimension but got padding length {n} and input of dimension {ndim}"),
    "pad_mode_value": (
        RuntimeError, 'Padding mode "{mode}" doesn\'t take in value argument'),
    "pad_unsupported": (
        NotImplementedError, "Padding size {n} is not supported for {ndim}D input tensor."),
    "pad_nonempty": (
        RuntimeError, "Expected {low}D or {high}D (batch mode) tensor with possibly 0 batch "
        "size and other non-zero dimensions for input, but got: {shape}"),
    "reflect_pad_size": (
        RuntimeError, "Argument #{arg}: Padding size should be less than the corresponding "
        "input dimension, but got: padding ({left}, {right}) at dimension {dim} of input "
        "{shape}"),
    "pad_too_small_1d": (
        RuntimeError, "input (W: {w}) is too small. Calculated output W: {ow}"),
    "pad_too_small_2d": (
        RuntimeError, "input (H: {h}, W: {w}{space}) is too small. Calculated output H: {oh} "
        "W: {ow}"),
    "pad_too_small_3d": (
        RuntimeError, "input (D: {d} H: {h}, W: {w}) is too small. Calculated output D: {od} "
        "H: {oh} W: {ow}"),
    "pad_kernel_dtype": (NotImplementedError, '"{kernel}" not implemented for \'{type}\''),
    "circular_wrap": (RuntimeError, "Padding value causes wrapping around more than once."),
    "circular_negative": (
        RuntimeError, "Negative padding value is resulting in an empty dimension"),
    "shuffle_ndim": (
        RuntimeError, "{op} expects input to have at least 3 dimensions, but got input with "
        "{ndim} dimension(s)"),
    "shuffle_factor": (RuntimeError, "{op} expects a positive {what}, but got {r}"),
    "pixel_shuffle_channels": (
        RuntimeError, "pixel_shuffle expects its input's 'channel' dimension to be divisible "
        "by the square of upscale_factor, but input.size(-3)={c} is not divisible by {square}"),
    "pixel_unshuffle_size": (
        RuntimeError, "pixel_unshuffle expects {what} to be divisible by downscale_factor, but "
        "input.size({dim})={size} is not divisible by {r}"),
    "shuffle_memory_format": (
        RuntimeError, "Unsupported memory format. Supports only ChannelsLast, Contiguous"),
    "channel_shuffle_ndim": (
        RuntimeError, "channel_shuffle expects input with > 2 dims, but got input with sizes "
        "{shape}"),
    "channel_shuffle_groups": (
        RuntimeError, "Number of groups to divide channels in must be positive. Value of "
        "groups:{groups}"),
    "channel_shuffle_channels": (
        RuntimeError, "Number of channels must be divisible by groups. Got {c} channels and "
        "{groups} groups."),
    "one_hot_dtype": (
        RuntimeError, "one_hot is only applicable to index tensor of type LongTensor."),
    "one_hot_empty": (
        RuntimeError, "Can not infer total number of classes from empty tensor."),
    "one_hot_negative": (RuntimeError, "Class values must be non-negative."),
    "one_hot_classes": (RuntimeError, "Class values must be smaller than num_classes."),
    "embedding_weight_2d": (RuntimeError, "'weight' must be 2-D"),
    "embedding_indices_dtype": (
        RuntimeError, "Expected tensor for argument #1 'indices' to have one of the following "
        "scalar types: Long, Int; but got {type} instead (while checking arguments for "
        "embedding)"),
    "embedding_padding_idx": (AssertionError, "Padding_idx must be within num_embeddings"),
    "embedding_no_rows": (
        RuntimeError, "index_select(): self indexing axis dim should be positive"),
    # batch_norm, group_norm (reference/batch_norm.py): keep this family's messages below this line
    # torch.nn.functional.group_norm's Python divides by num_groups before anything checks it
    "group_norm_groups_zero": (ZeroDivisionError, "integer division or modulo by zero"),
    # Normalization.cpp _batch_norm_impl_index; torch/nn/functional.py batch_norm,
    # _verify_batch_size, group_norm; group_norm.cpp check_group_norm_inputs (its bias message
    # prints the weight's shape); TensorAccessor.h; SmallVector's growth on a 0-d input
    "batch_norm_features": (RuntimeError, "{arg} should contain {want} elements not {got}"),
    "batch_norm_eval_stat": (RuntimeError, "{arg} must be defined in evaluation mode"),
    "batch_norm_stats_pair": (
        ValueError, "running_mean and running_var must either both be None or neither be None"),
    "batch_norm_one_value": (
        ValueError, "Expected more than 1 value per channel when training, got input size "
        "{size}"),
    "batch_norm_eps_training": (
        ValueError, "batch_norm eps must be positive during training, but got {eps}"),
    "batch_norm_eps": (ValueError, "batch_norm eps must be non-negative, but got {eps}"),
    "batch_norm_small_vector": (
        RuntimeError, "SmallVector unable to grow. Requested capacity (18446744073709551615) is "
        "larger than maximum value for size type (4294967295)"),
    "tensor_accessor_dims": (RuntimeError, "TensorAccessor expected 1 dims but tensor has {ndim}"),
    "group_norm_rank": (
        RuntimeError, "Expected at least 2 dimensions for input tensor but received {ndim}"),
    "group_norm_groups_positive": (
        RuntimeError, "Expected num groups to be greater than 0, got {groups}"),
    "group_norm_divisible": (
        RuntimeError, "Expected number of channels in input to be divisible by num_groups, but "
        "got input of shape {shape} and num_groups={groups}"),
    "group_norm_param": (
        RuntimeError, "Expected {name} to be a vector of size equal to the number of channels "
        "in input, but got {name} of shape {got} and input of shape {shape}"),
    # blas (reference/blas.py, contraction.py): keep this family's messages below this line
    # LinearAlgebra.cpp TORCH_META_FUNC(baddbmm), addbmm_impl_, check_1d, check_addr_scalar,
    # build_addr_iter; Cross.cpp; Linear.cpp tensordot; torch/functional.py tensordot
    "baddbmm_dtypes": (
        RuntimeError, "Input dtypes must be the same, got: input {a}, batch1: {b}, batch2: {c}"),
    "addbmm_batches": (
        RuntimeError, "batch1 and batch2 must have same number of batches, got {a} and {b}"),
    "addbmm_sizes": (RuntimeError, "Incompatible matrix sizes for bmm ({m}x{k} and {k2}x{n})"),
    "blas_1d": (RuntimeError, "{fn}: Expected 1-D argument {arg}, but got {ndim}-D"),
    "addr_bool_scalar": (RuntimeError, "Boolean {name} only supported for Boolean results."),
    "addr_integral_scalar": (
        RuntimeError, "For integral input tensors, argument {name} must not be a floating "
        "point number."),
    "addr_2d": (RuntimeError, "2D tensor expected, got {ndim}D tensor for input"),
    "addr_sizes": (RuntimeError, "size mismatch, input: {input}, v1: {v1}, v2: {v2}"),
    "cross_default_dim": (
        UserWarning, "Using torch.cross without specifying the dim arg is deprecated.\n"
        "Please either pass the dim explicitly or simply use torch.linalg.cross.\n"
        "The default value of dim will change to agree with that of linalg.cross in a future "
        "release."),
    "cross_no_dim": (RuntimeError, "no dimension of size 3 in input"),
    "cross_ndim": (RuntimeError, "linalg.cross: inputs must have the same number of dimensions."),
    "cross_length": (
        RuntimeError, "linalg.cross: inputs dimension {dim} must have length 3. Got {a} and {b}"),
    "tensordot_dims_type": (
        RuntimeError, "tensordot expects dims to be int or tuple[list[int], list[int]] or "
        "list[list[int]] containing two lists, but got dims={dims}"),
    "tensordot_dims_negative": (RuntimeError, "tensordot expects dims >= 0, but got dims={dims}"),
    "tensordot_dims_many": (
        RuntimeError, "tensordot expects dims < ndim_a or ndim_b, but got dims={dims}"),
    "tensordot_lengths": (RuntimeError, "both dimension lists should have same length"),
    "tensordot_dtypes": (RuntimeError, "both inputs should have same dtype"),
    "tensordot_sizes": (
        RuntimeError, "contracted dimensions need to match, but first has size {s1} in dim {d1} "
        "and second has size {s2} in dim {d2}"),
    "tensordot_out_dtype": (
        RuntimeError, "tensordot: Expected the output tensor to have dtype {want}, but got an "
        "output tensor with dtype {got}"),
    # building (reference/building.py, building_lists.py): keep this family's messages below
    # this line. TensorShape.cpp repeat, diag_out, narrow_copy_dense_cpu_out, block_diag,
    # meshgrid, cartesian_prod; Repeat.cpp and Repeat.h repeat_interleave
    "repeat_dims": (
        RuntimeError, "Number of dimensions of repeat dims can not be smaller than number of "
        "dimensions of tensor"),
    "repeats_negative_int": (RuntimeError, "Repeats must be non-negative"),
    "repeat_interleave_output_size": (
        RuntimeError, "repeat_interleave: Invalid output_size, expected {want} but got {got}"),
    "repeat_interleave_dtype": (
        NotImplementedError, "\"repeat_interleave_cpu\" not implemented for '{type}'"),
    "repeat_interleave_vector": (RuntimeError, "repeat_interleave only accept 1D vector as repeat"),
    "repeat_interleave_meta": (
        RuntimeError, "cannot repeat_interleave a meta tensor without output_size"),
    "repeat_interleave_size": (RuntimeError, "allocated size does not match required size"),
    "repeats_negative": (RuntimeError, "repeats can not be negative"),
    "repeats_size": (
        RuntimeError, "repeats must have the same size as input along dim, but got "
        "repeats.size(0) = {got} and input.size({dim}) = {size}"),
    "repeats_ndim": (RuntimeError, "repeats must be 0-dim or 1-dim tensor"),
    "diag_ndim": (RuntimeError, "{prefix}Supports 1D or 2D tensors. Got {ndim}D"),
    "diag_out_cast": (
        RuntimeError, "diag: result type {src} can't be cast to the desired out= type {dst}"),
    "block_diag_ndim": (
        RuntimeError, "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input "
        "{index} has {ndim} dimensions"),
    "block_diag_device": (
        RuntimeError, "Input tensors must all be on the same device. Input 0 is on device "
        "{first} and input {index} is on device {got}."),
    "meshgrid_empty": (RuntimeError, "meshgrid expects a non-empty TensorList"),
    "meshgrid_dtype": (RuntimeError, "meshgrid expects all tensors to have the same dtype"),
    "meshgrid_device": (RuntimeError, "meshgrid expects all tensors to have the same device"),
    "meshgrid_indexing": (
        RuntimeError, 'torch.meshgrid: indexing must be one of "xy" or "ij", but received: '
        "{indexing}"),
    "meshgrid_ndim": (
        RuntimeError, "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: "),
    "cartesian_prod_ndim": (RuntimeError, "Expect a 1D vector, but got shape {shape}"),
    # counting (reference/counting.py): keep this family's messages below this line.
    # Unique.cpp, SummaryOps.cpp; the meta device has no kernel for these ops
    "counting_meta": (
        NotImplementedError, "aten::{op}: attempted to run this operator with Meta tensors, but "
        "there was no fake impl or Meta kernel registered. You may have run into this message "
        "while using an operator with PT2 compilation APIs (torch.compile/torch.export); in "
        "order to use this operator with those APIs you'll need to add a fake impl. Please see "
        "the following for next steps:  "
        "https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html"),
    "unique_zero_dims": (
        RuntimeError, "Number of zero sized dimensions is more than one, so unique cannot be "
        "applied "),
    "unique_zero_unselected": (
        RuntimeError, "There are 0 sized dimensions, and they aren't selected, so unique cannot "
        "be applied"),
    "bincount_minlength": (RuntimeError, "minlength should be >= 0"),
    "bincount_input": (RuntimeError, "bincount only supports 1-d non-negative integral inputs."),
    "bincount_weights": (
        RuntimeError, "weights should be 1-d and have the same length as input"),
    "complex_discard": (
        UserWarning, "Casting complex values to real discards the imaginary part"),
    # accumulate (reference/accumulate.py): keep this family's messages below this line
    "scatter_index_dtype": (RuntimeError, "scatter(): Expected dtype int32/int64 for index"),
    "scatter_src_dtype": (RuntimeError, "scatter(): Expected self.dtype to be equal to src.dtype"),
    "scatter_ndim": (
        RuntimeError, "Index tensor must have the same number of dimensions as {of} tensor"),
    "scatter_size": (
        RuntimeError, "Expected index {index} to be no larger than self {self} apart from "
        "dimension {dim}"),
    "scatter_size_src": (
        RuntimeError, "Expected index {index} to be no larger than self {self} apart from "
        "dimension {dim} and to be no larger size than src {src}"),
    "scatter_reduce_old": (RuntimeError, "reduce argument must be either add or multiply."),
    "scatter_reduce_name": (
        RuntimeError, "reduce argument must be either sum, prod, mean, amax or amin, got "
        "{reduce}"),
    "scatter_reduce_deprecated": (
        UserWarning, "The reduce argument of torch.scatter with Tensor src is deprecated and "
        "will be removed in a future PyTorch release. Use torch.scatter_reduce instead for "
        "more reduction options."),
    "accumulate_range": (
        RuntimeError, "index {index} is out of bounds for dimension {dim} with size {size}"),
    "index_func_vector": (
        IndexError, "{op}_(): Index is supposed to be a vector, but got dim: {ndim} with type: "
        "{type} and size: {size}"),
    "index_func_dtype": (
        RuntimeError, "{op}_(): Expected dtype int32/int64 for index but got: {type}"),
    "index_func_source_dtype": (
        RuntimeError, "{op}_(): self ({self}) and source ({source}) must have the same scalar "
        "type"),
    "index_func_source_dim": (
        RuntimeError, "{op}_(): Indexing dim {dim} is out of bounds of the source tensor with "
        "dim {ndim}"),
    "index_func_count": (
        RuntimeError, "{op}_(): Number of indices ({n}) should be equal to source.size(dim): "
        "({size}), for dim: {dim}"),
    "index_func_shape": (
        RuntimeError, "source tensor shape must match self tensor shape, excluding the "
        "specified dimension. Got self.shape = {self} source.shape = {source}"),
    "index_copy_vector": (
        IndexError, "index_copy_(): Index should have dimension 1 or 0 (got {ndim})"),
    "index_copy_scalar": (
        IndexError, "index_copy_(): When source is scalar, index should have one element "
        "(got {n})"),
    "index_copy_ndim": (
        IndexError, "index_copy_(): When source and destination are not scalars, their "
        "dimensionality must match. Source dimensionality ({src}), destination "
        "dimensionality ({dst})"),
    "index_copy_dtype": (
        RuntimeError, "index_copy_(): Expected a long tensor for index, but got {type}"),
    "index_copy_source_dtype": (
        RuntimeError, "index_copy_(): self and source expected to have the same dtype, but got "
        "(self) {self} and (source) {source}"),
    "index_copy_slices": (
        RuntimeError, "index_copy_(): Source/destination tensor must have same slice shapes. "
        "Destination slice shape: {dst} at dimension {dim} and source slice shape: {src} at "
        "dimension 0."),
    "index_copy_count": (
        IndexError, "index_copy_(): Number of indices ({n}) should be equal to source.size(dim) "
        "({size})"),
    "index_copy_range": (
        IndexError, "index_copy_(): index {index} is out of bounds for dimension {dim} with "
        "size {size}"),
    # sampling, im2col, distances (reference/sampling.py, im2col.py, distances.py,
    # instance_norm.py): keep this family's messages below this line
    "interp_size_and_scale": (ValueError, "only one of size or scale_factor should be defined"),
    "interp_neither": (ValueError, "either size or scale_factor should be defined"),
    "interp_align_corners": (
        ValueError, "align_corners option can only be set with the interpolating modes: "
        "linear | bilinear | bicubic | trilinear"),
    "interp_size_len": (
        ValueError, "Input and output must have the same number of spatial dimensions, but got "
        "input with spatial dimensions of {spatial} and output size of {size}. Please provide "
        "input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) "
        "format."),
    "interp_scale_len": (
        ValueError, "Input and scale_factor must have the same number of spatial dimensions, "
        "but got input with spatial dimensions of {spatial} and scale_factor of shape {scale}. "
        "Please provide input tensor in (N, C, d1, d2, ...,dK) format and scale_factor in "
        "(s1, s2, ...,sK) format."),
    "interp_size_type": (
        TypeError, "expected size to be one of int or Tuple[int] or Tuple[int, int] or "
        "Tuple[int, int, int], but got size with types {kinds}"),
    "interp_recompute_size": (
        ValueError, "recompute_scale_factor is not meaningful with an explicit size."),
    "interp_antialias": (
        ValueError, "Anti-alias option is restricted to bilinear, bicubic, and lanczos modes "
        "and requires a 4-D tensor as input"),
    "interp_mode_rank": (
        NotImplementedError, "Got {got}D input, but {mode} mode needs {want}D input"),
    "interp_rank": (
        NotImplementedError, "Input Error: Only 3D, 4D and 5D input Tensors supported (got "
        "{got}D) for the modes: nearest | linear | bilinear | bicubic | trilinear | lanczos | "
        "area | nearest-exact (got {mode})"),
    "interp_sizes_1d": (
        RuntimeError, "Input and output sizes should be greater than 0, but got input (W: {w}) "
        "and output (W: {ow})"),
    "interp_sizes": (
        RuntimeError, "Input and output sizes should be greater than 0, but got input ({given}) "
        "output ({got})"),
    "interp_nonempty": (
        RuntimeError, "Non-empty {ndim}D data tensor expected but got a tensor with sizes "
        "{sizes}"),
    "im2col_list_size": (RuntimeError, "It is expected {name} equals to 2, but got size {n}"),
    "im2col_kernel": (
        RuntimeError, "kernel size should be greater than zero, but got kernel_height: {h} "
        "kernel_width: {w}"),
    "im2col_dilation": (
        RuntimeError, "dilation should be greater than zero, but got dilation_height: {h} "
        "dilation_width: {w}"),
    "im2col_stride": (
        RuntimeError, "stride should be greater than zero, but got stride_height: {h} "
        "stride_width: {w}"),
    "im2col_padding": (
        RuntimeError, "padding should be non-negative, but got pad_height: {h} pad_width: {w}"),
    "im2col_input": (
        RuntimeError, "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and "
        "other non-zero dimensions for input, but got: {sizes}"),
    "im2col_blocks": (
        RuntimeError, "Given input with spatial size ({h}, {w}), kernel_size=({kh}, {kw}), "
        "dilation=({dh}, {dw}), padding=({ph}, {pw}), calculated shape of the array of "
        "sliding blocks as ({oh}, {ow}), but its components must be at least one."),
    "col2im_input": (
        RuntimeError, "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch "
        "size and non-zero dimensions for input, but got: {sizes}"),
    "col2im_divisible": (
        RuntimeError, "Expected size of input's dimension 1 to be divisible by the product of "
        "kernel_size, but got input.size(1)={n} and kernel_size=({kh}, {kw})."),
    "col2im_blocks": (
        RuntimeError, "Given output_size=({oh}, {ow}), kernel_size=({kh}, {kw}), "
        "dilation=({dh}, {dw}), padding=({ph}, {pw}), stride=({sh}, {sw}), expected size of "
        "input's dimension 2 to match the calculated number of sliding blocks {bh} * {bw} = "
        "{blocks}, but got input.size(2)={length}."),
    "col2im_blocks_small": (
        RuntimeError, "Given output_size=({oh}, {ow}), kernel_size=({kh}, {kw}), "
        "dilation=({dh}, {dw}), padding=({ph}, {pw}), stride=({sh}, {sw}), calculated shape "
        "of the array of sliding blocks as ({bh}, {bw}), which is too small (non-positive)"),
    "col2im_output": (
        RuntimeError, "Expected output spatial size to be positive, but got: "
        "output_size=({oh}, {ow})."),
    "vector_norm_dtype": (
        RuntimeError, "linalg.vector_norm: Expected a floating point or complex tensor as "
        "input. Got {type}"),
    "vector_norm_empty": (
        RuntimeError, "linalg.vector_norm cannot compute the {p} norm on the dimension {dim}"
        "because this dimension is empty and the operation does not have an identity"),
    "cosine_dtype": (
        RuntimeError, "expected common dtype to be floating point, yet common dtype is {dtype}"),
    "cdist_mode": (ValueError, "{mode} is not a valid value for compute_mode"),
    "cdist_rank": (RuntimeError, "cdist only supports at least 2D tensors, {name} got: {ndim}D"),
    "cdist_columns": (
        RuntimeError, "X1 and X2 must have the same number of columns. X1: {c1} X2: {c2}"),
    "cdist_dtype": (
        RuntimeError, "cdist only supports floating-point dtypes, {name} got: {type}"),
    "cdist_p": (RuntimeError, "cdist only supports non-negative p values"),
    "instance_norm_stats": (
        RuntimeError, "Expected running_mean and running_var to be defined when "
        "use_input_stats is false"),
    "instance_norm_spatial": (
        ValueError, "Expected more than 1 spatial element when training, got input size {size}"),
    # the Python check's text holds the source line's indentation
    "lrn_rank": (
        ValueError, "Expected 3D or higher dimensionality                          input (got "
        "{ndim} dimensions)"),
    # einsum (reference/einstein.py, reference/attention.py): keep this family's messages below
    # this line.
    "einsum_arguments": (
        ValueError, "einsum(): must specify the equation string and at least one operand, or "
        "at least one operand and its subscripts list"),
    "einsum_sublist_range": (
        ValueError, "einsum(): subscript in subscript list is not within the valid range "
        "[0, 52)"),
    "einsum_no_operands": (RuntimeError, "einsum(): must provide at least one operand"),
    "einsum_ellipsis_twice": (
        RuntimeError, "einsum(): found '.' for operand {op} for which an ellipsis was already "
        "found"),
    "einsum_dot": (
        RuntimeError, "einsum(): found '.' for operand {op} that is not part of any ellipsis"),
    "einsum_fewer": (
        RuntimeError, "einsum(): fewer operands were provided than specified in the equation"),
    "einsum_more": (
        RuntimeError, "einsum(): more operands were provided than specified in the equation"),
    "einsum_subscript": (
        RuntimeError, "einsum(): invalid subscript given at index {index} in the equation "
        "string, subscripts must be in [a-zA-Z]"),
    "einsum_rank": (
        RuntimeError, "einsum(): the number of subscripts in the equation ({n}) does not match "
        "the number of dimensions ({ndim}) for operand {op} and no ellipsis was given"),
    "einsum_rank_ellipsis": (
        RuntimeError, "einsum(): the number of subscripts in the equation ({n}) is more than "
        "the number of dimensions ({ndim}) for operand {op}"),
    "einsum_output_ellipsis_twice": (
        RuntimeError, "einsum(): found '.' for output but an ellipsis (...) was already found"),
    "einsum_output_dot": (
        RuntimeError, "einsum(): found '.' for output that is not part of any ellipsis (...)"),
    "einsum_output_subscript": (RuntimeError, "einsum(): output subscript {label} {why}"),
    # the missing space before "has size" is torch's
    "einsum_ellipsis_broadcast": (
        RuntimeError, "einsum(): dimension {dim} covered by ellipsis in operand {op}has size "
        "{size} which does not broadcast with previously seen ellipsis with size {prev} for "
        "the respective dimension"),
    "einsum_subscript_broadcast": (
        RuntimeError, "einsum(): subscript {label} has size {size} for operand {op} which does "
        "not broadcast with previously seen size {prev}"),
    "einsum_repeated": (
        RuntimeError, "einsum(): subscript {label} is repeated for operand {op} but the sizes "
        "don't match, {a} != {b}"),
    "einsum_broadcast": (RuntimeError, "non-broadcast dimensions must match"),
    "bilinear_dtypes": (RuntimeError, "All tensors must have the same dtype, got {got}"),
    "bilinear_dims": (
        RuntimeError, "bilinear(): input dimensions do not match: got {a} and {b}"),
    "bilinear_batch": (
        RuntimeError, "bilinear(): input batch dimensions do not match at dim {dim}: got {a} "
        "and {b}"),
    "bilinear_size": (
        RuntimeError, "bilinear(): {which} size does not match weight size: got {got} but "
        "expected {want}"),
    # the double space before "query.dtype" is torch's
    "sdpa_dtypes": (
        RuntimeError, "Expected query, key, and value to have the same dtype, but got "
        "query.dtype: {q} key.dtype: {k} and value.dtype: {v} instead."),
    "sdpa_mask_dtype": (
        RuntimeError, "Expected attn_mask dtype to be bool or float or to match query dtype, "
        "but got attn_mask.dtype: {mask} and  query.dtype: {q} instead."),
    "sdpa_rank": (
        RuntimeError, "Expected query, key, and value to all be  at least 2 dimensional, but "
        "got query.dim: {q} key.dim: {k} and value.dim: {v} instead."),
    "sdpa_heads": (
        RuntimeError, "Number of heads in key and value must divide the number of heads in "),
    "sdpa_causal_mask": (
        RuntimeError, "_scaled_dot_product_attention: Explicit attn_mask should not be set "
        "when is_causal=True"),
    # random (reference/randomness.py, reference/dropout.py): keep this family's messages below
    # this line.
    "random_bounds": (RuntimeError, "{name} is out of bounds for {dtype}"),
    "random_precision": (
        UserWarning, "{name} is out of bounds [-(2^{digits}), 2^{digits}]. Due to precision "
        "limitations {dtype} can support discrete uniform distribution only within this range. "
        "This warning will become an error in version 1.7 release, please fix the code in "
        "advance"),
    "random_bounds_dtype": (
        RuntimeError, "check_random_bounds handles only integral, floating-point and boolean "
        "types"),
    "random_from_dtype": (
        RuntimeError, "random_from_to_impl handles only integral, floating-point and boolean "
        "types"),
    "random_from_to": (
        RuntimeError, "random_ expects 'from' to be less than 'to', but got from={a} >= to={b}"),
    "random_from_to_cast": (
        RuntimeError, "random_ expects 'from' casted to dtype to be less than 'to' casted to "
        "dtype, but got from={a} >= to={b}"),
    "random_from_cast": (
        RuntimeError, "random_ expects 'from' casted to dtype to be less than or equal to "
        "'to_inc' casted to dtype, but got from={a} > to_inc={b}"),
    "uniform_range": (
        RuntimeError, "uniform_ expects to return a [from, to) range, but found from={a} > "
        "to={b}"),
    "uniform_span": (
        RuntimeError, "uniform_ expects to-from <= std::numeric_limits<{type}>::max(), but "
        "found to={a} and from={b} which result in to-from to exceed the limit"),
    "normal_std": (RuntimeError, "normal expects std >= 0.0, but found std {std}"),
    "normal_std_tensor": (RuntimeError, "normal expects all elements of std >= 0.0"),
    "normal_std_complex": (RuntimeError, "normal expects standard deviation to be non-complex"),
    "normal_arguments": (
        TypeError, "normal() received an invalid combination of arguments - got (float, float), "
        "but expected one of:"),
    "exponential_lambda": (
        RuntimeError, "exponential_ expects lambda > 0.0, but found lambda={v}"),
    "geometric_p": (RuntimeError, "geometric_ expects p to be in (0, 1), but got p={p}"),
    "geometric_missing": (TypeError, 'geometric_() missing 1 required positional arguments: "p"'),
    "cauchy_sigma": (RuntimeError, "cauchy_ expects sigma > 0.0, but found sigma={v}"),
    "log_normal_std": (RuntimeError, "log_normal_ expects std > 0.0, but found std={v}"),
    "continuous_dtype": (
        RuntimeError, "{name} distribution is a continuous probability distribution. dtype "
        "must be a floating point but you specified {type}"),
    "bernoulli_p": (RuntimeError, "bernoulli_ expects p to be in [0, 1], but got p={p}"),
    "bernoulli_p_tensor": (
        RuntimeError, "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this "
        "error message be improved?  If so, please report an enhancement request to PyTorch.)"),
    "bernoulli_p_out": (
        TypeError, "bernoulli() received an invalid combination of arguments - got (Tensor, "
        "float, out=Tensor), but expected one of:"),
    "random_like_arguments": (
        TypeError, "{op}() received an invalid combination of arguments - got ({got}), but "
        "expected one of:"),
    "randint_like_high": (
        TypeError, "randint_like() received an invalid combination of arguments - got "
        "(Tensor), but expected one of:"),
    "randint_like_arguments": (
        TypeError, "randint_like() received an invalid combination of arguments - got "
        "(Tensor, {got}), but expected one of:"),
    "multinomial_samples_type": (
        TypeError, "multinomial(): argument 'num_samples' (position 2) must be int, not {type}"),
    "multinomial_rank": (RuntimeError, "prob_dist must be 1 or 2 dim"),
    "multinomial_dtype": (
        RuntimeError, "multinomial only supports floating-point dtypes for input, got: {type}"),
    "multinomial_out_dtype": (
        RuntimeError, "multinomial expects Long tensor out, got: {type}"),
    "multinomial_samples": (RuntimeError, "cannot sample n_sample <= 0 samples"),
    "multinomial_too_many": (
        RuntimeError, "cannot sample n_sample > prob_dist.size(-1) samples without replacement"),
    "multinomial_categories": (RuntimeError, "number of categories cannot exceed 2^24"),
    "multinomial_invalid": (
        RuntimeError, "probability tensor contains either `inf`, `nan` or element < 0"),
    "multinomial_sum": (
        RuntimeError, "invalid multinomial distribution (sum of probabilities <= 0)"),
    "multinomial_negative": (
        RuntimeError, "invalid multinomial distribution (encountering probability entry < 0)"),
    "multinomial_infinite": (
        RuntimeError, "invalid multinomial distribution (encountering probability entry = "
        "infinity or NaN)"),
    "dropout_p": (ValueError, "dropout probability has to be between 0 and 1, but got {p}"),
    "dropout_p_kernel": (
        RuntimeError, "dropout probability has to be between 0 and 1, but got {p}"),
    "feature_dropout_rank": (
        RuntimeError, "Feature dropout requires at least 2 dimensions in the input"),
    "dropout1d_rank": (
        RuntimeError, "dropout1d: Expected 2D or 3D input, but received a {ndim}D input. Note "
        "that dropout1d exists to provide channel-wise dropout on inputs with 1 spatial "
        "dimension, a channel dimension, and an optional batch dimension (i.e. 2D or 3D "
        "inputs)."),
    "dropout_rank_deprecated": (
        UserWarning, "{name}: Received a {ndim}-D input to {name}, which is deprecated and will "
        "result in an error in a future release. To retain the behavior and silence this "
        "warning, please use dropout instead. Note that {name} exists to provide channel-wise "
        "dropout on inputs with {spatial} spatial dimensions, a channel dimension, and an "
        "optional batch dimension (i.e. {a}D or {b}D inputs)."),
    "dropout2d_3d": (
        UserWarning, "dropout2d: Received a 3D input to dropout2d and assuming that channel-wise "
        "1D dropout behavior is desired - input is interpreted as shape (N, C, L), where C is "
        "the channel dim. This behavior will change in a future release to interpret the input "
        "as one without a batch dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise "
        "dropout behavior, please switch to using dropout1d instead."),
    # norms and matrix functions (reference/norms.py, reference/matrix_functions.py): keep
    # this family's messages below this line.
    "vector_norm_empty_all": (
        RuntimeError, "linalg.vector_norm cannot compute the {p} norm on an empty tensor "
        "because the operation does not have an identity"),
    "norm_complex_ord": (
        RuntimeError, "{op}: Expected a non-complex scalar as the order of norm."),
    "norm_dtype_kind": (
        RuntimeError, "{op}: dtype should be floating point or complex, but got {type}"),
    "norm_dtype_complexity": (
        RuntimeError, "{op}: dtype should be {kind} for {kind} inputs, but got {type}"),
    "norm_dtype_narrowing": (
        RuntimeError, "{op}: the dtype of the input ({src}) should be convertible without "
        "narrowing to the specified dtype ({dst})"),
    "matrix_norm_order": (RuntimeError, "linalg.matrix_norm: Order {ord} not supported."),
    "matrix_norm_dim": (RuntimeError, "linalg.matrix_norm: dim must be a 2-tuple. Got {dims}"),
    "matrix_norm_same": (
        RuntimeError, "linalg.matrix_norm: dims must be different. Got ({a}, {b})"),
    "norm_out_dtype": (RuntimeError, "{op} expected out tensor dtype {want} but got: {got}"),
    "linalg_norm_dim": (
        RuntimeError, "linalg.norm: If dim is specified, it must be of length 1 or 2. Got {dims}"),
    "linalg_norm_rank": (
        RuntimeError, "linalg.norm: If dim is not specified but ord is, the input must be 1D or "
        "2D. Got {ndim}D."),
    "linalg_castable": (
        RuntimeError, "{op}: Expected result to be safely castable from {src} dtype, but got "
        "result with dtype {dst}"),
    "vecdot_dtypes": (
        RuntimeError, "linalg.vecdot: Expected x and y to have the same dtype, but found x of "
        "type {x} and y of type {y} instead"),
    "vecdot_out_dtype": (
        RuntimeError, "linalg.vecdot: Expected out of dtype{want} but found {got}"),
    "multi_dot_count": (RuntimeError, "multi_dot(): expected at least 2 tensors but got {n}"),
    "multi_dot_end": (
        RuntimeError, "multi_dot(): the {where} tensor must be 1D or 2D but got {ndim}D"),
    "multi_dot_middle": (RuntimeError, "multi_dot(): tensor {i} must be 2D but got {ndim}D"),
    "multi_dot_dtypes": (
        RuntimeError, "multi_dot(): all tensors must have be the same dtype but tensor 0 is {a} "
        "and tensor {i} {b}"),
    "multi_dot_shapes": (
        RuntimeError, "multi_dot(): tensors {i} and {j} with shapes {a} and {b} cannot be "
        "multiplied"),
    "multi_dot_out_dtype": (
        RuntimeError, "multi_dot(): expected out tensor to have dtype {want} but got {got}"),
    "chain_matmul_deprecated": (
        UserWarning, "torch.chain_matmul is deprecated and will be removed in a future PyTorch "
        "release. Use torch.linalg.multi_dot instead, which accepts a list of two or more "
        "tensors rather than multiple parameters."),
    "tensor_dimension": (RuntimeError, "Tensor dimension is {ndim}, expected {want} instead."),
    "chain_matmul_empty": (RuntimeError, "chain_matmul(): Expected one or more matrices"),
    # fft_shift and bucketing (reference/fft_helpers.py, reference/bucketing.py): keep this
    # family's messages below this line.
    "fftfreq_dtype": (RuntimeError, "{op} requires a floating point or complex dtype"),
    "arange_out_resized": (
        UserWarning, "The number of elements in the out tensor of shape {shape} is {numel} "
        "which does not match the computed number of elements {size}. Note that this may "
        "occur as a result of rounding error. The out tensor will be resized to a tensor of "
        "shape ({size},)."),
    "histc_range": (RuntimeError, "torch.histc: range of [{lo}, {hi}] is not finite"),
    "histc_min_max": (RuntimeError, "torch.histc: max must be larger than min"),
    "histogram_bins": (
        RuntimeError, "torch.histogram(): bins must be > 0, but got {bins} for dimension 0"),
    "histogram_out_dtype": (
        RuntimeError, "torch.histogram: input tensor and hist tensor should have the same "
        "dtype, but got input {input} and hist {hist}"),
    "histc_meta_bins": (RuntimeError, "histc(): bins must be > 0, but got {bins}"),
    "histc_meta_min_max": (RuntimeError, "histc(): max must be larger than min"),
    "searchsorted_side": (
        RuntimeError, "torch.searchsorted(): side can only be 'left' or 'right' but got {side}"),
    "searchsorted_side_right": (
        RuntimeError, "torch.searchsorted(): side and right can't be set to opposites, got "
        "side of {side} while right was True"),
    "searchsorted_sorter_size": (
        RuntimeError, "torch.searchsorted(): boundary and sorter must have the same size, but "
        "got boundary tensor {bd}and got sorter tensor {sorter}"),
    "searchsorted_sorter_size_meta": (
        RuntimeError, "torch.searchsorted(): boundary and sorter must have the same size, but "
        "got boundary tensor {bd} and got sorter tensor {sorter}"),
    "searchsorted_sorter_dtype": (
        RuntimeError, "torch.searchsorted(): sorter must be a tensor of long dtype but got "
        "dtype {dtype}"),
    "searchsorted_sorter_range": (RuntimeError, "torch.searchsorted(): sorter index out of range"),
    "searchsorted_scalar": (
        RuntimeError, "torch.searchsorted(): input value can be a scalar only when boundaries "
        "tensor dimension is 1, but we got boundaries tensor dim({bd}) and input value's "
        "dim({ndim}) numel({numel})"),
    "searchsorted_0d": (
        RuntimeError, "torch.searchsorted(): boundaries tensor should have positive dimension, "
        "but got 0 dimension"),
    "searchsorted_dims": (
        RuntimeError, "torch.searchsorted(): boundaries tensor should be 1 dimension or the "
        "first N-1 dimensions of boundaries tensor and input value tensor must match, but we "
        "got boundaries tensor {bd} and input value tensor {v}"),
    "searchsorted_out_dtype": (
        RuntimeError, "torch.searchsorted(): output tensor's dtype is wrong, it can only be "
        "Int(int32) or Long(int64) depending on whether out_int32 flag is True, but we got "
        "output tensor's dtype {dtype} and out_int32 flag is {flag}"),
    "searchsorted_input_noncontiguous": (
        UserWarning, "torch.searchsorted(): input value tensor "
        "is non-contiguous, this will lower the performance due to extra data "
        "copy when converting non-contiguous tensor to contiguous, please use "
        "contiguous input value tensor if possible. This message will only "
        "appear once per program."),
    "searchsorted_boundary_noncontiguous": (
        UserWarning, "torch.searchsorted(): boundary tensor "
        "is non-contiguous, this will lower the performance due to extra data "
        "copy when converting non-contiguous tensor to contiguous, please use "
        "contiguous boundary tensor if possible. This message will only appear "
        "once per program."),
    "searchsorted_sorter_noncontiguous": (
        UserWarning, "torch.searchsorted(): sorter tensor "
        "is non-contiguous, this will lower the performance due to extra data "
        "copy when converting non-contiguous tensor to contiguous, please use "
        "contiguous sorter tensor if possible. This message will only appear "
        "once per program."),
    "bucketize_boundaries": (
        RuntimeError, "boundaries tensor must be 1 dimension, but got dim({ndim})"),
    # convolution3d and unpooling (reference/convolution.py, reference/unpooling.py): keep
    # this family's messages below this line.
    # NaiveConvolutionTranspose3d.cpp slow_conv_transpose3d_shape_check
    "conv_transposed_dilation3d": (
        RuntimeError, "dilation should be greater than zero, but got dilation_depth: {dd}, "
        "dilation_height: {dh}, dilation_width: {dw}"),
    "conv_output_padding3d": (
        RuntimeError, "output padding must be smaller than either stride or dilation, but got "
        "output_padding_depth: {opd} output_padding_height: {oph} output_padding_width: {opw} "
        "stride_depth: {sd} stride_height: {sh} stride_width: {sw} dilation_depth: {dd} "
        "dilation_height: {dh} dilation_width: {dw}"),
    # torch/nn/functional.py _unpool_output_size indexes the input's shape
    "unpool_input_rank": (IndexError, "tuple index out of range"),
    "mkldnn_invalid_dimensions": (RuntimeError, "dimensions are invalid"),
    # torch/nn/functional.py _unpool_output_size; MaxUnpooling.cpp
    "unpool_output_length": (
        ValueError, "output_size should be a sequence containing {n} or {m} elements, but it "
        "has a length of '{got}'"),
    "unpool_output_size": (
        ValueError, 'invalid output_size "{size}" (dim {dim} must be between {low} and {high})'),
    "unpool_output_negative": (
        ValueError, "max_unpooling: output_size must contain non-negative spatial dimensions, "
        "but got output_size[{dim}]={size}"),
    "unpool_indices_dtype": (
        RuntimeError, "elements in indices should be type int64 but got: {type}"),
    "unpool_output_elements": (
        RuntimeError, "There should be exactly two elements (height, width) in output_size, "
        "but got {n} elements."),
    "unpool_rank": (
        RuntimeError, "Input to max_unpooling2d should be a 3d or 4d Tensor, but got a tensor "
        "with {n} dimensions."),
    "unpool_indices_shape": (
        RuntimeError, "Expected shape of indices to be same as that of the input tensor "
        "({input}) but got indices tensor with shape: {indices}"),
    "unpool_empty": (
        RuntimeError, "max_unpooling2d_forward_out_cpu(): Expected input to have non-zero size "
        "for non-batch dimensions, but got {shape} with dimension {dim} being empty."),
    "unpool_index": (
        RuntimeError, "Found an invalid max index: {index} (output volumes are of size "
        "{h}x{w})"),
    # linalg_lu (reference/linalg_lu.py): keep this family's messages below this line.
    # BatchLinearAlgebra.cpp linalg_lu_factor_ex and linalg_lu_solve metas, linalg_lu_factor,
    # LinearAlgebra.cpp linalg_householder_product
    "linalg_lu_rank": (
        RuntimeError, "{op}: Expected tensor with 2 or more dimensions. Got size: {shape} "
        "instead"),
    "linalg_lu_no_pivot": (
        RuntimeError, "linalg.lu_factor: LU without pivoting is not implemented on the CPU"),
    "linalg_lu_factor_singular": (
        RuntimeError, "{api}: {batch}U[{i},{i}] is zero and using it on lu_solve would result "
        "in a division by zero. If you still want to perform the factorization, consider "
        "calling linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)"),
    "linalg_lu_solve_shapes": (
        RuntimeError, "linalg.lu_solve: Incompatible shapes of A and B for the equation {eq} "
        "({am}x{an} and {bm}x{bn})"),
    "linalg_lu_solve_dtypes": (
        RuntimeError, "linalg.lu_solve: Expected LU and B to have the same dtype, but found LU "
        "of type {a} and B of type {b} instead"),
    "linalg_lu_solve_pivots_dtype": (
        RuntimeError, "linalg.lu_solve: pivots should be a Tensor of scalar type torch.int32"),
    "linalg_lu_solve_pivots_count": (
        RuntimeError, "linalg.lu_solve: Number of pivots per batch should be same as the "
        "dimension of the matrix"),
    "linalg_lu_solve_pivots_shape": (
        RuntimeError, "linalg.lu_solve: Expected LU.shape[:-1] and pivots.shape to be the same, "
        "but got pivots with shape {shape} instead"),
    "linalg_lu_solve_pivots_low": (
        RuntimeError, "Pivots given to lu_solve must all be greater or equal to 1. Did you "
        "properly pass the result of lu_factor?"),
    "linalg_lu_solve_pivots_high": (
        RuntimeError, "Pivots given to lu_solve must all be smaller or equal to LU.size(-2). "
        "Did you properly pass the result of lu_factor?"),
    "lu_unpack_pivots_dtype": (
        RuntimeError, "torch.lu_unpack: LU_pivots is expected to be a contiguous tensor of "
        "torch.int32 dtype."),
    "lu_unpack_pivots_range": (
        RuntimeError, "pivots passed to lu_unpack must be between 1 and LU.size(-2) inclusive."
        "Did you properly pass the result of lu_factor?"),
    "householder_rank": (RuntimeError, "{op}: input must have at least 2 dimensions."),
    "householder_rows": (
        RuntimeError, "{op}: input.shape[-2] must be greater than or equal to input.shape[-1]"),
    "householder_tau_size": (
        RuntimeError, "{op}: input.shape[-1] must be greater than or equal to tau.shape[-1]"),
    "householder_tau_rank": (
        RuntimeError, "{op}: Expected tau to have one dimension less than input, but got "
        "tau.ndim equal to {tau} and input.ndim is equal to {a}"),
    "householder_tau_batch": (
        RuntimeError, "{op}: Expected batch dimensions of tau to be equal to input.shape[:-2], "
        "but got {shape}"),
    "householder_dtypes": (RuntimeError, "{op}: tau dtype {tau} does not match input dtype {a}"),
    # linalg_least (reference/linalg_least.py): keep this family's messages below this line.
    # BatchLinearAlgebra.cpp linalg_lstsq_out; LinearAlgebra.cpp linalg_pinv, _get_epsilon
    "linalg_out_castable": (
        RuntimeError, "{op}: Expected result to be safely castable from {a} dtype, but got "
        "result with dtype {b}"),
    "linalg_epsilon_types": (
        RuntimeError, "This function doesn't handle types other than float and double"),
    "lstsq_meta": (
        NotImplementedError, "aten::linalg_lstsq.out: attempted to run this operator with Meta "
        "tensors, but there was no fake impl or Meta kernel registered. You may have run into "
        "this message while using an operator with PT2 compilation APIs (torch.compile/"
        "torch.export); in order to use this operator with those APIs you'll need to add a "
        "fake impl. Please see the following for next steps:  "
        "https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html"),
    "lstsq_input_rank": (
        RuntimeError, "torch.linalg.lstsq: input must have at least 2 dimensions."),
    "lstsq_other_rank": (
        RuntimeError, "torch.linalg.lstsq: other must have at least 1 dimension."),
    "lstsq_dtypes": (
        RuntimeError, "torch.linalg.lstsq: Expected input and other to have the same dtype, "
        "but got input's dtype {a} and other's dtype {b}"),
    "lstsq_dims": (
        RuntimeError, "torch.linalg.lstsq: input.dim() must be greater or equal to other.dim() "
        "and (input.dim() - other.dim()) <= 1"),
    "lstsq_rows": (
        RuntimeError, "torch.linalg.lstsq: input.size(-2) should match other.size({which})"),
    "lstsq_driver": (
        RuntimeError, "torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, "
        "gelsd, gelss)"),
    "linalg_pinv_input": (
        RuntimeError, "linalg.pinv({type}{{{shape}}}): expected a tensor with 2 or more "
        "dimensions of float, double, cfloat or cdouble types"),
    # indexed (reference/indexed_writes.py): keep this family's messages below this line.
    "index_reduce_name": (
        RuntimeError, "index_reduce(): Expected reduce to be one of prod, mean, amax or amin "
        "but got {reduce}."),
    "masked_scatter_dtype": (
        RuntimeError, "masked_scatter: expected self and source to have same dtypes but "
        "got{self} and {source}"),
    "masked_scatter_mask": (
        RuntimeError, "masked_scatter_ only supports boolean masks, but got mask with dtype "
        "{dtype}"),
    "masked_scatter_short": (
        RuntimeError, "Number of elements of source < number of ones in mask"),
    "put_index_dtype": (RuntimeError, "put_(): Expected a long tensor for index, but got {dtype}"),
    "put_source_dtype": (
        RuntimeError, "put_(): self and source expected to have the same dtype, but got "
        "self.dtype = {self} and source.dtype = {source}"),
    "put_count": (
        IndexError, "put_(): Expected source and index to have the same number of elements, "
        "but got source.numel() = {source}, index.numel() = {index}"),
    "put_empty": (IndexError, "put_(): Tried to put elements into an empty tensor"),
    "take_along_dim_ndim": (
        RuntimeError, "torch.take_along_dim(): input and indices should have the same number "
        "of dimensions, but got {a} dimensions for input, and {b} dimensions for indices"),
    "take_along_dim_dtype": (
        RuntimeError, "torch.take_along_dim(): dtype of indices should be Long but got {dtype}"),
    # the modulo that wraps the indices, by a dim of size 0 (the CPU remainder kernel's words)
    "take_along_dim_zero": (RuntimeError, "ZeroDivisionError"),
    # torch/nn/functional.py embedding_bag and EmbeddingBag.cpp (reference/embedding_bag.py)
    "embedding_bag_order": (
        UserWarning, "Argument order of nn.functional.embedding_bag was changed. Usage "
        "`embedding_bag(weight, input, ...)` is deprecated, and should now be "
        "`embedding_bag(input, weight, ...)`."),
    "embedding_bag_psw_shape": (
        ValueError, "embedding_bag: If per_sample_weights ({psw}) is not None, then it must "
        "have the same shape as the input ({input})"),
    "embedding_bag_weight_dim": (
        ValueError, "weight has to be a 2D Tensor, but got Tensor of dimension {ndim}"),
    "embedding_bag_2d_offsets": (
        ValueError, "if input is 2D, then offsets has to be None, as input is treated is a "
        "mini-batch of fixed length sequences. However, found offsets of type {type}"),
    "embedding_bag_offsets_none": (ValueError, "offsets has to be a 1D Tensor but got None"),
    "embedding_bag_offsets_dim": (ValueError, "offsets has to be a 1D Tensor"),
    "embedding_bag_input_dim": (
        ValueError, "input has to be 1D or 2D Tensor, but got Tensor of dimension {ndim}"),
    "embedding_bag_mode": (ValueError, "mode has to be one of sum, mean or max"),
    "embedding_bag_max_scale": (
        ValueError, "max mode does not support scaling the gradient by the frequency"),
    "embedding_bag_max_sparse": (ValueError, "max mode does not support sparse weights"),
    "embedding_bag_psw_mode": (
        NotImplementedError, "embedding_bag: per_sample_weights was not None. "
        "per_sample_weights is only supported for mode='sum' (got mode='{mode}'). Please "
        "open a feature request on GitHub."),
    "embedding_bag_padding_idx": (
        RuntimeError, "padding_idx must be within the number of embeddings, {lo} through {hi}, "
        "but got {got}"),
    "embedding_bag_scalar_types": (
        RuntimeError, "Expected tensor for argument #1 '{arg}' to have one of the following "
        "scalar types: {types}; but got {got} instead (while checking arguments for "
        "embedding_bag)"),
    "embedding_bag_psw_dtype": (
        RuntimeError, "Expected tensor for argument #1 'weight' to have the same type as "
        "tensor for argument #1 'per_sample_weights'; but type {weight} does not equal {psw} "
        "(while checking arguments for embedding_bag)"),
    "embedding_bag_first_offset": (
        RuntimeError, "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has "
        "to start from position 0. However, got {got}"),
    "embedding_bag_last_offset": (
        RuntimeError, "offsets[-1] can not be greater than input's length {n} but got "
        "offsets[-1] of {got}"),
    "embedding_bag_range": (
        RuntimeError, "Index {k} of input takes value {v} which is not in the valid range "
        "[0, {n})"),
    "embedding_bag_max_range": (
        RuntimeError, "embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx "
        "to be {idx}"),
    # fft's Hermitian n-d transforms (reference/fft.py hfft2, ihfft2, hfftn, ihfftn): keep
    # this family's messages below this line. mkl/SpectralOps.cpp _fft_r2c_mkl's input check,
    # and the same check in _meta_registrations.py meta_fft_r2c (torch._check's default text)
    "fft_r2c_real": (RuntimeError, "Only supports floating-point dtypes, but found: {type}"),
    "fft_r2c_meta_real": (
        RuntimeError, "Expected cond to be True, but got False. (Could this error message be "
        "improved? If so, please report an enhancement request to PyTorch.)"),
    # normal's factory form (reference/randomness.py _normal_factory): keep its messages below
    # this line. python_arg_parser.cpp's refusal and check_out_type_matches
    "normal_factory_arguments": (
        TypeError, "normal() received an invalid combination of arguments - got ({got}), but "
        "expected one of:"),
    "normal_out_dtype_mismatch": (
        RuntimeError, "dtype {dtype} does not match dtype of out parameter ({out})"),
    # embedding's max_norm (reference/shaping_lookups.py embedding_renorm_): keep its messages
    # below this line. Embedding.cpp embedding_renorm_cpu_'s checkDim and checkScalarTypes, and
    # the norm() of a row (ReduceOps.cpp)
    "embedding_renorm_dim": (
        RuntimeError, "Expected 2-dimensional tensor, but got {ndim}-dimensional tensor for "
        "argument #1 'self' (while checking arguments for embedding_renorm_)"),
    "embedding_renorm_indices": (
        RuntimeError, "Expected tensor for argument #2 'indices' to have one of the following "
        "scalar types: Long, Int; but got {type} instead (while checking arguments for "
        "embedding_renorm_)"),
    "embedding_renorm_norm_dtype": (
        RuntimeError, "norm(): input dtype should be either floating point or complex. Got "
        "{type} instead."),
    # tuple out= (reference/tuple_out.py): keep this family's messages below this line.
    # python_arg_parser.cpp FunctionParameter::check (TensorList) and PythonArgs::tensorlist_n
    "tuple_out_element": (
        TypeError, "expected Tensor as element {index} in argument {argnum}, but got {type}"),
    "tuple_out_length": (TypeError, "expected tuple of {count} elements but got {got}"),
    "tuple_out_type": (
        TypeError, "{op}(): argument 'out' must be tuple of Tensors, not {type}"),
    # BatchLinearAlgebra.cpp linalg_lstsq_out's checkLinalgCompatibleDtype of each out
    "lstsq_out_castable": (
        RuntimeError, "torch.linalg.lstsq: Expected {name} to be safely castable from {a} "
        "dtype, but got {name} with dtype {b}"),
    # ReduceOpsUtils.h _reduction_with_indices_allocate_or_resize_output (kthvalue's outs)
    "kthvalue_values_type": (RuntimeError, "output values must be of same type as input"),
    "kthvalue_indices_type": (RuntimeError, "output indices must be of scalar type Long"),
}
