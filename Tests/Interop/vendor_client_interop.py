#!/usr/bin/env python3
"""Interop suite: the vendor's own client against the simulated fleet, at a matrix of simulated hours.

The vendor's Python client (`hatch-rest-api`, which Home Assistant's Hatch integration uses) builds
one device object per Hatch device over an AWS IoT device-shadow client (`awsiotsdk`). Here it
talks, unmodified, to `hatchctl fleet run` on a private mosquitto: the connection is a plain
`awscrt.mqtt.Connection` without TLS instead of AWS IoT Core's websocket, and the device list,
favorites and sounds, which the vendor's cloud would provide, come from the fleet's retained
registry and routine records and the client's own sound tables.

For each device the suite builds the class the vendor's bootstrap (`util_bootstrap.py`) builds for its
product (RestoreIot, RestoreV4, RestoreV5, RestIot, RestBaby, RestMini, RestPlus), calls every shadow
operation the class offers and waits (bounded) for the client's own attributes to show the result, the
way an app built on the client would see it. A check fails when the attribute does not follow, when the
document version does not advance, or when the client logs a warning or raises while it parses the
device's state. Every public method of each object is wrapped, and at the end of each hour a coverage
check fails naming any method no operation called (a new client version's new method fails loudly).
The Restore family's alarm methods call the vendor cloud's HTTP API; they run over a stand-in for it
played by the fleet's alarm records (fleet_alarm_api.py).

It does this at several simulated hours (`--hours`, listed in simulated_hours.py), each a fresh
fleet started with `--start-time` and, where simulated minutes have to pass, an accelerated
`--speed`: a quiet hour, inside a sunrise lead, while alarms ring, while they are snoozed,
mid-routine, inside and outside a scheduled clock window, and across both daylight-saving changes.
At each hour the devices are first brought into the hour's situation and the device rules are
checked (device_rules.py); then every operation runs.

    python Tests/Interop/vendor_client_interop.py [--hatchctl .build/debug/hatchctl]
        [--devices devices/all-products.yaml] [--hours all | quiet,sunrise,…] [--verbose] [--json]
    python Tests/Interop/vendor_client_interop.py --start-time 2026-01-05T11:20:00Z [--speed 60]

Prints failed checks as they finish (every check with --verbose), one summary line per hour, a
matrix of hours against check groups, and last `N passed, N failed`; exits non-zero on any failure.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import importlib.metadata
import inspect
import json
import logging
import signal
import sys
import tempfile
import threading
import time
import traceback
import types
import uuid
from dataclasses import asdict, dataclass, field
from datetime import datetime, time as time_of_day, timedelta
from pathlib import Path
from typing import Any, Callable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helper modules beside this file
sys.dont_write_bytecode = True  # no __pycache__ in the source tree

from client_diagnostics import ClientDiagnostics  # noqa: E402
from device_rules import Rules, snapshot  # noqa: E402
from fleet_alarm_api import FleetAlarmApi  # noqa: E402
from fleet_monitor import FleetMonitor, FleetRecords  # noqa: E402
from fleet_processes import Fleet, Mosquitto, ProcessError, SecuredMosquitto, ShadowService  # noqa: E402
from simulated_hours import (HOURS, UTC, Hour, Situation, clock_time, describe_local, hour_at,  # noqa: E402
                             offset_changes, select_hours, situation_of)

from awscrt import io as crt_io, mqtt  # noqa: E402
from awsiot.iotshadow import IotShadowClient  # noqa: E402
from hatch_rest_api import RestBaby, RestIot, RestMini, RestoreIot, RestoreV4, RestoreV5, RestPlus  # noqa: E402
from hatch_rest_api.const import (RIOT_FLAGS_CLOCK_24_HOUR, RestBabyAudioTrack, RestMiniAudioTrack,  # noqa: E402
                                  RestPlusAudioTrack, RIoTAudioTrack)

# The Restore family gets its sounds from the vendor's content service per account; these stand in
# for it, with the small ids the fleet file's routines use (the files are never fetched).
RESTORE_SOUNDS = [
    {"id": 3, "title": "Stream", "wavUrl": "https://sounds.interop.invalid/restore/stream.wav"},
    {"id": 5, "title": "Birds", "wavUrl": "https://sounds.interop.invalid/restore/birds.wav"},
    {"id": 7, "title": "Ocean", "wavUrl": "https://sounds.interop.invalid/restore/ocean.wav"},
    {"id": 12, "title": "Rain", "wavUrl": "https://sounds.interop.invalid/restore/rain.wav"},
]


# Results ------------------------------------------------------------------------------------------

@dataclass
class CheckResult:
    device: str
    product: str
    operation: str
    verdict: str            # "pass" or "fail"
    milliseconds: float
    detail: list[str] = field(default_factory=list)
    evidence: dict = field(default_factory=dict)
    hour: str = ""          # the simulated hour (matrix row)
    group: str = ""         # the check group (matrix column)


# Matrix columns, in order: the hour's situation and the device rules, then the operations.
GROUPS = ("situation", "alarm", "sunrise off", "clock sched", "lock sched", "initial", "volume", "color",
          "light off", "clock", "sound", "lock", "favorite", "power", "turn off", "client", "alarm api", "coverage",
          "other")
OPERATION_GROUPS = (("initial get", "initial"), ("set_volume", "volume"), ("set_color", "color"),
                    ("turn_light_off", "light off"), ("set_clock", "clock"), ("clock 24-hour", "clock"),
                    ("turn_clock_off", "clock"), ("set_sound", "sound"), ("set_audio_track", "sound"),
                    ("set_toddler_lock", "lock"), ("set_favorite", "favorite"), ("set_on", "power"),
                    ("turn_off", "turn off"), ("refresh", "client"), ("callbacks", "client"),
                    ("every public method", "coverage"))


def operation_group(operation: str) -> str:
    return next((group for prefix, group in OPERATION_GROUPS if operation.startswith(prefix)), "other")


@dataclass
class DeviceUnderTest:
    """One fleet device and the vendor's object for it."""
    registry: dict
    routines: list[dict] = field(default_factory=list)   # the fleet's retained routine records
    alarms: list[dict] = field(default_factory=list)     # the fleet's retained alarm records
    client: Any = None
    situation: Situation | None = None
    # (time.monotonic(), snapshot) of the client's attributes at every update it publishes.
    samples: list[tuple[float, dict]] = field(default_factory=list)

    @property
    def thing(self) -> str:
        return self.registry["thingName"]

    @property
    def name(self) -> str:
        return self.registry.get("name") or self.thing

    @property
    def product(self) -> str:
        return self.registry.get("product", "?")


def reported_at(document: dict | None, path: str) -> Any:
    """`state.reported` at a dotted path of a shadow document, or "<absent>"."""
    value: Any = ((document or {}).get("state") or {}).get("reported")
    for key in path.split("."):
        if not isinstance(value, dict) or key not in value:
            return "<absent>"
        value = value[key]
    return value


def compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


@dataclass
class HourRun:
    """One row of the matrix: an hour, where it starts, and what happened."""
    hour: Hour
    start: datetime                          # UTC
    local: str                               # `Mon 2026-01-05 06:40 EST`
    seconds: float = 0.0
    situations: dict[str, str] = field(default_factory=dict)
    devices: list[dict] = field(default_factory=list)


