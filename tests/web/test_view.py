"""The page shows what kifu detects in each file and the game on the board: the board in the
DOM after stepping with the arrow keys equals the CLI's position at the same ply."""
import pytest
from selenium.webdriver.common.keys import Keys

from browser import DATA, Page, cli, cli_json_lines

SAMPLES = sorted((DATA / "samples").iterdir())
SHOGI = DATA / "web" / "side-pawn.kif"
GO = DATA / "web" / "random-9x9.sgf"
OTHELLO = DATA / "othello" / "wthor-export.ggf"
BROKEN = DATA / "web" / "broken.kif"


@pytest.fixture(scope="module")
def page():
    p = Page()
    yield p
    errors = p.console_errors()
    p.close()
    assert not errors, errors


def shogi_sfen_of_dom(page):
    """The SFEN (board, side to move, hands) of the board the page draws."""
    return page.js("""
      const rows = [];
      for (let y = 1; y <= 9; y++) {
        let row = '', empty = 0;
        for (let x = 9; x >= 1; x--) {
          const sq = document.querySelector(`#board .sq[data-x="${x}"][data-y="${y}"]`);
          const p = sq.dataset.piece;
          if (!p) { empty++; continue; }
          if (empty) { row += empty; empty = 0; }
          row += p;
        }
        if (empty) row += empty;
        rows.push(row);
      }
      let hands = '';
      for (const color of [0, 1]) {
        for (const k of ['HI', 'KA', 'KI', 'GI', 'KE', 'KY', 'FU']) {
          const el = document.querySelector(`#board .hand[data-color="${color}"] [data-kind="${k}"]`);
          if (!el) continue;
          const n = Number(el.dataset.count);
          const letter = {HI: 'R', KA: 'B', KI: 'G', GI: 'S', KE: 'N', KY: 'L', FU: 'P'}[k];
          hands += (n > 1 ? n : '') + (color === 0 ? letter : letter.toLowerCase());
        }
      }
      const turn = document.querySelector('#board .shogi').dataset.turn === '0' ? 'b' : 'w';
      return `${rows.join('/')} ${turn} ${hands || '-'}`;""")


def go_board_of_dom(page):
    return page.js("""
      const svg = document.querySelector('#board .go-board');
      const w = Number(svg.dataset.columns), h = Number(svg.dataset.rows);
      const b = Array.from({length: h}, () => Array(w).fill('.'));
      for (const s of svg.querySelectorAll('circle.stone')) b[s.dataset.y - 1][s.dataset.x - 1] = s.dataset.color === 'b' ? 'X' : 'O';
      return b.map((r) => r.join('')).join('/');""")


def othello_bits_of_dom(page):
    discs = page.js("""
      return Array.from(document.querySelectorAll('#board circle.disc')).map((d) => [Number(d.dataset.x), Number(d.dataset.y), d.dataset.color]);""")
    black = white = 0
    for x, y, color in discs:
        bit = 1 << ((y - 1) * 8 + (x - 1))
        if color == "b":
            black |= bit
        else:
            white |= bit
    return black, white


def test_format_and_encoding_shown_as_kifu_detect_finds_them(page):
    page.clear()
    files = SAMPLES + [SHOGI, GO]
    page.load(files)
    shown = {row["name"]: row for row in page.files()}
    for path in files:
        _, fmt, encoding = cli("detect", path).stdout.decode().strip().rsplit(" ", 2)
        assert shown[path.name]["format"] == fmt, (path, shown[path.name], fmt)
        assert shown[path.name]["encoding"] == encoding, (path, shown[path.name], encoding)
    assert shown[SHOGI.name]["encoding"] == "CP932"
    page.select_file(SHOGI.name)
    assert page.js("return document.querySelector('#info [data-role=format]').textContent") == "kif"
    assert page.js("return document.querySelector('#info [data-role=encoding]').textContent") == "CP932"


def test_shogi_board_after_arrow_keys_matches_kifu_position(page):
    page.clear()
    page.load([SHOGI])
    page.keys(*[Keys.ARROW_RIGHT] * 31, Keys.ARROW_LEFT)
    assert page.ply() == 30
    expected = cli("position", SHOGI, "--ply", 30, "-t", "sfen").stdout.decode().split()
    assert shogi_sfen_of_dom(page) == " ".join(expected[:3])
    page.screenshot("shogi.png")
    page.keys(Keys.END)
    end = cli("position", SHOGI, "-t", "sfen").stdout.decode().split()
    assert shogi_sfen_of_dom(page) == " ".join(end[:3])
    page.keys(Keys.HOME)
    assert page.ply() == 0
    assert shogi_sfen_of_dom(page) == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"


def test_shogi_variation_chosen_with_down_key(page, tmp_path):
    page.clear()
    page.load([SHOGI])
    page.keys(*[Keys.ARROW_RIGHT] * 16)
    assert page.ply() == 16
    assert page.js("return document.getElementById('variations').options.length") == 2
    page.keys(Keys.ARROW_DOWN)
    assert page.js("return document.getElementById('comments').textContent") == "変化：角を上がる"
    page.keys(Keys.ARROW_RIGHT)
    assert page.ply() == 17
    # The variation as a main line (moves 1-15, then 16 ３三角(22), 17 ３六飛(34)) for the CLI.
    lines = SHOGI.read_bytes().decode("cp932").splitlines()
    main = [line for line in lines[:lines.index(next(l for l in lines if l.startswith("  16 ")))]]
    variation = tmp_path / "variation.kifu"
    variation.write_text("\n".join(main + ["  16 ３三角(22)", "  17 ３六飛(34)"]) + "\n", encoding="utf-8")
    expected = cli("position", variation, "--ply", 17, "-t", "sfen").stdout.decode().split()
    assert shogi_sfen_of_dom(page) == " ".join(expected[:3])
    page.keys(Keys.ARROW_LEFT, Keys.ARROW_UP)
    assert page.js("return document.getElementById('variations').value") == "0"
    page.keys(Keys.ARROW_RIGHT)
    main_line = cli("position", SHOGI, "--ply", 17, "-t", "sfen").stdout.decode().split()
    assert shogi_sfen_of_dom(page) == " ".join(main_line[:3])


