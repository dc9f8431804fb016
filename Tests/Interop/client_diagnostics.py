"""Everything the vendor's client says about the device state it receives, captured for the checks.

The client logs a parse problem (or nothing at all): awsiot calls the shadow callbacks on awscrt's
event-loop thread and an exception raised there never reaches the caller. So this module

- captures every log record at WARNING or above from the `hatch_rest_api` logger and the root logger;
- wraps the client's two shadow entry points (`_on_get_shadow_accepted`, `_on_update_shadow_accepted`)
  so an exception raised while it parses a document is recorded with its traceback and the
  `state.reported` it was parsing, instead of being lost, and counts the documents being parsed,
  so a check can wait until the one that satisfied it has been parsed to the end (`wait_idle`);
- writes a DEBUG log of the client, awsiot and the suite to a file for diagnosis.

Each captured problem is attributed to the check that is running when it happens (see `scope`).
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import threading
import traceback
from dataclasses import dataclass
from pathlib import Path

from hatch_rest_api.shadow_client_subscriber import ShadowClientSubscriberMixin


@dataclass
class ClientProblem:
    """A warning, an error or an exception from the client's handling of a device document."""
    scope: str          # the check (or set-up step) that was running
    source: str         # "log" or "callback"
    message: str
    detail: str = ""    # traceback and the document it was parsing, for callbacks


class ClientDiagnostics:
    """Collects `ClientProblem`s; install once, before any device object is created."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._problems: list[ClientProblem] = []
        self._scope = "set-up"
        # Shadow callbacks running now (on awscrt's event-loop threads).
        self._parsing = 0
        self._idle = threading.Condition()

    # Attribution ---------------------------------------------------------------------------------

    @contextlib.contextmanager
    def scope(self, name: str):
        """Problems recorded inside the block belong to `name`."""
        with self._lock:
            previous, self._scope = self._scope, name
        try:
            yield
        finally:
            with self._lock:
                self._scope = previous

    def mark(self) -> int:
        with self._lock:
            return len(self._problems)

    def since(self, mark: int) -> list[ClientProblem]:
        with self._lock:
            return list(self._problems[mark:])

    def wait_idle(self, timeout: float) -> bool:
        """Waits (bounded) until no shadow document is being parsed: a problem raised while parsing the
        report that satisfied a check is recorded by the time this returns."""
        with self._idle:
            return self._idle.wait_for(lambda: self._parsing == 0, timeout)

    def record(self, source: str, message: str, detail: str = "") -> None:
        with self._lock:
            self._problems.append(ClientProblem(self._scope, source, message, detail))

    # Installation --------------------------------------------------------------------------------

    def install(self, debug_log: Path) -> None:
        debug_log.parent.mkdir(parents=True, exist_ok=True)
        file_handler = logging.FileHandler(debug_log, mode="w", encoding="utf-8")
        file_handler.setLevel(logging.DEBUG)
        file_handler.setFormatter(logging.Formatter("%(asctime)s %(threadName)s %(name)s %(levelname)s %(message)s"))
        capture = _CapturingHandler(self)
        root = logging.getLogger()
        root.setLevel(logging.DEBUG)
        root.addHandler(file_handler)
        root.addHandler(capture)
        # Also on the client's own logger, in case something stops it from propagating to the root;
        # the handler counts each record once.
        logging.getLogger("hatch_rest_api").addHandler(capture)
        for noisy in ("paho", "asyncio"):
            logging.getLogger(noisy).setLevel(logging.INFO)
        self._wrap_shadow_callbacks()

    def _wrap_shadow_callbacks(self) -> None:
        mixin = ShadowClientSubscriberMixin
        for name in ("_on_get_shadow_accepted", "_on_update_shadow_accepted"):
            original = mixin.__dict__[name]
            if getattr(original, "_interop_wrapped", False):
                continue
            setattr(mixin, name, self._guarded(name, original))

    def _guarded(self, name: str, method):
        diagnostics = self

        @functools.wraps(method)
        def guarded(device, response):
            if response is None:
                # awsiot hands the callback None when the payload did not convert to its response type.
                diagnostics.record("callback", f"{device.device_name}: {name}: awsiot could not read the shadow "
                                   "reply into its response type (the callback received None)")
                return None
            with diagnostics._idle:
                diagnostics._parsing += 1
            try:
                return method(device, response)
            except Exception as error:  # noqa: BLE001 — every exception here is a finding
                reported = getattr(getattr(response, "state", None), "reported", None)
                diagnostics.record(
                    "callback",
                    f"{device.device_name}: {name} raised {type(error).__name__}: {error}",
                    traceback.format_exc() + "while parsing state.reported = " + _compact(reported),
                )
                return None
            finally:
                with diagnostics._idle:
                    diagnostics._parsing -= 1
                    diagnostics._idle.notify_all()

        guarded._interop_wrapped = True
        return guarded


class _CapturingHandler(logging.Handler):
    def __init__(self, diagnostics: ClientDiagnostics):
        super().__init__(level=logging.WARNING)
        self.diagnostics = diagnostics

    def emit(self, record: logging.LogRecord) -> None:
        if getattr(record, "_interop_captured", False):
            return
        record._interop_captured = True
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 — a broken format string is still worth reporting
            message = str(record.msg)
        detail = ""
        if record.exc_info:
            detail = "".join(traceback.format_exception(*record.exc_info))
        self.diagnostics.record("log", f"{record.name} {record.levelname}: {message}", detail)


def _compact(value, limit: int = 4000) -> str:
    try:
        text = json.dumps(value, sort_keys=True, default=str)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"
