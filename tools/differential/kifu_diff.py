#!/usr/bin/env python3
"""Differential runs of two kifu binaries: the same files through both, outputs compared.

  kifu_diff.py mutate-boards CORPUS OUT COUNT [SEED]
      Writes COUNT mutated KIF and KI2 files (UTF-8) into OUT, made from the corpus files that
      hold a board diagram or a hands line: cells, marks, bars, ranks, counts and separators
      changed, lines cut, doubled, swapped or moved after the moves.
  kifu_diff.py mutate CORPUS OUT COUNT [SEED]
      Writes COUNT mutated shogi files (KIF, KI2, CSA, USI; UTF-8) into OUT, made from every
      such corpus file: characters of the format's vocabulary (digits, pieces, marks, summary
      words, CSA cells and times, USI moves) put in, characters taken out, lines cut, doubled,
      swapped or dropped.
  kifu_diff.py compare OLD NEW PATH...
      Runs `convert -f F`, `convert -f F --lenient` and `lint -f F` (F from the file's
      extension: kif/kifu -> kif, ki2/ki2u -> ki2, csa -> csa, usi -> usi) with both binaries
      over every such file under the PATHs and compares exit status, stdout (the JKF) and stderr
      (the diagnostics). Prints a count and writes each difference to the file named by
      $DIFF_OUT (default kifu_diff.txt).

Used to show that a change to a grammar or a builder keeps what kifu reads and reports.
"""
import concurrent.futures
import difflib
import glob
import os
import random
import re
import subprocess
import sys

EXTENSIONS = {'.kif': 'kif', '.kifu': 'kif', '.ki2': 'ki2', '.ki2u': 'ki2', '.csa': 'csa', '.usi': 'usi'}


def decode(raw):
    for encoding in ('utf-8-sig', 'cp932'):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            pass
    return None


