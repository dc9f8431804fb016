#!/usr/bin/env python3
"""The dashboard under load: a fleet file (default devices/load-10k.yaml) runs in one process
(`hatchctl fleet run`), the dashboard in another (`hatchctl dashboard`), and the page is open in
headless chromium for --seconds. Prints the CPU (share of one core) and resident memory of the fleet,
the dashboard and the browser over that window, the time until the page showed every device online,
how long a page loaded beside the running dashboard takes to show every device online, how responsive
the page stayed (the slowest round trip of a script call, and long tasks > 50 ms), and a bulk command
to --bulk devices with its tally. Exits 1 when the bulk command does not reach every device.
"""

from __future__ import annotations

import argparse
import urllib.request
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Interop"))
from loopback_port import free_loopback_port  # noqa: E402  (the suites' shared port choice)

TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def cpu_and_rss(pids: list[int]) -> tuple[float, int]:
    """CPU seconds and resident bytes summed over `pids` (those still running)."""
    cpu, rss = 0.0, 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            cpu += (int(fields[11]) + int(fields[12])) / TICKS
            rss += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
        except (OSError, IndexError, ValueError):
            pass
    return cpu, rss


def descendants(pid: int) -> list[int]:
    """Every process below `pid`, from each process's parent in /proc/*/stat."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    found, queue = [], [pid]
    while queue:
        parent = queue.pop()
        children = [child for child, its_parent in parents.items() if its_parent == parent]
        found += children
        queue += children
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hatchctl", required=True)
    parser.add_argument("--devices", default="devices/load-10k.yaml")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--speed", default="1")
    parser.add_argument("--bulk", type=int, default=1000, help="devices the bulk command goes to")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--screenshot", default=".build/dashboard-screenshots/load.png")
    args = parser.parse_args()
    hatchctl = str(Path(args.hatchctl).resolve())
    home = Path(tempfile.mkdtemp(prefix="hatch-dashboard-load-"))
    env = dict(os.environ, HATCH_HOME=str(home))
    processes: list[subprocess.Popen] = []
    browser = None
    try:
        fleet = subprocess.Popen([hatchctl, "fleet", "run", "--devices", args.devices, "--in-memory", "--speed", args.speed],
                                 env=env, stdout=open(home / "fleet.log", "w"), stderr=subprocess.STDOUT, start_new_session=True)
        processes.append(fleet)
        started = time.monotonic()
        total = 0
        while True:
            status = subprocess.run([hatchctl, "fleet", "status", "--json"], env=env, capture_output=True, text=True)
            if status.returncode == 0:
                value = json.loads(status.stdout)
                total = value["devices"]
                if value["online"] == total:
                    break
            if fleet.poll() is not None or time.monotonic() - started > 600:
                print(f"the fleet did not come online:\n{(home / 'fleet.log').read_text()[-2000:]}", file=sys.stderr)
                return 1
            time.sleep(1)
        print(f"fleet: {total} devices online after {time.monotonic() - started:.0f} s")
        port = free_loopback_port()
        dashboard = subprocess.Popen([hatchctl, "dashboard", "--port", str(port), "--timeout", "30"], env=env,
                                     stdout=open(home / "dashboard.log", "w"), stderr=subprocess.STDOUT, start_new_session=True)
        processes.append(dashboard)
        options = webdriver.ChromeOptions()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"):
            options.add_argument(flag)
        options.binary_location = args.chromium
        service = Service(executable_path=args.chromedriver)
        browser = webdriver.Chrome(options=options, service=service)
        browser.set_script_timeout(30)
        opened = time.monotonic()
        while True:
            try:
                browser.get(f"http://127.0.0.1:{port}/")
                break
            except Exception:
                if time.monotonic() - opened > 120:
                    raise
                time.sleep(1)
        browser.execute_script("""
            window.longTasks = 0; window.longest = 0;
            new PerformanceObserver((list) => { for (const entry of list.getEntries()) { window.longTasks++; window.longest = Math.max(window.longest, entry.duration); } })
              .observe({ entryTypes: ['longtask'] });""")
        def shown() -> tuple[int, int]:
            counts = browser.execute_script(
                "return [document.querySelector('[data-role=total]').textContent, document.querySelector('[data-role=online]').textContent]")
            return int(counts[0]), int(counts[1])
        while shown() != (total, total):
            if time.monotonic() - opened > 300:
                print(f"the page did not show {total} online devices within 300 s (shows {shown()})", file=sys.stderr)
                return 1
            time.sleep(0.5)
        ready = time.monotonic() - opened
        print(f"page: {total}/{total} online shown {ready:.1f} s after the dashboard started")
        # With the dashboard already following every device: a page loaded now, until it shows them all
        # online with the cards in view drawn.
        reloads = []
        for _ in range(3):
            loaded = time.monotonic()
            browser.get(f"http://127.0.0.1:{port}/")
            while shown() != (total, total) or not browser.execute_script("return document.querySelectorAll('[data-thing]').length"):
                if time.monotonic() - loaded > 120:
                    print(f"a reloaded page did not show {total} online devices within 120 s (shows {shown()})", file=sys.stderr)
                    return 1
                time.sleep(0.05)
            reloads.append(time.monotonic() - loaded)
        print(f"page: a page loaded beside the running dashboard showed all {total} online in "
              + ", ".join(f"{value:.2f}" for value in reloads) + f" s (3 loads; slowest {max(reloads):.2f} s)")
        browser.execute_script("""
            window.longTasks = 0; window.longest = 0;
            new PerformanceObserver((list) => { for (const entry of list.getEntries()) { window.longTasks++; window.longest = Math.max(window.longest, entry.duration); } })
              .observe({ entryTypes: ['longtask'] });""")
        browser_pids = descendants(service.process.pid)
        groups = {"fleet": [fleet.pid], "dashboard": [dashboard.pid], "chromium": browser_pids}
        before = {name: cpu_and_rss(pids) for name, pids in groups.items()}
        peak = {name: 0 for name in groups}
        begin = time.monotonic()
        slowest = 0.0
        searches = ["Load 0042", "", "restoreV5", ""]
        while time.monotonic() - begin < args.seconds:
            for name, pids in groups.items():
                peak[name] = max(peak[name], cpu_and_rss(pids)[1])
            tick = time.monotonic()
            search = browser.find_element(By.CSS_SELECTOR, "[data-control=search]")
            search.clear()
            search.send_keys(searches[int(tick) % len(searches)])
            browser.execute_script("return document.querySelectorAll('[data-thing]').length")
            slowest = max(slowest, time.monotonic() - tick)
            time.sleep(1)
        elapsed = time.monotonic() - begin
        after = {name: cpu_and_rss(pids) for name, pids in groups.items()}
        # A bulk command to the first 1,000 devices, as the page's saved command sends it.
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/cards", timeout=30) as response:
            things = [card["thing"] for card in json.load(response)][:args.bulk]
        body = json.dumps({"name": "load", "command": {"action": "volume", "volume": 35}, "things": things}).encode()
        bulk_started = time.monotonic()
        with urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/api/bulk", data=body,
                                                           headers={"Content-Type": "application/json"}), timeout=30) as response:
            tally = json.load(response)
        while not tally["finished"] and time.monotonic() - bulk_started < 300:
            time.sleep(0.25)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/bulk?id={tally['id']}", timeout=30) as response:
                tally = json.load(response)
        bulk_seconds = time.monotonic() - bulk_started
        long_tasks, longest = browser.execute_script("return [window.longTasks, window.longest]")
        browser.save_screenshot(args.screenshot)
        print(f"over {elapsed:.0f} s with the page open (simulated speed {args.speed}):")
        for name in groups:
            cpu = (after[name][0] - before[name][0]) / elapsed * 100
            print(f"  {name:9} CPU {cpu:5.1f}% of a core, resident {after[name][1] / 2**20:6.0f} MiB (peak {peak[name] / 2**20:.0f} MiB)")
        print(f"  page: slowest search + script round trip {slowest * 1000:.0f} ms; {long_tasks} long tasks, the longest {longest:.0f} ms")
        print(f"bulk: a volume command to {len(things)} devices {'finished' if tally['finished'] else 'NOT finished'} in {bulk_seconds:.1f} s: "
              f"{tally['applied']} applied, {tally['rejected']} rejected, {tally['offline']} offline, {tally['timedOut']} timed out, {tally['failed']} failed")
        return 0 if tally["finished"] and tally["applied"] == len(things) else 1
    finally:
        if browser:
            browser.quit()
        for process in reversed(processes):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGINT)
                try:
                    process.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)


if __name__ == "__main__":
    sys.exit(main())