class Reporter:
    """Prints failed checks as they finish, every check with `verbose` (to stderr with --json, so
    stdout stays one document), and the matrix at the end."""

    def __init__(self, json_output: bool, verbose: bool):
        self.json_output = json_output
        self.verbose = verbose
        self.results: list[CheckResult] = []
        self.notes: list[str] = []
        self.hour = ""  # the hour the next results belong to
        self._stream = sys.stderr if json_output else sys.stdout

    def say(self, text: str) -> None:
        print(text, file=self._stream, flush=True)

    def note(self, text: str) -> None:
        """Something worth knowing that is not a check (an operation that does not apply); said once."""
        if text in self.notes:
            return
        self.notes.append(text)
        self.say(f"      {text}")

    def add(self, result: CheckResult) -> None:
        result.hour = result.hour or self.hour
        result.group = result.group or operation_group(result.operation)
        self.results.append(result)
        if not self.verbose and result.verdict == "pass":
            return
        verdict = "PASS" if result.verdict == "pass" else "FAIL"
        self.say(f"{verdict}  [{result.hour}] {result.device} ({result.product})  {result.operation}  "
                 f"{result.milliseconds:.0f} ms")
        for line in result.detail:
            self.say(f"        {line}")

    @property
    def passed(self) -> int:
        return sum(1 for r in self.results if r.verdict == "pass")

    @property
    def failed(self) -> int:
        return sum(1 for r in self.results if r.verdict != "pass")

    def counts(self, hour: str) -> dict[str, tuple[int, int]]:
        """(passed, failed) per group for one hour."""
        counts: dict[str, tuple[int, int]] = {}
        for r in self.results:
            if r.hour == hour:
                passed, failed = counts.get(r.group, (0, 0))
                counts[r.group] = (passed + (r.verdict == "pass"), failed + (r.verdict != "pass"))
        return counts

    def columns(self) -> list[str]:
        used = {r.group for r in self.results}
        return [group for group in GROUPS if group in used] + sorted(used - set(GROUPS))

    def matrix(self, runs: list[HourRun]) -> str:
        """Rows: hours; columns: check groups; cells: ✔passed ✘failed."""
        columns = self.columns()

        def cell(passed: int, failed: int) -> str:
            parts = ([f"✔{passed}"] if passed else []) + ([f"✘{failed}"] if failed else [])
            return " ".join(parts) or "·"

        rows = [["hour", "local start", "speed"] + columns + ["total"]]
        for run in runs:
            counts = self.counts(run.hour.name)
            total = (sum(p for p, _ in counts.values()), sum(f for _, f in counts.values()))
            rows.append([run.hour.name, run.local, f"×{run.hour.speed:g}"]
                        + [cell(*counts.get(group, (0, 0))) for group in columns] + [cell(*total)])
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = []
        for index, row in enumerate(rows):
            lines.append("  ".join(text.ljust(widths[i]) for i, text in enumerate(row)).rstrip())
            if index == 0:
                lines.append("  ".join("-" * width for width in widths))
        return "\n".join(lines)

    def matrix_document(self, runs: list[HourRun]) -> dict:
        columns = self.columns()
        return {"columns": columns, "rows": [
            {"hour": run.hour.name, "local": run.local, "speed": run.hour.speed,
             "cells": {group: dict(zip(("passed", "failed"), self.counts(run.hour.name).get(group, (0, 0))))
                       for group in columns}} for run in runs]}


# Checks -------------------------------------------------------------------------------------------

