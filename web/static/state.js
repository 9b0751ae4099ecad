// The page's shared state: one object that every module reads and changes.

export const S = {
  variants: {}, // name -> the server's description (pieces, board colouring)
  game: null, // the game's state at its end
  gameAt: 0, // when it came (ms), for the times it holds (a shared game's away)
  view: null, // the state shown: the end, or an earlier ply
  mode: "white", // white | black (against the engine) | humans | analysis
  flipped: false,
  selected: null, // origin square of the piece picked up
  arrivals: [], // arrival squares chosen so far this turn
  callMode: false, // choosing the Rani's square
  promotion: null, // targets to choose from
  thinking: false, // the engine is choosing a move
  analysing: false,
  analysisKey: null, // the position the running analysis looks at
  lines: [], // search reports by line
  es: null, // the game's event stream (events.js)
  esReady: null, // settles when the stream has sent its first state
  esHeard: 0, // when the stream last said anything (ms)
  esEvery: 0, // the server's heartbeat interval (ms), once it has said
  conn: "connected", // connected | reconnecting (conn.js)
  connLost: 0, // when the page took its connection for lost (ms), 0 while connected
  pending: null, // the player's move waiting for the server's answer: {game, body, show}
  clock: null, // {white, black, base, inc, turn, since, plies, flag, hist: [{white, black}] per ply}
  engineAbort: null, // aborts the engine's move being asked for
  pgn: null, // the PGN text loaded and what the server said of it, for the choice of its games
  drag: null,
  premove: null, // the player's move made on the engine's or the other seat's turn: {from, to, game, plies, after, against} (premove.js)
  busy: 0,
  // A shared game (two people, two machines): {token, seat, links} where
  // seat is white, black or spectator and links the tokens to hand on.
  shared: null,
  // Arrows and circles drawn with the right button, for the position they
  // were drawn on (key): {key, list: [{from, to, colour}]} (to === from: a circle).
  shapes: { key: "", list: [] },
  shapeFrom: null, // the square a right-button drag began on
  // The game's review: scores reported so far (node id -> White's view,
  // 0 the start; the state's moves carry them too) and its progress.
  evals: new Map(),
  review: null, // {done, total, running}
};
