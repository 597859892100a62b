"""Conversion in the page gives the bytes the CLI writes; many inputs give a ZIP of them."""
import io
import zipfile

import pytest
from selenium.webdriver.support.ui import Select

from browser import DATA, Page, cli

SHOGI = DATA / "web" / "side-pawn.kif"
GO = DATA / "web" / "random-9x9.sgf"
OTHELLO = DATA / "othello" / "wthor-export.ggf"
SAMPLES = DATA / "samples"


@pytest.fixture(scope="module")
def page():
    p = Page()
    yield p
    p.close()


def convert(page, target, scope):
    Select(page.driver.find_element("id", "target")).select_by_value(target)
    page.driver.find_element("css selector", f"input[name=scope][value={scope}]").click()
    page.js("kifuPage.lastDownload = null")
    page.driver.find_element("id", "convert").click()
    page.wait(lambda: page.js("return kifuPage.lastDownload !== null || document.getElementById('convert-status').classList.contains('error')"))
    error = page.js("const s = document.getElementById('convert-status'); return s.classList.contains('error') ? s.textContent : null")
    assert error is None, error
    name = page.js("return kifuPage.lastDownload.name")
    return name, page.expect_download(name)


@pytest.mark.parametrize("path,target,extension", [
    (SHOGI, "kif", "kif"),
    (SHOGI, "csa", "csa"),
    (SHOGI, "jkf", "jkf"),
    (GO, "sgf", "sgf"),
    (OTHELLO, "ggf", "ggf"),
    (OTHELLO, "csv", "csv"),
    (OTHELLO, "jkf", "jsonl"),
    (SHOGI, "ki2", "ki2"),
    (SHOGI, "usi", "usi"),
])
def test_one_file_converts_to_the_bytes_of_kifu_convert(page, path, target, extension):
    page.clear()
    page.load([path])
    name, data = convert(page, target, "one")
    assert name == f"{path.stem}.{extension}"
    assert data == cli("convert", "-t", target, path).stdout


def test_targets_listed_are_the_writers_of_kifu(page):
    help_text = cli("convert", "--help").stdout.decode()
    listed = page.js("return Array.from(document.querySelectorAll('#target option')).map((o) => o.value)")
    names = help_text.split("-t,--to TEXT:{", 1)[1].split("}", 1)[0].split(",")
    assert sorted(listed) == sorted(names)


def test_many_files_convert_to_a_zip_of_the_cli_outputs(page):
    page.clear()
    inputs = [SHOGI, SAMPLES / "yagura-castle.kif", SAMPLES / "yagura-opening.csa", SAMPLES / "bishop-exchange.jkf", GO]
    page.load(inputs)
    name, data = convert(page, "kif", "all")
    assert name == "kifu-kif.zip"
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert archive.testzip() is None  # every CRC-32 checks
    shogi = inputs[:4]
    assert archive.namelist() == [f"{p.stem}.kif" for p in shogi]
    for p in shogi:
        info = archive.getinfo(f"{p.stem}.kif")
        assert info.compress_type == zipfile.ZIP_STORED
        assert archive.read(info) == cli("convert", "-t", "kif", p).stdout, p
    status = page.js("return document.getElementById('convert-status').textContent")
    assert "1 file skipped" in status, status
    page.screenshot("convert.png")
    # Info-ZIP's own test of the archive (zip -T runs unzip -t)
    import shutil
    import subprocess
    if shutil.which("unzip"):
        path = page.downloads / name
        check = subprocess.run(["unzip", "-t", str(path)], capture_output=True)
        assert check.returncode == 0, check.stdout.decode() + check.stderr.decode()
