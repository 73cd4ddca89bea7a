"""The ``strideu`` test device: PrivateUse1 renamed, backed by host memory.

Importing this module (or loading it with ``pytest -p strideu_backend``) builds a
small C++ extension once, loads it and registers the device for this process.
The extension gives the device a real allocator, so tensors on ``strideu`` have
real storages, ``data_ptr()`` values and storage sharing.  View ops run ATen's
own view kernels; every other op runs its CPU kernel on CPU tensors that alias
the device memory (same storage, sizes, strides and offset), so results,
strides and errors match the CPU.  Ops whose results cannot live on the device
(sparse and other non-strided layouts) raise NotImplementedError.

``STRIDEU_BUG=transpose-contiguous`` at import, or ``inject(...)`` at runtime,
makes ``transpose``/``t`` on strideu return a view with contiguous strides.
"""

from __future__ import annotations

import ctypes
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
import types
from pathlib import Path

import torch
import torch.utils.cpp_extension as _cpp_ext

NAME = "strideu"
BUGS = {"transpose-contiguous": 1}

_CPP_SOURCE = r"""
#include <atomic>
#include <cstring>
#include <unordered_map>
#include <vector>

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/EmptyTensor.h>
#include <ATen/core/Tensor.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/stack.h>
#include <ATen/detail/PrivateUse1HooksInterface.h>
#include <ATen/native/Resize.h>
#include <ATen/ops/_reshape_alias_native.h>
#include <ATen/ops/as_strided_native.h>
#include <ATen/ops/is_set_to_native.h>
#include <ATen/ops/resize_native.h>
#include <ATen/ops/set_native.h>
#include <ATen/ops/transpose_native.h>
#include <ATen/ops/unfold_native.h>
#include <ATen/ops/view_as_complex_native.h>
#include <ATen/ops/view_as_real_native.h>
#include <ATen/ops/view_native.h>
#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <c10/core/impl/DeviceGuardImplInterface.h>
#include <c10/core/impl/alloc_cpu.h>
#include <torch/library.h>

namespace {

constexpr c10::DeviceType kDev = c10::DeviceType::PrivateUse1;
std::atomic<int> g_bug{0};

c10::Device dev0() { return c10::Device(kDev, 0); }

// Host memory from the CPU allocator routines, so alignment matches the CPU.
void strideu_free(void* p) { c10::free_cpu(p); }

struct StrideuAllocator final : c10::Allocator {
  c10::DataPtr allocate(size_t nbytes) override {
    void* p = nbytes ? c10::alloc_cpu(nbytes) : nullptr;
    return {p, p, &strideu_free, dev0()};
  }
  c10::DeleterFnPtr raw_deleter() const override { return &strideu_free; }
  void copy_data(void* dst, const void* src, size_t n) const override {
    default_copy_data(dst, src, n);
  }
};

StrideuAllocator g_alloc;

// Same steps as the CPU's resize_bytes_cpu, with this device's allocator.
void resize_bytes(c10::StorageImpl* s, size_t nbytes) {
  TORCH_CHECK(s->resizable(), "Trying to resize storage that is not resizable");
  c10::DataPtr fresh;
  if (nbytes != 0) fresh = g_alloc.allocate(nbytes);
  const c10::DataPtr& old = s->data_ptr();
  size_t keep = std::min(nbytes, s->nbytes());
  if (old.get() != nullptr && keep > 0) std::memcpy(fresh.get(), old.get(), keep);
  s->set_data_ptr_noswap(std::move(fresh));
  s->set_nbytes(nbytes);
}

struct StrideuGuard final : c10::impl::DeviceGuardImplInterface {
  static void check(c10::Device d) {
    TORCH_CHECK(d.type() == kDev && d.index() <= 0, "strideu has one device (index 0), got ", d);
  }
  c10::DeviceType type() const override { return kDev; }
  c10::Device exchangeDevice(c10::Device d) const override { check(d); return dev0(); }
  c10::Device getDevice() const override { return dev0(); }
  void setDevice(c10::Device d) const override { check(d); }
  void uncheckedSetDevice(c10::Device) const noexcept override {}
  c10::Stream getStream(c10::Device) const noexcept override {
    return c10::Stream(c10::Stream::DEFAULT, dev0());
  }
  c10::Stream exchangeStream(c10::Stream) const noexcept override {
    return c10::Stream(c10::Stream::DEFAULT, dev0());
  }
  c10::DeviceIndex deviceCount() const noexcept override { return 1; }
};

struct StrideuHooks final : at::PrivateUse1HooksInterface {
  bool isBuilt() const override { return true; }
  bool isAvailable() const override { return true; }
  const at::Generator& getDefaultGenerator(c10::DeviceIndex) const override {
    return at::detail::getDefaultCPUGenerator();
  }
  at::Generator getNewGenerator(c10::DeviceIndex) const override {
    return at::detail::createCPUGenerator();
  }
  at::Device getDeviceFromPtr(void*) const override { return dev0(); }
  bool isPinnedPtr(const void*) const override { return false; }
  c10::Allocator* getPinnedMemoryAllocator() const override { return c10::GetCPUAllocator(); }
  bool hasPrimaryContext(c10::DeviceIndex) const override { return true; }
  void init() const override {}
  c10::DeviceIndex deviceCount() const override { return 1; }
  c10::DeviceIndex getCurrentDevice() const override { return 0; }
  void resizePrivateUse1Bytes(const c10::Storage& s, size_t n) const override {
    resize_bytes(s.unsafeGetStorageImpl(), n);
  }
};

const bool g_hooks = [] {
  at::RegisterPrivateUse1HooksInterface(new StrideuHooks());
  return true;
}();

at::Tensor wrap(c10::Storage s, c10::DispatchKey key, const at::Tensor& like) {
  auto t = at::detail::make_tensor<c10::TensorImpl>(
      std::move(s), c10::DispatchKeySet(key), like.dtype());
  auto* impl = t.unsafeGetTensorImpl();
  impl->set_sizes_and_strides(like.sizes(), like.strides(), like.storage_offset());
  impl->_set_conj(like.is_conj());
  impl->_set_neg(like.is_neg());
  return t;
}

// Runs CPU kernels on CPU tensors that alias device memory.  One CPU storage per
// device storage and one CPU tensor per device tensor, so the CPU kernels see the
// same aliasing (overlap checks, is_same) as they would on the CPU.
struct Aliases {
  struct Mem { c10::Storage dev; c10::Storage cpu; };
  std::vector<Mem> mems;
  std::vector<std::pair<at::Tensor, at::Tensor>> tensors;  // (device, cpu alias)
  std::unordered_map<c10::StorageImpl*, c10::Storage> fresh;  // cpu result -> device

  c10::Storage cpu_storage(const c10::Storage& s) {
    for (auto& m : mems)
      if (m.dev.unsafeGetStorageImpl() == s.unsafeGetStorageImpl()) return m.cpu;
    c10::DataPtr dp(s.data_ptr().get(), c10::Device(c10::kCPU));  // not owning
    c10::Storage cpu(c10::Storage::use_byte_size_t(), s.nbytes(), std::move(dp),
                     c10::GetCPUAllocator(), s.resizable());
    mems.push_back({s, cpu});
    return cpu;
  }

  at::Tensor to_cpu(const at::Tensor& t) {
    if (!t.defined() || t.device().type() != kDev) return t;
    for (auto& p : tensors)
      if (p.first.unsafeGetTensorImpl() == t.unsafeGetTensorImpl()) return p.second;
    at::Tensor c = wrap(cpu_storage(t.storage()), c10::DispatchKey::CPU, t);
    c.unsafeGetTensorImpl()->set_allow_tensor_metadata_change(
        t.unsafeGetTensorImpl()->allow_tensor_metadata_change());
    tensors.emplace_back(t, c);
    return c;
  }

  c10::Storage dev_storage(const c10::Storage& cpu) {
    for (auto& m : mems)
      if (m.cpu.unsafeGetStorageImpl() == cpu.unsafeGetStorageImpl()) return m.dev;
    auto it = fresh.find(cpu.unsafeGetStorageImpl());
    if (it != fresh.end()) return it->second;
    c10::Storage d(c10::Storage::use_byte_size_t(), cpu.nbytes(), &g_alloc, cpu.resizable());
    if (cpu.nbytes() > 0) std::memcpy(d.mutable_data(), cpu.data(), cpu.nbytes());
    fresh.emplace(cpu.unsafeGetStorageImpl(), d);
    return d;
  }

  // Mirror what the CPU kernel did to the aliases back onto the device tensors.
  void sync_back() {
    for (auto& m : mems) {
      auto* c = m.cpu.unsafeGetStorageImpl();
      auto* d = m.dev.unsafeGetStorageImpl();
      if (c->data_ptr().get() == d->data_ptr().get() && c->nbytes() == d->nbytes()) continue;
      resize_bytes(d, c->nbytes());  // the CPU kernel grew (reallocated) the storage
      if (c->nbytes() > 0) std::memcpy(d->mutable_data(), c->data(), c->nbytes());
    }
    for (auto& p : tensors) {
      auto* d = p.first.unsafeGetTensorImpl();
      const at::Tensor& c = p.second;
      if (c.storage().unsafeGetStorageImpl() != cpu_storage(p.first.storage())
              .unsafeGetStorageImpl()) {
        d->set_storage_keep_dtype(dev_storage(c.storage()));
      }
      if (d->sizes() != c.sizes() || d->strides() != c.strides() ||
          d->storage_offset() != c.storage_offset()) {
        d->set_sizes_and_strides(c.sizes(), c.strides(), c.storage_offset());
      }
    }
  }

  at::Tensor to_dev(const at::Tensor& o, const char* op) {
    if (!o.defined() || o.device().type() != c10::kCPU) return o;
    for (auto& p : tensors)
      if (p.second.unsafeGetTensorImpl() == o.unsafeGetTensorImpl()) return p.first;
    TORCH_CHECK_NOT_IMPLEMENTED(o.layout() == c10::kStrided, op, ": layout ", o.layout(),
                                " is not implemented for 'strideu'");
    return wrap(dev_storage(o.storage()), c10::DispatchKey::PrivateUse1, o);
  }

  c10::IValue in(const c10::IValue& v) {
    if (v.isTensor()) return to_cpu(v.toTensor());
    if (v.isTensorList()) {
      c10::List<at::Tensor> out;
      for (const at::Tensor& t : v.toTensorList()) out.push_back(to_cpu(t));
      return out;
    }
    if (v.isOptionalTensorList()) {
      c10::List<std::optional<at::Tensor>> out;
      for (const std::optional<at::Tensor>& t : v.toOptionalTensorList())
        out.push_back(t.has_value() ? std::optional<at::Tensor>(to_cpu(*t)) : std::nullopt);
      return out;
    }
    if (v.isDevice() && v.toDevice().type() == kDev) return c10::Device(c10::kCPU);
    return v;
  }

  c10::IValue out(const c10::IValue& v, const char* op) {
    if (v.isTensor()) return to_dev(v.toTensor(), op);
    if (v.isTensorList()) {
      c10::List<at::Tensor> res;
      for (const at::Tensor& t : v.toTensorList()) res.push_back(to_dev(t, op));
      return res;
    }
    return v;
  }
};

void fallback(const c10::OperatorHandle& op, torch::jit::Stack* stack) {
  const auto& schema = op.schema();
  const size_t nargs = schema.arguments().size();
  const size_t base = stack->size() - nargs;
  Aliases a;
  // CPU tensors passed in and returned (e.g. out=) stay CPU tensors.
  std::vector<at::Tensor> cpu_inputs;
  for (size_t i = 0; i < nargs; ++i) {
    c10::IValue& v = (*stack)[base + i];
    if (v.isTensor() && v.toTensor().defined() && v.toTensor().device().is_cpu())
      cpu_inputs.push_back(v.toTensor());
    v = a.in(v);
  }
  op.redispatchBoxed(c10::DispatchKeySet(c10::DispatchKey::CPU), stack);
  a.sync_back();
  const size_t nret = schema.returns().size();
  const std::string name = schema.operator_name().name;
  for (size_t i = stack->size() - nret; i < stack->size(); ++i) {
    c10::IValue& v = (*stack)[i];
    bool passthrough = false;
    if (v.isTensor())
      for (auto& t : cpu_inputs)
        if (t.unsafeGetTensorImpl() == v.toTensor().unsafeGetTensorImpl()) passthrough = true;
    if (!passthrough) v = a.out(v, name.c_str());
  }
}

void check_device(const std::optional<c10::Device>& device) {
  if (device.has_value()) StrideuGuard::check(*device);
}

at::Tensor empty_memory_format(c10::IntArrayRef size, std::optional<c10::ScalarType> dtype,
                               std::optional<c10::Layout> layout,
                               std::optional<c10::Device> device, std::optional<bool> pin,
                               std::optional<c10::MemoryFormat> fmt) {
  check_device(device);
  TORCH_CHECK_NOT_IMPLEMENTED(c10::layout_or_default(layout) == c10::kStrided,
                              "non-strided layouts are not implemented for 'strideu'");
  TORCH_CHECK(!c10::pinned_memory_or_default(pin), "Only dense CPU tensors can be pinned");
  return at::detail::empty_generic(size, &g_alloc,
                                   c10::DispatchKeySet(c10::DispatchKey::PrivateUse1),
                                   c10::dtype_or_default(dtype), fmt);
}

at::Tensor empty_strided(c10::IntArrayRef size, c10::IntArrayRef stride,
                         std::optional<c10::ScalarType> dtype, std::optional<c10::Layout> layout,
                         std::optional<c10::Device> device, std::optional<bool> pin) {
  check_device(device);
  TORCH_CHECK_NOT_IMPLEMENTED(c10::layout_or_default(layout) == c10::kStrided,
                              "non-strided layouts are not implemented for 'strideu'");
  TORCH_CHECK(!c10::pinned_memory_or_default(pin), "Only dense CPU tensors can be pinned");
  return at::detail::empty_strided_generic(
      size, stride, &g_alloc, c10::DispatchKeySet(c10::DispatchKey::PrivateUse1),
      c10::dtype_or_default(dtype));
}

at::Tensor as_strided(const at::Tensor& self, c10::IntArrayRef size, c10::IntArrayRef stride,
                      std::optional<int64_t> offset) {
  return at::native::as_strided_tensorimpl(self, size, stride, offset);
}

at::Tensor view(const at::Tensor& self, c10::IntArrayRef size) {
  return at::native::view(self, size);
}

at::Tensor reshape_alias(const at::Tensor& self, c10::IntArrayRef size, c10::IntArrayRef stride) {
  return at::native::_reshape_alias(self, size, stride);
}

at::Tensor unfold(const at::Tensor& self, int64_t dim, int64_t size, int64_t step) {
  return at::native::unfold(self, dim, size, step);
}

at::Tensor view_as_real(const at::Tensor& self) { return at::native::view_as_real(self); }
at::Tensor view_as_complex(const at::Tensor& self) { return at::native::view_as_complex(self); }

const at::Tensor& resize_(const at::Tensor& self, c10::IntArrayRef size,
                          std::optional<c10::MemoryFormat> fmt) {
  return at::native::resize_(self, size, fmt);
}

at::Tensor& set_storage(at::Tensor& self, c10::Storage src) { return at::native::set_(self, src); }

at::Tensor& set_storage_offset(at::Tensor& self, c10::Storage src, int64_t offset,
                               c10::IntArrayRef size, c10::IntArrayRef stride) {
  return at::native::set_storage_cpu_(self, src, offset, size, stride);
}

at::Tensor& set_tensor(at::Tensor& self, const at::Tensor& src) {
  return at::native::set_tensor_(self, src);
}

// The CPU kernel for set_() allocates with the CPU allocator; use ours.
at::Tensor& set_empty(at::Tensor& self) {
  c10::Storage s(c10::Storage::use_byte_size_t(), 0, &g_alloc, true);
  return self.set_(s, 0, {0}, {});
}

bool is_set_to(const at::Tensor& self, const at::Tensor& other) {
  return at::native::is_set_to(self, other);
}

at::Tensor copy_from(const at::Tensor& src, const at::Tensor& dst, bool non_blocking) {
  Aliases a;
  at::Tensor d = a.to_cpu(dst);
  d.copy_(a.to_cpu(src), non_blocking);
  return dst;
}

at::Tensor copy_from_and_resize(const at::Tensor& src, const at::Tensor& dst) {
  at::native::resize_(dst, src.sizes(), std::nullopt);
  return copy_from(src, dst, false);
}

at::Tensor transpose(const at::Tensor& self, int64_t d0, int64_t d1) {
  at::Tensor r = at::native::transpose(self, d0, d1);
  if (g_bug.load() != 1) return r;
  // Injected bug: contiguous strides for the transposed shape, same storage.
  std::vector<int64_t> st(r.dim());
  int64_t acc = 1;
  for (int64_t i = r.dim() - 1; i >= 0; --i) {
    st[i] = acc;
    acc *= std::max<int64_t>(r.size(i), 1);
  }
  // Where those strides would reach past the storage (e.g. expanded inputs) the
  // bug stays silent rather than raising an error the CPU never shows.
  int64_t last = r.storage_offset();
  for (int64_t i = 0; i < r.dim(); ++i) last += (r.size(i) - 1) * st[i];
  const int64_t capacity = static_cast<int64_t>(self.storage().nbytes()) / self.itemsize();
  if (r.numel() == 0 || last >= capacity) return r;
  return at::native::as_strided_tensorimpl(self, r.sizes(), st, r.storage_offset());
}

}  // namespace

REGISTER_ALLOCATOR(c10::DeviceType::PrivateUse1, &g_alloc);
C10_REGISTER_GUARD_IMPL(PrivateUse1, StrideuGuard);

TORCH_LIBRARY_IMPL(aten, PrivateUse1, m) {
  m.impl("empty.memory_format", empty_memory_format);
  m.impl("empty_strided", empty_strided);
  m.impl("as_strided", as_strided);
  m.impl("view", view);
  m.impl("_reshape_alias", reshape_alias);
  m.impl("unfold", unfold);
  m.impl("view_as_real", view_as_real);
  m.impl("view_as_complex", view_as_complex);
  m.impl("resize_", resize_);
  m.impl("set_.source_Storage", set_storage);
  m.impl("set_.source_Storage_storage_offset", set_storage_offset);
  m.impl("set_.source_Tensor", set_tensor);
  m.impl("set_", set_empty);
  m.impl("is_set_to", is_set_to);
  m.impl("_copy_from", copy_from);
  m.impl("_copy_from_and_resize", copy_from_and_resize);
  m.impl("transpose.int", transpose);
  // convolution is composite: on a PrivateUse1 device it would pick the overrideable backend,
  // which nothing implements; run the whole op on the CPU aliases, as every other op runs
  m.impl("convolution", torch::CppFunction::makeFromBoxedFunction<&fallback>());
}

// The conjugate/negative fallbacks would resolve the bit of a copy's source with
// clone(), which copies through _copy_from again, forever.  The CPU copy_ that
// _copy_from runs on the aliases resolves those bits itself.
TORCH_LIBRARY_IMPL(aten, Conjugate, m) {
  m.impl("_copy_from", torch::CppFunction::makeFallthrough());
  m.impl("_copy_from_and_resize", torch::CppFunction::makeFallthrough());
}

TORCH_LIBRARY_IMPL(aten, Negative, m) {
  m.impl("_copy_from", torch::CppFunction::makeFallthrough());
  m.impl("_copy_from_and_resize", torch::CppFunction::makeFallthrough());
}

TORCH_LIBRARY_IMPL(_, PrivateUse1, m) {
  m.fallback(torch::CppFunction::makeFromBoxedFunction<&fallback>());
}

// An op with both a CPU kernel and a composite one runs the CPU kernel on the
// CPU but would run the composite on this device, which can differ (dtype checks,
// kernels called straight through a DispatchStub).  Route those to the CPU kernel.
const bool g_cpu_routes = [] {
  static auto* lib = new torch::Library(torch::Library::IMPL, "aten",
                                        c10::DispatchKey::PrivateUse1, __FILE__, __LINE__);
  auto route = [](const std::string& name) {
    lib->impl(name.c_str(), torch::CppFunction::makeFromBoxedFunction<&fallback>());
  };
  auto& d = c10::Dispatcher::singleton();
  for (const c10::OperatorName& op : d.getAllOpNames()) {
    if (op.name.rfind("aten::", 0) != 0) continue;
    auto h = d.findOp(op);
    if (!h || h->hasKernelForDispatchKey(c10::DispatchKey::PrivateUse1)) continue;
    if (!h->hasKernelForDispatchKey(c10::DispatchKey::CPU)) continue;
    if (h->hasKernelForDispatchKey(c10::DispatchKey::CompositeExplicitAutograd) ||
        h->hasKernelForDispatchKey(c10::DispatchKey::CompositeExplicitAutogradNonFunctional))
      route(op.overload_name.empty() ? op.name : op.name + "." + op.overload_name);
  }
  // Composites that call a DispatchStub directly or take a CPU-only branch.
  for (const char* name : {"aten::conj_physical_", "aten::ldexp.Tensor", "aten::ldexp_",
                           "aten::ldexp.out"})
    route(name);
  return true;
}();

extern "C" {
void strideu_set_bug(int code) { g_bug.store(code); }
int strideu_get_bug() { return g_bug.load(); }
}
"""


