"""Every known divergence must still reproduce; a fixed one must leave the file."""

from __future__ import annotations

import pytest
import torch

from stridecheck.conformance.execute import check_source
from stridecheck.conformance.known import classify, load


@pytest.mark.parametrize("entry", load(), ids=lambda e: e.id)
def test_known_divergence_still_reproduces(entry) -> None:  # type: ignore[no-untyped-def]
    diffs = check_source(entry.repro, torch)
    assert diffs, f"{entry.id}: torch now agrees with the reference; remove the entry"
    assert classify(None, diffs) is entry, (
        f"{entry.id}: the repro diverges differently than the entry says:\n"
        + "\n".join(map(str, diffs)))


def test_entries_are_complete() -> None:
    for entry in load():
        assert entry.reason and entry.condition and entry.fields, entry.id
