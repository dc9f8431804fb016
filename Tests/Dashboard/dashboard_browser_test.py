#!/usr/bin/env python3
"""The live dashboard in a real browser: headless chromium, driven by Selenium, against
`hatchctl fleet run --dashboard-port N` on a fleet file, with `hatchctl` commands beside it.

Checks, each with a deadline and a failure message:
  1. the page shows a card for every device of the fleet file, with the test contract's markup
     (data-thing, data-role=light / playing / presence);
  2. `hatchctl light <device> red` turns that card's swatch red within a second;
  3. a light control clicked on the page changes the device's reported state (`hatchctl state --json`);
  4. a fault injected from the page (offline) shows the device offline;
  5. a request without the token is refused when the dashboard listens with one.

Screenshots go to --screenshots (one per step). Exit status 0 when every check passed.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import yaml
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


class CheckFailed(AssertionError):
    """A check did not hold by its deadline."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(what: str, deadline: float, probe):
    """Polls `probe` until it returns something truthy; raises CheckFailed naming `what` and the last value."""
    end = time.monotonic() + deadline
    last = None
    while True:
        try:
            last = probe()
        except Exception as error:  # the page may be redrawing the element just now
            last = error
        if last and not isinstance(last, Exception):
            return last
        if time.monotonic() >= end:
            raise CheckFailed(f"{what}: not within {deadline:g} s (last seen: {last!r})")
        time.sleep(0.02)


