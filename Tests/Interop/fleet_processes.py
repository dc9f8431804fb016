"""The processes the interop suite runs against: a private mosquitto and `hatchctl fleet run`, and
with an external shadow service (`--shadow-service external`) a locked-down mosquitto from
`hatchctl broker config --shadow-service external` and `hatchctl shadow-service` beside the fleet.

All are started in their own process group, so a Ctrl-C in the terminal reaches only the suite,
which then stops them in order (fleet first, so every device reports `connected: false` and
publishes its offline presence, then the broker). Every wait is bounded.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

from loopback_port import free_loopback_port


class ProcessError(RuntimeError):
    """A process could not be started, or did not become ready in time."""


# Every process started here, stopped again at exit should the suite's own clean-up be cut short
# (a second Ctrl-C during teardown): they run in their own sessions, so nothing else would stop them.
_STARTED: list[subprocess.Popen] = []


@atexit.register
def _stop_leftovers() -> None:
    for process in reversed(_STARTED):
        _stop(process, grace=3)


def find_mosquitto() -> str:
    """The mosquitto executable: on PATH, else where Debian installs it (/usr/sbin is often not on PATH)."""
    found = shutil.which("mosquitto")
    if found:
        return found
    for candidate in ("/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto"):
        if os.access(candidate, os.X_OK):
            return candidate
    raise ProcessError("mosquitto is not installed; run `make deps` (Debian package mosquitto)")


def _tail(path: Path, lines: int = 20) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def _stop(process: subprocess.Popen | None, grace: float) -> None:
    """SIGTERM to the process group, then SIGKILL after `grace` seconds."""
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            return
        process.wait(timeout=5)


class Mosquitto:
    """A private mosquitto on a free loopback port, configured in `work_dir`."""

    def __init__(self, work_dir: Path, log_dir: Path):
        self.port = free_loopback_port()
        self.config = work_dir / "mosquitto.conf"
        self.log_path = log_dir / "mosquitto.log"
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self, timeout: float = 10) -> None:
        self.config.write_text(
            f"listener {self.port} 127.0.0.1\n"
            "allow_anonymous true\n"
            # Without it a reply that follows another one waits for a delayed ACK (~40 ms).
            "set_tcp_nodelay true\n"
            "persistence false\n"
        )
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [find_mosquitto(), "-c", str(self.config), "-v"],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
            )
        _STARTED.append(self.process)
        _wait_for_port(self.process, self.port, timeout, self.log_path)

    def stop(self) -> None:
        _stop(self.process, grace=5)


class SecuredMosquitto:
    """A private mosquitto configured by `hatchctl broker config --shadow-service external`: passwords,
    and an ACL in which each device may publish and read only its firmware's topics (as an AWS IoT
    policy allows). It logs every packet, so a denied publish shows in its log."""

    def __init__(self, hatchctl: str, devices: str, work_dir: Path, log_dir: Path):
        self.hatchctl = hatchctl
        self.devices = devices
        self.port = free_loopback_port()
        self.folder = work_dir / "broker"
        self.config = self.folder / "mosquitto.conf"
        self.credentials_file = self.folder / "credentials.json"
        self.log_path = log_dir / "mosquitto.log"
        self.output_path = log_dir / "mosquitto.out.log"
        self.process: subprocess.Popen | None = None
        self.controller: tuple[str, str] = ("", "")

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self, timeout: float = 10) -> None:
        configure = [self.hatchctl, "broker", "config", "--devices", self.devices, "--out", str(self.folder),
                     "--host", "127.0.0.1", "--port", str(self.port), "--shadow-service", "external",
                     "--log-file", str(self.log_path.resolve()), "--debug-log", "--json"]
        made = subprocess.run(configure, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
        if made.returncode != 0:
            raise ProcessError(f"`{' '.join(configure)}` exited with status {made.returncode}:\n{made.stdout}{made.stderr}")
        controller = json.loads(self.credentials_file.read_text())["controller"]
        self.controller = (controller["username"], controller["password"])
        self.log_path.unlink(missing_ok=True)
        with open(self.output_path, "wb") as log:
            self.process = subprocess.Popen(
                [find_mosquitto(), "-c", str(self.config)],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
            )
        _STARTED.append(self.process)
        _wait_for_port(self.process, self.port, timeout, self.output_path)

    def denied_publishes(self) -> list[str]:
        """The broker's `Denied PUBLISH` log lines so far (a device publishing outside its policy)."""
        try:
            return [line for line in self.log_path.read_text(errors="replace").splitlines() if "Denied PUBLISH" in line]
        except OSError:
            return []

    def stop(self) -> None:
        _stop(self.process, grace=5)