class Suite:
    """Runs checks against the vendor's device objects of one fleet run and records the results."""

    def __init__(self, reporter: Reporter, diagnostics: ClientDiagnostics, monitor: FleetMonitor, timeout: float,
                 zone: ZoneInfo, hour: Hour, boot: datetime):
        self.reporter = reporter
        self.diagnostics = diagnostics
        self.monitor = monitor
        self.timeout = timeout
        self.zone = zone
        self.hour = hour
        self.boot = boot                              # the fleet's simulated start (UTC)
        # Daylight-saving changes shortly after the start, which holds extend through.
        self.offset_changes = offset_changes(boot, boot + DST_LOOKAHEAD, zone)
        # The device whose shadow documents tell the fleet's simulated time.
        self.clock_thing = ""
        # Every device object's update callback notifies this, so waits end as soon as state arrives.
        self.changed = threading.Condition()
        self._probes: list[Callable[[], None]] = []   # the conditions being waited for (see notify)
        # Client problems up to here belong to a reported check; a problem that arrives after its
        # check has ended goes to the next one (its scope says where it happened).
        self.cursor = diagnostics.mark()
        self._simulated_anchor: tuple[datetime, float] | None = None

    # The fleet's simulated clock ---------------------------------------------------------------

    def _shadow_time(self) -> datetime:
        """The simulated time stamped on a fresh shadow document (whole seconds)."""
        document = self.monitor.shadow_document(self.clock_thing)
        if document is None or not isinstance(document.get("timestamp"), int):
            raise TimeoutError(f"no timestamped reply to a shadow get of {self.clock_thing}")
        return datetime.fromtimestamp(document["timestamp"], UTC)

    def simulated_now(self) -> datetime:
        """The fleet's simulated time now: one shadow document's timestamp, then the hour's speed
        from there (a timestamp is truncated to the second, so this is at most a second early)."""
        if self._simulated_anchor is None:
            self._simulated_anchor = (self._shadow_time(), time.monotonic())
        anchor, real = self._simulated_anchor
        return anchor + timedelta(seconds=(time.monotonic() - real) * self.hour.speed)

    def wait_simulated(self, target: datetime) -> datetime:
        """Sleeps until the fleet's clock, read from its shadow documents, has reached `target`."""
        while True:
            now = self._shadow_time()
            if now >= target:
                return now
            time.sleep(min((target - now).total_seconds() / self.hour.speed + 0.02, 10))

    def notify(self) -> None:
        """The client's update callback: judges the pending conditions on the state exactly as this
        update left it (a later update, e.g. the next step of a sunrise ramp, may change it again
        before the waiting thread runs), then wakes the waiters."""
        with self.changed:
            for probe in self._probes:
                probe()
            self.changed.notify_all()

    def wait_until(self, condition: Callable[[], bool], timeout: float) -> bool:
        """Whether `condition` held, at some client update or when polled, within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        met = threading.Event()

        def probe() -> None:
            try:
                if condition():
                    met.set()
            except Exception:  # noqa: BLE001 — a property that cannot be read yet is "not yet"
                pass

        with self.changed:
            self._probes.append(probe)
            try:
                while True:
                    probe()
                    if met.is_set():
                        return True
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        return False
                    self.changed.wait(timeout=min(remaining, 0.05))
            finally:
                self._probes.remove(probe)

    def take_problems(self) -> list:
        problems = self.diagnostics.since(self.cursor)
        self.cursor += len(problems)
        return problems

    def check_leftover_problems(self) -> None:
        """Problems that arrived after the last check still fail the run."""
        time.sleep(0.2)
        problems = self.take_problems()
        if problems:
            self.reporter.add(CheckResult("fleet", "-", "client problems after the last check", "fail", 0,
                                          [f"client {p.source} (during {p.scope}): {p.message}" for p in problems],
                                          {"clientErrors": [asdict(p) for p in problems]}))

    def fail_setup(self, device: DeviceUnderTest | None, operation: str, message: str, detail: str = "",
                   group: str = "other") -> None:
        lines = [message] + (detail.rstrip().splitlines()[-6:] if detail else [])
        self.reporter.add(CheckResult(device.name if device else "fleet", device.product if device else "-",
                                      operation, "fail", 0, lines, group=group))

    def add(self, device: DeviceUnderTest, operation: str, group: str, passed: bool, milliseconds: float,
            detail: list[str], evidence: dict) -> None:
        """Records a check judged by its caller; client problems since the last check fail it too."""
        problems = self.take_problems()
        detail = detail + [f"client {p.source} (during {p.scope}): {p.message}" for p in problems]
        if problems:
            evidence = dict(evidence, clientErrors=[asdict(p) for p in problems])
        self.reporter.add(CheckResult(device.name, device.product, operation, "pass" if passed and not detail else "fail",
                                      milliseconds, detail, evidence, group=group))

    def check(self, device: DeviceUnderTest, operation: str, action: Callable[[], Any] | None,
              expect: Callable[[Any], bool], expected: str, observe: Callable[[Any], dict],
              evidence_paths: list[str], advances_version: bool = True, group: str | None = None,
              timeout: float | None = None, wire: Callable[[dict], str | None] | None = None) -> bool:
        """Calls `action` (a client method), then waits until `expect(client)` holds and, when
        `advances_version`, the client's document_version has grown. `expected` says in words what
        should hold; `observe` returns the client attributes to show when it does not. `wire`, when
        given, judges a fresh shadow document as well (None when it is right, else what is wrong),
        for what the client does not read. `group` is the matrix column (default: by operation)."""
        client = device.client
        label = f"{device.name}: {operation}"
        timeout = self.timeout if timeout is None else timeout
        with self.diagnostics.scope(label):
            version_before = client.document_version
            started = time.monotonic()
            detail: list[str] = []
            satisfied = False
            try:
                if action is not None:
                    action()
            except Exception as error:  # noqa: BLE001 — the client raising is a finding
                detail.append(f"the client raised {type(error).__name__}: {error}")
                detail += ["  " + line for line in traceback.format_exc().rstrip().splitlines()[-4:]]
            else:
                satisfied = self.wait_until(
                    lambda: expect(client) and (not advances_version or client.document_version > version_before),
                    timeout)
            elapsed = (time.monotonic() - started) * 1000
            # The report that satisfied the check may still be being parsed: a problem raised in it
            # belongs to this check.
            self.diagnostics.wait_idle(0.5)
            wire_problem = self._wire_problem(device, wire) if satisfied and wire is not None else None
            if wire_problem:
                detail.append(f"the shadow document: {wire_problem}")
            problems = self.take_problems()
            evidence: dict = {}
            if not satisfied and not detail:
                observed = self._observe(observe, client)
                if expect_safe(expect, client):
                    detail.append(f"document_version stayed {client.document_version} "
                                  f"(was {version_before}): no new report reached the client")
                else:
                    detail.append(f"expected {expected} within {timeout:.1f} s; the client has {compact(observed)}")
                evidence["client"] = observed
            for problem in problems:
                during = "" if problem.scope == label else f" (during {problem.scope})"
                detail.append(f"client {problem.source}{during}: {problem.message}")
            if problems:
                evidence["clientErrors"] = [asdict(problem) for problem in problems]
            passed = satisfied and not detail
            if not passed:
                evidence.update(self._shadow_evidence(device, started, evidence_paths, detail))
                # The evidence `get` is answered to the client too; what it says about that
                # document belongs here, not to the next check.
                time.sleep(0.1)
                rereading = self.take_problems()
                for problem in rereading:
                    detail.append(f"client {problem.source} (re-reading the document): {problem.message}")
                if rereading:
                    evidence.setdefault("clientErrors", []).extend(asdict(problem) for problem in rereading)
            self.reporter.add(CheckResult(device.name, device.product, operation, "pass" if passed else "fail",
                                          elapsed, detail, evidence, group=group or ""))
            return passed

    def _wire_problem(self, device: DeviceUnderTest, wire: Callable[[dict], str | None]) -> str | None:
        """Polls fresh shadow documents until `wire` accepts one, for at most the check timeout."""
        deadline = time.monotonic() + self.timeout
        while True:
            document = self.monitor.shadow_document(device.thing)
            problem = "no reply to a shadow get" if document is None else wire(document)
            if problem is None or time.monotonic() >= deadline:
                return problem
            time.sleep(0.05)

    @staticmethod
    def _observe(observe: Callable[[Any], dict], client: Any) -> dict:
        try:
            return observe(client)
        except Exception as error:  # noqa: BLE001
            return {"error": f"{type(error).__name__}: {error}"}

    def _shadow_evidence(self, device: DeviceUnderTest, since: float, paths: list[str], detail: list[str]) -> dict:
        """What the wire says: rejections of the client's updates, the reported fields the check is
        about, and what stayed desired (the delta) in a fresh shadow document."""
        evidence: dict = {}
        rejections = self.monitor.rejections_since(device.thing, since)
        for rejection in rejections:
            detail.append(f"shadow rejected the update: {compact(rejection)}")
        if rejections:
            evidence["rejections"] = rejections
        document = self.monitor.shadow_document(device.thing)
        if document is None:
            detail.append("no reply to a shadow get for evidence")
            return evidence
        fragments = {path: reported_at(document, path) for path in paths}
        for path, value in fragments.items():
            detail.append(f"reported {path} = {compact(value)}")
        delta = (document.get("state") or {}).get("delta")
        if delta:
            detail.append(f"still desired (delta): {compact(delta)}")
        evidence.update({"reported": fragments, "delta": delta, "version": document.get("version")})
        return evidence


def expect_safe(expect: Callable[[Any], bool], client: Any) -> bool:
    try:
        return bool(expect(client))
    except Exception:  # noqa: BLE001
        return False


def close(actual: Any, wanted: int, tolerance: int = 1) -> bool:
    return isinstance(actual, (int, float)) and abs(actual - wanted) <= tolerance


def other_than(current: Any, choices: tuple[int, ...]) -> int:
    """The first of `choices` that differs from `current`, so every command changes something."""
    return next(choice for choice in choices if choice != current)


# Per-class plans ----------------------------------------------------------------------------------

def check_initial_state(suite: Suite, device: DeviceUnderTest, extra: Callable[[Any], bool] | None = None,
                        extra_expected: str = "", extra_paths: list[str] | None = None,
                        wire: Callable[[dict], str | None] | None = None) -> None:
    def expect(c) -> bool:
        return (c.is_online is True and isinstance(c.firmware_version, str) and c.document_version >= 1
                and (extra is None or extra(c)))

    expected = "is_online, firmware_version and document_version after the initial get"
    suite.check(device, "initial get", None, expect, expected + (f"; {extra_expected}" if extra_expected else ""),
                lambda c: c.__repr__(), ["connected", "deviceInfo"] + (extra_paths or []), advances_version=False, wire=wire)


def check_volume(suite: Suite, device: DeviceUnderTest) -> None:
    client = device.client
    percent = other_than(client.volume, (40, 45))
    suite.check(device, f"set_volume({percent})", lambda: client.set_volume(percent),
                lambda c: c.volume == percent, f"volume == {percent}",
                lambda c: {"volume": c.volume}, ["current.sound.v"])


def check_color(suite: Suite, device: DeviceUnderTest, white_is_scaled: bool) -> None:
    client = device.client
    red, green, blue, white, brightness = 255, 128, 0, 128, 60
    # A colour set while a routine (or an alarm) plays changes the light, not what plays.
    in_routine = client.current_playing == "routine"

    def expect(c) -> bool:
        white_ok = close(c.white, white) if white_is_scaled else c.white == white
        return (close(c.red, red) and close(c.green, green) and close(c.blue, blue) and white_ok
                and c.brightness == brightness and bool(c.is_light_on)
                and (not in_routine or c.current_playing == "routine"))

    label = f"set_color({red},{green},{blue},white={white},brightness={brightness})"
    suite.check(device, label + (" (routine playing)" if in_routine else ""),
                lambda: client.set_color(red, green, blue, white, brightness), expect,
                f"red≈{red} green≈{green} blue≈{blue} white≈{white} brightness == {brightness}, is_light_on"
                + (", current_playing still 'routine'" if in_routine else ""),
                lambda c: {"red": c.red, "green": c.green, "blue": c.blue, "white": c.white,
                           "brightness": c.brightness, "color_id": c.color_id, "is_light_on": c.is_light_on,
                           "current_playing": c.current_playing},
                ["current.playing", "current.color"])


def check_light_off(suite: Suite, device: DeviceUnderTest, during_routine: bool = False) -> None:
    client = device.client
    label = "turn_light_off (favorite running)" if during_routine else "turn_light_off"

    def expect(c) -> bool:
        return not c.is_light_on and (not during_routine or c.current_playing == "routine")

    # The client only sends something while current_playing is "routine" or "remote".
    suite.check(device, label, client.turn_light_off, expect,
                "not is_light_on" + (", current_playing still 'routine'" if during_routine else ""),
                lambda c: {"color_id": c.color_id, "is_light_on": c.is_light_on, "current_playing": c.current_playing},
                ["current.playing", "current.color.id"])


def check_turn_off(suite: Suite, device: DeviceUnderTest, tracks_id: bool, label: str = "turn_off",
                   action: Callable[[], Any] | None = None) -> None:
    client = device.client

    def expect(c) -> bool:
        return (c.current_playing == "none" and not c.is_playing
                and (not tracks_id or c.current_id == 0))

    suite.check(device, label, action or client.turn_off, expect,
                "current_playing == 'none', not is_playing" + (", current_id == 0" if tracks_id else ""),
                lambda c: {"current_playing": c.current_playing, "is_playing": c.is_playing,
                           "sound_id": getattr(c, "sound_id", None), "current_id": getattr(c, "current_id", None)},
                ["current.playing", "current.srId", "current.sound.id"])


def check_favorite(suite: Suite, device: DeviceUnderTest, tracks_id: bool) -> dict | None:
    """Starts the first routine of type favorite through the client's `name-id` form; returns it."""
    client = device.client
    favorite = next((r for r in device.routines if r.get("type") == "favorite"), None)
    if favorite is None:
        suite.fail_setup(device, "set_favorite", "the fleet file gives this device no favorite to start")
        return None
    name_id = next((n for n in client.favorite_names() if n.endswith(f"-{favorite['id']}")), None)
    if name_id is None:
        suite.fail_setup(device, "set_favorite", f"favorite_names() {client.favorite_names()} lacks id {favorite['id']}")
        return None

    # A favorite starts at its first step (on the classes that read the step).
    def expect(c) -> bool:
        return (c.current_playing == "routine" and (not tracks_id or c.current_id == favorite["id"])
                and getattr(c, "current_step", 1) == 1)

    suite.check(device, f'set_favorite("{name_id}")', lambda: client.set_favorite(name_id), expect,
                "current_playing == 'routine'" + (f", current_id == {favorite['id']}" if tracks_id else "")
                + (", current_step == 1" if hasattr(client, "current_step") else ""),
                lambda c: {"current_playing": c.current_playing, "current_id": getattr(c, "current_id", None)},
                ["current.playing", "current.srId", "current.step"])
    return favorite


