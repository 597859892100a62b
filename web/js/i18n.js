// Interface text in English and Japanese. Elements carry data-i18n (text),
// data-i18n-aria (aria-label) or data-i18n-title (title); KifuI18n.apply() fills them.
(function () {
  'use strict';

  const text = {
    en: {
      'app.title': 'kifu — read, check, view and convert game records',
      'app.tagline': 'Shogi, go and othello records, read in your browser. Nothing leaves this page.',
      'lang.label': 'Language',
      'drop.title': 'Drop record files here',
      'drop.hint': 'KIF, KI2, CSA, JKF, SGF, GIB, NGF, UGF, GGF, WTHOR (.wtb with WTHOR.JOU and WTHOR.TRN)… any encoding, many at once.',
      'drop.pick': 'Choose files…',
      'drop.clear': 'Clear',
      'engine.loading': 'Loading the kifu engine…',
      'engine.ready': 'kifu engine ready.',
      'engine.failed': 'The kifu engine could not be loaded: ',
      'files.heading': 'Files',
      'files.empty': 'No files yet.',
      'files.label': 'Loaded files',
      'file.games': (n) => n === 1 ? '1 game' : `${n} games`,
      'file.errors': (n) => n === 1 ? '1 error' : `${n} errors`,
      'file.warnings': (n) => n === 1 ? '1 warning' : `${n} warnings`,
      'file.unknown': 'not a record',
      'file.names': 'WTHOR names file',
      'info.format': 'Format',
      'info.encoding': 'Encoding',
      'info.games': 'Games',
      'info.game': 'Game',
      'info.size': 'Size',
      'info.bytes': (n) => `${n.toLocaleString('en')} bytes`,
      'view.heading': 'Game',
      'view.none': 'This file holds no game that can be shown.',
      'view.wthor': 'A WTHOR base: see the WTHOR panel below to convert it; pick a game to show it.',
      'board.label': 'Board',
      'nav.label': 'Move navigation',
      'nav.first': 'First move',
      'nav.prev': 'Previous move',
      'nav.next': 'Next move',
      'nav.last': 'Last move',
      'nav.hint': 'Arrow keys ← → step, Home / End jump, ↑ ↓ choose a variation.',
      'nav.ply': (p, n) => `Move ${p} / ${n}`,
      'moves.heading': 'Moves',
      'moves.start': 'Start',
      'moves.variations': 'Variations at this move',
      'moves.main': 'main line',
      'moves.variation': (n) => `variation ${n}`,
      'comments.heading': 'Comments',
      'comments.none': 'No comment at this move.',
      'header.heading': 'Game information',
      'hand.black': 'Black’s hand',
      'hand.white': 'White’s hand',
      'hand.sente': 'Sente (▲) hand',
      'hand.gote': 'Gote (△) hand',
      'hand.none': 'none',
      'side.black': 'Black',
      'side.white': 'White',
      'tomove': 'To move',
      'pass': 'pass',
      'discs': (b, w) => `Black ${b} · White ${w}`,
      'captured': (b, w) => `Captured — by Black ${b} · by White ${w}`,
      'diag.heading': 'Diagnostics',
      'diag.none': 'No problems found.',
      'diag.error': 'error',
      'diag.warning': 'warning',
      'diag.note': 'note',
      'convert.heading': 'Convert',
      'convert.target': 'Target format',
      'convert.scope.one': 'the selected file',
      'convert.scope.all': 'all loaded records',
      'convert.scope': 'Convert',
      'convert.go': 'Convert and download',
      'convert.none': 'No loaded record can be written in this format.',
      'convert.done': (name, n) => `Saved ${name} (${n} file${n === 1 ? '' : 's'}).`,
      'convert.skipped': (n) => `${n} file${n === 1 ? '' : 's'} skipped (other game or unreadable).`,
      'convert.empty': 'Load a record first.',
      'wthor.heading': 'WTHOR base',
      'wthor.summary': (f, j, t) => `${f} base file${f === 1 ? '' : 's'}; players file: ${j}; tournaments file: ${t}.`,
      'wthor.yes': 'loaded',
      'wthor.no': 'missing (games carry numbers)',
      'wthor.csv': 'Base → CSV',
      'wthor.ggf': 'Base → GGF',
      'wthor.progress': 'Conversion progress',
      'wthor.running': (g, f, n) => `${g.toLocaleString('en')} games · ${f} of ${n} files done`,
      'wthor.done': (g, s, ms) => `${g.toLocaleString('en')} games, ${s} in ${(ms / 1000).toFixed(2)} s.`,
      'wthor.download': 'Download again',
      'wthor.none': 'Drop .wtb files (and WTHOR.JOU, WTHOR.TRN) to convert a whole base.',
      'footer': 'kifu runs here as WebAssembly; files are read in this browser tab and never uploaded.',
    },
    ja: {
      'app.title': 'kifu — 棋譜を読む・検査する・見る・変換する',
      'app.tagline': '将棋・囲碁・オセロの棋譜をブラウザの中で読みます。ファイルはどこにも送信されません。',
      'lang.label': '言語',
      'drop.title': 'ここに棋譜ファイルをドロップ',
      'drop.hint': 'KIF・KI2・CSA・JKF・SGF・GIB・NGF・UGF・GGF・WTHOR（.wtb と WTHOR.JOU・WTHOR.TRN）など。文字コードは自動判定、複数ファイル可。',
      'drop.pick': 'ファイルを選択…',
      'drop.clear': 'クリア',
      'engine.loading': 'kifu エンジンを読み込んでいます…',
      'engine.ready': 'kifu エンジンの準備ができました。',
      'engine.failed': 'kifu エンジンを読み込めませんでした：',
      'files.heading': 'ファイル',
      'files.empty': 'ファイルはまだありません。',
      'files.label': '読み込んだファイル',
      'file.games': (n) => `${n} 局`,
      'file.errors': (n) => `エラー ${n}`,
      'file.warnings': (n) => `警告 ${n}`,
      'file.unknown': '棋譜ではありません',
      'file.names': 'WTHOR 名前ファイル',
      'info.format': '形式',
      'info.encoding': '文字コード',
      'info.games': '対局数',
      'info.game': '対局',
      'info.size': 'サイズ',
      'info.bytes': (n) => `${n.toLocaleString('ja')} バイト`,
      'view.heading': '棋譜',
      'view.none': 'このファイルには表示できる対局がありません。',
      'view.wthor': 'WTHOR のデータベースです。下の WTHOR 欄で変換できます。対局を選ぶと盤面を表示します。',
      'board.label': '盤面',
      'nav.label': '手の移動',
      'nav.first': '最初へ',
      'nav.prev': '1手戻る',
      'nav.next': '1手進む',
      'nav.last': '最後へ',
      'nav.hint': '← → で1手ずつ、Home / End で最初・最後、↑ ↓ で変化を選択。',
      'nav.ply': (p, n) => `${p} 手目 / ${n} 手`,
      'moves.heading': '指し手',
      'moves.start': '開始局面',
      'moves.variations': 'この手の変化',
      'moves.main': '本譜',
      'moves.variation': (n) => `変化 ${n}`,
      'comments.heading': 'コメント',
      'comments.none': 'この手にコメントはありません。',
      'header.heading': '対局情報',
      'hand.black': '黒の持ち石',
      'hand.white': '白の持ち石',
      'hand.sente': '先手（▲）の持駒',
      'hand.gote': '後手（△）の持駒',
      'hand.none': 'なし',
      'side.black': '黒',
      'side.white': '白',
      'tomove': '手番',
      'pass': 'パス',
      'discs': (b, w) => `黒 ${b}・白 ${w}`,
      'captured': (b, w) => `アゲハマ — 黒 ${b}・白 ${w}`,
      'diag.heading': '診断',
      'diag.none': '問題は見つかりませんでした。',
      'diag.error': 'エラー',
      'diag.warning': '警告',
      'diag.note': '注記',
      'convert.heading': '変換',
      'convert.target': '出力形式',
      'convert.scope.one': '選択中のファイル',
      'convert.scope.all': '読み込んだすべての棋譜',
      'convert.scope': '対象',
      'convert.go': '変換してダウンロード',
      'convert.none': 'この形式で書き出せる棋譜がありません。',
      'convert.done': (name, n) => `${name} を保存しました（${n} ファイル）。`,
      'convert.skipped': (n) => `${n} ファイルを省きました（別のゲームか読めない棋譜）。`,
      'convert.empty': '先に棋譜を読み込んでください。',
      'wthor.heading': 'WTHOR データベース',
      'wthor.summary': (f, j, t) => `データファイル ${f} 個・選手ファイル：${j}・大会ファイル：${t}。`,
      'wthor.yes': 'あり',
      'wthor.no': 'なし（番号で出力）',
      'wthor.csv': 'データベース → CSV',
      'wthor.ggf': 'データベース → GGF',
      'wthor.progress': '変換の進み具合',
      'wthor.running': (g, f, n) => `${g.toLocaleString('ja')} 局・${f} / ${n} ファイル完了`,
      'wthor.done': (g, s, ms) => `${g.toLocaleString('ja')} 局を ${s} に変換（${(ms / 1000).toFixed(2)} 秒）。`,
      'wthor.download': 'もう一度ダウンロード',
      'wthor.none': '.wtb ファイル（と WTHOR.JOU・WTHOR.TRN）をドロップするとデータベース全体を変換できます。',
      'footer': 'kifu は WebAssembly としてこのページの中で動きます。ファイルはこのタブで読まれ、アップロードされません。',
    },
  };

  let lang = 'en';

  function pick(navigatorLanguage, stored) {
    if (stored === 'en' || stored === 'ja') return stored;
    return /^ja\b/i.test(navigatorLanguage || '') ? 'ja' : 'en';
  }

  // t(key, ...args): the text of key in the current language (a function entry is called).
  function t(key, ...args) {
    const entry = text[lang][key] ?? text.en[key];
    if (entry === undefined) return key;
    return typeof entry === 'function' ? entry(...args) : entry;
  }

  function apply(root) {
    document.documentElement.lang = lang;
    document.title = t('app.title');
    for (const el of (root || document).querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
    for (const el of (root || document).querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
    for (const el of (root || document).querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  }

  function setLanguage(next) {
    lang = next === 'ja' ? 'ja' : 'en';
    try { localStorage.setItem('kifu.lang', lang); } catch (e) { /* storage may be off for file:// */ }
    apply();
  }

  function initial() {
    let stored = null;
    try { stored = localStorage.getItem('kifu.lang'); } catch (e) { /* ignore */ }
    return pick(navigator.language, stored);
  }

  window.KifuI18n = { t, apply, setLanguage, initial, get language() { return lang; } };
})();
