"""Devices of the reference: cpu, cuda (simulated on the host), meta, and other device strings."""

from __future__ import annotations

import pytest
import torch

import stridecheck.reference as T
from stridecheck.conformance.execute import compare_runs, run
from stridecheck.conformance.observe import FIELDS
from stridecheck.conformance.outcome import not_modelled
from stridecheck.conformance.sweep import programs


@pytest.mark.parametrize("text", ["cpu", "cuda", "cuda:1", "meta", "xpu:0", "mps",
                                  "privateuseone", "cuda:01", "CPU", "", "cuda:-1", "foo"])
def test_device_strings_parse_as_torch_parses_them(text: str) -> None:
    try:
        expected = torch.device(text)
    except RuntimeError as exc:
        with pytest.raises(RuntimeError) as info:
            T.device(text)
        assert str(info.value) == str(exc)
        return
    got = T.device(text)
    assert (got.type, got.index, str(got)) == (expected.type, expected.index, str(expected))


def test_device_accepts_torch_device_objects() -> None:
    got = T.device(torch.device("cuda", 3))
    assert (got.type, got.index) == ("cuda", 3)
    assert T.zeros(2, device=torch.device("meta")).is_meta


def test_allocator_alignment_per_device() -> None:
    # c10 gAlignment (64) for CPU; the CUDA caching allocator rounds blocks to 512 bytes
    for n in (1, 3, 100, 1000):
        assert T.empty(n).data_ptr() % 64 == 0
        assert T.empty(n, device="cuda").data_ptr() % 512 == 0
    assert T.empty(0).data_ptr() == 0
    m = T.empty(3, 4, device="meta")
    assert m.untyped_storage().data_ptr() == 0 and m.untyped_storage().nbytes() == 48
    assert m[1:].data_ptr() == 16


def test_cuda_tensors_report_an_index_and_values_stay_readable() -> None:
    x = T.arange(6, device="cuda").view(2, 3)
    assert str(x.device) == "cuda:0" and x.is_cuda and not x.is_meta
    y = x.t().to("cpu")
    assert y.device == T.device("cpu") and y.stride() == (1, 3)
    assert y.tolist() == [[0, 3], [1, 4], [2, 5]]
    assert x.to("cuda") is x and x.to("cuda:0") is x


def test_meta_has_no_values() -> None:
    m = T.zeros(2, device="meta")
    with pytest.raises(NotImplementedError):
        m.tolist()
    with pytest.raises(RuntimeError):
        m[0].item()
    with pytest.raises(NotImplementedError):
        m.to("cpu")


# the ops the model gives rules of CUDA's own: svd's Vh is row-major (cuSOLVER), FFTs compute
# half (promote_type_fft); the tests below check those against fake CUDA tensors
_CUDA_OWN = ("linalg.svd", "fft.")


def test_reference_cuda_matches_torch_cpu_on_everything_but_the_device() -> None:
    # the same random stream builds the same programs whatever the device string
    fields = tuple(f for f in FIELDS if f != "device")
    checked = 0
    for on_cuda, on_cpu in zip(programs(7, 300, device="cuda"), programs(7, 300)):
        if any(s.op.name.startswith(_CUDA_OWN) for s in on_cuda.steps):
            continue
        expected = run(on_cuda, T)
        if any(r.error and not_modelled(r.error[1]) for r in expected):
            continue  # the model has no rule for a step: nothing to compare it with
        actual = run(on_cpu, torch)
        diffs = compare_runs(actual, expected, fields)
        assert not diffs, f"{on_cuda}\n" + "\n".join(map(str, diffs))
        checked += 1
    assert checked >= 270  # of 300: the rest are not modelled or call _CUDA_OWN ops


def test_fft_computes_half_on_cuda_as_promote_type_fft_allows_and_cufft_plans_it() -> None:
    # SpectralOps.cpp promote_type_fft takes Half on CUDA and meta only; cuFFT's half plans
    # need power-of-two signal sizes (CuFFTPlanCache.h), which the model does not word
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode():
        fake = torch.fft.irfft(torch.ones(2, 3, dtype=torch.float16, device="cuda"))
    got = T.fft.irfft(T.ones(2, 3, dtype=T.float16, device="cuda"))
    assert (got.shape, got.stride(), str(got.dtype)) == (fake.shape, fake.stride(),
                                                         str(fake.dtype))
    assert got.tolist() == [[1.0, 0.0, 0.0, 0.0]] * 2
    with pytest.raises(NotImplementedError, match="power of two"):
        T.fft.fft(T.ones(3, dtype=T.float16, device="cuda"))
    with pytest.raises(RuntimeError, match="Unsupported dtype Half"):
        T.fft.irfft(T.ones(2, 3, dtype=T.float16))


def test_svd_lays_vh_out_row_major_on_cuda_as_cusolver_computes_v() -> None:
    # TORCH_META_FUNC(_linalg_svd): Vh is F-contiguous unless svd_uses_cusolver(A)
    from torch._subclasses.fake_tensor import FakeTensorMode

    for shape in ((2, 3, 4), (4, 1), (0, 2)):
        with FakeTensorMode():
            fake = torch.linalg.svd(torch.ones(shape, device="cuda"))
        got = T.linalg.svd(T.ones(shape, device="cuda"))
        on_cpu = T.linalg.svd(T.ones(shape))
        assert [r.stride() for r in got] == [r.stride() for r in fake]
        assert got[2].stride() != on_cpu[2].stride() or shape[-1] == 1