def test_go_board_after_arrow_keys_matches_kifu_positions(page):
    page.clear()
    page.load([GO])
    rows = {r["ply"]: r for r in cli_json_lines("convert", "-t", "positions-jsonl", GO)}
    page.keys(*[Keys.ARROW_RIGHT] * 30)
    assert page.ply() == 30
    assert go_board_of_dom(page) == rows[30]["board"]
    # ply 48 captures four stones
    page.keys(*[Keys.ARROW_RIGHT] * 18)
    assert page.ply() == 48
    assert go_board_of_dom(page) == rows[48]["board"]
    page.screenshot("go.png")


def test_othello_board_after_arrow_keys_matches_kifu_positions(page):
    page.clear()
    page.load([OTHELLO])
    rows = [r for r in cli_json_lines("convert", "-t", "positions-jsonl", OTHELLO) if r["game"] == 1]
    page.keys(*[Keys.ARROW_RIGHT] * 30)
    assert page.ply() == 30
    row = next(r for r in rows if r["ply"] == 30)
    assert othello_bits_of_dom(page) == (row["black"], row["white"])
    page.screenshot("othello.png")


def test_language_switch_and_japanese_board(page):
    from selenium.webdriver.support.ui import Select
    page.clear()
    page.load([SHOGI])
    Select(page.driver.find_element("id", "lang")).select_by_value("ja")
    assert page.js("return document.documentElement.lang") == "ja"
    assert page.js("return document.getElementById('files-heading').textContent") == "ファイル"
    page.keys(*[Keys.ARROW_RIGHT] * 19)
    assert page.js("return document.querySelector('#moves li.current .mv').textContent") == "▲５五角打"
    assert page.js("return document.querySelector('#board .sq[data-x=\"5\"][data-y=\"5\"]').textContent") == "角"
    page.screenshot("shogi-ja.png")
    Select(page.driver.find_element("id", "lang")).select_by_value("en")
    assert page.js("return document.getElementById('files-heading').textContent") == "Files"
    assert page.js("return document.querySelector('#moves li.current .mv').textContent") == "▲B*5e"


def test_keyboard_reaches_controls_in_order_with_labels(page):
    page.clear()
    page.load([SHOGI])
    from selenium.webdriver.common.action_chains import ActionChains
    page.keys(Keys.ARROW_RIGHT)  # at ply 0 the first and previous buttons are disabled
    page.js("document.querySelector('.skip').focus()")
    order = []
    for _ in range(14):
        ActionChains(page.driver).send_keys(Keys.TAB).perform()
        el = page.driver.switch_to.active_element
        order.append(el.get_attribute("id") or el.tag_name)
        if order[-1] == "board":
            # focus reached by the keyboard is drawn: an outline, not 'none'
            assert page.js("return getComputedStyle(document.activeElement).outlineStyle") != "none"
    for expected in ["lang", "pick", "clear", "files", "board", "nav-prev", "nav-next", "nav-last", "moves"]:
        assert expected in order, order
    assert order.index("pick") < order.index("files") < order.index("board") < order.index("moves"), order
    for el_id in ["nav-first", "nav-prev", "nav-next", "nav-last", "board", "files", "moves"]:
        assert page.js(f"return document.getElementById('{el_id}').getAttribute('aria-label')"), el_id


def test_files_dropped_are_read(page):
    """A drop on the page (a DataTransfer made in the page, carried by the drop event): a go
    record and a broken CP932 KIF, whose diagnostic shows with its line."""
    page.clear()
    page.js("""
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(arguments[0])], 'random-9x9.sgf'));
      dt.items.add(new File([new Uint8Array(arguments[1])], 'broken.kif'));
      const ev = new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true});
      document.getElementById('drop').dispatchEvent(ev);""", list(GO.read_bytes()), list(BROKEN.read_bytes()))
    page.wait(lambda: page.js("return kifuPage.state.files.length") == 2)
    assert [(f["name"], f["format"], f["encoding"]) for f in page.files()] == \
        [("random-9x9.sgf", "sgf", "UTF-8"), ("broken.kif", "kif", "CP932")]
    page.select_file("broken.kif")
    shown = page.js("""
      return Array.from(document.querySelectorAll('#diagnostics li.diag')).map((li) =>
        li.querySelector('.loc').textContent + ' ' + li.querySelector('.msg').textContent);""")
    assert "13:9 expected the origin square, as in (77), or 打 for a drop" in shown, shown


def test_page_served_by_a_static_http_server():
    """The same folder served over HTTP (any static host) works as from disk."""
    import functools
    import http.server
    import threading
    from browser import PAGE

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(PAGE.parent)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        p = Page(url=f"http://127.0.0.1:{server.server_address[1]}/index.html")
        try:
            p.load([GO])
            assert p.files() == [{"name": GO.name, "format": "sgf", "encoding": "UTF-8"}]
            p.keys(Keys.END)
            rows = cli_json_lines("convert", "-t", "positions-jsonl", GO)
            assert rows[-1]["ply"] == p.ply() == 50
            assert go_board_of_dom(p) == rows[-1]["board"]
        finally:
            p.close()
    finally:
        server.shutdown()
