"""How to call every op of the catalogue: its argument builder and when it applies.

The builders of views, copies, writes and metadata changes live in view_arguments.py, those
of pointwise ops in pointwise_arguments.py, those of the other ops that allocate their
outputs in allocating.py and network_arguments.py (softmax, layer_norm); this table joins
them and checks that it covers the catalogue exactly.
"""

from __future__ import annotations

from stridecheck.reference.ops import OPS, OpSpec
from stridecheck.reference.tensor import Tensor

from .accumulate_arguments import ACCUMULATE
from .allocating import ALLOCATING
from .arguments import Arguments
from .blas_arguments import BLAS
from .bucketing_arguments import BUCKETING
from .building_arguments import BUILDING
from .convolution_arguments import CONVOLUTION
from .counting_arguments import COUNTING
from .cumulative_arguments import CUMULATIVE
from .distance_arguments import DISTANCE
from .einsum_arguments import EINSUM
from .embedding_bag_arguments import EMBEDDING_BAG
from .fft_shift_arguments import FFT_SHIFT
from .indexed_arguments import INDEXED
from .linalg_arguments import LINALG
from .linalg_decomposition_arguments import LINALG_DECOMPOSITIONS
from .linalg_lu_arguments import LINALG_LU
from .linalg_matrix_arguments import LINALG_MATRIX
from .linalg_solver_arguments import LINALG_SOLVERS
from .network_arguments import NETWORK
from .norm_arguments import NORM
from .pointwise_arguments import POINTWISE
from .pooling_arguments import POOLING
from .pooling_more_arguments import POOLING_MORE
from .random_arguments import RANDOM
from .reorder_arguments import REORDER
from .sampling_arguments import SAMPLING
from .shaping_arguments import SHAPING
from .sorting_arguments import SORTING
from .spectral_arguments import SPECTRAL
from .statistics_arguments import STATISTICS
from .unpooling_arguments import UNPOOLING
from .view_arguments import VIEWS_AND_WRITES

ARGUMENTS: dict[str, Arguments] = {**VIEWS_AND_WRITES, **POINTWISE, **ALLOCATING, **NETWORK,
                                  **CONVOLUTION, **POOLING, **POOLING_MORE, **SPECTRAL, **LINALG,
                                  **LINALG_SOLVERS, **LINALG_DECOMPOSITIONS, **LINALG_LU,
                                  **SORTING, **CUMULATIVE, **STATISTICS, **REORDER, **SHAPING,
                                  **BUILDING, **BLAS, **COUNTING, **FFT_SHIFT, **BUCKETING,
                                  **ACCUMULATE, **INDEXED, **EMBEDDING_BAG,
                                  **SAMPLING, **DISTANCE, **RANDOM, **EINSUM,
                                  **NORM, **LINALG_MATRIX, **UNPOOLING}

_missing = {op.key for op in OPS} - set(ARGUMENTS)
assert not _missing, f"ops without argument builders: {sorted(_missing)}"
_extra = set(ARGUMENTS) - {op.key for op in OPS}
assert not _extra, f"argument builders for ops not in the catalogue: {sorted(_extra)}"


def applicable(op: OpSpec, t: Tensor) -> bool:
    """Return whether valid arguments exist for op on t (invalid mode ignores this)."""
    return ARGUMENTS[op.key].applies(t)
