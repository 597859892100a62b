// Peers of kifu's SGF bytes -> records, timed by wall and by CPU time. `--peer sabaki` (the
// default) is the path Sabaki takes to show a game: every file parsed with @sabaki/sgf `parse`
// (the string API), then the main line of each game tree replayed with @sabaki/go-board (setup
// AB/AW/AE, `makeMove` for each B/W, which copies the board and takes captures, suicide and ko
// as Sabaki shows them). `--peer smartgame` is smartgame's `parse` alone (no replay). Usage:
//   node tools/bench/sgf-peers.mjs --modules DIR [--peer sabaki|smartgame]
//        [--include RE] [--exclude RE] [--runs 3] [--min-ms 1500] [--list OUT] FOLDER|FILE...
// --modules names the node_modules folder holding the packages (@sabaki/sgf 3.4.7,
// @sabaki/go-board 1.4.3, smartgame 0.1.5: npm packages used only by this script; kifu does
// not depend on them). Files are read into memory and decoded as UTF-8 before timing; a file
// whose parse or replay throws is left out (listed on stderr) and the rest are timed: `runs`
// runs of at least `min-ms` each after a warm-up, median run printed as files/s, MB/s,
// moves/s, by wall time and by the process's CPU time (user + system, so a loaded machine
// does not make the peer look slower than it is; Node's helper threads count too). --list
// writes the timed files, one path a line, so `kifu_bench_sgf` can time the same ones.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(name)
  if (i < 0) return fallback
  const v = args[i + 1]
  args.splice(i, 2)
  return v
}
const modules = option('--modules', null)
const include = option('--include', null)
const exclude = option('--exclude', null)
const runs = Number(option('--runs', '3'))
const minMs = Number(option('--min-ms', '1500'))
const listOut = option('--list', null)
const peer = option('--peer', 'sabaki')
if (!modules || args.length === 0 || (peer !== 'sabaki' && peer !== 'smartgame')) {
  console.error('usage: sgf-peers.mjs --modules DIR [--peer sabaki|smartgame] [--include RE] [--exclude RE] [--runs N] [--min-ms MS] [--list OUT] FOLDER|FILE...')
  process.exit(2)
}
const require = createRequire(path.join(path.resolve(modules), 'x.js'))
const sgf = peer === 'sabaki' ? require('@sabaki/sgf') : null
const Board = peer === 'sabaki' ? require('@sabaki/go-board') : null
const smartgame = peer === 'smartgame' ? require('smartgame') : null
const versions =
  peer === 'sabaki'
    ? `@sabaki/sgf ${require('@sabaki/sgf/package.json').version}, @sabaki/go-board ${require('@sabaki/go-board/package.json').version}: parse + main-line replay`
    : `smartgame ${require('smartgame/package.json').version}: parse`

function collect(p, out) {
  const st = fs.statSync(p)
  if (st.isDirectory()) {
    for (const name of fs.readdirSync(p).sort()) collect(path.join(p, name), out)
  } else if (p.toLowerCase().endsWith('.sgf')) {
    out.push(p)
  }
}
let files = []
for (const a of args) collect(a, files)
if (include) files = files.filter(f => new RegExp(include).test(f))
if (exclude) files = files.filter(f => !new RegExp(exclude).test(f))
const inputs = files.map(f => {
  const bytes = fs.readFileSync(f)
  return { file: f, bytes: bytes.length, text: bytes.toString('utf8') }
})

// Board size from SZ (19 when absent); null when it is not a size go-board can hold.
function size(root) {
  const sz = root.data.SZ?.[0]
  if (sz == null) return [19, 19]
  const m = /^\s*(\d+)\s*(?::\s*(\d+)\s*)?$/.exec(sz)
  if (!m) return null
  const w = +m[1]
  const h = m[2] != null ? +m[2] : w
  return w >= 1 && h >= 1 && w <= 52 && h <= 52 ? [w, h] : null
}

// Replays the main line of one game tree; returns the number of moves played.
function replay(root) {
  const gm = root.data.GM?.[0]
  if (gm != null && gm.trim() !== '1') return 0
  const s = size(root)
  if (!s) return 0
  let board = Board.fromDimensions(s[0], s[1])
  let moves = 0
  for (let node = root; node; node = node.children[0]) {
    const d = node.data
    for (const [prop, sign] of [['AB', 1], ['AW', -1], ['AE', 0]]) {
      const values = d[prop]
      if (!values) continue
      for (const v of values) for (const vertex of sgf.parseCompressedVertices(v)) board.set(vertex, sign)
    }
    for (const [prop, sign] of [['B', 1], ['W', -1]]) {
      const values = d[prop]
      if (!values) continue
      const v = values[0]
      const vertex = v === '' || (v === 'tt' && s[0] <= 19 && s[1] <= 19) ? [-1, -1] : sgf.parseVertex(v)
      board = board.makeMove(sign, vertex)  // a pass or a point off the board: an unchanged copy
      ++moves
    }
  }
  return moves
}

// smartgame reports some problems with console.warn / console.error: kept out of the output.
function quiet(fn) {
  const { warn, error } = console
  console.warn = console.error = () => {}
  try {
    return fn()
  } finally {
    console.warn = warn
    console.error = error
  }
}

function pass(set) {
  let moves = 0
  for (const input of set) {
    if (smartgame) {
      const collection = quiet(() => smartgame.parse(input.text))
      if (!collection || !collection.gameTrees) throw new Error('no game tree')
      continue
    }
    for (const root of sgf.parse(input.text)) moves += replay(root)
  }
  return moves
}

const accepted = []
for (const input of inputs) {
  try {
    pass([input])
    accepted.push(input)
  } catch (e) {
    console.error(`rejected ${input.file}: ${String(e?.message ?? e).split('\n')[0]}`)
  }
}
if (listOut) fs.writeFileSync(listOut, accepted.map(i => i.file).join('\n') + '\n')
const bytes = accepted.reduce((n, i) => n + i.bytes, 0)

const warmUntil = performance.now() + 500
while (performance.now() < warmUntil) pass(accepted)
const results = []
for (let r = 0; r < runs; ++r) {
  let passes = 0
  let moves = 0
  const start = performance.now()
  const cpuStart = process.cpuUsage()
  let elapsed = 0
  do {
    moves += pass(accepted)
    ++passes
    elapsed = performance.now() - start
  } while (elapsed < minMs)
  const cpu = process.cpuUsage(cpuStart)
  results.push({ passes, moves, wall: elapsed / 1000, cpu: (cpu.user + cpu.system) / 1e6 })
}
const median = key => {
  const sorted = [...results].sort((a, b) => a.passes / a[key] - b.passes / b[key])
  return sorted[Math.floor(sorted.length / 2)]
}
console.log(`${versions}; ${accepted.length} of ${inputs.length} files, ${(bytes / 1e6).toFixed(3)} MB`)
for (const key of ['wall', 'cpu']) {
  const m = median(key)
  const s = m[key]
  console.log(
    `median of ${runs} runs by ${key === 'wall' ? 'wall' : 'CPU'} time: ${((m.passes * accepted.length) / s).toFixed(0)} files/s, ` +
      `${((m.passes * bytes) / 1e6 / s).toFixed(2)} MB/s` + (sgf ? `, ${(m.moves / s).toFixed(0)} moves/s (main line)` : ''),
  )
}
