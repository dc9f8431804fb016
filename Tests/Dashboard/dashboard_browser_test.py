#!/usr/bin/env python3
"""The live dashboard in a real browser: headless chromium, driven by Selenium, against
`hatchctl fleet run --dashboard-port N` on a fleet file, with `hatchctl` commands beside it.

Checks, each with a deadline and a failure message:
  1. the page shows a card for every device of the fleet file, with the test contract's markup
     (data-thing, data-role=light / playing / presence);
  2. `hatchctl light <device> red` turns that card's swatch red within a second;
  3. a light control clicked on the page changes the device's reported state (`hatchctl state --json`);
  4. a fault injected from the page (offline) shows the device offline;
  5. a request without the token is refused when the dashboard listens with one;
  6. the shadow panel: a `desired` edit on the page reaches the device and the delta clears; a `desired`
     the device cannot apply stays visible as a delta;
  7. a saved command applied to a search of ten devices shows ten applied in the bulk tally; the log's
     topic filter shows only matching messages, and a row opens as a tree;
  8. a sunrise draws a rising ramp in its real colours in the device's timeline;
  9. axe-core finds no serious or critical accessibility violation, and the page's controls are reachable
     from the keyboard.

The suite runs the given fleet file plus ten "Shelf" devices of its own (the bulk command's search).

Screenshots go to --screenshots (one per step). Exit status 0 when every check passed.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from datetime import datetime
import urllib.error
import urllib.request
from pathlib import Path

import yaml
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Interop"))
from loopback_port import free_loopback_port  # noqa: E402  (the suites' shared port choice)

SHELF_DEVICES = 10


class CheckFailed(AssertionError):
    """A check did not hold by its deadline."""


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
        fleet = yaml.safe_load(Path(args.devices).read_text())
        fleet["devices"] = list(fleet["devices"]) + [
            {"name": f"Shelf {index:02d}", "mac": f"A4:C1:38:20:00:{index:02X}", "product": "restoreV5"} for index in range(1, SHELF_DEVICES + 1)]
        self.fleet_file = home / "fleet.yaml"
        self.fleet_file.write_text(yaml.safe_dump(fleet, sort_keys=False))
        self.devices = [device["name"] for device in fleet["devices"]]
        self.port = free_loopback_port()
        self.fleet: subprocess.Popen | None = None
        self.browser: webdriver.Chrome | None = None
        self.passed: list[str] = []

    # --- processes -------------------------------------------------------------------------------
    def start_fleet(self, *extra: str) -> None:
        log = open(self.home / "fleet.log", "w")
        self.fleet = subprocess.Popen(
            [self.hatchctl, "fleet", "run", "--devices", str(self.fleet_file), "--in-memory", "--start-time", "2026-01-05T20:00:00Z",
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
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,2200"):
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

    def screenshot(self, name: str, selector: str | None = None) -> None:
        """The window, or only the element `selector` finds (the docs' pictures of the device panel)."""
        if selector:
            self.browser.find_element(By.CSS_SELECTOR, selector).screenshot(str(self.screenshots / f"{name}.png"))
        else:
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
        port = free_loopback_port()
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

    # --- the shadow, saved commands, timelines, accessibility --------------------------------------
    def open_panel(self, device: str):
        card = wait_for(f"{device}'s card", 10, lambda: self.card(device))
        card.find_element(By.CSS_SELECTOR, "summary").click()
        card.find_element(By.CSS_SELECTOR, "[data-control=panel-open]").click()
        wait_for(f"the device panel titled {device}", 5,
                 lambda: self.browser.find_element(By.CSS_SELECTOR, "[data-role=device-panel]").is_displayed()
                 and device in self.browser.find_element(By.CSS_SELECTOR, "[data-role=panel-title]").text)

    def shadow_part(self, part: str) -> dict[str, str]:
        panel = self.browser.find_element(By.CSS_SELECTOR, "[data-role=shadow]")
        return {item.get_attribute("data-path"): item.find_element(By.CSS_SELECTOR, ".value").text
                for item in panel.find_elements(By.CSS_SELECTOR, f"[data-part={part}] li[data-path]")}

    def send_desired(self, desired: dict) -> str:
        editor = self.browser.find_element(By.CSS_SELECTOR, "[data-control=desired-json]")
        self.browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", editor, json.dumps(desired))
        self.browser.find_element(By.CSS_SELECTOR, "[data-control=desired-send]").click()
        reply = self.browser.find_element(By.CSS_SELECTOR, "[data-role=desired-reply]")
        return wait_for("the shadow's answer to the desired edit", 10, lambda: reply.text if reply.text and reply.text != "…" else None)

    def check_shadow_panel(self, device: str) -> None:
        self.open_panel(device)
        panel = self.browser.find_element(By.CSS_SELECTOR, "[data-role=shadow]")
        version = int(wait_for("the shadow panel's version", 10, lambda: panel.get_attribute("data-version")))
        wait_for("the reported volume in the shadow panel", 10, lambda: "reported.current.sound.v" in self.shadow_part("reported"))
        reply = self.send_desired({"current": {"sound": {"v": 21000}}})
        if "accepted" not in reply:
            raise CheckFailed(f"the desired edit was not accepted: {reply}")
        wait_for(f"{device} reporting the desired volume 21000", 10, lambda: self.reported(device)["current"]["sound"]["v"] == 21000)
        wait_for("the panel's reported volume 21000 and no delta, at a newer version", 10,
                 lambda: self.shadow_part("reported").get("reported.current.sound.v") == "21000" and not self.shadow_part("delta")
                 and int(panel.get_attribute("data-version")) > version)
        self.screenshot("shadow-panel")
        self.screenshot("shadow-panel-only", "[data-role=shadow]")
        reply = self.send_desired({"firmwareTestField": 7})
        wait_for("a desired field the device cannot apply shown as the delta", 10,
                 lambda: self.shadow_part("delta").get("delta.firmwareTestField") == "7")
        time.sleep(2)
        if self.shadow_part("delta").get("delta.firmwareTestField") != "7":
            raise CheckFailed("the delta of a field the device cannot apply disappeared")
        self.browser.find_element(By.CSS_SELECTOR, "[data-control=panel-close]").click()
        self.passed.append(f"the shadow panel: a desired volume reached {device} and the delta cleared (version {version} → "
                           f"{panel.get_attribute('data-version')}); a field it cannot apply stays as the delta ({reply})")

    def check_saved_command_bulk(self) -> None:
        form = self.browser.find_element(By.CSS_SELECTOR, "[data-role=save-command]")
        name = form.find_element(By.CSS_SELECTOR, "[data-control=save-name]")
        name.clear()
        name.send_keys("Shelf blue")
        self.browser.execute_script("arguments[0].value = 'light'; arguments[1].value = '#0000ff'; arguments[2].value = '40';",
                                    form.find_element(By.CSS_SELECTOR, "[data-control=save-action]"),
                                    form.find_element(By.CSS_SELECTOR, "[data-control=save-color]"),
                                    form.find_element(By.CSS_SELECTOR, "[data-control=save-brightness]"))
        form.find_element(By.CSS_SELECTOR, "[data-control=save-command]").click()
        saved = wait_for("the saved command listed", 5, lambda: self.browser.find_element(By.CSS_SELECTOR, "[data-role=saved-command][data-name='Shelf blue']"))
        stored = json.loads((self.home / "dashboard-commands.json").read_text())
        if [command["name"] for command in stored["commands"]] != ["Shelf blue"]:
            raise CheckFailed(f"the saved-commands file holds {stored}")
        search = self.browser.find_element(By.CSS_SELECTOR, "[data-control=search]")
        search.clear()
        search.send_keys("Shelf")
        wait_for("the search showing the ten Shelf devices", 5,
                 lambda: len(self.browser.find_elements(By.CSS_SELECTOR, "[data-thing]")) == SHELF_DEVICES)
        saved.find_element(By.CSS_SELECTOR, "[data-control=saved-apply-search]").click()
        question = wait_for("the confirmation", 5, lambda: self.browser.find_element(By.CSS_SELECTOR, "[data-role=bulk-question]").text)
        if f"to {SHELF_DEVICES} devices" not in question:
            raise CheckFailed(f"the confirmation asks: {question}")
        self.browser.find_element(By.CSS_SELECTOR, "[data-control=bulk-confirm]").click()
        tally = self.browser.find_element(By.CSS_SELECTOR, "[data-role=bulk-tally]")
        wait_for(f"the tally: {SHELF_DEVICES} applied", 20,
                 lambda: tally.get_attribute("data-finished") == "true" and tally.get_attribute("data-applied") == str(SHELF_DEVICES))
        wait_for("every Shelf device reporting blue", 10,
                 lambda: all((lambda color: (color["r"], color["g"], color["b"]) == (0, 0, 65535))(self.reported(f"Shelf {index:02d}")["current"]["color"])
                             for index in (1, SHELF_DEVICES)))
        self.screenshot("bulk-tally")
        self.browser.execute_script("arguments[0].value = ''; arguments[0].dispatchEvent(new Event('input'));", search)
        self.passed.append(f"a saved command applied to the search 'Shelf': {tally.text}")

    def check_sunrise_timeline(self, device: str, jump_utc: str, wake_utc: str) -> None:
        post = lambda body: urllib.request.urlopen(urllib.request.Request(
            f"http://127.0.0.1:{self.port}/api/control", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}), timeout=10).read()
        post({"action": "clock", "time": jump_utc})
        post({"action": "clock", "speed": 120})
        self.open_panel(device)
        wake = datetime.fromisoformat(wake_utc.replace("Z", "+00:00"))
        shown = wake.strftime("%Y-%m-%d %H:%M")
        wait_for(f"the simulated clock past the alarm's wake time {shown} UTC", 90,
                 lambda: self.browser.find_element(By.CSS_SELECTOR, "[data-role=sim-time]").text[:16] > shown)
        post({"action": "clock", "speed": 1})
        def ramp():
            bars = [(int(rect.get_attribute("data-t")), int(rect.get_attribute("data-brightness")), rect.get_attribute("fill"))
                    for rect in self.browser.find_elements(By.CSS_SELECTOR, "[data-role=timeline] rect[data-brightness]")]
            lit = [bar for bar in sorted(bars) if bar[1] > 0 and bar[0] < wake.timestamp()]
            rising = len(lit) >= 8 and all(a[1] <= b[1] for a, b in zip(lit, lit[1:])) and lit[-1][1] > lit[0][1] + 20
            return (lit[0], lit[-1], len(lit)) if rising and all(bar[2] != "rgb(0, 0, 0)" for bar in lit) else None
        first, last, count = wait_for(f"{device}'s timeline drawing the sunrise before {shown} UTC as a rising ramp", 10, ramp)
        self.screenshot("sunrise-timeline")
        self.screenshot("sunrise-timeline-only", "[aria-labelledby=timeline-title]")
        self.browser.find_element(By.CSS_SELECTOR, "[data-control=panel-close]").click()
        self.passed.append(f"the sunrise on {device} drew {count} bars rising from {first[1]}% to {last[1]}% in {last[2]} before its wake time")

    def check_log_topic_filter(self, device: str) -> None:
        topic = self.browser.find_element(By.CSS_SELECTOR, "[data-control=log-topic]")
        topic.clear()
        topic.send_keys("$aws/things/+/shadow/update/documents")
        self.run_hatchctl("volume", device, "40")
        def rows():
            found = self.browser.find_elements(By.CSS_SELECTOR, "[data-role=log] tr")
            kinds = {row.get_attribute("data-kind") for row in found}
            return len(found) if found and kinds == {"documents"} else None
        count = wait_for("the log showing only update/documents messages", 10, rows)
        wait_for("a row clicked", 5, lambda: self.browser.find_element(By.CSS_SELECTOR, "[data-role=log] tr").click() or True)
        detail = wait_for("a message's payload as a tree", 5, lambda: self.browser.find_element(By.CSS_SELECTOR, "[data-role=log-detail]")
                          if self.browser.find_element(By.CSS_SELECTOR, "[data-role=log-detail]").is_displayed() else None)
        changed = wait_for("the leaves that changed since the message before marked", 5,
                           lambda: len(detail.find_elements(By.CSS_SELECTOR, "li[data-updated=true]")))
        self.browser.execute_script("arguments[0].value = ''; arguments[0].dispatchEvent(new Event('input'));", topic)
        self.passed.append(f"the log's topic filter $aws/things/+/shadow/update/documents showed {count} rows, all documents; "
                           f"a row opened as a tree with {changed} changed leaves marked")

    def check_accessibility(self) -> None:
        from axe_selenium_python import Axe
        axe = Axe(self.browser)
        axe.inject()
        results = axe.run()
        grave = [violation for violation in results["violations"] if violation["impact"] in ("serious", "critical")]
        if grave:
            raise CheckFailed("axe-core: " + "; ".join(
                f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} element(s): " + " | ".join(node["html"][:120] for node in v["nodes"][:8])
                for v in grave))
        # Every control reachable from the keyboard: Tab moves through the header's controls and into a card's.
        # From a freshly loaded page, so that the first Tab starts at the top of the document.
        self.browser.get(f"http://127.0.0.1:{self.port}/")
        wait_for("the page's cards after reloading", 15, lambda: len(self.browser.find_elements(By.CSS_SELECTOR, "[data-thing]")) > 0)
        reached = set()
        for _ in range(60):
            ActionChains(self.browser).send_keys(Keys.TAB).perform()
            reached.add(self.browser.execute_script(
                "const a = document.activeElement; return a ? (a.dataset.control || a.tagName.toLowerCase()) : 'none';"))
        needed = {"search", "save-name", "save-command"}
        if not needed <= reached:
            raise CheckFailed(f"the keyboard did not reach {sorted(needed - reached)} in 60 tabs (reached {sorted(reached)})")
        minor = len(results["violations"]) - len(grave)
        self.passed.append(f"axe-core {results.get('testEngine', {}).get('version', '?')}: no serious or critical violation "
                           f"({minor} minor or moderate); the keyboard reaches {len(reached)} kinds of control")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hatchctl", required=True)
    parser.add_argument("--devices", default="devices/household.yaml")
    parser.add_argument("--device", default="Nursery", help="the device the light checks use")
    parser.add_argument("--fault-device", default=None, help="the device the fault check takes offline (default: the last of the file's own)")
    parser.add_argument("--sunrise-device", default="Parents", help="the device whose alarm's sunrise the timeline check draws")
    parser.add_argument("--sunrise-at", default="2026-01-06T10:58:00Z",
                        help="the simulated time (UTC) the clock jumps to, just before that sunrise begins")
    parser.add_argument("--sunrise-wake", default="2026-01-06T11:30:00Z", help="that alarm's wake time (UTC), when its sunrise ends")
    parser.add_argument("--screenshots", default=".build/dashboard-screenshots")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hatch-dashboard-test-") as home:
        suite = Suite(args, Path(home))
        fault_device = args.fault_device or suite.devices[-1 - SHELF_DEVICES]
        try:
            suite.start_fleet()
            suite.open_browser()
            suite.check_every_device_shown()
            suite.check_cli_light_turns_swatch_red(args.device)
            suite.check_page_control_changes_state(args.device)
            suite.check_token_required()
            suite.browser.get(f"http://127.0.0.1:{suite.port}/")
            suite.check_shadow_panel(args.device)
            suite.check_saved_command_bulk()
            suite.check_log_topic_filter(args.device)
            suite.check_accessibility()
            suite.check_fault_shows_offline(fault_device)
            suite.check_sunrise_timeline(args.sunrise_device, args.sunrise_at, args.sunrise_wake)
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