def input_files(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += [f for f in glob.glob(os.path.join(path, '**', '*'), recursive=True)
                      if os.path.isfile(f) and os.path.splitext(f)[1].lower() in EXTENSIONS]
        else:
            files.append(path)
    return sorted(files)


# What a mutation may put into a board row or a hands line.
CELL_TOKENS = [' ・', 'v・', ' 歩', 'v歩', '+玉', '^金', 'V王', ' と', 'v龍', ' 竜', ' 成', ' 成銀', 'x歩', '  ', ' x',
               'v', ' ', '・', '歩', '|', '||', '\u3000', '\t', ' 杏', ' 圭', ' 全', ' 馬', 'v香v桂']
HAND_TOKENS = ['歩', '香', '桂', '銀', '金', '角', '飛', '玉', '王', 'と', '龍', '成香', '一', '二', '九', '十', '十八',
               '十九', '二十', '十十', '\u3000', ' ', '\t', '、', 'なし', 'x', '：', ':', '歩二', '角　歩十八', '']
KEYS = ['先手の持駒', '後手の持駒', '下手の持駒', '上手の持駒', '先手の持ち駒', '先手の持駒 ', '\u3000後手の持駒', '先手',
        '後手番', '先手番']


def is_board_line(line):
    stripped = line.lstrip(' \t\u3000')
    return stripped.startswith('|') or stripped.startswith('+-') or '持駒' in line or \
        re.match(r'^[ \u3000]*[１-９]( |\u3000)', line) is not None


def mutate_line(line, rng):
    op = rng.random()
    pos = rng.randint(0, len(line))
    if '持駒' in line and op < 0.35:
        colon = max(line.find('：'), line.find(':'))
        if colon >= 0 and rng.random() < 0.8:
            pos = rng.randint(colon + 1, len(line))
        return line[:pos] + rng.choice(HAND_TOKENS) + line[pos + rng.randint(0, 2):]
    if '持駒' in line and op < 0.45:
        colon = max(line.find('：'), line.find(':'))
        return rng.choice(KEYS) + line[colon:] if colon >= 0 else line
    if line.lstrip().startswith('|') and op < 0.6:
        # Cells are three code points wide after the bar: hit a cell boundary most of the time.
        start = line.find('|') + 1
        cell = rng.randint(0, 10)
        pos = min(len(line), start + 2 * cell + rng.choice([0, 0, 0, 1]))
        return line[:pos] + rng.choice(CELL_TOKENS) + line[pos + rng.choice([0, 1, 2, 2, 2, 3]):]
    if op < 0.7:
        return line[:pos] + rng.choice(CELL_TOKENS + HAND_TOKENS) + line[pos:]
    if op < 0.85:
        return line[:pos] + line[pos + rng.randint(1, 3):]
    return line[:pos]


def mutate_boards(corpus, out, count, seed):
    rng = random.Random(seed)
    sources = []
    for f in input_files([corpus]):
        text = decode(open(f, 'rb').read())
        if text is None or EXTENSIONS[os.path.splitext(f)[1].lower()] not in ('kif', 'ki2'):
            continue
        lines = text.split('\n')
        if any(is_board_line(l) for l in lines):
            sources.append((f, lines))
    if not sources:
        sys.exit('no corpus file with a board diagram or hands line')
    os.makedirs(out, exist_ok=True)
    for made in range(count):
        path, lines = rng.choice(sources)
        lines = list(lines)
        board = [i for i, l in enumerate(lines) if is_board_line(l)]
        for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 5])):
            kind = rng.random()
            i = rng.choice(board)
            if kind < 0.75:
                lines[i] = mutate_line(lines[i], rng)
            elif kind < 0.85:
                lines.insert(i, lines[rng.choice(board)])  # a doubled row or hands line
            elif kind < 0.92:
                del lines[i]
            else:
                lines.append(lines[i])  # after the moves
            board = [k for k, l in enumerate(lines) if is_board_line(l)] or [0]
        data = '\n'.join(lines).encode('utf-8')
        if rng.random() < 0.1:
            data = data.replace(b'\n', b'\r\n')
        ext = os.path.splitext(path)[1].lower()
        with open(os.path.join(out, f'b{made:05d}{".ki2" if EXTENSIONS[ext] == "ki2" else ".kif"}'), 'wb') as f:
            f.write(data)
    print(f'{count} files from {len(sources)} corpus files with boards or hands')


# What a mutation may put anywhere in a line, by format (besides what every format shares).
COMMON_TOKENS = ['1', '9', '0', '10', '\u3000', ' ', '\t', '', 'x', '(', ')', ':', '：', '+', '-', '/', '*', '%', "'"]
FORMAT_TOKENS = {
    'kif': ['７六', '同　', '同', '歩', '成銀', '成', '不成', '打', '(77)', '(7', '(00)', '( 0:16/00:00:16)', '(1:2/)',
            '投了', '中断', '詰み', '千日手', 'まで', 'まで64手で後手の勝ち', 'まで7手詰', '時間切れにより', '先手',
            '後手', 'の勝ち', '手', '変化：', '手目', '&', '▲', '△', '+', '十', '一'],
    'ki2': ['▲', '△', '▼', '☗', '７六', '同　', '同', '歩', '成香', '左', '直', '右上', '寄', '引', '行', '成', '不成',
            '生', '打', '(77)', '投了', 'まで', 'まで64手で後手の勝ち', 'まで、7手', '反則負け', '持将棋', '変化：',
            '手', '    ', '一', '九'],
    'csa': ['+', '-', '7776FU', '+7776FU', '-0033KA', '+0000FU', 'TORYO', '%TORYO', '%CHUDAN', '%KACHI', 'T', 'T12',
            'T0.5', 'T1.25', ',', 'P1', 'P1-KY-KE * ', ' * ', '-OU', '+TO', 'PI', 'PI82HI', 'P+', 'P+00FU', 'P-00AL',
            "'**", "'** 123", '$START_TIME:', 'N+', 'V2.2', 'V3.0', '/', 'AL', '99'],
    'usi': ['position', 'startpos', 'sfen', 'moves', '7g7f', '3c3d', 'P*5e', '8h2b+', '+', 'lnsgkgsnl', '/9/', '9',
            ' b ', ' w ', ' - ', '2P', '18p', '1', 'K', 'k', 'x'],
}


