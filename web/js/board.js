// Draws a position of KifuReplay: the shogi board as an HTML grid (pieces as text, gote's
// turned), go and othello as SVG. Every square carries data-x/data-y (the record's 1-based
// coordinates) and what stands on it, so the board can be read back from the DOM.
(function () {
  'use strict';

  const SVG = 'http://www.w3.org/2000/svg';
  const kanjiNum = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
  const zenkaku = ['', '１', '２', '３', '４', '５', '６', '７', '８', '９'];

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function svg(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  }

  // ---------- shogi ----------
  // Kanji pieces in Japanese, Western letters in English.
  function glyphOf(kind) {
    const table = KifuI18n.language === 'ja' ? KifuNotation.pieceChar : KifuNotation.pieceLetter;
    return table[kind] || '?';
  }

  function hand(pos, color, t) {
    const box = el('div', { class: `hand hand-${color}${KifuI18n.language === 'ja' ? ' kanji' : ''}`, 'data-color': String(color) });
    box.append(el('div', { class: 'hand-title' }, (color === 0 ? '☗ ' : '☖ ') + t(color === 0 ? 'hand.sente' : 'hand.gote')));
    const list = el('div', { class: 'hand-pieces' });
    let any = false;
    for (const kind of KifuReplay.handOrder) {
      const n = pos.hands[color][kind] || 0;
      if (!n) continue;
      any = true;
      const item = el('span', { class: 'hand-piece', 'data-kind': kind, 'data-count': String(n) });
      item.append(el('span', { class: 'glyph' }, glyphOf(kind)));
      if (n > 1) item.append(el('span', { class: 'count' }, String(n)));
      list.append(item);
    }
    if (!any) list.append(el('span', { class: 'muted' }, t('hand.none')));
    box.append(list);
    return box;
  }

  function shogi(container, pos, t) {
    const root = el('div', { class: 'shogi', 'data-game': 'shogi', 'data-turn': String(pos.color) });
    root.append(hand(pos, 1, t));
    const frame = el('div', { class: 'shogi-frame' });
    const files = el('div', { class: 'shogi-files', 'aria-hidden': 'true' });
    const ja = KifuI18n.language === 'ja';
    for (let x = 9; x >= 1; x--) files.append(el('span', {}, ja ? zenkaku[x] : String(x)));
    frame.append(files);
    const middle = el('div', { class: 'shogi-middle' });
    const grid = el('div', { class: 'shogi-board' });
    for (let y = 1; y <= 9; y++) {
      for (let x = 9; x >= 1; x--) {
        const piece = pos.board[y - 1][9 - x];
        const cell = el('div', { class: 'sq', 'data-x': String(x), 'data-y': String(y) });
        if (piece) {
          cell.dataset.piece = KifuReplay.sfenOf(piece.kind, piece.color);
          const glyph = glyphOf(piece.kind);
          const kanji = KifuI18n.language === 'ja' ? ' kanji' : '';
          const span = el('span', { class: `pc c${piece.color}${kanji}${KifuReplay.unpromoted[piece.kind] ? ' promoted' : ''}` });
          span.append(el('span', { class: 't' }, glyph));
          cell.append(span);
        }
        if (pos.last && pos.last.x === x && pos.last.y === y) cell.classList.add('last');
        if (pos.lastFrom && pos.lastFrom.x === x && pos.lastFrom.y === y) cell.classList.add('from');
        grid.append(cell);
      }
    }
    middle.append(grid);
    const ranks = el('div', { class: 'shogi-ranks', 'aria-hidden': 'true' });
    for (let y = 1; y <= 9; y++) ranks.append(el('span', {}, ja ? kanjiNum[y] : ' abcdefghi'[y]));
    middle.append(ranks);
    frame.append(middle);
    root.append(frame);
    root.append(hand(pos, 0, t));
    container.replaceChildren(root);
  }

  // ---------- go and othello (SVG) ----------
  const CELL = 32;

  function starPoints(size) {
    if (size.x !== size.y) return [];
    const n = size.x;
    const edge = n >= 13 ? 4 : 3;
    if (n < 7) return [];
    const pts = [edge, n + 1 - edge];
    const all = [];
    for (const x of pts) for (const y of pts) all.push([x, y]);
    if (n % 2 === 1) {
      const c = (n + 1) / 2;
      all.push([c, c]);
      if (n >= 13) all.push([c, edge], [c, n + 1 - edge], [edge, c], [n + 1 - edge, c]);
    }
    return all;
  }

  function go(container, pos, t) {
    const { x: w, y: h } = pos.size;
    const pad = CELL * 1.25;
    const width = (w - 1) * CELL + 1.6 * pad;
    const height = (h - 1) * CELL + 1.6 * pad;
    const root = el('div', { class: 'go', 'data-game': 'go', 'data-turn': String(pos.color) });
    const s = svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'go-board', 'data-columns': String(w), 'data-rows': String(h) });
    s.append(svg('rect', { x: 0, y: 0, width, height, class: 'wood', rx: 6 }));
    const at = (x, y) => [pad + (x - 1) * CELL, pad + (y - 1) * CELL];
    for (let x = 1; x <= w; x++) {
      const [px, py0] = at(x, 1); const [, py1] = at(x, h);
      s.append(svg('line', { x1: px, y1: py0, x2: px, y2: py1, class: 'grid' }));
      if (w <= 25) {
        const label = svg('text', { x: px, y: pad / 2 + 4, class: 'coord' });
        label.textContent = KifuNotation.goColumn(x);
        s.append(label);
      }
    }
    for (let y = 1; y <= h; y++) {
      const [px0, py] = at(1, y); const [px1] = at(w, y);
      s.append(svg('line', { x1: px0, y1: py, x2: px1, y2: py, class: 'grid' }));
      const label = svg('text', { x: pad / 2 - 2, y: py + 4, class: 'coord' });
      label.textContent = String(h - y + 1);
      s.append(label);
    }
    for (const [x, y] of starPoints(pos.size)) {
      const [px, py] = at(x, y);
      s.append(svg('circle', { cx: px, cy: py, r: 3, class: 'star' }));
    }
    for (let y = 1; y <= h; y++) {
      for (let x = 1; x <= w; x++) {
        const v = pos.board[y - 1][x - 1];
        if (!v) continue;
        const [px, py] = at(x, y);
        s.append(svg('circle', {
          cx: px, cy: py, r: CELL * 0.47, class: `stone ${v === 1 ? 'black' : 'white'}`,
          'data-x': String(x), 'data-y': String(y), 'data-color': v === 1 ? 'b' : 'w',
        }));
        if (pos.last && pos.last.x === x && pos.last.y === y) {
          s.append(svg('circle', { cx: px, cy: py, r: CELL * 0.18, class: `last-mark on-${v === 1 ? 'black' : 'white'}` }));
        }
      }
    }
    root.append(s);
    root.append(el('p', { class: 'board-caption' }, t('captured', pos.prisoners[0], pos.prisoners[1])));
    container.replaceChildren(root);
  }

  function othello(container, pos, t) {
    const n = pos.size.x;
    const pad = CELL * 0.8;
    const size = n * CELL + 1.4 * pad;
    const root = el('div', { class: 'othello', 'data-game': 'othello', 'data-turn': String(pos.color) });
    const s = svg('svg', { viewBox: `0 0 ${size} ${size}`, class: 'othello-board', 'data-size': String(n) });
    s.append(svg('rect', { x: 0, y: 0, width: size, height: size, class: 'frame', rx: 6 }));
    for (let y = 1; y <= n; y++) {
      for (let x = 1; x <= n; x++) {
        const v = pos.board[y - 1][x - 1];
        const px = pad + (x - 1) * CELL; const py = pad + (y - 1) * CELL;
        const cls = v === -1 ? 'cut' : pos.last && pos.last.x === x && pos.last.y === y ? 'felt last' : 'felt';
        s.append(svg('rect', { x: px, y: py, width: CELL, height: CELL, class: cls }));
        if (v === 1 || v === 2) {
          s.append(svg('circle', {
            cx: px + CELL / 2, cy: py + CELL / 2, r: CELL * 0.4, class: `disc ${v === 1 ? 'black' : 'white'}`,
            'data-x': String(x), 'data-y': String(y), 'data-color': v === 1 ? 'b' : 'w',
          }));
        }
      }
    }
    for (let i = 1; i <= n; i++) {
      const a = svg('text', { x: pad + (i - 0.5) * CELL, y: pad * 0.7, class: 'coord' });
      a.textContent = String.fromCharCode(96 + i);
      const b = svg('text', { x: pad * 0.45, y: pad + (i - 0.5) * CELL + 4, class: 'coord' });
      b.textContent = String(i);
      s.append(a, b);
    }
    if (n === 8) {
      for (const [x, y] of [[2, 2], [6, 2], [2, 6], [6, 6]]) {
        s.append(svg('circle', { cx: pad + x * CELL, cy: pad + y * CELL, r: 3, class: 'star' }));
      }
    }
    root.append(s);
    root.append(el('p', { class: 'board-caption' },
      t('discs', KifuReplay.count(pos.board, 1), KifuReplay.count(pos.board, 2))));
    container.replaceChildren(root);
  }

  function draw(container, game, pos, t) {
    if (game === 'shogi') shogi(container, pos, t);
    else if (game === 'go') go(container, pos, t);
    else othello(container, pos, t);
  }

  window.KifuBoard = { draw };
})();
