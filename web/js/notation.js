// Move text for the move list: shogi in Japanese notation (▲７六歩), go in board
// coordinates (D4, column I skipped), othello in square names (f5); times and specials.
(function () {
  'use strict';

  const zenkaku = ['', '１', '２', '３', '４', '５', '６', '７', '８', '９'];
  const kanjiNum = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
  const pieceName = {
    FU: '歩', KY: '香', KE: '桂', GI: '銀', KI: '金', KA: '角', HI: '飛', OU: '玉',
    TO: 'と', NY: '成香', NK: '成桂', NG: '成銀', UM: '馬', RY: '龍',
  };
  // One character per piece for the board (成香 etc. in their one-character forms).
  const pieceChar = {
    FU: '歩', KY: '香', KE: '桂', GI: '銀', KI: '金', KA: '角', HI: '飛', OU: '玉',
    TO: 'と', NY: '杏', NK: '圭', NG: '全', UM: '馬', RY: '龍',
  };
  const relative = { L: '左', C: '直', R: '右', U: '上', M: '寄', D: '引', H: '打' };
  const specials = {
    ja: {
      TORYO: '投了', CHUDAN: '中断', SENNICHITE: '千日手', TIME_UP: '切れ負け', ILLEGAL_MOVE: '反則負け',
      '+ILLEGAL_ACTION': '先手の反則', '-ILLEGAL_ACTION': '後手の反則', JISHOGI: '持将棋', KACHI: '入玉勝ち',
      HIKIWAKE: '引き分け', MATTA: '待った', TSUMI: '詰み', FUZUMI: '不詰', ERROR: 'エラー',
    },
    en: {
      TORYO: 'resigns', CHUDAN: 'suspended', SENNICHITE: 'repetition', TIME_UP: 'time up', ILLEGAL_MOVE: 'illegal move',
      '+ILLEGAL_ACTION': 'Sente’s foul', '-ILLEGAL_ACTION': 'Gote’s foul', JISHOGI: 'impasse', KACHI: 'entering-king win',
      HIKIWAKE: 'draw', MATTA: 'take-back', TSUMI: 'mate', FUZUMI: 'no mate', ERROR: 'error',
    },
  };

  // Letters of the Western (Hodges) notation; a promoted piece is its letter after a "+".
  const pieceLetter = {
    FU: 'P', KY: 'L', KE: 'N', GI: 'S', KI: 'G', KA: 'B', HI: 'R', OU: 'K',
    TO: '+P', NY: '+L', NK: '+N', NG: '+S', UM: '+B', RY: '+R',
  };
  const rankLetter = ' abcdefghi';

  // English: Western notation with the origin square (▲P77-76, △Bx22+, ▲S*45).
  function shogiWestern(move) {
    const mark = move.color === 0 ? '▲' : '△';
    const letter = pieceLetter[move.piece] || move.piece || '';
    const sq = (p) => `${p.x}${rankLetter[p.y] || p.y}`;
    const from = move.from ? sq(move.from) : '';
    const sep = !move.from ? '*' : move.capture ? 'x' : '-';
    const promo = move.promote === true ? '+' : move.promote === false ? '=' : '';
    return `${mark}${letter}${from}${sep}${sq(move.to)}${promo}`;
  }

  function shogiMove(entry, lang) {
    if (entry.special) return (specials[lang] || specials.en)[entry.special] || entry.special;
    const move = entry.move;
    if (!move) return '';
    if (lang !== 'ja') return shogiWestern(move);
    const mark = move.color === 0 ? '▲' : '△';
    const to = move.same ? '同　' : `${zenkaku[move.to.x] || move.to.x}${kanjiNum[move.to.y] || move.to.y}`;
    let text = mark + to + (pieceName[move.piece] || move.piece || '');
    for (const r of move.relative || '') text += relative[r] || '';
    if (move.promote === true) text += '成';
    else if (move.promote === false) text += '不成';
    // KIF marks every drop; JKF's relative H (already written) marks only the ambiguous ones
    if (!move.from && !(move.relative || '').includes('H')) text += '打';
    return text;
  }

  function goColumn(x) { return String.fromCharCode(64 + x + (x >= 9 ? 1 : 0)); }

  function goPoint(p, size) {
    if (size.x > 25) return `${p.x}-${p.y}`;
    return `${goColumn(p.x)}${size.y - p.y + 1}`;
  }

  function goMove(entry, size, t) {
    const move = entry.move;
    if (!move) return entry.setup ? '+' : '';
    const mark = move.color === 0 ? '●' : '○';
    if (move.pass) return `${mark} ${t('pass')}`;
    if (move.invalid) return `${mark} ${move.invalid}?`;
    return `${mark} ${goPoint(move.to, size)}`;
  }

  function othelloSquare(p) { return String.fromCharCode(96 + p.x) + p.y; }

  function othelloMove(entry, t) {
    const move = entry.move;
    if (!move) return '';
    const mark = move.color === 0 ? '●' : '○';
    if (move.pass) return `${mark} ${t('pass')}${move.inserted ? '*' : ''}`;
    return `${mark} ${othelloSquare(move.to)}`;
  }

  function two(n) { return String(n || 0).padStart(2, '0'); }

  // Time text of a move entry ("0:05 / 0:00:05" for shogi; GGF's elapsed and eval; SGF BL/WL).
  function timeOf(entry) {
    const t = entry.time;
    if (t && t.now) {
      let s = `${t.now.h ? t.now.h + ':' + two(t.now.m) : (t.now.m || 0)}:${two(t.now.s)}`;
      if (t.total) s += ` / ${t.total.h || 0}:${two(t.total.m)}:${two(t.total.s)}`;
      return s;
    }
    const parts = [];
    if (entry.elapsed !== undefined) parts.push(`${entry.elapsed}s`);
    if (entry.eval !== undefined) parts.push(`${entry.eval > 0 ? '+' : ''}${entry.eval}`);
    const props = entry.properties || {};
    for (const id of ['BL', 'WL']) if (props[id]) parts.push(`${id} ${props[id][0]}`);
    return parts.join(' · ');
  }

  window.KifuNotation = { pieceLetter, shogiMove, goMove, othelloMove, timeOf, pieceChar, goColumn, othelloSquare };
})();
