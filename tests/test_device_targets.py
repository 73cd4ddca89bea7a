"""Targets for any device: discovered from torch, or named by the user."""

from __future__ import annotations

import subprocess
import sys

from stridecheck.conformance.targets import all_targets, resolve_targets, with_devices
from stridecheck.reports.summary import also_on_cpu


def test_a_named_device_gets_an_eager_and_a_fake_target() -> None:
    targets = {t.name: t for t in resolve_targets(None, ("cuda:1", "npu:0"))}
    assert targets["eager:cuda:1"].device == "cuda:1"
    assert "reports no cuda device" in str(targets["eager:cuda:1"].unavailable)
    # a fake tensor needs no device, only a device type torch knows
    assert targets["fake:cuda:1"].unavailable is None
    assert "does not know this device" in str(targets["eager:npu:0"].unavailable)
    assert "does not know this device" in str(targets["fake:npu:0"].unavailable)
    assert "eager:cuda:1" not in all_targets(), "named devices only where named"


def test_naming_devices_keeps_only_their_eager_and_fake_targets() -> None:
    kept = [t.name for t in with_devices(resolve_targets(None, ("cuda:1",)), ("cuda:1",))]
    assert "eager:cuda:1" in kept and "fake:cuda:1" in kept and "meta" in kept
    assert not {"eager:cpu", "fake:cpu", "eager:cuda", "fake:cuda"} & set(kept)
    assert "compile:inductor" in kept


def test_a_privateuse1_backend_is_found_under_its_name_and_the_model_learns_it() -> None:
    # a tensor made on a bare accelerator name lands on its current device, index 0, as
    # torch's own do (strideu, the registered test backend, shows it on torch's side)
    code = (
        "import torch\n"
        "from torch.utils.backend_registration import _setup_privateuseone_for_python_backend\n"
        "_setup_privateuseone_for_python_backend('npx')\n"
        "from stridecheck.conformance.targets import all_targets, device_names\n"
        "import stridecheck.reference as T\n"
        "t = all_targets()\n"
        "print(t['eager:npx'].unavailable, t['fake:npx'].unavailable, 'npx' in device_names())\n"
        "print(T.zeros(2, device='npx').device, T.device('privateuseone'))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split("\n")[:2] == ["None None True", "npx:0 npx"]


def _failure(target: str, device: str, op: str, field: str) -> dict[str, object]:
    return {"target": target, "device": device, "op": op, "status": "divergence",
            "diffs": [{"field": field}]}


def test_a_device_failure_eager_cpu_shows_too_is_told_apart() -> None:
    cpu = _failure("eager:cpu", "cpu", "add", "strides")
    same = _failure("eager:cuda", "cuda", "add", "strides")
    other_field = _failure("eager:cuda", "cuda", "add", "values")
    failures = [cpu, same, other_field]
    assert also_on_cpu(same, failures)
    assert not also_on_cpu(other_field, failures)
    assert not also_on_cpu(cpu, failures)
    assert not also_on_cpu(same, [same, other_field])
