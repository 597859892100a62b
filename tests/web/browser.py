"""Headless Chromium driven by Selenium for the page tests (tests/web/test_*.py).

ctest passes the paths in the environment: KIFU_WEB_PAGE (the assembled page's index.html in
the build tree), KIFU_CLI (the kifu program, whose output the page must match),
KIFU_SOURCE_DIR, KIFU_CORPUS_DIR (optional data) and KIFU_WEB_OUT (screenshots and downloads).
Chromium and chromedriver are required: without them the tests fail, they do not skip.
"""
import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

SOURCE_DIR = Path(os.environ.get("KIFU_SOURCE_DIR", Path(__file__).resolve().parents[2]))
PAGE = Path(os.environ.get("KIFU_WEB_PAGE", ""))
CLI = os.environ.get("KIFU_CLI", "")
OUT = Path(os.environ.get("KIFU_WEB_OUT", tempfile.gettempdir()))
CORPUS = Path(os.environ.get("KIFU_CORPUS_DIR", SOURCE_DIR.parent / "shared" / "corpus")).resolve()
DATA = SOURCE_DIR / "tests" / "data"

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1400,1200", "--allow-file-access-from-files",
]


def find_browser():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or (
        "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
    if not chromium or not driver:
        pytest.fail("the page tests need Debian's chromium and chromium-driver "
                    "(apt-get install chromium chromium-driver)")
    return chromium, driver


class Page:
    """One Chromium with the page open from file://."""

    def __init__(self, lang="en", url=None):
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service

        assert PAGE.is_file(), f"the assembled page is missing: {PAGE}"
        chromium, driver = find_browser()
        self.profile = tempfile.mkdtemp(prefix="kifu-web-profile-")
        self.downloads = Path(tempfile.mkdtemp(prefix="kifu-web-downloads-", dir=OUT))
        options = Options()
        options.binary_location = chromium
        for flag in CHROMIUM_FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={self.profile}")
        options.add_argument(f"--lang={'ja' if lang == 'ja' else 'en-US'}")
        options.add_experimental_option("prefs", {
            "download.default_directory": str(self.downloads),
            "download.prompt_for_download": False,
            "intl.accept_languages": "ja" if lang == "ja" else "en-US",
        })
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(driver), options=options)
        self.driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                                    {"behavior": "allow", "downloadPath": str(self.downloads)})
        self.driver.get(url or PAGE.as_uri())
        self.wait(lambda: self.js("return document.body.dataset.ready || ''") != "", 30)
        ready = self.js("return document.body.dataset.ready")
        message = self.js("return document.getElementById('status').textContent")
        assert ready == "true", f"the engine did not load: {message}"

    def close(self):
        self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, predicate, timeout=20, step=0.05):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if predicate():
                return
            time.sleep(step)
        raise AssertionError("timed out waiting for the page")

    def clear(self):
        self.driver.find_element("id", "clear").click()
        self.wait(lambda: self.js("return kifuPage.state.files.length") == 0)

    def load(self, paths):
        """Picks files with the file input (as a user does) and waits until they are read."""
        before = self.js("return kifuPage.state.files.length")
        self.driver.find_element("id", "pick").send_keys("\n".join(str(Path(p).resolve()) for p in paths))
        self.wait(lambda: self.js("return kifuPage.state.files.length") == before + len(paths), 60)

    def files(self):
        """What the file list shows: name, format, encoding per row."""
        return self.js("""
          return Array.from(document.querySelectorAll('#files li')).map((li) => ({
            name: li.querySelector('.file-name').textContent,
            format: (li.querySelector('[data-role=format]') || {}).textContent || null,
            encoding: (li.querySelector('[data-role=encoding]') || {}).textContent || null}));""")

    def select_file(self, name):
        rows = self.driver.find_elements("css selector", "#files li")
        for row in rows:
            if row.find_element("css selector", ".file-name").text == name:
                row.click()
                return
        raise AssertionError(f"{name} is not in the file list")

    def keys(self, *keys):
        """Sends keys to the board, as a user stepping through the game does."""
        from selenium.webdriver.common.action_chains import ActionChains
        board = self.driver.find_element("id", "board")
        board.click()
        chain = ActionChains(self.driver)
        for key in keys:
            chain.send_keys(key)
        chain.perform()

    def ply(self):
        return int(self.js("return document.getElementById('ply').dataset.ply"))

    def screenshot(self, name):
        folder = OUT / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / name
        self.driver.save_screenshot(str(path))
        assert path.stat().st_size > 0
        return path

    def expect_download(self, name, timeout=30):
        """Waits until the browser has saved `name` in the download folder; returns its bytes."""
        path = self.downloads / name
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if path.exists() and not (self.downloads / (name + ".crdownload")).exists():
                data = path.read_bytes()
                if len(data) == self.js("return kifuPage.lastDownload ? kifuPage.lastDownload.blob.size : -1"):
                    return data
            time.sleep(0.05)
        raise AssertionError(f"{name} was not downloaded; folder holds {sorted(os.listdir(self.downloads))}")

    def console_errors(self):
        return [e for e in self.driver.get_log("browser") if e.get("level") == "SEVERE"]


def cli(*args, check=True):
    assert CLI, "KIFU_CLI is not set"
    result = subprocess.run([CLI, *map(str, args)], capture_output=True)
    if check and result.returncode not in (0, 1):
        raise AssertionError(f"kifu {' '.join(map(str, args))}: {result.stderr.decode()}")
    return result


def cli_json_lines(*args):
    return [json.loads(line) for line in cli(*args).stdout.decode().splitlines() if line.strip()]


def b64(data):
    return base64.b64decode(data)
