"""Opens a scenario's HTML report in headless Chromium and saves a full-page screenshot.

Checks what a reader would see: every chart is drawn (each <svg> has at least one series), the page
asks the network for nothing, and the console logged no error. Exits 1 when one of these fails.

    python Scripts/scenario-report-screenshot.py REPORT.html SCREENSHOT.png

Needs Debian's chromium and chromium-driver and the selenium of Tests/Dashboard/requirements.txt
(`make deps-browser` installs them into .build/browser-venv).
"""
import pathlib
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def main() -> int:
    report, screenshot = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2])
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,1000"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    problems = []
    try:
        driver.get(report.as_uri())
        charts = driver.find_elements(By.CSS_SELECTOR, "svg.chart")
        if not charts:
            problems.append("no chart on the page")
        for chart in charts:
            label = chart.get_attribute("aria-label")
            if not chart.find_elements(By.CSS_SELECTOR, "polyline"):
                problems.append(f"chart without a drawn series: {label}")
        for entry in driver.get_log("browser"):
            if entry.get("level") == "SEVERE":
                problems.append(f"console: {entry.get('message')}")
        requested = [entry["message"] for entry in driver.get_log("performance") if "Network.requestWillBeSent" in entry["message"]]
        remote = [message for message in requested if '"url":"http' in message]
        if remote:
            problems.append(f"{len(remote)} network request(s) beyond the file")
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(1000, min(max(height, 800), 16000))
        driver.save_screenshot(str(screenshot))
        print(f"{report.name}: {len(charts)} charts; screenshot {screenshot}")
    finally:
        driver.quit()
    for problem in problems:
        print(f"problem: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
