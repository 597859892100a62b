// Replays JKF records (shogi JKF; go and othello in JKF's shape, docs/jkf-go-othello.md) into
// positions the board views draw, and walks their variations (JKF "forks").
(function () {
  'use strict';

  // ---------- lines and variations ----------
  // A line is an array of nodes {entry, alts, alt}: entry is the JKF move entry at that ply,
  // alts the alternatives at that ply (arrays of entries starting there: alts[0] the line it
  // was reached by, the others its forks), alt the index chosen.
  function lineFrom(entries, startPly, out) {
    for (let k = 0; k < entries.length; k++) {
      const entry = entries[k];
      const alts = [entries.slice(k)];
      for (const fork of entry.forks || []) if (fork.length) alts.push(fork);
      out[startPly + k] = { entry, alts, alt: 0 };
    }
    out.length = startPly + entries.length;
    return out;
  }

  function mainLine(record) {
    return lineFrom(record.moves && record.moves.length ? record.moves : [{}], 0, []);
  }

  // Returns the line with alternative `alt` chosen at `ply` (the plies after it follow it).
  function choose(line, ply, alt) {
    const node = line[ply];
    if (!node || alt < 0 || alt >= node.alts.length) return line;
    const next = line.slice(0, ply);
    lineFrom(node.alts[alt], ply, next);
    // the first node keeps the whole group so the choice can be changed again
    next[ply] = { entry: node.alts[alt][0], alts: node.alts, alt };
    return next;
  }

  // ---------- shogi ----------
  const promoted = { FU: 'TO', KY: 'NY', KE: 'NK', GI: 'NG', KA: 'UM', HI: 'RY' };
  const unpromoted = { TO: 'FU', NY: 'KY', NK: 'KE', NG: 'GI', UM: 'KA', RY: 'HI' };
  const handOrder = ['HI', 'KA', 'KI', 'GI', 'KE', 'KY', 'FU'];
  const backRank = ['KY', 'KE', 'GI', 'KI', 'OU', 'KI', 'GI', 'KE', 'KY'];
  // Pieces the upper hand (gote) gives away in each JKF handicap preset, as [x, y].
  const handicaps = {
    HIRATE: [], KY: [[1, 1]], KY_R: [[9, 1]], KA: [[2, 2]], HI: [[8, 2]], HIKY: [[8, 2], [1, 1]],
    2: [[8, 2], [2, 2]], 3: [[8, 2], [2, 2], [1, 1]], 4: [[8, 2], [2, 2], [1, 1], [9, 1]],
    5: [[8, 2], [2, 2], [1, 1], [9, 1], [2, 1]], '5_L': [[8, 2], [2, 2], [1, 1], [9, 1], [8, 1]],
    6: [[8, 2], [2, 2], [1, 1], [9, 1], [2, 1], [8, 1]],
    '7_L': [[8, 2], [2, 2], [1, 1], [9, 1], [2, 1], [8, 1], [7, 1]],
    '7_R': [[8, 2], [2, 2], [1, 1], [9, 1], [2, 1], [8, 1], [3, 1]],
    8: [[8, 2], [2, 2], [1, 1], [9, 1], [2, 1], [8, 1], [3, 1], [7, 1]],
    10: [[8, 2], [2, 2], [1, 1], [9, 1], [2, 1], [8, 1], [3, 1], [7, 1], [4, 1], [6, 1]],
  };

  function emptyHands() { return [{}, {}]; }

  // board[y-1][x-1] = {color, kind} | null; x is the file (1 at the right), y the rank.
  function shogiInitial(initial) {
    const board = Array.from({ length: 9 }, () => Array(9).fill(null));
    const hands = emptyHands();
    let color = 0;
    const preset = (initial && initial.preset) || 'HIRATE';
    if (preset === 'OTHER' && initial.data) {
      const data = initial.data;
      for (let x = 1; x <= 9; x++) {
        for (let y = 1; y <= 9; y++) {
          const cell = data.board && data.board[x - 1] && data.board[x - 1][y - 1];
          if (cell && cell.kind) board[y - 1][x - 1] = { color: cell.color, kind: cell.kind };
        }
      }
      (data.hands || []).forEach((hand, c) => { for (const k of Object.keys(hand || {})) if (hand[k]) hands[c][k] = hand[k]; });
      color = data.color || 0;
    } else {
      for (let i = 0; i < 9; i++) {
        board[0][i] = { color: 1, kind: backRank[i] };
        board[8][i] = { color: 0, kind: backRank[i] };
        board[2][i] = { color: 1, kind: 'FU' };
        board[6][i] = { color: 0, kind: 'FU' };
      }
      board[1][7] = { color: 1, kind: "KA" }; // 2二: column index 9 - x
      board[1][1] = { color: 1, kind: 'HI' }; // 8二
      board[7][1] = { color: 0, kind: 'KA' }; // 8八
      board[7][7] = { color: 0, kind: 'HI' }; // 2八
      for (const [x, y] of handicaps[preset] || []) board[y - 1][9 - x] = null;
      color = preset === 'HIRATE' || !(preset in handicaps) ? 0 : 1;
    }
    // Stored with index [y-1][9-x] so that index 0 is the leftmost column on screen (file 9).
    if (preset === 'OTHER') return { board: board.map((row) => row.slice().reverse()), hands, color };
    return { board, hands, color };
  }

  function shogiApply(pos, entry) {
    const move = entry.move;
    if (!move || !move.to) return pos;
    const board = pos.board.map((row) => row.slice());
    const hands = [Object.assign({}, pos.hands[0]), Object.assign({}, pos.hands[1])];
    const at = (sq) => [sq.y - 1, 9 - sq.x];
    const [ty, tx] = at(move.to);
    let kind = move.piece;
    if (move.from) {
      const [fy, fx] = at(move.from);
      const moving = board[fy][fx];
      if (moving && !kind) kind = moving.kind;
      board[fy][fx] = null;
    } else {
      hands[move.color][kind] = (hands[move.color][kind] || 1) - 1;
    }
    const captured = board[ty][tx];
    if (captured) {
      const base = unpromoted[captured.kind] || captured.kind;
      hands[move.color][base] = (hands[move.color][base] || 0) + 1;
    }
    if (move.promote === true && promoted[kind]) kind = promoted[kind];
    board[ty][tx] = { color: move.color, kind };
    return { board, hands, color: 1 - move.color, last: move.to, lastFrom: move.from || null };
  }

  const sfenLetter = { FU: 'P', KY: 'L', KE: 'N', GI: 'S', KI: 'G', KA: 'B', HI: 'R', OU: 'K' };
  function sfenOf(kind, color) {
    const base = unpromoted[kind] || kind;
    const letter = (unpromoted[kind] ? '+' : '') + sfenLetter[base];
    return color === 0 ? letter : letter.toLowerCase();
  }

  // ---------- go ----------
  // board[y-1][x-1] = 0 empty, 1 black, 2 white.
  function goSize(initial) {
    const s = (initial && initial.size) || { x: 19, y: 19 };
    return { x: s.x || 19, y: s.y || 19 };
  }

  function goSetup(board, setup) {
    if (!setup) return;
    for (const p of setup.black || []) board[p.y - 1][p.x - 1] = 1;
    for (const p of setup.white || []) board[p.y - 1][p.x - 1] = 2;
    for (const p of setup.empty || []) board[p.y - 1][p.x - 1] = 0;
  }

  function goInitial(initial) {
    const size = goSize(initial);
    const board = Array.from({ length: size.y }, () => Array(size.x).fill(0));
    goSetup(board, initial && initial.setup);
    const color = initial && initial.setup && initial.setup.color !== undefined ? initial.setup.color : 0;
    return { size, board, color, prisoners: [0, 0] };
  }

  function goApply(pos, entry) {
    const board = pos.board.map((row) => row.slice());
    const prisoners = pos.prisoners.slice();
    goSetup(board, entry.setup);
    let color = entry.setup && entry.setup.color !== undefined ? entry.setup.color : pos.color;
    let last = null;
    const move = entry.move;
    if (move) {
      if (move.to && !(move.illegal || []).includes('off-board')) {
        board[move.to.y - 1][move.to.x - 1] = move.color + 1;
        last = move.to;
      }
      for (const p of entry.captures || []) board[p.y - 1][p.x - 1] = 0;
      for (const p of entry.suicide || []) board[p.y - 1][p.x - 1] = 0;
      prisoners[move.color] += (entry.captures || []).length;
      prisoners[1 - move.color] += (entry.suicide || []).length;
      color = 1 - move.color;
    }
    return { size: pos.size, board, color, prisoners, last };
  }

  // ---------- othello ----------
  // board[y-1][x-1] = 0 empty, 1 black, 2 white, -1 a cut corner (octagon).
  function othelloInitial(initial) {
    const data = (initial && initial.data) || {};
    const size = data.size || 8;
    const rows = data.board || [];
    const board = Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => {
      const c = (rows[y] || '')[x];
      return c === '*' ? 1 : c === 'O' ? 2 : c === '#' ? -1 : 0;
    }));
    if (!data.board && size === 8) { board[3][3] = board[4][4] = 2; board[3][4] = board[4][3] = 1; }
    return { size: { x: size, y: size }, board, color: data.color || 0 };
  }

  function othelloApply(pos, entry) {
    const move = entry.move;
    if (!move) return pos;
    const board = pos.board.map((row) => row.slice());
    if (move.to) {
      board[move.to.y - 1][move.to.x - 1] = move.color + 1;
      for (const f of move.flips || []) board[f.y - 1][f.x - 1] = move.color + 1;
    }
    return { size: pos.size, board, color: 1 - move.color, last: move.to || null };
  }

  function count(board, v) {
    let n = 0;
    for (const row of board) for (const c of row) if (c === v) n++;
    return n;
  }

  // ---------- games ----------
  function gameOf(record) {
    if (record.game === 'go' || record.game === 'othello') return record.game;
    return 'shogi';
  }

  // Positions along a line: positions[p] is the position after ply p (0 = the start).
  function positions(record, line) {
    const game = gameOf(record);
    const init = game === 'shogi' ? shogiInitial(record.initial)
      : game === 'go' ? goInitial(record.initial) : othelloInitial(record.initial);
    const apply = game === 'shogi' ? shogiApply : game === 'go' ? goApply : othelloApply;
    const out = [game === 'go' ? goApply(init, Object.assign({}, line[0] ? line[0].entry : {}, { move: null })) : init];
    for (let p = 1; p < line.length; p++) out.push(apply(out[p - 1], line[p].entry));
    return out;
  }

  window.KifuReplay = {
    mainLine, choose, positions, gameOf, sfenOf, handOrder, unpromoted, count,
  };
})();
