"""Progress lines for a long run, read from the results file the run is writing."""

from __future__ import annotations

import json
import sys
import threading
import time
from collections import Counter
from types import TracebackType

from stridecheck.conformance.results import STATUSES


class Progress:
    """Print a line of example counts every `every` seconds while a run writes its results."""

    def __init__(self, path: str, every: float = 10.0, quiet: bool = False) -> None:
        self.path = path
        self.every = every
        self.quiet = quiet
        self.counts: Counter[str] = Counter()
        self._offset = 0
        self._partial = b""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._start = time.monotonic()

    def __enter__(self) -> Progress:
        if not self.quiet:
            self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _loop(self) -> None:
        while not self._stop.wait(self.every):
            self.poll()
            print(self.line(), file=sys.stderr, flush=True)

    def poll(self) -> None:
        """Count the example records written since the last poll."""
        try:
            with open(self.path, "rb") as fh:
                fh.seek(self._offset)
                chunk = fh.read()
        except OSError:
            return
        self._offset += len(chunk)
        lines = (self._partial + chunk).split(b"\n")
        self._partial = lines.pop()
        for line in lines:
            if b'"kind":"example"' not in line:
                continue
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if not record.get("shrink"):
                self.counts[record.get("status", "?")] += 1

    def line(self) -> str:
        seconds = time.monotonic() - self._start
        total = sum(self.counts.values())
        parts = ", ".join(f"{self.counts[s]} {s}" for s in STATUSES if self.counts[s])
        return f"  [{seconds:5.0f} s] {total} examples checked" + (f": {parts}" if parts else "")