def check_clock_flags(suite: Suite, device: DeviceUnderTest) -> None:
    """The client has no 24-hour setter: publish a desired clock.flags through its own `_update`."""
    client = device.client
    for on in (True, False):
        flags = (client.flags | RIOT_FLAGS_CLOCK_24_HOUR) if on else (client.flags & ~RIOT_FLAGS_CLOCK_24_HOUR)
        suite.check(device, f"clock 24-hour {'on' if on else 'off'} (desired clock.flags = {flags:#06x})",
                    lambda flags=flags: client._update({"clock": {"flags": flags}}),
                    lambda c, on=on: bool(c.is_clock_24h) == on, f"is_clock_24h == {on}",
                    lambda c: {"flags": c.flags, "is_clock_24h": bool(c.is_clock_24h)}, ["clock.flags"])


def check_clock_single(suite: Suite, device: DeviceUnderTest) -> None:
    """set_clock(brightness) / turn_clock_off on the classes with one clock brightness."""
    client = device.client
    percent = other_than(client.clock, (70, 65))
    suite.check(device, f"set_clock({percent})", lambda: client.set_clock(percent),
                lambda c: bool(c.is_clock_on) and c.clock == percent, f"is_clock_on, clock == {percent}",
                lambda c: {"clock": c.clock, "flags": c.flags, "is_clock_on": bool(c.is_clock_on)}, ["clock"])
    if hasattr(type(client), "is_clock_24h"):
        check_clock_flags(suite, device)
    suite.check(device, "turn_clock_off", client.turn_clock_off,
                lambda c: not c.is_clock_on, "not is_clock_on",
                lambda c: {"clock": c.clock, "flags": c.flags, "is_clock_on": bool(c.is_clock_on)}, ["clock"])


def check_clock_dual(suite: Suite, device: DeviceUnderTest) -> None:
    """RestoreV5/V4: day and night brightness packed into clock.i."""
    client = device.client
    day = other_than(client.clock_daytime, (80, 75))
    night = other_than(client.clock_nighttime, (10, 15))

    def observed(c) -> dict:
        return {"clock_daytime": c.clock_daytime, "clock_nighttime": c.clock_nighttime, "flags": c.flags,
                "is_clock_on": bool(c.is_clock_on)}

    suite.check(device, f"set_clock({day}, {night})", lambda: client.set_clock(day, night),
                lambda c: bool(c.is_clock_on) and c.clock_daytime == day and c.clock_nighttime == night,
                f"is_clock_on, clock_daytime == {day}, clock_nighttime == {night}", observed, ["clock"])
    check_clock_flags(suite, device)
    suite.check(device, "turn_clock_off", client.turn_clock_off,
                lambda c: not c.is_clock_on and c.clock_daytime == day and c.clock_nighttime == night,
                f"not is_clock_on, brightness kept ({day}/{night})", observed, ["clock"])


def check_sounds_by_id_and_title(suite: Suite, device: DeviceUnderTest, by_id: int, by_title: str) -> None:
    client = device.client
    wanted_by_title = client.sounds_by_name[by_title]["id"]
    for operation, argument, wanted in ((f"set_sound({by_id})", by_id, by_id),
                                        (f'set_sound("{by_title}")', by_title, wanted_by_title)):
        suite.check(device, operation, lambda argument=argument: client.set_sound(argument),
                    lambda c, wanted=wanted: c.sound_id == wanted and c.is_playing and c.current_playing == "remote",
                    f"sound_id == {wanted}, is_playing, current_playing == 'remote'",
                    lambda c: {"sound_id": c.sound_id, "is_playing": c.is_playing, "current_playing": c.current_playing},
                    ["current.playing", "current.sound"])


def initial_rest_iot(suite: Suite, device: DeviceUnderTest) -> None:
    battery = device.product in ("riotPlus", "restBaby")

    def initial(c) -> bool:
        if c.toddler_lock_mode not in ("never", "always", "custom"):
            return False
        if not isinstance(c.flags, int) or not isinstance(c.clock, int):
            return False
        if battery:
            return isinstance(c.battery_level, int) and 0 <= c.battery_level <= 100 and c.charging_status in (0, 3, 5)
        return True

    check_initial_state(suite, device, initial,
                        "toddler_lock_mode set, clock and flags set"
                        + (", battery_level 0…100, charging_status in {0, 3, 5}" if battery else ""),
                        ["toddlerLock", "toddlerLockOn", "clock", "current"])


def run_rest_iot(suite: Suite, device: DeviceUnderTest) -> None:
    """RestIot: Rest 2nd gen (riot) and Rest+ 2nd gen (riotPlus); RestBaby (restBaby) has the same
    operations with RestBabyAudioTrack."""
    client = device.client
    baby = isinstance(client, RestBaby)
    tracks = RestBabyAudioTrack if baby else RIoTAudioTrack
    check_volume(suite, device)
    check_color(suite, device, white_is_scaled=False)
    check_light_off(suite, device)

    ocean = RestBabyAudioTrack.CaribbeanOcean if baby else RIoTAudioTrack.Ocean
    suite.check(device, f"set_audio_track({tracks.__name__}.{ocean.name})", lambda: client.set_audio_track(ocean),
                lambda c: c.audio_track == ocean and c.is_playing and c.current_playing == "remote",
                f"audio_track == {ocean.name}, is_playing, current_playing == 'remote'",
                lambda c: {"audio_track": str(c.audio_track), "sound_id": c.sound_id, "current_playing": c.current_playing},
                ["current.playing", "current.sound"])
    check_turn_off(suite, device, tracks_id=True, label=f"set_audio_track({tracks.__name__}.NONE)",
                   action=lambda: client.set_audio_track(tracks.NONE))
    # The vendor's bootstrap lists the Rest 2nd gen's sounds (content product "riot") for a Rest Baby too.
    check_sounds_by_id_and_title(suite, device, RIoTAudioTrack.WhiteNoise.value, RIoTAudioTrack.Rain.name)
    birds = RestBabyAudioTrack.Birds if baby else RIoTAudioTrack.Birds
    url = tracks.sound_url_map()[birds.value]
    suite.check(device, "set_sound_url(Birds wav)", lambda: client.set_sound_url(url),
                lambda c: c.current_playing == "remote" and c.is_playing and c.sound_id == birds.value,
                f"current_playing == 'remote', is_playing, sound_id == {birds.value} (the track of that file)",
                lambda c: {"sound_id": c.sound_id, "current_playing": c.current_playing}, ["current.playing", "current.sound"])
    check_turn_off(suite, device, tracks_id=True)

    check_clock_single(suite, device)

    for on in (True, False):
        mode = "always" if on else "never"
        suite.check(device, f"set_toddler_lock({on})", lambda on=on: client.set_toddler_lock(on),
                    lambda c, mode=mode, on=on: c.toddler_lock_mode == mode and c.toddler_lock is on,
                    f"toddler_lock_mode == '{mode}', toddler_lock is {on}",
                    lambda c: {"toddler_lock_mode": c.toddler_lock_mode, "toddler_lock": c.toddler_lock},
                    ["toddlerLock", "toddlerLockOn"])

    favorite = check_favorite(suite, device, tracks_id=True)
    if favorite and any(step.get("color") for step in favorite.get("steps", [])):
        check_light_off(suite, device, during_routine=True)
    check_turn_off(suite, device, tracks_id=True)
    check_client_plumbing(suite, device)


