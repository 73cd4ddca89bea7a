"""The strideu test device behaves like the CPU for views, storage and writes."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
import torch

try:
    import strideu_backend as su
except RuntimeError as exc:
    # Only a missing compiler is a reason to skip; a failed build is a failure.
    if type(exc).__name__ != "BuildUnavailable":
        raise
    pytest.skip(f"strideu backend unavailable: {exc}", allow_module_level=True)

DEVICES = ("cpu", su.NAME)
HERE = Path(__file__).resolve().parent


def observe(t: torch.Tensor, root: torch.Tensor, device: str) -> dict:
    """Everything the suite compares, with pointers made relative to the root."""
    assert t.device.type == device  # guards against silently comparing CPU with CPU
    st = t.untyped_storage()
    root_st = root.untyped_storage()
    return {
        "shape": tuple(t.shape),
        "stride": t.stride(),
        "offset": t.storage_offset(),
        "byte_offset": t.data_ptr() - st.data_ptr(),
        "nbytes": st.nbytes(),
        "shares_storage": st._cdata == root_st._cdata,
        "same_memory": st.data_ptr() == root_st.data_ptr(),
        "base_is_root": t._base is root,
        "is_view": t._is_view(),
        "version": t._version,
        "contiguous": t.is_contiguous(),
        "dtype": t.dtype,
        "values": t.cpu().tolist(),
    }


def root_on(device: str) -> torch.Tensor:
    return torch.arange(24, device=device).to(torch.float32)


CHAINS: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
    "view": lambda x: x.view(2, 3, 4),
    "permute": lambda x: x.view(2, 3, 4).permute(2, 0, 1),
    "t": lambda x: x.view(4, 6).t(),
    "transpose": lambda x: x.view(2, 3, 4).transpose(0, 2),
    "slice_step": lambda x: x.view(4, 6)[1:, ::2],
    "select": lambda x: x.view(2, 12).select(1, 3),
    "as_strided": lambda x: x.as_strided((3, 3), (4, 1), 2),
    "expand": lambda x: x.view(4, 6)[:, :1].expand(4, 5),
    "unfold": lambda x: x.unfold(0, 4, 3),
    "diagonal": lambda x: x.view(4, 6).diagonal(1),
    "view_dtype": lambda x: x.view(torch.int32),
    "narrow_unsqueeze": lambda x: x.view(4, 6).narrow(1, 2, 3).unsqueeze(1),
    "view_of_view": lambda x: x.view(4, 6)[1:].t()[::2].view(-1, 1, 3)[1],
    "reshape_copy": lambda x: x.view(4, 6).t().reshape(24),
    "contiguous": lambda x: x.view(4, 6).t().contiguous(),
    "clone_keeps_strides": lambda x: x.view(4, 6).t().clone(),
    "add_keeps_strides": lambda x: x.view(4, 6).t() + 1,
    "mul_broadcast": lambda x: x.view(4, 6)[:, :1] * x.view(4, 6)[:1],
    "sum": lambda x: x.view(4, 6).sum(0),
    "cat": lambda x: torch.cat([x[:3], x[5:7]]),
    "index_select": lambda x: x.index_select(0, torch.tensor([1, 3], device=x.device)),
    "where": lambda x: torch.where(x > 5, x, torch.zeros_like(x)),
    # conj is a view with a bit set; reading it back copies through the bit
    "conj_view": lambda x: x.to(torch.complex64).view(4, 6).conj().t(),
    "conj_physical_": lambda x: x.to(torch.complex64).view(4, 6)[1:].conj_physical_(),
}


@pytest.mark.parametrize("name", sorted(CHAINS))
def test_view_chain_matches_cpu(name: str) -> None:
    got = {}
    for device in DEVICES:
        root = root_on(device)
        got[device] = observe(CHAINS[name](root), root, device)
    assert got[su.NAME] == got["cpu"]


def _write_through_view(x: torch.Tensor) -> dict:
    v = x.view(4, 6)[1:, ::2]
    v.add_(1)
    return {"v": v}


def _metadata_in_place(x: torch.Tensor) -> dict:
    v = x.view(4, 6)
    v.t_()
    w = x.view(2, 12)
    w.unsqueeze_(0).transpose_(0, 2).squeeze_()
    return {"v": v, "w": w}


def _setitem_fill_zero_copy(x: torch.Tensor) -> dict:
    m = x.view(4, 6)
    m[1:, ::2] = 7.0
    m[0].fill_(2)
    m[:, 5].zero_()
    m[3].copy_(torch.full((6,), -1.0))
    return {"m": m}


def _resize_grows_storage(x: torch.Tensor) -> dict:
    y = x.clone()
    st = y.untyped_storage()
    before = (st._cdata, st.data_ptr())
    y.resize_(5, 8)
    moved = (st._cdata == y.untyped_storage()._cdata, before[1] != st.data_ptr())
    y.view(-1)[24:].fill_(0)  # the new tail is uninitialised; give it defined values
    assert moved == (True, True)
    return {"y": y, "x_after": x}


def _set_shares_storage(x: torch.Tensor) -> dict:
    z = torch.empty(0, device=x.device)
    z.set_(x.untyped_storage(), 2, (2, 3), (4, 1))
    z.mul_(10)
    return {"z": z}


def _out_resizes(x: torch.Tensor) -> dict:
    out = torch.empty(0, device=x.device)
    res = torch.add(x.view(4, 6).t(), 1, out=out)
    assert res is out
    return {"out": out}


WRITES: dict[str, Callable[[torch.Tensor], dict]] = {
    "write_through_view": _write_through_view,
    "metadata_in_place": _metadata_in_place,
    "setitem_fill_zero_copy": _setitem_fill_zero_copy,
    "resize_grows_storage": _resize_grows_storage,
    "set_shares_storage": _set_shares_storage,
    "out_resizes": _out_resizes,
}


@pytest.mark.parametrize("name", sorted(WRITES))
def test_writes_match_cpu(name: str) -> None:
    got = {}
    for device in DEVICES:
        root = root_on(device)
        tensors = WRITES[name](root)
        got[device] = {k: observe(t, root, device) for k, t in tensors.items()}
        got[device]["root"] = observe(root, root, device)
    assert got[su.NAME] == got["cpu"]


ERRORS: dict[str, Callable[[torch.Tensor], object]] = {
    "view_incompatible": lambda x: x.view(4, 6).t().view(24),
    "view_bad_size": lambda x: x.view(5),
    "write_to_expanded": lambda x: x[:3].expand(2, 3).add_(1),
    "overlapping_copy": lambda x: x[1:].copy_(x[:-1]),
    "as_strided_out_of_bounds": lambda x: x.as_strided((5, 5), (5, 1), 1),
    # the CPU kernel checks the out dtype; the composite kernel would not
    "all_dims_out_dtype": lambda x: torch.all(x.view(4, 6), (1,), out=torch.empty_like(x)),
    # ldexp's composite kernel has a CPU-only branch with its own dtype check
    "ldexp_bool_exponent": lambda x: x.ldexp_(x > 3),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_errors_match_cpu(name: str) -> None:
    got = {}
    for device in DEVICES:
        with pytest.raises(Exception) as info:
            ERRORS[name](root_on(device))
        got[device] = (type(info.value), str(info.value).replace("strideu:0", "cpu"))
    assert got[su.NAME] == got["cpu"]


def test_factories_and_transfers() -> None:
    assert torch._C._get_privateuse1_backend_name() == su.NAME
    assert torch.device(su.NAME).type == su.NAME
    z = torch.zeros(2, 3, device=su.NAME)
    a = torch.arange(6, device=su.NAME)
    t = torch.tensor([[1.5, 2.0], [3.0, 4.0]], device=su.NAME)
    moved = torch.ones(3).to(su.NAME)
    for x in (z, a, t, moved):
        assert x.device.type == su.NAME and x.untyped_storage().device.type == su.NAME
    assert z.cpu().tolist() == [[0.0] * 3] * 2
    assert a.cpu().tolist() == list(range(6)) and a.dtype == torch.int64
    assert t.cpu().tolist() == [[1.5, 2.0], [3.0, 4.0]]
    assert moved.cpu().device.type == "cpu" and moved.cpu().tolist() == [1.0] * 3


def test_allocator_alignment_matches_cpu() -> None:
    for n in (1, 3, 100, 1000):
        x = torch.empty(n, device=su.NAME)
        assert x.data_ptr() % 64 == 0
        assert x.data_ptr() == x.untyped_storage().data_ptr()
    assert torch.empty(0, device=su.NAME).data_ptr() == 0


def test_non_strided_results_are_unsupported() -> None:
    with pytest.raises(NotImplementedError, match="not implemented for 'strideu'"):
        torch.arange(4.0, device=su.NAME).to_sparse()


def test_injected_bug_changes_device_transpose_only() -> None:
    previous = su.injected()
    try:
        su.inject(None)
        strides = {d: root_on(d).view(4, 6).t().stride() for d in DEVICES}
        assert strides == {"cpu": (1, 6), su.NAME: (1, 6)}
        su.inject("transpose-contiguous")
        assert su.injected() == "transpose-contiguous"
        for device in DEVICES:
            root = root_on(device)
            t = root.view(4, 6).t()
            strides[device] = (t.stride(), root.view(2, 3, 4).transpose(0, 2).stride())
            assert t.untyped_storage()._cdata == root.untyped_storage()._cdata
            assert t._base is root
        assert strides["cpu"] == ((1, 6), (1, 4, 12))
        assert strides[su.NAME] == ((4, 1), (6, 2, 1))
        su.inject(None)
        assert su.injected() is None
        assert root_on(su.NAME).view(4, 6).t().stride() == (1, 6)
        with pytest.raises(ValueError):
            su.inject("no-such-bug")
    finally:
        su.inject(previous)


def test_second_import_is_idempotent() -> None:
    spec = importlib.util.spec_from_file_location("strideu_backend_again", su.__file__)
    assert spec is not None and spec.loader is not None
    again = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(again)
    assert again.LIBRARY_PATH == su.LIBRARY_PATH
    assert torch.arange(3, device=su.NAME).cpu().tolist() == [0, 1, 2]


def _run(bug: str | None, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(HERE))
    env.pop("STRIDEU_BUG", None)
    # Only the plugin under test: other installed plugins must not affect the probe.
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    if bug is not None:
        env["STRIDEU_BUG"] = bug
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True, text=True, env=env, timeout=120,
    )


def test_bug_from_environment_and_plugin_load(tmp_path: Path) -> None:
    # A fresh process: the variable is read at import, and ``-p strideu_backend``
    # registers the device before tests are collected.
    probe = tmp_path / "test_probe.py"
    probe.write_text(textwrap.dedent("""
        import torch

        def test_probe():
            x = torch.arange(12.0, device="strideu").view(3, 4)
            assert x.t().stride() == (3, 1)
            assert torch.arange(12.0).view(3, 4).t().stride() == (1, 4)
    """))
    proc = _run("transpose-contiguous", "-m", "pytest", "-q", "-p", "strideu_backend",
                "-p", "no:cacheprovider", str(probe))
    assert proc.returncode == 0, proc.stdout + proc.stderr