class BuildUnavailable(RuntimeError):
    """No C++ compiler here, so the backend cannot be built."""


def _build_flags() -> list[str]:
    abi = int(torch._C._GLIBCXX_USE_CXX11_ABI)
    incs = [f"-I{p}" for p in _cpp_ext.include_paths()]
    libs = [f"-L{p}" for p in _cpp_ext.library_paths()]
    rpath = [f"-Wl,-rpath,{p}" for p in _cpp_ext.library_paths()]
    return [
        "-shared", "-fPIC", "-O1", "-std=c++20", "-w", f"-D_GLIBCXX_USE_CXX11_ABI={abi}",
        *incs, *libs, *rpath, "-lc10", "-ltorch_cpu",
    ]


def _cache_dir() -> Path:
    root = os.environ.get("STRIDEU_BUILD_DIR") or tempfile.gettempdir()
    ver = torch.__version__.replace("+", "_")
    py = f"py{sys.version_info[0]}{sys.version_info[1]}"
    # Per user: a directory another user created in a shared temp dir is not writable.
    return Path(root) / f"strideu_backend_{os.getuid()}_torch{ver}_{py}"


BUILD_SECONDS: float | None = None  # compile time in this process, None if cached


def _library_path() -> Path:
    """Return the built extension, compiling it first if no cached build exists."""
    global BUILD_SECONDS
    wanted = os.environ.get("CXX")
    cxx = shutil.which(wanted) if wanted else shutil.which("c++") or shutil.which("g++")
    if cxx is None:
        raise BuildUnavailable("the strideu backend needs a C++ compiler (set CXX or install g++)")
    flags = _build_flags()
    key = hashlib.sha256(
        "\0".join([_CPP_SOURCE, cxx, *flags, sysconfig.get_platform()]).encode()
    ).hexdigest()[:16]
    out_dir = _cache_dir()
    out_dir.mkdir(parents=True, exist_ok=True)
    lib = out_dir / f"strideu_{key}.so"
    if lib.exists():
        return lib
    # Parallel test workers share the cache: one compiles, the rest wait for it.
    with open(out_dir / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if lib.exists():
            return lib
        src = out_dir / f"strideu_{key}.cpp"
        src.write_text(_CPP_SOURCE)
        tmp = out_dir / f"strideu_{key}.{os.getpid()}.so.tmp"
        start = time.perf_counter()
        proc = subprocess.run(
            [cxx, str(src), "-o", str(tmp), *flags], capture_output=True, text=True
        )
        if proc.returncode != 0:
            tmp.unlink(missing_ok=True)
            raise RuntimeError(f"building the strideu backend failed:\n{proc.stderr[-4000:]}")
        os.replace(tmp, lib)
        BUILD_SECONDS = time.perf_counter() - start
    return lib


def _device_module() -> types.ModuleType:
    mod = types.ModuleType(f"torch.{NAME}")
    mod.is_available = lambda: True
    mod.is_initialized = lambda: True  # FakeTensorMode asks before making fake tensors
    mod.device_count = lambda: 1
    mod.current_device = lambda: 0
    mod.set_device = lambda device: None
    mod.synchronize = lambda device=None: None
    mod._is_in_bad_fork = lambda: False
    mod.manual_seed = mod.manual_seed_all = lambda seed: None
    mod.get_amp_supported_dtype = lambda: [torch.float16, torch.bfloat16]
    return mod


def _register() -> ctypes.CDLL:
    current = torch._C._get_privateuse1_backend_name()
    if current not in ("privateuseone", NAME):
        raise RuntimeError(f"PrivateUse1 is already registered as {current!r}, not {NAME!r}")
    # A second import (another module name, another build dir) must reuse the
    # library already loaded: a second one would register the device twice.
    loaded = getattr(getattr(torch, NAME, None), "_library_path", None)
    path = Path(loaded) if loaded else _library_path()
    torch.ops.load_library(str(path))  # a no-op for a path it already loaded
    if current != NAME:
        torch.utils.rename_privateuse1_backend(NAME)
    if not hasattr(torch, NAME):
        mod = _device_module()
        mod._library_path = str(path)
        torch._register_device_module(NAME, mod)
    if not hasattr(torch.Tensor, NAME):
        torch.utils.generate_methods_for_privateuse1_backend(for_storage=True)
    lib = ctypes.CDLL(str(path))
    lib.strideu_set_bug.argtypes = [ctypes.c_int]
    lib.strideu_get_bug.restype = ctypes.c_int
    return lib


_lib = _register()
LIBRARY_PATH = Path(_lib._name)


def inject(bug: str | None) -> None:
    """Turn a device-only bug on (by name) or off (None)."""
    if bug is not None and bug not in BUGS:
        raise ValueError(f"unknown strideu bug {bug!r}; known: {sorted(BUGS)}")
    _lib.strideu_set_bug(BUGS[bug] if bug else 0)


def injected() -> str | None:
    """Return the name of the bug now injected, or None."""
    code = _lib.strideu_get_bug()
    return next((name for name, c in BUGS.items() if c == code), None)


inject(os.environ.get("STRIDEU_BUG") or None)


def autoload() -> None:
    """The `torch.backends` entry point torch calls at import (as out-of-tree backends are
    loaded): importing this module has registered the device already."""