def initial_rest_plus(suite: Suite, device: DeviceUnderTest) -> None:
    def initial(c) -> bool:
        return (isinstance(c.battery_level, int) and 0 <= c.battery_level <= 100 and isinstance(c.is_on, bool)
                and isinstance(c.audio_track, RestPlusAudioTrack) and isinstance(c.color_random, bool)
                and isinstance(c.color_white, bool))

    def document(document: dict) -> str | None:
        reported = (document.get("state") or {}).get("reported") or {}
        if "current" in reported:
            return "a Rest+ reports no `current` (its state is isPowered, a and c)"
        missing = [key for key in ("isPowered", "a", "c", "deviceInfo", "connected") if key not in reported]
        return f"reported lacks {', '.join(missing)}" if missing else None

    check_initial_state(suite, device, initial,
                        "battery_level 0…100, is_on a bool, audio_track a RestPlusAudioTrack, color_random and color_white bools",
                        ["isPowered", "a", "c"], wire=document)


def run_rest_plus(suite: Suite, device: DeviceUnderTest) -> None:
    """RestPlus: the Rest+ 1st gen, whose document is isPowered, a {t, v} and c {r, g, b, i, R, W}."""
    client = device.client

    def observed(c) -> dict:
        return {"is_on": c.is_on, "is_playing": c.is_playing, "audio_track": str(c.audio_track), "volume": c.volume,
                "red": c.red, "green": c.green, "blue": c.blue, "brightness": c.brightness,
                "color_random": c.color_random, "color_white": c.color_white}

    powered = not client.is_on
    suite.check(device, f"set_on({powered})", lambda: client.set_on(powered), lambda c: c.is_on is powered,
                f"is_on is {powered}", observed, ["isPowered"])
    if not powered:
        suite.check(device, "set_on(True)", lambda: client.set_on(True), lambda c: c.is_on is True,
                    "is_on is True", observed, ["isPowered"])
    percent = other_than(client.volume, (40, 45))
    suite.check(device, f"set_volume({percent})", lambda: client.set_volume(percent),
                lambda c: c.volume == percent, f"volume == {percent}", observed, ["a"])
    track = other_than(client.audio_track, (RestPlusAudioTrack.Ocean, RestPlusAudioTrack.Rain))
    suite.check(device, f"set_audio_track(RestPlusAudioTrack.{track.name})", lambda: client.set_audio_track(track),
                lambda c: c.audio_track == track and c.is_playing, f"audio_track == {track.name}, is_playing",
                observed, ["isPowered", "a"])
    red, green, blue, brightness = 255, 128, 0, 60
    suite.check(device, f"set_color({red},{green},{blue},brightness={brightness})",
                lambda: client.set_color(red, green, blue, brightness),
                lambda c: (close(c.red, red) and close(c.green, green) and close(c.blue, blue) and c.brightness == brightness
                           and c.color_random is False and c.color_white is False),
                f"red≈{red} green≈{green} blue≈{blue} brightness == {brightness}, not color_random, not color_white",
                observed, ["c"])
    suite.check(device, "set_color(0,0,0,brightness=50,random=True)", lambda: client.set_color(0, 0, 0, 50, random=True),
                lambda c: c.color_random is True and c.brightness == 50, "color_random, brightness == 50", observed, ["c"])
    suite.check(device, "set_color(0,0,0,brightness=0) (light off)", lambda: client.set_color(0, 0, 0, 0),
                lambda c: c.color_random is False and c.brightness == 0, "not color_random, brightness == 0", observed, ["c"])
    suite.check(device, "set_audio_track(RestPlusAudioTrack.NONE)", lambda: client.set_audio_track(RestPlusAudioTrack.NONE),
                lambda c: c.audio_track == RestPlusAudioTrack.NONE and not c.is_playing, "audio_track == NONE, not is_playing",
                observed, ["a"])
    suite.check(device, "set_on(False)", lambda: client.set_on(False), lambda c: c.is_on is False and not c.is_playing,
                "is_on is False, not is_playing", observed, ["isPowered"])
    check_client_plumbing(suite, device)


def initial_restore_iot(suite: Suite, device: DeviceUnderTest) -> None:
    check_initial_state(suite, device, lambda c: isinstance(c.clock, int) and isinstance(c.flags, int),
                        "clock and flags set", ["clock"])


def run_restore_iot(suite: Suite, device: DeviceUnderTest) -> None:
    """RestoreIot: the original Restore (one clock brightness; no sound or toddler-lock setters)."""
    check_volume(suite, device)
    check_color(suite, device, white_is_scaled=True)
    check_light_off(suite, device)
    check_clock_single(suite, device)
    favorite = check_favorite(suite, device, tracks_id=False)
    if favorite and any(step.get("color") for step in favorite.get("steps", [])):
        check_light_off(suite, device, during_routine=True)
    check_turn_off(suite, device, tracks_id=False)
    check_client_plumbing(suite, device)
    check_alarm_api(suite, device)


TIME_OF_DAY = "HH:MM:SS"


def is_time_of_day(value: Any) -> bool:
    """The firmware's "HH:MM:SS" (e.g. "06:30:00")."""
    if not isinstance(value, str) or len(value) != 8 or value[2] != ":" or value[5] != ":":
        return False
    hours, minutes, seconds = value[0:2], value[3:5], value[6:8]
    return (all(part.isdigit() for part in (hours, minutes, seconds))
            and int(hours) < 24 and int(minutes) < 60 and int(seconds) < 60)


def initial_restore_v5(suite: Suite, device: DeviceUnderTest) -> None:
    def initial(c) -> bool:
        times = (c.clock_turn_on_at, c.clock_turn_off_at, c.clock_turn_dim_at, c.clock_turn_bright_at)
        return (c.clock_daytime is not None and c.clock_nighttime is not None
                and isinstance(c.clock_turn_off_mode, str)
                and all(t is None or is_time_of_day(t) for t in times))

    check_initial_state(suite, device, initial,
                        f"clock_daytime/nighttime set, clock_turn_off_mode set, clock times {TIME_OF_DAY}", ["clock"])


def run_restore_v5(suite: Suite, device: DeviceUnderTest) -> None:
    """RestoreV5 (Restore 3) and RestoreV4 (Restore 2, the same class)."""
    check_volume(suite, device)
    check_color(suite, device, white_is_scaled=True)
    check_light_off(suite, device)
    check_clock_dual(suite, device)
    check_sounds_by_id_and_title(suite, device, 7, "Rain")
    check_turn_off(suite, device, tracks_id=True)
    favorite = check_favorite(suite, device, tracks_id=True)
    if favorite and any(step.get("color") for step in favorite.get("steps", [])):
        check_light_off(suite, device, during_routine=True)
    check_turn_off(suite, device, tracks_id=True)
    check_client_plumbing(suite, device)
    check_alarm_api(suite, device)


def initial_rest_mini(suite: Suite, device: DeviceUnderTest) -> None:
    check_initial_state(suite, device, lambda c: isinstance(c.audio_track, RestMiniAudioTrack),
                        "audio_track is a RestMiniAudioTrack", ["current"])


def run_rest_mini(suite: Suite, device: DeviceUnderTest) -> None:
    """RestMini: sound only, RestMiniAudioTrack ids."""
    client = device.client
    check_volume(suite, device)
    for track in (RestMiniAudioTrack.Ocean, RestMiniAudioTrack.Rain):
        suite.check(device, f"set_audio_track(RestMiniAudioTrack.{track.name})",
                    lambda track=track: client.set_audio_track(track),
                    lambda c, track=track: c.audio_track == track and c.is_playing,
                    f"audio_track == {track.name}, is_playing",
                    lambda c: {"audio_track": str(c.audio_track), "current_playing": c.current_playing},
                    ["current.playing", "current.sound"])
    suite.check(device, "set_audio_track(RestMiniAudioTrack.NONE)",
                lambda: client.set_audio_track(RestMiniAudioTrack.NONE),
                lambda c: not c.is_playing, "not is_playing (current_playing == 'none')",
                lambda c: {"audio_track": str(c.audio_track), "current_playing": c.current_playing},
                ["current.playing", "current.sound"])
    check_client_plumbing(suite, device)