def _wait_for_port(process: subprocess.Popen, port: int, timeout: float, log_path: Path) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ProcessError(f"mosquitto exited with status {process.returncode}:\n{_tail(log_path)}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise ProcessError(f"mosquitto did not listen on port {port} within {timeout:.0f} s:\n{_tail(log_path)}")


class ShadowService:
    """`hatchctl shadow-service --json` on a locked-down broker, logging in as the fleet service."""

    READY = "answering shadow requests"

    def __init__(self, hatchctl: str, broker_url: str, credentials_file: Path, work_dir: Path, log_dir: Path,
                 clock: list[str] | None = None):
        """`clock`: the fleet's `--start-time`, `--speed` and `--clock-origin`, so that replies carry its simulated time."""
        self.command = [hatchctl, "shadow-service", "--broker", broker_url, "--credentials", str(credentials_file),
                        "--state", str(work_dir / "shadows"), "--json"] + (clock or [])
        self.home = work_dir / "shadow-home"
        self.stderr_path = log_dir / "shadow-service.err.jsonl"
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 30) -> None:
        self.home.mkdir(parents=True, exist_ok=True)
        with open(self.stderr_path, "wb") as stderr:
            self.process = subprocess.Popen(
                self.command, stdout=stderr, stderr=stderr, stdin=subprocess.DEVNULL,
                env=dict(os.environ, HATCH_HOME=str(self.home)), start_new_session=True,
            )
        _STARTED.append(self.process)
        deadline = time.monotonic() + timeout
        while self.READY not in self.stderr_path.read_text(errors="replace"):
            if self.process.poll() is not None:
                raise ProcessError(f"`{' '.join(self.command)}` exited with status {self.process.returncode}:\n"
                                   f"{_tail(self.stderr_path)}")
            if time.monotonic() > deadline:
                raise ProcessError(f"the shadow service did not start within {timeout:.0f} s:\n{_tail(self.stderr_path)}")
            time.sleep(0.05)

    def stop(self) -> None:
        # SIGTERM is a clean shutdown: every document saved.
        _stop(self.process, grace=10)


class Fleet:
    """`hatchctl fleet run --json` against a given broker, with its own state folder and HATCH_HOME
    (so the broker record it writes never replaces the user's). `extra` adds options, e.g.
    `--credentials FILE --shadow-service external`."""

    def __init__(self, hatchctl: str, devices: str, broker_url: str, work_dir: Path, log_dir: Path,
                 start_time: str | None = None, speed: float = 1, extra: list[str] | None = None):
        self.command = [hatchctl, "fleet", "run", "--broker", broker_url, "--devices", devices,
                        "--state-dir", str(work_dir / "state"), "--json"] + (extra or [])
        if start_time:
            self.command += ["--start-time", start_time]
        if speed != 1:
            self.command += ["--speed", f"{speed:g}"]
        self.home = work_dir / "hatch-home"
        self.stdout_path = log_dir / "fleet.out.jsonl"
        self.stderr_path = log_dir / "fleet.err.log"
        self.process: subprocess.Popen | None = None
        self.connected_event: dict | None = None
        self._connected = threading.Event()
        self._reader: threading.Thread | None = None

    def start(self, timeout: float = 30) -> dict:
        """Starts the fleet and returns its `connected` event (`devices`, `online`, …)."""
        if not os.access(self.command[0], os.X_OK):
            raise ProcessError(f"{self.command[0]} is not an executable; build it with "
                               "`swift build --product hatchctl` or pass --hatchctl")
        self.home.mkdir(parents=True, exist_ok=True)
        environment = dict(os.environ, HATCH_HOME=str(self.home))
        with open(self.stderr_path, "wb") as stderr:
            self.process = subprocess.Popen(
                self.command, stdout=subprocess.PIPE, stderr=stderr, stdin=subprocess.DEVNULL,
                env=environment, start_new_session=True,
            )
        _STARTED.append(self.process)
        self._reader = threading.Thread(target=self._read_events, name="fleet-stdout", daemon=True)
        self._reader.start()
        deadline = time.monotonic() + timeout
        while not self._connected.wait(timeout=0.1):
            if self.process.poll() is not None:
                self._reader.join(timeout=2)
                # With --json, hatchctl prints its error document on standard output.
                output = "\n".join(text for text in (_tail(self.stderr_path), _tail(self.stdout_path)) if text)
                raise ProcessError(f"`{' '.join(self.command)}` exited with status {self.process.returncode}:\n{output}")
            if time.monotonic() > deadline:
                raise ProcessError(f"the fleet did not report `connected` within {timeout:.0f} s:\n"
                                   f"{_tail(self.stderr_path)}")
        return self.connected_event or {}

    def _read_events(self) -> None:
        """Copies the fleet's JSON lines into the log and notes its `connected` event."""
        assert self.process is not None and self.process.stdout is not None
        with open(self.stdout_path, "wb") as log:
            for line in self.process.stdout:
                log.write(line)
                log.flush()
                try:
                    event = json.loads(line)
                except ValueError:
                    continue
                if isinstance(event, dict) and event.get("event") == "connected":
                    self.connected_event = event
                    self._connected.set()

    def stop(self) -> None:
        # SIGTERM is a clean shutdown for `fleet run`: offline presence, state saved.
        _stop(self.process, grace=10)
        if self._reader is not None:
            self._reader.join(timeout=2)
