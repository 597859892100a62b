"""A broken record shows kifu lint's diagnostics with line:column beside its source line."""
import json

import pytest

from browser import DATA, Page, cli

BROKEN = DATA / "web" / "broken.kif"


@pytest.fixture(scope="module")
def page():
    p = Page()
    yield p
    p.close()


def test_broken_file_shows_lint_diagnostics_with_line_and_column(page):
    page.load([BROKEN])
    expected = [json.loads(line) for line in cli("lint", "--format", "json", BROKEN).stdout.decode().splitlines()]
    assert expected, "kifu lint found nothing in the broken file"
    shown = page.js("""
      return Array.from(document.querySelectorAll('#diagnostics li.diag')).map((li) => ({
        line: Number(li.dataset.line), column: Number(li.dataset.column), code: li.dataset.code,
        loc: li.querySelector('.loc').textContent, message: li.querySelector('.msg').textContent,
        severity: li.classList.contains('error') ? 'error' : li.classList.contains('warning') ? 'warning' : 'note',
        source: li.querySelector('pre.src') ? li.querySelector('pre.src').textContent : null,
        mark: li.querySelector('pre.src mark') ? li.querySelector('pre.src mark').textContent : null}));""")
    assert [(d["line"], d["column"], d["code"], d["message"], d["severity"]) for d in shown] == \
        [(d["line"], d["column"], d["code"], d["message"], d["severity"]) for d in expected]
    source = BROKEN.read_bytes().decode("cp932").splitlines()
    for d in shown:
        assert d["loc"] == f"{d['line']}:{d['column']}"
        # the source line, decoded from CP932, with the character at the column marked
        line = source[d["line"] - 1]
        assert d["source"].endswith(line), (d["source"], line)
        assert d["mark"] == line[d["column"] - 1]
    syntax = next(d for d in shown if d["code"] == "kif.syntax")
    assert (syntax["line"], syntax["column"], syntax["mark"]) == (13, 9, "(")
    # the file list counts them
    tags = page.js("return Array.from(document.querySelectorAll('#files li .tag.bad')).map((t) => t.textContent)")
    assert tags == ["2 errors"], tags
    page.driver.execute_script("document.getElementById('diagnostics-panel').scrollIntoView()")
    page.screenshot("diagnostics.png")


def test_file_no_format_recognizes_is_reported(page, tmp_path):
    page.clear()
    junk = tmp_path / "notes.txt"
    junk.write_text("shopping list\nmilk\n", encoding="utf-8")
    page.load([junk])
    assert page.files()[0]["format"] is None
    expected = cli("lint", "--format", "json", junk).stdout.decode().splitlines()
    shown = page.js("return Array.from(document.querySelectorAll('#diagnostics li.diag')).map((li) => li.dataset.code)")
    assert shown == [json.loads(line)["code"] for line in expected]