def check_client_plumbing(suite: Suite, device: DeviceUnderTest) -> None:
    """The methods every class has besides its commands: `refresh` (a shadow get whose document the
    client parses again) and its callback registry (`register_callback`, `publish_updates`,
    `remove_callback`)."""
    client = device.client
    parsed = len(device.samples)
    suite.check(device, "refresh()", client.refresh, lambda c: len(device.samples) > parsed,
                "the client parses a fresh document and publishes an update",
                lambda c: {"updates": len(device.samples), "document_version": c.document_version}, ["connected"],
                advances_version=False)
    calls: list[int] = []

    def probe() -> None:
        calls.append(1)

    def action() -> None:
        client.register_callback(probe)
        client.publish_updates()
        client.remove_callback(probe)
        client.publish_updates()

    suite.check(device, "callbacks: register_callback, publish_updates, remove_callback", action,
                lambda c: len(calls) == 1, "the registered callback called once, not after its removal",
                lambda c: {"calls": len(calls)}, [], advances_version=False)


def check_alarm_api(suite: Suite, device: DeviceUnderTest) -> None:
    """The Restore family's alarm methods, over the vendor cloud's alarm API as the fleet's alarm records
    play it (fleet_alarm_api.py): list, look up, and change enabled, wake time and weekdays of the
    first alarm, each checked in the client and in the record the device publishes, then put back."""
    client = device.client
    api = FleetAlarmApi(suite.monitor, device.thing, suite.boot.astimezone(suite.zone).date())
    records = suite.monitor.alarms_of(device.thing)
    if not records:
        suite.reporter.note(f"{device.name} ({device.product}) has no alarm: the alarm methods run on none")
        return
    first = records[0]
    alarm_id = first["id"]

    def run(coroutine_function, *arguments) -> Callable[[], Any]:
        return lambda: asyncio.run(coroutine_function(*arguments))

    def record() -> dict:
        return next((a for a in suite.monitor.alarms_of(device.thing) if a.get("id") == alarm_id), {})

    def observed(c) -> dict:
        return {"alarm": c.alarm_by_id(alarm_id), "record": record()}

    suite.check(device, "configure_alarm_api(fleet alarm records), refresh_alarms()",
                lambda: (client.configure_alarm_api(api=api, auth_token="interop", alarms=None),
                         asyncio.run(client.refresh_alarms())),
                lambda c: c.alarms_loaded and [a["id"] for a in c.alarms] == [r["id"] for r in records],
                f"alarms_loaded, alarms {[r['id'] for r in records]}", lambda c: {"alarms": c.alarms},
                [], advances_version=False, group="alarm api")
    suite.check(device, f"alarm_by_id({alarm_id})", None,
                lambda c: (c.alarm_by_id(alarm_id) or {}).get("name") == first.get("name"),
                f"the alarm named {first.get('name')!r}", observed, [], advances_version=False, group="alarm api")
    enabled = first.get("enabled", True) is not False
    for value in (not enabled, enabled):
        suite.check(device, f"set_alarm_enabled({alarm_id}, {value})", run(client.set_alarm_enabled, alarm_id, value),
                    lambda c, value=value: (c.alarm_by_id(alarm_id) or {}).get("enabled") is value
                    and record().get("enabled", True) is value,
                    f"enabled is {value} in the client and in the device's record", observed, [],
                    advances_version=False, group="alarm api")
    wake = str(first.get("wakeTime", "06:30"))[:5]
    hours, minutes = (int(part) for part in wake.split(":"))
    moved = f"{(hours + 1) % 24:02d}:{minutes:02d}"
    for value in (moved, wake):
        wanted = time_of_day(int(value[:2]), int(value[3:]))
        suite.check(device, f"set_alarm_wake_time({alarm_id}, {value})", run(client.set_alarm_wake_time, alarm_id, wanted),
                    lambda c, value=value: str(record().get("wakeTime", ""))[:5] == value
                    and str((c.alarm_by_id(alarm_id) or {}).get("endTime", "")).endswith(f"{value}:00")
                    and record().get("sunriseLead") == first.get("sunriseLead"),
                    f"wakeTime {value} (sunrise lead kept) in the device's record, endTime …{value}:00 in the client",
                    observed, [], advances_version=False, group="alarm api")
    days = int(first.get("daysOfWeek") or 0)
    weekend = ["saturday", "sunday"]
    names = [name for name, bit in (("sunday", 1), ("monday", 2), ("tuesday", 4), ("wednesday", 8), ("thursday", 16),
                                    ("friday", 32), ("saturday", 64)) if days & bit]
    for value, bits in ((weekend, 65), (names, days)):
        suite.check(device, f"set_alarm_weekdays({alarm_id}, {value})", run(client.set_alarm_weekdays, alarm_id, value),
                    lambda c, bits=bits: record().get("daysOfWeek") == bits
                    and (c.alarm_by_id(alarm_id) or {}).get("daysOfWeek") == bits,
                    f"daysOfWeek {bits} in the client and in the device's record", observed, [],
                    advances_version=False, group="alarm api")


# Every public method -------------------------------------------------------------------------------

def public_methods(cls: type) -> set[str]:
    """The public callables of a client class (properties and data attributes excluded)."""
    return {name for name in dir(cls) if not name.startswith("_")
            and isinstance(inspect.getattr_static(cls, name), (types.FunctionType, classmethod, staticmethod))}


def record_calls(client: Any) -> set[str]:
    """Wraps every public method of `client` so that the set returned names each one called (by the
    suite or by the client itself), for the coverage check at the end of an hour."""
    called: set[str] = set()
    for name in public_methods(type(client)):
        original = getattr(client, name)

        @functools.wraps(original)
        def wrapper(*args, __name=name, __original=original, **kwargs):
            called.add(__name)
            return __original(*args, **kwargs)

        setattr(client, name, wrapper)
    return called


def coverage_result(device: DeviceUnderTest, called: set[str]) -> CheckResult:
    cls = type(device.client)
    missing = sorted(public_methods(cls) - called)
    detail = ([f"never called: {', '.join(missing)} (a new client method needs an operation in this suite)"]
              if missing else [])
    return CheckResult(device.name, device.product, f"every public method of {cls.__name__} called",
                       "fail" if missing else "pass", 0, detail,
                       {"called": sorted(called)}, group="coverage")


# Building the vendor's device objects, as hatch_rest_api.util_bootstrap.create_rest_devices does ----

# Per class: the check of the state after the initial get, then the operations.
PLANS: dict[type, tuple[Callable[[Suite, DeviceUnderTest], None], Callable[[Suite, DeviceUnderTest], None]]] = {
    RestIot: (initial_rest_iot, run_rest_iot),
    RestoreIot: (initial_restore_iot, run_restore_iot),
    RestoreV4: (initial_restore_v5, run_restore_v5),
    RestoreV5: (initial_restore_v5, run_restore_v5),
    RestMini: (initial_rest_mini, run_rest_mini),
    RestPlus: (initial_rest_plus, run_rest_plus),
    RestBaby: (initial_rest_iot, run_rest_iot),
}


def riot_sounds() -> list[dict]:
    """What the vendor's content API lists for a Rest 2nd gen, from the client's own table."""
    return [{"id": sound_id, "title": RIoTAudioTrack(sound_id).name, "wavUrl": url}
            for sound_id, url in RIoTAudioTrack.sound_url_map().items()]


def as_favorite(routine: dict) -> dict:
    return {"id": routine["id"], "name": routine["name"], "active": routine.get("enabled", True)}


def create_device(device: DeviceUnderTest, shadow_client: IotShadowClient) -> Any:
    record = device.registry
    common = {"device_name": device.name, "thing_name": device.thing, "mac": record["macAddress"],
              "shadow_client": shadow_client}
    favorites = [as_favorite(r) for r in device.routines if r.get("type") == "favorite"]
    routines = [as_favorite(r) for r in device.routines if r.get("type") != "favorite"]
    product = device.product
    if product == "restPlus":
        return RestPlus(**common)
    if product in ("riot", "riotPlus"):
        return RestIot(**common, favorites=favorites, sounds=riot_sounds())
    if product == "restBaby":
        # Routines then favorites, and the content service's "riot" sounds, as the bootstrap does.
        return RestBaby(**common, favorites=routines + favorites, sounds=riot_sounds())
    if product in ("restoreIot", "restoreV4", "restoreV5"):
        # The vendor's bootstrap hands the Restore family its routines followed by its favorites.
        cls = {"restoreIot": RestoreIot, "restoreV4": RestoreV4, "restoreV5": RestoreV5}[product]
        return cls(**common, favorites=routines + favorites, sounds=RESTORE_SOUNDS)
    # Everything else, the Rest Mini, is a RestMini to the vendor's bootstrap.
    return RestMini(**common)


