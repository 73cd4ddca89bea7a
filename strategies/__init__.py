"""Programs as data and the strategies that build them.

`view_chains`, `alias_programs`, `network_chains` and `network_blocks` are Hypothesis
strategies; `chain` with a `RandomChooser` builds the same programs from a seeded random
stream.
"""

from .arguments import RandomChooser
from .chains import chain
from .hypothesis import (
    alias_programs,
    function_batches,
    function_programs,
    network_blocks,
    network_chains,
    view_chains,
)
from .program import Function, Literal, Op, Program, Ref, Step, StorageOf, Sym

__all__ = ["Function", "Literal", "Op", "Program", "RandomChooser", "Ref", "Step", "StorageOf",
           "Sym", "alias_programs", "chain", "function_batches", "function_programs",
           "network_blocks", "network_chains", "view_chains"]