def mutate_any_line(line, fmt, rng):
    pos = rng.randint(0, len(line))
    op = rng.random()
    if op < 0.55:
        token = rng.choice(FORMAT_TOKENS[fmt] + COMMON_TOKENS)
        return line[:pos] + token + line[pos + rng.choice([0, 0, 1, 2, 3]):]
    if op < 0.8:
        return line[:pos] + line[pos + rng.randint(1, 4):]
    if op < 0.9:
        return line[:pos]
    return line[:pos] + line[pos:pos + rng.randint(1, 6)] + line[pos:]  # a stretch doubled


def mutate(corpus, out, count, seed):
    rng = random.Random(seed)
    sources = []
    for f in input_files([corpus]):
        text = decode(open(f, 'rb').read())
        if text is not None and len(text) < 200000:
            sources.append((f, text.split('\n')))
    if not sources:
        sys.exit('no shogi file under ' + corpus)
    os.makedirs(out, exist_ok=True)
    for made in range(count):
        path, lines = rng.choice(sources)
        ext = os.path.splitext(path)[1].lower()
        fmt = EXTENSIONS[ext]
        lines = list(lines)
        for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 5, 8])):
            i = rng.randrange(len(lines))
            kind = rng.random()
            if kind < 0.8:
                lines[i] = mutate_any_line(lines[i], fmt, rng)
            elif kind < 0.88:
                lines.insert(i, lines[rng.randrange(len(lines))])
            elif kind < 0.95:
                del lines[i]
                lines = lines or ['']
            else:
                j = rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
        data = '\n'.join(lines).encode('utf-8')
        if rng.random() < 0.1:
            data = data.replace(b'\n', b'\r\n')
        with open(os.path.join(out, f'm{made:05d}{ext}'), 'wb') as f:
            f.write(data)
    print(f'{count} files from {len(sources)} corpus files')


def run(binary, args, path):
    p = subprocess.run([binary] + args + [path], capture_output=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def compare(old, new, paths):
    files = input_files(paths)

    def one(path):
        fmt = EXTENSIONS[os.path.splitext(path)[1].lower()]
        found = []
        for args in (['convert', '-f', fmt], ['convert', '-f', fmt, '--lenient'], ['lint', '-f', fmt]):
            a, b = run(old, args, path), run(new, args, path)
            if a != b:
                found.append((path, ' '.join(args), a, b))
        return found

    differences = []
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for found in pool.map(one, files):
            differences += found
    print(f'{len(files)} files x 3 modes: {len(differences)} differences')
    with open(os.environ.get('DIFF_OUT', 'kifu_diff.txt'), 'w') as out:
        for path, mode, a, b in differences:
            out.write(f'=== {path} [{mode}] exit {a[0]} -> {b[0]}\n')
            # lint prints its diagnostics on stdout: those are compared as lines too.
            streams = [2, 1] if mode.startswith('lint') else [2]
            for stream in streams:
                for line in difflib.unified_diff(a[stream].decode(errors='replace').splitlines(),
                                                 b[stream].decode(errors='replace').splitlines(), 'old', 'new',
                                                 lineterm='', n=0):
                    if not line.startswith(('---', '+++', '@@')):
                        out.write(line + '\n')
            if a[1] != b[1] and not mode.startswith('lint'):
                out.write('stdout differs\n')


if __name__ == '__main__':
    if len(sys.argv) >= 5 and sys.argv[1] == 'mutate':
        mutate(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]) if len(sys.argv) > 5 else 16)
    elif len(sys.argv) >= 5 and sys.argv[1] == 'mutate-boards':
        mutate_boards(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]) if len(sys.argv) > 5 else 16)
    elif len(sys.argv) >= 5 and sys.argv[1] == 'compare':
        compare(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        sys.exit(__doc__)