def connect(port: int, credentials: tuple[str, str] | None = None) -> tuple[mqtt.Connection, IotShadowClient]:
    """The vendor's shadow client over a plain MQTT connection (AWS IoT Core would use websockets and TLS),
    logging in with `credentials` on a locked-down broker."""
    event_loop_group = crt_io.EventLoopGroup(1)
    resolver = crt_io.DefaultHostResolver(event_loop_group)
    bootstrap = crt_io.ClientBootstrap(event_loop_group, resolver)
    client = mqtt.Client(bootstrap, tls_ctx=None)
    connection = mqtt.Connection(client=client, host_name="127.0.0.1", port=port,
                                 client_id=f"hatch_rest_api/interop/{uuid.uuid4()}",
                                 clean_session=True, keep_alive_secs=30,
                                 username=credentials[0] if credentials else None,
                                 password=credentials[1] if credentials else None,
                                 disable_metrics=credentials is not None)  # no SDK suffix on the username
    connection.connect().result(timeout=10)
    return connection, IotShadowClient(connection)


def discover(records: FleetRecords) -> list[DeviceUnderTest]:
    devices = []
    for thing, registry in sorted(records.registry.items(), key=lambda item: item[1].get("macAddress", "")):
        routines = (records.routines.get(thing) or {}).get("routines") or []
        alarms = (records.alarms.get(thing) or {}).get("alarms") or []
        devices.append(DeviceUnderTest(registry=registry, routines=[r for r in routines if isinstance(r, dict)],
                                       alarms=[a for a in alarms if isinstance(a, dict)]))
    return devices


def describe_situation(situation: Situation, boot: datetime, zone: ZoneInfo) -> str:
    """`alarm 1 sunrise 06:30–06:45 (in its sunrise); clock 06:00–23:00 (on)`, for the log and JSON."""
    parts = []
    alarm = situation.alarm
    if alarm is not None:
        lead = f"{clock_time(alarm.fire - alarm.lead, zone)[:5]}–{clock_time(alarm.fire, zone)[:5]}"
        day = alarm.fire.astimezone(zone).strftime("%a")
        parts.append(f"alarm {alarm.alarm_id} sunrise {lead} {day} ({alarm.phase_at(boot)} at the start)")
    if situation.clock_window is not None:
        on = situation.clock_window.contains(boot, zone)
        parts.append(f"clock {situation.clock_window} ({'on' if on else 'off'})")
    if situation.lock_window is not None:
        locked = situation.lock_window.contains(boot, zone)
        parts.append(f"toddler lock {situation.lock_window} ({'engaged' if locked else 'released'})")
    return "; ".join(parts + situation.notes) or "nothing scheduled"


# Main -------------------------------------------------------------------------------------------

# Daylight-saving changes this soon after an hour's start are passed during the run (holds extend
# through them); later ones are beyond it.
DST_LOOKAHEAD = timedelta(minutes=15)


def parse_start_time(text: str) -> datetime:
    """`--start-time` as `hatchctl fleet run` reads it: ISO 8601 (no zone = UTC) or HH:mm (today, UTC)."""
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        try:
            clock = datetime.strptime(text, "%H:%M").time()
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is neither ISO 8601 nor HH:mm") from None
        return datetime.combine(datetime.now(UTC).date(), clock, tzinfo=UTC)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    hours = ", ".join(hour.name for hour in HOURS)
    parser = argparse.ArgumentParser(description="The vendor's client (hatch-rest-api) against the simulated fleet, "
                                                 "at a matrix of simulated hours.")
    parser.add_argument("--hatchctl", default=".build/debug/hatchctl", help="the hatchctl executable")
    parser.add_argument("--devices", default="devices/all-products.yaml", help="the fleet file")
    when = parser.add_mutually_exclusive_group()
    when.add_argument("--hours", default="all",
                      help=f"the simulated hours to run at, in the devices' time zone: all (the default), or some of "
                           f"{hours}, separated by commas; --list-hours describes them")
    when.add_argument("--start-time", type=parse_start_time,
                      help="run once, at this simulated time (ISO 8601, no zone = UTC, or HH:mm UTC)")
    parser.add_argument("--speed", type=float, default=1.0, help="the clock speed with --start-time (1)")
    parser.add_argument("--list-hours", action="store_true", help="describe the hours and exit")
    parser.add_argument("--timezone", default="America/New_York",
                        help="the devices' time zone, in which the hours are given (America/New_York)")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds each check waits for the client (5)")
    parser.add_argument("--log-dir", default=".build/interop-logs",
                        help="where the client's DEBUG log, and per hour the fleet's and mosquitto's output, go")
    parser.add_argument("--shadow-service", choices=("internal", "external"), default="internal",
                        help="internal (default): the fleet answers its devices' shadows on an anonymous broker; external: "
                             "a broker from `hatchctl broker config --shadow-service external` (an ACL like an AWS IoT policy), "
                             "`hatchctl shadow-service` and `hatchctl fleet run --shadow-service external`")
    parser.add_argument("--verbose", action="store_true", help="print every check as it finishes, not only failures")
    parser.add_argument("--json", action="store_true", help="print a JSON document instead of the matrix")
    arguments = parser.parse_args(argv)
    try:
        arguments.zone = ZoneInfo(arguments.timezone)
    except (ZoneInfoNotFoundError, ValueError):
        parser.error(f"--timezone: unknown time zone {arguments.timezone!r}")
    if arguments.start_time is not None:
        arguments.selected = [hour_at(arguments.start_time, arguments.zone, arguments.speed)]
    else:
        try:
            arguments.selected = select_hours(arguments.hours)
        except ValueError as error:
            parser.error(f"--hours: {error}")
    return arguments


def package_versions() -> dict[str, str]:
    versions = {}
    for name in ("hatch-rest-api", "awsiotsdk", "awscrt", "paho-mqtt"):
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = "?"
    return versions


