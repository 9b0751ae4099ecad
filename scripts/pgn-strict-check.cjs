// Reads PGN files with chess.js in strict mode (loadPgn(text, {strict: true}))
// and reports, per game, whether chess.js accepted and replayed it.
//
// usage: node pgn-strict-check.cjs CHESSJS_DIR [--permissive] FILE.pgn...
//   --permissive: loadPgn(text, {strict: false}), which reads long algebraic
//   (Ng1-f3) and UCI (g1f3) moves too, as -pgnout notation=lan|uci writes
//   CHESSJS_DIR holds node_modules/chess.js (check-pgn-chessjs.sh installs it)
//
// stdout: one JSON object per game: {file, game, ok, error, san, fen, checkmate}
// (san is chess.js's own SAN of every move, check marks included);
// stderr: a summary. Exit status 1 when any game is rejected.
'use strict'
const fs = require('fs')
const path = require('path')

let [dir, ...files] = process.argv.slice(2)
const strict = files[0] !== '--permissive'
if (!strict) files = files.slice(1)
if (!dir || files.length === 0) {
  console.error('usage: node pgn-strict-check.cjs CHESSJS_DIR FILE.pgn...')
  process.exit(2)
}
const { Chess } = require(path.join(path.resolve(dir), 'node_modules', 'chess.js'))

let games = 0
let rejected = 0
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8')
  // Every game starts with its tag section; the first tag begins a game.
  const parts = text.split(/\n(?=\[Event )/).filter((p) => p.trim() !== '')
  parts.forEach((pgn, i) => {
    games++
    const chess = new Chess()
    const report = { file, game: i + 1, ok: true }
    try {
      chess.loadPgn(pgn, { strict })
      report.san = chess.history()
      report.fen = chess.fen()
      report.checkmate = chess.isCheckmate()
    } catch (e) {
      report.ok = false
      report.error = e.message
      rejected++
      console.error(`${file} game ${i + 1}: rejected: ${e.message}`)
    }
    console.log(JSON.stringify(report))
  })
}
console.error(`chess.js ${strict ? 'strict' : 'permissive'}: ${games - rejected} of ${games} games accepted`)
process.exit(rejected > 0 ? 1 : 0)