class Suite:
    def __init__(self, args: argparse.Namespace, home: Path):
        self.args = args
        self.hatchctl = str(Path(args.hatchctl).resolve())
        self.env = dict(os.environ, HATCH_HOME=str(home))
        self.home = home
        self.screenshots = Path(args.screenshots)
        self.screenshots.mkdir(parents=True, exist_ok=True)
        self.devices = [device["name"] for device in yaml.safe_load(Path(args.devices).read_text())["devices"]]
        self.port = free_port()
        self.fleet: subprocess.Popen | None = None
        self.browser: webdriver.Chrome | None = None
        self.passed: list[str] = []

    # --- processes -------------------------------------------------------------------------------
    def start_fleet(self, *extra: str) -> None:
        log = open(self.home / "fleet.log", "w")
        self.fleet = subprocess.Popen(
            [self.hatchctl, "fleet", "run", "--devices", self.args.devices, "--in-memory", "--start-time", "2026-01-05T20:00:00Z",
             "--dashboard-port", str(self.port), *extra],
            env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        def ready():
            if self.fleet.poll() is not None:
                raise SystemExit(f"hatchctl fleet run exited with {self.fleet.returncode}:\n{(self.home / 'fleet.log').read_text()}")
            result = self.run_hatchctl("devices", "--json", check=False)
            if result.returncode != 0:
                return False
            devices = json.loads(result.stdout)
            return len(devices) == len(self.devices) and all(device.get("presence") == "online" for device in devices)
        wait_for("every device of the fleet online", 60, ready)

    def stop_fleet(self) -> None:
        if self.fleet and self.fleet.poll() is None:
            os.killpg(self.fleet.pid, signal.SIGINT)
            try:
                self.fleet.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.fleet.pid, signal.SIGKILL)
                self.fleet.wait()

    def run_hatchctl(self, *arguments: str, check: bool = True) -> subprocess.CompletedProcess:
        result = subprocess.run([self.hatchctl, *arguments], env=self.env, capture_output=True, text=True, timeout=30)
        if check and result.returncode != 0:
            raise CheckFailed(f"hatchctl {' '.join(arguments)} failed ({result.returncode}): {result.stderr.strip()}")
        return result

    def reported(self, device: str) -> dict:
        return json.loads(self.run_hatchctl("state", device, "--json").stdout)["reported"]

    # --- browser ---------------------------------------------------------------------------------
    def open_browser(self) -> None:
        options = webdriver.ChromeOptions()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"):
            options.add_argument(flag)
        options.binary_location = self.args.chromium
        self.browser = webdriver.Chrome(options=options, service=Service(executable_path=self.args.chromedriver))
        self.browser.get(f"http://127.0.0.1:{self.port}/")

    def card(self, name: str):
        for card in self.browser.find_elements(By.CSS_SELECTOR, "[data-thing]"):
            if card.find_element(By.CSS_SELECTOR, "[data-role=name]").text == name:
                return card
        return None

    def swatch_color(self, name: str) -> str | None:
        card = self.card(name)
        return card.find_element(By.CSS_SELECTOR, "[data-role=light]").value_of_css_property("background-color") if card else None

    def screenshot(self, name: str) -> None:
        self.browser.save_screenshot(str(self.screenshots / f"{name}.png"))

    # --- checks ----------------------------------------------------------------------------------
    def check_every_device_shown(self) -> None:
        def shown():
            cards = self.browser.find_elements(By.CSS_SELECTOR, "[data-thing]")
            names = sorted(card.find_element(By.CSS_SELECTOR, "[data-role=name]").text for card in cards)
            online = all(card.find_element(By.CSS_SELECTOR, "[data-role=presence]").text == "online" for card in cards)
            return names == sorted(self.devices) and online and all(
                card.find_elements(By.CSS_SELECTOR, "[data-role=light]") and card.find_elements(By.CSS_SELECTOR, "[data-role=playing]")
                for card in cards)
        wait_for(f"a card with light, playing and presence for each of {self.devices}, all online", 15, shown)
        self.screenshot("household")
        self.passed.append(f"the page shows every device of {self.args.devices} ({len(self.devices)} cards)")

    def check_cli_light_turns_swatch_red(self, device: str) -> None:
        self.run_hatchctl("light", device, "blue")
        wait_for(f"{device}'s swatch blue first", 5, lambda: self.swatch_color(device) in ("rgb(0, 0, 255)", "rgba(0, 0, 255, 1)"))
        self.run_hatchctl("light", device, "red")
        returned = time.monotonic()
        wait_for(f"{device}'s swatch red within a second of `hatchctl light {device} red`", 1.0,
                 lambda: self.swatch_color(device) in ("rgb(255, 0, 0)", "rgba(255, 0, 0, 1)"))
        latency = time.monotonic() - returned
        self.screenshot("light-red")
        self.passed.append(f"`hatchctl light {device} red` turned the swatch red {latency * 1000:.0f} ms after the command returned")

    def check_page_control_changes_state(self, device: str) -> None:
        card = wait_for(f"{device}'s card", 10, lambda: self.card(device))
        card.find_element(By.CSS_SELECTOR, "summary").click()
        self.browser.execute_script(
            "arguments[0].value = '#00ff00'; arguments[1].value = '80';",
            card.find_element(By.CSS_SELECTOR, "[data-control=light-color]"),
            card.find_element(By.CSS_SELECTOR, "[data-control=light-brightness]"))
        card.find_element(By.CSS_SELECTOR, "[data-control=light-set]").click()
        reply = wait_for("the device's answer beside the control", 10,
                         lambda: (lambda text: text if text and text != "…" else None)(self.card(device).find_element(By.CSS_SELECTOR, "[data-role=reply]").text))
        def applied():
            color = self.reported(device)["current"]["color"]
            return color if (color["r"], color["g"], color["b"]) == (0, 65535, 0) and abs(color["i"] - 52428) <= 1 else None
        wait_for(f"{device} reporting green at 80% after the page's light control (reply: {reply})", 10, applied)
        wait_for(f"{device}'s swatch green", 5, lambda: self.swatch_color(device) in ("rgb(0, 255, 0)", "rgba(0, 255, 0, 1)"))
        self.screenshot("page-control")
        self.passed.append(f"the page's light control set {device} to green at 80% (`hatchctl state --json`); the page said: {reply}")

    def check_fault_shows_offline(self, device: str) -> None:
        card = wait_for(f"{device}'s card", 15, lambda: self.card(device))
        card.find_element(By.CSS_SELECTOR, "summary").click()
        wait_for("the fault controls (a simulated fleet)", 5,
                 lambda: self.card(device).find_element(By.CSS_SELECTOR, "[data-control=fault-kind]").is_displayed())
        self.browser.execute_script("arguments[0].value = 'offline'; arguments[1].value = '60';",
                                    card.find_element(By.CSS_SELECTOR, "[data-control=fault-kind]"),
                                    card.find_element(By.CSS_SELECTOR, "[data-control=fault-seconds]"))
        card.find_element(By.CSS_SELECTOR, "[data-control=fault-inject]").click()
        wait_for(f"{device}'s card offline after the page injected `offline`", 10,
                 lambda: self.card(device).find_element(By.CSS_SELECTOR, "[data-role=presence]").text == "offline")
        devices = {entry["name"]: entry for entry in json.loads(self.run_hatchctl("devices", "--json").stdout)}
        if devices[device]["presence"] != "offline":
            raise CheckFailed(f"the page shows {device} offline but `hatchctl devices` says {devices[device]['presence']}")
        self.screenshot("fault-offline")
        self.passed.append(f"a fault injected from the page took {device} offline (card and `hatchctl devices` agree)")

    def check_token_required(self) -> None:
        token = "dashboard-test-token-0123456789"
        port = free_port()
        dashboard = subprocess.Popen([self.hatchctl, "dashboard", "--port", str(port), "--token", token],
                                     env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            def status(path: str) -> int | None:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2) as response:
                        return response.status
                except urllib.error.HTTPError as error:
                    return error.code
                except OSError:
                    return None
            wait_for("`hatchctl dashboard --token …` answering", 20, lambda: status("/") is not None)
            refused = {path: status(path) for path in ("/", "/events", "/api/cards", "/app.js")}
            if any(code != 401 for code in refused.values()):
                raise CheckFailed(f"requests without the token were not all refused with 401: {refused}")
            allowed = status(f"/api/cards?token={token}")
            if allowed != 200:
                raise CheckFailed(f"a request with the token got {allowed}, not 200")
            self.browser.get(f"http://127.0.0.1:{port}/?token={token}")
            wait_for("the page with its token showing every device", 15,
                     lambda: len(self.browser.find_elements(By.CSS_SELECTOR, "[data-thing]")) == len(self.devices))
            self.passed.append("without the token every path answers 401; with it the page shows every device")
        finally:
            os.killpg(dashboard.pid, signal.SIGINT)
            dashboard.wait(timeout=15)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hatchctl", required=True)
    parser.add_argument("--devices", default="devices/household.yaml")
    parser.add_argument("--device", default="Nursery", help="the device the light checks use")
    parser.add_argument("--fault-device", default=None, help="the device the fault check takes offline (default: the last of the file)")
    parser.add_argument("--screenshots", default=".build/dashboard-screenshots")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hatch-dashboard-test-") as home:
        suite = Suite(args, Path(home))
        fault_device = args.fault_device or suite.devices[-1]
        try:
            suite.start_fleet()
            suite.open_browser()
            suite.check_every_device_shown()
            suite.check_cli_light_turns_swatch_red(args.device)
            suite.check_page_control_changes_state(args.device)
            suite.check_token_required()
            suite.browser.get(f"http://127.0.0.1:{suite.port}/")
            suite.check_fault_shows_offline(fault_device)
        except CheckFailed as failure:
            if suite.browser:
                suite.screenshot("failure")
            for line in suite.passed:
                print(f"passed: {line}")
            print(f"FAILED: {failure}", file=sys.stderr)
            print(f"(fleet log: {(Path(home) / 'fleet.log').read_text()[-3000:]})", file=sys.stderr)
            return 1
        finally:
            if suite.browser:
                suite.browser.quit()
            suite.stop_fleet()
        for line in suite.passed:
            print(f"passed: {line}")
        print(f"{len(suite.passed)} passed, 0 failed; screenshots in {args.screenshots}")
        return 0


if __name__ == "__main__":
    sys.exit(main())