def run_hour(arguments: argparse.Namespace, hour: Hour, reporter: Reporter, diagnostics: ClientDiagnostics,
             runs: list[HourRun]) -> None:
    """One fresh broker and fleet started at the hour; situation, rules, then every operation. The
    run joins `runs` first, so an interrupted hour still has its row."""
    zone: ZoneInfo = arguments.zone
    start = hour.start(zone)
    run = HourRun(hour, start, describe_local(start, zone))
    runs.append(run)
    reporter.hour = hour.name
    changes = offset_changes(start, start + DST_LOOKAHEAD, zone)
    crossing = "".join(f", {describe_local(c - timedelta(seconds=1), zone)[-9:]} → "
                       f"{describe_local(c, zone)[-9:]} at {c:%H:%MZ}" for c in changes)
    reporter.say(f"=== {hour.name}: {run.local} ({start:%Y-%m-%dT%H:%M:%SZ}), speed ×{hour.speed:g}{crossing}: "
                 f"{hour.purpose}")
    logging.getLogger("interop").info(f"=== hour {hour.name}: {run.local}, speed {hour.speed:g}")
    log_dir = Path(arguments.log_dir) / hour.name
    log_dir.mkdir(parents=True, exist_ok=True)
    began = time.monotonic()
    suite: Suite | None = None
    with tempfile.TemporaryDirectory(prefix="hatch-interop-") as scratch:
        work_dir = Path(scratch)
        external = arguments.shadow_service == "external"
        broker = SecuredMosquitto(arguments.hatchctl, arguments.devices, work_dir, log_dir) if external else Mosquitto(work_dir, log_dir)
        shadows: ShadowService | None = None
        fleet: Fleet | None = None
        monitor: FleetMonitor | None = None
        connection: mqtt.Connection | None = None
        devices: list[DeviceUnderTest] = []
        calls: dict[str, set[str]] = {}
        try:
            broker.start()
            login = broker.controller if isinstance(broker, SecuredMosquitto) else None
            monitor = FleetMonitor(broker.port, login)
            monitor.start()
            extra: list[str] = []
            if isinstance(broker, SecuredMosquitto):
                # One simulated clock for both processes: the service stamps replies with the fleet's time.
                # It starts now, so the fleet never boots before the hour's start (a sunrise that begins
                # at the start has begun when the devices connect, as with the fused fleet).
                clock = ["--start-time", start.strftime("%Y-%m-%dT%H:%M:%SZ"), "--speed", f"{hour.speed:g}",
                         "--clock-origin", f"{time.time():.3f}"]
                shadows = ShadowService(arguments.hatchctl, broker.url, broker.credentials_file, work_dir, log_dir, clock)
                shadows.start()
                extra = ["--credentials", str(broker.credentials_file), "--shadow-service", "external", "--clock-origin", clock[-1]]
            fleet = Fleet(arguments.hatchctl, arguments.devices, broker.url, work_dir, log_dir,
                          start.strftime("%Y-%m-%dT%H:%M:%SZ"), hour.speed, extra)
            connected = fleet.start()
            count = int(connected.get("devices") or 0)
            if arguments.verbose:
                reporter.say(f"fleet: {count} devices online on {broker.url} ({arguments.devices})")
            records = monitor.wait_for_fleet(count)
            devices = discover(records)
            run.devices = [d.registry for d in devices]

            connection, shadow_client = connect(broker.port, login)
            suite = Suite(reporter, diagnostics, monitor, arguments.timeout, zone, hour, start)
            suite.clock_thing = devices[0].thing if devices else ""
            for device in devices:
                # Problems raised while the object subscribes and reads its first document count
                # against its initial-get check, which comes first.
                with diagnostics.scope(f"{device.name}: initial get"):
                    try:
                        device.client = create_device(device, shadow_client)
                        calls[device.thing] = record_calls(device.client)
                    except Exception as error:  # noqa: BLE001
                        suite.fail_setup(device, "create device object", f"{type(error).__name__}: {error}",
                                         traceback.format_exc())
                        continue
                device.client.register_callback(suite.notify)
                device.client.register_callback(
                    lambda device=device: device.samples.append((time.monotonic(), snapshot(device.client))))
            for device in devices:
                if device.client is None:
                    continue
                document = monitor.shadow_document(device.thing) or {}
                reported = (document.get("state") or {}).get("reported")
                reported = reported if isinstance(reported, dict) else {}
                if reported.get("timezone") != zone.key:
                    suite.fail_setup(device, "time zone", f"{device.name} reports timezone {reported.get('timezone')!r}; "
                                     f"the hours are given in {zone.key} (--timezone)", group="situation")
                device.situation = situation_of(device.alarms, reported, start, zone)
                run.situations[device.name] = describe_situation(device.situation, start, zone)
                if arguments.verbose:
                    favorites = device.client.favorite_names() if hasattr(device.client, "favorite_names") else []
                    reporter.say(f"--- {device.name} ({device.product}, {device.thing}) as "
                                 f"{type(device.client).__name__}, favorites {favorites}: "
                                 f"{run.situations[device.name]}")
            for device in devices:
                if device.client is not None:
                    PLANS[type(device.client)][0](suite, device)
            rules = Rules(suite, hour, devices)
            rules.check_boot_levels()
            rules.set_up()
            rules.start_holds()
            rules.finish_holds()
            for device in devices:
                if device.client is not None:
                    PLANS[type(device.client)][1](suite, device)
            suite.check_leftover_problems()
            if isinstance(broker, SecuredMosquitto):
                denied = broker.denied_publishes()
                reporter.add(CheckResult("fleet", "-", "no publish outside the ACL", "fail" if denied else "pass", 0, denied[:10],
                                         group="situation"))
        except ProcessError as error:
            reporter.add(CheckResult("fleet", "-", "start broker and fleet", "fail", 0, str(error).splitlines()))
        except TimeoutError as error:
            reporter.add(CheckResult("fleet", "-", "discover devices", "fail", 0, [str(error)]))
        except Exception as error:  # noqa: BLE001 — anything else still ends in a verdict
            reporter.add(CheckResult("fleet", "-", "set-up", "fail", 0,
                                     [f"{type(error).__name__}: {error}"] + traceback.format_exc().splitlines()[-6:]))
        finally:
            for device in devices:
                if device.client is not None:
                    try:
                        device.client.unsubscribe()
                    except Exception as error:  # noqa: BLE001 — tearing down; a finding all the same
                        reporter.add(CheckResult(device.name, device.product, "unsubscribe()", "fail", 0,
                                                 [f"the client raised {type(error).__name__}: {error}"], group="client"))
                    if device.thing in calls and suite is not None:
                        reporter.add(coverage_result(device, calls[device.thing]))
            if connection is not None:
                try:
                    connection.disconnect().result(timeout=5)
                except Exception:  # noqa: BLE001
                    pass
            if monitor is not None:
                monitor.stop()
            if fleet is not None:
                fleet.stop()
            if shadows is not None:
                shadows.stop()
            broker.stop()
    # What the client said and no check took (while it was torn down, or after a set-up failure)
    # is a finding too.
    late = suite.take_problems() if suite is not None else []
    if late:
        reporter.add(CheckResult("fleet", "-", "client problems while disconnecting", "fail", 0,
                                 [f"client {p.source} (during {p.scope}): {p.message}" for p in late],
                                 {"clientErrors": [asdict(p) for p in late]}))
    run.seconds = time.monotonic() - began
    counts = reporter.counts(hour.name).values()
    reporter.say(f"    {hour.name}: {sum(p for p, _ in counts)} passed, {sum(f for _, f in counts)} failed "
                 f"in {run.seconds:.1f} s")


def interrupt(signum, frame) -> None:
    """SIGTERM ends the run like Ctrl-C, so the broker and the fleet are always stopped."""
    raise KeyboardInterrupt


def main(argv: list[str]) -> int:
    arguments = parse_arguments(argv)
    if arguments.list_hours:
        for hour in HOURS:
            start = hour.start(arguments.zone)
            print(f"{hour.name:16} {describe_local(start, arguments.zone)}  ×{hour.speed:<3g} {hour.purpose}")
        return 0
    signal.signal(signal.SIGTERM, interrupt)
    reporter = Reporter(arguments.json, arguments.verbose)
    log_dir = Path(arguments.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)
    diagnostics = ClientDiagnostics()
    diagnostics.install(log_dir / "vendor-client.log")
    versions = package_versions()
    reporter.say("vendor client: " + ", ".join(f"{name} {version}" for name, version in versions.items()))
    context: dict = {"hatchctl": arguments.hatchctl, "devicesFile": arguments.devices, "packages": versions,
                     "shadowService": arguments.shadow_service,
                     "timezone": arguments.zone.key, "logs": str(log_dir)}
    runs: list[HourRun] = []
    interrupted = False
    began = time.monotonic()
    try:
        for hour in arguments.selected:
            run_hour(arguments, hour, reporter, diagnostics, runs)
    except KeyboardInterrupt:
        interrupted = True
        reporter.add(CheckResult("suite", "-", "run to completion", "fail", 0,
                                 ["interrupted; the broker and the fleet were stopped"]))
    seconds = time.monotonic() - began

    if arguments.json:
        document = dict(context, seconds=round(seconds, 1), notes=reporter.notes,
                        hours=[{"name": run.hour.name, "purpose": run.hour.purpose, "local": run.local,
                                "start": run.start.isoformat(), "speed": run.hour.speed, "setup": run.hour.setup,
                                "seconds": round(run.seconds, 1), "situations": run.situations,
                                "devices": run.devices} for run in runs],
                        matrix=reporter.matrix_document(runs), checks=[asdict(r) for r in reporter.results],
                        passed=reporter.passed, failed=reporter.failed, interrupted=interrupted)
        print(json.dumps(document, indent=2, default=str))
    else:
        print()
        print(reporter.matrix(runs))
        print(f"\n{len(runs)} hour(s) in {seconds:.1f} s; logs: {log_dir}/vendor-client.log (DEBUG), and per hour "
              f"{log_dir}/<hour>/fleet.out.jsonl, fleet.err.log, mosquitto.log")
    print(f"{reporter.passed} passed, {reporter.failed} failed", flush=True)
    if interrupted:
        return 130
    return 0 if reporter.failed == 0 and reporter.passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
